"""Text boards of the tables games (Seys dos e as, backgammon and the other
tables games of the Libro de los juegos), read from the notation
``<points> <waiting> <off> <turn> <dice> <turns>`` (``docs/games/tables.md``):
points 13 to 24 in the top row, 12 to 1 in the bottom row, then the waiting
and borne-off pieces, the status and each seat's direction. The SVG and RGB
pictures are drawn natively (``racegames_draw::tables``).

``text()`` takes the game's ``Board`` (each seat's route, from the game
itself) for the directions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Board:
    """What a text board needs beyond the notation, from the game itself
    (``Game.routes()``), so that a variant built from options is described
    with its own directions."""

    #: Each seat's route: the points (from 1) it passes, in order.
    routes: Tuple[Tuple[int, ...], ...] = (tuple(range(1, 25)), tuple(range(1, 25)))

    @staticmethod
    def of(game: Any) -> "Board":
        """The board of a ``racegames.Game``."""
        return Board(tuple(tuple(r) for r in game.routes()))

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
