"""Pictures of the tables games (Seys dos e as, backgammon and the other
tables games of the Libro de los juegos), read from the notation
``<points> <waiting> <off> <turn> <dice> <turns>`` (``docs/games/tables.md``).

The board is drawn as the text diagram of ``str(state)`` is: points 13 to 24
along the top from left to right, 12 to 1 along the bottom from left to
right, so that Q3 (13-18) is top left, Q4 (19-24) top right, Q2 (7-12)
bottom left and Q1 (1-6) bottom right, with the bar between the halves.
Points are numbered as in the notation: along the route of the player that
moves from 1 towards 24 (both players in Seys dos e as; B in backgammon,
where A moves from 24 towards 1). ``A`` is light, ``B`` dark.

- each point is a tapered bar with its number; its pieces stack from the
  edge, five at most, with the count written on the outermost piece;
- pieces waiting to (re-)enter stand on the bar, on the side of the quarter
  they will enter, with the count and that quarter;
- pieces borne off lie in the tray on the right, with the counts;
- the panel says whose turn it is and shows the dice still to use.

The Libro games add to this:

- 28 points (seven-point quarters) when the notation has 28 entries;
- the half board of Medio emperador: the two unused quarters are shaded;
- a Doblet pair still doubled (``B2^``) is drawn as two pieces stacked on
  one another, marked with a ring;
- dice passed on by the opponent (``p4``) and an extra throw to come
  (``55+``) are said under the dice; a game ended by a rule (``-A``, ``-B``,
  ``-=``) says so.

``scene()`` and ``text()`` take the game's ``Board`` (its title and each
seat's route, from the game itself) for the directions and the track.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from racegames._draw.scene import Scene

#: (fill, outline, text on the piece) of each player's pieces.
COLORS = {"A": ("#f3e6c8", "#7a6040", "#4a3a22"), "B": ("#3b2a1c", "#150d06", "#f3e6c8")}
FELT = "#2f6b3a"
FRAME = "#6e4a22"
POINT_SHADES = ("#d8bf86", "#a6532f")
BAR = "#80592c"
INK = "#2b2b2b"
DIM = "#7a7a7a"

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)],
    7: [(0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.5, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)],
}

@dataclass(frozen=True)
class Board:
    """What a picture needs beyond the notation, from the game itself
    (``Game.display_name``, ``Game.routes()``), so that a variant built from
    options is drawn with its own directions and track."""

    title: str = "Seys dos e as"
    #: Each seat's route: the points (from 1) it passes, in order.
    routes: Tuple[Tuple[int, ...], ...] = (tuple(range(1, 25)), tuple(range(1, 25)))

    @staticmethod
    def of(game: Any) -> "Board":
        """The board of a ``racegames.Game``."""
        return Board(game.display_name, tuple(tuple(r) for r in game.routes()))

    def direction(self, seat: int) -> str:
        """A seat's route in words: its runs of consecutive points
        (``24 → 1``; on the half track ``24 → 19, 6 → 1``)."""
        route = self.routes[seat] if seat < len(self.routes) else ()
        runs: List[List[int]] = []
        for point in route:
            run = runs[-1] if runs else []
            step = point - run[-1] if run else 0
            if abs(step) == 1 and (len(run) == 1 or step == run[-1] - run[-2]):
                run.append(point)
            else:
                runs.append([point])
        return ", ".join(f"{r[0]} → {r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)

    def unused_quarters(self, quarter_len: int) -> Tuple[int, ...]:
        """The quarters (1 to 4) that no route runs over (half the board)."""
        used = {(p - 1) // quarter_len + 1 for route in self.routes for p in route}
        return tuple(q for q in range(1, 5) if q not in used) if used else ()


@dataclass(frozen=True)
class Position:
    """The fields of a tables notation (validation is the engine's job)."""

    points: List[Tuple[str, int]]  # (owner letter or "", count) for points 1..24 (or 28)
    waiting: List[Tuple[str, int, int]]  # (letter, count, quarter 1..4)
    off: Dict[str, int]
    turn: str
    dice: str  # the dice still to use, digits only
    turns: str
    stacked: Tuple[int, ...] = ()  # Doblet: point indices (0 = point 1) of doubled pairs
    passed: bool = False  # the dice were passed on by the opponent
    again: bool = False  # the player throws again after these dice
    result: str = ""  # "A", "B" or "=" for a game ended by a rule

    @property
    def quarter(self) -> int:
        """Points per quarter: 6, or 7 on the 28-point board."""
        return len(self.points) // 4


def _int(text: str) -> int:
    return int(text) if text.isdigit() else 0


def parse(notation: str) -> Position:
    """Splits a notation into its fields; anything unreadable is left empty."""
    fields = notation.split()
    defaults = [",".join(["."] * 24), "-", "0/0", "-", "-", "0"]
    fields = fields + defaults[len(fields):]
    points: List[Tuple[str, int]] = []
    stacked = []
    entries = fields[0].split(",")
    n_points = 28 if len(entries) == 28 else 24
    for k, entry in enumerate(entries[:n_points]):
        if entry.endswith("^"):
            stacked.append(k)
            entry = entry[:-1]
        if entry[:1] in ("A", "B") and entry[1:].isdigit():
            points.append((entry[0], int(entry[1:])))
        else:
            points.append(("", 0))
    points = (points + [("", 0)] * n_points)[:n_points]
    waiting = []
    if fields[1] != "-":
        for entry in fields[1].split(","):
            count, _, quarter = entry[1:].partition("@")
            if entry[:1] in ("A", "B"):
                waiting.append((entry[0], _int(count), min(max(_int(quarter), 1), 4)))
    a_off, _, b_off = fields[2].partition("/")
    turn, result = fields[3], ""
    if turn[:1] == "-" and turn[1:] in ("A", "B", "="):
        turn, result = "-", turn[1:]
    dice = fields[4]
    passed, again = dice.startswith("p"), dice.endswith("+")
    dice = dice.strip("p+") or "-"
    return Position(points, waiting, {"A": _int(a_off), "B": _int(b_off)}, turn, dice, fields[5],
                    tuple(stacked), passed, again, result)


def status(p: Position) -> str:
    """Whose turn it is, or how the game stands."""
    if p.turn not in ("A", "B"):
        if p.result == "=":
            return f"drawn: nobody can move (after {p.turns} turns)"
        if p.result:
            return f"{p.result} has won after {p.turns} turns"
        on_board = {w: sum(n for o, n in p.points if o == w) for w in "AB"}
        waiting = {w: sum(n for o, n, _ in p.waiting if o == w) for w in "AB"}
        done = [w for w in "AB" if p.off[w] and not on_board[w] and not waiting[w]]
        if done:
            return f"{done[0]} has won after {p.turns} turns"
        if p.turns == "0" and not p.off["A"] and not p.off["B"]:
            return "before the roll-off"
        if p.turns != "0":
            return f"over after {p.turns} turns"
        return f"stopped at the turn limit ({p.turns} turns)"
    if p.dice == "-":
        return f"{p.turn} to throw (turn {p.turns})"
    how = "passed dice " if p.passed else ""
    more = ", then throws again" if p.again else ""
    return f"{p.turn} to play {how}{' '.join(p.dice)}{more} (turn {p.turns})"


def text(notation: str, board: Board = Board()) -> str:
    """The 24 points in two rows, then waiting and borne-off pieces."""
    p = parse(notation)

    q = p.quarter

    def cell(k: int) -> str:
        owner, n = p.points[k]
        mark = "^" if k in p.stacked else ""
        return f"{owner}{n}{mark}".rjust(4) if n else "   ."

    def row(ks: List[int], f) -> str:
        return "".join(f(k) + (" |" if i == q - 1 else "") for i, k in enumerate(ks))

    top, bottom = list(range(2 * q, 4 * q)), list(range(2 * q - 1, -1, -1))
    waiting = ", ".join(f"{w}{n} for Q{q}" for w, n, q in p.waiting) or "none"
    return "\n".join(
        [
            row(top, lambda k: f"{k + 1:>4}"),
            row(top, cell),
            row(bottom, cell),
            row(bottom, lambda k: f"{k + 1:>4}"),
            f"waiting: {waiting}; borne off: A {p.off['A']}, B {p.off['B']}",
            f"{status(p)}; A moves {board.direction(0)}, B moves {board.direction(1)}",
        ]
    )


def _piece(s: Scene, x: float, y: float, r: float, owner: str, label: Optional[str] = None) -> None:
    fill, edge, ink = COLORS.get(owner, ("#ff00ff", "#000000", "#000000"))
    s.circle(x, y, r, fill, stroke=edge, stroke_width=max(r * 0.12, 1.0))
    s.circle(x, y, r * 0.62, None, stroke=edge, stroke_width=max(r * 0.05, 0.6))
    if label:
        s.text(x, y + r * 0.36, label, size=r * 1.0, fill=ink, font="sans-serif")


def _die(s: Scene, x: float, y: float, size: float, face: int) -> None:
    s.rect(x, y, size, size, "#fffdf6", stroke="#333333", stroke_width=1.5, radius=size * 0.16)
    for u, v in PIPS.get(face, []):
        s.circle(x + u * size, y + v * size, size * 0.085, "#222222")


def scene(notation: str, board: Board = Board(), cell: int = 36) -> Scene:
    """The position as shapes (see the module docs)."""
    p = parse(notation)
    ql = p.quarter
    n_points = 4 * ql
    c = float(cell)
    frame = 0.3 * c
    bar_w = 1.3 * c
    half_w = ql * c
    board_x = 0.4 * c  # left edge of the frame
    play_x = board_x + frame  # left edge of the playing area
    top_y = 0.75 * c  # top edge of the frame (numbers above)
    point_len = 4.6 * c
    gap = 1.1 * c
    play_h = 2 * point_len + gap
    board_w = 2 * half_w + bar_w + 2 * frame
    board_h = play_h + 2 * frame
    tray_x = board_x + board_w + 0.25 * c
    tray_w = 1.3 * c
    panel_x = tray_x + tray_w + 0.5 * c
    panel_w = 5.2 * c
    width = int(panel_x + panel_w)
    height = int(top_y + board_h + 0.8 * c)
    s = Scene(width, height, background="#fbf8f1")

    s.rect(board_x, top_y, board_w, board_h, FRAME, stroke="#3f2912", stroke_width=2, radius=c * 0.15)
    s.rect(play_x, top_y + frame, half_w, play_h, FELT)
    s.rect(play_x + half_w + bar_w, top_y + frame, half_w, play_h, FELT)
    bar_x = play_x + half_w
    s.rect(bar_x, top_y + frame, bar_w, play_h, BAR)
    y_top_edge = top_y + frame
    y_bottom_edge = top_y + frame + play_h
    mid_y = y_top_edge + play_h / 2

    def column_x(k: int) -> float:
        """Centre x of point index k (0 = point 1)."""
        col = k - 2 * ql if k >= 2 * ql else 2 * ql - 1 - k
        x = play_x + col * c + c / 2
        return x + bar_w if col >= ql else x

    # Quarter names in the middle of each half.
    for q, (cx, cy) in {
        3: (play_x + half_w / 2, mid_y - gap * 0.12),
        4: (bar_x + bar_w + half_w / 2, mid_y - gap * 0.12),
        2: (play_x + half_w / 2, mid_y + gap * 0.42),
        1: (bar_x + bar_w + half_w / 2, mid_y + gap * 0.42),
    }.items():
        first = ql * (q - 1) + 1
        unused = q in board.unused_quarters(ql)
        if unused:
            # Half the board: the quarters no route runs over are shaded.
            x0 = play_x if q in (2, 3) else bar_x + bar_w
            y0 = y_top_edge if q in (3, 4) else mid_y
            s.rect(x0, y0, half_w, play_h / 2, "#1d4124")
        span = "not used" if unused else f"({first}\u2013{first + ql - 1})"
        s.text(cx, cy, f"Q{q}  {span}", size=c * 0.32, fill="#9cc3a3")

    r = c * 0.44
    steps = 8
    for k in range(n_points):
        top = k >= 2 * ql
        x = column_x(k)
        shade = POINT_SHADES[k % 2]
        # A tapered bar: steps of decreasing width towards the middle.
        for i in range(steps):
            w = c * 0.9 * (1 - i / steps)
            h = point_len / steps
            y = y_top_edge + i * h if top else y_bottom_edge - (i + 1) * h
            s.rect(x - w / 2, y, w, h + 0.5, shade)
        number_y = top_y - 0.2 * c if top else top_y + board_h + 0.5 * c
        s.text(x, number_y, str(k + 1), size=c * 0.36, fill=INK)
        owner, n = p.points[k]
        if not n:
            continue
        if k in p.stacked:
            # A doubled pair: two pieces on one another, ringed.
            y = y_top_edge + r if top else y_bottom_edge - r
            shift = r * 0.35 if top else -r * 0.35
            _piece(s, x, y, r, owner)
            _piece(s, x, y + shift, r, owner, "2")
            s.circle(x, y + shift, r * 1.12, None, stroke="#f2c14e", stroke_width=max(r * 0.12, 1.5))
            continue
        shown = min(n, 5)
        for i in range(shown):
            y = y_top_edge + r + 2 * r * i if top else y_bottom_edge - r - 2 * r * i
            label = str(n) if (i == shown - 1 and n > 1) else None
            _piece(s, x, y, r, owner, label)

    # Waiting pieces on the bar, on the side of the quarter they enter, each
    # with its count on it and the quarter under it.
    rw = c * 0.36
    step = 2 * rw + 0.42 * c
    upper = sorted((w for w in p.waiting if w[2] in (3, 4)), key=lambda w: (w[2], w[0]))
    lower = sorted((w for w in p.waiting if w[2] in (1, 2)), key=lambda w: (w[2], w[0]))
    for group, sign in ((upper, -1), (lower, 1)):
        for i, (owner, n, q) in enumerate(group):
            if sign < 0:
                y = mid_y - gap / 2 - 0.2 * c - rw - i * step
            else:
                y = mid_y + gap / 2 + rw + i * step
            _piece(s, bar_x + bar_w / 2, y, rw, owner, str(n))
            label = f"\u2190Q{q}" if q in (2, 3) else f"Q{q}\u2192"
            s.text(bar_x + bar_w / 2, y + rw + 0.3 * c, label, size=c * 0.28, fill="#fff4d6")

    # The tray of borne-off pieces: B above, A below.
    s.rect(tray_x, top_y, tray_w, board_h, FRAME, stroke="#3f2912", stroke_width=2, radius=c * 0.15)
    inner_x, inner_w = tray_x + 0.15 * c, tray_w - 0.3 * c
    s.rect(inner_x, y_top_edge, inner_w, play_h, FELT)
    slab = min(point_len / 17, c * 0.3)
    for owner, top in (("B", True), ("A", False)):
        n = min(p.off.get(owner, 0), 17)
        fill, edge, _ = COLORS[owner]
        for i in range(n):
            y = y_top_edge + 0.1 * c + i * slab if top else y_bottom_edge - 0.1 * c - (i + 1) * slab
            s.rect(inner_x + 0.06 * c, y, inner_w - 0.12 * c, slab - 1, fill, stroke=edge, stroke_width=1)
        label_y = top_y - 0.2 * c if top else top_y + board_h + 0.5 * c
        s.text(tray_x + tray_w / 2, label_y, f"{owner} off {p.off.get(owner, 0)}", size=c * 0.3, fill=INK)

    # The panel: whose turn, the dice, the directions.
    y = top_y + 0.55 * c
    s.text(panel_x, y, board.title, size=c * 0.42, fill=INK, anchor="start")
    y += 0.9 * c
    if p.turn in ("A", "B"):
        _piece(s, panel_x + r, y, r * 0.8, p.turn)
        verb = "to throw" if p.dice == "-" else "to play"
        s.text(panel_x + 2.3 * r, y + 0.13 * c, f"{p.turn} {verb}", size=c * 0.4, fill=INK, anchor="start")
        y += 0.8 * c
        if p.dice != "-":
            size = c * 0.95
            for j, ch in enumerate(p.dice[:4]):
                _die(s, panel_x + j * size * 1.18, y, size, int(ch) if ch.isdigit() else 0)
            y += size + 0.4 * c
            note = "dice passed by the opponent" if p.passed else "dice still to use"
            if p.again:
                note += "; then throws again"
            s.text(panel_x, y, note, size=c * 0.28, fill=DIM, anchor="start")
    else:
        s.text(panel_x, y + 0.13 * c, status(p), size=c * 0.34, fill=INK, anchor="start")
    y += 0.8 * c
    s.text(panel_x, y, f"turns completed: {p.turns}", size=c * 0.3, fill=DIM, anchor="start")
    y += 0.9 * c
    for seat, owner in enumerate(("A", "B")):
        _piece(s, panel_x + r * 0.6, y - 0.1 * c, r * 0.55, owner)
        s.text(panel_x + 1.5 * r, y, f"{owner} moves {board.direction(seat)}", size=c * 0.32, fill=INK, anchor="start")
        y += 0.7 * c
    if p.waiting:
        y += 0.2 * c
        s.text(panel_x, y, "waiting to enter:", size=c * 0.28, fill=INK, anchor="start")
        for who, count, quarter in p.waiting:
            y += 0.42 * c
            s.text(panel_x + 0.3 * c, y, f"{who}{count} for Q{quarter}", size=c * 0.28, fill=INK, anchor="start")
    return s
