#!/usr/bin/env bash
# pip install with patience for the network: pip resumes a broken download
# (pip >= 25.1: --resume-retries) and the whole install is tried three
# times (finished downloads stay in pip's cache).
#   scripts/pip-install.sh PYTHON PIP-INSTALL-ARGUMENTS...
set -euo pipefail
vpy="$1"
shift
resume=()
if "$vpy" -m pip install --help 2>/dev/null | grep -- --resume-retries >/dev/null; then
    resume=(--resume-retries 50)
fi
for attempt in 1 2 3; do
    "$vpy" -m pip install --quiet --retries 10 --timeout 60 "${resume[@]}" "$@" && exit 0
    echo "pip install failed (attempt $attempt of 3)" >&2
    [ "$attempt" = 3 ] || sleep $((attempt * 20))
done
exit 1
