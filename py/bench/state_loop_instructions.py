#!/usr/bin/env python3
"""Instructions per decision of bench.py's ``State`` loop (``random_play``),
counted by callgrind: steady whatever the machine's load, so a change of a
few percent shows where the wall clock cannot.

The loop runs twice under ``valgrind --tool=callgrind``, for ``--decisions``
and three times as many; the difference of the two runs, divided by the
extra decisions, is the loop's cost without the interpreter's start and the
imports. Printed: the total, then the functions costing most (inclusive
with ``--inclusive``). ``--impl openspiel`` runs the same loop over
OpenSpiel's states; ``--impl pyo3-floor`` over a stand-in state that does
no work, built with the extension's pyo3 and ABI (``py/bench/pyo3_floor``:
what pyo3's glue costs alone), and ``pyo3-floor-copy`` the same with each
list copied in C instead of built item by item.

    python py/bench/state_loop_instructions.py --game chinese_checkers [--decisions 10000]
    python py/bench/state_loop_instructions.py --game backgammon --impl openspiel --inclusive
    maturin develop --release -m py/bench/pyo3_floor/Cargo.toml
    python py/bench/state_loop_instructions.py --impl pyo3-floor

Symbols: build the extension unstripped to see its functions by name
(``CARGO_PROFILE_QUICK_STRIP=none maturin develop --profile quick``).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, Tuple

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def loop(new_state: Callable[[], Any], decisions: int) -> Tuple[int, int]:
    """bench.py's ``random_play`` loop, stopped after whole games once
    ``decisions`` are played."""
    rng = random.Random(0)
    n = 0
    games = 0
    while n < decisions:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                n += 1
        games += 1
    return n, games


def run_loop(impl: str, game: str, decisions: int) -> None:
    if impl == "racegames":
        import racegames

        new_state = racegames.make_game(game).new_initial_state
    elif impl.startswith("pyo3-floor"):
        try:
            import pyo3floor
        except ImportError:
            sys.exit("build the stand-in first: maturin develop --release -m py/bench/pyo3_floor/Cargo.toml")
        copy = impl == "pyo3-floor-copy"

        def new_state() -> Any:
            return pyo3floor.FloorState(copy)
    else:
        import pyspiel

        new_state = pyspiel.load_game(game).new_initial_state
    n, games = loop(new_state, decisions)
    print(f"{n} {games}")


def profile(impl: str, game: str, decisions: int, out: Path) -> Tuple[int, int]:
    """Runs the loop under callgrind; returns (decisions played, games)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
         sys.executable, __file__, "--child", "--impl", impl, "--game", game,
         "--decisions", str(decisions)],
        capture_output=True, text=True, check=True,
    )
    n, games = done.stdout.split()[-2:]
    return int(n), int(games)


def counts(path: Path, inclusive: bool) -> Tuple[int, Dict[str, int]]:
    """The program's total and each function's count."""
    text = subprocess.run(
        ["callgrind_annotate", "--threshold=100", f"--inclusive={'yes' if inclusive else 'no'}",
         str(path)],
        capture_output=True, text=True, check=True,
    ).stdout
    total = 0
    by_name: Dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(.*)", line)
        if not m:
            continue
        value, name = int(m.group(1).replace(",", "")), m.group(2)
        if "PROGRAM TOTALS" in name:
            total = value
            continue
        name = re.sub(r"\s*\[.*\]$", "", name)  # the object file
        if re.search(r"'\d+$", name):
            continue  # a recursion level ('2): counted in the first
        name = re.sub(r"^.*/(?=[^/]+:)", "", name)
        by_name[name] = by_name.get(name, 0) + value
    return total, by_name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="chinese_checkers")
    ap.add_argument("--impl", choices=["racegames", "openspiel", "pyo3-floor", "pyo3-floor-copy"], default="racegames")
    ap.add_argument("--decisions", type=int, default=10000)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--inclusive", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        run_loop(args.impl, args.game, args.decisions)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "small", Path(tmp) / "big"
        n1, g1 = profile(args.impl, args.game, args.decisions, small)
        n2, g2 = profile(args.impl, args.game, 3 * args.decisions, big)
        (t1, c1), (t2, c2) = counts(small, args.inclusive), counts(big, args.inclusive)
    extra = n2 - n1
    print(f"{args.impl} {args.game}: {extra} decisions in {g2 - g1} games; "
          f"{(t2 - t1) / extra:,.0f} instructions per decision")
    rows = sorted(((c2.get(k, 0) - c1.get(k, 0)) / extra, k) for k in set(c1) | set(c2))
    for value, name in reversed(rows[-args.top:]):
        print(f"{value:10,.0f}  {name[:140]}")


if __name__ == "__main__":
    main()
