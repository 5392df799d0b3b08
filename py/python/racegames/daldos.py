"""Daldøs analysis: exact capture odds and the threat map.

Holes are named as the engine writes them in moves: a row letter (``a`` for
player A's home row, ``m`` for the middle row, ``b`` for player B's) and an
index from the stern, such as ``"m3"`` or ``"b15"``; a board-wide index
(row A, then the middle row, then row B) is accepted too.

>>> import racegames
>>> from racegames import daldos
>>> game = racegames.make_game("daldos")
>>> state = game.state_from_notation(
...     "BBB............./..BA............./a............... B - 0")
>>> 0.0 < daldos.capture_odds(state, "m3") < 1.0
True
"""

from __future__ import annotations

from typing import Dict, List, Tuple, Union

from racegames._core import State, _daldos_capture_odds, _daldos_hole_names, _daldos_threat_map

Hole = Union[str, int]

__all__ = ["capture_odds", "capture_odds_bounds", "threat_map", "hole_names"]


def capture_odds(state: State, hole: Hole) -> float:
    """The probability that the player to move removes the enemy piece on
    ``hole`` before play passes on, playing to that end, extra throws (dal-dal)
    included: the lower end of ``capture_odds_bounds``, exact to 1e-9 in
    most positions and always within its ``error_bound``.

    Raises ``ValueError`` when nobody is to move, when ``hole`` holds no
    piece of the other player, or for a hole not on the board."""
    return capture_odds_bounds(state, hole)[0]


def capture_odds_bounds(state: State, hole: Hole) -> Tuple[float, float]:
    """``(probability, error_bound)``: the exact value lies in
    ``[probability, probability + error_bound]``. The search is bounded
    (nine throws deep, 6,000 positions per piece), so it answers in
    milliseconds; where the bound stops it, the interval is wider but still
    holds the exact value."""
    return _daldos_capture_odds(state, hole)


def threat_map(state: State) -> Dict[str, float]:
    """The capture odds of every piece of the player *not* to move, by hole
    name: how exposed each piece is to the coming turn."""
    return {name: p for name, _index, p, _err in _daldos_threat_map(state)}


def hole_names(state: State) -> List[str]:
    """Every hole's name in board-wide order: row A, the middle row, row B
    (the engine's names). Raises ``ValueError`` for a state of another
    game."""
    return _daldos_hole_names(state)
