"""gnubg's Position ID and Match ID (``racegames.gnubg`` re-exports them)."""

from __future__ import annotations

import base64
from typing import List, NamedTuple, Optional, Sequence, Tuple

from racegames._core import Game, State, make_game


_GAME = "backgammon"
_LETTERS = "AB"
# A waits for racegames' quarter 4 (points 19-24), B for quarter 1.
_ENTRY_QUARTER = (4, 1)
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

#: One player's checkers from its own side: index 0 is its ace point, 23
#: its 24-point, 24 the bar (gnubg's ``anBoard[i]``).
Board = List[int]


class MatchInfo(NamedTuple):
    """The fields of a gnubg Match ID (player numbers 0 and 1 are seats A and B)."""

    cube: int
    """The cube value (1, 2, 4, ...)."""
    cube_owner: Optional[int]
    """The player who owns the cube, or None when it is centred."""
    on_roll: int
    """The player on roll, or who did roll."""
    crawford: bool
    """Whether this game is the Crawford game."""
    game_state: int
    """0 no game started, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube."""
    turn: int
    """The player who must decide now (differs from ``on_roll`` after a double)."""
    doubled: bool
    """Whether a double is being offered."""
    resigned: int
    """0 none, 1 single, 2 gammon, 3 backgammon offered."""
    dice: Tuple[int, int]
    """The dice rolled, highest first; (0, 0) before the roll."""
    match_length: int
    """The match length; 0 for money play."""
    score: Tuple[int, int]
    """The score of players 0 and 1."""


# --- positions ------------------------------------------------------------


def _check_state(state: State) -> None:
    if not isinstance(state, State):
        raise TypeError(f"expected a racegames State, got {type(state).__name__}")
    name = state.get_game().name
    if name != _GAME:
        raise ValueError(f"gnubg IDs are for backgammon states, not {name!r}")


def _game_or_default(game: Optional[Game]) -> Game:
    if game is None:
        return make_game(_GAME)
    if not isinstance(game, Game):
        raise TypeError(f"game must be a racegames Game, got {type(game).__name__}")
    if game.name != _GAME:
        raise ValueError(f"gnubg match files hold backgammon games, not {game.name!r}")
    return game


def _boards(state: State) -> Tuple[Board, Board]:
    """A's and B's checkers, each from its own side (gnubg's board layout)."""
    fields = state.notation().split(" ")
    boards: Tuple[Board, Board] = ([0] * 25, [0] * 25)
    for point, entry in enumerate(fields[0].split(","), start=1):
        if entry != ".":
            seat = _LETTERS.index(entry[0])
            # A's ace point is point 1, B's is point 24.
            boards[seat][point - 1 if seat == 0 else 24 - point] += int(entry[1:])
    if fields[1] != "-":
        for entry in fields[1].split(","):
            boards[_LETTERS.index(entry[0])][24] += int(entry[1:].split("@")[0])
    return boards


def _default_on_roll(state: State) -> int:
    owner = state.turn_owner()
    if owner is not None:
        return owner
    if state.is_terminal():
        returns = state.returns()
        if returns[0] != returns[1]:
            # gnubg passes the roll to the loser once the winner bears off.
            return 0 if returns[0] < returns[1] else 1
    return 0


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a seat, 0 (A) or 1 (B), got {value!r}")
    if value not in (0, 1):
        raise ValueError(f"{what} must be a seat, 0 (A) or 1 (B), got {value}")
    return value


def _encode_bits(bits: Sequence[int], nbytes: int) -> str:
    key = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            key[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(key)).decode("ascii").rstrip("=")


