"""Compares the cube decisions of ``racegames.analysis.evaluate`` with GNU
Backgammon's 0-ply cube analysis (``hint`` before the throw), money play,
centred cube, Jacoby rule on.

    python py/bench/cube_vs_gnubg.py --positions 60 --log cube.jsonl

Positions come from ``evaluate_vs_gnubg.positions`` (before a throw, a
third each of contact, race and bear-off), set in
``make_game("backgammon", cube=True, scoring="backgammons")`` with the cube centred and the
player on roll deciding. racegames gives the three cubeful values and the
verdict from the net's chances (one ply deep) by Janowski's model with a cube efficiency
of 0.68 everywhere; gnubg its 0-ply cubeful equities (its own efficiency,
which in races depends on the pip count). Prints the mean absolute
difference of the no-double and double/take values and how often the
proper actions agree. gnubg prints its analysis only to a terminal: it
runs under ``script``, one process per position.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import argparse
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import racegames
from racegames import analysis, gnubg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from evaluate_vs_gnubg import gnubg_terminal_output, kind, positions  # noqa: E402

_NUMBER = r"([-+]?\d+\.\d+)"


def gnubg_cube(binary: str, pid: str, timeout: float = 300.0) -> Dict[str, Any]:
    """gnubg's 0-ply cube analysis of ``pid``, the player on roll to decide."""
    commands = [
        "set threads 1",
        "set cube use on",
        "set jacoby on",
        "new game",
        "set turn 1",
        f"set board {pid}",
        "set evaluation cubedecision evaluation plies 0",
        "hint",
        "quit",
        "y",
    ]
    text = gnubg_terminal_output(binary, commands, timeout)
    found: Dict[str, Any] = {}
    for label, key in (("No double", "no_double"), ("Double, pass", "double_drop"), ("Double, take", "double_take")):
        m = re.search(rf"\d\. {label}\s+{_NUMBER}", text)
        if m:
            found[key] = float(m.group(1))
    action = re.search(r"Proper cube action: ([^\n(]+)", text)
    if len(found) != 3 or not action:
        raise RuntimeError(f"no cube analysis in gnubg's output for {pid}:\n{text[-1500:]}")
    found["action"] = action.group(1).strip()
    return found


def verdict(gnubg_action: str) -> str:
    """gnubg's proper action in racegames' words."""
    a = gnubg_action.lower()
    if a.startswith("too good"):
        return "too good"
    if a.startswith("double, take") or a.startswith("redouble, take"):
        return "double/take"
    if a.startswith("double, pass") or a.startswith("redouble, pass"):
        return "double/drop"
    return "no double"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", help="one JSON line per position, written as it is done")
    args = parser.parse_args(argv)
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None or shutil.which("script") is None:
        print("gnubg (scripts/install-gnubg.sh) and script (util-linux) are needed", file=sys.stderr)
        return 2
    # Gammons and backgammons counted, as gnubg counts them.
    cubeful = racegames.make_game("backgammon", cube=True, scoring="backgammons")
    rows: List[Dict[str, Any]] = []
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    try:
        for state, roller in positions(args.positions, args.seed):
            # The same position with the cube centred, the player on roll deciding.
            try:
                deciding = cubeful.state_from_notation(state.notation() + " 1 ?")
            except ValueError:
                continue
            c = analysis.evaluate(deciding, player="greedy", eval="net").cube
            if c is None or not c.may_double:
                continue
            g = gnubg_cube(binary, gnubg.position_id(state, on_roll=roller))
            row = {
                "kind": kind(state),
                "racegames": [c.no_double, c.double_take, c.double_drop, c.verdict],
                "gnubg": [g["no_double"], g["double_take"], g["double_drop"], verdict(g["action"]), g["action"]],
                "notation": deciding.notation(),
            }
            rows.append(row)
            if log is not None:
                log.write(json.dumps(row) + "\n")
                log.flush()
    finally:
        if log is not None:
            log.close()
    n = max(1, len(rows))
    nd = sum(abs(r["racegames"][0] - r["gnubg"][0]) for r in rows) / n
    dt = sum(abs(r["racegames"][1] - r["gnubg"][1]) for r in rows) / n
    same = sum(r["racegames"][3] == r["gnubg"][3] for r in rows)
    print(
        f"{len(rows)} positions: mean |no double difference| {nd:.4f}, |double/take difference| {dt:.4f}; "
        f"the same proper action in {same} ({100 * same / n:.0f}%)"
    )
    for k in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == k]
        agree = sum(r["racegames"][3] == r["gnubg"][3] for r in mine)
        print(f"  {k:8} {len(mine):3d} positions: {agree} the same action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
