"""A deliberately simple reference model of backgammon's doubling cube,
resignation and match play, written from the rules reference
(``docs/games/backgammon.md``), not from the Rust crate. The checker play
is the tables model's (``tables_model.py``); this adds, turn by turn:

- before a turn's throw (never the roll-off's first move) the player on
  roll decides when he may double (the cube on, not the Crawford game, the
  cube centred or his and below 32768) or may offer to resign: ``roll``,
  ``double``, ``resign single`` … up to the level the scoring counts;
- ``take`` doubles the cube and gives it to the taker, who then waits for
  the doubler's throw; ``drop`` ends the game, the doubler winning the
  cube's value;
- ``accept`` ends the game, the resigner losing the level times the cube;
  ``reject`` goes back to the decision without a second offer (or straight
  to the throw when he may not double);
- a game played out scores 1, 2 or 3 (as the scoring counts) times the
  cube, gammons counting 1 under the Jacoby rule (money play with the cube
  still at 1).

Standard library only.
"""

from __future__ import annotations

from tables_model import OFF, Rules, State, board_winner, notation as board_notation
from tables_model import parse as parse_board, turn_ends as board_turn_ends

MAX_CUBE = 32768
LEVELS = {"winloss": 1, "gammons": 2, "backgammons": 3}
RESIGN = ["resign single", "resign gammon", "resign backgammon"]


class CubeRules:
    """Backgammon with the cube's options."""

    def __init__(self, game: str, params: dict | None = None):
        params = dict(params or {})
        self.cube = params.pop("cube", False)
        self.jacoby = params.pop("jacoby", True)
        self.resign = params.pop("resign", False)
        self.length = params.pop("match_length", 0)
        self.score = (params.pop("score_a", 0), params.pop("score_b", 0))
        self.crawford = params.pop("crawford_game", False)
        self.board = Rules(game, params)
        self.levels = LEVELS[self.board.scoring]


class CubeState:
    """A board state (the tables model's), the cube's value and owner, and
    the offer: ``-``, ``?`` (deciding), ``?r`` (deciding after a rejected
    resignation), ``D`` (doubled; dropped once over), ``R1``..``R3``
    (resigning; accepted once over)."""

    __slots__ = ("board", "value", "owner", "offer")

    def __init__(self, board: State, value: int, owner, offer: str):
        self.board, self.value, self.owner, self.offer = board, value, owner, offer

    def key(self):
        return (self.board.key(), self.value, self.owner, self.offer)


def other(player: str) -> str:
    return "B" if player == "A" else "A"


def may_double(r: CubeRules, s: CubeState) -> bool:
    return r.cube and not r.crawford and s.value < MAX_CUBE and s.owner in (None, s.board.turn)


def begin_turn(r: CubeRules, board: State, value: int, owner) -> CubeState:
    """A new turn's throw is due on ``board``: a decision first if any."""
    s = CubeState(board, value, owner, "-")
    if board.phase == "throw" and (r.resign or may_double(r, s)):
        s.offer = "?"
    return s


def parse(r: CubeRules, text: str) -> CubeState:
    fields = text.split()
    board = parse_board(r.board, " ".join(fields[:6]))
    cube, offer = fields[6], fields[7]
    owner = cube[-1] if cube[-1] in "AB" else None
    value = int(cube.rstrip("AB"))
    if board.phase == "over" and offer in ("D", "R1", "R2", "R3"):
        board.result = fields[3][1:]
    return CubeState(board, value, owner, offer)


def notation(r: CubeRules, s: CubeState) -> str:
    text = board_notation(r.board, s.board)
    if s.board.phase == "over" and s.offer != "-":
        # The winner by a dropped double or an accepted resignation.
        parts = text.split()
        parts[3] = "-" + s.board.result
        text = " ".join(parts)
    text += f" {s.value}{s.owner or ''} {s.offer}"
    if r.length:
        a, b = r.score
        text += f" {r.length}:{a}-{b}" + ("C" if r.crawford else "")
    return text


def cube_actions(r: CubeRules, s: CubeState) -> list:
    """The cube decision's actions as strings, in their numbers' order;
    empty where there is none."""
    if s.board.phase == "over" or s.offer == "-":
        return []
    if s.offer == "D":
        return ["take", "drop"]
    if s.offer.startswith("R"):
        return ["accept", "reject"]
    out = ["roll"]
    if may_double(r, s):
        out.append("double")
    if s.offer == "?" and r.resign:
        out += RESIGN[: r.levels]
    return out


def over(board: State, winner: str) -> State:
    return State(board.a, board.b, None, (), board.turns, "over", result=winner)


def apply(r: CubeRules, s: CubeState, action: str) -> CubeState:
    t = s.board.turn
    if action == "roll":
        return CubeState(s.board, s.value, s.owner, "-")
    if action == "double":
        return CubeState(s.board, s.value, s.owner, "D")
    if action == "take":
        return CubeState(s.board, 2 * s.value, other(t), "-")
    if action == "drop":
        return CubeState(over(s.board, t), s.value, s.owner, "D")
    if action in RESIGN:
        return CubeState(s.board, s.value, s.owner, f"R{RESIGN.index(action) + 1}")
    if action == "accept":
        return CubeState(over(s.board, other(t)), s.value, s.owner, s.offer)
    assert action == "reject", action
    return CubeState(s.board, s.value, s.owner, "?r" if may_double(r, s) else "-")


def points(r: CubeRules, s: CubeState) -> float:
    """The winner's points in a finished game (0 if nobody won)."""
    b = s.board
    winner = b.result or board_winner(r.board, b.a, b.b)
    if b.phase != "over" or winner not in ("A", "B"):
        return 0.0
    if s.offer == "D":
        return float(s.value)
    if s.offer.startswith("R"):
        return float(int(s.offer[1]) * s.value)
    loser = b.pieces(other(winner))
    level = 1
    if loser.count(OFF) == 0 and b.pieces(winner).count(OFF) == len(b.pieces(winner)):
        level = 2
        back = any(100 <= loc < 200 for loc in loser) or any(
            r.board.home(winner, loc) for loc in loser if loc < 100
        )
        if back:
            level = 3
    level = min(level, r.levels)
    if r.cube and r.jacoby and not r.length and s.value == 1:
        level = 1
    return float(level * s.value)


def turn_ends(r: CubeRules, s: CubeState) -> set:
    """Every state (as keys) at the end of the turn under way in ``s``: the
    next player's turn begun, or the game over. None from a finished game."""
    if s.board.phase == "over":
        return set()
    out, seen, stack = set(), set(), [s]
    while stack:
        c = stack.pop()
        if c.board.phase == "over":
            out.add(c.key())
            continue
        acts = cube_actions(r, c)
        if acts:
            for a in acts:
                n = apply(r, c, a)
                if n.key() not in seen:
                    seen.add(n.key())
                    stack.append(n)
            continue
        for k in board_turn_ends(r.board, c.board):
            board = State(*k)
            out.add(begin_turn(r, board, c.value, c.owner).key())
    return out


def perft(r: CubeRules, s: CubeState, depth: int) -> int:
    level = {s.key()}
    for _ in range(depth):
        nxt = set()
        for k in level:
            board, value, owner, offer = k
            nxt |= turn_ends(r, CubeState(State(*board), value, owner, offer))
        level = nxt
    return len({notation(r, CubeState(State(*k[0]), *k[1:])) for k in level})
