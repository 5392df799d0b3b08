"""Pictures of positions: text boards, SVG and RGB arrays.

Each game family has a sibling module (``daldos``, ``tables``, ``halma``)
with two functions of the notation:

- ``text(notation) -> str``: a readable text board;
- ``scene(notation) -> Scene``: the board as shapes, which
  ``racegames._draw.scene`` turns into SVG or an RGB array.

The modules are imported only when a picture is asked for, and they read only
the notation (each game's page in ``docs/games/`` gives its exact format), so drawing never needs the
native state.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Optional, Sequence

import numpy as np

#: The drawing module of each game name.
MODULES = {
    "daldos": "racegames._draw.daldos",
    "seys_dos_e_as": "racegames._draw.tables",
    "backgammon": "racegames._draw.backgammon",
    **{name: "racegames._draw.tables" for name in (
        "quinze_tablas", "doze_canes", "doblet", "fallas", "emperador", "medio_emperador",
        "pareia_de_entrada", "cab_e_quinal", "todas_tablas", "laquet", "buffa_de_baldrac",
        "reencontrar", "tablas_de_siete",
    )},
    "chinese_checkers": "racegames._draw.halma",
    "halma": "racegames._draw.halma",
}


#: Modules whose functions also take the game's name (one module draws
#: several games, with their own directions and boards).
GAME_AWARE = {"racegames._draw.tables"}


class _Bound:
    """A drawing module with the game's name passed where it is taken."""

    def __init__(self, module: ModuleType, game: str) -> None:
        self.module, self.game = module, game

    def text(self, notation: str) -> str:
        return str(self.module.text(notation, game=self.game))

    def scene(self, notation: str) -> Any:
        return self.module.scene(notation, game=self.game)


def _module(game: str) -> Any:
    name = MODULES.get(game)
    if not name:
        return None
    module = importlib.import_module(name)
    return _Bound(module, game) if name in GAME_AWARE else module


def text(game: str, notation: str) -> str:
    """A readable text board (the notation itself for games without one)."""
    module = _module(game)
    if module is None:
        return notation
    return str(module.text(notation))


def seat_name(game: str, seat: int) -> str:
    """A seat as the game's pictures name it: ``A``, ``B`` for the two-player
    games, ``seat 1`` … for the Halma games (whose notation numbers seats
    from 1)."""
    if game in ("chinese_checkers", "halma"):
        return f"seat {seat + 1}"
    return chr(ord("A") + seat)


def result_text(game: str, returns: Sequence[float], truncated: bool) -> str:
    """How a finished game ended, in words: who won, or that it was stopped."""
    if truncated:
        return "Game over: stopped at the turn limit, no winner"
    best = max(returns)
    winners = [seat for seat, r in enumerate(returns) if r == best]
    if len(winners) != 1:
        return "Game over: a draw"
    return f"Game over: {seat_name(game, winners[0])} wins"


def svg(game: str, notation: str, returns: Optional[Sequence[float]] = None, truncated: bool = False) -> str:
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


def rgb(game: str, notation: str) -> np.ndarray:
    """The picture as an ``(height, width, 3)`` uint8 array (text omitted)."""
    from racegames._draw.scene import Scene

    module = _module(game)
    if module is None:
        return Scene(64, 32).to_rgb()
    return module.scene(notation).to_rgb()  # type: ignore[no-any-return]
