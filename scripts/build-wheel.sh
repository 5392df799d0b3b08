#!/usr/bin/env bash
# Builds the racegames wheel (abi3: one wheel for CPython 3.9 and later) and
# the sdist into dist/, as a package index takes them:
#   - the wheel links against glibc 2.17 (manylinux2014), through maturin's
#     `--zig` (zig from the `ziglang` package), so that it installs on every
#     Linux with glibc 2.17 or later, whatever the build machine's glibc;
#   - `auditwheel show` must find it consistent with manylinux_2_17;
#   - `twine check --strict` passes on both files.
# The release profile has no debug info and strips the extension.
#
#   scripts/build-wheel.sh                  # release build (fat LTO: minutes)
#   scripts/build-wheel.sh --profile quick  # the same without LTO, for trying the script
#
# Prints the wheel's path on its last line. Environment: VENV (default
# <repo>/.venv; created if missing, with PYTHON, default python3), into which
# maturin, ziglang, auditwheel and twine are installed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
venv="${VENV:-$root/.venv}"
profile=release
while [ "$#" -gt 0 ]; do
    case "$1" in
        --profile) profile="${2:?--profile needs a name}"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
vpy="$venv/bin/python"
"$vpy" -m pip install --quiet "maturin>=1.9,<2" ziglang auditwheel "twine>=6.1"

dist="$root/dist"
mkdir -p "$dist"
rm -f "$dist"/racegames-*.whl "$dist"/racegames-*.tar.gz
# The sdist first, then the wheel built from it, which checks that the sdist
# is complete. The sdist is unpacked here with tar's -m, so that its files
# carry the time of unpacking: they keep the sdist's fixed date (2006)
# otherwise, older than any cached build in the target folder, and cargo then
# rebuilt nothing, so that the wheel held the previous build's code (as
# `maturin build --sdist` did). The workspace's target folder keeps the
# compiled dependencies between runs; maturin finds zig through the venv's
# PATH (`python -m ziglang`).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
(cd "$root/py" && "$venv/bin/maturin" sdist --out "$dist")
sdists=("$dist"/racegames-*.tar.gz)
[ "${#sdists[@]}" -eq 1 ] && [ -f "${sdists[0]}" ] || { echo "expected one sdist in $dist" >&2; exit 1; }
unpacked="$(mktemp -d)"
trap 'rm -rf "$unpacked"' EXIT
tar -xzmf "${sdists[0]}" -C "$unpacked"
(cd "$unpacked"/racegames-*/ && PATH="$venv/bin:$PATH" "$venv/bin/maturin" build --quiet \
    --profile "$profile" --zig --compatibility manylinux2014 --auditwheel check \
    --out "$dist")

wheels=("$dist"/racegames-*.whl)
[ "${#wheels[@]}" -eq 1 ] && [ -f "${wheels[0]}" ] || { echo "expected one wheel in $dist" >&2; exit 1; }
wheel="${wheels[0]}"
case "$(basename "$wheel")" in
    racegames-*-cp39-abi3-*manylinux_2_17_x86_64*.whl) ;;
    *) echo "unexpected wheel tag: $(basename "$wheel")" >&2; exit 1 ;;
esac

show="$("$venv/bin/auditwheel" show "$wheel")"
echo "$show"
# auditwheel wraps its lines: join them before looking.
tr -s ' \n' '  ' <<<"$show" | grep -q 'consistent with the following platform tag: "manylinux_2_17_x86_64"' \
    || { echo "auditwheel: the wheel is not manylinux_2_17 (manylinux2014)" >&2; exit 1; }

# The licence texts travel in both files.
"$vpy" - "$wheel" "${sdists[0]}" <<'EOF'
import sys, tarfile, zipfile
wheel, sdist = sys.argv[1:]
names = zipfile.ZipFile(wheel).namelist()
for licence in ("LICENSE-MIT", "LICENSE-APACHE"):
    assert any(n.endswith(".dist-info/licenses/" + licence) for n in names), f"{licence} not in the wheel"
    assert any(n.endswith("/" + licence) for n in tarfile.open(sdist).getnames()), f"{licence} not in the sdist"
EOF

"$venv/bin/twine" check --strict "$wheel" "${sdists[0]}"
ls -l "$wheel" "${sdists[0]}"
echo "$wheel"
