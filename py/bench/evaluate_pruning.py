#!/usr/bin/env python3
"""How much faster ``analysis.evaluate`` is before a throw by ``expectimax``
now that it finds each throw's best play with pruning, and that the value
is the same: for each position, the time of ``evaluate`` against the time
of the full-width way it replaced (the mean over the throws of ``hint``'s
best play, every play valued exactly), and the largest difference of the
two values (0 expected).

    python py/bench/evaluate_pruning.py --log eval2.log --kind contact --positions 20 --depth 2

``--log`` is a log of ``evaluate_vs_gnubg.py`` (positions before a throw,
one a line, the notation last); without it the positions are drawn as
that script draws them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import List, Optional, Sequence

import racegames
from racegames import analysis


def full_width(state: racegames.State, depth: int, chain: int = 0) -> List[float]:
    """The mean over the throws of ``hint``'s best play, per seat, throws
    with no move chained as ``evaluate`` chains them (four at most, then
    the evaluation itself)."""
    if chain >= 4:
        return list(analysis.evaluate(state, player="greedy", eval="net").values)
    values = [0.0] * state.get_game().num_players()
    for action, p in state.chance_outcomes():
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal():
            each = list(after.returns())
        elif after.is_chance_node():
            each = full_width(after, depth, chain + 1)
        else:
            each = list(analysis.hint(after, player="expectimax", depth=depth)[0].values)
        values = [v + p * b for v, b in zip(values, each)]
    return values


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, help="positions from an evaluate_vs_gnubg.py log")
    parser.add_argument("--kind", default="contact", help="the log's kind of position to take (contact, race, bearoff)")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from evaluate_vs_gnubg import logged_positions, positions

    if args.log is not None:
        states = logged_positions(args.log, args.kind)[: args.positions]
    else:
        states = [s for s, _ in positions(args.positions, 1)]
    pruned_s, full_s, worst = [], [], 0.0
    for state in states:
        if not state.is_chance_node():
            continue
        clock = time.perf_counter()
        e = analysis.evaluate(state, player="expectimax", depth=args.depth)
        pruned_s.append(time.perf_counter() - clock)
        clock = time.perf_counter()
        old = full_width(state, args.depth)
        full_s.append(time.perf_counter() - clock)
        worst = max(worst, max(abs(a - b) for a, b in zip(e.values, old)))
        print(f"{pruned_s[-1]:8.3f} s pruned {full_s[-1]:8.3f} s full width  {state.notation()}", flush=True)
    if not pruned_s:
        print("no position before a throw")
        return 1
    ratios = [f / p for p, f in zip(pruned_s, full_s)]
    print(
        f"{len(pruned_s)} positions, depth {args.depth}: evaluate median {statistics.median(pruned_s):.3f} s "
        f"(total {sum(pruned_s):.1f} s), full width median {statistics.median(full_s):.3f} s "
        f"(total {sum(full_s):.1f} s); speed-up median {statistics.median(ratios):.1f}x, "
        f"total {sum(full_s) / sum(pruned_s):.1f}x; largest difference of the values {worst:.2e}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
