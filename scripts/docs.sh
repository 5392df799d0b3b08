#!/usr/bin/env bash
# Builds the documentation site into site/ with mkdocs in strict mode: a
# broken link or anchor, a public Python name without a docstring or missing
# from the API pages (py/docs_build/api_check.py), a paragraph of a built page
# holding list markers (a list run into it: py/docs_build/html_check.py), or a
# Libro game page without the picture of its set-up (py/docs_build/pictures.py)
# fails the build. Serves the rustdoc (scripts/rustdoc.sh) under site/rustdoc/.
#
# Needs the venv of scripts/setup-venv.sh (the pictures are drawn and the API
# read from the installed package); installs docs/requirements.txt into it.
# Environment: VENV (default <repo>/.venv).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="${VENV:-$root/.venv}"
vpy="$venv/bin/python"
[ -x "$vpy" ] || { echo "no venv at $venv: run scripts/setup-venv.sh first" >&2; exit 1; }

"$vpy" -m pip install --quiet -r docs/requirements.txt
scripts/rustdoc.sh
NO_MKDOCS_2_WARNING=1 "$vpy" -m mkdocs build --strict --clean
echo "docs: $root/site/index.html"
