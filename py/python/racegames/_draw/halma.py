"""Text boards of the Halma family (Chinese checkers and Halma), read from
the notation ``<rows> <turn> <finished> <turns>``
(``docs/games/halma-family.md``): rows of holes from top to bottom, ``.``
for an empty hole or the seat's digit (1 for seat 0). The SVG and RGB
pictures are drawn natively (``racegames_draw::halma``).
"""

from __future__ import annotations

from typing import List

from racegames._core import _palette

_COLORS = dict(_palette())
#: Piece colour of each seat in the pictures, by digit.
SEAT_COLORS = {str(d): _COLORS[f"halma.seat{d}"] for d in range(1, 7)}
#: Light tint of each seat's camp in the pictures, by digit.
CAMP_TINTS = {str(d): _COLORS[f"halma.camp{d}"] for d in range(1, 7)}
#: The colour of a hole outside the camps in the pictures.
HOLE = _COLORS["halma.hole"]


class _Position:
    """The fields of a notation, read leniently (drawing never raises on
    text the engine printed)."""

    def __init__(self, notation: str) -> None:
        fields = notation.split()
        while len(fields) < 4:
            fields.append("-")
        self.rows: List[str] = fields[0].split("/")
        self.turn = fields[1]
        self.finished = "" if fields[2] == "-" else fields[2]
        self.turns = fields[3] if fields[3] != "-" else "0"
        self.star = len(self.rows) == 17


def text(notation: str) -> str:
    """The rows, one per line (centred for the star board), then the turn."""
    p = _Position(notation)
    width = max(len(r) for r in p.rows)
    lines = []
    for row in p.rows:
        cells = " ".join(row)
        lines.append(cells.center(2 * width - 1).rstrip() if p.star else cells)
    finished = f"; finished: {' '.join(p.finished)}" if p.finished else ""
    who = "game over" if p.turn == "-" else f"seat {p.turn} to move"
    lines.append(f"{who}{finished}; turn {p.turns}")
    return "\n".join(lines)
