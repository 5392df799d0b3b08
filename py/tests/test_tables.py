"""The tables games (Seys dos e as, backgammon) through the Python binding.

- perft counts of tables-core/tests/data/tables_perft.txt (the file racegames-tables's Rust
  test checks), recomputed here through the State API (clone, apply_action,
  notation), and the native `_tables_turn_ends` checked against it;
- each rule sentence and option of ``docs/games/`` that Python can see, at least
  once (racegames-tables's Rust tests have one test per sentence);
- pickle and copy, bad input, PettingZoo's seed_test, the drawings.

Gymnasium's check_env and PettingZoo's api_test already run for every game
in test_gym.py and test_pettingzoo.py.
"""

from __future__ import annotations

import copy
import pickle
import xml.etree.ElementTree as ET
from typing import List, Set, Tuple

import pytest

import racegames
from perft_data import PerftLine, line_game_depth_id, read_perft
from racegames import _core, _draw

#: Lines whose count is at most this are recounted through the State API.
MAX_COUNT = 150_000

BG_OPENING = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2"
SEYS_EMPTY = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 - - 0"


def seys(**params) -> racegames.Game:
    return racegames.make_game("seys_dos_e_as", **params)


def bg(**params) -> racegames.Game:
    return racegames.make_game("backgammon", **params)


def board(*entries: Tuple[int, str]) -> str:
    """24 points, empty but for the given (point, entry) pairs."""
    points = ["."] * 24
    for point, entry in entries:
        points[point - 1] = entry
    return ",".join(points)


def moves(state: racegames.State) -> List[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: racegames.State, *texts: str) -> racegames.State:
    for t in texts:
        state.apply_action(state.string_to_action(t))
    return state


def turn_ends(state: racegames.State) -> Set[str]:
    """Every notation at the end of the turn under way, through the State
    API only: chance outcomes and legal actions, applied to clones, until the
    turn counter moves on or the game ends."""
    start = state.turn_count()
    out: Set[str] = set()
    seen: Set[str] = set()
    stack = [state]
    while stack:
        s = stack.pop()
        actions = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        for a in actions:
            c = s.clone()
            c.apply_action(a)
            n = c.notation()
            if c.is_terminal() or c.turn_count() > start:
                out.add(n)
            elif n not in seen:
                seen.add(n)
                stack.append(c)
    return out


def perft(game: racegames.Game, notation: str, depth: int) -> int:
    level = {game.state_from_notation(notation).notation()}
    for _ in range(depth):
        level = {e for n in level for e in turn_ends(game.state_from_notation(n))}
    return len(level)


def _perft_lines() -> list:
    large = pytest.mark.skip(reason="large; racegames-tables's Rust test checks it")
    return [
        pytest.param(line, id=line_game_depth_id(line), marks=[large] if line.count > MAX_COUNT else [])
        for line in read_perft("tables")
    ]


@pytest.mark.parametrize("line", _perft_lines())
def test_perft_counts_of_the_shared_data_file(line: PerftLine) -> None:
    game = racegames.make_game(line.game, **line.kwargs())
    assert perft(game, line.notation, line.depth) == line.count


@pytest.mark.parametrize(
    "name,notation",
    [
        ("seys_dos_e_as", SEYS_EMPTY),
        ("seys_dos_e_as", "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 621 0"),
        ("backgammon", f"{BG_OPENING} - 0/0 - - 0"),
        ("backgammon", "B1,B1,A1,.,.,A6,A2,.,.,.,.,B1,A3,.,.,.,B4,B1,B3,A1,B1,B2,B1,. A2@4 0/0 A - 10"),
    ],
)
def test_native_turn_ends_match_the_state_api(name: str, notation: str) -> None:
    state = racegames.make_game(name).state_from_notation(notation)
    native = [s.notation() for s in _core._tables_turn_ends(state)]
    assert native == sorted(native)
    assert set(native) == turn_ends(state)
    assert state.notation() == racegames.make_game(name).state_from_notation(notation).notation()


