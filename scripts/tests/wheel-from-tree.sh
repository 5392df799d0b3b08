#!/usr/bin/env bash
# Checks that scripts/build-wheel.sh builds the wheel from the tree's code
# whatever the target folder holds (issue 49, item 34: the sdist's files kept
# their fixed 2006 date, older than the cached build, so cargo rebuilt nothing
# after a change and the wheel held the old code).
#
# Builds a copy of the tree twice into the same target folder, the second time
# after a one-line change to py/src/lib.rs that adds a marker string to the
# extension module: the second wheel's extension must hold the marker. Builds
# with the dev profile (PROFILE to change it): two unoptimised builds of the
# workspace's own crates, about 2 minutes on a loaded machine once the
# dependencies are compiled, where a release build takes many more.
# Environment: VENV, CARGO_TARGET_DIR as for scripts/build-wheel.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export VENV="${VENV:-$root/.venv}"
# The tree's target folder: the copy shares its compiled dependencies.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# A copy of the files git knows or would add (committed or not), so that the
# change below leaves the tree itself untouched.
mkdir "$tmp/tree"
(cd "$root" && git ls-files -z --cached --others --exclude-standard \
    | xargs -0 cp --parents -t "$tmp/tree" 2>/dev/null || true)
[ -f "$tmp/tree/scripts/build-wheel.sh" ] || { echo "could not copy the tree" >&2; exit 1; }

# The marker in the wheel's extension module (racegames/_core*.so).
wheel_has() {
    "$VENV/bin/python" - "$1" "$2" <<'PY'
import sys, zipfile
marker, dist = sys.argv[1].encode(), sys.argv[2]
import glob
(wheel,) = glob.glob(dist + "/racegames-*.whl")
z = zipfile.ZipFile(wheel)
(ext,) = [n for n in z.namelist() if n.startswith("racegames/_core") and n.endswith(".so")]
sys.exit(0 if marker in z.read(ext) else 1)
PY
}

profile="${PROFILE:-dev}"
marker="racegames-fresh-build-$$-$RANDOM$RANDOM"
# Each build's output is shown only if it fails.
build() {
    (cd "$tmp/tree" && scripts/build-wheel.sh --profile "$profile") >"$tmp/build.log" 2>&1 \
        || { cat "$tmp/build.log" >&2; exit 1; }
}
echo "wheel-from-tree: first build ($profile profile)"
build
! wheel_has "$marker" "$tmp/tree/dist" || { echo "the marker is in the first wheel already" >&2; exit 1; }

echo "wheel-from-tree: a one-line change, then the second build"
lib="$tmp/tree/py/src/lib.rs"
grep -q '^fn core_module(m: &Bound' "$lib" || { echo "no 'fn core_module(m: &Bound' in py/src/lib.rs to change" >&2; exit 1; }
sed -i "/^fn core_module(m: &Bound/a\\    m.add(\"_build_marker\", \"$marker\")?;" "$lib"
build
if ! wheel_has "$marker" "$tmp/tree/dist"; then
    echo "FAIL: the wheel built after the change lacks it: build-wheel.sh built stale code" >&2
    exit 1
fi
echo "wheel-from-tree: the wheel holds the change"
