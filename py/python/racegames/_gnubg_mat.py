"""gnubg's match files (``.mat``); ``racegames.gnubg`` re-exports them.
Glue over ``racegames_tables::gnubg``, which writes and reads them."""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from racegames import _core
from racegames._core import Game, State, make_game
from racegames._files import MAX_MATCH_BYTES, read_regular_file
from racegames.records import Record, result_tags
from racegames._gnubg_ids import _game_or_default


class MatTurn(NamedTuple):
    """One entry of a match file: a player's throw and the move it played."""

    player: int
    """0 (A, the left column) or 1 (B, the right column)."""
    dice: Tuple[int, int]
    """The throw, as written."""
    move: str
    """gnubg's move text, such as ``"8/5 6/5"``, ``"25/20* 13/7"``; ``""`` when it cannot move."""
    line: int = 0
    """The line of the file it comes from (0: none), for error messages."""


def _start(game: Optional[Game]) -> State:
    """The initial state of ``game`` (backgammon by default): the native calls take the game through it."""
    return _game_or_default(game).new_initial_state()


def _actions(actions: Iterable[int]) -> List[int]:
    out = list(actions)
    for index, action in enumerate(out):
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"action {index} is not an int: {action!r}")
        if not 0 <= action < 1 << 31:
            raise ValueError(f"action {index}: {action} is not legal here")
    return out


def mat_moves_to_actions(turns: Iterable[MatTurn], game: Optional[Game] = None) -> List[int]:
    """The racegames actions of one game's match-file turns, chance included.

    The first turn gives the roll-off (its player throws the higher die);
    each later turn must be the player whose turn it is. A move is matched
    to the racegames play that ends on the same position, so gnubg's
    consolidated moves (``13/7/1``, ``24/18(2)``) read too. Raises
    ``ValueError`` naming the line of the first turn that is not legal.
    """
    entries = []
    for number, turn in enumerate(turns):
        where = f"line {turn.line}" if isinstance(turn, MatTurn) and turn.line else f"turn {number}"
        if not isinstance(turn, MatTurn):
            raise TypeError(f"{where}: expected a MatTurn, got {type(turn).__name__}")
        if turn.player not in (0, 1):
            raise ValueError(f"{where}: the player is 0 (A) or 1 (B), got {turn.player!r}")
        if len(turn.dice) != 2 or not all(isinstance(d, int) for d in turn.dice):
            raise ValueError(f"{where}: dice {turn.dice!r} are not a pair of faces")
        if not all(0 <= d <= 6 for d in turn.dice):
            raise ValueError(f"{where}: dice {turn.dice} are not a throw")
        entries.append((turn.player, (turn.dice[0], turn.dice[1]), str(turn.move), max(int(turn.line), 0)))
    return _core._gnubg_entries_to_actions(_start(game), entries)


def actions_to_mat_turns(actions: Iterable[int], game: Optional[Game] = None) -> Tuple[List[MatTurn], State]:
    """One game's turns as match-file entries, and the state it ends in.

    ``actions`` are racegames action ids from the initial state, chance
    included; each is checked (``ValueError`` naming the first illegal one).
    """
    state, listed = _start(game), _actions(actions)
    turns = [MatTurn(p, d, m) for p, d, m in _core._gnubg_game_turns(state, listed)]
    for action in listed:
        state.apply_action(action)
    return turns, state


def actions_to_mat_lines(
    actions: Iterable[int],
    game: Optional[Game] = None,
    *,
    number: int = 1,
    names: Tuple[str, str] = ("A", "B"),
    score: Tuple[int, int] = (0, 0),
) -> List[str]:
    """One game as the lines of a match file, laid out as gnubg's ``export match mat``.

    `` Game <number>``, the players and their score before the game, then a
    numbered line per pair of turns, A's in the left column and B's in the
    right, each ``<dice>: <from>/<to>`` per checker (25 the bar, 0 off,
    ``*`` a hit), and ``Wins <n> point(s)`` under the winner's column (1
    single, 2 gammon, 3 backgammon, as gnubg counts). A game cut by the
    turn limit ends without it.
    """
    text = _core._gnubg_write_game(_start(game), _actions(actions), number, _check_names(names), (score[0], score[1]))
    return text[:-1].split("\n")


#: gnubg keeps a player's name in 32 bytes, its end included (MAX_NAME_LEN).
MAX_NAME_BYTES = _core._GNUBG_MAX_NAME_BYTES


def check_name(name: object, what: str = "a player name") -> str:
    """``name`` if a match file can hold it so that ``read_match`` and gnubg
    read it back the same, else ``ValueError`` (``TypeError`` if not a str):
    one line (no control character, nothing ``str.splitlines`` breaks at),
    no ``:`` (it ends the name) or ``,`` (gnubg reads a rating after it), no
    leading ``;`` or ``#`` (a comment), no space at either end (both
    readers strip it), at most 31 bytes of UTF-8 (gnubg cuts the rest)."""
    if not isinstance(name, str):
        raise TypeError(f"{what} is a str, got {type(name).__name__}")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{what} {name!r} is not UTF-8 text: a match file cannot hold it") from None
    _core._gnubg_check_name(name, what)
    return name


def _check_names(names: object, what: str = "names") -> Tuple[str, str]:
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"{what} is a pair of player names, got {repr(names)[:40]}")
    return check_name(names[0], f"{what}[0]"), check_name(names[1], f"{what}[1]")