def test_native_turn_ends_refuse_other_games() -> None:
    with pytest.raises(ValueError):
        _core._tables_turn_ends(racegames.make_game("daldos").new_initial_state())
    terminal = seys().state_from_notation(f"{board((1, 'B15'))} - 15/0 - - 8")
    assert _core._tables_turn_ends(terminal) == []


# ---- Seys dos e as: one rule sentence (or more) per test --------------------


def test_seys_roll_off_is_a_chance_node_half_each_and_sets_up_the_pieces() -> None:
    state = seys().new_initial_state()
    assert state.notation() == SEYS_EMPTY
    assert state.current_player() == racegames.CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    a_won = play(state.clone(), "roll-off A")
    assert a_won.notation() == "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0"
    b_won = play(state.clone(), "roll-off B")
    assert b_won.notation() == "B3,B4,A5,A5,A5,B8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 0"
    assert b_won.turn_owner() == 1 and b_won.is_chance_node()


def test_seys_three_dice_56_throws_with_exact_probabilities() -> None:
    state = play(seys().new_initial_state(), "roll-off A")
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 56
    assert abs(sum(outcomes.values()) - 1.0) < 1e-12
    assert outcomes[state.string_to_action("roll 666")] == 1 / 216
    assert outcomes[state.string_to_action("roll 621")] == 6 / 216
    play(state, "roll 621")
    assert state.notation().split()[4] == "621" and state.current_player() == 0


def test_seys_both_players_move_from_1_towards_24() -> None:
    for winner in "AB":
        state = play(seys().new_initial_state(), f"roll-off {winner}", "roll 654")
        for m in moves(state):
            src, dst = m.split(":")[1].split("-")
            assert int(dst.rstrip("*")) > int(src), m


def test_seys_dice_one_per_piece_or_added_on_one_piece() -> None:
    start = play(seys().new_initial_state(), "roll-off A", "roll 531")
    spread = play(start.clone(), "5:6-11", "3:6-9", "1:6-7")
    assert spread.notation() == "A3,A4,B5,B5,B5,A5,A1,.,A1,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 1"
    added = play(start.clone(), "5:6-11", "3:11-14", "1:14-15")
    assert added.notation() == "A3,A4,B5,B5,B5,A7,.,.,.,.,.,.,.,.,A1,.,.,.,.,.,.,.,.,. - 0/0 B - 1"


def test_seys_each_intermediate_point_must_be_open_and_a_blot_there_is_hit() -> None:
    closed = seys().state_from_notation(
        f"{board((1, 'A1'), (3, 'B2'), (4, 'B2'), (7, 'A14'), (10, 'B11'))} - 0/0 A 32 4"
    )
    assert all(":1-" not in m for m in moves(closed))
    blot = seys().state_from_notation(f"{board((1, 'A1'), (4, 'B1'), (10, 'B14'), (24, 'A14'))} - 0/0 A 32 4")
    play(blot, "3:1-4*", "2:4-6")
    assert blot.notation() == f"{board((6, 'A1'), (10, 'B14'), (24, 'A14'))} B1@3 0/0 B - 5"


def test_seys_as_many_dice_as_possible_and_a_free_choice_when_fewer() -> None:
    most = seys().state_from_notation(f"{board((1, 'B13'), (17, 'A1'), (20, 'B2'), (24, 'A14'))} - 0/0 A 21 5")
    assert moves(most) == ["2:17-19"]
    fewer = seys().state_from_notation(f"{board((1, 'A1'), (9, 'B2'), (12, 'B13'), (24, 'A14'))} - 0/0 A 53 5")
    assert moves(fewer) == ["3:1-4", "5:1-6"]


