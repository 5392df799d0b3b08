#!/usr/bin/env bash
# Installs GNU Backgammon (Debian's `gnubg`) for py/tests/test_gnubg.py, which
# skips its gnubg tests without it. Only where apt-get exists and we are root
# or have passwordless sudo; never fails the caller: it says why it did not
# install. Bounded: each apt-get call is cut after 15 minutes (installing
# builds gnubg's bearoff database, a few minutes on a slow machine).
set -uo pipefail

if command -v gnubg >/dev/null 2>&1 || [ -x /usr/games/gnubg ]; then
    echo "gnubg: already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "gnubg: no apt-get here; the gnubg tests will skip"
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    echo "gnubg: not root and no passwordless sudo; the gnubg tests will skip"
    exit 0
fi

log="$(mktemp -t install-gnubg.XXXXXX)"
install() {
    timeout 900 "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends gnubg >>"$log" 2>&1
}
# The package lists may be missing or stale: update once and retry.
if install || { timeout 900 "${as_root[@]}" apt-get update -qq >>"$log" 2>&1 && install; }; then
    echo "gnubg: installed ($(command -v gnubg || echo /usr/games/gnubg))"
    rm -f "$log"
else
    echo "gnubg: could not install (log: $log); the gnubg tests will skip"
fi
exit 0
