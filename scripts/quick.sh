#!/usr/bin/env bash
# The quick check of a small change, for contributors: a few minutes where
# the full test command (scripts/test.sh) takes half an hour.
#   1. cargo fmt --check;
#   2. clippy (warnings are errors) and the tests (cargo nextest where
#      installed, else cargo test) of the crates the change touches;
#   3. where the change touches py/ or a crate the Python package builds on:
#      `maturin develop --profile quick` into the venv, then the Python tests
#      of the modules changed and a fast core (the contract, errors, packaging).
# The change is what `git diff BASE` and the untracked files show, BASE
# being HEAD (the uncommitted change) unless given:
#   scripts/quick.sh                # the uncommitted change
#   scripts/quick.sh --base main    # everything since main
# Environment: VENV (default <repo>/.venv, made by scripts/setup-venv.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
base=HEAD
while [ "$#" -gt 0 ]; do
    case "$1" in
        --base) base="${2:?--base needs a revision}"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
venv="${VENV:-$root/.venv}"
step() { printf '\n== %s (%ds)\n' "$*" "$SECONDS"; }

changed="$( (git diff --name-only "$base" --; git ls-files --others --exclude-standard) | sort -u)"
if [ -z "$changed" ]; then
    echo "quick: no change against $base"
    exit 0
fi

step "cargo fmt --check"
cargo fmt --all --check

# The workspace's crates whose folder holds a changed file (cargo metadata
# names them), and whether the Python package is touched.
read -r crates python < <(python3 - "$changed" <<'EOF'
import json, subprocess, sys
from pathlib import Path
meta = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"],
                                 capture_output=True, check=True, text=True).stdout)
root = Path(meta["workspace_root"])
dirs = {Path(p["manifest_path"]).parent.relative_to(root).as_posix(): p["name"] for p in meta["packages"]}
files = [f for f in sys.argv[1].splitlines() if f]
# py/ is a crate for its Rust (py/src, py/Cargo.toml) only.
rust = [f for f in files if not f.startswith("py/") or f.startswith("py/src/") or f == "py/Cargo.toml"]
crates = sorted({name for f in rust for d, name in dirs.items() if f.startswith(d + "/")})
# The Python package builds on every crate but the examples and train.
native = {"racegames-board", "racegames-daldos", "racegames-tables", "racegames-halma",
          "racegames-players", "racegames-env", "racegames-py"}
python = any(f.startswith("py/") for f in files) or bool(native & set(crates))
print(",".join(crates) or "-", "yes" if python else "no")
EOF
)

if [ "$crates" != "-" ]; then
    packages=()
    for crate in ${crates//,/ }; do packages+=(-p "$crate"); done
    step "clippy of ${crates//,/, }"
    cargo clippy "${packages[@]}" --all-targets -- -D warnings
    step "Rust tests of ${crates//,/, }"
    if cargo nextest --version >/dev/null 2>&1; then
        # --no-tests=pass: a crate may have no tests of its own.
        cargo nextest run "${packages[@]}" --no-tests=pass
    else
        cargo test "${packages[@]}"
    fi
fi

if [ "$python" = yes ]; then
    [ -x "$venv/bin/python" ] || { echo "no venv at $venv: run scripts/setup-venv.sh once first" >&2; exit 1; }
    step "maturin develop --profile quick (into $venv)"
    (cd py && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" "$venv/bin/maturin" develop --profile quick)
    # The tests of the changed modules (py/python/racegames/NAME.py ->
    # py/tests/test_NAME*.py), the changed tests, and a fast core.
    tests=(py/tests/test_contract.py py/tests/test_errors.py py/tests/test_package.py)
    while read -r f; do
        case "$f" in
            py/python/racegames/*.py)
                name="$(basename "$f" .py)"; name="${name#_}"
                for t in py/tests/test_"$name"*.py; do [ -f "$t" ] && tests+=("$t"); done ;;
            py/tests/test_*.py) [ -f "$f" ] && tests+=("$f") ;;
        esac
    done <<<"$changed"
    step "Python tests: ${tests[*]}"
    "$venv/bin/python" -m pytest -q -x --durations=5 $(printf '%s\n' "${tests[@]}" | sort -u)
fi
step "quick: done"