def test_seys_a_closed_point_cannot_be_landed_on() -> None:
    state = seys().state_from_notation(f"{board((1, 'A1'), (4, 'B2'), (12, 'B13'), (24, 'A14'))} - 0/0 A 2 5")
    assert moves(state) == ["2:1-3"]
    with pytest.raises(racegames.NotationError):  # the 3 could not be used at all
        seys().state_from_notation(f"{board((1, 'A1'), (4, 'B2'), (12, 'B13'), (24, 'A14'))} - 0/0 A 3 5")


@pytest.mark.parametrize("hit,quarter", [(4, 3), (10, 4), (16, 1), (22, 2)])
def test_seys_a_hit_piece_waits_for_the_diagonally_opposite_quarter(hit: int, quarter: int) -> None:
    rest = (12, "B14") if hit == 22 else (hit + 1, "B14")
    state = seys().state_from_notation(f"{board((hit - 1, 'A1'), (hit, 'B1'), (24, 'A14'), rest)} - 0/0 A 1 7")
    play(state, f"1:{hit - 1}-{hit}*")
    assert state.notation().split()[1] == f"B1@{quarter}"


@pytest.mark.parametrize("hit", [4, 10, 16, 22])
def test_seys_option_reentry_start_sends_every_hit_piece_to_q1(hit: int) -> None:
    rest = (2, "B14") if hit == 10 else (12, "B14")
    game = seys(reentry="start")
    state = game.state_from_notation(f"{board((hit - 1, 'A1'), (hit, 'B1'), (24, 'A14'), rest)} - 0/0 A 1 7")
    play(state, f"1:{hit - 1}-{hit}*")
    assert state.notation().split()[1] == "B1@1"
    assert game.get_parameters() == {"reentry": "start", "max_turns": 500}


@pytest.mark.parametrize("quarter,first", [(1, 1), (2, 7), (3, 13), (4, 19)])
def test_seys_reentry_with_die_d_at_first_point_minus_1_plus_d(quarter: int, first: int) -> None:
    state = seys().state_from_notation(f"{board((1, 'B14'), (24, 'A15'))} B1@{quarter} 0/0 B 421 7")
    assert moves(state) == [f"{d}:bar-{first - 1 + d}" for d in (1, 2, 4)]


def test_seys_waiting_pieces_enter_first_and_the_turn_ends_when_they_cannot() -> None:
    state = seys().state_from_notation(f"{board((1, 'B13'), (24, 'A15'))} B2@3 0/0 B 421 7")
    assert all(":bar-" in m for m in moves(state))
    play(state, "4:bar-16", "2:bar-14")
    assert "1:1-2" in moves(state)
    blocked = board(*[(p, "A2") for p in range(1, 6)], (12, "B13"), (24, "A5"))
    state = seys().state_from_notation(f"{blocked} B2@1 0/0 B 621 7")
    assert moves(state) == ["6:bar-6"]
    play(state, "6:bar-6")  # the other piece cannot enter: A throws next
    assert state.is_chance_node() and state.turn_owner() == 0 and state.turn_count() == 8


def test_a_player_who_can_do_nothing_passes_at_once() -> None:
    closed = board(*[(p, "A2") for p in range(1, 7)], (12, "B14"), (24, "A3"))
    state = seys().state_from_notation(f"{closed} B1@1 0/0 B - 7")
    for a, _ in state.chance_outcomes():
        c = state.clone()
        c.apply_action(a)
        assert c.is_chance_node() and c.turn_owner() == 0 and c.turn_count() == 8


def test_seys_bearing_off_only_from_q4_with_none_waiting_and_any_die_past_24() -> None:
    g = seys()
    assert moves(g.state_from_notation(f"{board((18, 'A1'), (24, 'A14'), (1, 'B15'))} - 0/0 A 6 7")) == ["6:18-24"]
    state = g.state_from_notation(f"{board((19, 'A1'), (22, 'A1'), (24, 'A13'), (1, 'B15'))} - 0/0 A 6 7")
    assert moves(state) == ["6:19-off", "6:22-off", "6:24-off"]
    waiting = g.state_from_notation(f"{board((24, 'A14'), (1, 'B15'))} A1@2 0/0 A 6 7")
    assert moves(waiting) == ["6:bar-12"]


