"""A racegames backgammon player against GNU Backgammon: wins and points per game, for a win only and for points.

    python py/scripts/gnubg_match.py [--games 400] [--seed 1] [--first-game 0]
        [--player NAME[:KEY=VALUE,...]] [--scoring winloss backgammons] [--plies 0] [--out DIR]

For each ``--scoring`` (by default both ``winloss`` and ``backgammons``),
plays ``--games`` games between a racegames player (by default the
strongest, the first of ``racegames.players.list_players("backgammon")``)
on ``make_game("backgammon", scoring=...)`` and gnubg at ``--plies``
(0-ply, cubeless money play, no noise), seats alternating, racegames
refereeing, as ``gnubg_error_rate.py`` does (the same referee, without the
analysis). The dice of game ``g`` come from ``random.Random(f"{seed}:{g}")``
and the player's seed is ``seed + g``, so both scorings see the same dice;
``--first-game N`` plays games ``N`` to ``N + games - 1``, so that a long
run can be split into parts whose games are those of the whole run.

Reports, per scoring, the player's wins with the Wilson 95% interval and
its points per game with gammons and backgammons counted (what gnubg plays
for), mean ± its 95% half-width (``Z95`` standard errors, from the core). Results go to
``DIR/<scoring>.jsonl`` (one line per game, as it ends) and
``DIR/result.json``; ``--combine DIR DIR ...`` reports the games of
several such folders together. Needs GNU Backgammon (``/usr/games/gnubg``).

The dice decide most of a game, so 400 games leave the points a game
uncertain by about ±0.13. ``racegames-train luck --games DIR/<scoring>.jsonl``
(the training crate) reads the same files and reports the luck-adjusted
result too, with about a tenth of the variance (docs/gnubg.md).
"""

from __future__ import annotations

import argparse
import json
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
from racegames._luck import mean_interval  # noqa: E402
from racegames.players import list_players, make_player, parse_player  # noqa: E402


def figures(scoring: str, rows: Sequence[Dict[str, Any]], seconds: float) -> Dict[str, Any]:
    """One scoring's figures from its games' rows (``game``, ``seat``, ``points``)."""
    points = [float(r["points"]) for r in rows]
    wins = sum(p > 0 for p in points)
    mean, half = mean_interval(points)
    _, low, high = _wilson(wins, len(points))
    return {
        "scoring": scoring,
        "wins": wins,
        "games": len(points),
        "game_numbers": [min(r["game"] for r in rows), max(r["game"] for r in rows)],
        "wilson": [low, high],
        "points_per_game": mean,
        "points_half_width": half,
        "gammons_won": sum(p >= 2 for p in points),
        "gammons_lost": sum(p <= -2 for p in points),
        "seconds": seconds,
    }


def run_scoring(
    scoring: str,
    player_spec: tuple[str, Dict[str, Any]],
    mover: GnubgMover,
    games: range,
    seed: int,
    out: Path,
) -> Dict[str, Any]:
    """Plays the games of one scoring; its figures."""
    game = racegames.make_game("backgammon", scoring=scoring)
    rows: List[Dict[str, Any]] = []
    start = time.monotonic()
    with open(out / f"{scoring}.jsonl", "w", encoding="utf-8") as log:
        for g in games:
            ours = g % 2
            player_name, params = player_spec
            player = make_player(player_name, game, seed=seed + g, **params)
            actions = play_game(game, player, mover, ours, random.Random(f"{seed}:{g}"))
            row = {"game": g, "seat": ours, "points": money_points(actions, ours), "actions": actions}
            rows.append(row)
            log.write(json.dumps(row) + "\n")
            log.flush()
            if len(rows) % 10 == 0 or len(rows) == len(games):
                points = [r["points"] for r in rows]
                wins = sum(p > 0 for p in points)
                print(f"  {scoring}: {line(wins, points)} ({time.monotonic() - start:.0f} s)", flush=True)
    return figures(scoring, rows, time.monotonic() - start)


def combine(dirs: Sequence[Path], scorings: Sequence[str]) -> List[Dict[str, Any]]:
    """The figures of the games of several runs (parts of one run, by ``--first-game``) together."""
    results = []
    for scoring in scorings:
        rows: List[Dict[str, Any]] = []
        seconds = 0.0
        for d in dirs:
            with open(d / f"{scoring}.jsonl", encoding="utf-8") as f:
                rows.extend(json.loads(text) for text in f if text.strip())
            done = json.loads((d / "result.json").read_text())
            seconds += sum(r["seconds"] for r in done["results"] if r["scoring"] == scoring)
        numbers = [r["game"] for r in rows]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"{scoring}: a game is in two of the runs")
        results.append(figures(scoring, rows, seconds))
    return results


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
    parser.add_argument("--first-game", type=int, default=0, help="the number of the first game (0)")
    parser.add_argument(
        "--player",
        help="the racegames player, NAME or NAME:KEY=VALUE,... as the arena takes it (default: the strongest)",
    )
    parser.add_argument("--plies", type=int, default=0, help="gnubg's depth (0)")
    parser.add_argument(
        "--scoring",
        nargs="+",
        default=["winloss", "backgammons"],
        choices=["winloss", "gammons", "backgammons"],
        help="the game's scoring options, what the player aims at (winloss backgammons)",
    )
    parser.add_argument("--out", default="gnubg-match", help="the output folder (gnubg-match)")
    parser.add_argument(
        "--combine", nargs="+", metavar="DIR", help="report the games of these runs' folders together, play none"
    )
    parser.add_argument("--gnubg", default=find_gnubg(), help="the gnubg program")
    parser.add_argument("--move-timeout", type=float, default=120.0, help="seconds for one gnubg move (120)")
    args = parser.parse_args(argv)
    name = args.player or list_players("backgammon")[0]
    try:
        player_spec = parse_player(name)
        make_player(player_spec[0], "backgammon", seed=0, **player_spec[1])
    except (ValueError, TypeError) as e:
        parser.error(f"--player: {e}")
    if args.combine:
        report(combine([Path(d) for d in args.combine], args.scoring), name, args.plies)
        return 0
    if not args.gnubg or not os.path.exists(args.gnubg):
        parser.error("gnubg not found: scripts/install-gnubg.sh, or pass --gnubg PATH")
    if args.games < 1 or args.plies < 0 or args.first_game < 0:
        parser.error("--games must be at least 1, --plies and --first-game at least 0")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    mover = GnubgMover(args.gnubg, args.plies, args.move_timeout)
    try:
        for scoring in args.scoring:
            print(f"{name} ({scoring}) against gnubg {args.plies}-ply, {args.games} games, seats alternating")
            games = range(args.first_game, args.first_game + args.games)
            results.append(run_scoring(scoring, player_spec, mover, games, args.seed, out))
    finally:
        mover.close()
    (out / "result.json").write_text(
        json.dumps({"player": name, "seed": args.seed, "gnubg_plies": args.plies, "results": results}, indent=1)
    )
    report(results, name, args.plies)
    return 0


def report(results: Sequence[Dict[str, Any]], name: str, plies: int) -> None:
    """Prints each scoring's figures."""
    for r in results:
        low, high = r["wilson"]
        print(
            f"{r['scoring']}: {name} won {r['wins']} of {r['games']} against gnubg {plies}-ply "
            f"(Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), {r['points_per_game']:+.3f} ± "
            f"{r['points_half_width']:.3f} points per game (gammons and backgammons counted; "
            f"gammons or more won {r['gammons_won']}, lost {r['gammons_lost']}), {r['seconds']:.0f} s"
        )


if __name__ == "__main__":
    sys.exit(main())
