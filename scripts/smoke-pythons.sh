#!/usr/bin/env bash
# Builds the abi3 wheel once and, under every other Python interpreter found
# on PATH (python3.9 to python3.13 by default), installs it into a throwaway
# virtual environment and runs a smoke test (py/tests/smoke.py). Interpreters
# that are not installed are skipped: none is required.
#
#   scripts/smoke-pythons.sh [python3.9 python3.13 ...]
#
# Environment: VENV (default <repo>/.venv), whose maturin builds the wheel.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${VENV:-$root/.venv}"
if [ "$#" -eq 0 ]; then
    set -- python3.9 python3.10 python3.11 python3.12 python3.13
fi

found=()
for py in "$@"; do
    # `command -v` alone is not enough: pyenv installs shims for versions it
    # has but does not select.
    if command -v "$py" >/dev/null && "$py" -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null; then
        found+=("$py")
    else
        echo "skipped $py: not installed"
    fi
done
[ "${#found[@]}" -gt 0 ] || exit 0

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root/py" && "$venv/bin/maturin" build --release --quiet --out "$work/wheels")
wheel=("$work"/wheels/racegames-*.whl)
for py in "${found[@]}"; do
    "$py" -m venv "$work/$py"
    "$work/$py/bin/python" -m pip install --quiet "${wheel[0]}"
    # From the throwaway directory, so that the installed wheel is tested,
    # not the sources.
    (cd "$work" && "$work/$py/bin/python" "$root/py/tests/smoke.py")
done