def test_seys_a_piece_hit_while_bearing_off_stops_it() -> None:
    state = seys().state_from_notation(f"{board((22, 'A1'), (24, 'A10'), (20, 'B1'), (1, 'B14'))} - 4/0 B 2 7")
    play(state, "2:20-22*", "roll 621")
    assert all(":bar-" in m for m in moves(state))
    assert all(" 4/0 " in n for n in turn_ends(state))


def test_seys_the_first_to_bear_off_15_wins_and_a_win_uses_every_die() -> None:
    state = seys().state_from_notation(f"{board((19, 'A1'), (24, 'A1'), (1, 'B15'))} - 13/0 A 611 7")
    play(state, "6:19-off", "1:24-off")
    assert state.is_terminal() and not state.is_truncated()
    assert state.returns() == [1.0, -1.0]
    assert state.notation() == f"{board((1, 'B15'))} - 15/0 - - 8"


@pytest.mark.parametrize("name", ["seys_dos_e_as", "backgammon"])
def test_max_turns_truncates_with_returns_zero(name: str) -> None:
    game = racegames.make_game(name, max_turns=3)
    state = game.new_initial_state()
    state.play_random(seed=1)
    assert state.is_terminal() and state.is_truncated()
    assert state.turn_count() == 3 and state.returns() == [0.0, 0.0]
    endless = racegames.make_game(name, max_turns=0).new_initial_state()
    endless.play_random(seed=1)
    assert endless.is_terminal() and not endless.is_truncated()
    assert sorted(endless.returns()) == [-1.0, 1.0]
    # The default limit is 500.
    assert racegames.make_game(name).state_from_notation(f"{board((1, 'A15'), (24, 'B15'))} - 0/0 - - 500").is_truncated()


# ---- backgammon ---------------------------------------------------------------


def test_backgammon_roll_off_30_outcomes_the_higher_die_starts_with_both() -> None:
    state = bg().new_initial_state()
    assert state.notation() == f"{BG_OPENING} - 0/0 - - 0"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and all(abs(p - 1 / 30) < 1e-15 for _, p in outcomes)
    a5b3 = play(state.clone(), "roll-off A5 B3")
    assert a5b3.notation() == f"{BG_OPENING} - 0/0 A 53 0"
    a3b5 = play(state.clone(), "roll-off A3 B5")
    assert a3b5.notation() == f"{BG_OPENING} - 0/0 B 53 0"


def test_backgammon_a_moves_from_24_towards_1_and_b_from_1_towards_24() -> None:
    for text, sign in ((f"{BG_OPENING} - 0/0 A 53 0", -1), (f"{BG_OPENING} - 0/0 B 53 0", 1)):
        for m in moves(bg().state_from_notation(text)):
            src, dst = m.split(":")[1].split("-")
            assert (int(dst.rstrip("*")) - int(src)) * sign > 0, m


def test_backgammon_doubles_are_played_four_times() -> None:
    state = play(bg().state_from_notation(f"{BG_OPENING} - 0/0 A - 1"), "roll 33")
    assert state.notation().split()[4] == "3333"
    for _ in range(4):
        assert state.current_player() == 0
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and state.turn_owner() == 1


def test_backgammon_both_dice_if_possible_otherwise_the_larger() -> None:
    both = bg().state_from_notation(f"{board((1, 'A13'), (17, 'B1'), (20, 'A2'), (24, 'B14'))} - 0/0 B 21 5")
    assert moves(both) == ["2:17-19"]
    larger = bg().state_from_notation(f"{board((1, 'B1'), (9, 'A2'), (12, 'A13'), (24, 'B14'))} - 0/0 B 53 5")
    assert moves(larger) == ["5:1-6"]


