"""Learning curves of ``racegames.train``: trains a game for some minutes,
measures the policy every so often against the built-in players (natively,
in the arena), and writes a CSV and a PNG plot into docs/images/.

    .venv/bin/python scripts/learning_curves.py backgammon --minutes 10
    .venv/bin/python scripts/learning_curves.py chinese_checkers --minutes 10 --reward progress --param players=2

Options after the game name are those of ``python -m racegames.train``
(``--league``, ``--snapshot-every``, ``--envs``, ``--hidden``, ``--param``;
``--kind`` is its ``--policy``); ``--policy PATH`` keeps the trained policy
file.

Needs the ``curves`` extra (torch and matplotlib): ``pip install './py[curves]'``
from a clone (``pip install 'racegames[curves]'`` once published).
"""

from __future__ import annotations

import argparse
import csv
import tempfile
from pathlib import Path
from typing import Any, Dict, List

import racegames
from racegames import arena, players
from racegames.train.__main__ import _param
from racegames.train.ppo import Config, resolve_policy, train

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds of training between measurements")
    parser.add_argument("--games", type=int, default=400, help="games per measurement and opponent")
    parser.add_argument("--opponents", nargs="+", default=["random", "greedy"])
    parser.add_argument("--reward", default="win")
    parser.add_argument("--league", nargs="+", default=["random"])
    parser.add_argument("--snapshot-every", type=int, default=20)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--hidden", type=int, default=0)
    parser.add_argument("--kind", default="auto", help="the training command's --policy: auto, turns, afterstates or actions")
    parser.add_argument("--param", action="append", default=[], help="a game option NAME=VALUE")
    parser.add_argument("--policy", help="where to keep the trained policy file")
    parser.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = parser.parse_args()

    params = dict(_param(text) for text in args.param)
    game = racegames.make_game(args.game, **params)
    rows: list[dict[str, float]] = []
    scratch = Path(tempfile.mkdtemp())
    # Without dice, games between two deterministic players would repeat:
    # a few random moves open each (as in the ladder).
    opening = 0 if game.max_chance_outcomes() > 0 else 2 * game.num_players()
    next_at = [0.0]

    last_steps = [0]

    def measure(agent: Any, steps: int, seconds: float) -> None:
        last_steps[0] = steps
        if seconds < next_at[0]:
            return
        next_at[0] = seconds + args.every
        path = scratch / "policy.rgpl"
        agent.export(path, args.game, game.num_distinct_actions())
        policy = players.make_player("policy", game, path=str(path))
        row = {"seconds": round(seconds, 1), "steps": steps}
        for opponent in args.opponents:
            result = arena.play(
                game, [policy, opponent], games=args.games, seed=args.seed + steps, threads=2, opening=opening
            )
            rate, low, high = result.win_rate(0)
            row[opponent] = rate
            row[f"{opponent}_low"], row[f"{opponent}_high"] = low, high
        rows.append(row)
        print(row, flush=True)

    config = Config(
        game=args.game,
        minutes=args.minutes,
        seed=args.seed,
        out=args.policy or str(scratch / "final.rgpl"),
        reward=args.reward,
        params=params,
        league=tuple(args.league),
        snapshot_every=args.snapshot_every,
        num_envs=args.envs,
        hidden=args.hidden,
        policy=args.kind,
    )
    agent = train(config, on_update=measure)
    next_at[0] = 0.0
    measure(agent, last_steps[0], args.minutes * 60)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = "learning_" + "_".join([args.game] + [f"{k}{v}" for k, v in params.items()])
    if args.kind != "auto":
        stem += f"_{args.kind}"
    with open(out / f"{stem}.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)

    title = " ".join([args.game] + [f"{k}={v}" for k, v in params.items()])
    plot(rows, args.opponents, f"{title}: seed {args.seed}, reward={args.reward}, policy={resolve_policy(args.kind, game)}", out / f"{stem}.png")


def plot(rows: List[Dict[str, Any]], opponents: List[str], title: str, path: Path) -> None:
    """The win rates against each opponent over the minutes of training."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=120)
    minutes = [float(r["seconds"]) / 60 for r in rows]
    for opponent in opponents:
        ax.plot(minutes, [float(r[opponent]) for r in rows], marker="o", label=f"against {opponent}")
        low = [float(r[f"{opponent}_low"]) for r in rows]
        high = [float(r[f"{opponent}_high"]) for r in rows]
        ax.fill_between(minutes, low, high, alpha=0.2)
    ax.set_xlabel("minutes of training (this machine)")
    ax.set_ylabel("win rate (Wilson 95%)")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=9)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
