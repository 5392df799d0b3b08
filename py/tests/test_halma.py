"""Chinese checkers and Halma through the Python binding: the perft counts
of halma-core/tests/data/halma_perft.txt, every rule and option of the Halma
family (``docs/games/``), copies, bad input, drawings, and the environments not already
covered by the generic environment tests (other seat counts, seed tests)."""

from __future__ import annotations

import copy
import pickle
import warnings
from typing import Dict, List, Sequence

import pytest

import racegames
from perft_data import PerftLine, line_id, read_perft

#: perft counts above this are left to the Rust test (cargo test -p racegames-halma).
MAX_COUNT = 100_000

STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
CC_OPENING = (
    "1/11/111/1111/............./............/.........../........../........./"
    "........../.........../............/............./2222/222/22/2 1 - 0"
)
HALMA_OPENING = (
    "11111.........../11111.........../1111............/111............./11............../"
    "................/................/................/................/................/"
    "................/..............22/.............222/............2222/...........22222/"
    "...........22222 1 - 0"
)
TOP = ["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"]
BOTTOM = ["n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"]
HEXAGON_ROW = ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "h5"]


def cc(**params: object) -> racegames.Game:
    return racegames.make_game("chinese_checkers", **params)


def star(seats: Sequence[Sequence[str]], turn: str = "1", finished: str = "-", turns: int = 0) -> str:
    """A star notation with seat k's pieces on the named holes (``e6``)."""
    rows = [["."] * n for n in STAR_ROWS]
    for seat, holes in enumerate(seats):
        for name in holes:
            rows[ord(name[0]) - ord("a")][int(name[1:]) - 1] = str(seat + 1)
    return f"{'/'.join(''.join(r) for r in rows)} {turn} {finished} {turns}"


def camp_holes(camp: int) -> List[str]:
    """The 10 holes of a star camp (0 top, clockwise), from the board's shape:
    rows 1-4 at the top and bottom, and the ends of rows e-h / j-m."""
    out = []
    for row, n in enumerate(STAR_ROWS):
        letter = chr(ord("a") + row)
        for i in range(n):
            k_up, k_down = 8 - row, row - 8  # camp width on rows e-h, j-m
            if (camp == 0 and row <= 3) or (camp == 3 and row >= 13):
                out.append(f"{letter}{i + 1}")
            elif 4 <= row <= 7 and ((camp == 5 and i < k_up) or (camp == 1 and i >= n - k_up)):
                out.append(f"{letter}{i + 1}")
            elif 9 <= row <= 12 and ((camp == 4 and i < k_down) or (camp == 2 and i >= n - k_down)):
                out.append(f"{letter}{i + 1}")
    return out