def test_backgammon_a_win_with_one_die_is_refused_when_both_can_be_used() -> None:
    # As OpenSpiel and GNU Backgammon: 1:23-24* then 2:24-off, not 2:23-off.
    game = bg(scoring="backgammons")
    a_side = board((1, "A2"), (2, "A7"), (4, "A1"), (5, "A1"), (12, "A1"), (17, "A1"), (21, "A1"), (24, "A1"))
    text = a_side.split(",")
    text[22] = "B1"
    state = game.state_from_notation(f"{','.join(text)} - 0/14 B 21 54")
    assert moves(state) == ["1:23-24*"]
    (end,) = _core._tables_turn_ends(state)
    assert end.returns() == [-3.0, 3.0]


def test_backgammon_the_bar_a_enters_quarter_4_and_b_quarter_1() -> None:
    a = bg().state_from_notation("B1,B1,A1,.,.,A6,A2,.,.,.,.,B1,A3,.,.,.,B4,B1,B3,A1,B1,B2,B1,. A2@4 0/0 A 21 10")
    assert moves(a) == ["1:bar-24", "2:bar-23*"]
    b = bg().state_from_notation("B2,.,A1,A2,A2,A4,A2,.,.,.,.,A1,A2,.,.,.,.,A1,B5,B3,.,B4,.,. B1@1 0/0 B 21 10")
    assert moves(b) == ["1:bar-1", "2:bar-2"]


#: A bearing off B's last piece: A has borne off `a_off` and stands on `a_points`.
def _b_wins(game: racegames.Game, a_points: str, waiting: str, a_off: int) -> List[float]:
    points = a_points.split(",")
    points[23] = "B1"
    state = game.state_from_notation(f"{','.join(points)} {waiting} {a_off}/14 B 6 60")
    play(state, "6:24-off")
    assert state.is_terminal()
    return state.returns()


@pytest.mark.parametrize(
    "scoring,plain,in_home,on_bar,saved",
    [("winloss", 1, 1, 1, 1), ("gammons", 2, 2, 2, 1), ("backgammons", 2, 3, 3, 1)],
)
def test_backgammon_option_scoring_returns(scoring: str, plain: int, in_home: int, on_bar: int, saved: int) -> None:
    game = bg(scoring=scoring)
    assert game.max_utility() == {"winloss": 1, "gammons": 2, "backgammons": 3}[scoring]
    assert _b_wins(game, board((1, "A15")), "-", 0) == [-plain, plain]
    assert _b_wins(game, board((1, "A14"), (20, "A1")), "-", 0) == [-in_home, in_home]
    assert _b_wins(game, board((1, "A14")), "A1@4", 0) == [-on_bar, on_bar]
    assert _b_wins(game, board((1, "A13"), (20, "A1")), "-", 1) == [-saved, saved]


def test_options_are_checked_by_name_and_value() -> None:
    assert racegames.make_game("backgammon").get_parameters() == {"scoring": "winloss", "max_turns": 500}
    for name, params in [
        ("seys_dos_e_as", {"reentry": "sideways"}),
        ("seys_dos_e_as", {"scoring": "gammons"}),
        ("backgammon", {"scoring": "triple"}),
        ("backgammon", {"reentry": "start"}),
        ("backgammon", {"max_turns": -1}),
    ]:
        with pytest.raises(racegames.ParameterError):
            racegames.make_game(name, **params)


# ---- copies, bad input, environments, drawings ---------------------------------


@pytest.mark.parametrize("name,params", [("seys_dos_e_as", {"reentry": "start"}), ("backgammon", {"scoring": "gammons"})])
def test_pickle_and_copy_are_full_independent_copies(name: str, params: dict) -> None:
    state = racegames.make_game(name, **params).new_initial_state()
    state.play_random(seed=3, max_steps=25)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state), state.clone()):
        assert twin == state and twin.notation() == state.notation()
        assert twin.get_game() == state.get_game()
        assert twin.get_game().get_parameters() == {**racegames.make_game(name).get_parameters(), **params}
        twin.play_random(seed=4)
        assert twin.is_terminal() and not state.is_terminal()


