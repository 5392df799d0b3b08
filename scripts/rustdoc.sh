#!/usr/bin/env bash
# Builds the rustdoc of the workspace with warnings as errors, and fails on a
# link that rendered as plain text.
#
# rustdoc links to another crate only when that crate's docs are already in
# target/doc; `cargo doc --workspace` documents crates in parallel, so on a
# fresh tree `[racegames_board::Game]` in the other crates came out as text, with
# no warning (cargo#8487, rust#106011). So the crates are documented in
# dependency order, each once: racegames-board, then the rules crates, then the
# players, then the environments crate, then the rest (one `cargo doc` for all would also document
# racegames-board again, in parallel with the crates that link to it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export RUSTDOCFLAGS="${RUSTDOCFLAGS:-} -D warnings"

rules=(-p racegames-daldos -p racegames-tables -p racegames-halma)
cargo doc --no-deps --quiet -p racegames-board
cargo doc --no-deps --quiet "${rules[@]}"
cargo doc --no-deps --quiet -p racegames-draw
cargo doc --no-deps --quiet -p racegames-players
cargo doc --no-deps --quiet -p racegames-env
cargo doc --no-deps --quiet --workspace --exclude racegames-board \
    --exclude racegames-daldos --exclude racegames-tables --exclude racegames-halma --exclude racegames-draw \
    --exclude racegames-players --exclude racegames-env

# An intra-doc link that resolved to nothing renders as `[<code>path</code>]`.
doc="${CARGO_TARGET_DIR:-$root/target}/doc"
if grep -rnoE '\[<code>[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*</code>\]' \
    --include='*.html' "$doc"; then
    echo "rustdoc: the links above rendered as plain text (docs left by an older build? remove $doc)" >&2
    exit 1
fi
echo "rustdoc: $doc"
