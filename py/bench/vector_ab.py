#!/usr/bin/env python3
"""Side by side: `VectorEnv` steps per second of two builds of racegames.

Each build is a folder holding a `racegames` package (its Python modules and
its built `_core` extension). In every round each build runs in a fresh
process, in alternating order, for the same time on the same games; the
script prints each build's median rate and the median of the per-round
ratios to the first build (which keeps the comparison fair on a busy
machine). Rates are per second of the process's CPU time by default (one
stepping thread), which other processes disturb far less than the wall
clock.

    python py/bench/vector_ab.py old=/tmp/ab/old new=/tmp/ab/new \\
        [--games daldos backgammon] [--envs 256] [--rounds 7] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from typing import Dict, List, Tuple

MEASURE = """
import sys, time
from racegames.vector import VectorEnv
name, envs, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
env = VectorEnv(name, envs, seed=0, opponent="random", copy=False)
env.reset(seed=0)
for _ in range(20):
    env.step(env.random_actions())
clock = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
steps, start = 0, clock()
while clock() - start < seconds:
    env.step(env.random_actions())
    steps += envs
print(steps / (clock() - start))
"""


def rate(folder: str, game: str, envs: int, seconds: float, clock: str) -> float:
    env = dict(os.environ, PYTHONPATH=folder, OPENBLAS_NUM_THREADS="1")
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, game, str(envs), str(seconds), clock],
        env=env, capture_output=True, text=True, check=True, timeout=300,
    )
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs=2, help="NAME=FOLDER, the first is the baseline")
    parser.add_argument("--games", nargs="+", default=["daldos", "backgammon", "chinese_checkers"])
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="steps per second of the process's CPU time (steadier on a busy machine) or of the wall clock")
    args = parser.parse_args()
    builds: List[Tuple[str, str]] = [tuple(b.split("=", 1)) for b in args.builds]  # type: ignore[misc]
    print(f"{args.envs} environments, random opponent, {args.rounds} rounds of {args.seconds} s ({args.clock} time)")
    for game in args.games:
        rates: Dict[str, List[float]] = {name: [] for name, _ in builds}
        ratios: List[float] = []
        for k in range(args.rounds):
            order = builds if k % 2 == 0 else builds[::-1]
            got = {name: rate(folder, game, args.envs, args.seconds, args.clock) for name, folder in order}
            for name in got:
                rates[name].append(got[name])
            ratios.append(got[builds[1][0]] / got[builds[0][0]])
        medians = "  ".join(f"{name} {statistics.median(r):,.0f}/s" for name, r in rates.items())
        print(f"{game:18} {medians}  {builds[1][0]}/{builds[0][0]} {statistics.median(ratios):.3f} "
              f"(rounds {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
