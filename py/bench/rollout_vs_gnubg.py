"""Compares ``racegames.analysis.rollout`` with GNU Backgammon's rollouts
of the same positions, cubeless, with the same number of trials.

    python py/bench/rollout_vs_gnubg.py --positions 50 --trials 324 --log rollouts.jsonl

Positions come from ``evaluate_vs_gnubg.positions`` (seeded self-play
games of backgammon, before a throw, a third each of contact, race and
bear-off). racegames rolls each out with ``greedy`` over the shipped net
(0-ply checker play) in the game ``make_game("backgammon",
scoring="backgammons")``, whose returns are gnubg's cubeless equity
(gammons and backgammons counted), on one thread; gnubg with ``set rollout
trials N``, ``cubeful off``, 0-ply checker play, its default variance
reduction and quasi-random dice, seeded per position. The equity compared
is that of the side on roll; each side's standard error is its own
(racegames' as if the trials were independent, gnubg's the one it prints).
A position agrees where the difference is within two combined standard
errors, ``2 sqrt(se1^2 + se2^2)``; the goal is 90% of the positions.

gnubg prints a rollout's results only to a terminal, so it runs under
``script`` (util-linux), one process per position, and its output is read
for the ``Current Position`` lines. One line per position goes to
``--log`` as it is done.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import racegames
from racegames import analysis, gnubg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from evaluate_vs_gnubg import gnubg_terminal_output, kind, positions  # noqa: E402

_FLOAT = r"[-+]?\d+\.\d+"


def gnubg_rollout(binary: str, pid: str, trials: int, seed: int, timeout: float) -> Tuple[float, float, List[float]]:
    """gnubg's cubeless rollout of the position ``pid`` (the player on roll
    to throw): (equity, its standard error, the five chances)."""
    commands = [
        "set threads 1",
        f"set rollout trials {trials}",
        "set rollout cubeful off",
        "set rollout chequerplay plies 0",
        "set rollout chequerplay cubeful off",
        f"set rollout seed {seed}",
        "new game",
        "set turn 1",
        f"set board {pid}",
        "rollout",
        "quit",
        "y",
    ]
    text = gnubg_terminal_output(binary, commands, timeout)
    # The last block: gnubg prints the figures as the trials go.
    blocks = list(re.finditer(
        r"Current Position:\s*\n\s*"
        + r"\s+".join([f"({_FLOAT})"] * 3)
        + r"\s+-\s+"
        + r"\s+".join([f"({_FLOAT})"] * 3)
        + rf"\s+CL\s+({_FLOAT})\s*\n\s*\[\s*"
        + r"\s+".join([_FLOAT] * 3)
        + r"\s+-\s+"
        + r"\s+".join([_FLOAT] * 3)
        + rf"\s+CL\s+({_FLOAT})\s*\]",
        text,
    ))
    found = blocks[-1] if blocks else None
    if found is None:
        raise RuntimeError(f"no rollout result in gnubg's output for {pid}:\n{text[-2000:]}")
    win, wg, wbg, lose, lg, lbg, eq, se = (float(g) for g in found.groups())
    if abs(win + lose - 1) > 0.01:
        raise RuntimeError(f"gnubg's chances do not add up for {pid}: {found.group(0)}")
    return eq, se, [win, wg, wbg, lg, lbg]


def scored(state: racegames.State) -> racegames.State:
    """The same position in the game whose returns count gammons and backgammons."""
    game = racegames.make_game("backgammon", scoring="backgammons")
    out = game.new_initial_state()
    for action in state.history():
        out.apply_action(action)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--trials", type=int, default=324, help="trials of each rollout, both sides (324)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", help="one JSON line per position, written as it is done")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds for one gnubg rollout")
    args = parser.parse_args(argv)
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None or shutil.which("script") is None:
        print("gnubg (scripts/install-gnubg.sh) and script (util-linux) are needed", file=sys.stderr)
        return 2
    chosen = positions(args.positions, args.seed)
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    within = 0
    rows: List[Dict[str, Any]] = []
    start = time.perf_counter()
    try:
        for k, (state, roller) in enumerate(chosen):
            ours = analysis.rollout(
                scored(state), trials=args.trials, seed=args.seed + k, player="greedy", threads=1, eval="net"
            )
            eq, se, chances = gnubg_rollout(
                binary, gnubg.position_id(state, on_roll=roller), args.trials, args.seed + k, args.timeout
            )
            diff = ours.values[roller] - eq
            bound = 2 * math.hypot(ours.stderr[roller], se)
            ok = abs(diff) <= bound
            within += ok
            row = {
                "kind": kind(state),
                "racegames": ours.values[roller],
                "racegames_se": ours.stderr[roller],
                "gnubg": eq,
                "gnubg_se": se,
                "gnubg_chances": chances,
                "diff": diff,
                "within": ok,
                "notation": state.notation(),
            }
            rows.append(row)
            if log is not None:
                log.write(json.dumps(row) + "\n")
                log.flush()
    finally:
        if log is not None:
            log.close()
    n = len(rows)
    print(
        f"{n} positions, {args.trials} trials each, seed {args.seed}: {within} ({100 * within / max(1, n):.0f}%) "
        f"within two combined standard errors; mean |difference| "
        f"{sum(abs(r['diff']) for r in rows) / max(1, n):.4f}, mean difference "
        f"{sum(r['diff'] for r in rows) / max(1, n):+.4f}; mean standard error racegames "
        f"{sum(r['racegames_se'] for r in rows) / max(1, n):.4f}, gnubg {sum(r['gnubg_se'] for r in rows) / max(1, n):.4f}"
        f" ({time.perf_counter() - start:.0f} s)"
    )
    for k in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == k]
        print(f"  {k:8} {len(mine):3d} positions: {sum(r['within'] for r in mine)} within")
    return 0


if __name__ == "__main__":
    sys.exit(main())
