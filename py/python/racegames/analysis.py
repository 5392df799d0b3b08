"""Analysis of positions and games, in every game: what a position is
worth, which play is best and by how much, what a rollout says, which
moves of a game were mistakes, and backgammon's bear-off distributions.

    >>> import racegames
    >>> from racegames import analysis
    >>> game = racegames.make_game("backgammon")
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.string_to_action("roll-off A3 B1"))
    >>> plays = analysis.hint(state, player="greedy")
    >>> plays[0].loss
    0.0
    >>> e = analysis.evaluate(state, player="greedy")
    >>> e.values[state.current_player()] == plays[0].value
    True

Positions are valued as a built-in player values them: ``greedy`` by the
game's evaluation itself (gnubg's 0-ply: at a chance node the estimate of
the position, at a decision node the estimate after the best play), and
``expectimax`` by its search of ``depth`` plies (gnubg's n-ply). The
default is the game's strongest player that values positions. Values
are cubeless; in a game with the doubling cube ``evaluate`` also gives the
cube decision (``Evaluation.cube``: the cubeful equity and the right cube
action), ``hint`` ranks the cube actions at a cube decision and
``analyse`` counts cube errors apart from checker-play errors. Every call runs
natively with the GIL released, answers Ctrl-C, and ``rollout`` and
``analyse`` show a tqdm bar with ``progress=True``; ``MAX_TRIALS`` bounds
a rollout's trials. See ``docs/analysis.md``.

The command line prints the ranked plays of a position or the annotated
moves of recorded games::

    python -m racegames.analysis backgammon "<notation>" --player expectimax
    python -m racegames.analysis backgammon "<notation>" --option cube=true
    python -m racegames.analysis games.txt --player greedy
"""

from __future__ import annotations

import argparse
import html
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, SupportsIndex, Tuple, Union

from racegames._args import as_bool, as_int
from racegames._core import (
    MAX_TRIALS,
    State,
    _analysis_analyse,
    _analysis_evaluate,
    _analysis_hint,
    _analysis_rollout,
    _bearoff_rolls,
)
from racegames.records import Record

__all__ = [
    "Analysis",
    "CubeDecision",
    "Decision",
    "Evaluation",
    "Play",
    "Rollout",
    "analyse",
    "bearoff_rolls",
    "evaluate",
    "hint",
    "rollout",
    "MAX_TRIALS",
]

#: The names of the five outcome chances, in the order of ``Evaluation.outcomes``.
OUTCOME_NAMES = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")


def _floats(xs: Sequence[float]) -> Tuple[float, ...]:
    return tuple(float(x) for x in xs)


def _fmt(xs: Sequence[float]) -> str:
    return "[" + ", ".join(f"{x:+.4f}" for x in xs) + "]"


def _texts(state: State, actions: Sequence[int]) -> str:
    """The actions as the game writes them, played in turn from ``state``."""
    s = state.clone()
    words = []
    for a in actions:
        words.append(s.action_to_string(a))
        s.apply_action(a)
    return " ".join(words)


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"state must be a racegames State, not {type(state).__name__}")
    return state


def _check_player(player: Any) -> Optional[str]:
    if player is not None and not isinstance(player, str):
        raise TypeError(f"player must be a player name or None, not {type(player).__name__}")
    return player


