#!/usr/bin/env bash
# The main job: sets everything up, then tours each game.
#   1. a Rust example plays Daldøs between a greedy and a random player,
#      printing the board as it goes and the result;
#   2. the Python package is built into .venv and a Python tour plays a game,
#      prints it and writes the SVG of the final position to out/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

echo "== Rust: a game of Daldøs"
# Not --quiet: the first build takes minutes, and cargo shows each crate.
cargo run --release -p racegames-examples --bin daldos_tour

echo
echo "== Python: building the racegames package"
scripts/setup-venv.sh
mkdir -p out
echo
echo "== Python: a tour"
.venv/bin/python examples/tour.py --quiet --out out/daldos_final.svg
echo
echo "Pictures written to $root/out/"
