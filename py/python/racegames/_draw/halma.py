"""Pictures of the Halma family (Chinese checkers and Halma), read from the
notation ``<rows> <turn> <finished> <turns>`` (see RULES.md): rows of holes
from top to bottom, ``.`` for an empty hole or the seat's digit.

Chinese checkers' 17 rows are centred, which lays the holes out on the star;
Halma's 16 rows of 16 are a square board.
"""

from __future__ import annotations

from typing import List

from racegames._draw.scene import Scene

#: Fill colour of each seat, by digit.
SEAT_COLORS = {
    "1": "#d62728",
    "2": "#1f77b4",
    "3": "#2ca02c",
    "4": "#ffbf00",
    "5": "#9467bd",
    "6": "#222222",
}


def _fields(notation: str) -> List[str]:
    fields = notation.split()
    while len(fields) < 4:
        fields.append("-")
    return fields


def text(notation: str) -> str:
    """The rows, one per line (centred for the star board), then the turn."""
    fields = _fields(notation)
    rows = fields[0].split("/")
    width = max(len(r) for r in rows)
    star = len(rows) == 17
    lines = []
    for row in rows:
        cells = " ".join(row)
        lines.append(cells.center(2 * width - 1).rstrip() if star else cells)
    finished = "" if fields[2] == "-" else f"; finished: {' '.join(fields[2])}"
    lines.append(f"seat {fields[1]} to move{finished}; turn {fields[3]}")
    return "\n".join(lines)


def scene(notation: str, cell: int = 22) -> Scene:
    """Holes and pieces, coloured by seat, and the seat to move."""
    fields = _fields(notation)
    rows = fields[0].split("/")
    width = max(len(r) for r in rows)
    star = len(rows) == 17
    dy = cell * (0.87 if star else 1.0)
    w = int(cell * (width + 2))
    h = int(dy * len(rows) + cell * 3)
    s = Scene(w, h, background="#fbf8f1")
    s.rect(cell * 0.5, cell * 0.5, w - cell, dy * len(rows) + cell, "#e8d2a8", stroke="#8a6a3a", stroke_width=2, radius=cell)
    for j, row in enumerate(rows):
        y = cell * 1.5 + j * dy
        x0 = w / 2 - (len(row) - 1) * cell / 2 if star else cell * 1.5
        for i, c in enumerate(row):
            x = x0 + i * cell
            if c == ".":
                s.circle(x, y, cell * 0.18, "#7a5a2a")
            else:
                s.circle(x, y, cell * 0.4, SEAT_COLORS.get(c, "#ff00ff"), stroke="#111111", stroke_width=1)
    turn = fields[1]
    ty = dy * len(rows) + cell * 2.3
    if turn in SEAT_COLORS:
        s.circle(cell * 1.2, ty - cell * 0.15, cell * 0.35, SEAT_COLORS[turn], stroke="#111111", stroke_width=1)
    s.text(cell * 1.8, ty, f"seat {turn} to move; turn {fields[3]}", size=cell * 0.55, anchor="start")
    return s