class CubeDecision:
    """The cube decision of a position before the throw, in a game with
    the doubling cube, from the side of ``doubler``, the player on roll
    (who may double, or has doubled). ``no_double``, ``double_take`` and
    ``double_drop`` are the doubler's values of the three lines, ``equity``
    the cubeful equity with the cube played right; ``unit`` is ``"points"``
    (money play, for a cube of 1: multiply by ``cube_value``) or
    ``"match"`` (the chance to win the match). ``action`` is the right
    action: ``"no double"``, ``"double/take"``, ``"double/drop"`` or ``"too
    good"``, and facing a double (``doubled``) ``"take"`` or ``"drop"``;
    ``take`` says whether taking is right. ``outcomes`` are the doubler's
    cubeless chances (the net's, 0-ply), which every figure comes from:
    Janowski's model in money play, the match-equity table in match play
    (``docs/cube.md``)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.doubler: int = int(d["doubler"])
        self.outcomes: Tuple[float, ...] = _floats(d["outcomes"])
        self.no_double: float = float(d["no_double"])
        self.double_take: float = float(d["double_take"])
        self.double_drop: float = float(d["double_drop"])
        self.unit: str = str(d["unit"])
        self.cube_value: int = int(d["cube_value"])
        self.may_double: bool = bool(d["may_double"])
        self.doubled: bool = bool(d["doubled"])
        self.equity: float = float(d["equity"])
        self.verdict: str = str(d["verdict"])
        self.take: bool = bool(d["take"])

    @property
    def action(self) -> str:
        """The right action of the player to act: the doubler's verdict, or
        ``take``/``drop`` facing a double."""
        if self.doubled:
            return "take" if self.take else "drop"
        return self.verdict

    def text(self) -> str:
        """The decision as gnubg shows it: the three lines and the action."""
        unit = "" if self.unit == "points" else " (match winning chance)"
        lines = [
            f"cube {self.cube_value}, seat {'ABCDEF'[self.doubler]} on roll{unit}: cubeful equity {self.equity:+.4f}",
            f"  no double    {self.no_double:+.4f}",
            f"  double/take  {self.double_take:+.4f}",
            f"  double/drop  {self.double_drop:+.4f}",
            f"  proper action: {self.verdict}" + ("" if self.doubled else f" ({'take' if self.take else 'drop'})"),
        ]
        if self.doubled:
            lines.append(f"  facing the double: {self.action}")
        elif not self.may_double:
            lines[-1] = "  proper action: no double (may not double)"
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"CubeDecision(action={self.action!r}, equity={self.equity:+.4f}, no_double={self.no_double:+.4f}, "
            f"double_take={self.double_take:+.4f}, double_drop={self.double_drop:+.4f}, unit={self.unit!r})"
        )


class Evaluation:
    """What ``evaluate`` found: ``values[s]``, seat ``s``'s expected
    return; for backgammon ``outcomes``, the chances of (win, win gammon,
    win backgammon, lose gammon, lose backgammon) for ``outcomes_seat`` (the
    seat to act), as the net sees the position (after the best play at a
    decision node); ``depth``, the plies searched (fewer than asked where
    the search reached its work cap); ``cube``, in a game with
    the doubling cube before a throw or at a double, the ``CubeDecision``
    (else ``None``)."""

    def __init__(
        self,
        values: Sequence[float],
        outcomes: Optional[Sequence[float]],
        outcomes_seat: Optional[int],
        depth: int,
        player: str,
        cube: Optional[CubeDecision] = None,
    ) -> None:
        self.values: Tuple[float, ...] = _floats(values)
        self.outcomes: Optional[Tuple[float, ...]] = None if outcomes is None else _floats(outcomes)
        self.outcomes_seat: Optional[int] = outcomes_seat
        self.depth: int = int(depth)
        self.player: str = player
        self.cube: Optional[CubeDecision] = cube

    def __repr__(self) -> str:
        extra = ""
        if self.outcomes is not None:
            shown = ", ".join(f"{n}={p:.4f}" for n, p in zip(OUTCOME_NAMES, self.outcomes))
            extra = f", outcomes(seat {self.outcomes_seat})=({shown})"
        if self.cube is not None:
            extra += f", cube={self.cube!r}"
        return f"Evaluation(values={_fmt(self.values)}{extra}, player={self.player!r}, depth={self.depth})"


class Play:
    """One play of ``hint``: ``actions`` (a whole turn), ``text`` (the
    actions as the game writes them), ``value`` for the player to move,
    ``values`` per seat, ``loss`` (how much less than the best), ``depth``
    (the plies its value looks ahead: 1 for ``greedy``, ``expectimax``'s
    ``depth``, fewer where that search reached its work cap and was made
    shallower; 0 for a cube action)."""

    def __init__(
        self, actions: Sequence[int], value: float, values: Sequence[float], loss: float, text: str, depth: int = 1
    ) -> None:
        self.actions: List[int] = [int(a) for a in actions]
        self.value: float = float(value)
        self.values: Tuple[float, ...] = _floats(values)
        self.loss: float = float(loss)
        self.text: str = text
        self.depth: int = int(depth)

    def __repr__(self) -> str:
        return f"Play({self.text!r}, value={self.value:+.4f}, loss={self.loss:.4f})"


class Rollout:
    """What ``rollout`` found: ``values[s]``, seat ``s``'s mean return
    over ``trials`` games, and ``stderr[s]``, its standard error;
    ``truncated``, the games stopped early and valued by the evaluation."""

    def __init__(
        self, values: Sequence[float], stderr: Sequence[float], trials: int, truncated: int, player: str, seed: int
    ) -> None:
        self.values: Tuple[float, ...] = _floats(values)
        self.stderr: Tuple[float, ...] = _floats(stderr)
        self.trials: int = int(trials)
        self.truncated: int = int(truncated)
        self.player: str = player
        self.seed: int = int(seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rollout):
            return NotImplemented
        return (self.values, self.stderr, self.trials, self.truncated) == (
            other.values,
            other.stderr,
            other.trials,
            other.truncated,
        )

    def __repr__(self) -> str:
        shown = ", ".join(f"{v:+.4f} ± {e:.4f}" for v, e in zip(self.values, self.stderr))
        return f"Rollout([{shown}], trials={self.trials}, player={self.player!r}, seed={self.seed})"


class Decision:
    """One turn of an analysed game: the ``seat`` that played, from
    action ``index``, the actions ``played`` and their ``value``, the
    ``best`` play and its ``best_value``, the ``loss`` (value lost against
    the best), the play's ``rank`` among the ``choices`` there were;
    ``cube``: whether it was a cube decision (valued in the cube's unit)
    rather than a checker play."""

    def __init__(
        self,
        row: Tuple[int, int, List[int], float, List[int], float, float, int, int, bool],
        played_text: str,
        best_text: str,
    ) -> None:
        index, seat, played, value, best, best_value, loss, rank, choices, cube = row
        self.index: int = int(index)
        self.seat: int = int(seat)
        self.played: List[int] = list(played)
        self.value: float = float(value)
        self.best: List[int] = list(best)
        self.best_value: float = float(best_value)
        self.loss: float = float(loss)
        self.rank: int = int(rank)
        self.choices: int = int(choices)
        self.cube: bool = bool(cube)
        self.played_text: str = played_text
        self.best_text: str = best_text

    @property
    def forced(self) -> bool:
        """Whether there was only one play."""
        return self.choices <= 1

    def mark(self, blunder: float = 0.08, error: float = 0.02) -> str:
        """``??`` for a loss of ``blunder`` or more, ``?`` for ``error`` or
        more, else empty (gnubg's default thresholds in points)."""
        if self.loss >= blunder:
            return "??"
        if self.loss >= error:
            return "?"
        return ""

    def __repr__(self) -> str:
        return (
            f"Decision(index={self.index}, seat={self.seat}, played={self.played_text!r}, "
            f"loss={self.loss:.4f}, best={self.best_text!r}, rank={self.rank}/{self.choices})"
        )


class Analysis:
    """What ``analyse`` found: ``decisions`` (every complete turn, with the
    value lost at each), ``error_rates[s]`` (seat ``s``'s mean loss over its
    checker plays with a choice, counted in ``choices[s]``),
    ``cube_error_rates[s]`` and ``cube_choices[s]`` (the same over its cube
    decisions, in the cube's unit; 0 in a game without the cube), ``luck[s]`` (what
    its dice gave it, as the game's best evaluation judges them; ``None``
    where the game has none), ``returns`` and ``finished``. In a notebook
    it shows as the game's replay with the mistakes marked."""

    def __init__(
        self,
        record: Record,
        decisions: List[Decision],
        error_rates: Sequence[float],
        choices: Sequence[int],
        luck: Optional[Sequence[float]],
        returns: Sequence[float],
        finished: bool,
        player: str,
        cube_error_rates: Sequence[float] = (),
        cube_choices: Sequence[int] = (),
    ) -> None:
        self.record: Record = record
        self.decisions: List[Decision] = decisions
        self.error_rates: Tuple[float, ...] = _floats(error_rates)
        self.choices: Tuple[int, ...] = tuple(int(c) for c in choices)
        self.cube_error_rates: Tuple[float, ...] = _floats(cube_error_rates) or tuple(0.0 for _ in choices)
        self.cube_choices: Tuple[int, ...] = tuple(int(c) for c in cube_choices) or tuple(0 for _ in choices)
        self.luck: Optional[Tuple[float, ...]] = None if luck is None else _floats(luck)
        self.returns: Tuple[float, ...] = _floats(returns)
        self.finished: bool = bool(finished)
        self.player: str = player

    def mistakes(self, threshold: float = 0.02) -> List[Decision]:
        """The decisions that lost ``threshold`` or more, in game order."""
        return [d for d in self.decisions if d.loss >= threshold]

    def text(self) -> str:
        """The annotated game: each turn with its loss and, for a mistake,
        the best play; then each seat's error rate and luck."""
        lines = []
        for d in self.decisions:
            seat = "ABCDEF"[d.seat]
            line = f"{d.index + 1:4d}. {seat} {'cube: ' if d.cube else ''}{d.played_text}{d.mark()}"
            if d.forced:
                line += "  (forced)"
            elif d.loss > 0:
                line += f"  -{d.loss:.4f}  best: {d.best_text} ({d.best_value:+.4f})"
            lines.append(line)
        for s, rate in enumerate(self.error_rates):
            luck = "" if self.luck is None else f", luck {self.luck[s]:+.4f}"
            cube = ""
            if self.cube_choices[s]:
                cube = f", cube error rate {self.cube_error_rates[s]:.4f} over {self.cube_choices[s]} cube decisions"
            lines.append(f"seat {'ABCDEF'[s]}: error rate {rate:.4f} over {self.choices[s]} decisions{cube}{luck}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from racegames._replay import replay_html

        notes: Dict[int, str] = {}
        for d in self.decisions:
            if d.mark():
                notes[d.index] = f"{d.mark()} lost {d.loss:.4f}; best {d.best_text}"
        table = "".join(
            f"<li>seat {'ABCDEF'[s]}: error rate {r:.4f}"
            + ("" if self.luck is None else f", luck {self.luck[s]:+.4f}")
            + "</li>"
            for s, r in enumerate(self.error_rates)
        )
        return replay_html(self.record, notes) + f"<ul>{html.escape(self.player)}: {table}</ul>"

    def __repr__(self) -> str:
        return (
            f"Analysis({len(self.decisions)} decisions, error_rates={_fmt(self.error_rates)}, "
            f"luck={None if self.luck is None else _fmt(self.luck)}, player={self.player!r})"
        )


def evaluate(
    state: State, player: Optional[str] = None, *, threads: SupportsIndex = 1, **params: Any
) -> Evaluation:
    """Each seat's expected return at ``state`` (a decision node, a chance
    node or a terminal state, where it is the game's returns), as the
    built-in ``player`` values positions (``None``: the strongest that
    does), with its options ``params`` (``eval="net"``, ``depth=2``, ...).
    For backgammon also the five outcome chances. Players that keep no
    value of positions (``random``, ``mcts``) raise ``ValueError``.
    At a chance node the outcomes are searched on up to ``threads``
    threads (1 to ``MAX_THREADS``), with the same figures on any number."""
    s = _check_state(state)
    name = _check_player(player)
    values, outcomes, seat, depth, cube = _analysis_evaluate(s, name, params, threads)
    return Evaluation(
        values, outcomes, seat, depth, name or "strongest", None if cube is None else CubeDecision(cube)
    )


def hint(state: State, player: Optional[str] = None, **params: Any) -> List[Play]:
    """Every play of the player to move at ``state`` (a whole turn where
    the game moves die by die: the distinct positions it can end in), best
    first, each with its actions, value and loss against the best. At a
    cube decision (a game with the doubling cube), the cube actions (roll,
    double, resign; take, drop; accept, reject), valued by the cube's model
    in its unit (``CubeDecision.unit``; in money play the points at stake).
    ``ValueError`` away from a decision node."""
    s = _check_state(state)
    name = _check_player(player)
    rows = _analysis_hint(s, name, params)
    return [Play(a, v, vs, loss, _texts(s, a), depth) for a, v, vs, loss, depth in rows]


def _run(progress: bool, desc: str, work: Callable[[Any], Any], done: Callable[[Any], int]) -> Any:
    """Runs ``work(callback)`` with a tqdm bar fed by ``callback(done,
    total)`` when ``progress`` is true; ``done(result)`` is the count the
    bar ends at (work shorter than the first look at it shows whole)."""
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    if not progress:
        return work(None)
    from racegames._progress import _bar

    bar = _bar(0, desc)

    def update(n: int, total: int) -> None:
        if bar.total != total:
            bar.total = total
            bar.refresh()
        bar.update(n - bar.n)

    try:
        result = work(update)
        end = done(result)
        update(end, end)
        return result
    finally:
        bar.close()


def rollout(
    state: State,
    trials: SupportsIndex = 1296,
    seed: SupportsIndex = 1,
    player: Any = "greedy",
    threads: SupportsIndex = 2,
    truncate: Optional[SupportsIndex] = None,
    progress: bool = False,
    luck_adjusted: bool = False,
    **params: Any,
) -> Rollout:
    """Plays ``trials`` games from ``state`` with ``player`` (a built-in
    player name with its options ``params``, seeded by ``seed``, or a
    ``racegames.players.Player``) in every seat, and returns each seat's
    mean return and its standard error. The same seed gives the same
    figures whatever ``threads``; the first two throws of the trials are
    stratified (every pair of 36 strata once per 1296 trials). With
    ``truncate``, each game stops after that many turns and the game's
    evaluation values it. With ``luck_adjusted=True`` (variance reduction,
    as gnubg's rollouts do) each game's return is taken less the luck of
    its dice, as the game's evaluation judges every throw: the same mean,
    a smaller standard error, each throw costing an evaluation of every
    outcome."""
    from racegames.players import Player, make_player

    s = _check_state(state)
    n_trials = as_int(trials, "trials")
    n_seed = as_int(seed, "seed")
    if isinstance(player, str):
        made = make_player(player, s.get_game(), seed=n_seed, **params)
    elif isinstance(player, Player):
        if params:
            raise TypeError("options are given to make_player, not with a Player")
        made = player
    else:
        raise TypeError(f"player must be a player name or a Player, not {type(player).__name__}")
    t = None if truncate is None else as_int(truncate, "truncate")
    adjusted = as_bool(luck_adjusted, "luck_adjusted")
    row = _run(
        progress,
        "rollout",
        lambda cb: _analysis_rollout(s, made, n_trials, n_seed, threads, t, cb, adjusted),
        lambda r: int(r[2]),
    )
    values, stderr, played, truncated = row
    return Rollout(values, stderr, played, truncated, player=made.name, seed=n_seed)


def _record_of(item: Any) -> Record:
    if isinstance(item, Record):
        return item
    if isinstance(item, State):
        return Record.from_state(item, date="")
    raise TypeError(f"record must be a racegames Record or State, not {type(item).__name__}")


def analyse(
    record: Union[Record, State],
    player: Optional[str] = None,
    threads: SupportsIndex = 1,
    progress: bool = False,
    **params: Any,
) -> Analysis:
    """Reviews a played game (a ``Record``, or a ``State`` with its
    history): for each complete turn, the value lost against the best play
    as ``player`` values them; each seat's error rate (mean loss over its
    decisions with a choice) and luck. ``threads`` (1 to ``MAX_THREADS``)
    value the turns in parallel, with the same figures."""
    rec = _record_of(record)
    name = _check_player(player)
    start = rec.start_state()
    actions = list(rec.actions)
    rows, rates, choices, cube_rates, cube_choices, luck, returns, finished = _run(
        progress,
        "analyse",
        lambda cb: _analysis_analyse(start, actions, name, params, threads, cb),
        lambda r: len(r[0]),
    )
    decisions = []
    # One replay for the texts of the moves played and the best ones.
    state = start.clone()
    at = 0
    for row in rows:
        index = row[0]
        while at < index:
            state.apply_action(actions[at])
            at += 1
        decisions.append(Decision(row, _texts(state, row[2]), _texts(state, row[4])))
    return Analysis(
        rec, decisions, rates, choices, luck, returns, finished, name or "strongest", cube_rates, cube_choices
    )


def bearoff_rolls(counts: Sequence[SupportsIndex], *, as_gnubg: bool = False) -> List[float]:
    """The one-sided bear-off distribution of one side's checkers on its
    home points 1 to 6 (``counts[0]`` on the 1-point, at most 15 in all),
    with backgammon's dice, each throw played to need the fewest throws on
    average: ``p[n]`` is the chance to bear off all in exactly ``n``
    throws (trailing zeros dropped), the distribution gnubg's one-sided
    database holds.

    Exact by default. With ``as_gnubg=True``, as gnubg's database holds it:
    each entry a whole number of 1/65535, from gnubg's 16-bit arithmetic
    (each position rounded from its rounded successors), equal to gnubg's
    file in every position and up to 2.8e-3 from the exact entry: for
    comparing figures with gnubg's."""
    if isinstance(counts, (str, bytes)):
        raise TypeError("counts must be a sequence of six ints")
    return list(_bearoff_rolls(list(counts), as_bool(as_gnubg, "as_gnubg")))


def _print_plays(state: State, plays: List[Play], top: int) -> None:
    print(state)
    for i, p in enumerate(plays[:top]):
        print(f"{i + 1:3d}. {p.text:<40} {p.value:+.4f}  {-p.loss:+.4f}")
    if len(plays) > top:
        print(f"     ... {len(plays) - top} more plays")


def _game_option(text: str) -> Tuple[str, Any]:
    """``KEY=VALUE`` of ``--option``: true/false, an int, or the text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"a game option is KEY=VALUE, not {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: ranked plays of a position, or annotated games."""
    from racegames import make_game, records
    from racegames.players import parse_player

    parser = argparse.ArgumentParser(
        prog="python -m racegames.analysis",
        description="Ranks the plays of a position (GAME NOTATION) or marks the mistakes of recorded games (FILE).",
    )
    parser.add_argument("source", nargs="+", help="GAME NOTATION, or a FILE of game records")
    parser.add_argument("--player", default=None, help="NAME or NAME:KEY=VALUE,... (default: the strongest)")
    parser.add_argument("--top", type=int, default=10, help="plays shown (default 10)")
    parser.add_argument("--rollout", type=int, default=0, metavar="TRIALS", help="also roll the position out")
    parser.add_argument("--threads", type=int, default=2, help="threads (default 2)")
    parser.add_argument(
        "--option",
        type=_game_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for GAME NOTATION (cube=true, match_length=7, ...)",
    )
    args = parser.parse_args(argv)
    try:
        name, params = parse_player(args.player) if args.player else (None, {})
        if len(args.source) == 1 and os.path.exists(args.source[0]):
            for rec in records.load(args.source[0]):
                a = analyse(rec, name, threads=args.threads, progress=sys.stderr.isatty(), **params)
                print(f"{rec.tags.get('Game', rec.game.name)}: {a!r}")
                print(a.text())
        elif len(args.source) == 2:
            game = make_game(args.source[0], **dict(args.option))
            state = game.state_from_notation(args.source[1])
            e = evaluate(state, name, threads=args.threads, **params)
            print(e)
            if e.cube is not None:
                print(e.cube.text())
            if not state.is_chance_node() and not state.is_terminal():
                _print_plays(state, hint(state, name, **params), args.top)
            if args.rollout:
                print(rollout(state, trials=args.rollout, threads=args.threads, progress=sys.stderr.isatty()))
        else:
            parser.error("give GAME NOTATION, or an existing FILE of records")
    except (ValueError, TypeError, OSError) as e:
        parser.error(str(e)[:2000])
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
