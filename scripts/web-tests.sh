#!/usr/bin/env bash
# The browser tests: builds the package and the play page (scripts/web.sh)
# and runs py/tests/web/ in headless Chromium, driven by selenium.
#
# Installs Debian's chromium, chromium-driver and binaryen with apt-get
# where they are missing and this runs as root (no browser is downloaded
# any other way), and selenium into the venv. Where Chromium cannot be had,
# the tests skip. Environment: VENV (default <repo>/.venv), CARGO_TARGET_DIR.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="${VENV:-$root/.venv}"
vpy="$venv/bin/python"
[ -x "$vpy" ] || { echo "no venv at $venv: run scripts/setup-venv.sh first" >&2; exit 1; }

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v wasm-opt >/dev/null || missing+=(binaryen)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "web-tests: apt-get install ${missing[*]}"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } \
            || echo "web-tests: could not install ${missing[*]}; the browser tests will skip" >&2
    else
        echo "web-tests: ${missing[*]} missing (not root or no apt-get); the browser tests will skip" >&2
    fi
fi
"$vpy" -c "import selenium" 2>/dev/null || "$vpy" -m pip install --quiet selenium \
    || echo "web-tests: could not install selenium; the browser tests will skip" >&2

scripts/web.sh
"$vpy" -m pytest -q py/tests/web "$@"
