"""Pictures of the Halma family (Chinese checkers and Halma), read from the
notation ``<rows> <turn> <finished> <turns>`` (``docs/games/halma-family.md``): rows of holes from
top to bottom, ``.`` for an empty hole or the seat's digit (1 for seat 0).

- Chinese checkers: 17 rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13,
  4, 3, 2, 1 holes, centred, which puts the 121 holes on the hexagonal
  lattice of the star. The six camps (triangles of 10) are tinted with the
  colour of the seat that starts there.
- Halma: 16 rows of 16 on a square board, the corner camps shaded (rows of
  5, 5, 4, 3, 2 with 2 players, 4, 4, 3, 2 with 4).

Under the board, a legend gives each seat's colour and camps, rings the seat
to move, and marks the finished seats with their place.
"""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Tuple

from racegames._draw.scene import Scene

#: Piece colour of each seat, by digit.
SEAT_COLORS = {
    "1": "#d62728",
    "2": "#1f77b4",
    "3": "#2ca02c",
    "4": "#ffbf00",
    "5": "#9467bd",
    "6": "#333333",
}
#: Light tint of each seat's camp, by digit.
CAMP_TINTS = {
    "1": "#f6c9c9",
    "2": "#c6dcf0",
    "3": "#cbe8c8",
    "4": "#fbe7a6",
    "5": "#dfd3ec",
    "6": "#cfcfcf",
}
BOARD = "#e8d2a8"
HOLE = "#f3e6cc"
EMPTY_CAMP = "#dcc59a"
INK = "#3b2a14"

STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
#: Star camps, clockwise from the top, and the camps the seats take.
STAR_CAMP_NAMES = ["top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left"]
STAR_SEAT_CAMPS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}
#: Square camps, clockwise from the top-left.
SQUARE_CAMP_NAMES = ["top-left", "top-right", "bottom-right", "bottom-left"]
SQUARE_SEAT_CAMPS = {2: [0, 2], 4: [0, 1, 2, 3]}


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
        digits = [c for row in self.rows for c in row if c.isdigit()]
        self.star = len(self.rows) == 17
        top = max((int(c) for c in digits), default=2)
        counts = STAR_SEAT_CAMPS if self.star else SQUARE_SEAT_CAMPS
        self.players = min((n for n in counts if n >= top), default=max(counts))
        self.pieces = len(digits) // max(self.players, 1)


def star_camp(row: int, i: int) -> Optional[int]:
    """The camp (0 top, clockwise) of the star hole at ``row``, position ``i``
    (both from 0), or ``None`` on the central hexagon."""
    n = STAR_ROWS[row]
    if row <= 3:
        return 0
    if row >= 13:
        return 3
    if 4 <= row <= 7:
        k = 4 - (row - 4)
        return 5 if i < k else 1 if i >= n - k else None
    if 9 <= row <= 12:
        k = row - 8
        return 4 if i < k else 2 if i >= n - k else None
    return None


def square_camp(row: int, col: int, players: int) -> Optional[int]:
    """The corner camp (0 top-left, clockwise) of a square-board hole."""
    lengths = [5, 5, 4, 3, 2] if players == 2 else [4, 4, 3, 2]
    for camp, (r, c) in enumerate([(row, col), (row, 15 - col), (15 - row, 15 - col), (15 - row, col)]):
        if r < len(lengths) and c < lengths[r]:
            return camp
    return None


def _camp_seats(p: _Position) -> Dict[int, str]:
    """The seat digit of each occupied camp."""
    table = STAR_SEAT_CAMPS if p.star else SQUARE_SEAT_CAMPS
    return {camp: str(seat + 1) for seat, camp in enumerate(table.get(p.players, []))}


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


def _holes(p: _Position, cell: float, margin: float, top: float) -> List[Tuple[float, float, str, Optional[int]]]:
    """(x, y, content, camp) of every hole, the board's first row at ``top + margin``."""
    out = []
    for row, line in enumerate(p.rows):
        for i, c in enumerate(line):
            if p.star:
                x = margin + (13 - len(line) + 2 * i) * cell / 2
                y = top + margin + row * cell * math.sqrt(3) / 2
                camp = star_camp(row, i) if row < 17 and i < STAR_ROWS[row] else None
            else:
                x, y = margin + i * cell, top + margin + row * cell
                camp = square_camp(row, i, p.players)
            out.append((x, y, c, camp))
    return out


def scene(notation: str, cell: int = 26) -> Scene:
    """Holes and pieces coloured by seat, camps tinted, and a legend with
    the seat to move and the finished seats."""
    p = _Position(notation)
    margin = cell * 1.0
    if p.star:
        board_w = 24 * cell / 2
        board_h = 16 * cell * math.sqrt(3) / 2
    else:
        board_w = board_h = 15 * cell
    header = cell * 1.1
    legend_h = cell * 1.6
    w = int(board_w + 2 * margin)
    h = int(header + board_h + 2 * margin + legend_h)
    s = Scene(w, h, background="#fbf8f1")
    status = "game over" if p.turn == "-" else f"seat {p.turn} to move"
    if p.finished:
        status += "; finished: " + ", ".join(p.finished)
    s.text(margin * 0.4, header * 0.72, f"{status}; turn {p.turns}", size=cell * 0.55, anchor="start", fill=INK)
    s.rect(margin * 0.35, header + margin * 0.35, w - margin * 0.7, board_h + margin * 1.3, BOARD, stroke="#8a6a3a", stroke_width=2, radius=cell * 0.6)
    camps = _camp_seats(p)
    if not p.star:
        # Square board: shaded squares under the camps, a light grid elsewhere.
        for x, y, _, camp in _holes(p, cell, margin, header):
            fill = CAMP_TINTS.get(camps.get(camp, ""), EMPTY_CAMP) if camp is not None else HOLE
            s.rect(x - cell / 2 + 1, y - cell / 2 + 1, cell - 2, cell - 2, fill)
    for x, y, c, camp in _holes(p, cell, margin, header):
        if p.star:
            tint = CAMP_TINTS.get(camps.get(camp, ""), EMPTY_CAMP) if camp is not None else HOLE
            s.circle(x, y, cell * 0.47, tint)
        if c in SEAT_COLORS:
            s.circle(x, y, cell * 0.36, SEAT_COLORS[c], stroke="#111111", stroke_width=1)
        else:
            s.circle(x, y, cell * 0.11, "#7a5a2a")
    # Legend: each seat's colour (ringed when it is to move), its place if finished.
    y = header + board_h + margin * 1.65 + legend_h / 2
    x = margin
    names = STAR_CAMP_NAMES if p.star else SQUARE_CAMP_NAMES
    table = STAR_SEAT_CAMPS if p.star else SQUARE_SEAT_CAMPS
    step = (w - 2 * margin) / max(p.players, 1)
    for seat in range(p.players):
        d = str(seat + 1)
        cx = x + seat * step + cell * 0.4
        if d == p.turn:
            s.circle(cx, y, cell * 0.52, None, stroke="#000000", stroke_width=3)
        s.circle(cx, y, cell * 0.36, SEAT_COLORS[d], stroke="#111111", stroke_width=1)
        label = d
        if d in p.finished:
            place = p.finished.index(d) + 1
            label += f" done #{place}"
        elif p.players == 2:
            label += " " + names[table[p.players][seat]]
        s.text(cx + cell * 0.6, y + cell * 0.2, label, size=cell * 0.5, anchor="start", fill=INK)
    return s
