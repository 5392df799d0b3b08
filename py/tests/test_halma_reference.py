"""Reproduces the Halma-family perft counts of halma-core/tests/data/halma_perft.txt
with the independent pure-Python reference model (no racegames import)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import halma_model as hm  # noqa: E402
from perft_data import PerftLine, line_id, read_perft  # noqa: E402

# The model is slow: counts above this are left to the Rust test.
MAX_COUNT = 32_500

LINES = read_perft("halma")


def test_data_file_is_substantial():
    assert len(LINES) >= 20


@pytest.mark.parametrize("line", LINES, ids=line_id)
def test_perft_matches_reference(line: PerftLine):
    if line.count > MAX_COUNT:
        pytest.skip("too slow for the pure-Python model")
    rules = hm.Rules(hm.options(line.game, line.params))
    start = rules.parse(line.notation)
    assert rules.notation(start) == line.notation
    assert hm.perft(rules, start, line.depth) == line.count


def test_openings_are_those_of_rules_md():
    cc = hm.Rules(hm.options("chinese_checkers", "players=2"))
    assert rules_text(cc) == (
        "1/11/111/1111/............./............/.........../........../........./"
        "........../.........../............/............./2222/222/22/2 1 - 0"
    )
    halma = hm.Rules(hm.options("halma", "players=2"))
    assert rules_text(halma) == (
        "11111.........../11111.........../1111............/111............./11............../"
        "................/................/................/................/................/"
        "................/..............22/.............222/............2222/...........22222/"
        "...........22222 1 - 0"
    )


def rules_text(rules):
    return rules.notation(rules.initial())


def test_hop_path_is_shortest_then_first_in_hole_order():
    rules = hm.Rules(hm.options("chinese_checkers", "players=2"))
    s = rules.initial()
    names = sorted(
        "-".join(hm.STAR.name_of[h] for h in rules.hop_path(s, m)) for m in rules.moves(s)
    )
    assert "c1-e5" in names and "d1-e5" in names


def test_hop_path_tie_goes_first_in_hole_order():
    # From i3 to k7 there are two 2-jump paths, via i5 and via k5.
    rules = hm.Rules(hm.options("chinese_checkers", "players=2,wing_rule=false"))
    name = {v: k for k, v in hm.STAR.name_of.items()}
    s = rules.initial()
    pieces = (
        frozenset(name[x] for x in ["i3", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"]),
        frozenset(name[x] for x in ["i4", "j6", "j4", "k6", "q1", "p2", "p1", "o3", "o2", "o1"]),
    )
    s = hm.State(pieces, 0, (), 0)
    path = rules.hop_path(s, (name["i3"], name["k7"]))
    assert [hm.STAR.name_of[h] for h in path] == ["i3", "i5", "k7"]
