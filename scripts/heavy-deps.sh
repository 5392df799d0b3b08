#!/usr/bin/env bash
# Installs the heavy optional groups of py/pyproject.toml (train: torch;
# rllib: Ray; sb3: Stable-Baselines3) into the virtual environment, for the
# tests in py/tests/heavy. The lists are read from pyproject.toml so they
# live in one place; any Python >= 3.9 reads them (no tomllib needed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
vpy="${VENV:-$root/.venv}/bin/python"
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(train rllib sb3)
reqs=$("$vpy" - "$root/py/pyproject.toml" "${groups[@]}" <<'EOF'
import ast
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
wanted = []
for group in sys.argv[2:]:
    found = re.search(rf"^{re.escape(group)}\s*=\s*(\[.*\])\s*$", section, re.M)
    if found is None:
        sys.exit(f"no optional group {group!r} in pyproject.toml")
    wanted += ast.literal_eval(found.group(1))
print(" ".join(sorted(set(wanted))))
EOF
)
echo "installing: $reqs"
# torch's wheel is over 500 MB: a dropped connection should not fail the
# install at once (scripts/pip-install.sh resumes and retries).
# shellcheck disable=SC2086
exec "$root/scripts/pip-install.sh" "$vpy" $reqs
