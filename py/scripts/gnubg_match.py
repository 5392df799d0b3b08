"""A racegames backgammon player against GNU Backgammon: wins and points per game, for a win only and for points.

    python py/scripts/gnubg_match.py [--games 400] [--seed 1] [--player NAME]
        [--scoring winloss backgammons] [--plies 0] [--out DIR]

For each ``--scoring`` (by default both ``winloss`` and ``backgammons``),
plays ``--games`` games between a racegames player (by default the
strongest, the first of ``racegames.players.list_players("backgammon")``)
on ``make_game("backgammon", scoring=...)`` and gnubg at ``--plies``
(0-ply, cubeless money play, no noise), seats alternating, racegames
refereeing, as ``gnubg_error_rate.py`` does (the same referee, without the
analysis). The dice of game ``g`` come from ``random.Random(f"{seed}:{g}")``
and the player's seed is ``seed + g``, so both scorings see the same dice.

Reports, per scoring, the player's wins with the Wilson 95% interval and
its points per game with gammons and backgammons counted (what gnubg plays
for), mean ± 1.96 standard errors. Results go to
``DIR/<scoring>.jsonl`` (one line per game, as it ends) and
``DIR/result.json``. Needs GNU Backgammon (``/usr/games/gnubg``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import racegames  # noqa: E402
from gnubg_error_rate import GnubgMover, find_gnubg, money_points, play_game  # noqa: E402
from racegames._core import _wilson  # noqa: E402
from racegames.players import list_players, make_player  # noqa: E402


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% interval (1.96 standard errors)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def run_scoring(
    scoring: str, name: str, mover: GnubgMover, games: int, seed: int, out: Path
) -> Dict[str, Any]:
    """Plays the games of one scoring; its result line's figures."""
    game = racegames.make_game("backgammon", scoring=scoring)
    wins, points, gammons = 0, [], [0, 0]
    start = time.monotonic()
    with open(out / f"{scoring}.jsonl", "w", encoding="utf-8") as log:
        for g in range(games):
            ours = g % 2
            player = make_player(name, game, seed=seed + g)
            actions = play_game(game, player, mover, ours, random.Random(f"{seed}:{g}"))
            p = money_points(actions, ours)
            wins += p > 0
            points.append(p)
            if abs(p) >= 2:
                gammons[p < 0] += 1
            log.write(json.dumps({"game": g, "seat": ours, "points": p, "actions": actions}) + "\n")
            log.flush()
            if (g + 1) % 10 == 0 or g + 1 == games:
                print(f"  {scoring}: {line(wins, points)} ({time.monotonic() - start:.0f} s)", flush=True)
    mean, half = mean_interval(points)
    _, low, high = _wilson(wins, games)
    return {
        "scoring": scoring,
        "wins": wins,
        "games": games,
        "wilson": [low, high],
        "points_per_game": mean,
        "points_half_width": half,
        "gammons_won": gammons[0],
        "gammons_lost": gammons[1],
        "seconds": time.monotonic() - start,
    }


def line(wins: int, points: List[float]) -> str:
    """Wins with the Wilson interval, points per game with the 95% interval."""
    n = len(points)
    _, low, high = _wilson(wins, n)
    mean, half = mean_interval(points)
    return (
        f"won {wins} of {n} ({100 * wins / n:.1f}%, Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), "
        f"{mean:+.3f} ± {half:.3f} points per game"
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per scoring (400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the player (1)")
    parser.add_argument("--player", help="the racegames player (default: the strongest for backgammon)")
    parser.add_argument("--plies", type=int, default=0, help="gnubg's depth (0)")
    parser.add_argument(
        "--scoring",
        nargs="+",
        default=["winloss", "backgammons"],
        choices=["winloss", "gammons", "backgammons"],
        help="the game's scoring options, what the player aims at (winloss backgammons)",
    )
    parser.add_argument("--out", default="gnubg-match", help="the output folder (gnubg-match)")
    parser.add_argument("--gnubg", default=find_gnubg(), help="the gnubg program")
    parser.add_argument("--move-timeout", type=float, default=120.0, help="seconds for one gnubg move (120)")
    args = parser.parse_args(argv)
    if not args.gnubg or not os.path.exists(args.gnubg):
        parser.error("gnubg not found: scripts/install-gnubg.sh, or pass --gnubg PATH")
    if args.games < 1 or args.plies < 0:
        parser.error("--games must be at least 1, --plies at least 0")
    name = args.player or list_players("backgammon")[0]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    mover = GnubgMover(args.gnubg, args.plies, args.move_timeout)
    try:
        for scoring in args.scoring:
            print(f"{name} ({scoring}) against gnubg {args.plies}-ply, {args.games} games, seats alternating")
            results.append(run_scoring(scoring, name, mover, args.games, args.seed, out))
    finally:
        mover.close()
    (out / "result.json").write_text(
        json.dumps({"player": name, "seed": args.seed, "gnubg_plies": args.plies, "results": results}, indent=1)
    )
    for r in results:
        low, high = r["wilson"]
        print(
            f"{r['scoring']}: {name} won {r['wins']} of {r['games']} against gnubg {args.plies}-ply "
            f"(Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), {r['points_per_game']:+.3f} ± "
            f"{r['points_half_width']:.3f} points per game (gammons and backgammons counted; "
            f"gammons won {r['gammons_won']}, lost {r['gammons_lost']}), {r['seconds']:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
