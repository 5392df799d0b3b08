"""A deliberately simple reference model of Seys dos e as and backgammon.

Written from the rules reference (``docs/games/tables.md`` and the game
pages), not from the Rust crate, with
another representation and another way of finding moves:

- a player's pieces are a sorted tuple of 15 *locations*: a point 1..24 in
  the notation's numbering, ``100 + q`` for a piece waiting to enter the
  (notation) quarter ``q``, or ``OFF`` for a piece borne off;
- a turn is found whole: every sequence of single-die moves is tried in
  every order of the dice, and only the finishing positions of the plays
  that use the most dice are kept (backgammon: and, when only one die of two
  can be used, the larger one if it can be).

It is slow and obvious on purpose and needs only the standard library.

Readings shared with tables-core (documented in its crate docs):
- a player who can use no die passes at once; the turn counter counts
  completed turns (the winning one too); the roll-off is not a turn;
- Seys: bearing off the last piece wins at once and counts as using every
  die; backgammon: a win counts only the dice it used (the strict rule of
  OpenSpiel and GNU Backgammon);
- pieces waiting must all enter before any other piece moves; once none
  waits, the remaining dice may move any piece, an entered one included;
- Seys: a hit piece waits for the quarter diagonally opposite the quarter
  where it was hit (Q1<->Q3, Q2<->Q4), or for Q1 with ``reentry=start``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

OFF = 999
PIECES = 15


class Rules:
    """One tables game with its options."""

    def __init__(self, game: str, params: dict | None = None):
        params = dict(params or {})
        self.game = game
        self.max_turns = int(params.pop("max_turns", 500))
        if game == "seys_dos_e_as":
            self.reentry = params.pop("reentry", "opposite")
            assert self.reentry in ("opposite", "start")
            self.dice = 3
            self.step = {"A": +1, "B": +1}
            winner = {6: 8, 2: 4, 1: 3}
            other = {3: 5, 4: 5, 5: 5}
            self.setups = (winner, other)
        elif game == "backgammon":
            self.scoring = params.pop("scoring", "winloss")
            self.dice = 2
            # A moves from 24 towards 1, B from 1 towards 24.
            self.step = {"A": -1, "B": +1}
        else:
            raise ValueError(game)
        if params:
            raise ValueError(f"unknown parameters {params}")

    # ---- geometry -------------------------------------------------------

    def home(self, player: str, point: int) -> bool:
        """Is the point in the player's last quarter?"""
        if self.step[player] > 0:
            return 19 <= point <= 24
        return 1 <= point <= 6

    def first_quarter(self, player: str) -> int:
        return 1 if self.step[player] > 0 else 4

    def entry_point(self, player: str, quarter: int, die: int) -> int:
        """Where a waiting piece enters: the quarter's first point along the
        player's way, minus 1, plus the die."""
        if self.step[player] > 0:
            return 6 * (quarter - 1) + die
        return 6 * quarter + 1 - die

    def hit_quarter(self, victim: str, point: int) -> int:
        if self.game == "backgammon" or self.reentry == "start":
            return self.first_quarter(victim)
        q = (point - 1) // 6 + 1
        return {1: 3, 2: 4, 3: 1, 4: 2}[q]

    # ---- single moves -----------------------------------------------------

    def single_moves(self, player, own, opp, die):
        """Every (own, opp) after moving one piece of ``player`` with ``die``."""
        out = set()
        waiting = [loc for loc in own if 100 < loc < OFF]
        sources = sorted(set(waiting)) if waiting else sorted(set(l for l in own if l <= 24))
        for src in sources:
            if src > 100:
                target = self.entry_point(player, src - 100, die)
            else:
                target = src + self.step[player] * die
            if 1 <= target <= 24:
                enemy = opp.count(target)
                if enemy >= 2:
                    continue
                new_own = list(own)
                new_own.remove(src)
                new_own.append(target)
                new_opp = list(opp)
                if enemy == 1:
                    new_opp.remove(target)
                    new_opp.append(100 + self.hit_quarter(other(player), target))
                out.add((tuple(sorted(new_own)), tuple(sorted(new_opp))))
            else:
                if not self.may_bear_off(player, own, src, target):
                    continue
                new_own = list(own)
                new_own.remove(src)
                new_own.append(OFF)
                out.add((tuple(sorted(new_own)), opp))
        return out

    def may_bear_off(self, player, own, src, target):
        if any(100 < l < OFF for l in own):
            return False
        if not all(self.home(player, l) for l in own if l <= 24):
            return False
        if self.game == "seys_dos_e_as":
            return True  # any die that carries the piece past 24
        exact = target == 0 or target == 25
        if exact:
            return True
        # A higher die: only from the point farthest from home.
        on = [l for l in own if l <= 24]
        if self.step[player] > 0:
            return src == min(on)
        return src == max(on)

    # ---- whole turns ------------------------------------------------------

    def plays(self, player, own, opp, dice):
        """The set of (own, opp) that finish a turn with these dice."""

        @lru_cache(maxsize=None)
        def rec(own, opp, dice):
            # Returns {(own, opp, dice used)} over every maximal sequence.
            results = set()
            moved = False
            for i, d in enumerate(dice):
                if d in dice[:i]:
                    continue
                rest = dice[:i] + dice[i + 1:]
                for own2, opp2 in self.single_moves(player, own, opp, d):
                    moved = True
                    if all(l == OFF for l in own2) and self.game == "seys_dos_e_as":
                        results.add((own2, opp2, len(dice)))  # a win uses every die
                    elif all(l == OFF for l in own2):
                        results.add((own2, opp2, 1))  # backgammon: the dice it used
                    else:
                        for o, p, used in rec(own2, opp2, rest):
                            results.add((o, p, used + 1))
            if not moved:
                results.add((own, opp, 0))
            return frozenset(results)

        dice = tuple(sorted(dice, reverse=True))
        best = max(used for _, _, used in rec(own, opp, dice))
        finals = {(o, p) for o, p, used in rec(own, opp, dice) if used == best}
        if self.game == "backgammon" and best == 1 and len(set(dice)) == 2:
            # Only one die can be used: the larger one if it can be.
            big = max(dice)
            with_big = self.single_moves(player, own, opp, big)
            if with_big:
                finals = {f for f in finals if f in with_big}
        return finals


