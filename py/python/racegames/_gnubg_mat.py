"""gnubg's match files (``.mat``); ``racegames.gnubg`` re-exports them."""

from __future__ import annotations

import os
import re
import unicodedata
from typing import Any, Iterable, List, NamedTuple, Optional, Sequence, Set, Tuple, Union

from racegames._core import Game, State
from racegames._files import MAX_MATCH_BYTES, read_regular_file
from racegames.records import Record, result_tags
from racegames._gnubg_ids import _LETTERS, Board, _boards, _game_or_default


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


def _action_move(action: int) -> Tuple[int, int]:
    """(from, to) of a checker action, in the mover's numbering (25 bar, 0 off)."""
    source, die = divmod(action, 6)
    start = 25 if source >= 24 else 24 - source
    return start, max(start - die - 1, 0)


def _apply_pairs(
    boards: Tuple[Board, Board], mover: int, pairs: Sequence[Tuple[int, int]], where: str
) -> Tuple[Board, Board]:
    own, opp = list(boards[mover]), list(boards[1 - mover])
    for start, end in pairs:
        if own[start - 1] == 0:
            raise ValueError(f"{where}: no checker of {_LETTERS[mover]} on its point {start}")
        own[start - 1] -= 1
        if end > 0:
            there = 24 - end
            if opp[there] >= 2:
                raise ValueError(f"{where}: point {end} is held by the opponent")
            if opp[there] == 1:
                opp[there], opp[24] = 0, opp[24] + 1
            own[end - 1] += 1
    return (own, opp) if mover == 0 else (opp, own)


_POINT = re.compile(r"^([0-9]+|bar|off)(\*?)$", re.IGNORECASE)


