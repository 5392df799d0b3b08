#!/usr/bin/env bash
# Prints the state of the git work tree: what `git status` lists (ignored
# files left out: target/, .venv/, dist/, site/ ...) and a hash of the
# changes to tracked files. scripts/test.sh compares it before and after its
# run, so that a step that rewrites a tracked file (a Cargo.lock) or leaves
# an untracked one fails the run. Prints nothing outside a git checkout.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || exit 0
git status --porcelain --untracked-files=all
echo "tracked changes: $(git diff --no-ext-diff --binary HEAD | sha256sum | cut -d' ' -f1)"
