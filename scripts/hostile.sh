#!/usr/bin/env bash
# The hostile-input suite (py/tests/hostile): hypothesis feeds every public
# entry point odd values, damaged files and damaged pickles. It runs under
# a memory limit (6 GiB of address space) and a timeout (10 minutes), so
# that an input that grabs memory or hangs fails the run, not the machine.
#
#   scripts/hostile.sh            # with .venv's python (scripts/setup-venv.sh)
#
# Environment: VENV (default <repo>/.venv).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${VENV:-$root/.venv}"
cd "$root"
(
    ulimit -v $((6 * 1024 * 1024))
    exec timeout 600 "$venv/bin/python" -m pytest py/tests/hostile -q -p no:cacheprovider
)