def _short(text: str, limit: int = 40) -> str:
    """``text`` quoted, cut short: messages stay readable whatever the file holds."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3] + "...")


def _parse_move_text(text: str, where: str) -> List[Tuple[int, int]]:
    """(from, to) pairs of gnubg's move text: ``8/5 6/5``, ``24/18*/13``, ``13/7(2)``, ``bar/22``."""
    pairs: List[Tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        repeat = 1
        found = re.fullmatch(r"(.*)\((\d)\)", token)
        if found:
            token, repeat = found.group(1), int(found.group(2))
            if not 1 <= repeat <= 4:
                raise ValueError(f"{where}: bad repetition in {_short(text)}")
        parts = token.split("/")
        if len(parts) < 2:
            raise ValueError(f"{where}: {_short(token)} is not a move such as 8/5")
        chain: List[int] = []
        for part in parts:
            point = _POINT.match(part)
            if not point:
                raise ValueError(f"{where}: {_short(part)} in {_short(token)} is not a point")
            word = point.group(1).lower()
            if len(word.lstrip("0")) > 2:
                # Checked before int(): 5,000 digits are no point either.
                raise ValueError(f"{where}: point {_short(word)} in {_short(token)} is not a point")
            value = 25 if word == "bar" else 0 if word == "off" else int(word)
            if value > 25:
                raise ValueError(f"{where}: point {value} in {_short(token)}")
            chain.append(value)
        for start, end in zip(chain, chain[1:]):
            if not start > end or start == 0 or end == 25:
                raise ValueError(f"{where}: {_short(token)} does not move towards home")
            pairs.extend([(start, end)] * repeat)
    if len(pairs) > 4:
        raise ValueError(f"{where}: more than four checker moves in {_short(text)}")
    return pairs


def _turn_over(state: State, mover: int) -> bool:
    return state.is_chance_node() or state.is_terminal() or state.turn_owner() != mover


def _find_play(
    state: State, mover: int, target: Tuple[Board, Board], hint: List[Tuple[int, int]], failed: Set[str]
) -> Optional[List[int]]:
    """Actions that end the turn on ``target``, trying the written order first."""
    if _turn_over(state, mover):
        return [] if _boards(state) == target else None
    key = state.notation()
    if key in failed:
        return None

    def rank(action: int) -> Tuple[int, int]:
        move = _action_move(action)
        # A bear-off does not say its die: the exact one first, then the larger.
        die = -7 if move[0] - move[1] == action % 6 + 1 else -(action % 6)
        if move in hint:
            return hint.index(move), die
        return 4 if any(move[0] == h[0] for h in hint) else 5, die

    for action in sorted(state.legal_actions(), key=rank):
        child = state.clone()
        child.apply_action(action)
        move = _action_move(action)
        rest = list(hint)
        if move in rest:
            rest.remove(move)
        found = _find_play(child, mover, target, rest, failed)
        if found is not None:
            return [action] + found
    failed.add(key)
    return None


def mat_moves_to_actions(turns: Iterable[MatTurn], game: Optional[Game] = None) -> List[int]:
    """The racegames actions of one game's match-file turns, chance included.

    The first turn gives the roll-off (its player throws the higher die);
    each later turn must be the player whose turn it is. A move is matched
    to the racegames play that ends on the same position, so gnubg's
    consolidated moves (``13/7/1``, ``24/18(2)``) read too. Raises
    ``ValueError`` naming the line of the first turn that is not legal.
    """
    game = _game_or_default(game)
    state = game.new_initial_state()
    actions: List[int] = []
    for number, turn in enumerate(turns):
        where = f"line {turn.line}" if turn.line else f"turn {number}"
        if not isinstance(turn, MatTurn):
            raise TypeError(f"{where}: expected a MatTurn, got {type(turn).__name__}")
        if turn.player not in (0, 1):
            raise ValueError(f"{where}: the player is 0 (A) or 1 (B), got {turn.player!r}")
        if len(turn.dice) != 2 or not all(isinstance(d, int) for d in turn.dice):
            raise ValueError(f"{where}: dice {turn.dice!r} are not a pair of faces")
        hi, lo = max(turn.dice), min(turn.dice)
        if not (1 <= lo <= hi <= 6):
            raise ValueError(f"{where}: dice {turn.dice} are not a throw")
        if state.is_terminal():
            raise ValueError(f"{where}: the game is already over")
        if not state.is_chance_node():
            raise ValueError(f"{where}: expected the rest of the previous turn")
        if state.turn_owner() is None:
            if hi == lo:
                raise ValueError(f"{where}: the opening throw {hi}{lo} is a double; the roll-off gives two faces")
            a, b = (hi, lo) if turn.player == 0 else (lo, hi)
            chance = state.string_to_action(f"roll-off A{a} B{b}")
        else:
            if state.turn_owner() != turn.player:
                to_move = _LETTERS[state.turn_owner() or 0]
                raise ValueError(f"{where}: {to_move} is to move, not {_LETTERS[turn.player]}")
            chance = state.string_to_action(f"roll {hi}{lo}")
        state.apply_action(chance)
        actions.append(chance)
        mover = turn.player
        pairs = _parse_move_text(turn.move, where)
        if _turn_over(state, mover):
            if pairs:
                raise ValueError(
                    f"{where}: {_LETTERS[mover]} cannot move with {hi}{lo}, but the file plays {_short(turn.move)}"
                )
            continue
        if not pairs:
            raise ValueError(f"{where}: {_LETTERS[mover]} has a move with {hi}{lo}, but none is written")
        target = _apply_pairs(_boards(state), mover, pairs, where)
        play = _find_play(state, mover, target, pairs, set())
        if play is None:
            raise ValueError(f"{where}: {_short(turn.move)} with {hi}{lo} is not a legal play for {_LETTERS[mover]}")
        for action in play:
            state.apply_action(action)
        actions.extend(play)
    return actions


def _game_points(state: State) -> Tuple[Optional[int], int]:
    """The winner and gnubg's count: 1 single, 2 gammon, 3 backgammon."""
    if not state.is_terminal() or state.is_truncated():
        return None, 0
    returns = state.returns()
    if returns[0] == returns[1]:
        return None, 0
    winner = 0 if returns[0] > returns[1] else 1
    loser = _boards(state)[1 - winner]
    if sum(loser) < 15:
        return winner, 1
    return winner, 3 if loser[24] or any(loser[18:24]) else 2


def actions_to_mat_turns(actions: Iterable[int], game: Optional[Game] = None) -> Tuple[List[MatTurn], State]:
    """One game's turns as match-file entries, and the state it ends in.

    ``actions`` are racegames action ids from the initial state, chance
    included; each is checked (``ValueError`` naming the first illegal one).
    """
    game = _game_or_default(game)
    state = game.new_initial_state()
    turns: List[MatTurn] = []
    moves: List[str] = []
    for index, action in enumerate(actions):
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"action {index} is not an int: {action!r}")
        if state.is_terminal():
            raise ValueError(f"action {index}: the game is already over")
        if state.is_chance_node():
            if action not in [a for a, _ in state.chance_outcomes()]:
                raise ValueError(f"action {index}: {action} is not a chance outcome here")
            text = state.action_to_string(action)
            thrower = state.turn_owner()
            state.apply_action(action)
            faces = sorted((int(c) for c in re.findall(r"\d", text)), reverse=True)
            # A throw that cannot be played passes at once; after the
            # roll-off the turn owner is the player who plays it.
            mover = state.turn_owner() if thrower is None else thrower
            if mover is None:
                raise ValueError(f"action {index}: a throw with no player to move")
            if turns:
                turns[-1] = turns[-1]._replace(move=" ".join(moves))
            turns.append(MatTurn(mover, (faces[0], faces[1]), ""))
            moves = []
            continue
        if not state.is_legal(action):
            raise ValueError(f"action {index}: {action} is not legal in {state.notation()!r}")
        mover = state.current_player()
        boards = _boards(state)
        start, end = _action_move(action)
        hit = end > 0 and boards[1 - mover][24 - end] == 1
        moves.append(f"{start}/{end}{'*' if hit else ''}")
        state.apply_action(action)
    if turns:
        turns[-1] = turns[-1]._replace(move=" ".join(moves))
    return turns, state


