#!/usr/bin/env bash
# The doctests of each publishable crate as the registry would ship it:
# packages every crate (`cargo package`, without building), unpacks the
# packages side by side into a scratch workspace whose [patch] finds each
# crate's siblings among them (as the registry would), and runs
# `cargo test --doc` there. A doctest that needs what packaging drops (a
# path-only dev-dependency) fails here, not in a user's clone of the crate.
# One build of the dependencies for all the crates, in a target folder of its
# own under the workspace's (kept between runs, so a second run is quick).
# Exits non-zero on any error. scripts/publish-dry-run.sh runs it.
#
#   scripts/packaged-doctests.sh [PACKAGE...]   # default: every publishable crate
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [[ $# -gt 0 ]]; then
    names=("$@")
else
    names=(racegames-board racegames-daldos racegames-tables racegames-halma racegames-draw racegames-players racegames-env)
fi
metadata="$(cargo metadata --no-deps --format-version 1)"
target_dir="$(python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])' <<<"$metadata")"
version="$(python3 -c 'import json, sys; print({p["name"]: p["version"] for p in json.load(sys.stdin)["packages"]}["racegames-board"])' <<<"$metadata")"

# --allow-dirty: this checks the packages, not the working tree.
cargo package --workspace --no-verify --allow-dirty --quiet

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# Every publishable crate is unpacked (the ones tested need their siblings).
all=(racegames-board racegames-daldos racegames-tables racegames-halma racegames-draw racegames-players racegames-env)
{
    echo '# The packaged crates, unpacked: scripts/packaged-doctests.sh.'
    echo '[workspace]'
    echo 'resolver = "2"'
    echo 'members = ['
    for name in "${all[@]}"; do echo "    \"$name-$version\","; done
    echo ']'
    echo
    echo '[patch.crates-io]'
    for name in "${all[@]}"; do echo "$name = { path = \"$name-$version\" }"; done
} >"$scratch/Cargo.toml"
# -m: the files get today's time, not the one packaged, which may be older
# than the last build in the target folder (cargo would then test that
# build, not these sources).
for name in "${all[@]}"; do
    tar -xzmf "$target_dir/package/$name-$version.crate" -C "$scratch"
done
# The same versions of the dependencies as the repository's.
cp Cargo.lock "$scratch/Cargo.lock"

packages=()
for name in "${names[@]}"; do packages+=(-p "$name"); done
CARGO_TARGET_DIR="$target_dir/packaged-doctests" \
    cargo test --doc --manifest-path "$scratch/Cargo.toml" "${packages[@]}"
echo "packaged doctests passed: ${names[*]}"