def other(player: str) -> str:
    return "B" if player == "A" else "A"


class State:
    """A position: pieces of A and B, turn ('A', 'B' or None), dice (a
    tuple, empty when the player must throw), turns, and whether the game
    is over or the roll-off is still to come."""

    __slots__ = ("a", "b", "turn", "dice", "turns", "phase")

    def __init__(self, a, b, turn, dice, turns, phase):
        self.a, self.b, self.turn, self.dice, self.turns, self.phase = a, b, turn, dice, turns, phase

    def key(self):
        return (self.a, self.b, self.turn, self.dice, self.turns, self.phase)

    def pieces(self, player):
        return self.a if player == "A" else self.b


def parse(rules: Rules, text: str) -> State:
    fields = text.split()
    points, waiting, off, turn, dice = fields[:5]
    turns = int(fields[5]) if len(fields) > 5 else 0
    locs = {"A": [], "B": []}
    entries = points.split(",")
    assert len(entries) == 24
    for i, e in enumerate(entries, start=1):
        if e != ".":
            locs[e[0]] += [i] * int(e[1:])
    if waiting != "-":
        for e in waiting.split(","):
            count, q = e[1:].split("@")
            locs[e[0]] += [100 + int(q)] * int(count)
    na, nb = (int(x) for x in off.split("/"))
    locs["A"] += [OFF] * na
    locs["B"] += [OFF] * nb
    d = () if dice == "-" else tuple(int(c) for c in dice)
    if turn == "-":
        over = na == PIECES or nb == PIECES or (rules.max_turns and turns >= rules.max_turns)
        phase = "over" if over else "rolloff"
        t = None
    else:
        phase = "move" if d else "throw"
        t = turn
    return State(tuple(sorted(locs["A"])), tuple(sorted(locs["B"])), t, d, turns, phase)


