"""Backgammon pictures: the tables drawing (``racegames._draw.tables``)
with backgammon's directions. Its notation numbers the points along B's
route, so B moves from 1 towards 24 and A from 24 towards 1; A enters
quarter 4 from the bar and B quarter 1."""

from __future__ import annotations

from racegames._draw import tables
from racegames._draw.scene import Scene


def text(notation: str) -> str:
    """The text board (see ``racegames._draw.tables.text()``)."""
    return tables.text(notation, game="backgammon")


def scene(notation: str) -> Scene:
    """The picture (see ``racegames._draw.tables.scene()``)."""
    return tables.scene(notation, game="backgammon")
