"""Helpers shared by the benchmark scripts of py/bench (bench.py,
bench_tables.py, bench_halma.py), which import it as ``common`` (each is run
as a script, so its folder is on ``sys.path``).

- ``random_play``: the random-play driver loop over OpenSpiel's state API,
  the same for racegames and its peers;
- ``native_playout``: ``State.play_random`` game after game;
- ``measure``: rounds in which the runners take turns;
- ``print_table``: measures the runners and prints one row each, with the
  ratio to a base row.

A runner does work for about ``seconds`` and returns ``(count, elapsed)``:
how many steps or turns it played, and the time it took.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

Runner = Callable[[float], Tuple[int, float]]


def random_play(new_state: Callable[[], Any], count: str = "decisions") -> Runner:
    """The random-play driver loop, over any implementation of OpenSpiel's
    state API: games from ``new_state()`` played to the end, chance outcomes
    sampled by their probabilities with ``random.choices``, a uniformly
    random legal action at each decision (one ``random.Random(0)`` per
    runner). It counts, by ``count``:

    - ``"decisions"``: the actions applied at decision nodes;
    - ``"throws"``: the chance outcomes applied (one per turn in the tables
      games, where every turn starts with its throw);
    - ``"turns"``: the changes of the player to move after a decision (the
      end of a game included), for games without chance nodes.
    """
    if count not in ("decisions", "throws", "turns"):
        raise ValueError(f"count must be 'decisions', 'throws' or 'turns', not {count!r}")
    decisions, throws = count == "decisions", count == "throws"
    rng = random.Random(0)

    def run_turns(seconds: float) -> Tuple[int, float]:
        # No chance nodes to look for: the loop stays as lean as the games.
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = new_state()
            player = state.current_player()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                now = state.current_player()
                if now != player:  # the turn passed (or the game ended)
                    n += 1
                    player = now
        return n, time.perf_counter() - start

    def run(seconds: float) -> Tuple[int, float]:
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                    if throws:
                        n += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    if decisions:
                        n += 1
        return n, time.perf_counter() - start

    return run if decisions or throws else run_turns


def native_playout(game: Any, count: str = "actions") -> Runner:
    """``State.play_random`` (the whole game in Rust) with seeds 0, 1, 2...;
    counts every applied action, chance included (``"actions"``), or the
    turns of the state's turn counter (``"turns"``)."""
    if count not in ("actions", "turns"):
        raise ValueError(f"count must be 'actions' or 'turns', not {count!r}")
    actions = count == "actions"

    def run(seconds: float) -> Tuple[int, float]:
        n, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            played = state.play_random(seed)
            n += played if actions else state.turn_count()
            seed += 1
        return n, time.perf_counter() - start

    return run


def measure(rows: Sequence[Tuple[str, Runner]], repeats: int, seconds: float) -> Dict[str, List[float]]:
    """The rate (count per second) of each runner in each of ``repeats``
    rounds, after a warm-up of ``seconds / 4`` each. The runners take turns
    within a round, so a busy machine slows them alike."""
    for _, run in rows:
        run(seconds / 4)  # warm-up
    rates: Dict[str, List[float]] = {label: [] for label, _ in rows}
    for _ in range(repeats):
        for label, run in rows:
            n, elapsed = run(seconds)
            rates[label].append(n / elapsed)
    return rates


@dataclass(frozen=True)
class Table:
    """The layout of a printed table of rates."""

    unit: str  #: what is counted, singular: "step", "turn"
    base: str  #: the label of the row the ratios compare with
    versus: str  #: how the ratio column names that row
    label_width: int
    rate_width: int = 13
    per_width: int = 9  #: the microseconds per unit column
    per_digits: int = 2
    ratio_digits: int = 2


def print_table(table: Table, rows: Sequence[Tuple[str, Optional[Runner]]], repeats: int, seconds: float) -> None:
    """Measures the runners of ``rows`` that are not None (``measure``) and
    prints a header and one row each, in order: the median rate, the
    microseconds per unit and the median of the per-round ratios to the
    base row (``-`` when the base row is not available)."""
    t = table
    print(f"  {'runner':<{t.label_width}} {t.unit + 's/s':>{t.rate_width}} {'us/' + t.unit:>{t.per_width}} "
          f"{'vs ' + t.versus:>13}")
    present = [(label, run) for label, run in rows if run is not None]
    rates = measure(present, repeats, seconds)
    base = rates.get(t.base)
    for label, run in rows:
        if run is None:
            print(f"  {label:<{t.label_width}} {'(not available)':>{t.rate_width}}")
            continue
        rate = statistics.median(rates[label])
        if base:
            per_round = statistics.median(r / b for r, b in zip(rates[label], base))
            ratio = f"{per_round:>12.{t.ratio_digits}f}x"
        else:
            ratio = f"{'-':>13}"
        per_unit = 1e6 / rate
        print(f"  {label:<{t.label_width}} {rate:>{t.rate_width},.0f} {per_unit:>{t.per_width}.{t.per_digits}f} {ratio}")
