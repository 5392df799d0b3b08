#!/usr/bin/env bash
# Sets everything up and runs every test and check: formatting, clippy, the
# Rust tests, every feature combination of the rules crates and the no_std
# link check, the Rust of `rust-version`, a dry-run publish of the crates, the
# rustdoc, the release wheel and sdist (built once: the Python tests, the docs
# and the smoke tests under each Python all use that wheel), the Python tests
# (OpenSpiel comparisons included, and GNU Backgammon's where it can be
# installed), then the docs site; last, that the run changed no file git
# tracks and left no new one. Exits non-zero on the first failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# Each step's heading shows the seconds since the start, so that a log tells
# where the time went.
step() { printf '\n== %s (%ds)\n' "$*" "$SECONDS"; }
# One-shot builds: incremental caches and full debug info would only fill the
# disk (a full disk once failed CI) and slow the links; line tables still give
# backtraces their file and line.
export CARGO_INCREMENTAL=0
export CARGO_PROFILE_DEV_DEBUG=line-tables-only
df -h . | tail -1 | awk '{print "disk: " $4 " free of " $2}'
# The tree as the run found it (a clean clone in CI), compared at the end.
tree_before="$(scripts/tree-state.sh)"

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (warnings are errors; clippy.toml: incompatible_msrv over the tests too)"
cargo clippy --workspace --all-targets -- -D warnings

step "Rust tests (cargo nextest where installed, else cargo test)"
if cargo nextest --version >/dev/null 2>&1; then
    # nextest runs the tests of every binary at once; it runs no doctests.
    # No examples: clippy above checked them, and none holds a test.
    cargo nextest run --workspace --lib --bins --tests
else
    cargo test --workspace --lib --bins --tests
fi
# The doctests of the crates that are not published (the publishable ones
# run theirs from their packages, in the dry-run publish below).
cargo test --doc -p racegames-train

step "serde of the rules crates: deserializing validates as parsing does (proptests)"
for crate in racegames-daldos racegames-tables racegames-halma; do
    cargo test --quiet -p "$crate" --features serde --test serde
done

step "Every combination of std, alloc and serde of the rules crates (cargo-hack)"
command -v cargo-hack >/dev/null || cargo install cargo-hack --locked
# No default features is the no_std, allocation-free build. --no-dev-deps:
# the dev-dependencies need std (cargo-hack restores Cargo.toml afterwards).
cargo hack check --feature-powerset --no-dev-deps \
    -p racegames-board -p racegames-daldos -p racegames-tables -p racegames-halma

step "no_std link check (tests/no-std-link)"
cargo build --manifest-path tests/no-std-link/Cargo.toml

step "A crate outside the workspace uses every game's position (tests/downstream)"
cargo run --quiet --manifest-path tests/downstream/Cargo.toml

step "The publishable crates build with their rust-version"
scripts/msrv-check.sh

step "Dry-run publish of the crates, in dependency order"
scripts/publish-dry-run.sh

step "cargo doc (warnings are errors, every intra-doc link resolved)"
scripts/rustdoc.sh

step "The release wheel and the sdist (dist/; manylinux2014, auditwheel, twine --strict)"
# The one release build: maturin builds the wheel from the sdist, so this
# also checks that the sdist builds. Every later step uses this wheel.
scripts/build-wheel.sh
wheel=(dist/racegames-*.whl)

step "The wheel holds the tree's code after a change (two unoptimised builds of a copy of the tree)"
scripts/tests/wheel-from-tree.sh

step "Python package and test dependencies (the wheel just built)"
scripts/setup-venv.sh --wheel "${wheel[0]}"
# The optional comparison group (OpenSpiel, the independent implementation),
# read from py/pyproject.toml so the list lives in one place (tomllib is in
# the standard library from Python 3.11; tomli before).
.venv/bin/python -m pip install --quiet "tomli>=1.1; python_version < '3.11'"
peers=$(.venv/bin/python -c 'import sys; tomllib = __import__("tomllib" if sys.version_info >= (3, 11) else "tomli"); print(" ".join(tomllib.load(open("py/pyproject.toml", "rb"))["project"]["optional-dependencies"]["peers"]))')
scripts/pip-install.sh .venv/bin/python $peers

step "Heavy optional groups: torch, Ray, SB3 (skip with RACEGAMES_SKIP_HEAVY=1)"
if [ "${RACEGAMES_SKIP_HEAVY:-0}" != 1 ]; then
    # The network, not the project, is what fails here: the tests that need
    # these groups skip where they are missing, and the log says so loudly.
    if ! scripts/heavy-deps.sh train rllib sb3; then
        echo "WARNING: the heavy optional groups could not be downloaded;" \
            "the tests in py/tests/heavy that need them will be skipped" >&2
    fi
fi

step "GNU Backgammon for the gnubg tests (Debian's gnubg where apt-get and root or sudo allow; else they skip)"
scripts/install-gnubg.sh

step "Python tests, on two workers (pytest-xdist; the slowest tests listed last)"
# -n 2: the tests are independent and mostly single-threaded, so two workers
# use both cores of a small machine. Each row of progress dots ends with the
# share done. The heavy tests run apart, below, after them.
PYTHONUNBUFFERED=1 .venv/bin/python -m pytest py/tests --ignore=py/tests/hostile \
    --ignore=py/tests/heavy --ignore=py/tests/web -n 2 --durations=15

step "Heavy Python tests: training with torch, Ray, SB3 (skipped where a group is missing)"
# One worker: each training uses both cores (--threads 2), and on a loaded
# machine a second worker costs more CPU (another torch import) than it saves.
PYTHONUNBUFFERED=1 .venv/bin/python -m pytest py/tests/heavy --durations=5

step "Hostile input: hypothesis over every entry point, under a memory limit and a timeout"
scripts/hostile.sh

step "Docs site (mkdocs, strict)"
scripts/docs.sh

step "The browser package and play page (web/, its own workspace): fmt, the package built, clippy and its tests, then the browser tests in headless Chromium"
# After the docs site: its build empties site/, where the play page goes.
cargo fmt --manifest-path web/Cargo.toml --check
VENV=.venv scripts/web-tests.sh
cargo clippy --manifest-path web/Cargo.toml --target wasm32-unknown-unknown --all-targets -- -D warnings
cargo test --quiet --manifest-path web/Cargo.toml --release

step "The wheel in clean virtual environments: python3 and the other Pythons installed (3.9 ... 3.13)"
WHEEL="${wheel[0]}" scripts/smoke-pythons.sh

step "The run left the tree as it found it (git status, ignored files aside)"
tree_after="$(scripts/tree-state.sh)"
if [ "$tree_before" != "$tree_after" ]; then
    echo "the run changed the tree (before, then after):" >&2
    diff <(echo "$tree_before") <(echo "$tree_after") >&2 || true
    exit 1
fi
echo "every check passed in ${SECONDS}s"
