#!/usr/bin/env python3
"""How much faster ``analysis.evaluate`` is before a throw on more threads,
and that its figures stay the same: for each backgammon position before a
throw, the time of ``evaluate`` by ``expectimax`` on one thread and on
``--threads``, and whether the values are equal to the bit (they must be).

    python py/bench/evaluate_threads.py --kind contact --positions 12 --depth 2 --threads 2

The positions are drawn as ``evaluate_vs_gnubg.py`` draws them (no gnubg
needed), or read from its ``--log``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Optional, Sequence

from racegames import analysis


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, help="positions from an evaluate_vs_gnubg.py log")
    parser.add_argument("--kind", default="contact", help="the kind of position (contact, race, bearoff)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from evaluate_vs_gnubg import kind, logged_positions, positions

    if args.log is not None:
        states = logged_positions(args.log, args.kind)
    else:
        states = [s for s, _ in positions(3 * args.positions, 1) if kind(s) == args.kind]
    states = [s for s in states if s.is_chance_node()][: args.positions]
    if not states:
        print(f"no {args.kind} position before a throw")
        return 1
    # The first evaluation loads the net and builds the bear-off tables:
    # done once before the clock runs.
    analysis.evaluate(states[0], player="expectimax", depth=1)
    alone_s, side_s, equal = [], [], 0
    for state in states:
        clock = time.perf_counter()
        alone = analysis.evaluate(state, player="expectimax", depth=args.depth, threads=1)
        alone_s.append(time.perf_counter() - clock)
        clock = time.perf_counter()
        side = analysis.evaluate(state, player="expectimax", depth=args.depth, threads=args.threads)
        side_s.append(time.perf_counter() - clock)
        equal += side.values == alone.values and side.outcomes == alone.outcomes
        print(f"{alone_s[-1]:8.3f} s on 1 thread {side_s[-1]:8.3f} s on {args.threads}  {state.notation()}", flush=True)
    speedups = [a / s for a, s in zip(alone_s, side_s)]
    print(
        f"{len(states)} {args.kind} positions, depth {args.depth}: median {statistics.median(alone_s):.3f} s on 1 thread, "
        f"{statistics.median(side_s):.3f} s on {args.threads}; median speed-up {statistics.median(speedups):.2f}x, "
        f"total {sum(alone_s) / sum(side_s):.2f}x; the same figures in {equal} of {len(states)}"
    )
    return 0 if equal == len(states) else 1


if __name__ == "__main__":
    sys.exit(main())
