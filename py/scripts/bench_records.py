"""What recording every game costs the arena: the same match with and
without ``record=PATH``, several runs each (alternating, so that a busy
machine slows both alike), medians side by side.

    python py/scripts/bench_records.py --games 2000 --runs 5

Prints one row per match: games per second without and with recording,
the share of the speed kept (wall clock; the goal is 80% or more), and
the share kept in CPU time (all threads: the records are written on a
thread of their own, so the wall clock gains where a core is free).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Tuple

import racegames
from racegames import arena

#: (game, options, players): cheap players first, where recording weighs most.
MATCHES: Sequence[Tuple[str, Dict[str, int], List[str]]] = (
    ("backgammon", {}, ["random", "random"]),
    ("backgammon", {}, ["greedy", "greedy"]),
    ("daldos", {}, ["random", "random"]),
    ("chinese_checkers", {"max_turns": 300}, ["random", "random"]),
    ("chinese_checkers", {"max_turns": 300}, ["greedy", "greedy"]),
)


def timed(game: racegames.Game, players: List[str], games: int, threads: int, path: Optional[str]) -> Tuple[float, float]:
    """(wall seconds, CPU seconds) of one match."""
    start, cpu = time.perf_counter(), time.process_time()
    arena.play(game, players, games=games, seed=11, threads=threads, record=path)
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    path = os.path.join(tempfile.mkdtemp(), "records.txt")
    print(f"{args.games} games a run, {args.runs} runs each way, {args.threads} thread(s); medians")
    print(f"{'match':<40} {'games/s plain':>13} {'games/s record':>14} {'kept':>6} {'CPU kept':>8} {'file MB':>8}")
    for name, options, players in MATCHES:
        game = racegames.make_game(name, **options)
        timed(game, players, max(10, args.games // 10), args.threads, None)  # warm up
        plain: List[Tuple[float, float]] = []
        recorded: List[Tuple[float, float]] = []
        for _ in range(args.runs):
            plain.append(timed(game, players, args.games, args.threads, None))
            recorded.append(timed(game, players, args.games, args.threads, path))
        a, b = (statistics.median(t[0] for t in runs) for runs in (plain, recorded))
        ca, cb = (statistics.median(t[1] for t in runs) for runs in (plain, recorded))
        label = f"{name} {' vs '.join(players)}"
        size = os.path.getsize(path) / 1e6
        print(
            f"{label:<40} {args.games / a:>13.0f} {args.games / b:>14.0f} {a / b:>6.0%} {ca / cb:>8.0%} {size:>8.1f}"
        )


if __name__ == "__main__":
    main()