@pytest.mark.parametrize("name", ["seys_dos_e_as", "backgammon"])
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(name: str) -> None:
    state = racegames.make_game(name).new_initial_state()
    state.play_random(seed=5, max_steps=3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.notation()
    legal = set(state.legal_actions())
    for bad in [a for a in range(racegames.make_game(name).num_distinct_actions()) if a not in legal][:40] + [
        10**6
    ]:
        with pytest.raises(racegames.IllegalActionError) as err:
            state.apply_action(bad)
        assert isinstance(err.value, ValueError)
        assert state.notation() == before
    with pytest.raises(ValueError):
        state.string_to_action("7:1-8")
    assert state.notation() == before


@pytest.mark.parametrize(
    "text,field",
    [
        (f"{BG_OPENING},. - 0/0 B 31 0", "points"),
        (f"{BG_OPENING.replace('A5', 'C5', 1)} - 0/0 B 31 0", "points"),
        (f"{BG_OPENING} A1@9 0/0 B 31 0", "waiting"),
        (f"{BG_OPENING} - 0-0 B 31 0", "off"),
        (f"{BG_OPENING} - 0/0 C 31 0", "turn"),
        (f"{BG_OPENING} - 0/0 B 37 0", "dice"),
        (f"{BG_OPENING} - 0/0 B 31 x", "turns"),
    ],
)
def test_bad_notation_is_a_value_error_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(racegames.NotationError) as err:
        bg().state_from_notation(text)
    assert isinstance(err.value, ValueError)
    assert field in str(err.value), str(err.value)


@pytest.mark.parametrize("name", ["seys_dos_e_as", "backgammon"])
def test_pettingzoo_seed_test(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    import racegames.pettingzoo as rpz

    seed_test(lambda: rpz.env(name, max_turns=40), num_cycles=200)


def test_the_drawing_shows_points_stacks_waiting_pieces_off_dice_and_turn() -> None:
    text = "B1,B1,A1,.,.,A6,A2,.,.,.,.,B1,A3,.,.,.,B4,B1,B3,A1,B1,B2,B1,. A2@4 0/0 A 21 10"
    state = bg().state_from_notation(text)
    root = ET.fromstring(state._repr_svg_())
    ns = "{http://www.w3.org/2000/svg}"
    words = [t.text for t in root.iter(f"{ns}text")]
    assert all(str(k) in words for k in range(1, 25))  # numbered points
    assert "6" in words and "4" in words  # stack counts (A6 on 6, B4 on 17)
    assert "Q4\u2192" in words and "2" in words  # A's two pieces waiting for Q4
    assert "A to play" in words and "A moves 24 \u2192 1" in words
    dice = [r for r in root.iter(f"{ns}rect") if r.get("fill") == "#fffdf6"]
    assert len(dice) == 2
    assert "A off 0" in words and "B off 0" in words
    # Seys dos e as: both move forward; borne-off counts; throw pending.
    seys_text = f"{board((20, 'B8'), (21, 'A4'), (22, 'B4'), (23, 'B1'))} - 11/2 A - 60"
    words = [t.text for t in ET.fromstring(_draw.svg("seys_dos_e_as", seys_text)).iter(f"{ns}text")]
    assert "A off 11" in words and "B off 2" in words and "A to throw" in words
    assert "B moves 1 \u2192 24" in words
    assert "before the roll-off" in str(racegames.make_game("seys_dos_e_as").state_from_notation(SEYS_EMPTY))
    assert _draw.rgb("backgammon", text).shape[2] == 3


def test_str_is_the_engines_diagram() -> None:
    state = bg().state_from_notation(f"{BG_OPENING} - 0/0 B 31 0")
    lines = str(state).splitlines()
    assert lines[0].split()[:2] == ["13", "14"]
    assert lines[1].split()[0] == "A5" and lines[2].split()[0] == "B5"
    assert "B to play 31" in lines[-1]
