"""``python -m racegames.arena``: the result table, and errors as usage errors."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "racegames.arena", *args], capture_output=True, text=True, timeout=120
    )


def test_the_command_line_prints_the_table() -> None:
    r = run("daldos", "random", "random", "--games", "20", "--seed", "3", "--threads", "1")
    assert r.returncode == 0, r.stderr
    assert "random#0" in r.stdout and "random#1" in r.stdout
    assert "20 games" in r.stdout and "games/s" in r.stdout


def test_game_options_and_more_seats() -> None:
    r = run("chinese_checkers", "random", "random", "random", "-o", "players=3", "-o", "max_turns=30", "--games", "3")
    assert r.returncode == 0, r.stderr
    assert "random#2" in r.stdout


def test_bad_input_is_a_usage_error() -> None:
    for args in (["daldos", "random", "nobody"], ["daldos", "random"], ["chess", "random", "random"], ["daldos", "random", "random", "--games", "0"]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stdout)
        assert "error" in r.stderr
