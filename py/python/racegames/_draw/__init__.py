"""Pictures of positions: text boards, SVG and RGB arrays.

The SVG and RGB pictures are drawn natively (the ``racegames-draw`` crate)
from the position itself: ``State._repr_svg_``, ``State._svg`` and
``State._rgb``. The functions here take a game and a notation, read the
notation into the game's position and draw that.

The text boards come from a sibling module per family (``daldos``,
``tables``, ``halma``), chosen by the game's family (``Game.family``); the
tables module also takes the game's title and each seat's route
(``Game.routes()``), so a variant built from options is drawn with its own
track. Every function takes the ``Game``, or a game's name for its default
options.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Optional, Sequence, Union

import numpy as np

from racegames._core import Game, State, _notation_svg, _result_line, make_game

#: The text-board module of each game family (``Game.family``).
MODULES = {
    "daldos": "racegames._draw.daldos",
    "tables": "racegames._draw.tables",
    "halma": "racegames._draw.halma",
}

GameLike = Union[Game, str]


def _game(game: GameLike) -> Optional[Game]:
    """The game itself, also from a name (``None`` for a name of no game)."""
    if isinstance(game, Game):
        return game
    try:
        return make_game(game)
    except (ValueError, TypeError):
        return None


class _Tables:
    """The tables drawing with the game's own board (title, routes)."""

    def __init__(self, module: ModuleType, game: Game) -> None:
        self.module, self.board = module, module.Board.of(game)

    def text(self, notation: str) -> str:
        return str(self.module.text(notation, board=self.board))


def _module(game: GameLike) -> Any:
    made = _game(game)
    name = MODULES.get(made.family) if made is not None else None
    if made is None or not name:
        return None
    module = importlib.import_module(name)
    return _Tables(module, made) if made.family == "tables" else module


def text(game: GameLike, notation: str) -> str:
    """A readable text board (the notation itself for games without one)."""
    module = _module(game)
    if module is None:
        return notation
    return str(module.text(notation))


def seat_name(game: GameLike, seat: int) -> str:
    """A seat as the game's pictures name it: ``A``, ``B`` for the two-player
    games, ``seat 1`` … for the Halma games (whose notation numbers seats
    from 1)."""
    made = _game(game)
    if made is not None and made.family == "halma":
        return f"seat {seat + 1}"
    return chr(ord("A") + seat)


def result_text(game: GameLike, returns: Sequence[float], truncated: bool) -> str:
    """How a finished game ended, in words: who won, or that it was stopped."""
    made = _game(game)
    return str(_result_line(made.family if made is not None else "", list(returns), truncated))


def _state(game: GameLike, notation: str) -> Optional[State]:
    """The position a notation writes in the game, or ``None`` (no such game,
    or a notation the game does not accept)."""
    made = _game(game)
    if made is None:
        return None
    try:
        return made.state_from_notation(notation)
    except (ValueError, TypeError):
        return None


def svg(game: GameLike, notation: str, returns: Optional[Sequence[float]] = None, truncated: bool = False) -> str:
    """An SVG picture of the position, drawn natively from the position the
    notation writes (the notation itself in a line of text when it writes
    none); with the ``returns`` of a finished game, a line under the
    picture says who won."""
    line = None if returns is None else result_text(game, returns, truncated)
    state = _state(game, notation)
    if state is None:
        return str(_notation_svg(notation, line))
    return str(state._svg(line))


def rgb(game: GameLike, notation: str) -> np.ndarray:
    """The picture as an ``(height, width, 3)`` uint8 array (text omitted)."""
    state = _state(game, notation)
    if state is None:
        return np.full((32, 64, 3), 255, dtype=np.uint8)
    return np.asarray(state._rgb())
