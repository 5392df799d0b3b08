#!/usr/bin/env bash
# Sets everything up and runs every test and check: formatting, clippy, the
# Rust tests, the no_std builds and link check, the rustdoc, the Python
# package with its tests (OpenSpiel comparisons included), then the docs
# site. Exits non-zero on the first failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "Rust tests"
cargo test --workspace

step "no_std builds of the rules crates"
for crate in racegames-board racegames-daldos racegames-tables racegames-halma; do
    cargo build --quiet -p "$crate" --no-default-features
done

step "no_std link check (tests/no-std-link)"
cargo build --manifest-path tests/no-std-link/Cargo.toml

step "cargo doc (warnings are errors, every intra-doc link resolved)"
scripts/rustdoc.sh

step "Python package and test dependencies"
scripts/setup-venv.sh
# The optional comparison group (OpenSpiel, the independent implementation),
# read from py/pyproject.toml so the list lives in one place (tomllib is in
# the standard library from Python 3.11; tomli before).
.venv/bin/python -m pip install --quiet "tomli>=1.1; python_version < '3.11'"
peers=$(.venv/bin/python -c 'import sys; tomllib = __import__("tomllib" if sys.version_info >= (3, 11) else "tomli"); print(" ".join(tomllib.load(open("py/pyproject.toml", "rb"))["project"]["optional-dependencies"]["peers"]))')
.venv/bin/python -m pip install --quiet $peers

step "Heavy optional groups: torch, Ray, SB3 (skip with RACEGAMES_SKIP_HEAVY=1)"
if [ "${RACEGAMES_SKIP_HEAVY:-0}" != 1 ]; then
    scripts/heavy-deps.sh train rllib sb3
fi

step "Python tests"
.venv/bin/python -m pytest py/tests -q

step "Docs site (mkdocs, strict)"
scripts/docs.sh

step "The wheel under the other Pythons installed (python3.9 ... python3.13)"
scripts/smoke-pythons.sh
