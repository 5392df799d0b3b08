"""``python -m racegames.train GAME --steps N --seed S --out PATH``: trains a
policy with masked PPO on the native vector environment and writes a policy
file that ``make_player("policy", game, path=PATH)`` plays.

With ``--steps`` (the default budget) the same command and seed write the
same policy file, byte for byte, on any machine with the same torch version
and the same ``--threads``; ``--minutes`` bounds the run by time instead,
and is then not reproducible. Progress lines (flushed) give the share done,
the rate over the last interval and the time left; every ``--eval-every``
steps and at the end the policy plays ``--eval-games`` games against each
of ``--eval-against`` in the arena; every update's metrics go to a CSV file
(``--metrics``) and, where tensorboard is installed, to ``--tensorboard``.
Ctrl-C writes the policy so far and exits with status 130.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional


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


def _count(low: int, high: int):  # type: ignore[no-untyped-def]
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low:,} to {high:,}, not {value:,}")
        return value

    return parse


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="python -m racegames.train", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("game", help="a name from racegames.list_games()")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--steps",
        type=_count(1, 10**12),
        default=5_000_000,
        help="the budget in environment steps (default 5,000,000); the learning rate anneals to 0 over them; "
        "reproducible: the same seed and command give the same policy file",
    )
    budget.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="the budget in minutes of training instead of --steps; NOT reproducible (how far a run gets "
        "depends on the machine)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="where to write the policy file")
    p.add_argument(
        "--threads",
        type=_count(1, 64),
        default=2,
        help="threads for torch, the environments and the arena (default 2; fixed, not the machine's cores, "
        "so that a command reproduces: give the same number to reproduce a run)",
    )
    p.add_argument("--device", default="cpu", help="where the network runs: cpu (default), cuda or cuda:N")
    p.add_argument("--envs", type=_count(1, 65536), default=256, help="environments stepped together")
    p.add_argument(
        "--hidden", type=int, default=0, help="width of the two hidden layers (default 64 with turns, 128 with afterstates, 256 with actions)"
    )
    p.add_argument(
        "--league", nargs="+", default=["random"], help="built-in opponents; snapshots of the learner join them"
    )
    p.add_argument("--reward", choices=["win", "progress"], default="win", help="progress: the Halma games")
    p.add_argument(
        "--policy",
        choices=["auto", "actions", "afterstates", "turns"],
        default="auto",
        help="turns: score the positions at the end of the turn (both dice); afterstates: score the position "
        "each legal action leads to; actions: a logit per action; auto (default): turns in the dice games, "
        "actions in the Halma games",
    )
    p.add_argument("--snapshot-every", type=int, default=20, help="updates between snapshots (0: none)")
    p.add_argument(
        "--eval-every",
        type=_count(0, 10**12),
        default=1_000_000,
        help="steps between measures against --eval-against in the arena (default 1,000,000; 0: at the end only)",
    )
    p.add_argument(
        "--eval-games",
        type=_count(0, 1_000_000),
        default=200,
        help="games against each fixed opponent per measure, the policy in either seat (default 200; 0: no measures)",
    )
    p.add_argument(
        "--eval-against",
        nargs="+",
        default=["random", "greedy"],
        help="the fixed opponents measured against (built-in players; default random greedy)",
    )
    p.add_argument(
        "--metrics",
        help="the metrics file: CSV, one row per update (default: next to --out, NAME.metrics.csv; '' for none)",
    )
    p.add_argument(
        "--tensorboard", metavar="DIR", help="also write the metrics for TensorBoard into DIR (needs tensorboard installed)"
    )
    p.add_argument("--log-every", type=float, default=10.0, help="seconds between progress lines (default 10)")
    p.add_argument("--param", type=_param, action="append", default=[], help="a game option NAME=VALUE")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    try:
        from racegames.train.ppo import Config, train
    except ModuleNotFoundError as error:
        if error.name != "torch":
            raise
        print(
            "training needs torch, which is not installed: pip install './py[train]' from a clone "
            "(pip install 'racegames[train]' once published)",
            file=sys.stderr,
        )
        return 2
    out = Path(args.out)
    metrics = str(out.with_name(out.stem + ".metrics.csv")) if args.metrics is None else args.metrics or None
    config = Config(
        game=args.game,
        minutes=args.minutes,
        steps=args.steps,
        seed=args.seed,
        out=args.out,
        params=dict(args.param),
        num_envs=args.envs,
        hidden=args.hidden,
        league=tuple(args.league),
        eval_games=args.eval_games,
        eval_every=args.eval_every,
        eval_against=tuple(args.eval_against),
        reward=args.reward,
        snapshot_every=args.snapshot_every,
        policy=args.policy,
        threads=args.threads,
        device=args.device,
        metrics=metrics,
        tensorboard=args.tensorboard,
        log_every=args.log_every,
    )
    try:
        train(config)
    except KeyboardInterrupt:
        print("stopped by Ctrl-C", file=sys.stderr, flush=True)
        return 130
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
