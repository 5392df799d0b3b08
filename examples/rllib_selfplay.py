"""Multi-agent self-play with RLlib's PPO on a Ray cluster, with action masks.

Every seat of the game is an agent of ``racegames.rllib.MultiAgentRLlibEnv``,
all mapped to one shared policy ("main") whose RLModule masks illegal actions
(RLlib's ``ActionMaskingTorchRLModule``, which reads the ``observations`` and
``action_mask`` keys). Episodes are sampled by ``--env-runners`` Ray actors;
at the end the policy plays ``--eval-games`` games against the built-in
random player and the win rate is printed.

    python examples/rllib_selfplay.py --iterations 20 --env-runners 2

``--opponent NAME`` trains one seat against a built-in player instead
(``racegames.rllib.RLlibEnv``, single-agent), which learns to beat that
player sooner than self-play does.

On a multi-machine Ray cluster, start the head (``ray start --head``) and the
workers (``ray start --address=HEAD:6379``), install racegames on every
machine, and pass ``--address auto`` (or the head's address) from any of
them; raise ``--env-runners`` to the cluster's CPUs.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="backgammon")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--minutes", type=float, default=None, help="stop iterating after this long")
    parser.add_argument("--env-runners", type=int, default=2)
    parser.add_argument("--batch", type=int, default=4000, help="train batch size per iteration")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default=None, help="a built-in player to train against (default: self-play)")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: a local cluster)")
    args = parser.parse_args()

    import ray
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core import DEFAULT_MODULE_ID
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    from racegames.rllib import MultiAgentRLlibEnv, RLlibEnv

    ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    head = {"head_fcnet_hiddens": [128, 128], "head_fcnet_activation": "relu"}
    module_spec = RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=head)
    if args.opponent is None:
        register_env("racegames_selfplay", lambda config: MultiAgentRLlibEnv(config))
        config = (
            PPOConfig()
            .environment("racegames_selfplay", env_config={"game": args.game})
            .multi_agent(policies={"main"}, policy_mapping_fn=lambda agent_id, episode, **kwargs: "main")
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"main": module_spec}))
        )
    else:
        register_env("racegames_one_seat", lambda config: RLlibEnv(config))
        env_config = {"game": args.game, "opponent": args.opponent, "seat": "random"}
        config = PPOConfig().environment("racegames_one_seat", env_config=env_config).rl_module(rl_module_spec=module_spec)
    config = (
        config.env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=min(1000, args.batch), num_epochs=4, lr=3e-4)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    start = time.perf_counter()
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        steps = runners.get("num_env_steps_sampled_lifetime") or result.get("num_env_steps_sampled_lifetime")
        print(f"iteration {i + 1}: {time.perf_counter() - start:.0f}s, env steps {steps}", flush=True)
        if args.minutes is not None and time.perf_counter() - start > args.minutes * 60:
            break

    module = algo.get_module("main" if args.opponent is None else DEFAULT_MODULE_ID)
    env = RLlibEnv({"game": args.game, "opponent": "random", "seat": "random"})
    wins = 0
    for game in range(args.eval_games):
        obs, info = env.reset(seed=args.seed * 100_000 + game)
        done, reward = False, 0.0
        while not done:
            batch = {Columns.OBS: {k: torch.from_numpy(v[None]) for k, v in obs.items()}}
            with torch.no_grad():
                logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
            obs, reward, terminated, truncated, info = env.step(int(np.argmax(logits)))
            done = terminated or truncated
        wins += reward > 0
    rate = wins / max(args.eval_games, 1)
    print(f"against random: {rate:.1%} of {args.eval_games} games")
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
