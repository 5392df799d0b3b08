"""A deliberately simple reference model of Daldøs, written from the rules
reference (``docs/games/daldos.md``).

It shares nothing with the Rust engine: the board is a dict from
``(row, index)`` to ``(owner, dalled)``, moves are found by trying every
piece with every order of the dice, and positions are compared as notation
strings. It is slow and obvious on purpose; the tests use it to reproduce
the perft counts in ``daldos-core/tests/data/daldos_perft.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ROWS = ("b", "m", "a")  # notation order: row B, middle, row A


@dataclass(frozen=True)
class Options:
    board: str = "danish"
    dalling: str = "free"
    capture: str = "final"
    jumping: str = "allowed"
    lose_at_one: bool = False
    max_turns: int = 1000

    @property
    def n(self) -> int:
        return 16 if self.board == "danish" else 12


@dataclass
class State:
    n: int
    cells: dict = field(default_factory=dict)  # (row, i) -> (owner "A"/"B", dalled)
    to_move: str | None = "A"
    turns: int = 0

    def copy(self) -> "State":
        return State(self.n, dict(self.cells), self.to_move, self.turns)


def parse(text: str) -> State:
    board, turn, dice, *rest = text.split()
    assert dice == "-", "the model starts from positions with a throw due"
    rows = board.split("/")
    n = len(rows[0])
    state = State(n, {}, None if turn == "-" else turn, int(rest[0]) if rest else 0)
    for row, chars in zip(ROWS, rows):
        for i, c in enumerate(chars):
            if c != ".":
                state.cells[(row, i)] = (c.upper(), c.isupper())
    return state


def notation(state: State, over: bool) -> str:
    rows = []
    for row in ROWS:
        length = state.n + 1 if row == "m" else state.n
        chars = []
        for i in range(length):
            piece = state.cells.get((row, i))
            if piece is None:
                chars.append(".")
            else:
                owner, dalled = piece
                chars.append(owner if dalled else owner.lower())
        rows.append("".join(chars))
    turn = "-" if over else state.to_move
    return f"{'/'.join(rows)} {turn} - {state.turns}"


def next_hole(n: int, owner: str, hole: tuple) -> tuple:
    """One step along the owner's route (``docs/games/daldos.md``, "Route")."""
    row, i = hole
    enemy_row = "b" if owner == "A" else "a"
    if row == "m":
        return (enemy_row, n - 1) if i == n else ("m", i + 1)
    # In either home row a piece runs towards the stern, then into the middle.
    return ("m", 0) if i == 0 else (row, i - 1)


def home_row(owner: str) -> str:
    return "a" if owner == "A" else "b"


def move_piece(state: State, opts: Options, owner: str, start: tuple, dice: list):
    """Moves one piece by the dice in order, as one move; None if illegal."""
    piece = state.cells.get(start)
    if piece is None or piece[0] != owner:
        return None
    dalled = piece[1]
    hole = start
    removed = []
    for k, d in enumerate(dice):
        if not dalled:
            if d != 1:
                return None
            if opts.dalling == "stern_only":
                undalled = [
                    i for (r, i), (o, dl) in state.cells.items()
                    if o == owner and not dl and r == home_row(owner)
                ]
                if start[1] != min(undalled):
                    return None
            dalled = True
        for step in range(d):
            hole = next_hole(state.n, owner, hole)
            occupant = state.cells.get(hole)
            if occupant is not None and occupant[0] == owner:
                return None  # friendly pieces are never jumped nor landed on
            if step < d - 1 and occupant is not None and opts.jumping == "forbidden":
                return None
        occupant = state.cells.get(hole)
        if occupant is not None and occupant[0] != owner:
            last = k == len(dice) - 1
            if last or opts.capture == "intermediate":
                removed.append(hole)
            elif opts.jumping == "forbidden":
                return None
    result = state.copy()
    del result.cells[start]
    for h in removed:
        del result.cells[h]
    result.cells[hole] = (owner, True)
    return result


def pieces_of(state: State, owner: str) -> list:
    return sorted(h for h, (o, _) in state.cells.items() if o == owner)


def plays(state: State, opts: Options, d1: int, d2: int) -> list:
    """Every position after using the throw (d1, d2) as the rules require."""
    owner = state.to_move
    mine = pieces_of(state, owner)
    both = []
    for x in mine:
        # Both dice added on one piece, in either order.
        for order in ([d1, d2], [d2, d1]):
            r = move_piece(state, opts, owner, x, order)
            if r is not None:
                both.append(r)
        # One die on x and the other on a different piece, in either order.
        for y in mine:
            if x == y:
                continue
            for dx, dy in ((d1, d2), (d2, d1)):
                first = move_piece(state, opts, owner, x, [dx])
                if first is not None:
                    second = move_piece(first, opts, owner, y, [dy])
                    if second is not None:
                        both.append(second)
    if both:
        return both
    single = []
    for x in mine:
        for d in {d1, d2}:
            r = move_piece(state, opts, owner, x, [d])
            if r is not None:
                single.append(r)
    return single


def lost(state: State, opts: Options, player: str) -> bool:
    count = len(pieces_of(state, player))
    return count == 0 or (opts.lose_at_one and count <= 1)


THROWS = [(a, b) for a in range(1, 5) for b in range(1, a + 1)]


def one_throw(state: State, opts: Options) -> dict:
    """Notation -> (state, over) for every outcome of the throw due and every
    legal use of it. A dal-dal keeps the turn; any other throw ends it."""
    out = {}
    other = "B" if state.to_move == "A" else "A"
    for d1, d2 in THROWS:
        results = plays(state, opts, d1, d2) or [state]  # a lost throw passes
        for r in results:
            if lost(r, opts, other):
                out[notation(r, True)] = (r, True)
                continue
            nxt = r.copy()
            if (d1, d2) != (1, 1):
                nxt.to_move = other
                nxt.turns += 1
            over = opts.max_turns > 0 and nxt.turns >= opts.max_turns
            out[notation(nxt, over)] = (nxt, over)
    return out


def perft(state: State, opts: Options, depth: int) -> int:
    level = {notation(state, False): (state, False)}
    for d in range(depth):
        nxt = {}
        for s, over in level.values():
            if not over:
                nxt.update(one_throw(s, opts))
        if d + 1 < depth:
            nxt = {k: v for k, v in nxt.items() if not v[1]}
        level = nxt
    return len(level)


def options_from(text: str) -> Options:
    kwargs = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, value = part.split("=")
        if value in ("true", "false"):
            kwargs[key] = value == "true"
        elif value.isdigit():
            kwargs[key] = int(value)
        else:
            kwargs[key] = value
    return Options(**kwargs)
