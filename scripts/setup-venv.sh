#!/usr/bin/env bash
# Creates a virtual environment and installs the racegames Python package
# (built from py/ with maturin) with its test, Gymnasium and PettingZoo extras.
#
#   scripts/setup-venv.sh            # .venv at the repository root, `pip install ./py[...]`
#   scripts/setup-venv.sh --develop  # `maturin develop --release` instead (faster rebuilds)
#
# Environment: PYTHON (default python3, >= 3.9), VENV (default <repo>/.venv).
# Needs only Python with venv + pip, and a Rust toolchain (cargo) on PATH.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
venv="${VENV:-$root/.venv}"
mode="install"
for arg in "$@"; do
    case "$arg" in
        --develop) mode="develop" ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

command -v cargo >/dev/null || { echo "cargo not found: install Rust (https://rustup.rs)" >&2; exit 1; }
"$python" -c 'import sys; assert sys.version_info >= (3, 9), "Python >= 3.9 needed"'

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
vpy="$venv/bin/python"
"$vpy" -m pip install --quiet --upgrade pip
"$vpy" -m pip install --quiet "maturin>=1.9,<2"

if [ "$mode" = "develop" ]; then
    # Runtime and test dependencies first, then the package in place.
    "$vpy" -m pip install --quiet numpy "gymnasium>=1.0" "pettingzoo>=1.24" \
        "pytest>=7" "mypy>=1.8" "nbclient>=0.9" "nbformat>=5.9" "ipykernel>=6"
    (cd "$root/py" && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop --release --quiet)
else
    "$vpy" -m pip install --quiet "$root/py[test,gym,pettingzoo]"
fi

"$vpy" -c 'import racegames; print("racegames", racegames.__version__, "games:", ", ".join(racegames.list_games()))'
echo "Virtual environment ready: $venv (run tests with: $venv/bin/python -m pytest py/tests)"