def _plural(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


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
    return _game_lines(actions, game, number, names, score)[0]


#: gnubg keeps a player's name in 32 bytes, its end included (MAX_NAME_LEN).
MAX_NAME_BYTES = 31


def check_name(name: object, what: str = "a player name") -> str:
    """``name`` if a match file can hold it so that ``read_match`` and gnubg
    read it back the same, else ``ValueError`` (``TypeError`` if not a str):
    one line (no control character, nothing ``str.splitlines`` breaks at),
    no ``:`` (it ends the name) or ``,`` (gnubg reads a rating after it), no
    leading ``;`` or ``#`` (a comment), no space at either end (both
    readers strip it), at most 31 bytes of UTF-8 (gnubg cuts the rest)."""
    if not isinstance(name, str):
        raise TypeError(f"{what} is a str, got {type(name).__name__}")
    if not name.strip():
        raise ValueError(f"{what} is empty")
    for c in name:
        if c in ":," or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp"):
            raise ValueError(f"{what} {_short(name)} holds {c!r}: a match file cannot hold it")
    if name != name.strip() or name.startswith((";", "#")):
        raise ValueError(f"{what} {_short(name)} starts or ends with a space, or starts with ';' or '#'")
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise ValueError(f"{what} {_short(name)} is longer than gnubg's {MAX_NAME_BYTES} bytes")
    return name


def _check_names(names: object, what: str = "names") -> Tuple[str, str]:
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"{what} is a pair of player names, got {_short(repr(names))}")
    return check_name(names[0], f"{what}[0]"), check_name(names[1], f"{what}[1]")


def _game_lines(
    actions: Iterable[int], game: Optional[Game], number: int, names: Tuple[str, str], score: Tuple[int, int]
) -> Tuple[List[str], State]:
    turns, state = actions_to_mat_turns(actions, game)
    names = _check_names(names)
    # gnubg's layout, with at least one space before the second name (its
    # own puts none after a long first name, and then cannot read it back).
    lines = [f" Game {number}", f" {f'{names[0]} : {score[0]}':<30} {names[1]} : {score[1]}"]
    row = ""
    count = 0
    for turn in turns:
        text = f"{turn.dice[0]}{turn.dice[1]}: {turn.move}"
        if turn.player == 0:
            if row:
                lines.append(row.rstrip())
            count += 1
            row = f"{count:3d}) {text:<27} "
        else:
            if not row:
                count += 1
                row = f"{count:3d}) {'':<27} "
            lines.append((row + text).rstrip())
            row = ""
    if row:
        lines.append(row.rstrip())
    winner, points = _game_points(state)
    if winner is not None:
        indent = 6 if winner == 0 else 34
        lines.append(" " * indent + f"Wins {_plural(points)}")
    lines.append("")
    return lines, state


