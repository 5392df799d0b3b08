"""Luck-adjusted results: ``racegames.arena.luck`` and its ``Luck``."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, SupportsIndex, Tuple, Union, overload

from racegames._args import count as _count
from racegames._core import MAX_THREADS, Game, State, _arena_luck, _mean_interval
from racegames._progress import _with_progress
from racegames.records import _SEATS, Record

#: A game to judge: its record, or the state it reached (its history from
#: the start).
Judged = Union[Record, State]


class Luck:
    """What the dice gave each seat in one game, as a judge saw it.

    ``luck[s]`` is seat ``s``'s luck summed over the game's chance nodes,
    in the game's points; ``returns[s]`` its return at the end (the
    judge's estimate if the game is unfinished); ``adjusted(s)`` the return
    less the luck: what the seat's choices earned."""

    def __init__(self, luck: Sequence[float], returns: Sequence[float], finished: bool, chance_nodes: int) -> None:
        #: Each seat's luck.
        self.luck: Tuple[float, ...] = tuple(float(x) for x in luck)
        #: Each seat's return at the end (estimated if unfinished).
        self.returns: Tuple[float, ...] = tuple(float(x) for x in returns)
        #: Whether the game is over.
        self.finished: bool = bool(finished)
        #: The chance nodes judged.
        self.chance_nodes: int = int(chance_nodes)

    def adjusted(self, seat: SupportsIndex) -> float:
        """Seat ``seat``'s return less its luck."""
        s = seat.__index__()
        if not 0 <= s < len(self.returns):
            raise ValueError(f"seat must be from 0 to {len(self.returns) - 1}, not {s}")
        return self.returns[s] - self.luck[s]

    @property
    def adjusted_returns(self) -> Tuple[float, ...]:
        """Every seat's return less its luck."""
        return tuple(r - x for r, x in zip(self.returns, self.luck))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Luck):
            return NotImplemented
        return (self.luck, self.returns, self.finished, self.chance_nodes) == (
            other.luck,
            other.returns,
            other.finished,
            other.chance_nodes,
        )

    def __repr__(self) -> str:
        return (
            f"Luck(luck={list(self.luck)!r}, returns={list(self.returns)!r}, "
            f"finished={self.finished!r}, chance_nodes={self.chance_nodes!r})"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Luck, (self.luck, self.returns, self.finished, self.chance_nodes))


def _record(item: Any, k: int) -> Record:
    if isinstance(item, Record):
        return item
    if isinstance(item, State):
        return Record.from_state(item, date="")
    raise TypeError(f"game {k} must be a racegames Record or State, not {type(item).__name__}")


@overload
def luck(games: Judged, *, judge: Optional[str] = ..., threads: SupportsIndex = ..., progress: bool = ...) -> Luck: ...
@overload
def luck(
    games: Iterable[Judged], *, judge: Optional[str] = ..., threads: SupportsIndex = ..., progress: bool = ...
) -> List[Luck]: ...
def luck(
    games: Union[Judged, Iterable[Judged]],
    *,
    judge: Optional[str] = None,
    threads: SupportsIndex = 1,
    progress: bool = False,
) -> Union[Luck, List[Luck]]:
    """What the dice gave each seat: a ``Luck`` for one game (a ``Record``,
    or a ``State`` for the game that reached it), a list of them for an
    iterable of games (records of several games may be mixed).

    At every chance node the judge values each outcome, after the best ply
    it sees for the seat that moves next; an outcome's luck is its value
    less the mean over all outcomes, weighted by their chances. The dice
    are drawn after the position is set, so each seat's luck has mean zero
    whatever the judge, and ``Luck.adjusted(seat)`` (the return less the
    luck) has the same expectation as the return, with much of the dice's
    noise gone. ``judge`` is ``"net"`` (the shipped net; ``ValueError``
    where the game has none), ``"hand"`` (the hand-written evaluation) or
    ``None`` (the net where there is one). Games are judged natively on
    ``threads`` threads (1 to ``MAX_THREADS``) with the GIL released;
    ``progress=True`` shows a tqdm bar; Ctrl-C raises ``KeyboardInterrupt``
    within about 50 ms. An illegal action raises ``ValueError`` naming its
    game and place."""

    if judge is not None and not isinstance(judge, str):
        raise TypeError(f"judge must be 'net', 'hand' or None, not {type(judge).__name__}")
    one = isinstance(games, (Record, State))
    if isinstance(games, (Record, State)):
        records = [_record(games, 0)]
    elif isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise TypeError(f"games must be a Record, a State or an iterable of them, not {type(games).__name__}")
    else:
        records = [_record(g, k) for k, g in enumerate(games)]
    n_threads = _count(threads, "threads", 1, MAX_THREADS)
    # One native call per game (and options), in the order first seen.
    groups: Dict[Game, List[int]] = {}
    for k, r in enumerate(records):
        groups.setdefault(r.game, []).append(k)
    starts = [r.start_state() for r in records]
    out: List[Optional[Luck]] = [None] * len(records)

    def run(update: Any) -> Dict[str, Any]:
        before = 0
        for game, ks in groups.items():
            step = None
            if update is not None:
                step = lambda done, _total, b=before: update(b + done, len(records))  # noqa: E731
            judged = _arena_luck(
                game, [starts[k] for k in ks], [records[k].actions for k in ks], judge, n_threads, step, ks
            )
            for k, row in zip(ks, judged):
                out[k] = Luck(*row)
            before += len(ks)
        return {}

    _with_progress(progress, len(records), "luck", run)
    done = [x for x in out if x is not None]
    return done[0] if one else done


def mean_interval(values: Sequence[float]) -> Tuple[float, float]:
    """The mean and the half-width of its normal 95% interval (``Z95``
    standard errors; computed natively, the one formula)."""
    return _mean_interval([float(v) for v in values])


def luck_table(recs: Sequence[Record], judged: Sequence[Luck], names: Sequence[str]) -> str:
    """Each player's mean return, raw and luck-adjusted, with 95%
    intervals, over the games ``recs`` (judged as ``judged``) whose
    ``PlayerA``, ``PlayerB``, ... tags name the seats' players."""
    raw: Dict[str, List[float]] = {n: [] for n in names}
    adjusted: Dict[str, List[float]] = {n: [] for n in names}
    for rec, j in zip(recs, judged):
        for seat in range(len(j.returns)):
            name = rec.tags.get(f"Player{_SEATS[seat]}")
            if name in raw:
                raw[name].append(j.returns[seat])
                adjusted[name].append(j.adjusted(seat))
    width = max(6, *(len(n) for n in names))
    lines = [f"{'player':<{width}}  {'mean return':>17}  {'luck-adjusted':>17}"]
    for n in names:
        (m, h), (a, ah) = mean_interval(raw[n]), mean_interval(adjusted[n])
        lines.append(f"{n:<{width}}  {f'{m:+.3f} ± {h:.3f}':>17}  {f'{a:+.3f} ± {ah:.3f}':>17}")
    return "\n".join(lines)
