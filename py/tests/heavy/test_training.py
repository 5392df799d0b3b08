"""The heavy optional group: torch, Ray and SB3 (installed by the test
command; skipped where they are missing). Each run is short."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import racegames
from racegames import arena, players

from heavy_support import needs

ROOT = Path(__file__).resolve().parents[3]


def test_a_short_training_run_beats_what_an_untrained_policy_can(tmp_path: Path) -> None:
    needs("torch")
    out = tmp_path / "backgammon.rgpl"
    subprocess.run(
        [sys.executable, "-m", "racegames.train", "backgammon", "--minutes", "2.5", "--seed", "7",
         "--out", str(out), "--eval-games", "0"],
        check=True,
        timeout=600,
    )
    game = racegames.make_game("backgammon")
    policy = players.make_player("policy", game, path=str(out))
    result = arena.play(game, [policy, "random"], games=600, seed=11, threads=2)
    rate, low, high = result.win_rate(0)
    # An untrained network beats random in 56-61% of backgammon games.
    assert low > 0.65, (rate, low, high)


def test_the_rllib_example_trains_on_two_env_runners() -> None:
    needs("ray", "torch")
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "rllib_selfplay.py"), "--iterations", "1",
         "--env-runners", "2", "--eval-games", "10"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "against random:" in done.stdout


def test_the_sb3_example_trains_maskable_ppo() -> None:
    needs("sb3_contrib", "torch")
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "sb3_maskable_ppo.py"), "--steps", "4096",
         "--envs", "16", "--eval-games", "10"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "against random:" in done.stdout
