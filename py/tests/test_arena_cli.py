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


def test_luck_adds_each_players_luck_adjusted_mean_return() -> None:
    r = run("backgammon", "greedy", "random", "--games", "10", "--seed", "2", "--threads", "1", "--luck")
    assert r.returncode == 0, r.stderr
    table = r.stdout.splitlines()[-3:]
    assert table[0].split() == ["player", "mean", "return", "luck-adjusted"]
    assert [line.split()[0] for line in table[1:]] == ["greedy", "random"]
    # Two seats, zero-sum: the other's figures with the sign changed.
    greedy, random = (line.split() for line in table[1:])
    assert float(greedy[1]) == -float(random[1]) and float(greedy[4]) == -float(random[4])
