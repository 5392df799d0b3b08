"""The repository stands on its own: no tracked file points to the
specification files that lived beside it during development (the rules
reference is ``docs/``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Built from pieces so that this file does not match itself.
OUTSIDE = re.compile(r"\.\./" + "shared|" + "|".join(n + r"\.md" for n in ("RULES", "ARCHITECTURE", "LIBRO")))


def tracked_files() -> list:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    return [REPO / p for p in out.decode().split("\0") if p]


def test_no_file_points_outside_the_repository() -> None:
    found = []
    for path in tracked_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert not found, "references to files outside the repository:\n" + "\n".join(found)
