#!/usr/bin/env bash
# A dry-run publish of every publishable crate together, in dependency order
# (racegames-board, then the rules crates, racegames-draw, racegames-players, racegames-env): cargo
# packages each one and resolves the others from the packages just made; each
# is then built from its package alone, as the registry would get it, when
# its doctests run in the unpacked packages (below). Crates
# with `publish = false` (racegames-py, -examples, -train) are left out by
# cargo. Also checks, first, what the registry checks of each manifest
# (keywords, categories: scripts/check_crate_metadata.py), that each package
# ships both licence texts, identical to the repository's, and, last, that
# each package's doctests pass in the unpacked package
# (scripts/packaged-doctests.sh). Exits non-zero on any error.
#
#   scripts/publish-dry-run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# crate folder:package name, in dependency order.
crates=(
    board-core:racegames-board
    daldos-core:racegames-daldos
    tables-core:racegames-tables
    halma-core:racegames-halma
    draw:racegames-draw
    players:racegames-players
    envs:racegames-env
)

# What the registry refuses (a keyword over 20 characters, an unknown
# category) would stop a real publish halfway through the workspace.
python3 scripts/check_crate_metadata.py

for entry in "${crates[@]}"; do
    dir="${entry%%:*}"
    name="${entry##*:}"
    for licence in LICENSE-MIT LICENSE-APACHE; do
        cmp -s "$licence" "$dir/$licence" || { echo "$dir/$licence differs from ./$licence (or is missing)" >&2; exit 1; }
    done
    list="$(cargo package --list --allow-dirty -p "$name" 2>/dev/null)"
    for licence in LICENSE-MIT LICENSE-APACHE README.md; do
        grep -qx "$licence" <<<"$list" || { echo "$name does not ship $licence" >&2; exit 1; }
    done
done

# cargo unpacks the packages it verifies into a folder named after the
# package folder's path, and reuses what it unpacked before when the version
# is the same: sources of an earlier run would be compiled instead of
# today's. Remove them (only ours, only from these local overlays).
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/racegames-*

# --allow-dirty: this checks the packages, not the working tree (a real
# publish goes without it). --no-verify: each package is built from its
# unpacked sources by the doctests below (their libraries and doctests, with
# the siblings taken from the packages), so cargo's own verification build
# would be a second build of the same sources.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
cargo publish --workspace --dry-run --no-verify --allow-dirty 2>&1 | tee "$log"
for entry in "${crates[@]}"; do
    name="${entry##*:}"
    grep -q "Uploading $name v" "$log" || { echo "the dry run did not reach $name" >&2; exit 1; }
done
# The doctests, as a user of the published crates runs them: a path-only
# dev-dependency that packaging drops fails here.
scripts/packaged-doctests.sh "${crates[@]##*:}"
echo "dry-run publish passed: ${crates[*]##*:}"
