"""The environment checkers of RLlib and Stable-Baselines3 pass on the
adapters made for them. Each runs in a subprocess, so that the libraries'
import-time warnings stay out of this process (pytest runs with warnings as
errors)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from heavy_support import needs


def run_checks(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "import warnings\nwarnings.simplefilter('ignore')\n" + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("game", ["backgammon", "daldos", "chinese_checkers"])
def test_rllib_single_agent_env_passes_gymnasiums_checker(game: str) -> None:
    # RLlib checks single-agent environments with Gymnasium's checker; it
    # caught a reset that did not seed Gymnasium's own generator.
    needs("ray", "torch")
    out = run_checks(
        f"""
        from gymnasium.utils.env_checker import check_env
        from racegames.rllib import RLlibEnv
        check_env(RLlibEnv({{"game": {game!r}, "opponent": "random", "seat": "random"}}))
        print("passed")
        """
    )
    assert "passed" in out


@pytest.mark.parametrize("params", [{"game": "backgammon"}, {"game": "chinese_checkers", "players": 3}])
def test_rllib_multi_agent_env_passes_rllibs_checker(params: dict) -> None:
    needs("ray", "torch")
    out = run_checks(
        f"""
        from ray.rllib.utils.pre_checks.env import check_multiagent_environments
        from racegames.rllib import MultiAgentRLlibEnv
        check_multiagent_environments(MultiAgentRLlibEnv({params!r}))
        print("passed")
        """
    )
    assert "passed" in out


@pytest.mark.parametrize("observation", ["flat", "dict"])
def test_gym_envs_pass_sb3s_checker(observation: str) -> None:
    needs("stable_baselines3")
    out = run_checks(
        f"""
        import gymnasium
        from stable_baselines3.common.env_checker import check_env
        # Gymnasium's module:id form imports racegames, which registers the ids.
        for env_id in ("racegames:racegames/Backgammon-v0", "racegames/Daldos-v0", "racegames/SeysDosEAs-v0"):
            check_env(gymnasium.make(env_id, observation={observation!r}).unwrapped)
        print("passed")
        """
    )
    assert "passed" in out