def _actions_of(
    games: Iterable[Any], game: Optional[Game], names: Optional[Tuple[str, str]]
) -> Tuple[List[Tuple[List[int], Tuple[str, str]]], Optional[Game]]:
    """Each game of ``games`` (records or action lists) as its actions and
    players' names (``names``, else a record's ``PlayerA``/``PlayerB``
    tags, else A and B), and the game to replay them with: ``game``, else
    the first record's."""
    default = ("A", "B") if names is None else _check_names(names)
    out: List[Tuple[List[int], Tuple[str, str]]] = []
    for number, item in enumerate(games, start=1):
        if isinstance(item, Record):
            if "Position" in item.tags:
                raise ValueError("a match file starts every game from the opening: a record from a Position cannot be written")
            if game is None:
                game = item.game
            pair = default
            if names is None:
                try:
                    pair = (
                        check_name(item.tags.get("PlayerA", "A"), f"game {number}'s PlayerA tag"),
                        check_name(item.tags.get("PlayerB", "B"), f"game {number}'s PlayerB tag"),
                    )
                except ValueError as e:
                    raise ValueError(f"{e}; names=(a, b) writes other names") from None
            out.append((list(item.actions), pair))
        else:
            out.append((list(item), default))
    return out, game


def format_match(
    games: Iterable[Any],
    game: Optional[Game] = None,
    *,
    names: Optional[Tuple[str, str]] = None,
    match_length: int = 0,
) -> str:
    """The text of a match file of ``games`` (records, or lists of action
    ids), see ``write_match``."""
    if isinstance(match_length, bool) or not isinstance(match_length, int) or match_length < 0:
        raise ValueError(f"match_length must be a non-negative int, got {match_length!r}")
    listed, game = _actions_of(games, game, names)
    game = _game_or_default(game)
    out = [f" {match_length} point match", ""]
    score = [0, 0]
    for number, (actions, pair) in enumerate(listed, start=1):
        lines, state = _game_lines(actions, game, number, pair, (score[0], score[1]))
        out.extend(lines)
        winner, points = _game_points(state)
        if winner is not None:
            score[winner] += points
    return "\n".join(out) + "\n"


def write_match(
    games: Iterable[Any],
    path: Union[str, "os.PathLike[str]"],
    game: Optional[Game] = None,
    *,
    names: Optional[Tuple[str, str]] = None,
    match_length: int = 0,
) -> None:
    """Writes backgammon games as a gnubg match file (``gnubg``: ``import mat <path>``).

    Each game is a ``racegames.records.Record`` of backgammon, or the list
    of racegames action ids from the initial state, chance included. ``match_length`` 0 is a money session; the score line
    of each game counts the points won before it (gnubg's 1, 2 or 3 per
    game, its cube being 1). ``game`` gives the options to replay with.

    Each game's players are its record's ``PlayerA`` and ``PlayerB`` tags
    (the arena alternates seats), A and B for an action list; ``names``
    names the players of every game instead. A name a match file cannot
    hold (see ``check_name``: ``:``, ``,``, a line break, over 31 bytes)
    raises ``ValueError`` and nothing is written.
    """
    text = format_match(games, game, names=names, match_length=match_length)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]+")
_NUMBERED = re.compile(r"^\s*(\d+)\)(.*)$")
_ENTRY = re.compile(
    r"(?<!\S)(?:([1-6])([1-6]):|(doubles|takes|drops|wins|beavers|raccoons|resign\w*|double|take|drop)\b)",
    re.IGNORECASE,
)
# The left column starts one space after a line's number, the right one 29
# spaces after it when the left is empty: a first entry this far in is the right.
_RIGHT_GAP = 8


def _entries(text: str, line: int) -> List[Tuple[int, str, Optional[Tuple[int, int]], str]]:
    """(column, keyword, dice, move) of each entry of a line's text."""
    starts = list(_ENTRY.finditer(text))
    out: List[Tuple[int, str, Optional[Tuple[int, int]], str]] = []
    for k, found in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(text)
        body = text[found.end() : end].strip()
        if k == 0:
            column = 1 if found.start() >= _RIGHT_GAP else 0
        else:
            column = 1
        if found.group(1):
            body = re.sub(r"(?i)cannot\s+move|\?+", "", body).strip()
            out.append((column, "", (int(found.group(1)), int(found.group(2))), body))
        else:
            out.append((column, found.group(3).lower(), None, body))
    if len(out) > 2:
        raise ValueError(f"line {line}: more than two entries")
    if not out and text.strip():
        raise ValueError(f"line {line}: {_short(text.strip())} is neither a move nor a cube action")
    return out


