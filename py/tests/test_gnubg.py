"""GNU Backgammon exchange: Position ID, Match ID and match files (racegames.gnubg).

The ID tests use the values of gnubg's manual; the round trips run over
random games. The tests marked ``gnubg`` drive the real program (Debian's
``gnubg``, which ``scripts/test.sh`` installs where it can) and skip
without it.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import racegames
from racegames import gnubg
from racegames.players import make_player

GAME = racegames.make_game("backgammon")
DATA = Path(__file__).with_name("data")
START = "4HPwATDgc/ABMA"


def own_boards(state: racegames.State) -> Tuple[List[int], List[int]]:
    """A's and B's checkers from their own sides, read from the notation (independent of the module)."""
    fields = state.notation().split(" ")
    a, b = [0] * 25, [0] * 25
    for point, entry in enumerate(fields[0].split(","), start=1):
        if entry.startswith("A"):
            a[point - 1] = int(entry[1:])
        elif entry.startswith("B"):
            b[24 - point] = int(entry[1:])
    for entry in [] if fields[1] == "-" else fields[1].split(","):
        (a if entry[0] == "A" else b)[24] += int(entry[1:].split("@")[0])
    return a, b


def random_game(seed: int) -> List[int]:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


def player_game(seed: int) -> List[int]:
    """A game between two built-in players (greedy, fast)."""
    players = [make_player("greedy", GAME, seed=seed), make_player("greedy", GAME, seed=seed + 1)]
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            action = players[state.current_player()].act(state)
        state.apply_action(action)
        actions.append(action)
    return actions


def replay(actions: List[int], game: Optional[racegames.Game] = None) -> List[racegames.State]:
    state = (game or GAME).new_initial_state()
    states = [state.clone()]
    for action in actions:
        state.apply_action(action)
        states.append(state.clone())
    return states


def turn_ends(actions: List[int]) -> List[str]:
    """The notations between turns: at every throw and at the end."""
    return [s.notation() for s in replay(actions) if s.is_chance_node() or s.is_terminal()]


def encode(first: List[int], second: List[int]) -> str:
    """The manual's key, written out: a 1 per checker and a 0 per point, LSB first, base64."""
    import base64

    bits = [bit for board in (first, second) for count in board for bit in [1] * count + [0]]
    key = bytearray(10)
    for i, bit in enumerate(bits[:80]):
        key[i // 8] |= bit << (i % 8)
    return base64.b64encode(bytes(key)).decode()[:14]


# --- IDs against gnubg's manual ---------------------------------------------


def test_starting_position_id() -> None:
    state = GAME.new_initial_state()
    assert gnubg.position_id(state) == START
    first, second = gnubg.decode_position_id(START)
    a, b = own_boards(state)
    assert first == b and second == a == [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0]


def test_manual_key_bytes() -> None:
    # The manual's key of the starting position: E0 73 F0 01 30 E0 73 F0 01 30.
    import base64

    assert base64.b64decode(START + "==") == bytes.fromhex("E073F00130E073F00130")


def test_manual_match_id_example() -> None:
    # The manual: score 2-4 in a 9 point match, player 0 holds a 2-cube,
    # player 1 has just rolled 52.
    info = gnubg.decode_match_id("QYkqASAAIAAA")
    assert info == gnubg.MatchInfo(
        cube=2,
        cube_owner=0,
        on_roll=1,
        crawford=False,
        game_state=1,
        turn=1,
        doubled=False,
        resigned=0,
        dice=(5, 2),
        match_length=9,
        score=(2, 4),
    )
    assert gnubg.encode_match_id(info) == "QYkqASAAIAAA"


def test_money_game_match_ids() -> None:
    # As gnubg 1.07 shows them in a money session: player 0 on roll with 31
    # after the roll-off, then player 1 to roll.
    state = GAME.new_initial_state()
    assert gnubg.match_id(state) == gnubg.encode_match_id(
        gnubg.MatchInfo(1, None, 0, False, 0, 0, False, 0, (0, 0), 0, (0, 0))
    )
    state.apply_action(state.string_to_action("roll-off A3 B1"))
    assert gnubg.match_id(state) == "MIEFAAAAAAAA"
    state.apply_action(state.string_to_action("3:8-5"))
    state.apply_action(state.string_to_action("1:6-5"))
    assert gnubg.match_id(state) == "cAkAAAAAAAAA"
    # The player not on roll comes first in the key (gnubg's anBoard[0]).
    assert gnubg.position_id(state) == "sGfwATDgc/ABMA"
    assert gnubg.state_from_position_id("sGfwATDgc/ABMA", match_id="cAkAAAAAAAAA", turns=1) == state


def test_game_over_ids() -> None:
    state = GAME.state_from_notation(".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1 - 15/14 - - 9")
    # A won: gnubg passes the roll to the loser and counts the game over.
    info = gnubg.decode_match_id(gnubg.match_id(state, score=(1, 0)))
    assert (info.on_roll, info.game_state, info.dice, info.score) == (1, 2, (0, 0), (1, 0))
    assert gnubg.decode_position_id(gnubg.position_id(state)) == ([0] * 25, [1] + [0] * 24)
    assert gnubg.state_from_position_id(gnubg.position_id(state), on_roll=1, turns=9) == state


@pytest.mark.parametrize(
    "bad",
    ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "4HPwATDgc/AB!A", "//////////////", "AAAAAAAAAAAAAA"[:13] + "/"],
)
def test_bad_position_ids(bad: str) -> None:
    with pytest.raises(ValueError):
        gnubg.state_from_position_id(bad)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        gnubg.decode_position_id(123)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        gnubg.state_from_position_id(START, on_roll=2)
    with pytest.raises(ValueError):
        gnubg.state_from_position_id(START, dice=(7, 1))
    with pytest.raises(ValueError, match="on roll"):
        gnubg.state_from_position_id(START, on_roll=1, match_id="MIEFAAAAAAAA")
    with pytest.raises(ValueError):
        gnubg.decode_match_id("QYkqASAAIAA")
    with pytest.raises(ValueError, match="backgammon"):
        gnubg.position_id(racegames.make_game("daldos").new_initial_state())
    # Both players on one point: one's ace point is the other's 24-point.
    with pytest.raises(ValueError, match="same point"):
        gnubg.decode_position_id(encode([1] + [0] * 24, [0] * 23 + [1, 0]))
    with pytest.raises(ValueError, match="more than 15"):
        gnubg.decode_position_id(encode([16] + [0] * 24, [0] * 25))


