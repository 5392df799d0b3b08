#!/usr/bin/env python3
"""Backgammon speed: racegames beside OpenSpiel's ``backgammon`` (and pgx's
when it is installed), in one process.

Every rate is in TURNS per second. A turn is everything one player does
between the opponent's moves, dice included: it begins with a throw (the
opening roll for the first turn), so the State-API loops count the chance
outcomes they apply. A player who cannot move still has a turn (OpenSpiel
asks for its ``Pass``; racegames passes by itself). racegames plays one die
per action and OpenSpiel two, so actions are not comparable; turns are.

Runners (median of ``--repeats`` rounds of ``--seconds`` each; within a round
the runners take turns, and each ratio is the median of the per-round
ratios, which keeps the comparison fair on a busy machine):

- ``openspiel state-api``: the random-play driver loop of common.py (chance
  sampled by its probabilities with ``random.choices``, a uniformly random
  legal action at each decision; turns counted as throws) over OpenSpiel's
  state API;
- ``racegames state-api``: the very same loop over racegames' state API;
- ``racegames native-playout``: ``State.play_random`` (the whole game in
  Rust; turns from the notation's turn counter);
- ``racegames VectorEnv(N)``: ``racegames.vector.VectorEnv("backgammon", N,
  opponent=None)`` (self-play), actions from ``random_actions()``, masks and
  observations written every step; turns are read from the turn counters
  (the final one of each episode that ends, via its notation);
- ``pgx backgammon (batch N, CPU)``: ``pgx.make("backgammon")`` stepped
  under ``jax.jit(jax.vmap(auto_reset(...)))`` on CPU with
  ``pgx.experimental.act_randomly``; turns counted as changes of the player
  to move, and ends of games (only when ``pgx`` is importable; the jit
  compilation is outside the timing).

    python py/bench/bench_tables.py [--game backgammon] [--repeats 5] [--seconds 2]

``--game seys_dos_e_as`` runs the racegames rows for Seys dos e as (no peer
implements it).
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


def racegames_loop(game_name: str) -> Runner:
    # Every turn starts with its throw.
    return random_play(racegames.make_game(game_name).new_initial_state, count="throws")


def openspiel_loop(game_name: str) -> Optional[Runner]:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if game_name not in pyspiel.registered_names():
        return None
    return random_play(pyspiel.load_game(game_name).new_initial_state, count="throws")


def _turn_counter(notation: str) -> int:
    return int(notation.rsplit(" ", 1)[1])


def vector_env(game_name: str, num_envs: int, threads: int = 1) -> Optional[Runner]:
    try:
        from racegames.vector import VectorEnv
    except ImportError:
        return None
    env = VectorEnv(game_name, num_envs, seed=0, opponent=None, copy=False, threads=threads)
    env.reset(seed=0)
    core = env.core

    def run(seconds: float) -> Tuple[int, float]:
        # Turns = the counters' growth: final counters of the episodes that
        # end, plus the counters at the end, minus those at the start.
        before = sum(_turn_counter(core.notation(i)) for i in range(num_envs))
        finished = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            _, _, term, trunc, _ = env.step(env.random_actions())
            for i in np.flatnonzero(term | trunc):
                finished += _turn_counter(core.notation(int(i)))
        elapsed = time.perf_counter() - start
        after = sum(_turn_counter(core.notation(i)) for i in range(num_envs))
        # An episode that ended in the last step is counted in `finished` and
        # still shows its final counter in `after`.
        _, _, term, trunc, _ = env.step(env.random_actions())
        return finished + after - before, elapsed

    return run


def pgx_runner(num_envs: int) -> Optional[Runner]:
    try:
        import jax  # type: ignore[import-not-found]
        import pgx  # type: ignore[import-not-found]
    except ImportError:
        return None
    jax.config.update("jax_platform_name", "cpu")
    from pgx.experimental import act_randomly, auto_reset  # type: ignore[import-not-found]

    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def act(state: Any, key: Any) -> Any:
        k1, k2 = jax.random.split(key)
        action = act_randomly(k1, state.legal_action_mask)
        new = step(state, action, jax.random.split(k2, num_envs))
        changed = (new.current_player != state.current_player) | new.terminated | new.truncated
        return new, changed.sum()

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, num_envs))
    state, n = act(state, key)
    n.block_until_ready()
    holder = [state, key]

    def run(seconds: float) -> Tuple[int, float]:
        state, key = holder
        turns = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            key, sub = jax.random.split(key)
            state, n = act(state, sub)
            turns += int(n)
        holder[:] = [state, key]
        return turns, time.perf_counter() - start

    return run


#: The printed table: turns, ratios to OpenSpiel's row.
TABLE = Table(unit="turn", base="openspiel state-api", versus="openspiel", label_width=36)


def main() -> None:
    parser = argparse.ArgumentParser(description="Tables games: turns per second")
    parser.add_argument("--game", default="backgammon", choices=["backgammon", "seys_dos_e_as"])
    parser.add_argument("--sizes", nargs="*", type=int, default=[1024])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"racegames {racegames.__version__}; {args.game}; turns/s, median of {args.repeats} runs of {args.seconds}s")
    rows: List[Tuple[str, Optional[Runner]]] = [
        ("openspiel state-api", openspiel_loop(args.game)),
        ("racegames state-api", racegames_loop(args.game)),
        ("racegames native-playout", native_playout(racegames.make_game(args.game), count="turns")),
    ]
    for n in args.sizes:
        rows.append((f"racegames VectorEnv({n})", vector_env(args.game, n)))
    if args.game == "backgammon":
        for n in args.sizes:
            rows.append((f"pgx backgammon (batch {n}, CPU)", pgx_runner(n)))
    print_table(TABLE, rows, args.repeats, args.seconds)


if __name__ == "__main__":
    main()
