"""``python -m racegames.train GAME --minutes M --seed S --out PATH``: trains a
policy with masked PPO on the native vector environment and writes a policy
file that ``make_player("policy", game, path=PATH)`` plays."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

try:
    from racegames.train.ppo import POLICIES, Config, evaluate, train
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the environment
    if missing.name != "torch":
        raise
    # A clear line rather than a traceback: the trainer is an extra.
    sys.exit(
        "python -m racegames.train needs torch, which is not installed: "
        "pip install 'racegames[train]' (from a checkout: pip install './py[train]')"
    )


def _param(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    if not name or not _:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    for convert in (int,):
        try:
            return name, convert(value)
        except ValueError:
            pass
    if value in ("true", "false"):
        return name, value == "true"
    return name, value


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m racegames.train", description=__doc__)
    parser.add_argument("game", help="a name from racegames.list_games()")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True, help="where to write the policy file")
    parser.add_argument("--envs", type=int, default=256, help="environments stepped together")
    parser.add_argument(
        "--hidden", type=int, default=0, help="width of the two hidden layers (default 64 with turns, 128 with afterstates, 256 with actions)"
    )
    parser.add_argument(
        "--league", nargs="+", default=["random"], help="built-in opponents; snapshots of the learner join them"
    )
    parser.add_argument("--reward", choices=["win", "progress"], default="win", help="progress: the Halma games")
    parser.add_argument(
        "--policy",
        choices=list(POLICIES),
        default="auto",
        help="turns: score the positions at the end of the turn (both dice); afterstates: score the position "
        "each legal action leads to; actions: a logit per action; auto (default): turns in the dice games, "
        "actions in the Halma games",
    )
    parser.add_argument("--snapshot-every", type=int, default=20, help="updates between snapshots (0: none)")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random at the end")
    parser.add_argument("--param", type=_param, action="append", default=[], help="a game option NAME=VALUE")
    args = parser.parse_args(argv)
    config = Config(
        game=args.game,
        minutes=args.minutes,
        seed=args.seed,
        out=args.out,
        params=dict(args.param),
        num_envs=args.envs,
        hidden=args.hidden,
        league=tuple(args.league),
        eval_games=args.eval_games,
        reward=args.reward,
        snapshot_every=args.snapshot_every,
        policy=args.policy,
    )
    agent = train(config)
    if args.eval_games:
        rate, games = evaluate(agent, config.game, config.params, "random", args.eval_games, args.seed + 1)
        print(f"against random: {rate:.1%} of {games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
