"""Game records: keep a game, replay it, exchange it, and turn many into data.

    >>> import racegames
    >>> from racegames import records
    >>> game = racegames.make_game("daldos")
    >>> state = game.new_initial_state()
    >>> _ = state.play_random(seed=3)
    >>> rec = records.Record.from_state(state, players=["random", "random"], date="2026.01.31")
    >>> rec.tags["Game"], rec.tags["Termination"]
    ('daldos', 'win')
    >>> [rec2] = records.loads(records.dumps([rec]))
    >>> rec2 == rec, rec2.final_state() == state
    (True, True)

A record is text in the spirit of chess's PGN: tag lines ``[Name "value"]``
(the game and each of its options, the players by seat, the seed, the date,
the result and how the game ended), a blank line, then the moves turn by
turn in the game's own notation, throws included (``3. A: roll 53;
3:24-21; 5:6-1*``), with comments in braces. A file holds many games. The
format is described in the documentation (``docs/records.md``).

- ``Record.from_state(state, players=...)``: the game that led to
  ``state`` (``state.history()``);
- ``rec.tags`` (a dict, in order), ``rec.game``, ``rec.actions`` (chance
  outcomes included), ``rec.comments`` (``(before, text)`` pairs: the
  comment comes before action ``before``);
- ``rec.states()`` and ``rec.final_state()`` replay the game, checking
  every move: an illegal one raises ``ValueError`` naming it;
- ``dumps``/``loads`` and ``dump``/``load`` (a path): bad text raises
  ``ValueError`` naming the line and column;
- ``to_arrays(recs)``: per decision, the observation, legal mask, action,
  seat and final return as numpy arrays, for imitation learning and
  offline RL;
- in a notebook a record shows as a replay with a step control.
"""

from __future__ import annotations

import datetime
import math
import operator
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from racegames._core import Game, Player, State, _game_tags, _records_read, _records_write, _result_tags
from racegames._files import MAX_RECORDS_BYTES, decode_utf8, read_regular_file

__all__ = ["Record", "loads", "dumps", "load", "dump", "to_arrays", "to_transitions"]

#: A record's tags: name -> value, in order.
Tags = Dict[str, str]

_SEATS = "ABCDEF"

_FLOAT32_MAX = float(np.finfo(np.float32).max)

#: Actions are unsigned 32-bit numbers natively.
_ACTION_END = 1 << 32


def _actions_list(actions: Iterable[int]) -> List[int]:
    """The actions as ints; ``ValueError`` for one out of the native range
    (checked here, not as an ``OverflowError`` when written)."""
    out = []
    for i, a in enumerate(actions):
        if isinstance(a, bool):
            raise TypeError(f"action {i} is a bool, not an int")
        a = operator.index(a)
        if not 0 <= a < _ACTION_END:
            raise ValueError(f"action {i} is {a}, outside 0 to {_ACTION_END - 1}")
        out.append(a)
    return out


def _comments_list(comments: Iterable[Tuple[int, str]], n_actions: int) -> List[Tuple[int, str]]:
    """The comments as ``(before, text)``; ``ValueError`` for a place
    outside 0 to ``n_actions`` (after the last action)."""
    out = []
    for before, text in comments:
        if isinstance(before, bool):
            raise TypeError("a comment's place is an int, not a bool")
        before = operator.index(before)
        if not 0 <= before <= n_actions:
            raise ValueError(f"a comment before action {before}: the record has {n_actions} actions")
        out.append((before, str(text)))
    return out


def game_tags(game: Game) -> Tags:
    """``Game`` and then every option of ``game`` (defaults included), as
    the Rust writer tags a record."""
    return dict(_game_tags(game))


def _player_name(p: Any) -> str:
    if isinstance(p, str):
        return p
    if isinstance(p, Player):
        return p.name
    return str(getattr(p, "__name__", type(p).__name__))


