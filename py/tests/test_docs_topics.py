"""The docs answer what a newcomer, a contributor and an RL practitioner ran
into (issue 49, items 29, 31, 36 and 39); the examples in them run in
test_docs_examples.py, and what can run here runs below."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def test_install_gives_the_cpu_only_torch_command_and_says_it_is_outside_pypi() -> None:
    text = page("install.md")
    assert "pip install torch --index-url https://download.pytorch.org/whl/cpu" in text
    assert "not on PyPI" in text


def test_install_says_what_every_extra_weighs() -> None:
    text = page("install.md")
    extras = re.search(r"\[project\.optional-dependencies\](.*?)\n\[", (REPO / "py" / "pyproject.toml").read_text(), re.S)
    assert extras is not None
    names = re.findall(r"^(\w+) = \[", extras.group(1), re.M)
    assert "train" in names
    for name in names:
        row = re.search(rf"^\| `{name}` \|([^\n]*)$", text, re.M)
        assert row is not None, f"install.md's table of extras lacks {name}"
        assert re.search(r"\d+(\.\d+)? (MB|GB)|torch", row.group(1)), row.group(0)
    assert "RECORD" in text, "install.md says how the sizes were measured"


def test_install_shows_the_venv_the_notebooks_and_the_quick_check() -> None:
    text = page("install.md")
    assert "source .venv/bin/activate" in text
    assert "jupyter execute examples/" in text and "nbconvert" in text
    assert "scripts/quick.sh" in text and re.search(r"one-line change .* took\s+\d+ min", text, re.S)


def test_environments_page_covers_what_a_practitioner_meets() -> None:
    text = page("python/environments.md")
    assert "gymnasium.make_vec(" in text
    assert "racegames:racegames/" in text
    assert "Observation is not a NumPy array" in text and "api_test" in text
    assert "parallel" in text


def test_gnubg_page_opens_a_match_step_by_step() -> None:
    text = page("gnubg.md")
    assert "step by step" in text and "import mat games.mat" in text and "write_match(" in text


def test_the_racegames_prefix_makes_an_env_without_importing_racegames() -> None:
    pytest.importorskip("gymnasium")
    code = (
        "import sys, gymnasium\n"
        "assert 'racegames' not in sys.modules\n"
        "env = gymnasium.make('racegames:racegames/Backgammon-v0')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(sorted(obs))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "['action_mask', 'observation']"
