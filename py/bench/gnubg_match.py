"""The GNU Backgammon benchmark, in one command (optional; not run in CI).

    python3 py/bench/gnubg_match.py [--games 200] [--seed 1] [--net PATH] [--player NAME]

Plays racegames' strongest backgammon player against gnubg 0-ply, seats
alternating, racegames refereeing, and prints the wins with a Wilson 95%
interval. Needs Debian's ``gnubg`` package (``apt-get install gnubg``) and
cargo. The referee is the ``racegames-train gnubg`` command (a Rust
binary); gnubg runs ``gnubg_server.py`` from this folder and answers each
of its turns with ``findbestmove``.
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=0, help="gnubg's depth (0-ply)")
    parser.add_argument("--net", help="a backgammon net file (default: the shipped net)")
    parser.add_argument("--player", help="the racegames player (default: the strongest)")
    parser.add_argument("--gnubg", default=shutil.which("gnubg") or "/usr/games/gnubg")
    args = parser.parse_args()
    if not os.path.exists(args.gnubg):
        sys.exit("gnubg not found: apt-get install gnubg")
    command = [
        "cargo", "run", "--quiet", "--release", "-p", "racegames-train", "--",
        "gnubg", "--games", str(args.games), "--seed", str(args.seed),
        "--plies", str(args.plies), "--gnubg", args.gnubg,
        "--server", os.path.join(ROOT, "py", "bench", "gnubg_server.py"),
    ]
    if args.net:
        command += ["--net", args.net]
    if args.player:
        command += ["--player", args.player]
    sys.exit(subprocess.call(command, cwd=ROOT))


if __name__ == "__main__":
    main()
