"""The README's two commands show progress through their long steps (issue 49,
item 37): `scripts/run.sh` built the package for minutes without a line, and
the Python tests of `scripts/test.sh` printed their first line minutes in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

REPO = Path(__file__).resolve().parents[2]


def commands(script: str) -> List[str]:
    """The script's command lines, continuation lines joined, comments left out."""
    text = (REPO / "scripts" / script).read_text(encoding="utf-8")
    text = re.sub(r"\\\n\s*", " ", text)
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_the_long_builds_of_run_sh_print_their_progress() -> None:
    # The Rust example's release build and the package's: cargo prints a line
    # per crate unless told to be quiet; pip hides a build's output.
    builds = [
        (script, line)
        for script in ("run.sh", "setup-venv.sh")
        for line in commands(script)
        if re.search(r'\bcargo (run|build)\b|maturin"? build|pip install .*/py\[', line)
    ]
    assert any(re.search(r'maturin"? build --release', line) for _, line in builds)
    for script, line in builds:
        assert "--quiet" not in line and not re.search(r"\s-q\b", line), (script, line)
        assert "pip install" not in line, f"{script}: pip builds without showing cargo's progress: {line}"


def test_the_python_tests_print_a_line_per_file_and_run_the_heavy_ones_apart() -> None:
    runs = [line for line in commands("test.sh") if "-m pytest py/tests" in line]
    assert runs
    for line in runs:
        # -q prints rows of 80 dots, so that nothing shows until 80 tests end.
        assert not re.search(r"\s-q\b", line), line
    main = [line for line in runs if "-m pytest py/tests " in line]
    assert main and all("--ignore=py/tests/heavy" in line for line in main), main
    assert any("-m pytest py/tests/heavy" in line for line in runs), runs