def test_mid_turn_needs_the_throw() -> None:
    state = GAME.new_initial_state()
    state.apply_action(state.string_to_action("roll-off A3 B1"))
    state.apply_action(state.string_to_action("3:8-5"))
    with pytest.raises(ValueError, match="dice="):
        gnubg.match_id(state)
    assert gnubg.decode_match_id(gnubg.match_id(state, dice=(3, 1))).dice == (3, 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_position_id_round_trip(seed: int) -> None:
    for state in replay(random_game(seed)):
        pid = gnubg.position_id(state)
        first, second = gnubg.decode_position_id(pid)
        a, b = own_boards(state)
        on_roll = 1 if state.is_terminal() and state.returns()[0] > 0 else state.turn_owner() or 0
        assert (second, first) == ((a, b) if on_roll == 0 else (b, a))
        if state.turn_owner() is None and not state.is_terminal():
            continue  # the roll-off
        dice = state.notation().split(" ")[4]
        whole_throw = dice == "-" or (len(dice) == 2 and dice[0] != dice[1]) or len(dice) == 4
        if not whole_throw:
            continue  # mid-turn: not a gnubg position
        back = gnubg.state_from_position_id(pid, match_id=gnubg.match_id(state), turns=state.turn_count())
        assert back == state


# --- match files --------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=3))
def test_match_text_round_trip(seeds: List[int]) -> None:
    games = [random_game(seed) for seed in seeds]
    back = gnubg.parse_match(gnubg.format_match(games))
    assert len(back) == len(games)
    for written, read in zip(games, back):
        # A bear-off does not say which die bore the checker off; every
        # position between turns is the same.
        assert turn_ends(read) == turn_ends(written)
        assert len(read) == len(written)


def test_match_file_layout(tmp_path: Path) -> None:
    actions = player_game(3)
    path = tmp_path / "game.mat"
    gnubg.write_match([actions, actions], path, names=("Alice", "Bob"))
    text = path.read_text()
    lines = text.splitlines()
    assert lines[0] == " 0 point match"
    assert lines[2] == " Game 1"
    assert lines[3].startswith(" Alice : 0") and lines[3].endswith("Bob : 0")
    assert lines[4].startswith("  1) ")
    final = replay(actions)[-1]
    winner = 0 if final.returns()[0] > 0 else 1
    assert any(line.strip().startswith("Wins") for line in lines)
    # The second game's score line counts the first game's points.
    second = lines[lines.index(" Game 2") + 1]
    assert (": 0" in second.split("Bob")[0]) == (winner == 1)
    first, second_game = gnubg.read_match(path)
    assert first.actions == second_game.actions and first.game == second_game.game
    assert (first.tags["Score"], first.tags["MatchLength"], first.tags["Crawford"]) == ("0-0", "0", "false")
    assert turn_ends(gnubg.read_match(path)[0].actions) == turn_ends(actions)


def test_reads_a_gnubg_export() -> None:
    # Exported by gnubg 1.07 (export match mat) from a game it played against itself.
    # The match file the Rust tests read too (one copy, in tables-core).
    [rec] = gnubg.read_match(DATA.parents[2] / "tables-core" / "tests" / "data" / "gnubg-selfplay.mat")
    actions = rec.actions
    final = replay(actions)[-1]
    assert rec.final_state() == final and rec.tags["Result"] == "A"
    assert final.is_terminal() and final.returns()[0] > 0  # "gnubg" (left, player 0) wins
    assert gnubg.position_id(final) == "AAAADgAAAAAAAA"  # as gnubg showed after the game


@pytest.mark.parametrize(
    "text, message",
    [
        ("hello\n", "line 1"),
        (" 1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/4\n", "line 4"),
        (" 1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  2) 64: 24/18 13/9\n", "line 5"),
        (" 1 point match\n Game 1\n A : 0   B : 0\n  1) 33: 8/5 6/3\n", "line 4"),
        (" 1 point match\n Game 1\n A B\n", "line 3"),
        (" 1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/x\n", "line 4"),
        (" 1 point match\n", "no ' Game 1'"),
        (
            " 1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5     42: 8/4 6/4\n"
            "                                  Wins 1 point\n  2) 64:\n",
            "line 6",
        ),
    ],
)
def test_bad_match_text(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        gnubg.parse_match(text)


SAMPLE = gnubg.format_match([random_game(1), random_game(2)])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_text_is_a_match_or_a_value_error(data: st.DataObject) -> None:
    # Mutations of a valid file and arbitrary text: reading never fails otherwise.
    text = SAMPLE
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        cut = data.draw(st.integers(0, 6))
        text = text[:at] + data.draw(st.text(" /:*()0123456789\nabdfoWinsGame", max_size=6)) + text[at + cut :]
    for candidate in (text, data.draw(st.text(max_size=200))):
        try:
            games = gnubg.parse_match(candidate)
        except ValueError:
            continue
        for actions in games:
            replay(actions)


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.text(max_size=16), st.text(B64, min_size=14, max_size=14)),
    st.one_of(st.text(max_size=14), st.text(B64, min_size=12, max_size=12)),
)
def test_any_id_is_a_state_or_a_value_error(pid: str, mid: str) -> None:
    for call in (
        lambda: gnubg.state_from_position_id(pid),
        lambda: gnubg.decode_match_id(mid),
        lambda: gnubg.state_from_position_id(START, match_id=mid),
    ):
        try:
            call()
        except ValueError:
            pass