def _score_names(line: str) -> Optional[Tuple[str, str]]:
    """The two names of a score line `` Alice : 0     Bob : 3``, or None.
    Read in one pass (a regular expression with two lazy names backtracks
    for minutes on a long bad line): the first name ends at the first
    ``:``, the second starts after the first score, space or not (gnubg's
    export puts none after a first name of 27 bytes or more)."""
    first, colon, rest = line.partition(":")
    rest = rest.lstrip()
    score = _DIGITS.match(rest)
    if not colon or not score:
        return None
    second, colon, last = rest[score.end() :].rpartition(":")
    names = first.strip(), second.strip()
    if not colon or not all(names) or not _DIGITS.fullmatch(last.strip()):
        return None
    return names


def parse_match(text: str, game: Optional[Game] = None) -> List[List[int]]:
    """The games of a match file's text, each as its racegames action ids.

    Comments (``;`` or ``#``) and the header are skipped up to
    `` <n> point match``; each `` Game <k>`` is followed by the score line
    and the numbered move lines. Every move is replayed and checked through
    racegames. racegames has no cube: cube actions are skipped, and a game
    ended by a dropped cube or a resignation stops there (its actions do
    not reach a terminal state). Raises ``ValueError`` naming the line.
    """
    return [actions for actions, _ in _parse_games(text, game)]


def _parse_games(text: str, game: Optional[Game]) -> List[Tuple[List[int], Tuple[str, str]]]:
    """``parse_match``'s games, each with the names of its score line."""
    if not isinstance(text, str):
        raise TypeError(f"a match file's text is a str, got {type(text).__name__}")
    game = _game_or_default(game)
    lines = text.lstrip("\ufeff").splitlines()
    index = 0
    while True:
        if index == len(lines):
            raise ValueError("not a match file: no ' <n> point match' line")
        line = lines[index]
        index += 1
        if line.lstrip().startswith((";", "#")) or not line.strip():
            continue
        if _HEADER.match(line):
            break
        raise ValueError(f"line {index}: expected ' <n> point match', got {_short(line.strip())}")
    games: List[Tuple[List[int], Tuple[str, str]]] = []
    turns: Optional[List[MatTurn]] = None
    names = ("A", "B")
    ended = False
    expect_score = False
    for number, line in enumerate(lines[index:], start=index + 1):
        if not line.strip() or line.lstrip().startswith((";", "#")):
            continue
        if _GAME_LINE.match(line):
            if turns is not None:
                games.append((mat_moves_to_actions(turns, game), names))
            turns, ended, expect_score = [], False, True
            continue
        if turns is None:
            raise ValueError(f"line {number}: expected ' Game 1', got {_short(line.strip())}")
        if expect_score:
            found = _score_names(line)
            if found is None:
                raise ValueError(f"line {number}: expected the players and score, such as 'A : 0   B : 0'")
            names, expect_score = found, False
            continue
        numbered = _NUMBERED.match(line)
        body = numbered.group(2) if numbered else line
        for column, keyword, dice, move in _entries(body, number):
            if not numbered and keyword == "" and dice is not None:
                raise ValueError(f"line {number}: a move outside a numbered line")
            if keyword in ("wins", "drops", "drop") or keyword.startswith("resign"):
                ended = True
                continue
            if keyword:
                continue
            if ended:
                raise ValueError(f"line {number}: a move after the end of the game")
            assert dice is not None
            turns.append(MatTurn(column, dice, move, number))
    if turns is None:
        raise ValueError("the match file has no ' Game 1'")
    games.append((mat_moves_to_actions(turns, game), names))
    return games


def read_match(path: Union[str, "os.PathLike[str]"], game: Optional[Game] = None) -> List[Record]:
    """The games of a gnubg match file (``export match mat``), each as a
    ``racegames.records.Record`` with the players of its score line in its
    ``PlayerA`` (left) and ``PlayerB`` tags and its result tags (``.actions``
    are the racegames action ids, chance included).

    See ``parse_match`` for the action lists; ``ValueError`` names the line
    of the first bad entry. ``path`` must be a regular file of at most
    64 MiB (``ValueError`` otherwise: a FIFO or a device would block or
    never end).
    """
    data = read_regular_file(path, "match file", MAX_MATCH_BYTES)
    games = _parse_games(data.decode("utf-8", errors="replace"), game)
    played = _game_or_default(game)
    out = []
    for actions, (a, b) in games:
        rec = Record(played, actions)
        rec.tags.update({"PlayerA": a, "PlayerB": b})
        rec.tags.update(result_tags(rec.final_state()))
        out.append(rec)
    return out
