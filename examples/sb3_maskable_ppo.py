"""Trains sb3-contrib's MaskablePPO on a racegames game over the native vector env.

``racegames.sb3.SB3VecEnv`` steps every environment in one native call and
gives SB3 what it expects: flat observations (the mask is not an input, so
the network stays small), same-step auto-reset, and the masks through
``env_method("action_masks")``. At the end the policy plays
``--eval-games`` games against the random player.

    python examples/sb3_maskable_ppo.py --game backgammon --steps 200000
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="backgammon")
    parser.add_argument("--steps", type=int, default=200_000, help="environment steps to train")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO  # type: ignore[import-untyped]

    from racegames.sb3 import SB3VecEnv
    from racegames.vector import VectorEnv

    torch.set_num_threads(1)
    # Both seats, one per episode, so that the policy learns to play either.
    env = SB3VecEnv(args.game, args.envs, seed=args.seed, opponent="random", seat="random")
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=128,
        batch_size=2048,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    elapsed = time.perf_counter() - start
    print(f"trained {args.steps:,} steps in {elapsed:.0f}s ({args.steps / elapsed:,.0f} steps/s)")

    evaluation = VectorEnv(args.game, 64, seed=args.seed + 1, opponent="random", seat="random", observation="flat")
    obs, infos = evaluation.reset()
    seats = infos["current_player"].copy()
    wins = played = 0
    while played < args.eval_games:
        live = infos["current_player"] >= 0
        seats[live] = infos["current_player"][live]
        actions, _ = model.predict(obs, action_masks=evaluation.action_masks(), deterministic=True)
        obs, _, _, _, infos = evaluation.step(actions)
        for row in np.flatnonzero(infos["_returns"]):
            if played < args.eval_games:
                wins += infos["returns"][row, seats[row]] > 0
                played += 1
    print(f"against random: {wins / played:.1%} of {played} games")


if __name__ == "__main__":
    main()
