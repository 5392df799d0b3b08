#!/usr/bin/env bash
# Installs the abi3 wheel into a clean throwaway virtual environment under
# python3 and every other Python found on PATH (python3.9 to python3.13 by
# default), and runs a smoke test there (py/tests/smoke.py, from a temporary
# folder so that the installed wheel is tested, not the sources).
# Interpreters that are not installed are skipped; each version runs once.
#
#   scripts/smoke-pythons.sh [python3.9 python3.13 ...]
#
# Environment: WHEEL, the wheel to test; by default the one in dist/ (made by
# scripts/build-wheel.sh), which is built first if dist/ has none.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$#" -eq 0 ]; then
    set -- python3 python3.9 python3.10 python3.11 python3.12 python3.13
fi

wheel="${WHEEL:-}"
if [ -z "$wheel" ]; then
    wheels=("$root"/dist/racegames-*.whl)
    if [ ! -f "${wheels[0]}" ]; then
        "$root/scripts/build-wheel.sh"
        wheels=("$root"/dist/racegames-*.whl)
    fi
    [ "${#wheels[@]}" -eq 1 ] || { echo "several wheels in dist/: set WHEEL" >&2; exit 1; }
    wheel="${wheels[0]}"
fi
[ -f "$wheel" ] || { echo "no wheel at $wheel" >&2; exit 1; }
echo "testing $(basename "$wheel")"

found=()
seen=" "
for py in "$@"; do
    # `command -v` alone is not enough: pyenv installs shims for versions it
    # has but does not select.
    if command -v "$py" >/dev/null && version="$("$py" -c 'import sys; assert sys.version_info >= (3, 9); print("%d.%d" % sys.version_info[:2])' 2>/dev/null)"; then
        case "$seen" in
            *" $version "*) ;;
            *) found+=("$py"); seen+="$version " ;;
        esac
    else
        echo "skipped $py: not installed"
    fi
done
[ "${#found[@]}" -gt 0 ] || { echo "no Python 3.9+ found" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for py in "${found[@]}"; do
    "$py" -m venv "$work/$py"
    "$work/$py/bin/python" -m pip install --quiet "$wheel"
    (cd "$work" && "$work/$py/bin/python" "$root/py/tests/smoke.py")
done
