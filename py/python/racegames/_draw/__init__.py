"""Pictures of positions: text boards, SVG and RGB arrays.

Each game family has a sibling module (``daldos``, ``tables``, ``halma``)
with two functions of the notation:

- ``text(notation) -> str``: a readable text board;
- ``scene(notation) -> Scene``: the board as shapes, which
  ``racegames._draw.scene`` turns into SVG or an RGB array.

The module is chosen by the game's family (``Game.family``); the tables
module also takes the game's title and each seat's route (``Game.routes()``),
so a variant built from options is drawn with its own track. The modules are
imported only when a picture is asked for, and they read only the notation
(each game's page in ``docs/games/`` gives its exact format), so drawing
never needs the native state. Every function takes the ``Game``, or a game's
name for its default options.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Optional, Sequence, Union

import numpy as np

from racegames._core import Game, make_game

#: The drawing module of each game family (``Game.family``).
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

    def scene(self, notation: str) -> Any:
        return self.module.scene(notation, board=self.board)


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
    if truncated:
        return "Game over: stopped at the turn limit, no winner"
    best = max(returns)
    winners = [seat for seat, r in enumerate(returns) if r == best]
    if len(winners) != 1:
        return "Game over: a draw"
    return f"Game over: {seat_name(game, winners[0])} wins"


def svg(game: GameLike, notation: str, returns: Optional[Sequence[float]] = None, truncated: bool = False) -> str:
    """An SVG picture of the position; with the ``returns`` of a finished
    game, a line under the picture says who won."""
    from racegames._draw.scene import Scene

    module = _module(game)
    if module is None:
        scene = Scene(12 + 8 * len(notation), 32)
        scene.text(6, 20, notation, size=12, anchor="start", font="monospace")
    else:
        scene = module.scene(notation)
    if returns is not None:
        size = 16
        scene.height += 2 * size
        scene.text(12, scene.height - size * 0.8, result_text(game, returns, truncated), size=size, anchor="start")
    return str(scene.to_svg())


def rgb(game: GameLike, notation: str) -> np.ndarray:
    """The picture as an ``(height, width, 3)`` uint8 array (text omitted)."""
    from racegames._draw.scene import Scene

    module = _module(game)
    if module is None:
        return Scene(64, 32).to_rgb()
    return module.scene(notation).to_rgb()  # type: ignore[no-any-return]
