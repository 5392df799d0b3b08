"""Compares ``racegames.analysis.analyse`` with GNU Backgammon's
``analyse game`` on the same games: each side's error rate by each, and
their correlation.

    python py/bench/analyse_vs_gnubg.py --games 20 --plies 0 --out analyse-vs-gnubg

Plays ``--games`` games of backgammon (``scoring="backgammons"``: the
returns are gnubg's cubeless money equity) between two racegames players
of different strength, ``greedy`` (the hand-written evaluation) as A and
``expectimax`` as B, seeded; writes them as a gnubg match file and has gnubg
analyse every game, cubeless, its checker play at ``--plies``
(``py/scripts/gnubg_error_rate.py``'s ``analyse``); analyses the same games
with ``racegames.analysis.analyse`` (``greedy`` over the shipped net, 0-ply,
unless ``--player`` says otherwise). Error rates are in milli-points per
decision with a choice (gnubg: mEMG per unforced move). Prints each side's
rate by each analyser over all games, and the Pearson correlation of the
per-game rates (both sides of every game). One JSON line per game goes to
``DIR/per_game.jsonl`` as it is analysed by racegames.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import racegames
from racegames import analysis, gnubg
from racegames.players import make_player

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "scripts"))
from gnubg_error_rate import analyse as gnubg_analyse  # type: ignore[import-not-found]  # noqa: E402
from gnubg_error_rate import parse_statistics  # type: ignore[import-not-found]  # noqa: E402

NAMES = ("greedy", "expectimax")


def play(game: racegames.Game, seed: int) -> List[int]:
    """One game, greedy (hand-written evaluation) as A and expectimax as B; every action id, chance included."""
    bots = [make_player(name, game, seed=seed + i) for i, name in enumerate(NAMES)]
    rng = random.Random(f"analyse-vs-gnubg:{seed}")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(bots[state.current_player()](state))
    return state.history()


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy) if sx > 0 and sy > 0 else float("nan")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=0, help="gnubg's checker-play plies in its analysis (0)")
    parser.add_argument("--player", default="greedy", help="racegames' analysis player (greedy, with eval=net)")
    parser.add_argument("--depth", type=int, default=None, help="expectimax's depth when --player expectimax")
    parser.add_argument("--out", default="analyse-vs-gnubg")
    args = parser.parse_args(argv)
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None:
        print("gnubg not found: install it (scripts/install-gnubg.sh)", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    game = racegames.make_game("backgammon", scoring="backgammons")
    games = [play(game, args.seed + 2 * g) for g in range(args.games)]
    mat = out / "match.mat"
    gnubg.write_match(games, mat, game, names=NAMES)
    text, stats = gnubg_analyse(binary, mat, args.plies, out, len(games), 1800.0)
    totals = parse_statistics(text)
    # gnubg's columns: X is the left-hand player of the file (A, the first name).
    sides = {"X": 0, "O": 1} if totals[0]["name"] == NAMES[0] else {"X": 1, "O": 0}
    params: Dict[str, Any] = {"eval": "net"} if args.player == "greedy" else {}
    if args.depth is not None:
        params["depth"] = args.depth
    ours: List[List[float]] = []
    theirs: List[List[float]] = []
    sums = {"ours": [[0.0, 0], [0.0, 0]], "theirs": [[0.0, 0], [0.0, 0]]}
    with open(out / "per_game.jsonl", "w", encoding="utf-8") as log:
        for g, actions in enumerate(games):
            state = game.new_initial_state()
            for a in actions:
                state.apply_action(a)
            review = analysis.analyse(state, player=args.player, **params)
            mine = [1000 * r for r in review.error_rates]
            gn = [0.0, 0.0]
            for side, seat in sides.items():
                moves = stats["games"][g][side]
                unforced = moves["unforced-moves"]
                gn[seat] = 1000 * abs(moves["error-skill"]) / unforced if unforced else 0.0
                sums["theirs"][seat][0] += abs(moves["error-skill"])
                sums["theirs"][seat][1] += unforced
            for seat in range(2):
                sums["ours"][seat][0] += review.error_rates[seat] * review.choices[seat]
                sums["ours"][seat][1] += review.choices[seat]
            ours.append(mine)
            theirs.append(gn)
            log.write(json.dumps({"game": g, "racegames": mine, "gnubg": gn, "choices": review.choices}) + "\n")
            log.flush()
    xs = [v for row in ours for v in row]
    ys = [v for row in theirs for v in row]
    print(
        f"{len(games)} games, gnubg {args.plies}-ply against racegames {args.player} {params or ''}: "
        f"({time.perf_counter() - start:.0f} s)"
    )
    for seat, name in enumerate(NAMES):
        o, t = sums["ours"][seat], sums["theirs"][seat]
        print(
            f"  {name:10} (seat {'AB'[seat]}): racegames {1000 * o[0] / max(1, o[1]):.1f} mpt over {o[1]} decisions, "
            f"gnubg {1000 * t[0] / max(1, t[1]):.1f} mEMG over {t[1]} unforced moves"
        )
    print(f"  correlation of the per-game rates ({len(xs)} pairs): {pearson(xs, ys):.3f}")
    for seat, name in enumerate(NAMES):
        print(f"    {name}: {pearson([r[seat] for r in ours], [r[seat] for r in theirs]):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
