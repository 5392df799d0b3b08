"""The README's Python examples run, each in well under a minute (issue 49,
item 38: its arena example played 200 games of expectimax, about 12 minutes
on a loaded machine, with no feedback)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import List

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
#: Seconds a README example may take here (the arena's takes about 20 s on a
#: loaded two-core machine).
BUDGET = 90.0


def python_blocks() -> List[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_has_python_examples() -> None:
    assert len(python_blocks()) >= 2


@pytest.mark.parametrize("number", range(len(python_blocks())))
def test_readme_example_runs_quickly(number: int) -> None:
    code = python_blocks()[number]
    started = time.monotonic()
    exec(compile(code, f"README.md, Python example {number + 1}", "exec"), {})
    took = time.monotonic() - started
    assert took < BUDGET, f"README example {number + 1} took {took:.0f} s"


def test_the_arena_example_shows_its_progress() -> None:
    arena = [block for block in python_blocks() if "arena.play(" in block]
    assert arena and all("progress=True" in block for block in arena)