def _actions_of(
    games: Iterable[Any], game: Optional[Game], names: Optional[Tuple[str, str]]
) -> List[Tuple[State, List[int], Tuple[str, str]]]:
    """Each game of ``games`` (records or action lists) as a state of its
    game (``game``, else a record's own, else backgammon), its actions and
    its players' names (``names``, else a record's ``PlayerA``/``PlayerB``
    tags, else A and B)."""
    default = ("A", "B") if names is None else _check_names(names)
    out: List[Tuple[State, List[int], Tuple[str, str]]] = []
    for number, item in enumerate(games, start=1):
        if not isinstance(item, Record):
            out.append((_start(game), _actions(item), default))
            continue
        if "Position" in item.tags:
            raise ValueError("a match file starts every game from the opening: a record from a Position cannot be written")
        pair = default
        if names is None:
            try:
                pair = (
                    check_name(item.tags.get("PlayerA", "A"), f"game {number}'s PlayerA tag"),
                    check_name(item.tags.get("PlayerB", "B"), f"game {number}'s PlayerB tag"),
                )
            except ValueError as e:
                raise ValueError(f"{e}; names=(a, b) writes other names") from None
        out.append((_start(game or item.game), _actions(item.actions), pair))
    return out


def format_match(
    games: Iterable[Any],
    game: Optional[Game] = None,
    *,
    names: Optional[Tuple[str, str]] = None,
    match_length: int = 0,
) -> str:
    """The text of a match file of ``games`` (records, or lists of action
    ids), see ``write_match``."""
    if isinstance(match_length, bool) or not isinstance(match_length, int) or not 0 <= match_length < 1 << 32:
        raise ValueError(f"match_length must be a non-negative int, got {match_length!r}")
    return _core._gnubg_write_match(_actions_of(games, game, names), match_length)


def write_match(
    games: Iterable[Any],
    path: Union[str, "os.PathLike[str]"],
    game: Optional[Game] = None,
    *,
    names: Optional[Tuple[str, str]] = None,
    match_length: int = 0,
) -> None:
    """Writes backgammon games as a gnubg match file (``gnubg``: ``import mat <path>``).

    Each game is a ``racegames.records.Record`` of backgammon (replayed in
    its own game, its options), or the list of racegames action ids from
    the initial state, chance included (replayed in ``game``, backgammon
    by default). The cube's actions are written (``Doubles => 2``,
    ``Takes``, ``Drops``) and each game ends with ``Wins <n> points``, the
    points won (an accepted resignation too; a rejected offer to resign is
    not written). The games of a match write their own score and the
    match length; ``match_length`` 0 takes theirs, and in a money session
    each score line counts the points won before it.

    Each game's players are its record's ``PlayerA`` and ``PlayerB`` tags
    (the arena alternates seats), A and B for an action list; ``names``
    names the players of every game instead. A name a match file cannot
    hold (see ``check_name``: ``:``, ``,``, a line break, over 31 bytes)
    raises ``ValueError`` and nothing is written.
    """
    text = format_match(games, game, names=names, match_length=match_length)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def parse_match(text: str, game: Optional[Game] = None) -> List[List[int]]:
    """The games of a match file's text, each as its racegames action ids
    (``read_match`` gives each with its game and tags). Raises
    ``ValueError`` naming the line."""
    return [g[1] for g in _parse_games(text, game)]


def _parse_games(text: str, game: Optional[Game]) -> List[Any]:
    """``parse_match``'s games, with everything ``_core._gnubg_read_match`` tells of each."""
    if not isinstance(text, str):
        raise TypeError(f"a match file's text is a str, got {type(text).__name__}")
    return _core._gnubg_read_match(_start(game), text.encode("utf-8", "replace").decode("utf-8"))


_OPTIONS = ("cube", "resign", "jacoby", "scoring", "match_length", "score_a", "score_b", "crawford_game")


def read_match(path: Union[str, "os.PathLike[str]"], game: Optional[Game] = None) -> List[Record]:
    """The games of a gnubg match file (``export match mat``), one
    ``racegames.records.Record`` each, ending as the file ends it.

    Each record's game is ``game`` (backgammon by default) with the options
    the file implies: the cube where the file is a match or doubles,
    resignation where a game ends by one, gammons and backgammons counted
    with either, the match's length and this game's score and Crawford flag.
    Tags: ``PlayerA``/``PlayerB`` (the score line's names), ``MatchLength``
    (0: money play), ``Score`` (the score line, ``"a-b"``), ``Crawford``
    (``true``/``false``), and ``Result``, ``Returns`` (the points won) and
    ``Termination``: ``win`` (played out), ``dropped``, ``resigned`` or
    ``unfinished``. ``.actions`` are the racegames action ids, chance and
    cube actions included.

    Every move, double, take, drop and resignation is replayed and checked,
    and each ``Wins`` and score line must be the points the games give:
    ``ValueError`` names the line of the first that is not, or that
    racegames cannot represent (beavers, raccoons, a resignation after the
    throw, ...). ``path`` must be a regular file of at most 64 MiB.
    """
    data = read_regular_file(path, "match file", MAX_MATCH_BYTES)
    base = _game_or_default(game)
    params = dict(base.get_parameters())
    made: Dict[Tuple[Any, ...], Game] = {}
    out = []
    for (a, b), actions, options, score, length, crawford in _parse_games(data.decode("utf-8", errors="replace"), game):
        if options not in made:
            made[options] = make_game(base.name, **{**params, **dict(zip(_OPTIONS, options))})
        rec = Record(made[options], actions)
        rec.tags.update({"PlayerA": a, "PlayerB": b, "MatchLength": str(length), "Score": f"{score[0]}-{score[1]}",
                         "Crawford": "true" if crawford else "false"})
        rec.tags.update(result_tags(rec.final_state()))
        out.append(rec)
    return out
