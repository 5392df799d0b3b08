"""Daldøs pictures, read from the notation
``<row B>/<middle>/<row A> <turn> <dice> <turns>`` (see ``docs/games/daldos.md``).

Rows are drawn from the stern (index 0, left) to the prow (right): row B on
top, the middle row (one hole longer, its extra hole at the prow) in the
middle, row A at the bottom. ``a``/``b`` are undalled pieces, ``A``/``B``
dalled ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from racegames._draw.scene import Scene

#: Colours of each player's pieces: (fill, outline).
COLORS = {"a": ("#f6ecd4", "#6b5434"), "b": ("#3a2718", "#1b120a")}
WOOD = "#c89a5b"
WOOD_EDGE = "#7a5426"
HOLE = "#5b3b17"


@dataclass(frozen=True)
class Position:
    """The fields of a Daldøs notation."""

    row_b: str
    middle: str
    row_a: str
    turn: str
    dice: str
    turns: str

    @property
    def n(self) -> int:
        return len(self.row_a)

    def hole_name(self, row: str, index: int) -> str:
        """The hole's name as the engine writes it: ``a3``, ``m16``, ``b0``."""
        return f"{row}{index}"


def parse(notation: str) -> Position:
    """Splits a notation into its fields (validation is the engine's job)."""
    fields = notation.split()
    while len(fields) < 4:
        fields.append("-")
    if len(fields) < 5:
        fields.append("0")
    rows = fields[0].split("/")
    if len(rows) != 3:
        raise ValueError(f"not a Daldøs notation: {notation!r}")
    b, m, a = rows
    return Position(b, m, a, fields[1], fields[2], fields[3] if len(fields) > 3 else "0")


def _status(p: Position) -> str:
    if p.turn == "-":
        if "a" in p.row_a.lower() + p.middle.lower() + p.row_b.lower() and p.turns == "0":
            return "roll-off to come"
        return "game over"
    dice = "to throw" if p.dice == "-" else "dice " + " ".join(p.dice)
    return f"{p.turn} to move, {dice}"


def text(notation: str) -> str:
    """A text board: row B on top, row A at the bottom, stern on the left."""
    p = parse(notation)
    width = len(p.middle)
    index = " ".join(f"{i % 10}" for i in range(width))

    def row(label: str, cells: str) -> str:
        return f"{label}  " + " ".join(cells)

    lines = [
        "    " + index,
        row("b ", p.row_b),
        row("m ", p.middle),
        row("a ", p.row_a),
        ("    stern".ljust(4 + 2 * (width - 1) - 3) + "prow"),
        f"{_status(p)}; turn {p.turns}  (a/b undalled, A/B dalled)",
    ]
    return "\n".join(lines)


def _pips(face: int) -> List[Tuple[float, float]]:
    layout = {
        1: [(0.5, 0.5)],
        2: [(0.25, 0.25), (0.75, 0.75)],
        3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    }
    return layout.get(face, [])


def scene(notation: str, cell: int = 28) -> Scene:
    """The board as shapes: holes, pieces (undalled pieces as rings, dalled
    ones solid with a mark), the player to move and the dice to use."""
    p = parse(notation)
    width = len(p.middle)
    margin = cell
    board_w = width * cell + cell
    board_h = 3 * cell + cell // 2
    panel = 4 * cell
    scene = Scene(board_w + 2 * margin + panel, board_h + 2 * margin + cell // 2, background="#fbf8f1")
    x0, y0 = margin, margin
    scene.rect(x0, y0, board_w, board_h, WOOD, stroke=WOOD_EDGE, stroke_width=2, radius=cell / 2)
    r = cell * 0.36
    rows: List[Tuple[str, str, float]] = [
        ("b", p.row_b, y0 + cell * 0.75),
        ("m", p.middle, y0 + cell * 1.75),
        ("a", p.row_a, y0 + cell * 2.75),
    ]
    for label, cells, y in rows:
        scene.text(x0 - cell * 0.4, y + 4, label, size=cell * 0.4, fill="#555555")
        for i, c in enumerate(cells):
            x = x0 + cell * (i + 1)
            scene.circle(x, y, r * 0.55, HOLE)
            if c == ".":
                continue
            fill, edge = COLORS.get(c.lower(), ("#ff00ff", "#000000"))
            if c.islower():
                # Undalled: a ring in the player's colour, hollow centre.
                scene.circle(x, y, r * 0.85, WOOD, stroke=fill, stroke_width=r * 0.45)
                scene.circle(x, y, r * 1.08, None, stroke=edge, stroke_width=1)
            else:
                # Dalled: a solid disc showing its mark.
                scene.circle(x, y, r, fill, stroke=edge, stroke_width=1.5)
                mark = COLORS["b" if c == "A" else "a"][0]
                scene.circle(x, y, r * 0.3, mark)
    for i in range(width):
        scene.text(x0 + cell * (i + 1), y0 + board_h + cell * 0.45, str(i), size=cell * 0.32, fill="#777777")
    scene.text(x0 + cell, y0 - cell * 0.3, "stern", size=cell * 0.35, fill="#777777")
    scene.text(x0 + cell * width, y0 - cell * 0.3, "prow", size=cell * 0.35, fill="#777777")

    # Side panel: whose turn, and the dice still to use.
    px = x0 + board_w + cell * 0.6
    scene.text(px, y0 + cell * 0.5, _status(p), size=cell * 0.36, anchor="start")
    if p.turn in ("A", "B"):
        fill, edge = COLORS[p.turn.lower()]
        scene.circle(px + cell * 0.4, y0 + cell * 1.2, r * 0.8, fill, stroke=edge, stroke_width=1.5)
    if p.dice not in ("-", ""):
        for k, ch in enumerate(p.dice):
            face = int(ch) if ch.isdigit() else 0
            dx = px + k * cell * 1.4
            dy = y0 + cell * 1.8
            size = cell * 1.1
            scene.rect(dx, dy, size, size, "#fffdf7", stroke="#333333", stroke_width=1.5, radius=size * 0.15)
            for u, v in _pips(face):
                scene.circle(dx + u * size, dy + v * size, size * 0.09, "#222222")
    scene.text(px, y0 + board_h + cell * 0.45, f"turn {p.turns}", size=cell * 0.32, anchor="start", fill="#777777")
    return scene


def hole_names(notation: str) -> List[str]:
    """Every hole's name in board order: row A, the middle row, row B."""
    p = parse(notation)
    return (
        [f"a{i}" for i in range(len(p.row_a))]
        + [f"m{i}" for i in range(len(p.middle))]
        + [f"b{i}" for i in range(len(p.row_b))]
    )


def piece_at(notation: str, hole: str) -> Optional[str]:
    """The piece letter on a named hole, or ``None`` if it is empty."""
    p = parse(notation)
    row = {"a": p.row_a, "m": p.middle, "b": p.row_b}[hole[0]]
    c = row[int(hole[1:])]
    return None if c == "." else c