def _decode_bits(text: object, nchars: int, nbytes: int, what: str) -> List[int]:
    if not isinstance(text, str):
        raise TypeError(f"a {what} is a str, got {type(text).__name__}")
    if len(text) != nchars or any(c not in _B64 for c in text):
        raise ValueError(f"a {what} is {nchars} base64 characters (A-Z a-z 0-9 + /), got {text!r}")
    key = base64.b64decode(text + "=" * (-nchars % 4))[:nbytes]
    return [(key[i // 8] >> (i % 8)) & 1 for i in range(nbytes * 8)]


def _board_bits(board: Board) -> List[int]:
    bits: List[int] = []
    for count in board:
        bits.extend([1] * count)
        bits.append(0)
    return bits


def position_id(state: State, on_roll: Optional[int] = None) -> str:
    """gnubg's Position ID of a backgammon state: 14 base64 characters.

    The key is, for the player not on roll and then for the player on roll
    (gnubg's ``anBoard[0]`` and ``anBoard[1]``), from the ace point to the
    24-point and the bar, a 1 per checker and a 0 per point; 80 bits, least
    significant bit first, in base64. ``on_roll`` defaults to the player
    whose turn it is; before the roll-off to A, and once the game is won
    to the loser, as gnubg does.
    """
    _check_state(state)
    seat = _default_on_roll(state) if on_roll is None else _seat(on_roll, "on_roll")
    boards = _boards(state)
    return _encode_bits(_board_bits(boards[1 - seat]) + _board_bits(boards[seat]), 10)


def decode_position_id(pid: str) -> Tuple[Board, Board]:
    """The boards of a Position ID: (player not on roll, player on roll), each from its own side.

    Raises ``ValueError`` unless it is 14 base64 characters giving each
    player at most 15 checkers and no point held by both.
    """
    bits = _decode_bits(pid, 14, 10, "Position ID")
    boards: Tuple[Board, Board] = ([0] * 25, [0] * 25)
    player = point = 0
    for i, bit in enumerate(bits):
        if player == 2:
            if any(bits[i:]):
                raise ValueError(f"Position ID {pid!r}: bits left after both players' checkers")
            break
        if bit:
            boards[player][point] += 1
        else:
            point += 1
            if point == 25:
                player, point = player + 1, 0
    else:
        if player < 2:
            raise ValueError(f"Position ID {pid!r}: more than 30 checkers")
    for player in (0, 1):
        if sum(boards[player]) > 15:
            raise ValueError(f"Position ID {pid!r}: player {player} has more than 15 checkers")
    for i in range(24):
        if boards[0][i] and boards[1][23 - i]:
            raise ValueError(f"Position ID {pid!r}: both players on the same point")
    return boards


def _dice_of(state: State) -> Tuple[int, int]:
    field = state.notation().split(" ")[4]
    if field == "-":
        return (0, 0)
    faces = [int(c) for c in field]
    if len(faces) >= 2 and (len(faces) == 2 or len(set(faces)) == 1):
        return (max(faces[:2]), min(faces[:2]))
    raise ValueError(f"the state is in the middle of a turn with dice {field!r} left: pass the throw as dice=(d1, d2)")


def _check_dice(dice: object) -> Tuple[int, int]:
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise TypeError(f"dice must be a pair of faces, such as (6, 4), got {dice!r}")
    faces = tuple(dice)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int):
            raise TypeError(f"dice must be a pair of ints, got {dice!r}")
        if not 1 <= face <= 6:
            raise ValueError(f"dice faces are 1 to 6, got {dice!r}")
    return (max(faces), min(faces))


def match_id(
    state: State,
    *,
    on_roll: Optional[int] = None,
    dice: Optional[Tuple[int, int]] = None,
    match_length: int = 0,
    score: Tuple[int, int] = (0, 0),
) -> str:
    """gnubg's Match ID of a backgammon state: 12 base64 characters.

    racegames plays without the cube, so the cube is 1 and centred, with no
    double or resignation pending and no Crawford game. The player on roll
    is as in ``position_id``; the dice are the state's throw (0, 0 before it
    is thrown; mid-turn, with one die left, pass ``dice``). The game state
    is 0 before the roll-off, 2 once the game is over, else 1. A money game
    (``match_length`` 0) with the score 0-0 unless given.
    """
    _check_state(state)
    seat = _default_on_roll(state) if on_roll is None else _seat(on_roll, "on_roll")
    if dice is not None:
        faces = _check_dice(dice)
    elif state.is_terminal():
        faces = (0, 0)
    else:
        faces = _dice_of(state)
    if not isinstance(score, (tuple, list)) or len(score) != 2:
        raise TypeError(f"score must be a pair of ints, got {score!r}")
    for value, what in ((match_length, "match_length"), (score[0], "score"), (score[1], "score")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} must be an int, got {value!r}")
        if not 0 <= value <= 0x7FFF:
            raise ValueError(f"{what} must be 0 to 32767, got {value}")
    if state.is_terminal():
        game_state = 2
    elif state.turn_owner() is None:
        game_state = 0
    else:
        game_state = 1
    info = MatchInfo(1, None, seat, False, game_state, seat, False, 0, faces, match_length, (score[0], score[1]))
    return encode_match_id(info)


def _int_pair(value: object, name: str) -> Tuple[int, int]:
    """``value`` as a pair of ints, else ``ValueError`` naming the field."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ValueError(f"the Match ID field {name} is a pair of ints, got {value!r}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"the Match ID field {name} is a pair of ints, got {value!r}")
    return value[0], value[1]


def encode_match_id(info: MatchInfo) -> str:
    """The Match ID of its fields: 66 bits, least significant first, in base64."""
    if not isinstance(info, MatchInfo):
        raise TypeError(f"expected a MatchInfo, got {type(info).__name__}")
    cube = info.cube
    if isinstance(cube, bool) or not isinstance(cube, int) or cube < 1 or cube & (cube - 1) or cube > 1 << 15:
        raise ValueError(f"the cube is a power of two up to 32768, got {cube!r}")
    if info.cube_owner not in (None, 0, 1):
        raise ValueError(f"cube_owner is None, 0 or 1, got {info.cube_owner!r}")
    dice = _int_pair(info.dice, "dice")
    score = _int_pair(info.score, "score")
    if (0 in dice and dice != (0, 0)) or max(dice) > 6:
        raise ValueError(f"dice must be two faces 1 to 6, or (0, 0) before the roll, got {info.dice!r}")
    fields = [
        ("cube", cube.bit_length() - 1, 4),
        ("cube_owner", 3 if info.cube_owner is None else info.cube_owner, 2),
        ("on_roll", info.on_roll, 1),
        ("crawford", int(info.crawford), 1),
        ("game_state", info.game_state, 3),
        ("turn", info.turn, 1),
        ("doubled", int(info.doubled), 1),
        ("resigned", info.resigned, 2),
        ("dice", max(dice), 3),
        ("dice", min(dice), 3),
        ("match_length", info.match_length, 15),
        ("score", score[0], 15),
        ("score", score[1], 15),
    ]
    bits: List[int] = []
    for name, value, width in fields:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << width:
            raise ValueError(f"the Match ID field {name} ({width} bits) cannot hold {value!r}")
        bits.extend((value >> i) & 1 for i in range(width))
    return _encode_bits(bits, 9)


def decode_match_id(mid: str) -> MatchInfo:
    """The fields of a Match ID; ``ValueError`` for an ID gnubg would refuse."""
    bits = _decode_bits(mid, 12, 9, "Match ID")

    def get(start: int, width: int) -> int:
        return sum(bits[start + i] << i for i in range(width))

    owner = get(4, 2)
    info = MatchInfo(
        cube=1 << get(0, 4),
        cube_owner=owner if owner in (0, 1) else None,
        on_roll=get(6, 1),
        crawford=bool(get(7, 1)),
        game_state=get(8, 3),
        turn=get(11, 1),
        doubled=bool(get(12, 1)),
        resigned=get(13, 2),
        dice=(get(15, 3), get(18, 3)),
        match_length=get(21, 15),
        score=(get(36, 15), get(51, 15)),
    )
    if any(d > 6 for d in info.dice) or (0 in info.dice and info.dice != (0, 0)):
        raise ValueError(f"Match ID {mid!r}: dice {info.dice} are not a throw")
    if info.game_state > 4:
        raise ValueError(f"Match ID {mid!r}: unknown game state {info.game_state}")
    if info.match_length and max(info.score) > info.match_length:
        raise ValueError(f"Match ID {mid!r}: a score above the match length")
    if not info.match_length and info.crawford:
        raise ValueError(f"Match ID {mid!r}: a Crawford game in money play")
    return info


def state_from_position_id(
    pid: str,
    on_roll: Optional[int] = None,
    dice: Optional[Tuple[int, int]] = None,
    *,
    match_id: Optional[str] = None,
    game: Optional[Game] = None,
    turns: int = 0,
) -> State:
    """The backgammon state of a Position ID.

    The ID does not say who is on roll: ``on_roll`` (0 for A, 1 for B) does,
    or the Match ID's player on roll; A by default. ``dice`` (or the Match
    ID's dice) are the throw to play; without them the player on roll must
    throw. A position where a player has no checker left is the game over.
    ``turns`` sets the turn counter and ``game`` the options (backgammon's
    defaults otherwise). Bad IDs, or dice that cannot be played, raise
    ``ValueError``.
    """
    game = _game_or_default(game)
    first, second = decode_position_id(pid)
    faces: Optional[Tuple[int, int]] = None if dice is None else _check_dice(dice)
    seat = None if on_roll is None else _seat(on_roll, "on_roll")
    if match_id is not None:
        info = decode_match_id(match_id)
        if seat is not None and seat != info.on_roll:
            raise ValueError(f"on_roll={seat} but the Match ID has player {info.on_roll} on roll")
        seat = info.on_roll
        if info.dice != (0, 0):
            if faces is not None and faces != info.dice:
                raise ValueError(f"dice={faces} but the Match ID has {info.dice}")
            faces = info.dice
    if seat is None:
        seat = 0
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
        raise ValueError(f"turns must be a non-negative int, got {turns!r}")
    boards = (second, first) if seat == 0 else (first, second)
    points = []
    for point in range(1, 25):
        a, b = boards[0][point - 1], boards[1][24 - point]
        points.append(f"A{a}" if a else f"B{b}" if b else ".")
    waiting = ",".join(f"{_LETTERS[s]}{boards[s][24]}@{_ENTRY_QUARTER[s]}" for s in (0, 1) if boards[s][24])
    off = [15 - sum(boards[s]) for s in (0, 1)]
    if off == [15, 15]:
        raise ValueError(f"Position ID {pid!r}: neither player has a checker")
    over = 15 in off
    turn = "-" if over else _LETTERS[seat]
    if faces is None or over:
        dice_field = "-"
    else:
        dice_field = f"{faces[0]}{faces[1]}" * (2 if faces[0] == faces[1] else 1)
    text = f"{','.join(points)} {waiting or '-'} {off[0]}/{off[1]} {turn} {dice_field} {turns}"
    try:
        return game.state_from_notation(text)
    except ValueError as err:
        raise ValueError(f"Position ID {pid!r} with {_LETTERS[seat]} on roll and dice {faces}: {err}") from None
