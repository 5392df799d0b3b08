"""Pictures of the tables games (Seys dos e as, backgammon), read from the
notation ``<points> <waiting> <off> <turn> <dice> <turns>`` (see RULES.md).

Points 13 to 24 run along the top from left to right and points 12 to 1
along the bottom, as on a backgammon board; ``A`` is light, ``B`` dark.
"""

from __future__ import annotations

from typing import List, Tuple

from racegames._draw.scene import Scene

COLORS = {"A": ("#f6ecd4", "#6b5434"), "B": ("#3a2718", "#1b120a")}

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}


def _fields(notation: str) -> List[str]:
    fields = notation.split()
    defaults = [",".join(["."] * 24), "-", "0/0", "-", "-", "0"]
    return fields + defaults[len(fields):]


def _points(field: str) -> List[Tuple[str, int]]:
    out = []
    for entry in field.split(","):
        if entry in (".", "") or not entry[1:].isdigit():
            out.append(("", 0))
        else:
            out.append((entry[0], int(entry[1:])))
    return (out + [("", 0)] * 24)[:24]


def _status(fields: List[str]) -> str:
    turn, dice = fields[3], fields[4]
    if turn == "-":
        return "game over" if dice == "-" and fields[5] != "0" else "roll-off to come"
    return f"{turn} to move, " + ("to throw" if dice == "-" else "dice " + " ".join(dice))


def text(notation: str) -> str:
    """The 24 points in two rows, then waiting and borne-off pieces."""
    fields = _fields(notation)
    pts = _points(fields[0])

    def cell(k: int) -> str:
        owner, n = pts[k]
        return f"{owner}{n}".rjust(4) if n else "   ."

    top = "".join(cell(k) for k in range(12, 24))
    bottom = "".join(cell(k) for k in range(11, -1, -1))
    labels_top = "".join(f"{k + 1:>4}" for k in range(12, 24))
    labels_bottom = "".join(f"{k + 1:>4}" for k in range(11, -1, -1))
    return "\n".join(
        [
            labels_top,
            top,
            bottom,
            labels_bottom,
            f"waiting {fields[1]}; off A/B {fields[2]}; {_status(fields)}; turn {fields[5]}",
        ]
    )


def scene(notation: str, cell: int = 30) -> Scene:
    """The board with stacked pieces (a count on tall stacks), the pieces
    waiting and borne off, and the dice still to use."""
    fields = _fields(notation)
    pts = _points(fields[0])
    w = cell * 13 + cell * 5
    h = cell * 12
    s = Scene(w, h, background="#fbf8f1")
    s.rect(cell * 0.5, cell * 0.5, cell * 12.5, h - cell, "#2f6b3a", stroke="#173a1e", stroke_width=3, radius=6)
    r = cell * 0.42
    for k in range(24):
        top = k >= 12
        col = (k - 12) if top else (11 - k)
        x = cell * (1 + col) + (cell * 0.5 if col >= 6 else 0)
        shade = "#d9c08a" if k % 2 == 0 else "#a0522d"
        if top:
            s.rect(x - cell * 0.4, cell * 0.6, cell * 0.8, cell * 4.6, shade)
            s.text(x, cell * 0.45, str(k + 1), size=cell * 0.3, fill="#555555")
        else:
            s.rect(x - cell * 0.4, h - cell * 5.2, cell * 0.8, cell * 4.6, shade)
            s.text(x, h - cell * 0.15, str(k + 1), size=cell * 0.3, fill="#555555")
        owner, n = pts[k]
        if not n:
            continue
        fill, edge = COLORS.get(owner, ("#ff00ff", "#000000"))
        for i in range(min(n, 5)):
            y = cell * (1.05 + 0.9 * i) if top else h - cell * (1.05 + 0.9 * i)
            s.circle(x, y, r, fill, stroke=edge, stroke_width=1.5)
        if n > 5:
            y = cell * (1.05 + 0.9 * 4) if top else h - cell * (1.05 + 0.9 * 4)
            s.text(x, y + cell * 0.12, str(n), size=cell * 0.35, fill=edge if owner == "A" else "#ffffff")
    px = cell * 13.6
    s.text(px, cell * 1.2, _status(fields), size=cell * 0.38, anchor="start")
    s.text(px, cell * 2.0, f"waiting: {fields[1]}", size=cell * 0.34, anchor="start")
    s.text(px, cell * 2.7, f"off (A/B): {fields[2]}", size=cell * 0.34, anchor="start")
    s.text(px, cell * 3.4, f"turn {fields[5]}", size=cell * 0.34, anchor="start", fill="#777777")
    dice = fields[4] if fields[4] != "-" else ""
    for j, ch in enumerate(dice[:4]):
        face = int(ch) if ch.isdigit() else 0
        dx, dy, size = px + j * cell * 1.1, cell * 4.2, cell * 0.9
        s.rect(dx, dy, size, size, "#fffdf7", stroke="#333333", stroke_width=1.5, radius=size * 0.15)
        for u, v in PIPS.get(face, []):
            s.circle(dx + u * size, dy + v * size, size * 0.08, "#222222")
    return s
