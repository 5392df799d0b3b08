"""A deliberately simple reference model of the tables games: Seys dos e as,
backgammon and the other tables games of Alfonso X's *Libro de los juegos*.

Written from the rules reference (``docs/games/tables.md``, the game pages,
and ``docs/games/libro/`` for the other Libro games), not from the Rust
crate, with another representation and another way of finding moves:

- a player's pieces are a sorted tuple of *locations*: a point in the
  notation's numbering (1..24, or 1..28 with seven-point quarters),
  ``100 + q`` for a piece waiting to enter the (notation) quarter ``q``,
  ``STACK + p`` for each of the two pieces of a Doblet pair still doubled on
  point ``p``, or ``OFF`` for a piece borne off;
- each player's route is an explicit list of notation points;
- a turn is found whole: every sequence of single-die moves is tried in
  every order of the dice, and only the finishing positions of the plays
  that use the most dice are kept (backgammon: and, when only one die of two
  can be used, the larger one if it can be).

It is slow and obvious on purpose and needs only the standard library.

Readings shared with racegames-tables (documented in its crate docs and the
game pages):
- a player who can use no die passes at once; the turn counter counts
  completed turns (the winning one, and a failed throw, too); the roll-off
  is not a turn; extra throws and the use of passed dice belong to the turn
  of the player who makes them;
- bearing off the last piece (or filling the last quarter) wins at once and
  counts as using every die, except in backgammon (the strict rule of
  OpenSpiel and GNU Backgammon);
- pieces waiting must all enter before any other piece moves (unless entry
  is free); once none waits, the remaining dice may move any piece;
- the prime is checked when a player is about to throw; the tie (nobody can
  use any single die) when a player is about to throw after the board has
  changed; a prime is checked before the tie;
- dice passed to the opponent that he cannot use in turn are lost.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

OFF = 999
STACK = 300


def other(player: str) -> str:
    return "B" if player == "A" else "A"


def _closed_plus_one(closed: int) -> dict:
    """Two on each of route points 1..closed, one on the next."""
    setup = {r: 2 for r in range(1, closed + 1)}
    setup[closed + 1] = 1
    return setup


def _choose(params: dict, key: str, values: tuple):
    """Pops an option; the first value is the default."""
    value = params.pop(key, values[0])
    assert value in values, (key, value)
    return value


class Rules:
    """One tables game with its options, as its ruling describes it."""

    def __init__(self, game: str, params: dict | None = None):
        params = dict(params or {})
        self.game = game
        self.max_turns = int(params.pop("max_turns", 500))
        # Defaults of the Libro games (the common conventions).
        self.dice, self.faces, self.qlen, self.pieces = 3, 6, 6, 15
        self.step = {"A": -1, "B": +1}  # opposite directions
        self.half = False
        self.roll_off = "coin"
        self.reentry = "start"
        self.closes = 2
        self.bear = "any"  # any | exact | exact_or_higher | none (fill the last quarter)
        self.strict_win = False  # backgammon: a win counts only the dice it used
        self.larger = False  # backgammon: the larger die when only one can be used
        self.twice = False
        self.prime = self.tie = self.extra = self.doblet = False
        self.unusable = "forfeit"
        self.free_entry = False
        self.stack_limit = 0
        self.fixed = 0
        self.pass_to_unstacker = True
        self.scoring = "winloss"
        setup = None  # equal set-ups: one dict; else (winner's, other's)
        if game == "seys_dos_e_as":
            self.reentry = _choose(params, "reentry", ("opposite", "start"))
            self.step = {"A": +1, "B": +1}
            setup = ({6: 8, 2: 4, 1: 3}, {3: 5, 4: 5, 5: 5})
        elif game == "backgammon":
            self.scoring = _choose(params, "scoring", ("winloss", "gammons", "backgammons"))
            self.dice, self.twice, self.roll_off = 2, True, "opening"
            self.bear, self.strict_win, self.larger = "exact_or_higher", True, True
            setup = {1: 2, 12: 5, 17: 3, 19: 5}
        elif game == "quinze_tablas":
            self.bear = _choose(params, "bear_off", ("exact", "any"))
            self.stack_limit = _choose(params, "stack_limit", (0, 2))
            self.prime = self.tie = True
            setup = _closed_plus_one(7)
        elif game == "doze_canes":
            self.dice = _choose(params, "dice", (2, 3))
            self.free_entry = _choose(params, "entry", ("forced", "free")) == "free"
            self.pieces, self.step, self.bear, self.tie = 12, {"A": +1, "B": +1}, "none", True
            setup = "waiting"
        elif game == "doblet":
            self.dice = _choose(params, "dice", (3, 2))
            self.pass_to_unstacker = _choose(params, "pass_to_unstacker", (True, False))
            self.pieces, self.doblet, self.unusable = 12, True, "to_opponent"
            setup = {p: 2 for p in range(1, 7)}
        elif game == "fallas":
            self.unusable = _choose(params, "unusable_die", ("lose", "lose_if_none"))
            setup = {1: 2, 19: 13}
        elif game in ("emperador", "reencontrar"):
            if game == "emperador":
                self.prime = True
            else:
                self.pieces = _choose(params, "pieces", (15, 12))
            self.tie = True
            setup = {1: self.pieces}
        elif game == "medio_emperador":
            self.dice = _choose(params, "dice", (2, 3))
            self.half, self.tie = True, True
            setup = {1: 15}
        elif game == "pareia_de_entrada":
            self.dice = _choose(params, "dice", (3, 2))
            self.free_entry = _choose(params, "entry", ("forced", "free")) == "free"
            self.step, self.extra = {"A": +1, "B": +1}, True
            setup = "waiting"
        elif game == "cab_e_quinal":
            cab = _choose(params, "cab", ("winner", "loser"))
            self.fixed = _choose(params, "fixed_die", (0, 1, 2, 3, 4, 5, 6))
            self.step, self.tie = {"A": +1, "B": +1}, True
            if self.fixed:
                self.dice = 2
                setup = ({6: 14, 19: 1}, {5: 14, 4: 1})
            else:
                setup = ({6: 15}, {5: 15})
            if cab == "loser":
                setup = (setup[1], setup[0])
        elif game == "todas_tablas":
            self.twice = _choose(params, "doubles", ("as_thrown", "twice")) == "twice"
            self.bear = _choose(params, "bear_off", ("any", "exact_or_higher"))
            self.larger = _choose(params, "dice_rule", ("most_dice", "most_dice_then_larger")) != "most_dice"
            self.strict_win = self.larger
            self.dice, self.tie = 2, True
            setup = {1: 2, 12: 5, 17: 3, 19: 5}
        elif game == "laquet":
            self.unusable = _choose(params, "unusable_die", ("to_opponent", "forfeit"))
            leader = _choose(params, "leader", ("light", "stack"))
            self.dice, self.step, self.closes, self.tie = 2, {"A": +1, "B": +1}, 1, True
            light = {7: 2, 8: 3, 9: 3, 10: 3, 11: 3, 24: 1}
            stack = {12: 14, 13: 1}
            setup = (light, stack) if leader == "light" else (stack, light)
        elif game == "buffa_de_baldrac":
            self.bear = _choose(params, "bear_off", ("exact", "any"))
            self.tie = True
            setup = "waiting"
        elif game == "tablas_de_siete":
            self.faces, self.qlen, self.pieces = 7, 7, 17
            self.prime, self.tie, self.bear = True, True, "exact"
            setup = _closed_plus_one(8)
        else:
            raise ValueError(game)
        if params:
            raise ValueError(f"unknown parameters {params}")
        self.npoints = 4 * self.qlen
        self.routes = {p: self._route(p) for p in "AB"}
        if setup == "waiting":
            setup = {"waiting": self.pieces}
        self.setups = setup if isinstance(setup, tuple) else (setup, setup)
        self.equal = self.setups[0] == self.setups[1]

    # ---- geometry -------------------------------------------------------

    def _route(self, player: str) -> list:
        q, n = self.qlen, self.npoints
        forward = list(range(1, n + 1))
        if self.half:
            forward = list(range(1, q + 1)) + list(range(n - q + 1, n + 1))
        if self.step[player] > 0:
            return forward
        return [n + 1 - p for p in forward]

    def route_index(self, player: str, point: int) -> int:
        return self.routes[player].index(point)

    def notation_quarter(self, player: str, route_quarter: int) -> int:
        """The quarter (1..4) of the notation holding a route quarter (0..)."""
        return (self.routes[player][route_quarter * self.qlen] - 1) // self.qlen + 1

    def home(self, player: str, point: int) -> bool:
        """Is the point in the player's last route quarter?"""
        route = self.routes[player]
        return point in route[len(route) - self.qlen:]

    def hit_quarter(self, victim: str, point: int) -> int:
        """The notation quarter a piece hit on ``point`` waits for."""
        if self.reentry == "start":
            return self.notation_quarter(victim, 0)
        q = (point - 1) // 6 + 1
        return {1: 3, 2: 4, 3: 1, 4: 2}[q]

    # ---- single moves -----------------------------------------------------

    def single_moves(self, player, own, opp, die):
        """Every (own, opp) after using one die of ``player``."""
        if self.doblet:
            return self._doblet_moves(player, own, opp, die)
        out = set()
        route = self.routes[player]
        waiting = sorted(set(l for l in own if 100 < l < STACK))
        board = sorted(set(l for l in own if l <= self.npoints))
        sources = waiting + board if self.free_entry else (waiting or board)
        for src in sources:
            if src > 100:
                rq = next(k for k in range(len(route) // self.qlen) if self.notation_quarter(player, k) == src - 100)
                idx = rq * self.qlen + die - 1
            else:
                idx = route.index(src) + die
            if idx < len(route):
                target = route[idx]
                enemy = opp.count(target)
                if enemy >= self.closes:
                    continue
                if self.stack_limit and own.count(target) >= self.stack_limit:
                    continue
                new_own = list(own)
                new_own.remove(src)
                new_own.append(target)
                new_opp = list(opp)
                if enemy == 1:
                    new_opp.remove(target)
                    new_opp.append(100 + self.hit_quarter(other(player), target))
                out.add((tuple(sorted(new_own)), tuple(sorted(new_opp))))
            elif src < 100 and self.may_bear_off(player, own, src, idx):
                new_own = list(own)
                new_own.remove(src)
                new_own.append(OFF)
                out.add((tuple(sorted(new_own)), opp))
        return out

    def _doblet_moves(self, player, own, opp, die):
        """Doblet: die d undoes the pair on the player's point d; once no
        pair stands, it bears off a piece from point d."""
        point = self.routes[player][die - 1]
        new_own = list(own)
        if any(l >= STACK and l != OFF for l in own):
            if STACK + point not in own:
                return set()
            new_own.remove(STACK + point)
            new_own.remove(STACK + point)
            new_own += [point, point]
        elif point in own:
            new_own.remove(point)
            new_own.append(OFF)
        else:
            return set()
        return {(tuple(sorted(new_own)), opp)}

    def may_bear_off(self, player, own, src, idx):
        if self.bear == "none":
            return False
        if any(100 < l < OFF for l in own):
            return False
        if not all(self.home(player, l) for l in own if l <= self.npoints):
            return False
        route = self.routes[player]
        exact = idx == len(route)
        if self.bear == "any" or exact:
            return True
        if self.bear == "exact":
            return False
        # A higher die: only from the point farthest from home.
        on = [route.index(l) for l in own if l <= self.npoints]
        return route.index(src) == min(on)

    def won(self, player, own) -> bool:
        if self.bear != "none":
            return all(l == OFF for l in own)
        last = self.routes[player][-self.qlen:]
        return all(own.count(p) == 2 for p in last)

    # ---- whole plays ------------------------------------------------------

    def plays(self, player, own, opp, dice):
        """{(own, opp, dice left unused)} over the plays that use the most
        dice (a win counting as every die unless the win is strict)."""

        @lru_cache(maxsize=None)
        def rec(own, opp, dice):
            results = set()
            for i, d in enumerate(dice):
                if d in dice[:i]:
                    continue
                rest = dice[:i] + dice[i + 1:]
                for own2, opp2 in self.single_moves(player, own, opp, d):
                    if self.won(player, own2):
                        used = 1 if self.strict_win else len(dice)
                        results.add((own2, opp2, used, rest))
                    else:
                        for o, p, used, left in rec(own2, opp2, rest):
                            results.add((o, p, used + 1, left))
            if not results:
                results.add((own, opp, 0, dice))
            return frozenset(results)

        dice = tuple(sorted(dice, reverse=True))
        found = rec(own, opp, dice)
        best = max(used for _, _, used, _ in found)
        finals = {(o, p, left) for o, p, used, left in found if used == best}
        if self.larger and best == 1 and len(set(dice)) == 2:
            big = max(dice)
            with_big = self.single_moves(player, own, opp, big)
            if with_big:
                finals = {f for f in finals if (f[0], f[1]) in with_big}
        return best, finals

    def primed(self, player, own, opp) -> bool:
        """Has ``player`` a piece waiting for a quarter closed on every point?"""
        for loc in set(l for l in own if 100 < l < STACK):
            q = loc - 100
            points = range((q - 1) * self.qlen + 1, q * self.qlen + 1)
            if all(opp.count(p) >= self.closes for p in points):
                return True
        return False

    def dead(self, a, b) -> bool:
        """Could neither player use a single die of any face?"""
        for player, own, opp in (("A", a, b), ("B", b, a)):
            for d in range(1, self.faces + 1):
                if self.single_moves(player, own, opp, d):
                    return False
        return True


class State:
    """A position: pieces of A and B, turn ('A', 'B' or None), dice (a
    tuple, empty when the player must throw), turns, phase ('rolloff',
    'throw', 'move', 'over'), whether the dice were passed on, whether an
    extra throw follows them, and the result of a finished game ('A', 'B',
    '=' or None)."""

    __slots__ = ("a", "b", "turn", "dice", "turns", "phase", "passed", "again", "result")

    def __init__(self, a, b, turn, dice, turns, phase, passed=False, again=False, result=None):
        self.a, self.b, self.turn, self.dice, self.turns, self.phase = a, b, turn, dice, turns, phase
        self.passed, self.again, self.result = passed, again, result

    def key(self):
        return (self.a, self.b, self.turn, self.dice, self.turns, self.phase, self.passed, self.again, self.result)

    def pieces(self, player):
        return self.a if player == "A" else self.b


def board_winner(rules: Rules, a, b):
    for player, own in (("A", a), ("B", b)):
        if own and rules.won(player, own):
            return player
    return None


def parse(rules: Rules, text: str) -> State:
    fields = text.split()
    points, waiting, off, turn, dice = fields[:5]
    turns = int(fields[5]) if len(fields) > 5 else 0
    locs = {"A": [], "B": []}
    entries = points.split(",")
    assert len(entries) == rules.npoints
    for i, e in enumerate(entries, start=1):
        if e != ".":
            stacked = e.endswith("^")
            n = int(e[1:].rstrip("^"))
            locs[e[0]] += [STACK + i if stacked else i] * n
    if waiting != "-":
        for e in waiting.split(","):
            count, q = e[1:].split("@")
            locs[e[0]] += [100 + int(q)] * int(count)
    na, nb = (int(x) for x in off.split("/"))
    locs["A"] += [OFF] * na
    locs["B"] += [OFF] * nb
    a, b = tuple(sorted(locs["A"])), tuple(sorted(locs["B"]))
    passed = dice.startswith("p")
    again = dice.endswith("+")
    d = () if dice == "-" else tuple(int(c) for c in dice.strip("p+"))
    if turn.startswith("-"):
        result = turn[1:] or board_winner(rules, a, b)
        if result:
            phase = "over"
        elif rules.max_turns and turns >= rules.max_turns:
            phase = "over"
        else:
            phase = "rolloff"
        return State(a, b, None, d, turns, phase, result=result)
    return State(a, b, turn, d, turns, "move" if d else "throw", passed, again)


def notation(rules: Rules, s: State) -> str:
    points = []
    for i in range(1, rules.npoints + 1):
        entry = "."
        for letter, pieces in (("A", s.a), ("B", s.b)):
            n, stacked = pieces.count(i), pieces.count(STACK + i)
            assert not (n and stacked)
            if n or stacked:
                assert entry == "."
                entry = f"{letter}{n or stacked}" + ("^" if stacked else "")
        points.append(entry)
    waits = []
    for letter, pieces in (("A", s.a), ("B", s.b)):
        for q in range(1, 5):
            n = pieces.count(100 + q)
            if n:
                waits.append(f"{letter}{n}@{q}")
    dice = "".join(str(d) for d in sorted(s.dice, reverse=True)) or "-"
    if s.passed:
        dice = "p" + dice
    if s.again:
        dice += "+"
    turn = s.turn or "-"
    if s.phase == "over" and s.result and not board_winner(rules, s.a, s.b):
        turn = "-" + s.result
    return " ".join(
        [",".join(points), ",".join(waits) or "-", f"{s.a.count(OFF)}/{s.b.count(OFF)}", turn, dice, str(s.turns)]
    )


def throws(rules: Rules):
    """The distinct throws, as the dice to play."""
    for faces in combinations_with_replacement(range(1, rules.faces + 1), rules.dice):
        if rules.twice and faces[0] == faces[1]:
            yield (faces[0],) * 4
        elif rules.fixed:
            yield faces + (rules.fixed,)
        else:
            yield faces


def setup(rules: Rules, winner: str):
    """Pieces (A's, B's) once the roll-off is decided (or before it, when
    both set-ups are equal)."""

    def place(player, spec):
        if "waiting" in spec:
            return (100 + rules.notation_quarter(player, 0),) * spec["waiting"]
        route = rules.routes[player]
        mark = STACK if rules.doblet else 0
        return tuple(sorted(mark + route[r - 1] for r, n in spec.items() for _ in range(n)))

    win, oth = rules.setups
    if winner == "A":
        return place("A", win), place("B", oth)
    return place("A", oth), place("B", win)


def with_pieces(player, own, opp):
    return (own, opp) if player == "A" else (opp, own)


def before_throw(rules: Rules, s: State) -> State:
    """The prime, then the tie, for the player about to throw."""
    own, opp = (s.a, s.b) if s.turn == "A" else (s.b, s.a)
    if rules.prime and rules.primed(s.turn, own, opp):
        return State(s.a, s.b, None, (), s.turns, "over", result=other(s.turn))
    if rules.tie and rules.dead(s.a, s.b):
        return State(s.a, s.b, None, (), s.turns, "over", result="=")
    return s


def after_dice(rules: Rules, s: State, dice, own_throw: bool):
    """Every state after ``s.turn`` has played ``dice`` (his own throw, or
    dice passed to him) as far as the rules make him."""
    player = s.turn
    own, opp = (s.a, s.b) if player == "A" else (s.b, s.a)
    best, finals = rules.plays(player, own, opp, dice)
    again = own_throw and rules.extra and len(dice) >= 2 and len(set(dice)) == 1
    if own_throw and (
        (rules.unusable == "lose" and best < len(dice)) or (rules.unusable == "lose_if_none" and best == 0)
    ):
        return {State(s.a, s.b, None, (), s.turns + 1, "over", result=other(player))}
    out = set()
    for o, p, left in finals:
        a, b = with_pieces(player, o, p)
        if rules.won(player, o):
            out.add(State(a, b, None, (), s.turns + 1, "over", result=player))
            continue
        if s.passed or again:
            out.add(before_throw(rules, State(a, b, player, (), s.turns, "throw")))
            continue
        nxt, turns = other(player), s.turns + 1
        state = None
        gives = rules.unusable == "to_opponent" and left
        if gives and not rules.pass_to_unstacker:
            # Not from a player bearing off to one still unstacking.
            unstacking = lambda pieces: any(STACK <= l < OFF for l in pieces)  # noqa: E731
            if unstacking(p) and not unstacking(o):
                gives = False
        if gives:
            usable, _ = rules.plays(nxt, p, o, left)
            if usable:
                state = State(a, b, nxt, tuple(left), turns, "move", passed=True)
        if state is None:
            state = before_throw(rules, State(a, b, nxt, (), turns, "throw"))
        if state.phase != "over" and rules.max_turns and turns >= rules.max_turns:
            state = State(a, b, None, (), turns, "over")
        out.add(state)
    return out


def one_step(rules: Rules, s: State):
    """The states after the next throw-and-play (or play of given dice)."""
    if s.phase == "move":
        return after_dice(rules, s, s.dice, own_throw=not s.passed)
    out = set()
    for dice in throws(rules):
        out |= after_dice(rules, s, dice, own_throw=True)
    return out


def turn_ends(rules: Rules, s: State) -> set:
    """Every position (as keys) at the end of the turn under way in ``s``."""
    if s.phase == "over":
        return set()
    if s.phase == "rolloff":
        out = set()
        if rules.roll_off == "opening":
            for x in range(1, 7):
                for y in range(1, 7):
                    if x != y:
                        starter = "A" if x > y else "B"
                        a, b = setup(rules, "A")
                        start = State(a, b, starter, (), 0, "move")
                        out |= {t.key() for t in after_dice(rules, start, (x, y), own_throw=True)}
            return out
        for winner in "AB":
            a, b = setup(rules, winner)
            out |= turn_ends(rules, before_throw(rules, State(a, b, winner, (), 0, "throw")))
        return out
    start = s.turns
    out, seen, stack = set(), set(), [s]
    while stack:
        for t in one_step(rules, stack.pop()):
            if t.phase == "over" or t.turns > start:
                out.add(t.key())
            elif t.key() not in seen:
                seen.add(t.key())
                stack.append(t)
    return out


def perft(rules: Rules, s: State, depth: int) -> int:
    level = {s.key()}
    for _ in range(depth):
        nxt = set()
        for k in level:
            nxt |= turn_ends(rules, State(*k))
        level = nxt
    return len({notation(rules, State(*k)) for k in level})
