#!/usr/bin/env python3
"""Random-play speed of racegames from Python, with room for peers.

Prints, for each game and each runner, the median over several repeats of
the steps per second (a step is one decision: an action of the player to
move; chance outcomes are drawn inside it), the cost per step and the ratio
to ``state-api`` (within a repeat the runners take turns, and each ratio is
the median of the per-repeat ratios, which keeps the comparison fair on a
busy machine):

- ``state-api``:  a plain Python loop over ``State`` (chance by probability,
  decisions uniformly random: the random-play driver loop of common.py);
- ``native-playout``: ``State.play_random`` (the whole game in Rust; counts
  every applied action, chance included);
- ``gym``: ``gymnasium.make("racegames/<Game>-v0")`` against the random
  opponent (a step is the agent's move plus the opponent's reply);
- ``vector-N``: ``racegames.vector.VectorEnv`` with N environments against
  the native random opponent, actions from ``random_actions()`` (no Python
  work per environment); ``vector-N-selfplay`` with ``opponent=None``;
  ``-2threads`` rows split the batch over two native threads.

Peers are added in ``PEERS``: a function ``(game_name) -> runner or None``,
for example OpenSpiel (``pyspiel``) or pgx when installed and when they have
the game; their rows are printed beside racegames' with the ratio.

    python py/bench/bench.py [--games daldos] [--repeats 5] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Callable, List, Optional, Tuple

# Nothing here uses BLAS; keep its worker threads from competing with the
# measured ones on a small machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import racegames
from common import Runner, Table, native_playout, print_table, random_play

#: The Gymnasium id of each game.
GYM_IDS = {
    "daldos": "racegames/Daldos-v0",
    "seys_dos_e_as": "racegames/SeysDosEAs-v0",
    "backgammon": "racegames/Backgammon-v0",
    "chinese_checkers": "racegames/ChineseCheckers-v0",
    "halma": "racegames/Halma-v0",
}


def state_api(name: str) -> Runner:
    return random_play(racegames.make_game(name).new_initial_state)


def gym_env(name: str) -> Optional[Runner]:
    try:
        import gymnasium
    except ImportError:
        return None
    if GYM_IDS.get(name) not in gymnasium.registry:
        return None
    env = gymnasium.make(GYM_IDS[name]).unwrapped
    rng = np.random.default_rng(0)

    def run(seconds: float) -> Tuple[int, float]:
        steps = 0
        obs, _ = env.reset(seed=0)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if term or trunc:
                obs, _ = env.reset()
        return steps, time.perf_counter() - start

    return run


def vector_env(
    name: str, num_envs: int, opponent: Optional[str] = "random", threads: int = 1
) -> Optional[Runner]:
    try:
        from racegames.vector import VectorEnv
    except ImportError:
        return None
    env = VectorEnv(name, num_envs, seed=0, opponent=opponent, copy=False, threads=threads)
    env.reset(seed=0)

    def run(seconds: float) -> Tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.step(env.random_actions())
            steps += num_envs
        return steps, time.perf_counter() - start

    return run


def openspiel_peer(name: str) -> Optional[Runner]:
    """OpenSpiel's Python loop over its own state API, for games it has."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    names = {"backgammon": "backgammon", "chinese_checkers": "chinese_checkers"}
    if name not in names:
        return None
    return random_play(pyspiel.load_game(names[name]).new_initial_state)


#: Peer runners: (label, factory). A factory returns None when the peer is
#: not installed or lacks the game. pgx (JAX) can be added here the same way.
PEERS: List[Tuple[str, Callable[[str], Optional[Runner]]]] = [
    ("openspiel state-api", openspiel_peer),
]


def runners(name: str, sizes: List[int]) -> List[Tuple[str, Optional[Runner]]]:
    rows: List[Tuple[str, Optional[Runner]]] = [
        ("state-api", state_api(name)),
        ("native-playout", native_playout(racegames.make_game(name))),
        ("gym", gym_env(name)),
    ]
    for n in sizes:
        rows.append((f"vector-{n}", vector_env(name, n)))
    for n in sizes:
        rows.append((f"vector-{n}-selfplay", vector_env(name, n, opponent=None)))
    big = max(sizes)
    if big >= 256:
        rows.append((f"vector-{big}-2threads", vector_env(name, big, threads=2)))
        rows.append((f"vector-{big}-selfplay-2threads", vector_env(name, big, opponent=None, threads=2)))
    for label, factory in PEERS:
        rows.append((label, factory(name)))
    return rows


#: The printed table: steps, ratios to the state-api row.
TABLE = Table(
    unit="step", base="state-api", versus="state-api", label_width=30, rate_width=14, per_width=10, per_digits=3,
    ratio_digits=1,
)


def main() -> None:
    parser = argparse.ArgumentParser(description="racegames random-play benchmark")
    parser.add_argument("--games", nargs="*", default=["daldos"], help="game names, or 'all'")
    parser.add_argument("--sizes", nargs="*", type=int, default=[1, 64, 1024])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    print(f"racegames {racegames.__version__}; median of {args.repeats} repeats of {args.seconds}s")
    games = racegames.list_games() if args.games == ["all"] else args.games
    for name in games:
        if name not in racegames.list_games():
            print(f"{name}: not in this build")
            continue
        print(f"\n{name}")
        print_table(TABLE, runners(name, args.sizes), args.repeats, args.seconds)


if __name__ == "__main__":
    main()
