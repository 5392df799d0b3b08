#!/usr/bin/env python3
"""Arena throughput: games per second of one player in every seat (greedy by
default), natively, for every game and option set, on 1 and 2 threads.

    python py/bench/bench_arena.py [--player greedy] [--games 200] [--threads 1 2]

Each row is one ``racegames.arena.play`` call (the whole match in Rust with
the GIL released). Besides the wall-clock rate it prints the process's CPU
seconds per game (all threads), so that scaling can be read on a busy
machine: with no contention the CPU cost per game stays the same whatever
the threads, and the wall-clock speed-up is the CPU used over the wall time.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Dict, List, Tuple

import racegames
from racegames import arena

GAME_SETS: List[Tuple[str, Dict[str, Any]]] = [
    ("daldos", {}),
    ("seys_dos_e_as", {}),
    ("backgammon", {}),
    ("chinese_checkers", {"players": 2}),
    ("chinese_checkers", {"players": 3}),
    ("chinese_checkers", {"players": 4}),
    ("chinese_checkers", {"players": 6}),
    ("halma", {"players": 2}),
    ("halma", {"players": 4}),
]


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"{args.player} in every seat, {args.games} games a row, load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<28} {'threads':>7} {'games/s':>9} {'CPU ms/game':>12} {'CPU/wall':>9}")
    for name, params in GAME_SETS:
        game = racegames.make_game(name, **params)
        label = name + "".join(f" {k}={v}" for k, v in params.items())
        for threads in args.threads:
            seats = [args.player] * game.num_players()
            cpu, start = cpu_seconds(), time.perf_counter()
            r = arena.play(game, seats, games=args.games, seed=args.seed, threads=threads)
            wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
            print(f"{label:<28} {threads:>7} {r.games / wall:>9.1f} {1000 * cpu / r.games:>12.2f} {cpu / wall:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
