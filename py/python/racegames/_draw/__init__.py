"""Pictures of positions: text boards, SVG and RGB arrays.

Each game family has a sibling module (``daldos``, ``tables``, ``halma``)
with two functions of the notation:

- ``text(notation) -> str``: a readable text board;
- ``scene(notation) -> Scene``: the board as shapes, which
  :mod:`racegames._draw.scene` turns into SVG or an RGB array.

The modules are imported only when a picture is asked for, and they read only
the notation (each game's page in ``docs/games/`` gives its exact format), so drawing never needs the
native state.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Optional

import numpy as np

#: The drawing module of each game name.
MODULES = {
    "daldos": "racegames._draw.daldos",
    "seys_dos_e_as": "racegames._draw.tables",
    "backgammon": "racegames._draw.backgammon",
    "chinese_checkers": "racegames._draw.halma",
    "halma": "racegames._draw.halma",
}


def _module(game: str) -> Optional[ModuleType]:
    name = MODULES.get(game)
    return importlib.import_module(name) if name else None


def text(game: str, notation: str) -> str:
    """A readable text board (the notation itself for games without one)."""
    module = _module(game)
    if module is None:
        return notation
    return str(module.text(notation))


def svg(game: str, notation: str) -> str:
    """An SVG picture of the position."""
    from racegames._draw.scene import Scene

    module = _module(game)
    if module is None:
        scene = Scene(12 + 8 * len(notation), 32)
        scene.text(6, 20, notation, size=12, anchor="start", font="monospace")
        return scene.to_svg()
    return str(module.scene(notation).to_svg())


def rgb(game: str, notation: str) -> np.ndarray:
    """The picture as an ``(height, width, 3)`` uint8 array (text omitted)."""
    from racegames._draw.scene import Scene

    module = _module(game)
    if module is None:
        return Scene(64, 32).to_rgb()
    return module.scene(notation).to_rgb()  # type: ignore[no-any-return]
