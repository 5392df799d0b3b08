#!/usr/bin/env python3
"""Random-play speed of racegames from Python, with room for peers.

Prints, for each game and each runner, the median over several repeats of
the steps per second (a step is one decision: an action of the player to
move; chance outcomes are drawn inside it) and the cost per step:

- ``state-api``:  a plain Python loop over ``State`` (chance by probability,
  decisions uniformly random);
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
import random
import statistics
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

# Nothing here uses BLAS; keep its worker threads from competing with the
# measured ones on a small machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import racegames

#: A runner does work for about ``seconds`` and returns (steps, elapsed).
Runner = Callable[[float], Tuple[int, float]]

#: The Gymnasium id of each game.
GYM_IDS = {
    "daldos": "racegames/Daldos-v0",
    "seys_dos_e_as": "racegames/SeysDosEAs-v0",
    "backgammon": "racegames/Backgammon-v0",
    "chinese_checkers": "racegames/ChineseCheckers-v0",
    "halma": "racegames/Halma-v0",
}


def random_play(game: Any) -> Runner:
    """The random-play driver loop over OpenSpiel's state API, the same for
    racegames and for peers: chance by probability, decisions uniformly."""
    rng = random.Random(0)

    def run(seconds: float) -> Tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
        return steps, time.perf_counter() - start

    return run


def state_api(name: str) -> Runner:
    return random_play(racegames.make_game(name))


def native_playout(name: str) -> Runner:
    game = racegames.make_game(name)

    def run(seconds: float) -> Tuple[int, float]:
        steps, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            steps += game.new_initial_state().play_random(seed)
            seed += 1
        return steps, time.perf_counter() - start

    return run


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
    return random_play(pyspiel.load_game(names[name]))


#: Peer runners: (label, factory). A factory returns None when the peer is
#: not installed or lacks the game. pgx (JAX) can be added here the same way.
PEERS: List[Tuple[str, Callable[[str], Optional[Runner]]]] = [
    ("openspiel state-api", openspiel_peer),
]


def runners(name: str, sizes: List[int]) -> List[Tuple[str, Optional[Runner]]]:
    rows: List[Tuple[str, Optional[Runner]]] = [
        ("state-api", state_api(name)),
        ("native-playout", native_playout(name)),
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


def measure(run: Runner, repeats: int, seconds: float) -> float:
    run(seconds / 4)  # warm-up
    rates = []
    for _ in range(repeats):
        steps, elapsed = run(seconds)
        rates.append(steps / elapsed)
    return statistics.median(rates)


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
        print(f"  {'runner':<30} {'steps/s':>14} {'us/step':>10} {'vs state-api':>13}")
        results: Dict[str, float] = {}
        for label, run in runners(name, args.sizes):
            if run is None:
                print(f"  {label:<30} {'(not available)':>14}")
                continue
            rate = measure(run, args.repeats, args.seconds)
            results[label] = rate
            base = results.get("state-api", rate)
            print(f"  {label:<30} {rate:>14,.0f} {1e6 / rate:>10.3f} {rate / base:>12.1f}x")


if __name__ == "__main__":
    main()
