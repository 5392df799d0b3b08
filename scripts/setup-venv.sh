#!/usr/bin/env bash
# Creates a virtual environment and installs the racegames Python package
# (built from py/ with maturin) with its test, Gymnasium and PettingZoo extras.
#
#   scripts/setup-venv.sh              # .venv at the repository root: the wheel built from py/, installed with the extras
#   scripts/setup-venv.sh --develop    # `maturin develop --release` instead (faster rebuilds)
#   scripts/setup-venv.sh --wheel W    # install the wheel W (scripts/build-wheel.sh) with the extras
#
# Environment: PYTHON (default python3, >= 3.9), VENV (default <repo>/.venv).
# Needs only Python with venv + pip, and a Rust toolchain (cargo) on PATH.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
venv="${VENV:-$root/.venv}"
mode="install"
wheel=""
while [ "$#" -gt 0 ]; do
    case "$1" in
        --develop) mode="develop"; shift ;;
        --wheel) mode="wheel"; wheel="${2:?--wheel needs a path}"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

command -v cargo >/dev/null || { echo "cargo not found: install Rust (https://rustup.rs)" >&2; exit 1; }
"$python" -c 'import sys; assert sys.version_info >= (3, 9), "Python >= 3.9 needed"'

if [ ! -x "$venv/bin/python" ]; then
    echo "setup-venv: creating $venv"
    "$python" -m venv "$venv"
fi
vpy="$venv/bin/python"
echo "setup-venv: pip and maturin"
"$vpy" -m pip install --quiet --upgrade pip
"$vpy" -m pip install --quiet "maturin>=1.9,<2"

if [ "$mode" = "develop" ]; then
    # Runtime and test dependencies first, then the package in place.
    "$vpy" -m pip install --quiet numpy "gymnasium>=1.0" "pettingzoo>=1.24" \
        "pytest>=7" "mypy>=1.8" "nbclient>=0.9" "nbformat>=5.9" "ipykernel>=6" "hypothesis>=6" "tqdm>=4.60"
    (cd "$root/py" && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop --release --quiet)
elif [ "$mode" = "wheel" ]; then
    # --force-reinstall --no-deps first: the same version may already be
    # installed (an earlier wheel, or `maturin develop`).
    "$vpy" -m pip install --quiet --force-reinstall --no-deps "$wheel"
    "$vpy" -m pip install --quiet "$wheel[test,gym,pettingzoo]"
else
    # maturin builds the wheel in sight (cargo prints a line per crate: the
    # release build takes minutes, during which `pip install ./py` printed
    # nothing), then pip installs it with the extras.
    echo "setup-venv: building the package (cargo, release profile: minutes the first time)"
    wheels="$(mktemp -d)"
    trap 'rm -rf "$wheels"' EXIT
    (cd "$root/py" && PATH="$venv/bin:$PATH" "$venv/bin/maturin" build --release --out "$wheels")
    built=("$wheels"/racegames-*.whl)
    echo "setup-venv: installing it with the test, Gymnasium and PettingZoo extras"
    "$vpy" -m pip install --quiet --force-reinstall --no-deps "${built[0]}"
    "$vpy" -m pip install --quiet "${built[0]}[test,gym,pettingzoo]"
fi

"$vpy" -c 'import racegames; print("racegames", racegames.__version__, "games:", ", ".join(racegames.list_games()))'
echo "Virtual environment ready: $venv (run tests with: $venv/bin/python -m pytest py/tests)"
