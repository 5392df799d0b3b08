#!/usr/bin/env python3
"""Chinese checkers speed: racegames beside OpenSpiel's ``chinese_checkers``.

Everything runs in one process, and every rate is in TURNS per second: a
turn is one player's whole move. racegames plays a whole move per action;
OpenSpiel plays a jump chain hop by hop (then ``Pass`` or an automatic end),
so its turns are counted as the changes of the player to move.

Runners (median of ``--repeats`` rounds of ``--seconds`` each; within a round
the runners take turns, and each ratio is the median of the per-round
ratios, which keeps the comparison fair on a busy machine):

- ``openspiel state-api``: the random-play driver loop of common.py over
  OpenSpiel's state API (a uniformly random legal action at each decision;
  turns counted as changes of the player to move);
- ``racegames state-api``: the same loop over racegames' state API, with the
  default options and with the OpenSpiel-equivalent ones
  (``wing_rule=False, vacate_rule=False``);
- ``racegames native-playout``: ``State.play_random`` (the game in Rust;
  turns from the state's turn counter);
- ``racegames VectorEnv(N)``: ``racegames.vector.VectorEnv("chinese_checkers",
  N, opponent=None)`` (self-play: each step is one turn in every environment
  except those auto-resetting), actions from ``random_actions()``, masks
  written sparsely, observations encoded every step; once on one thread and
  once split over two (``--threads``), and on the most threads with the
  OpenSpiel-equivalent options. Its rounds run past ``--seconds`` to the
  next episode end, so that they average over whole games.

    python py/bench/bench_halma.py [--players 2] [--repeats 5] [--seconds 1] [--threads 1 2]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, List, Optional, Tuple

# Nothing here uses BLAS; keep its worker threads from competing with the
# measured ones on a small machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import racegames
from common import Runner, Table, native_playout, print_table, random_play

OPENSPIEL_EQUIVALENT = {"wing_rule": False, "vacate_rule": False}

#: The printed table: turns, ratios to OpenSpiel's row.
TABLE = Table(unit="turn", base="openspiel state-api", versus="openspiel", label_width=50)


def racegames_loop(players: int, **params: Any) -> Runner:
    game = racegames.make_game("chinese_checkers", players=players, **params)
    return random_play(game.new_initial_state, count="turns")


def openspiel_loop(players: int) -> Optional[Runner]:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if "chinese_checkers" not in pyspiel.registered_names():
        return None
    game = pyspiel.load_game("chinese_checkers", {"players": players})
    return random_play(game.new_initial_state, count="turns")


def vector_env(players: int, num_envs: int, threads: int = 1, **params: Any) -> Optional[Runner]:
    try:
        from racegames.vector import VectorEnv
    except ImportError:
        return None
    env = VectorEnv(
        "chinese_checkers", num_envs, seed=0, opponent=None, copy=False, threads=threads, players=players, **params
    )
    env.reset(seed=0)
    resetting = np.zeros(num_envs, dtype=bool)

    def run(seconds: float) -> Tuple[int, float]:
        nonlocal resetting
        turns = 0
        start = time.perf_counter()
        while True:
            _, _, term, trunc, _ = env.step(env.random_actions())
            turns += num_envs - int(resetting.sum())  # auto-reset steps play no turn
            resetting = term | trunc
            # All games start together, so a round ends where most episodes
            # end: it then covers whole games, every stage alike, as the
            # state-API loops do (early positions are the slow ones).
            if time.perf_counter() - start >= seconds and 2 * int(resetting.sum()) > num_envs:
                return turns, time.perf_counter() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description="Chinese checkers turns per second")
    parser.add_argument("--players", nargs="*", type=int, default=[2])
    parser.add_argument("--sizes", nargs="*", type=int, default=[1024])
    parser.add_argument("--threads", nargs="*", type=int, default=[1, 2], help="VectorEnv thread counts")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"racegames {racegames.__version__}; turns/s, median of {args.repeats} rounds of {args.seconds}s per runner")
    for players in args.players:
        game = racegames.make_game("chinese_checkers", players=players)
        rows: List[Tuple[str, Optional[Runner]]] = [
            ("openspiel state-api", openspiel_loop(players)),
            ("racegames state-api (defaults)", racegames_loop(players)),
            ("racegames state-api (OpenSpiel options)", racegames_loop(players, **OPENSPIEL_EQUIVALENT)),
            ("racegames native-playout", native_playout(game, count="turns")),
        ]
        for n in args.sizes:
            for threads in args.threads:
                suffix = "" if threads == 1 else f", {threads} threads"
                rows.append((f"racegames VectorEnv({n}{suffix})", vector_env(players, n, threads)))
            # Like for like: OpenSpiel's rules, on the most threads asked for.
            most = max(args.threads)
            suffix = "" if most == 1 else f", {most} threads"
            rows.append(
                (f"racegames VectorEnv({n}{suffix}, OS options)", vector_env(players, n, most, **OPENSPIEL_EQUIVALENT))
            )
        print(f"\nchinese_checkers, {players} players")
        print_table(TABLE, rows, args.repeats, args.seconds)


if __name__ == "__main__":
    main()
