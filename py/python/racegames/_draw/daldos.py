"""Daldøs text boards, read from the notation
``<row B>/<middle>/<row A> <turn> <dice> <turns>`` (see ``docs/games/daldos.md``).
The SVG and RGB pictures are drawn natively (``racegames_draw::daldos``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from racegames._core import _palette

_COLORS = dict(_palette())
#: Colours of each player's pieces in the pictures: (fill, outline).
COLORS = {w: (_COLORS[f"daldos.{w}"], _COLORS[f"daldos.{w}.edge"]) for w in "ab"}
#: The colour of an empty hole in the pictures.
HOLE = _COLORS["daldos.hole"]


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
