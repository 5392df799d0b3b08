"""Compares ``racegames.analysis.analyse`` with GNU Backgammon's
``analyse game`` on the same games: each side's error rate by each, and
their correlation.

    python py/bench/analyse_vs_gnubg.py --games 20 --plies 0 --out analyse-vs-gnubg
    python py/bench/analyse_vs_gnubg.py --games 20 --plies 2 --out analyse2 --resume

Plays ``--games`` games of backgammon (``scoring="backgammons"``: the
returns are gnubg's cubeless money equity) between two racegames players
of different strength, ``greedy`` (the hand-written evaluation) as A and
``expectimax`` as B, seeded; writes them as a gnubg match file and has gnubg
analyse every game, cubeless, its checker play at ``--plies``
(``py/scripts/gnubg_error_rate.py``'s ``analyse``, gnubg's own analysis
move filters); analyses the same games with ``racegames.analysis.analyse``
at the same depth: gnubg's *n*-ply values each play by the position ``n``
throws after it, which is ``greedy`` over the shipped net for 0-ply and
``expectimax`` at ``depth=n + 1`` above (expectimax's depth counts the play
itself: depth 1 values each play by the evaluation, as greedy does).
``--player`` and ``--depth`` choose another racegames analysis. Error
rates are in milli-points per decision with a choice (gnubg: mEMG per
unforced move). Prints each side's rate by each analyser over the games
both have analysed, and the Pearson correlation of the per-game rates
(both sides of every game).

gnubg runs beside racegames' analysis. Everything is kept in ``--out`` as
it is done: the games (``games.json``), the match file, gnubg's figures
(``gnubg-Nply.json``) and one JSON line per game analysed by racegames
(``racegames-PLAYER-dD.jsonl``); ``--resume`` keeps what is there, and
``--summary`` prints the figures from it without analysing anything.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

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


def racegames_setting(plies: int, player: Optional[str], depth: Optional[int]) -> Tuple[str, Dict[str, Any]]:
    """racegames' analysis player and options equivalent to gnubg's ``plies`` (unless told otherwise)."""
    name = player or ("greedy" if plies == 0 else "expectimax")
    if name == "greedy":
        return name, {"eval": "net"}
    return name, {"depth": depth if depth is not None else plies + 1}


def games_of(out: Path, count: int, seed: int, game: racegames.Game) -> List[List[int]]:
    """The games, played once and kept in ``out/games.json``."""
    saved = out / "games.json"
    if saved.exists():
        kept = json.loads(saved.read_text())
        if kept["seed"] == seed and len(kept["games"]) >= count:
            return [list(g) for g in kept["games"][:count]]
    games = [play(game, seed + 2 * g) for g in range(count)]
    saved.write_text(json.dumps({"seed": seed, "games": games}))
    return games


def gnubg_rates(stats: Dict[str, Any], totals: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Per game, each seat's gnubg error (EMG) and unforced moves, by racegames seat."""
    # gnubg's columns: X is the left-hand player of the file (A, the first name).
    sides = {"X": 0, "O": 1} if totals[0]["name"] == NAMES[0] else {"X": 1, "O": 0}
    rows = []
    for per_game in stats["games"]:
        row: Dict[str, Any] = {"error": [0.0, 0.0], "unforced": [0, 0]}
        for side, seat in sides.items():
            row["error"][seat] = abs(per_game[side]["error-skill"])
            row["unforced"][seat] = per_game[side]["unforced-moves"]
        rows.append(row)
    return rows