def notation(rules: Rules, s: State) -> str:
    points = []
    for i in range(1, 25):
        na, nb = s.a.count(i), s.b.count(i)
        assert not (na and nb)
        points.append(f"A{na}" if na else f"B{nb}" if nb else ".")
    waits = []
    for letter, pieces in (("A", s.a), ("B", s.b)):
        for q in range(1, 5):
            n = pieces.count(100 + q)
            if n:
                waits.append(f"{letter}{n}@{q}")
    dice = "".join(str(d) for d in sorted(s.dice, reverse=True)) or "-"
    return " ".join(
        [
            ",".join(points),
            ",".join(waits) or "-",
            f"{s.a.count(OFF)}/{s.b.count(OFF)}",
            s.turn or "-",
            dice,
            str(s.turns),
        ]
    )


def throws(rules: Rules):
    """The distinct throws, as the dice to play."""
    for faces in combinations_with_replacement(range(1, 7), rules.dice):
        if rules.game == "backgammon" and faces[0] == faces[1]:
            yield (faces[0],) * 4
        else:
            yield faces


def setup(rules: Rules, winner: str):
    """Pieces (A's, B's) once the roll-off is decided."""
    if rules.game == "backgammon":
        a = [24] * 2 + [13] * 5 + [8] * 3 + [6] * 5
        b = [1] * 2 + [12] * 5 + [17] * 3 + [19] * 5
        return tuple(sorted(a)), tuple(sorted(b))
    win, oth = rules.setups
    w = sorted(p for p, n in win.items() for _ in range(n))
    o = sorted(p for p, n in oth.items() for _ in range(n))
    return (tuple(w), tuple(o)) if winner == "A" else (tuple(o), tuple(w))


def finish_turn(rules: Rules, s: State, player: str, own, opp) -> State:
    a, b = (own, opp) if player == "A" else (opp, own)
    turns = s.turns + 1
    if all(l == OFF for l in own) or (rules.max_turns and turns >= rules.max_turns):
        return State(a, b, None, (), turns, "over")
    return State(a, b, other(player), (), turns, "throw")


def play_dice(rules: Rules, s: State, player: str, dice) -> set:
    """The positions at the end of ``player``'s turn with ``dice``."""
    own, opp = (s.a, s.b) if player == "A" else (s.b, s.a)
    return {
        finish_turn(rules, s, player, o, p).key()
        for o, p in rules.plays(player, own, opp, dice)
    }


def turn_ends(rules: Rules, s: State) -> set:
    """Every position at the end of the turn under way in ``s``."""
    if s.phase == "over":
        return set()
    if s.phase == "move":
        return play_dice(rules, s, s.turn, s.dice)
    if s.phase == "throw":
        out = set()
        for dice in throws(rules):
            out |= play_dice(rules, s, s.turn, dice)
        return out
    # The roll-off.
    out = set()
    if rules.game == "backgammon":
        for x in range(1, 7):
            for y in range(1, 7):
                if x != y:
                    starter = "A" if x > y else "B"
                    out |= play_dice(rules, s, starter, (x, y))
        return out
    for winner in "AB":
        a, b = setup(rules, winner)
        out |= turn_ends(rules, State(a, b, winner, (), 0, "throw"))
    return out


def perft(rules: Rules, s: State, depth: int) -> int:
    level = {s.key()}
    for _ in range(depth):
        nxt = set()
        for k in level:
            nxt |= turn_ends(rules, State(*k))
        level = nxt
    return len({notation(rules, State(*k)) for k in level})
