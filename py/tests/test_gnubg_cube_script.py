"""py/scripts/gnubg_cube.py, the cubeful measurements against GNU Backgammon,
on a game and a short match (skipped where gnubg is not installed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import racegames

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "gnubg_cube.py"
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")

pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")


def run(*args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(Path(racegames.__file__).resolve().parents[1]))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600, env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_money_game_and_its_cube_decisions(tmp_path: Path) -> None:
    # One cubeful money game judged at 0-ply: its points are the game's, and
    # every cube decision is recorded with a non-negative error.
    out = run("money", "--games", "1", "--seed", "2", "--judge-plies", "0", "--player", "greedy", "--out", str(tmp_path))
    assert "luck-adjusted" in out
    (row,) = [json.loads(line) for line in (tmp_path / "money.jsonl").read_text().splitlines()]
    game = racegames.make_game("backgammon", cube=True, scoring="backgammons", jacoby=True)
    state = game.new_initial_state()
    for a in row["actions"]:
        state.apply_action(a)
    assert state.is_terminal() and state.returns()[row["seat"]] == row["points"]
    assert row["decisions"] and all(d["error"] >= 0 for d in row["decisions"])
    kinds = {d["kind"] for d in row["decisions"]}
    assert kinds <= {"double", "take"}
    assert abs(row["luck"]) < 3 * 64


def test_a_match_reaches_its_length(tmp_path: Path) -> None:
    out = run("matches", "--matches", "1", "--length", "2", "--seed", "2", "--player", "greedy", "--out", str(tmp_path))
    assert "matches to 2:" in out
    (row,) = [json.loads(line) for line in (tmp_path / "matches.jsonl").read_text().splitlines()]
    assert max(row["final"]) >= 2 and row["won"] == (row["final"][row["seat"]] >= 2)
    # The score before each game adds up the earlier games' points.
    score = [0, 0]
    for g in row["games"]:
        assert g["score"] == score
        score[g["winner"]] += int(g["points"])