def summary(out: Path, plies: int, name: str, params: Dict[str, Any], games: int) -> int:
    """Prints the figures over the games both have analysed so far."""
    gnubg_file = out / f"gnubg-{plies}ply.json"
    ours_file = out / f"racegames-{name}-d{params.get('depth', 0)}.jsonl"
    if not gnubg_file.exists() or not ours_file.exists():
        print(f"not yet: {gnubg_file.name} {'found' if gnubg_file.exists() else 'missing'}, "
              f"{ours_file.name} {'found' if ours_file.exists() else 'missing'}")
        return 1
    theirs_rows = json.loads(gnubg_file.read_text())["rates"]
    ours_rows = {}
    for line in ours_file.read_text().splitlines():
        row = json.loads(line)
        ours_rows[row["game"]] = row
    done = sorted(g for g in ours_rows if g < min(games, len(theirs_rows)))
    if not done:
        print("no game analysed by both yet")
        return 1
    ours: List[List[float]] = []
    theirs: List[List[float]] = []
    sums = {"ours": [[0.0, 0], [0.0, 0]], "theirs": [[0.0, 0], [0.0, 0]]}
    for g in done:
        mine, gn = ours_rows[g], theirs_rows[g]
        ours.append(mine["racegames"])
        theirs.append([1000 * e / u if u else 0.0 for e, u in zip(gn["error"], gn["unforced"])])
        for seat in range(2):
            sums["ours"][seat][0] += mine["racegames"][seat] / 1000 * mine["choices"][seat]
            sums["ours"][seat][1] += mine["choices"][seat]
            sums["theirs"][seat][0] += gn["error"][seat]
            sums["theirs"][seat][1] += gn["unforced"][seat]
    xs = [v for row in ours for v in row]
    ys = [v for row in theirs for v in row]
    print(f"{len(done)} of {games} games, gnubg {plies}-ply against racegames {name} {params}:")
    for seat, player in enumerate(NAMES):
        o, t = sums["ours"][seat], sums["theirs"][seat]
        print(
            f"  {player:10} (seat {'AB'[seat]}): racegames {1000 * o[0] / max(1, o[1]):.1f} mpt over {o[1]} decisions, "
            f"gnubg {1000 * t[0] / max(1, t[1]):.1f} mEMG over {t[1]} unforced moves"
        )
    print(f"  correlation of the per-game rates ({len(xs)} pairs): {pearson(xs, ys):.3f}")
    for seat, player in enumerate(NAMES):
        print(f"    {player}: {pearson([r[seat] for r in ours], [r[seat] for r in theirs]):.3f}")
    seconds = [ours_rows[g].get("seconds", 0.0) for g in done]
    print(f"  racegames' analysis: {sum(seconds) / len(seconds):.0f} s a game")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=0, help="gnubg's checker-play plies in its analysis (0)")
    parser.add_argument(
        "--player", default=None, help="racegames' analysis player (greedy with eval=net at 0-ply, else expectimax)"
    )
    parser.add_argument(
        "--depth", type=int, default=None, help="expectimax's depth (gnubg's plies + 1, its equivalent)"
    )
    parser.add_argument("--out", default="analyse-vs-gnubg")
    parser.add_argument("--resume", action="store_true", help="keep the games and figures already in --out")
    parser.add_argument("--summary", action="store_true", help="print the figures in --out and stop")
    args = parser.parse_args(argv)
    out = Path(args.out)
    name, params = racegames_setting(args.plies, args.player, args.depth)
    if args.summary:
        return summary(out, args.plies, name, params, args.games)
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None:
        print("gnubg not found: install it (scripts/install-gnubg.sh)", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    game = racegames.make_game("backgammon", scoring="backgammons")
    if not args.resume:
        for old in (out / "games.json", out / f"gnubg-{args.plies}ply.json"):
            old.unlink(missing_ok=True)
    games = games_of(out, args.games, args.seed, game)
    gnubg_file = out / f"gnubg-{args.plies}ply.json"
    failed: List[BaseException] = []

    def run_gnubg() -> None:
        try:
            mat = out / "match.mat"
            gnubg.write_match(games, mat, game, names=NAMES)
            clock = time.perf_counter()
            text, stats = gnubg_analyse(binary, mat, args.plies, out, len(games), 1800.0)
            rates = gnubg_rates(stats, parse_statistics(text))
            gnubg_file.write_text(json.dumps({"rates": rates, "seconds": time.perf_counter() - clock}))
        except BaseException as e:  # reported after racegames' analysis
            failed.append(e)

    helper = None
    if not gnubg_file.exists():
        helper = threading.Thread(target=run_gnubg, daemon=True)
        helper.start()
    ours_file = out / f"racegames-{name}-d{params.get('depth', 0)}.jsonl"
    done = set()
    if args.resume and ours_file.exists():
        done = {json.loads(line)["game"] for line in ours_file.read_text().splitlines()}
    with open(ours_file, "a" if args.resume else "w", encoding="utf-8") as log:
        for g, actions in enumerate(games):
            if g in done:
                continue
            state = game.new_initial_state()
            for a in actions:
                state.apply_action(a)
            clock = time.perf_counter()
            review = analysis.analyse(state, player=name, **params)
            row = {
                "game": g,
                "racegames": [1000 * r for r in review.error_rates],
                "choices": review.choices,
                "seconds": round(time.perf_counter() - clock, 1),
            }
            log.write(json.dumps(row) + "\n")
            log.flush()
    if helper is not None:
        helper.join()
    if failed:
        raise failed[0]
    print(f"({time.perf_counter() - start:.0f} s)")
    return summary(out, args.plies, name, params, args.games)


if __name__ == "__main__":
    sys.exit(main())
