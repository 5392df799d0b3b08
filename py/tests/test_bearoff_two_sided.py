"""``racegames.analysis.evaluate`` in a backgammon bear-off with at most six
checkers a side gives the exact chance of winning (the players' two-sided
table), checked against a naive recursion over an independent bear-off
move generator."""

from __future__ import annotations

import functools
import itertools
from typing import List, Set, Tuple

import pytest

import racegames
from racegames import analysis

Placement = Tuple[int, ...]


def _one_die(pos: Placement, die: int) -> Set[Placement]:
    """Every placement one die can lead to (pos[i] checkers on point i + 1)."""
    if sum(pos) == 0:
        return {pos}
    highest = max(i for i in range(6) if pos[i])
    out = set()
    for i in range(6):
        if not pos[i]:
            continue
        nxt = list(pos)
        nxt[i] -= 1
        if i + 1 > die:
            nxt[i - die] += 1
        elif i + 1 < die and i != highest:
            continue
        out.add(tuple(nxt))
    return out


def _plays(pos: Placement, a: int, b: int) -> Set[Placement]:
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    ends: Set[Placement] = set()
    for order in orders:
        layer = {pos}
        for d in order:
            layer = {n for p in layer for n in _one_die(p, d)}
        ends |= layer
    return ends


def _after(theirs: Placement, end: Placement) -> float:
    """The mover's chance after playing to ``end``, the other to throw."""
    return 1.0 if sum(end) == 0 else 1.0 - _win(theirs, end)


@functools.lru_cache(maxsize=None)
def _win(mine: Placement, theirs: Placement) -> float:
    """The chance that the side on roll with ``mine`` wins against ``theirs``."""
    total = 0.0
    for a, b in itertools.combinations_with_replacement(range(1, 7), 2):
        weight = (1 if a == b else 2) / 36
        total += weight * max(_after(theirs, e) for e in _plays(mine, a, b))
    return total


def _state(mine: Placement, theirs: Placement, dice: str = "-") -> racegames.State:
    """A backgammon bear-off, A to throw (or to play ``dice``)."""
    points = ["."] * 24
    for i, n in enumerate(mine):
        if n:
            points[i] = f"A{n}"
    for i, n in enumerate(theirs):
        if n:
            points[23 - i] = f"B{n}"
    text = f"{','.join(points)} - {15 - sum(mine)}/{15 - sum(theirs)} A {dice} 0"
    return racegames.make_game("backgammon").state_from_notation(text)


PAIRS: List[Tuple[Placement, Placement]] = [
    ((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0)),
    ((0, 1, 0, 0, 1, 0), (0, 0, 1, 1, 0, 0)),
    ((2, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 2)),
    ((1, 0, 1, 0, 0, 1), (0, 2, 0, 0, 1, 0)),
    ((0, 0, 1, 1, 0, 1), (1, 1, 0, 0, 0, 1)),
]


CASES = [(m, t, p) for m, t in PAIRS for p in ("expectimax", "greedy")]


@pytest.mark.parametrize("mine,theirs,player", CASES)
def test_evaluate_before_the_throw_is_the_exact_chance(mine: Placement, theirs: Placement, player: str) -> None:
    p = _win(mine, theirs)
    params = {"eval": "net"} if player == "greedy" else {}
    e = analysis.evaluate(_state(mine, theirs), player=player, **params)
    assert e.outcomes is not None and e.outcomes_seat == 0
    assert e.outcomes[0] == pytest.approx(p, abs=1e-6)
    # Both sides have borne off checkers: no gammon either way.
    assert list(e.outcomes[1:]) == [0.0, 0.0, 0.0, 0.0]
    assert e.values[0] == pytest.approx(2 * p - 1, abs=2e-6)
    assert e.values[1] == pytest.approx(1 - 2 * p, abs=2e-6)


def test_evaluate_and_hint_after_the_throw_are_exact() -> None:
    mine, theirs = (1, 0, 1, 0, 0, 1), (0, 2, 0, 0, 1, 0)
    best = max(_after(theirs, e) for e in _plays(mine, 2, 1))
    e = analysis.evaluate(_state(mine, theirs, "21"))
    assert e.values[0] == pytest.approx(2 * best - 1, abs=2e-6)
    plays = analysis.hint(_state(mine, theirs, "21"))
    values = sorted((2 * _after(theirs, end) - 1 for end in _plays(mine, 2, 1)), reverse=True)
    assert [pl.value for pl in plays] == pytest.approx(values, abs=2e-6)