def result_tags(state: State, stopped: bool = False) -> Tags:
    """``Result``, ``Returns`` and ``Termination`` for a final ``state``:
    the winning seat's letter (or ``draw``, or ``*`` while unfinished), each
    seat's return, and ``win``, ``draw``, ``turn limit`` or ``unfinished``.
    ``stopped``: play was stopped from outside by a turn limit. The tags
    are the Rust writer's own (``racegames_board::record::result_tags``)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a racegames State, got {type(state).__name__}")
    return dict(_result_tags(state, bool(stopped)))


class Record:
    """One game: its tags, every action from the start (chance outcomes
    included) and comments. ``Record(game, actions)`` fills the ``Game``
    and option tags from ``game`` when ``tags`` does not give them. A
    ``Game`` tag naming another game, an action outside 0 to 2**32 - 1 or a
    comment placed outside the actions raises ``ValueError``."""

    def __init__(
        self,
        game: Game,
        actions: Iterable[int] = (),
        tags: Optional[Mapping[str, str]] = None,
        comments: Iterable[Tuple[int, str]] = (),
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a racegames Game, not {type(game).__name__}")
        given = dict(tags or {})
        for k, v in given.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError("tags must map str to str")
        if "Game" in given and given["Game"] != game.name:
            # The text would name another game than the one the actions are of.
            raise ValueError(f"the Game tag says {given['Game']!r}, but the record is of {game.name!r}")
        full = game_tags(game) if "Game" not in given else {}
        full.update(given)
        #: The game the actions belong to.
        self.game: Game = game
        #: The tags, name -> value, in order.
        self.tags: Tags = full
        #: Every action from the start, chance outcomes included.
        self.actions: List[int] = _actions_list(actions)
        #: ``(before, text)``: a comment before action ``before``.
        self.comments: List[Tuple[int, str]] = _comments_list(comments, len(self.actions))

    @classmethod
    def from_state(
        cls,
        state: State,
        players: Optional[Sequence[Any]] = None,
        seed: Optional[int] = None,
        date: Optional[str] = None,
        tags: Optional[Mapping[str, str]] = None,
    ) -> "Record":
        """The record of the game that led to ``state``: its history, the
        game and options, ``players`` by seat (names, Players or
        callables), ``seed``, ``date`` (``YYYY.MM.DD``, default today, UTC)
        and the result so far; ``tags`` adds or overrides any tag. A state
        made by ``state_from_notation`` records that position in a
        ``Position`` tag."""
        if not isinstance(state, State):
            raise TypeError(f"state must be a racegames State, not {type(state).__name__}")
        game = state.get_game()
        t = game_tags(game)
        start = state._history_start()
        if start is not None:
            t["Position"] = start
        if players is not None:
            if isinstance(players, (str, bytes)) or len(players) != game.num_players():
                raise ValueError(f"players must list {game.num_players()} players, one per seat")
            for i, p in enumerate(players):
                t[f"Player{_SEATS[i]}"] = _player_name(p)
        if seed is not None:
            t["Seed"] = str(int(seed))
        t["Date"] = date if date is not None else datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")
        t.update(result_tags(state))
        t.update(tags or {})
        return cls(game, state.history(), t)

    @classmethod
    def _read(cls, game: Game, tags: Tags, actions: List[int], comments: List[Tuple[int, str]]) -> "Record":
        """A record as the native reader gives it, already checked there
        (a long file is not checked again action by action)."""
        rec = cls.__new__(cls)
        rec.game, rec.tags, rec.actions, rec.comments = game, tags, actions, comments
        return rec

    def start_state(self) -> State:
        """The position the actions start from (the ``Position`` tag's, or
        the game's initial state)."""
        position = self.tags.get("Position")
        return self.game.new_initial_state() if position is None else self.game.state_from_notation(position)

    def _apply(self, state: State, i: int, a: int) -> None:
        try:
            state.apply_action(a)
        except ValueError as e:
            raise ValueError(f"move {i + 1} ({state.action_to_string(a)}, action {a}) is illegal: {e}") from None

    def states(self) -> List[State]:
        """Every state of the game: the start, then the state after each
        action. Checks every move: ``ValueError`` names the first illegal
        one."""
        s = self.start_state()
        out = [s.clone()]
        for i, a in enumerate(self.actions):
            self._apply(s, i, a)
            out.append(s.clone())
        return out

    def final_state(self) -> State:
        """The state after the last action, replayed (and checked)."""
        s = self.start_state()
        for i, a in enumerate(self.actions):
            self._apply(s, i, a)
        return s

    def move_strings(self) -> List[str]:
        """Each action's string in the position it was played from."""
        s = self.start_state()
        out = []
        for i, a in enumerate(self.actions):
            out.append(s.action_to_string(a))
            self._apply(s, i, a)
        return out

    def dumps(self) -> str:
        """This record as text. ``ValueError`` for an action that does not
        apply, a comment out of place, or a tag that cannot be written."""
        if self.tags.get("Game", self.game.name) != self.game.name:
            raise ValueError(f"the Game tag says {self.tags['Game']!r}, but the record is of {self.game.name!r}")
        # The lists may have changed since the record was made.
        actions = _actions_list(self.actions)
        return _records_write(self.game, list(self.tags.items()), actions, _comments_list(self.comments, len(actions)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (
            self.game == other.game
            and list(self.tags.items()) == list(other.tags.items())
            and self.actions == other.actions
            and self.comments == other.comments
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        seats = [self.tags.get(f"Player{c}") for c in _SEATS[: self.game.num_players()]]
        who = " vs ".join(p or "?" for p in seats)
        return (
            f"<Record {self.tags.get('Game', self.game.name)}: {who}, {len(self.actions)} actions, "
            f"result {self.tags.get('Result', '*')} ({self.tags.get('Termination', 'unfinished')})>"
        )

    def _repr_html_(self) -> str:
        from racegames._replay import replay_html

        return replay_html(self)


def _as_list(recs: Union[Record, Iterable[Record]]) -> List[Record]:
    if isinstance(recs, Record):
        return [recs]
    out = list(recs)
    for r in out:
        if not isinstance(r, Record):
            raise TypeError(f"expected Records, got {type(r).__name__}")
    return out


def dumps(recs: Union[Record, Iterable[Record]]) -> str:
    """The records as one text (a Record alone is one game). Raises
    ``ValueError`` for an action that does not apply where it is played."""
    return "".join(r.dumps() for r in _as_list(recs))


def loads(text: str) -> List[Record]:
    """Every game of ``text``. Bad text raises ``ValueError`` naming the
    line and column (a malformed line, a tag given twice, a move that is not
    a move of its position, an unknown game or option). Ctrl-C stops a long
    read at once."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return [Record._read(game, dict(tags), actions, comments) for game, tags, actions, comments in _records_read(text)]


def dump(recs: Union[Record, Iterable[Record]], path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes the records to the file ``path`` (UTF-8)."""
    text = dumps(recs)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def load(path: Union[str, "os.PathLike[str]"]) -> List[Record]:
    """Reads every game of the file ``path``; bad text (bytes that are not
    UTF-8 included) raises ``ValueError`` naming the file, line and column.
    ``path`` must be a regular file of at most 256 MiB (``ValueError``
    otherwise: a FIFO or a device would block or never end)."""
    text = decode_utf8(read_regular_file(path, "records file", MAX_RECORDS_BYTES), os.fspath(path))
    try:
        return loads(text)
    except ValueError as e:
        raise ValueError(f"{os.fspath(path)}: {e}") from None


def _final_returns(rec: Record, end: State) -> List[float]:
    if end.is_terminal():
        return end.returns()
    text = rec.tags.get("Returns")
    n = rec.game.num_players()
    try:
        values = [float(x) for x in text.split()] if text else []
    except ValueError:
        values = []
    # "nan", "inf" and 1e39 (inf as float32) read as floats, but are no
    # return: 0, as for no tag.
    finite = all(math.isfinite(v) and abs(v) <= _FLOAT32_MAX for v in values)
    return values if len(values) == n and finite else [0.0] * n


def to_arrays(recs: Union[Record, Iterable[Record]]) -> Dict[str, npt.NDArray[Any]]:
    """Per decision of every record (chance nodes skipped), as numpy arrays
    of one row per decision:

    - ``observation``: float32, ``(N, *game.observation_tensor_shape())``,
      from the point of view of the player to act;
    - ``mask``: int8, ``(N, num_distinct_actions)``, the legal actions;
    - ``action``: int64, the action taken;
    - ``seat``: int64, the player who took it;
    - ``return``: float32, that player's final return in the game (0 for a
      game stopped unfinished);
    - ``record``: int64, the index of the record in ``recs``.

    ``(observation, mask) -> action`` is behaviour cloning's data set;
    with ``return`` as the outcome, it is offline RL's (Monte Carlo
    returns). All records must be of games with the same shapes."""
    rs = _as_list(recs)
    if not rs:
        raise ValueError("to_arrays needs at least one record")
    shape = tuple(rs[0].game.observation_tensor_shape())
    n_actions = rs[0].game.num_distinct_actions()
    obs: List[npt.NDArray[np.float32]] = []
    masks: List[npt.NDArray[np.int8]] = []
    actions: List[int] = []
    seats: List[int] = []
    returns: List[float] = []
    index: List[int] = []
    for k, rec in enumerate(rs):
        if tuple(rec.game.observation_tensor_shape()) != shape or rec.game.num_distinct_actions() != n_actions:
            raise ValueError(f"record {k} is of {rec.game!r}, whose shapes differ from record 0's")
        s = rec.start_state()
        first = len(seats)
        for i, a in enumerate(rec.actions):
            p = s.current_player()
            if p >= 0:
                obs.append(s.observation_tensor(p))
                masks.append(s.legal_actions_mask())
                actions.append(a)
                seats.append(p)
                index.append(k)
            rec._apply(s, i, a)
        final = _final_returns(rec, s)
        returns.extend(final[p] for p in seats[first:])
    return {
        "observation": np.stack(obs).astype(np.float32) if obs else np.zeros((0, *shape), np.float32),
        "mask": np.stack(masks).astype(np.int8) if masks else np.zeros((0, n_actions), np.int8),
        "action": np.asarray(actions, dtype=np.int64),
        "seat": np.asarray(seats, dtype=np.int64),
        "return": np.asarray(returns, dtype=np.float32),
        "record": np.asarray(index, dtype=np.int64),
    }


def to_transitions(recs: Union[Record, Iterable[Record]], observation: str = "dict") -> Dict[str, npt.NDArray[Any]]:
    """Each seat's transitions in every record, as offline-RL libraries
    take them (D4RL's and Minari's names): one row per decision, grouped
    by record, then seat, then move. Between two decisions of a seat come
    the others' moves and the dice, as an environment for that seat would
    play them.

    - ``observations``: float32, the deciding seat's view,
      ``(N, *game.observation_tensor_shape())``, or ``(N, length)`` with
      ``observation="flat"``;
    - ``actions``: int64; ``masks``: bool ``(N, num_distinct_actions)``,
      the legal actions;
    - ``rewards``: float32, the seat's return where its episode ends with
      the game (its last decision), else 0;
    - ``next_observations`` and ``next_masks``: the same seat's next
      decision, or the position where its episode ends (no legal action);
    - ``terminations``: bool, the seat's last decision of a game the
      rules ended; ``truncations``: bool, its last decision of a game cut
      by the turn limit or a record stopped unfinished (reward 0);
    - ``seats`` and ``records`` (int64): whose decision, in which record.

    All records must be of games with the same shapes."""
    if observation not in ("dict", "flat"):
        raise ValueError(f"observation must be 'dict' or 'flat', not {observation!r}")
    rs = _as_list(recs)
    if not rs:
        raise ValueError("to_transitions needs at least one record")
    game = rs[0].game
    shape = tuple(game.observation_tensor_shape())
    n_actions = game.num_distinct_actions()
    rows: Dict[str, List[Any]] = {k: [] for k in (
        "observations", "masks", "actions", "rewards", "next_observations", "next_masks",
        "terminations", "truncations", "seats", "records")}
    no_mask = np.zeros(n_actions, dtype=bool)
    for k, rec in enumerate(rs):
        if tuple(rec.game.observation_tensor_shape()) != shape or rec.game.num_distinct_actions() != n_actions:
            raise ValueError(f"record {k} is of {rec.game!r}, whose shapes differ from record 0's")
        n = rec.game.num_players()
        # Each seat's decisions: (observation, mask, action).
        decisions: List[List[Tuple[npt.NDArray[Any], npt.NDArray[np.bool_], int]]] = [[] for _ in range(n)]
        s = rec.start_state()
        for i, a in enumerate(rec.actions):
            p = s.current_player()
            if p >= 0:
                decisions[p].append((s.observation_tensor(p), s.legal_actions_mask().astype(bool), a))
            rec._apply(s, i, a)
        over = s.is_terminal()
        cut = s.is_truncated() if over else True
        returns = s.returns() if over and not cut else [0.0] * n
        for p in range(n):
            seq = decisions[p]
            for j, (obs, mask, a) in enumerate(seq):
                last = j == len(seq) - 1
                nxt_obs, nxt_mask = (s.observation_tensor(p), no_mask) if last else (seq[j + 1][0], seq[j + 1][1])
                rows["observations"].append(obs)
                rows["masks"].append(mask)
                rows["actions"].append(a)
                rows["rewards"].append(float(returns[p]) if last else 0.0)
                rows["next_observations"].append(nxt_obs)
                rows["next_masks"].append(nxt_mask)
                rows["terminations"].append(last and not cut)
                rows["truncations"].append(last and cut)
                rows["seats"].append(p)
                rows["records"].append(k)

    def stacked(name: str, dtype: Any, empty: Tuple[int, ...]) -> npt.NDArray[Any]:
        if not rows[name]:
            return np.zeros((0, *empty), dtype)
        return np.stack(rows[name]).astype(dtype, copy=False).reshape(len(rows[name]), *empty)

    flat_len = int(np.prod(shape))
    obs_dims = (flat_len,) if observation == "flat" else shape
    return {
        "observations": stacked("observations", np.float32, obs_dims),
        "masks": stacked("masks", bool, (n_actions,)),
        "actions": np.asarray(rows["actions"], dtype=np.int64),
        "rewards": np.asarray(rows["rewards"], dtype=np.float32),
        "next_observations": stacked("next_observations", np.float32, obs_dims),
        "next_masks": stacked("next_masks", bool, (n_actions,)),
        "terminations": np.asarray(rows["terminations"], dtype=bool),
        "truncations": np.asarray(rows["truncations"], dtype=bool),
        "seats": np.asarray(rows["seats"], dtype=np.int64),
        "records": np.asarray(rows["records"], dtype=np.int64),
    }