def test_cube_actions_are_read() -> None:
    text = (
        " 0 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        "  2)  Doubles => 2                Drops\n"
        "      Wins 1 point\n"
    )
    [actions] = gnubg.parse_match(text)
    # The throws and moves, B's choice to throw without doubling, A's double and B's drop.
    assert len(actions) == 1 + 2 + 1 + 1 + 2 + 2


def test_bad_actions_are_named() -> None:
    with pytest.raises(ValueError, match="action 1"):
        gnubg.format_match([[0, 999]])


# --- the real gnubg -----------------------------------------------------------


def gnubg_binary() -> Optional[str]:
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


requires_gnubg = pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")


def run_gnubg(tmp_path: Path, body: str, data: Any = None) -> Any:
    """Runs a Python script inside ``gnubg -t -q -p``; it writes its result as JSON to OUT."""
    (tmp_path / "in.json").write_text(json.dumps(data))
    script = tmp_path / "script.py"
    script.write_text(
        "import gnubg, json\n"
        f"IN = json.load(open({str(tmp_path / 'in.json')!r}))\n"
        f"OUT = {str(tmp_path / 'out.json')!r}\n"
        'gnubg.command("set display off")\n' + body
    )
    binary = gnubg_binary()
    assert binary is not None
    done = subprocess.run(
        [binary, "-t", "-q", "-p", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
    )
    out = tmp_path / "out.json"
    assert out.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    return json.loads(out.read_text())


MOVES_SCRIPT = """
m = gnubg.match(analysis=False)
games = [[[r["player"], list(r["dice"]), r["board"]] for r in g["game"] if r.get("action") == "move"]
         for g in m["games"]]
resigned = [bool(g["info"].get("resigned")) for g in m["games"]]
json.dump({"games": games, "final": gnubg.positionid(), "match": gnubg.matchid(), "resigned": resigned},
          open(OUT, "w"))
"""


def turn_start_ids(actions: List[int], game: Optional[racegames.Game] = None) -> List[Tuple[str, Tuple[int, int], str]]:
    """Per throw: the mover (X is A), the dice and the Position ID it faced (dances included)."""
    out = []
    states = replay(actions, game)
    for before, after, action in zip(states, states[1:], actions):
        if before.is_chance_node():
            mover = before.turn_owner()
            mover = after.turn_owner() if mover is None else mover
            assert mover is not None
            hi, lo = sorted((int(c) for c in before.action_to_string(action) if c.isdigit()), reverse=True)
            out.append(("XO"[mover], (hi, lo), gnubg.position_id(before, on_roll=mover)))
    return out


def gnubg_turns(games: Any) -> List[Tuple[str, Tuple[int, int], str]]:
    return [(p, (max(d), min(d)), i) for p, d, i in games[0]]


@requires_gnubg
def test_gnubg_sets_the_same_positions(tmp_path: Path) -> None:
    # (a) Every position of a game between built-in players, set in gnubg by
    # its IDs: gnubg shows the same IDs and the same checkers.
    cases = []
    for state in replay(player_game(11)):
        if state.is_terminal() or state.turn_owner() is None:
            continue
        notation_dice = state.notation().split(" ")[4]
        if not state.is_chance_node() and len(notation_dice) == 1:
            continue  # mid-turn
        if not state.is_chance_node() and len(notation_dice) == 3:
            continue
        seat = state.turn_owner()
        a, b = own_boards(state)
        boards = [b, a] if seat == 0 else [a, b]
        cases.append([gnubg.position_id(state), gnubg.match_id(state), boards])
    assert len(cases) > 20
    body = """
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
out = []
for pid, mid, _ in IN:
    gnubg.command("set matchid " + mid)
    gnubg.command("set board " + pid)
    out.append([gnubg.positionid(), gnubg.matchid(), [list(b) for b in gnubg.board()]])
json.dump(out, open(OUT, "w"))
"""
    assert run_gnubg(tmp_path, body, cases) == cases


@requires_gnubg
def test_gnubg_imports_a_racegames_match(tmp_path: Path) -> None:
    # (b) Games between built-in players, and one cut by the turn limit,
    # written by racegames and imported by gnubg: every position gnubg
    # computes from the moves, the last one and the score.
    short = racegames.make_game("backgammon", max_turns=20)
    cut = short.new_initial_state()
    cut_actions: List[int] = []
    players = [make_player("greedy", short, seed=1), make_player("random", short, seed=2)]
    rng = random.Random(3)
    while not cut.is_terminal():
        if cut.is_chance_node():
            outcomes, probs = zip(*cut.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            action = players[cut.current_player()].act(cut)
        cut.apply_action(action)
        cut_actions.append(action)
    assert cut.is_truncated()
    games = [player_game(5), cut_actions, player_game(6)]
    path = tmp_path / "racegames.mat"
    gnubg.write_match(games, path)
    result = run_gnubg(tmp_path, f'gnubg.command("import mat {path}")\n' + MOVES_SCRIPT)
    assert len(result["games"]) == 3
    for actions, moves in zip(games, result["games"]):
        assert gnubg_turns([moves]) == turn_start_ids(actions)
    final = replay(games[-1])[-1]
    assert result["final"] == gnubg.position_id(final)
    # gnubg keeps the score (its money play counts a gammon as 1 under the Jacoby rule).
    wins = [0, 0]
    for actions in (games[0], games[2]):
        wins[0 if replay(actions)[-1].returns()[0] > 0 else 1] += 1
    info = gnubg.decode_match_id(result["match"])
    assert info.game_state == 2 and [s > 0 for s in info.score] == [w > 0 for w in wins]


@requires_gnubg
@pytest.mark.parametrize("seed", [7, 42])  # 7 is played to the end, in 42 a player resigns
def test_racegames_replays_a_gnubg_game(tmp_path: Path, seed: int) -> None:
    # (c) gnubg plays itself (0-ply, no cube) and exports the match; racegames
    # reads it and goes through the positions gnubg went through.
    body = (
        """
for c in ["set automatic game off", "set rng mersenne", "set seed %d", "set cube use off",
          "set player 0 gnubg", "set player 1 gnubg",
          "set player 0 chequerplay evaluation plies 0", "set player 1 chequerplay evaluation plies 0",
          "new game", "export match mat " + IN["path"]]:
    gnubg.command(c)
"""
        + MOVES_SCRIPT
    )
    path = tmp_path / "gnubg.mat"
    result = run_gnubg(tmp_path, body.replace("%d", str(seed)), {"path": str(path)})
    [rec] = gnubg.read_match(path)
    actions = rec.actions
    final = replay(actions, rec.game)[-1]
    assert turn_start_ids(actions, rec.game) == gnubg_turns(result["games"])
    assert final.is_terminal()
    if result["resigned"][0]:
        # gnubg's players resign hopeless races: the record ends with the resignation.
        assert rec.tags["Termination"] == "resigned" and rec.game.get_parameters()["resign"]
        assert sorted(gnubg.decode_position_id(result["final"])) == sorted(own_boards(final))
    else:
        assert final.is_terminal()
        assert result["final"] == gnubg.position_id(final)


def test_reachable_from_the_package() -> None:
    assert racegames.gnubg.position_id is gnubg.position_id
    assert "gnubg" in dir(racegames)


SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "gnubg_error_rate.py"


def throws(actions: List[int]) -> List[int]:
    """Turns per seat, as gnubg counts moves: every throw, a dance included."""
    count = [0, 0]
    for mover, _, _ in turn_start_ids(actions):
        count["XO".index(mover)] += 1
    return count


def run_script(script: Path, *args: str, returncode: int = 0) -> "subprocess.CompletedProcess[str]":
    """Runs one of py/scripts with this racegames on its path; it must exit with ``returncode``."""
    import os
    import sys

    env = dict(os.environ, PYTHONPATH=str(Path(racegames.__file__).resolve().parents[1]))
    done = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == returncode, done.stdout[-2000:] + done.stderr[-2000:]
    return done


@requires_gnubg
def test_error_rate_script(tmp_path: Path) -> None:
    # py/scripts/gnubg_error_rate.py on 2 games (0-ply analysis, to be quick):
    # gnubg's figures parse, and it counts the moves of the games played.
    import math

    done = run_script(SCRIPT, "--games", "2", "--seed", "3", "--analysis-plies", "0", "--out", str(tmp_path))
    assert "| player | moves |" in done.stdout
    result = json.loads((tmp_path / "result.json").read_text())
    played = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [g["seat"] for g in played] == [0, 1]
    ours, theirs = result["players"]
    assert (ours["name"], theirs["name"]) == (racegames.players.list_players("backgammon")[0], "gnubg")
    # The match file has the racegames player on the left: a game it played
    # as B is written with the colours swapped, and ends on the swapped board.
    written = gnubg.read_match(tmp_path / "match.mat")
    moves = [0, 0]
    for g, actions in zip(played, (rec.actions for rec in written)):
        original, copy = replay(g["actions"])[-1], replay(actions)[-1]
        flip = g["seat"] == 1
        assert own_boards(copy) == (own_boards(original)[::-1] if flip else own_boards(original))
        count = throws(g["actions"])
        count = count[::-1] if flip else count
        moves = [moves[0] + count[0], moves[1] + count[1]]
    assert [ours["total_moves"], theirs["total_moves"]] == moves
    assert [sum(s[side]["total-moves"] for s in result["per_game"]) for side in "XO"] == moves
    for row, side in zip(result["players"], "XO"):
        assert math.isfinite(row["error_rate_memg"]) and row["error_rate_memg"] >= 0
        assert 0 < row["unforced_moves"] <= row["total_moves"]
        skill = sum(s[side]["error-skill"] for s in result["per_game"])
        # gnubg's rate: the error per unforced move, in thousandths, printed to 0.1.
        assert abs(1000 * skill / row["unforced_moves"] - row["error_rate_memg"]) <= 0.051
        assert row["rating"]


MATCH_SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "gnubg_match.py"


@requires_gnubg
def test_match_script(tmp_path: Path) -> None:
    # py/scripts/gnubg_match.py on 2 games per scoring: seats alternate, the
    # same dice in both scorings, and the figures are those of the games.
    done = run_script(MATCH_SCRIPT, "--games", "2", "--seed", "3", "--out", str(tmp_path))
    result = json.loads((tmp_path / "result.json").read_text())
    assert [r["scoring"] for r in result["results"]] == ["winloss", "backgammons"]
    money = racegames.make_game("backgammon", scoring="backgammons")
    for r in result["results"]:
        played = [json.loads(line) for line in (tmp_path / f"{r['scoring']}.jsonl").read_text().splitlines()]
        assert [g["seat"] for g in played] == [0, 1]
        points = []
        for g in played:
            state = money.new_initial_state()
            for action in g["actions"]:
                state.apply_action(action)
            assert state.is_terminal()
            points.append(state.returns()[g["seat"]])
        assert [g["points"] for g in played] == points
        assert r["games"] == 2 and r["wins"] == sum(p > 0 for p in points)
        assert abs(r["points_per_game"] - sum(points) / 2) < 1e-12
        assert f"{r['scoring']}: " in done.stdout
    # A second part (game 2, seat 0) and the two parts reported together.
    part = tmp_path / "part"
    run = ("--seed", "3", "--scoring", "winloss")
    run_script(MATCH_SCRIPT, *run, "--games", "1", "--first-game", "2", "--out", str(part))
    assert [json.loads(line)["game"] for line in (part / "winloss.jsonl").read_text().splitlines()] == [2]
    done = run_script(MATCH_SCRIPT, *run, "--combine", str(tmp_path), str(part))
    lines = [line for d in (tmp_path, part) for line in (d / "winloss.jsonl").read_text().splitlines()]
    wins = sum(json.loads(line)["points"] > 0 for line in lines)
    assert f"won {wins} of 3 against gnubg" in done.stdout


@requires_gnubg
def test_match_script_takes_player_options(tmp_path: Path) -> None:
    # --player takes options as the arena does; a bad one stops it before any game.
    player = ("--player", "expectimax:depth=1")
    run_script(MATCH_SCRIPT, "--games", "1", "--scoring", "winloss", *player, "--out", str(tmp_path))
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["player"] == "expectimax:depth=1" and result["results"][0]["games"] == 1
    bad = ("--player", "expectimax:depth=9", "--out", str(tmp_path / "bad"))
    refused = run_script(MATCH_SCRIPT, *bad, returncode=2)
    assert "depth" in refused.stderr and not (tmp_path / "bad").exists()


def test_records_go_to_a_match_file_and_come_back(tmp_path: Path) -> None:
    from racegames import records

    game = racegames.make_game("backgammon")
    recs = []
    for seed in range(3):
        state = game.new_initial_state()
        state.play_random(seed)
        recs.append(records.Record.from_state(state, players=["random", "random"], seed=seed))
    path = tmp_path / "recs.mat"
    gnubg.write_match(recs, path)
    back = gnubg.read_match(path)
    assert len(back) == 3
    for original, read in zip(recs, back):
        # Positions between turns agree (a .mat file does not say which die
        # bore a checker off), and the results are the records' own.
        assert turn_ends(read.actions) == turn_ends(original.actions)
        assert read.tags["Result"] == original.tags["Result"]
    started_elsewhere = records.Record(game, [], {"Position": recs[0].final_state().notation()})
    with pytest.raises(ValueError, match="Position"):
        gnubg.write_match([started_elsewhere], path)



def train_binary() -> Optional[Path]:
    """The newest ``racegames-train`` under ``target/`` (``cargo test`` builds it), if any."""
    root = Path(__file__).resolve().parents[2]
    built = [root / "target" / p / "racegames-train" for p in ("debug", "quick", "release")]
    built = [b for b in built if b.is_file()]
    return max(built, key=lambda b: b.stat().st_mtime) if built else None


@requires_gnubg
@pytest.mark.skipif(train_binary() is None, reason="racegames-train is not built (cargo test builds it)")
def test_training_labels_are_gnubgs_for_the_seat_on_roll(tmp_path: Path) -> None:
    """``racegames-train label`` asks gnubg about self-play positions; the shipped net,
    taught by such labels, agrees with them closely (labels for the other seat would be
    about as far as the games' results are uncertain)."""
    binary, root = train_binary(), Path(__file__).resolve().parents[2]
    assert binary is not None
    labels = tmp_path / "labels.tsv"
    server = root / "py" / "bench" / "gnubg_server.py"
    label = [str(binary), "label", "--games", "2", "--seed", "4", "--workers", "2"]
    label += ["--gnubg", str(gnubg_binary()), "--server", str(server), "--out", str(labels)]
    subprocess.run(label, check=True, capture_output=True, text=True, timeout=300, cwd=root)
    rows = [line.split("\t") for line in labels.read_text().splitlines()]
    assert len(rows) > 50
    for _, probs in rows:
        win, win_gammon, lose_gammon, win_bg, lose_bg = (float(p) for p in probs.split())
        assert win >= win_gammon >= win_bg and 1 - win >= lose_gammon - 1e-6 >= lose_bg - 1e-6
    fit = [str(binary), "fit", "--labels", str(labels), "--init", str(root / "players" / "nets" / "backgammon.net")]
    fit += ["--epochs", "0", "--holdout", "1", "--out", str(tmp_path / "same.net")]
    done = subprocess.run(fit, check=True, capture_output=True, text=True, timeout=300, cwd=root)
    error = float(done.stdout.split("utility error ")[1].split()[0])
    assert error < 0.1, done.stdout
