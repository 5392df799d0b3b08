"""gnubg's Position ID and Match ID (``racegames.gnubg`` re-exports them):
glue over ``racegames_tables::gnubg``, which computes them."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

from racegames import _core
from racegames._core import Game, State, make_game

_GAME = "backgammon"
_LETTERS = "AB"

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
    jacoby: bool = True
    """Whether the Jacoby rule holds (bit 66: on in money play by default, off in match play)."""


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
    a, b = _core._gnubg_sides(state)
    return list(a), list(b)


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a seat, 0 (A) or 1 (B), got {value!r}")
    if value not in (0, 1):
        raise ValueError(f"{what} must be a seat, 0 (A) or 1 (B), got {value}")
    return value


def _check_dice(dice: object) -> Tuple[int, int]:
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise TypeError(f"dice must be a pair of faces, such as (6, 4), got {dice!r}")
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int):
            raise TypeError(f"dice must be a pair of ints, got {dice!r}")
        if not 1 <= face <= 6:
            raise ValueError(f"dice faces are 1 to 6, got {dice!r}")
    return (max(dice), min(dice))


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
    return _core._gnubg_position_id(state, None if on_roll is None else _seat(on_roll, "on_roll"))


def decode_position_id(pid: str) -> Tuple[Board, Board]:
    """The boards of a Position ID: (player not on roll, player on roll), each from its own side.

    Raises ``ValueError`` unless it is 14 base64 characters giving each
    player at most 15 checkers and no point held by both.
    """
    first, second = _core._gnubg_decode_position_id(pid)
    return list(first), list(second)


def match_id(
    state: State,
    *,
    on_roll: Optional[int] = None,
    dice: Optional[Tuple[int, int]] = None,
    match_length: int = 0,
    score: Tuple[int, int] = (0, 0),
) -> str:
    """gnubg's Match ID of a backgammon state: 12 base64 characters.

    The cube's value and owner, the Crawford flag, a double or an offer to
    resign under way (then the opponent is the one to decide), the match
    length and score are the state's (a centred 1-cube in a game without
    the cube). The player on roll is as in ``position_id``; the dice are
    the state's throw (0, 0 before it is thrown; mid-turn, with one die
    left, pass ``dice``). The game state is 0 before the roll-off, 2 once
    the game is over (3 after an accepted resignation, 4 after a dropped
    double), else 1; once over, as gnubg, the score counts the game's
    points and the Crawford flag is the next game's. In money play
    ``match_length`` and ``score`` may set
    a match (0 and 0-0 unless given); a state of a match keeps its own,
    and another one given is a ``ValueError``.
    """
    _check_state(state)
    seat = None if on_roll is None else _seat(on_roll, "on_roll")
    faces = None if dice is None else _check_dice(dice)
    if not isinstance(score, (tuple, list)) or len(score) != 2:
        raise TypeError(f"score must be a pair of ints, got {score!r}")
    for value, what in ((match_length, "match_length"), (score[0], "score"), (score[1], "score")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} must be an int, got {value!r}")
        if not 0 <= value <= 0x7FFF:
            raise ValueError(f"{what} must be 0 to 32767, got {value}")
    return _core._gnubg_match_id(state, seat, faces, match_length, (score[0], score[1]))


def _int_pair(value: object, name: str) -> Tuple[object, object]:
    """``value`` as a pair, else ``ValueError`` naming the field."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ValueError(f"the Match ID field {name} is a pair of ints, got {value!r}")
    return value[0], value[1]


def encode_match_id(info: MatchInfo) -> str:
    """The Match ID of its fields: 66 bits, least significant first, in base64."""
    if not isinstance(info, MatchInfo):
        raise TypeError(f"expected a MatchInfo, got {type(info).__name__}")
    dice, score = _int_pair(info.dice, "dice"), _int_pair(info.score, "score")
    return _core._gnubg_encode_match_id(*info[:8], dice, info.match_length, score, info.jacoby)


def decode_match_id(mid: str) -> MatchInfo:
    """The fields of a Match ID; ``ValueError`` for an ID gnubg would refuse."""
    return MatchInfo(*_core._gnubg_decode_match_id(mid))


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
    decode_position_id(pid)
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
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= 0xFFFFFFFF:
        raise ValueError(f"turns must be a non-negative int, got {turns!r}")
    text = _core._gnubg_position_notation(pid, seat, faces, turns)
    try:
        return game.state_from_notation(text)
    except ValueError as err:
        raise ValueError(f"Position ID {pid!r} with {_LETTERS[seat]} on roll and dice {faces}: {err}") from None
