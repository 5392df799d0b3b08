"""Differential test against OpenSpiel's ``chinese_checkers``.

OpenSpiel plays a jump chain hop by hop (action ``hole * 6 + direction``,
then further hops from the landing hole or ``Pass``); racegames plays a
whole move as one action, whose string is its hop path (``c1-e3-e5``).
Both number the 121 holes in reading order and seat players in the same
camps, so a move is the pair ``(from, to)`` of the first and
last holes of the path. At every decision of every game below, the set of whole
moves agrees: OpenSpiel's are collected by exploring its hop-by-hop
continuation states recursively. The boards agree after every move.

racegames is run with ``wing_rule=False, vacate_rule=False`` (the
OpenSpiel-equivalent options, ``docs/games/chinese-checkers.md``). Random games are cut after
``RANDOM_TURNS`` turns, because OpenSpiel's turn limit ends almost every
random game; results (the winner and the returns) are compared under
greedy-forward play, played to the end.
"""

from __future__ import annotations

import math
import random
from typing import Dict, List, Tuple

import pytest

import racegames

pyspiel = pytest.importorskip("pyspiel")

if "chinese_checkers" not in pyspiel.registered_names():  # pragma: no cover - old wheels
    pytest.skip("this open_spiel wheel has no chinese_checkers", allow_module_level=True)

HOLES = 121
PASS = 6 * HOLES  # OpenSpiel's pass / end-of-chain action
ROW_LENGTHS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
#: Apex hole of each camp, clockwise from the top (the camp names of ``docs/games/chinese-checkers.md``).
APEX = [0, 22, 110, 120, 98, 10]
#: Camps of the seats, by player count (as OpenSpiel).
SEAT_CAMPS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}

#: (players, random games, greedy games): 500 random and 52 greedy in all.
PLAN = [(2, 140, 20), (3, 120, 12), (4, 120, 12), (6, 120, 8)]
RANDOM_TURNS = 120

Move = Tuple[int, int]

#: First hole of each row, for hole names such as ``e6`` (row letter, place in row from 1).
ROW_STARTS = [sum(ROW_LENGTHS[:row]) for row in range(len(ROW_LENGTHS))]


def hole_number(name: str) -> int:
    return ROW_STARTS[ord(name[0]) - ord("a")] + int(name[1:]) - 1


def _coords() -> List[Tuple[float, float]]:
    """Cartesian centre of each hole (rows centred on the star)."""
    out = []
    for row, n in enumerate(ROW_LENGTHS):
        for i in range(n):
            out.append((13 - n + 2 * i, row * math.sqrt(3)))
    return out


XY = _coords()


def openspiel_moves(state: "pyspiel.State") -> Dict[Move, List[int]]:
    """Every whole move ``(from, to)`` of the player to move, with one
    OpenSpiel action sequence that plays it (ending a chain by ``Pass``
    where it could go on)."""
    mover = state.current_player()
    out: Dict[Move, List[int]] = {}

    def ends_turn(child: "pyspiel.State") -> bool:
        return bool(child.is_terminal() or child.current_player() != mover)

    def chain(st: "pyspiel.State", src: int, at: int, path: List[int]) -> None:
        out.setdefault((src, at), path + [PASS])
        for a in st.legal_actions():
            if a == PASS:
                continue
            dest = int(st.action_to_string(a).split("=>")[1])
            child = st.child(a)
            if ends_turn(child):
                out.setdefault((src, dest), path + [a])
            else:
                chain(child, src, dest, path + [a])

    for a in state.legal_actions():
        if a == PASS:
            continue
        text = state.action_to_string(a)
        src, dest = (int(x) for x in text.replace("=>", "->").split("->"))
        child = state.child(a)
        if ends_turn(child):
            out.setdefault((src, dest), [a])
        else:
            chain(child, src, dest, [a])
    return out


def openspiel_board(state: "pyspiel.State") -> str:
    """The holes in reading order, ``.`` or the seat digit."""
    lines = str(state).split("\n")[:17]
    return "".join(c for line in lines for c in line if c != " ")


def racegames_board(state: racegames.State) -> str:
    return state.notation().split()[0].replace("/", "")


def racegames_moves(state: racegames.State) -> Dict[Move, int]:
    """Every legal action, by the move ``(from, to)`` its hop path makes."""
    out = {}
    for a in state.legal_actions():
        path = state.action_to_string(a).split("-")
        move = (hole_number(path[0]), hole_number(path[-1]))
        assert move not in out, f"two actions for {move}"
        out[move] = a
    return out


def greedy_choice(moves: List[Move], camp: int, rng: random.Random) -> Move:
    """The move that goes furthest toward the target camp's apex (ties at random)."""
    (sx, sy), (tx, ty) = XY[APEX[camp]], XY[APEX[(camp + 3) % 6]]
    ax, ay = tx - sx, ty - sy

    def gain(m: Move) -> float:
        (fx, fy), (ex, ey) = XY[m[0]], XY[m[1]]
        # Forward gain first; then prefer moving the rear piece.
        back = (fx - sx) * ax + (fy - sy) * ay
        return round((ex - fx) * ax + (ey - fy) * ay, 6) - 1e-4 * back + 1e-6 * rng.random()

    return max(moves, key=gain)


def play(players: int, seed: int, greedy: bool) -> Tuple[int, bool]:
    """One game in lockstep; returns (decisions compared, finished)."""
    os_game = pyspiel.load_game("chinese_checkers", {"players": players})
    rg_game = racegames.make_game(
        "chinese_checkers", players=players, wing_rule=False, vacate_rule=False
    )
    rng = random.Random(seed)
    os_state, rg_state = os_game.new_initial_state(), rg_game.new_initial_state()
    decisions = 0
    while not rg_state.is_terminal() and (greedy or decisions < RANDOM_TURNS):
        seat = rg_state.current_player()
        assert os_state.current_player() == seat
        os_moves = openspiel_moves(os_state)
        rg_moves = racegames_moves(rg_state)
        assert set(os_moves) == set(rg_moves), (
            f"players={players} seed={seed} turn={decisions}: "
            f"only OpenSpiel {sorted(set(os_moves) - set(rg_moves))}, "
            f"only racegames {sorted(set(rg_moves) - set(os_moves))}\n{rg_state.notation()}"
        )
        decisions += 1
        if greedy:
            move = greedy_choice(sorted(rg_moves), SEAT_CAMPS[players][seat], rng)
        else:
            move = rng.choice(sorted(rg_moves))
        for a in os_moves[move]:
            os_state.apply_action(a)
        rg_state.apply_action(rg_moves[move])
        assert openspiel_board(os_state) == racegames_board(rg_state)
    if greedy:
        assert rg_state.is_terminal() and os_state.is_terminal()
        n1 = players - 1
        assert [round(r * n1, 9) for r in rg_state.returns()] == [round(r, 9) for r in os_state.returns()]
        return decisions, max(rg_state.returns()) > 0
    return decisions, False


@pytest.mark.parametrize("players,games,greedy_games", PLAN)
def test_random_play_agrees_move_by_move(players: int, games: int, greedy_games: int) -> None:
    total = sum(play(players, seed, greedy=False)[0] for seed in range(games))
    assert total >= games * 20


@pytest.mark.parametrize("players,games,greedy_games", PLAN)
def test_greedy_games_agree_on_moves_and_winner(players: int, games: int, greedy_games: int) -> None:
    won = 0
    for seed in range(greedy_games):
        _, finished = play(players, 1000 + seed, greedy=True)
        won += finished
    # Greedy play finishes games (OpenSpiel's turn limit cuts random ones).
    assert won >= greedy_games // 2