def moves(state: racegames.State) -> List[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def ends(state: racegames.State, origin: str) -> List[str]:
    """End holes of the moves from ``origin``."""
    return [m.split("-")[-1] for m in moves(state) if m.split("-")[0] == origin]


def play(state: racegames.State, move: str) -> None:
    state.apply_action(state.string_to_action(move))


# ---------------------------------------------------------------- perft ----


def perft_lines() -> List[PerftLine]:
    return [line for line in read_perft("halma") if line.count <= MAX_COUNT]


def perft(state: racegames.State, depth: int) -> int:
    """Distinct notations after exactly ``depth`` turns."""
    layer = {state.notation(): state}
    for _ in range(depth):
        nxt: Dict[str, racegames.State] = {}
        for s in layer.values():
            for a in s.legal_actions():
                child = s.clone()
                child.apply_action(a)
                nxt.setdefault(child.notation(), child)
        layer = nxt
    return len(layer)


@pytest.mark.parametrize("line", perft_lines(), ids=line_id)
def test_perft_counts_of_the_shared_data_file(line: PerftLine) -> None:
    game = racegames.make_game(line.game, **line.kwargs())
    start = game.state_from_notation(line.notation)
    assert start.notation() == line.notation
    assert perft(start, line.depth) == line.count


def test_perft_file_covers_every_seat_count_and_option() -> None:
    lines = read_perft("halma")
    options = {pair for line in lines for pair in line.params.split(",")}
    for needle in ["players=2", "players=3", "players=4", "players=6", "pieces=15", "long_jumps=true",
                   "wing_rule=false", "vacate_rule=false"]:
        assert needle in options
    assert "halma" in {line.game for line in lines}
    assert len(perft_lines()) >= 20


# ------------------------------------------------- board and players (star) --


def test_board_has_121_holes_a_hexagon_of_61_and_six_camps_of_10() -> None:
    assert sum(STAR_ROWS) == 121
    camps = [set(camp_holes(c)) for c in range(6)]
    assert all(len(c) == 10 for c in camps) and len(set().union(*camps)) == 60
    game = cc()
    # One action per start hole and slot: 6 step directions, then the 37
    # holes of the largest jump class (the crate docs' encoding).
    assert game.num_distinct_actions() == 121 * (6 + 37)
    assert game.new_initial_state().notation() == CC_OPENING


@pytest.mark.parametrize("players,camps", [(2, [0, 3]), (3, [0, 2, 4]), (4, [0, 1, 3, 4]), (6, [0, 1, 2, 3, 4, 5])])
def test_two_three_four_or_six_players_start_in_the_camps_of_rules_md(players: int, camps: List[int]) -> None:
    game = cc(players=players)
    assert game.num_players() == players
    expected = star([camp_holes(c) for c in camps])
    assert game.new_initial_state().notation() == expected
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.chance_outcomes() == []


@pytest.mark.parametrize("players", [1, 5, 7])
def test_other_seat_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        cc(players=players)


def test_each_player_must_reach_the_opposite_camp() -> None:
    game = cc()
    # Seat 0 (top) one step from filling the bottom camp: it wins there.
    home = [h for h in BOTTOM if h != "n1"] + ["m5"]
    state = game.state_from_notation(star([home, HEXAGON_ROW], turns=7))
    play(state, "m5-n1")
    assert state.is_terminal() and not state.is_truncated()
    assert state.returns() == [1.0, -1.0]
    assert state.notation().endswith(" - 1 8")


def test_pieces_15_zones_are_triangles_of_side_5_for_2_or_3_players() -> None:
    two = cc(players=2, pieces=15).new_initial_state().notation()
    assert two.startswith("1/11/111/1111/....11111..../")
    assert two.split()[0].count("1") == 15 and two.split()[0].count("2") == 15
    three = cc(players=3, pieces=15).new_initial_state().notation()
    assert all(three.split()[0].count(d) == 15 for d in "123")
    for players in (4, 6):
        with pytest.raises(ValueError, match="pieces"):
            cc(players=players, pieces=15)


def test_pieces_15_with_3_players_the_shared_corner_hole_counts_in_both_zones() -> None:
    game = cc(players=3, pieces=15)
    # Seat 3 (lower-left) targets the upper-right zone: its camp plus e9..i9,
    # where e9 is also in seat 1's start zone. Seat 3 finishes only with e9.
    upper_right = camp_holes(1) + ["e9", "f9", "g9", "h9", "i9"]
    seat3 = [h for h in upper_right if h != "e9"] + ["e8"]
    seat1 = ["j2", "j3", "j4", "j5", "j6", "k3", "k4", "k5", "k6", "k7", "l4", "l5", "l6", "l7", "l8"]
    seat2 = ["f2", "f3", "f4", "f5", "f6", "g2", "g3", "g4", "g5", "g6", "h2", "h3", "h4", "h5", "h6"]
    state = game.state_from_notation(star([seat1, seat2, seat3], turn="3", turns=60))
    play(state, "e8-e9")
    assert state.is_terminal()
    assert state.returns() == [-0.5, -0.5, 1.0]


# ------------------------------------------------------------- a move -------


def test_a_move_is_a_step_to_an_adjacent_empty_hole_in_six_directions() -> None:
    state = cc(wing_rule=False).state_from_notation(star([["i5"] + TOP[1:], BOTTOM]))
    assert sorted(ends(state, "i5")) == sorted(["h5", "h6", "i4", "i6", "j5", "j6"])  # row i is the narrowest


def test_a_jump_goes_over_one_piece_of_any_colour_and_nothing_is_captured() -> None:
    game = cc(wing_rule=False)
    state = game.state_from_notation(star([["i5"] + TOP[1:], ["i6"] + BOTTOM[1:]]))
    assert "i7" in ends(state, "i5")
    play(state, "i5-i7")
    assert state.notation().split()[0].count("2") == 10  # the jumped piece stays
    # Over one's own piece too.
    state = game.state_from_notation(star([["i5", "i6"] + TOP[2:], BOTTOM]))
    assert "i7" in ends(state, "i5")


def test_a_chain_of_jumps_is_one_move_and_never_revisits_a_hole() -> None:
    state = cc().new_initial_state()
    # c1 jumps over d1 to e5: one action whose string is the hop path.
    assert "c1-e5" in moves(state)
    state = cc(wing_rule=False).state_from_notation(star([["i1"] + TOP[1:], ["i2", "i4", "q1"] + BOTTOM[:7]]))
    chain = [m for m in moves(state) if m.startswith("i1-") and m.endswith("-i5")]
    assert chain == ["i1-i3-i5"]
    assert "i1" not in ends(state, "i1")  # the origin is never a destination
    before = state.notation()
    play(state, "i1-i5")  # the short from-to string names the same move
    assert state.notation() != before and state.turn_count() == 1


def test_long_jumps_go_over_a_single_piece_at_distance_k() -> None:
    text = star([["i1"] + TOP[1:], ["i4", "q1"] + BOTTOM[:8]])
    assert "i7" in ends(cc(wing_rule=False, long_jumps=True).state_from_notation(text), "i1")
    assert "i7" not in ends(cc(wing_rule=False).state_from_notation(text), "i1")
    blocked = star([["i1"] + TOP[1:], ["i4", "i6", "q1"] + BOTTOM[:7]])
    assert "i7" not in ends(cc(wing_rule=False, long_jumps=True).state_from_notation(blocked), "i1")


def test_the_move_string_shows_the_shortest_path_then_the_first_in_hole_order() -> None:
    state = cc(wing_rule=False).state_from_notation(
        star([["i3", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"],
              ["i4", "j6", "j4", "k6", "q1", "p2", "p1", "o3", "o2", "o1"]])
    )
    assert state.action_to_string(state.string_to_action("i3-k7")) == "i3-i5-k7"
    assert state.string_to_action("i3-k5-k7") == state.string_to_action("i3-k7")


# ------------------------------------------------- where a piece may stop ---


def test_wing_rule_a_piece_may_not_stop_in_another_camp_but_may_pass_through() -> None:
    text = star([["e9"] + TOP[1:], ["q1"] + BOTTOM[:9]])
    assert "e10" not in ends(cc().state_from_notation(text), "e9")
    assert "e10" in ends(cc(wing_rule=False).state_from_notation(text), "e9")
    through = star([["e8"] + TOP[1:], ["e9", "f10", "g9", "q1"] + BOTTOM[:6]])
    reach = ends(cc().state_from_notation(through), "e8")
    assert "g8" in reach and "e10" not in reach and "g10" not in reach
    path = cc().state_from_notation(through)
    assert path.action_to_string(path.string_to_action("e8-g8")) == "e8-e10-g10-g8"


# ------------------------------------------------------- vacate rule --------

VACATE = star([["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
               ["a1", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"]], turns=20)


def test_vacate_rule_p_must_leave_its_start_camp_when_q_cannot_progress() -> None:
    assert moves(cc().state_from_notation(VACATE)) == ["d1-e5", "d1-e6"]


def test_vacate_rule_does_not_bind_while_q_can_progress() -> None:
    free = star(
        [["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
         ["i5", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"]], turns=20)
    assert len(moves(cc().state_from_notation(free))) > 2


def test_vacate_rule_false_turns_it_off() -> None:
    assert len(moves(cc(vacate_rule=False).state_from_notation(VACATE))) > 2


# ---------------------------------------------------------- spoiling win ----


def spoiling(turn: str) -> str:
    return star([["n4", "m5", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"],
                 ["q1", "p1", "p2", "o1", "o2", "o3", "n2", "n3", "m6", "h5"]], turn=turn, turns=50)


def test_spoiling_win_a_full_target_camp_holding_one_own_piece_wins() -> None:
    state = cc(spoiling_win=True).state_from_notation(spoiling("1"))
    play(state, "m5-n1")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.notation().endswith(" - 1 51")
    # Completed by the other seat's move, too.
    state = cc(spoiling_win=True).state_from_notation(spoiling("2"))
    play(state, "m6-n1")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_spoiling_win_is_off_by_default() -> None:
    state = cc().state_from_notation(spoiling("1"))
    play(state, "m5-n1")
    assert not state.is_terminal() and state.returns() == [0.0, 0.0]


# ------------------------------------------------------------------ end -----


def test_the_winner_gets_1_and_each_other_minus_1_over_n_minus_1() -> None:
    game = cc(players=4)
    home = [h for h in BOTTOM if h != "n1"] + ["m5"]
    seats = [home, camp_holes(1), HEXAGON_ROW, camp_holes(4)]
    state = game.state_from_notation(star(seats, turns=40))
    play(state, "m5-n1")
    assert state.returns() == pytest.approx([1.0, -1 / 3, -1 / 3, -1 / 3])


def test_finish_all_place_k_gets_n_minus_1_minus_2k_over_n_minus_1() -> None:
    # Four players: seats 1 and 2 have finished; seat 3 (bottom) is one step
    # from the top camp; seat 4 is last.
    game = cc(players=4, finish="all")
    seats = [BOTTOM, camp_holes(4), [h for h in TOP if h != "d1"] + ["e5"], HEXAGON_ROW]
    state = game.state_from_notation(star(seats, turn="3", finished="12", turns=80))
    play(state, "e5-d1")
    assert state.is_terminal()
    assert state.notation().endswith(" - 123 81")
    assert state.returns() == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])


def test_finish_all_skips_finished_players_and_first_is_the_default() -> None:
    seats = [BOTTOM, ["e1", "e2", "e3", "e4", "f1", "f2", "f3", "g1", "g2", "i1"],
             ["j1", "k1", "k2", "l1", "l2", "l3", "m1", "m2", "m3", "m4"]]
    state = cc(players=3, finish="all").state_from_notation(star(seats, turn="2", finished="1", turns=30))
    play(state, "i1-i2")
    assert state.current_player() == 2
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # seat 0 has finished
    with pytest.raises(ValueError):
        cc(players=3).state_from_notation(star(seats, turn="2", finished="1", turns=30))
    with pytest.raises(ValueError, match="finish"):
        cc(finish="last")


def test_max_turns_truncates_with_returns_zero_and_0_means_no_limit() -> None:
    state = cc(max_turns=3).new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.is_truncated()
    assert state.returns() == [0.0, 0.0] and state.notation().endswith(" - - 3")
    unlimited = cc(max_turns=0).new_initial_state()
    assert unlimited.play_random(1, max_steps=1500) == 1500  # random play rarely finishes
    assert unlimited.turn_count() == 1500 and not unlimited.is_terminal()
    default = cc().new_initial_state()
    default.play_random(2)
    assert default.turn_count() <= 1000


# ------------------------------------------------------------ Halma ---------


def test_halma_opening_is_that_of_rules_md_and_four_players_go_clockwise() -> None:
    assert racegames.make_game("halma").new_initial_state().notation() == HALMA_OPENING
    four = racegames.make_game("halma", players=4).new_initial_state().notation().split()[0].split("/")
    assert four[:4] == ["1111........2222", "1111........2222", "111..........222", "11............22"]
    assert four[12:] == ["44............33", "444..........333", "4444........3333", "4444........3333"]
    assert four[0].count("1") == 4 and sum(r.count("1") for r in four) == 13


def square(seats: Sequence[Sequence[str]], turn: str = "1", turns: int = 0) -> str:
    """A Halma notation with seat k's pieces on the named holes (``h8``)."""
    rows = [["."] * 16 for _ in range(16)]
    for seat, holes in enumerate(seats):
        for name in holes:
            rows[ord(name[0]) - ord("a")][int(name[1:]) - 1] = str(seat + 1)
    return f"{'/'.join(''.join(r) for r in rows)} {turn} - {turns}"


#: Seat 2 parked on rows g and h (19 pieces).
PARKED = [f"g{j}" for j in range(1, 17)] + ["h1", "h2", "h3"]
#: The bottom-right camp of 2-player Halma: rows of 5, 5, 4, 3, 2 from p16.
BOTTOM_RIGHT = [f"{r}{c}" for r, n in zip("ponml", [5, 5, 4, 3, 2]) for c in range(17 - n, 17)]


def test_halma_steps_and_jumps_in_eight_directions_over_any_piece() -> None:
    game = racegames.make_game("halma")
    mine = ["k8"] + [f"a{j}" for j in range(1, 17)] + ["b1", "b2"]
    state = game.state_from_notation(square([mine, PARKED]))
    assert sorted(ends(state, "k8")) == sorted(["j7", "j8", "j9", "k7", "k9", "l7", "l8", "l9"])
    # Diagonal jump over the other seat's piece, then on over one's own.
    mine = ["k8", "i10"] + [f"a{j}" for j in range(1, 16)] + ["b1", "b2"]
    other = ["j9"] + PARKED[1:]
    state = game.state_from_notation(square([mine, other]))
    assert "i10" not in ends(state, "k8") and "h11" not in ends(state, "k8")
    mine = ["k8", "h11"] + [f"a{j}" for j in range(1, 16)] + ["b1", "b2"]
    other = ["j9", "h12"] + PARKED[2:]
    state = game.state_from_notation(square([mine, other]))
    assert state.action_to_string(state.string_to_action("k8-i10")) == "k8-i10"
    assert len(BOTTOM_RIGHT) == 19


def test_halma_a_player_wins_by_filling_the_opposite_corner_camp() -> None:
    game = racegames.make_game("halma")
    mine = [h for h in BOTTOM_RIGHT if h != "p12"] + ["p11"]
    state = game.state_from_notation(square([mine, PARKED], turns=30))
    play(state, "p11-p12")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.notation().endswith(" - 1 31")


def test_halma_four_players_finish_all() -> None:
    game = racegames.make_game("halma", players=4, finish="all", max_turns=50)
    state = game.new_initial_state()
    state.play_random(3)
    assert state.is_terminal() and state.is_truncated() and state.returns() == [0.0] * 4
    with pytest.raises(ValueError, match="players"):
        racegames.make_game("halma", players=3)
    with pytest.raises(ValueError, match="wing_rule"):
        racegames.make_game("halma", wing_rule=False)


# ------------------------------------------------------- copies and errors --


def test_pickle_copy_and_clone_keep_options_and_position() -> None:
    game = cc(players=6, long_jumps=True, finish="all", max_turns=77)
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[-1])
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state), state.clone()):
        assert twin.notation() == state.notation()
        assert twin.legal_actions() == state.legal_actions()
        assert twin.get_game().num_players() == 6
        twin.apply_action(twin.legal_actions()[0])
        assert twin.notation() != state.notation()
    halma = racegames.make_game("halma", players=4).new_initial_state()
    assert pickle.loads(pickle.dumps(halma)).notation() == halma.notation()


@pytest.mark.parametrize("name", ["chinese_checkers", "halma"])
def test_illegal_actions_raise_value_error_and_leave_the_state_unchanged(name: str) -> None:
    state = racegames.make_game(name).new_initial_state()
    before = state.notation()
    legal = set(state.legal_actions())
    n = state.get_game().num_distinct_actions()
    for action in [0, 1, 5, n - 1, n, -1, 10**12] + [a + 1 for a in sorted(legal)]:
        if action in legal:
            continue
        with pytest.raises(ValueError):
            state.apply_action(action)
        assert state.notation() == before
    with pytest.raises(ValueError):
        state.string_to_action("d1-d1")
    with pytest.raises(ValueError):
        state.string_to_action("z9-e5")


@pytest.mark.parametrize(
    "text,field",
    [
        (CC_OPENING.replace("/2 1 - 0", " 1 - 0"), "rows"),
        (CC_OPENING.replace("/2 1 - 0", "/x 1 - 0"), "row"),
        (CC_OPENING.replace(" 1 - 0", " 7 - 0"), "turn"),
        (CC_OPENING.replace(" 1 - 0", " 1 x 0"), "finished"),
        (CC_OPENING.replace(" 1 - 0", " 1 - z"), "turns"),
    ],
)
def test_bad_notation_is_a_value_error_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(ValueError, match=rf"\b{field}\b"):
        cc().state_from_notation(text)


def test_notation_round_trips_and_the_turn_counter_is_optional() -> None:
    game = cc(players=3)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 2])
    assert game.state_from_notation(state.notation()).notation() == state.notation()
    assert cc().state_from_notation(CC_OPENING[:-2]).notation() == CC_OPENING


# ------------------------------------------------------------ pictures -----


def test_str_is_the_board_diagram() -> None:
    text = str(cc().new_initial_state())
    lines = text.splitlines()
    assert lines[0] == "a" + " " * 13 + "1" and lines[4].startswith("e , , , ,")
    assert "seat 1 to move" in text
    assert str(racegames.make_game("halma").new_initial_state()).splitlines()[0].startswith("    1  2")


def test_svg_draws_121_holes_tinted_camps_and_the_legend() -> None:
    import xml.etree.ElementTree as ET

    from racegames._core import _palette

    colors = dict(_palette())

    svg = cc(players=6).new_initial_state()._repr_svg_()
    root = ET.fromstring(svg)
    circles = root.findall("{http://www.w3.org/2000/svg}circle")
    fills = [c.get("fill") for c in circles]
    for digit in "123456":
        assert fills.count(colors[f"halma.seat{digit}"]) == 10 + 1  # pieces + legend
        assert fills.count(colors[f"halma.camp{digit}"]) == 10
    assert fills.count(colors["halma.hole"]) == 61
    assert "seat 1 to move" in svg
    done = cc().state_from_notation(star([BOTTOM, TOP], turn="-", finished="1", turns=40))
    assert "game over; finished: 1" in done._repr_svg_() and "done #1" in done._repr_svg_()
    square = racegames.make_game("halma").new_initial_state()._repr_svg_()
    assert square.count(colors["halma.camp1"]) == 19 and square.count(colors["halma.camp2"]) == 19


# ------------------------------------------------------------ environments --
# check_env with the default options and api_test with 2 (and 6) players are
# in test_gym.py / test_pettingzoo.py; these add the other seat counts.


@pytest.mark.parametrize("env_id,params", [
    ("racegames/ChineseCheckers-v0", {"players": 3}),
    ("racegames/ChineseCheckers-v0", {"players": 6, "seat": "random"}),
    ("racegames/Halma-v0", {"players": 4}),
])
def test_gymnasium_check_env_with_more_seats(env_id: str, params: dict) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(env_id, max_turns=30, **params)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


@pytest.mark.parametrize("name,players", [("chinese_checkers", 3), ("chinese_checkers", 4), ("halma", 4)])
def test_pettingzoo_api_test_with_more_seats(name: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import racegames.pettingzoo as rpz

    api_test(rpz.env(name, players=players, max_turns=20), num_cycles=100)


@pytest.mark.parametrize("name,players", [("chinese_checkers", 2), ("chinese_checkers", 3),
                                          ("chinese_checkers", 4), ("chinese_checkers", 6), ("halma", 2),
                                          ("halma", 4)])
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    import racegames.pettingzoo as rpz

    seed_test(lambda: rpz.env(name, players=players, max_turns=40), num_cycles=100)
