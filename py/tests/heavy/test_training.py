"""The heavy optional group: torch, Ray and SB3 (installed by the test
command; skipped where they are missing). Each run is short, and budgeted
in steps, not minutes: the same seed writes the same policy on any
machine, however loaded, so the win rates asserted here do not depend on
the machine's speed (each training takes 10 to 30 seconds on two cores)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import racegames
from racegames import arena, players

from heavy_support import needs

ROOT = Path(__file__).resolve().parents[3]


def _train(tmp_path: Path, game: str, steps: int, *options: str) -> Path:
    out = tmp_path / f"{game}.rgpl"
    subprocess.run(
        [sys.executable, "-m", "racegames.train", game, "--steps", str(steps), "--seed", "7",
         "--out", str(out), "--eval-games", "0", *options],
        check=True,
        timeout=600,
    )
    return out


def _against_random(game_name: str, path: Path, games: int) -> tuple[float, float, float]:
    game = racegames.make_game(game_name)
    policy = players.make_player("policy", game, path=str(path))
    return arena.play(game, [policy, "random"], games=games, seed=11, threads=2).win_rate(0)


def test_a_short_training_run_beats_what_an_untrained_policy_can(tmp_path: Path) -> None:
    needs("torch")
    # The default policy in the dice games scores afterstates.
    rate, low, high = _against_random("backgammon", _train(tmp_path, "backgammon", 65_536), 600)
    # An untrained network beats random in 56-61% of backgammon games; these
    # 65,536 steps (four updates) won 94.8% [92.8, 96.3].
    assert low > 0.9, (rate, low, high)


def test_a_short_daldos_run_beats_random_with_afterstates(tmp_path: Path) -> None:
    needs("torch")
    rate, low, high = _against_random("daldos", _train(tmp_path, "daldos", 65_536), 400)
    # An untrained one: 57% [52, 62]; these 65,536 steps won 96.0% [93.6, 97.5].
    assert low > 0.85, (rate, low, high)


def test_a_policy_with_a_logit_per_action_trains_and_plays(tmp_path: Path) -> None:
    needs("torch")
    path = _train(tmp_path, "backgammon", 32_768, "--policy", "actions")
    rate, low, high = _against_random("backgammon", path, 200)
    # These 32,768 steps won 65% [58, 71].
    assert rate > 0.5, (rate, low, high)


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
