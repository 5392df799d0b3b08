"""A deliberately simple reference model of Chinese checkers and Halma.

Written from the rules reference (``docs/games/halma-family.md`` and the
game pages), not from the Rust crate,
with another representation: holes are (row, x) pairs in "doubled"
coordinates (on the star, each row is centred and neighbours in a row are
2 apart in x), positions are dicts of frozensets, and moves are found by
plain breadth-first search. It is slow and obvious on purpose; it only
needs the standard library.

Readings shared with racegames-halma (documented in its crate docs):
- the moving piece is lifted from its hole while it jumps;
- with 15 pieces, camps are the side-5 triangles (camp + 5 hexagon holes);
- the vacate rule: when it binds, P must move a piece from its start camp
  to a hole outside it (if it can); Q's moves are judged with the movement
  and wing rules only; it does not apply once Q has finished;
- after a move the mover is checked for finishing first, then the other
  seats in turn order; a seat with no legal move is skipped (a pass is not a
  turn); if no seat can move the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------
# Boards
# --------------------------------------------------------------------------

STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
STAR_DIRS = [(0, 2), (0, -2), (-1, 1), (-1, -1), (1, 1), (1, -1)]
SQUARE_DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


class Board:
    """Holes in reading order, neighbours, camps by position."""

    def __init__(self, kind: str):
        self.kind = kind
        if kind == "star":
            self.rows = []
            for r, n in enumerate(STAR_ROWS):
                start = 12 - (n - 1)
                self.rows.append([(r, start + 2 * j) for j in range(n)])
            self.dirs = STAR_DIRS
        else:
            self.rows = [[(r, c) for c in range(16)] for r in range(16)]
            self.dirs = SQUARE_DIRS
        self.holes = [h for row in self.rows for h in row]
        self.hole_set = set(self.holes)
        self.order = {h: i for i, h in enumerate(self.holes)}
        self.name_of = {}
        for r, row in enumerate(self.rows):
            for j, h in enumerate(row):
                self.name_of[h] = f"{chr(ord('a') + r)}{j + 1}"
        self.camps = self._camps()

    def _camps(self):
        """Camps by position, clockwise from the top (star) or top-left."""
        if self.kind == "star":
            rows = self.rows
            top = {h for r in range(4) for h in rows[r]}
            bottom = {h for r in range(13, 17) for h in rows[r]}
            # Rows 4..7 (13, 12, 11, 10 holes): the upper side camps take
            # 4, 3, 2, 1 holes at each end; rows 9..12 the lower ones 1..4.
            upper_left = {h for i, r in enumerate(range(4, 8)) for h in rows[r][: 4 - i]}
            upper_right = {h for i, r in enumerate(range(4, 8)) for h in rows[r][len(rows[r]) - (4 - i):]}
            lower_left = {h for i, r in enumerate(range(9, 13)) for h in rows[r][: i + 1]}
            lower_right = {h for i, r in enumerate(range(9, 13)) for h in rows[r][len(rows[r]) - (i + 1):]}
            return [top, upper_right, lower_right, bottom, lower_left, upper_left]
        return None

    def square_camp(self, corner: int, sizes: list[int]):
        """A corner camp with rows of `sizes` counted from the corner."""
        out = set()
        for i, k in enumerate(sizes):
            for j in range(k):
                r, c = i, j
                if corner in (1, 2):
                    c = 15 - j
                if corner in (2, 3):
                    r = 15 - i
                out.add((r, c))
        return out

    def step(self, h, d, k=1):
        return (h[0] + k * d[0], h[1] + k * d[1])


STAR = Board("star")
SQUARE = Board("square")

HEXAGON = STAR.hole_set - set().union(*STAR.camps)
assert len(HEXAGON) == 61
assert all(len(c) == 10 for c in STAR.camps)


def star_neighbours(h):
    return [n for n in (STAR.step(h, d) for d in STAR.dirs) if n in STAR.hole_set]


def star_zone15(camp):
    """The camp with the adjacent row of 5 hexagon holes."""
    c = STAR.camps[camp]
    extra = {h for h in HEXAGON if any(n in c for n in star_neighbours(h))}
    assert len(extra) == 5, extra
    return c | extra


# Apexes in (row, x) and the centre, for progress.
STAR_APEX = [(0, 12), (4, 24), (12, 24), (16, 12), (12, 0), (4, 0)]
CENTRE = (8, 12)


def star_progress(camp, h):
    """Rows parallel to the camp's base between h and the camp's apex."""
    ar, ax = STAR_APEX[camp]
    dr1, dx1 = h[0] - ar, h[1] - ax
    dr2, dx2 = CENTRE[0] - ar, CENTRE[1] - ax
    num = dx1 * dx2 + 3 * dr1 * dr2
    assert num % 24 == 0
    return num // 24


# --------------------------------------------------------------------------
# Games
# --------------------------------------------------------------------------

STAR_SEAT_CAMPS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}
SQUARE_SEAT_CAMPS = {2: [0, 2], 4: [0, 1, 2, 3]}


@dataclass
class Options:
    game: str = "chinese_checkers"
    players: int = 2
    pieces: int = 10
    long_jumps: bool = False
    wing_rule: bool = True
    vacate_rule: bool = True
    spoiling_win: bool = False
    finish: str = "first"
    max_turns: int = 1000


def options(game: str, text: str) -> Options:
    o = Options(game=game)
    if game == "halma":
        o.wing_rule = False
        o.vacate_rule = False
    for kv in text.split(","):
        kv = kv.strip()
        if not kv or kv == "-":
            continue
        k, v = kv.split("=")
        if v in ("true", "false"):
            setattr(o, k, v == "true")
        elif v.isdigit():
            setattr(o, k, int(v))
        else:
            setattr(o, k, v)
    if game == "halma":
        o.pieces = 19 if o.players == 2 else 13
    return o


@dataclass(frozen=True)
class State:
    pieces: tuple  # one frozenset of holes per seat
    to_move: int  # -1 at the end
    finished: tuple
    turns: int


class Rules:
    def __init__(self, opts: Options):
        self.o = opts
        n = opts.players
        if opts.game == "chinese_checkers":
            self.board = STAR
            camps = STAR_SEAT_CAMPS[n]
            self.camp = camps
            if opts.pieces == 15:
                zone = star_zone15
            else:
                zone = lambda c: STAR.camps[c]  # noqa: E731
            self.start = [zone(c) for c in camps]
            self.target = [zone((c + 3) % 6) for c in camps]
            self.wing_ok = [STAR.camps[c] | HEXAGON | STAR.camps[(c + 3) % 6] for c in camps]
            self.rival = []
            for p in range(n):
                q = [s for s in range(n) if (camps[s] + 3) % 6 == camps[p]]
                self.rival.append(q[0] if q else None)
        else:
            self.board = SQUARE
            camps = SQUARE_SEAT_CAMPS[n]
            self.camp = camps
            sizes = [5, 5, 4, 3, 2] if n == 2 else [4, 4, 3, 2]
            self.start = [SQUARE.square_camp(c, sizes) for c in camps]
            self.target = [SQUARE.square_camp((c + 2) % 4, sizes) for c in camps]
            self.wing_ok = [SQUARE.hole_set for _ in camps]
            self.rival = [None] * n
        for z in self.start + self.target:
            assert len(z) == opts.pieces

    # ---- notation ------------------------------------------------------

    def parse(self, text: str) -> State:
        rows, turn, finished, *rest = text.split()
        turns = int(rest[0]) if rest else 0
        pieces = [set() for _ in range(self.o.players)]
        for r, row in enumerate(rows.split("/")):
            assert len(row) == len(self.board.rows[r])
            for j, ch in enumerate(row):
                if ch != ".":
                    pieces[int(ch) - 1].add(self.board.rows[r][j])
        fin = () if finished == "-" else tuple(int(c) - 1 for c in finished)
        return State(tuple(frozenset(p) for p in pieces), -1 if turn == "-" else int(turn) - 1, fin, turns)

    def notation(self, s: State) -> str:
        rows = []
        for row in self.board.rows:
            line = ""
            for h in row:
                ch = "."
                for seat, p in enumerate(s.pieces):
                    if h in p:
                        ch = str(seat + 1)
                line += ch
            rows.append(line)
        turn = "-" if s.to_move < 0 else str(s.to_move + 1)
        fin = "".join(str(x + 1) for x in s.finished) or "-"
        return f"{'/'.join(rows)} {turn} {fin} {s.turns}"

    def initial(self) -> State:
        return State(tuple(frozenset(z) for z in self.start), 0, (), 0)

    # ---- moves ---------------------------------------------------------

    def jumps(self, h, occupied):
        """Holes one jump from h lands on."""
        out = []
        b = self.board
        for d in b.dirs:
            if not self.o.long_jumps:
                over, land = b.step(h, d), b.step(h, d, 2)
                if over in occupied and land in b.hole_set and land not in occupied:
                    out.append(land)
                continue
            for k in range(1, 17):
                over = b.step(h, d, k)
                if over not in b.hole_set:
                    break
                if over not in occupied:
                    continue
                ok = all(b.step(h, d, k + i) in b.hole_set and b.step(h, d, k + i) not in occupied
                         for i in range(1, k + 1))
                if ok:
                    out.append(b.step(h, d, 2 * k))
                break
        return out

    def destinations(self, s: State, h):
        """End holes of the piece on h: steps and jump chains (no wing rule)."""
        occupied = set().union(*s.pieces)
        b = self.board
        ends = {b.step(h, d) for d in b.dirs if b.step(h, d) in b.hole_set and b.step(h, d) not in occupied}
        lifted = occupied - {h}
        seen = {h}
        queue = [h]
        while queue:
            x = queue.pop(0)
            for y in self.jumps(x, lifted):
                if y not in seen:
                    seen.add(y)
                    queue.append(y)
        return ends | (seen - {h})

    def moves_basic(self, s: State, seat: int):
        """(from, to) pairs under the movement and wing rules."""
        out = []
        for h in s.pieces[seat]:
            for e in self.destinations(s, h):
                if self.o.wing_rule and e not in self.wing_ok[seat]:
                    continue
                out.append((h, e))
        return out

    def has_move(self, s: State, seat: int) -> bool:
        for h in s.pieces[seat]:
            for e in self.destinations(s, h):
                if not self.o.wing_rule or e in self.wing_ok[seat]:
                    return True
        return False

    def vacate_binds(self, s: State, p: int, basic) -> bool:
        if not self.o.vacate_rule:
            return False
        q = self.rival[p]
        if q is None or q in s.finished:
            return False
        if s.pieces[q] <= self.target[q]:
            return False
        if not (s.pieces[p] & self.start[p]):
            return False
        if not any(a in self.start[p] and e not in self.start[p] for a, e in basic):
            return False
        cq = self.camp[q]
        for a in s.pieces[q]:
            for e in self.destinations(s, a):
                if self.o.wing_rule and e not in self.wing_ok[q]:
                    continue
                if star_progress(cq, e) > star_progress(cq, a):
                    return False
        return True

    def moves(self, s: State):
        if s.to_move < 0:
            return []
        p = s.to_move
        basic = self.moves_basic(s, p)
        if self.vacate_binds(s, p, basic):
            basic = [(a, e) for a, e in basic if a in self.start[p] and e not in self.start[p]]
        return basic

    def won(self, pieces, seat) -> bool:
        mine = pieces[seat]
        if mine <= self.target[seat]:
            return True
        if self.o.spoiling_win:
            occupied = set().union(*pieces)
            return self.target[seat] <= occupied and bool(mine & self.target[seat])
        return False

    def decided(self, finished) -> bool:
        if self.o.finish == "first":
            return len(finished) >= 1
        return len(finished) >= self.o.players - 1

    def play(self, s: State, move) -> State:
        a, e = move
        p = s.to_move
        n = self.o.players
        pieces = list(s.pieces)
        pieces[p] = (pieces[p] - {a}) | {e}
        pieces = tuple(pieces)
        finished = list(s.finished)
        turns = s.turns + 1
        for i in range(n):
            seat = (p + i) % n
            if seat not in finished and self.won(pieces, seat):
                finished.append(seat)
                if self.decided(finished):
                    break
        finished = tuple(finished)
        if self.decided(finished) or (self.o.max_turns > 0 and turns >= self.o.max_turns):
            return State(pieces, -1, finished, turns)
        for i in range(1, n + 1):
            seat = (p + i) % n
            if seat in finished:
                continue
            probe = State(pieces, seat, finished, turns)
            if self.has_move(probe, seat):
                return probe
        return State(pieces, -1, finished, turns)

    def hop_path(self, s: State, move):
        """Shortest hop path, then first in hole order."""
        a, e = move
        occupied = set().union(*s.pieces)
        b = self.board
        if any(b.step(a, d) == e for d in b.dirs):
            return [a, e]
        lifted = occupied - {a}
        best = None
        frontier = [[a]]
        while frontier and best is None:
            nxt = []
            for path in frontier:
                for y in self.jumps(path[-1], lifted):
                    if y in path:
                        continue
                    np = path + [y]
                    if y == e:
                        if best is None or [b.order[h] for h in np] < [b.order[h] for h in best]:
                            best = np
                    nxt.append(np)
            frontier = nxt
        return best


def perft(rules: Rules, start: State, depth: int) -> int:
    level = {rules.notation(start): start}
    for _ in range(depth):
        nxt = {}
        for s in level.values():
            for m in rules.moves(s):
                t = rules.play(s, m)
                nxt[rules.notation(t)] = t
        level = nxt
    return len(level)
