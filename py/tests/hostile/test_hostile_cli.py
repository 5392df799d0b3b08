"""The command lines given odd arguments: a usage error (exit 2, one line
saying what is wrong), never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

REPO = Path(__file__).resolve().parents[3]
LADDER = REPO / "py" / "scripts" / "ladder.py"


def run(args: List[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120)


def test_a_players_own_seed_wins_over_the_arenas() -> None:
    seeded = run(["-m", "racegames.arena", "daldos", "random:seed=3", "random", "--games", "6", "--threads", "1"])
    assert seeded.returncode == 0, seeded.stderr
    assert "Traceback" not in seeded.stderr and "6 games" in seeded.stdout
    # The same player spec seeded twice plays the same games.
    again = run(["-m", "racegames.arena", "daldos", "random:seed=3", "random", "--games", "6", "--threads", "1"])
    assert seeded.stdout.splitlines()[:4] == again.stdout.splitlines()[:4]


@pytest.mark.parametrize("spec", ["random:seed=x", "random:seed=1.5", "random:seed=true"])
def test_a_bad_seed_in_a_players_spec_is_a_usage_error(spec: str) -> None:
    r = run(["-m", "racegames.arena", "daldos", spec, "random", "--games", "2"])
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "seed" in r.stderr.splitlines()[-1]


@pytest.mark.parametrize(
    "args, says",
    [
        (["--games-for", "backgammon"], "GAME=N"),
        (["--games-for", "halma=-3"], "at least 1"),
        (["--games-for", "halma=x"], "whole number"),
        (["--games-for", "chess=3"], "not a game of the ladder"),
        (["--threads", "0"], "from 1 to"),
        (["--threads", "100000"], "from 1 to"),
        (["--games", "0"], "at least 1"),
        (["--games", "-5"], "at least 1"),
    ],
)
def test_the_ladders_bad_counts_are_usage_errors(args: List[str], says: str) -> None:
    r = run([str(LADDER), *args, "--only", "no such game"])
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and says in r.stderr.splitlines()[-1], r.stderr
