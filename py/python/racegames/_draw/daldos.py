"""Daldøs pictures, read from the notation
``<row B>/<middle>/<row A> <turn> <dice> <turns>`` (see ``docs/games/daldos.md``).

The board is drawn as the boat it is: rows run from the stern (index 0,
left) to the prow (right), row B on top, the middle row (one hole longer,
its extra hole in the prow) in the middle, row A at the bottom. Pieces are
spatulas standing in the holes: ``a``/``b`` (undalled) are turned across
the row, ``A``/``B`` (dalled) along it; A's are wide and thin, B's
obelisk-shaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from racegames._draw.scene import Scene

Point = Tuple[float, float]

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


def _bezier(p0: Point, c: Point, p1: Point, steps: int = 10) -> List[Point]:
    """Points of the quadratic Bézier curve from ``p0`` to ``p1`` (``p0`` left out)."""
    out = []
    for k in range(1, steps + 1):
        t = k / steps
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]))
    return out


def hull(stern: float, prow_start: float, tip: float, top: float, middle: float, bottom: float, bend: float) -> List[Point]:
    """The outline of a boat: a square stern with rounded corners at x
    ``stern``, straight sides from ``top`` to ``bottom``, and bows that
    curve in from ``prow_start`` to the point of the prow at (``tip``,
    ``middle``)."""
    points: List[Point] = [(stern + bend, top), (prow_start, top)]
    # The bows: tangent to the sides where they start, meeting in a point.
    reach = (tip - prow_start) * 0.55
    points += _bezier((prow_start, top), (prow_start + reach, top), (tip, middle))
    points += _bezier((tip, middle), (prow_start + reach, bottom), (prow_start, bottom))
    points.append((stern + bend, bottom))
    points += _bezier((stern + bend, bottom), (stern, bottom), (stern, bottom - bend), 4)
    points.append((stern, top + bend))
    points += _bezier((stern, top + bend), (stern, top), (stern + bend, top), 4)[:-1]
    return points


def piece(scene: Scene, x: float, y: float, letter: str, cell: float) -> None:
    """A spatula-shaped piece standing in the hole at (``x``, ``y``):
    undalled (``a``, ``b``) turned across the row, dalled (``A``, ``B``)
    turned along it. A's pieces are wide and thin, B's obelisk-shaped."""
    fill, edge = COLORS.get(letter.lower(), ("#ff00ff", "#000000"))
    along = letter.isupper()
    long, short = cell * 0.86, cell * 0.34
    if letter.lower() == "a":
        w, h = (long, short) if along else (short, long)
        scene.rect(x - w / 2, y - h / 2, w, h, fill, stroke=edge, stroke_width=1.5, radius=short * 0.3)
        return
    # An obelisk: a tapering shaft ending in a point.
    half, tip = short * 0.42, long / 2
    shaft = [(-tip, -half), (tip - half * 1.6, -half * 0.7), (tip, 0.0), (tip - half * 1.6, half * 0.7), (-tip, half)]
    if along:
        points = [(x + u, y + v) for u, v in shaft]
    else:
        points = [(x + v, y - u) for u, v in shaft]
    scene.polygon(points, fill, stroke=edge, stroke_width=1.5)


def scene(notation: str, cell: int = 28) -> Scene:
    """The board as shapes: a boat-shaped board whose middle row has its
    extra hole in the prow, the pieces turned across the row (undalled) or
    along it (dalled), the player to move, the dice to use, and a legend."""
    p = parse(notation)
    width = len(p.middle)
    margin = cell
    board_w = width * cell + cell * 2.6
    board_h = 3 * cell + cell // 2
    panel = 6 * cell
    legend_h = cell * 1.6
    scene = Scene(
        int(board_w + 2 * margin + panel),
        int(board_h + 2 * margin + cell // 2 + legend_h),
        background="#fbf8f1",
    )
    x0, y0 = margin, margin
    rows: List[Tuple[str, str, float]] = [
        ("b", p.row_b, y0 + cell * 0.75),
        ("m", p.middle, y0 + cell * 1.75),
        ("a", p.row_a, y0 + cell * 2.75),
    ]

    def hole_x(i: int) -> float:
        return x0 + cell * (i + 1)

    outline = hull(
        stern=x0 + cell * 0.2,
        prow_start=hole_x(width - 2) + cell * 0.1,
        tip=hole_x(width - 1) + cell * 1.5,
        top=y0,
        middle=rows[1][2],
        bottom=y0 + board_h,
        bend=cell * 0.35,
    )
    scene.polygon(outline, WOOD, stroke=WOOD_EDGE, stroke_width=2)
    for label, cells, y in rows:
        scene.text(x0 - cell * 0.4, y + 4, label, size=cell * 0.4, fill="#555555")
        for i, c in enumerate(cells):
            scene.circle(hole_x(i), y, cell * 0.2, HOLE)
            if c != ".":
                piece(scene, hole_x(i), y, c, cell)
    for i in range(width):
        scene.text(hole_x(i), y0 + board_h + cell * 0.5, str(i), size=cell * 0.32, fill="#777777")
    scene.text(x0 + cell, y0 - cell * 0.3, "stern", size=cell * 0.35, fill="#777777")
    scene.text(hole_x(width - 1) + cell * 0.6, y0 - cell * 0.3, "prow", size=cell * 0.35, fill="#777777")

    # Side panel: whose turn, and the dice still to use.
    px = x0 + board_w + cell * 0.6
    scene.text(px, y0 + cell * 0.5, _status(p), size=cell * 0.36, anchor="start")
    if p.turn in ("A", "B"):
        piece(scene, px + cell * 0.5, y0 + cell * 1.35, p.turn, cell)
    if p.dice not in ("-", ""):
        for k, ch in enumerate(p.dice):
            face = int(ch) if ch.isdigit() else 0
            dx = px + cell * 1.3 + k * cell * 1.4
            dy = y0 + cell * 0.8
            size = cell * 1.1
            scene.rect(dx, dy, size, size, "#fffdf7", stroke="#333333", stroke_width=1.5, radius=size * 0.15)
            for u, v in _pips(face):
                scene.circle(dx + u * size, dy + v * size, size * 0.09, "#222222")
    scene.text(px, y0 + cell * 2.6, f"turn {p.turns}", size=cell * 0.32, anchor="start", fill="#777777")

    # Legend: each player's pieces, undalled and dalled.
    ly = y0 + board_h + cell * 1.5
    lx: float = x0
    for letter, words in (("a", "A undalled (across the row)"), ("A", "A dalled (along the row)"),
                          ("b", "B undalled"), ("B", "B dalled")):
        piece(scene, lx + cell * 0.5, ly, letter, cell)
        scene.text(lx + cell * 1.1, ly + cell * 0.13, words, size=cell * 0.34, anchor="start", fill="#333333")
        lx += cell * (1.6 + 0.2 * len(words))
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
