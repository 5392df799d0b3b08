#!/usr/bin/env bash
# Builds racegames for the browser: the ES module web/pkg/racegames.js with
# its .wasm and TypeScript types (the crate web/, through wasm-bindgen), and
# the play page in site/play/ (web/play/ with the package copied beside it
# in site/play/pkg/). Static files: serve site/ (or site/play/) with any
# web server; the page works offline.
#
# Adds the wasm32-unknown-unknown target (rustup) and installs the
# wasm-bindgen-cli whose version is the wasm-bindgen crate's in
# web/Cargo.lock where it is missing (`cargo install`, built from source and
# cached in ~/.cargo/bin; no prebuilt binaries are downloaded). Optimises
# the .wasm with wasm-opt where a recent enough one is installed (binaryen
# 116 or later; WASM_OPT=0 skips it).
# Environment: CARGO_TARGET_DIR (default <repo>/target), SITE (default
# <repo>/site).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
site="${SITE:-$root/site}"

if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

# The CLI must be the crate's version exactly: its glue and the crate's
# custom sections change between versions.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' web/Cargo.lock)"
[ -n "$version" ] || { echo "web.sh: no wasm-bindgen in web/Cargo.lock" >&2; exit 1; }
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    echo "web.sh: installing wasm-bindgen-cli $version (a few minutes, once)"
    # --locked first; a registry mirror that lacks one of the CLI's locked
    # dependencies falls back to the newest compatible ones.
    # A quick build of the tool (unoptimised, no LTO, many codegen units):
    # it only rewrites one module, in 2 s unoptimised against 0.3 s
    # optimised, while the optimised build took minutes more.
    export CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0
    cargo install --locked wasm-bindgen-cli --version "$version" \
        || cargo install wasm-bindgen-cli --version "$version"
    unset CARGO_PROFILE_RELEASE_OPT_LEVEL CARGO_PROFILE_RELEASE_LTO \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS CARGO_PROFILE_RELEASE_DEBUG
fi

# web/ is a workspace of its own: without --target-dir its build would go
# to web/target, not where the line below looks for it.
cargo build --manifest-path web/Cargo.toml --locked --target wasm32-unknown-unknown --release \
    --target-dir "$target_dir"
rm -rf web/pkg
wasm-bindgen --target web --out-dir web/pkg --out-name racegames \
    "$target_dir/wasm32-unknown-unknown/release/racegames_web.wasm"
# Debian 12's binaryen (version 108) predates the reference types that
# Rust 1.82+ emits: its output fails to instantiate (measured: "invalid
# address in funcref table"), so wasm-opt runs only from version 116 on.
opt_version="$(wasm-opt --version 2>/dev/null | sed -n 's/^wasm-opt version \([0-9]*\).*/\1/p')"
if [ "${WASM_OPT:-1}" = 0 ]; then
    echo "web.sh: WASM_OPT=0: the module is left unoptimised"
elif [ -z "$opt_version" ]; then
    echo "web.sh: no wasm-opt (binaryen); the module is left unoptimised"
elif [ "$opt_version" -lt 116 ]; then
    echo "web.sh: wasm-opt $opt_version is too old for this module (116 or later needed); left unoptimised"
elif wasm-opt -O3 --all-features --strip-debug --strip-producers web/pkg/racegames_bg.wasm -o web/pkg/racegames_bg.opt.wasm; then
    mv web/pkg/racegames_bg.opt.wasm web/pkg/racegames_bg.wasm
else
    rm -f web/pkg/racegames_bg.opt.wasm
    echo "web.sh: wasm-opt failed; the module is left unoptimised" >&2
fi

rm -rf "$site/play"
mkdir -p "$site/play/pkg"
cp web/play/* "$site/play/"
cp web/pkg/racegames.js web/pkg/racegames_bg.wasm web/pkg/racegames.d.ts "$site/play/pkg/"
wasm_bytes=$(stat -c %s web/pkg/racegames_bg.wasm)
page_bytes=$(du -cb "$site/play" | tail -1 | cut -f1)
echo "web: web/pkg/racegames.js ($wasm_bytes bytes of wasm); play page: $site/play/index.html ($page_bytes bytes in all)"
