#!/usr/bin/env bash
# Builds the publishable crates' libraries with the Rust of the workspace's
# `rust-version` (installed with rustup's minimal profile if missing), with
# default features, without them (no_std) and with serde. clippy's
# `incompatible_msrv` (clippy.toml) holds the same version over the tests.
# Skipped when rustup is not installed.
#
#   scripts/msrv-check.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

msrv="$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)"
[ -n "$msrv" ] || { echo "no rust-version in Cargo.toml" >&2; exit 1; }
if ! command -v rustup >/dev/null; then
    echo "skipped: rustup not installed (needed for Rust $msrv)"
    exit 0
fi
if ! rustup toolchain list | grep -q "^$msrv"; then
    # A machine that cannot download toolchains still runs every other check.
    rustup toolchain install "$msrv" --profile minimal || {
        echo "skipped: Rust $msrv could not be installed"
        exit 0
    }
fi
# A target folder of its own: another compiler's artefacts would evict the main ones.
target="$root/target/msrv"
rules=(racegames-board racegames-daldos racegames-tables racegames-halma)
cargo "+$msrv" check --quiet --target-dir "$target" -p racegames-players -p racegames-draw "${rules[@]/#/-p}"
for crate in "${rules[@]}"; do
    cargo "+$msrv" check --quiet --target-dir "$target" -p "$crate" --no-default-features
    cargo "+$msrv" check --quiet --target-dir "$target" -p "$crate" --features serde
done
echo "Rust $msrv builds the publishable crates"
