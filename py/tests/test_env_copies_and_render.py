"""The environments copy, pickle and render as their frameworks expect:
``copy.deepcopy`` and ``pickle`` of a Gymnasium, PettingZoo or RLlib
environment give one that goes on exactly as the original (the same
opponents' moves and dice); PettingZoo's own ``render_test`` passes
(``render_mode="human"`` prints the board); ``VectorEnv`` renders
``"rgb_array"`` and refuses a mode it lacks."""

from __future__ import annotations

import copy
import functools
import pickle
from typing import Any, Callable, List

import numpy as np
import pytest
from pettingzoo.test import render_test

import racegames.pettingzoo as rpz
from racegames.gym import RaceGameEnv
from racegames.rllib import RLlibEnv
from racegames.vector import VectorEnv

COPIES: List[Callable[[Any], Any]] = [copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))]


def last_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def gym_run(env: Any, steps: int = 40) -> List[str]:
    """The notations after each of ``steps`` steps (last legal action)."""
    seen = []
    for _ in range(steps):
        obs, _, terminated, truncated, info = env.step(last_legal(info_mask(env)))
        seen.append(info.get("notation") or str(getattr(env, "_env", env).state))
        if terminated or truncated:
            break
    return seen


def info_mask(env: Any) -> np.ndarray:
    inner = getattr(env, "_env", env)
    return inner.action_masks()


@pytest.mark.parametrize("copier", COPIES, ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("opponent", ["random", "greedy", ["random", "expectimax"]])
def test_a_gym_env_copy_goes_on_as_the_original(copier: Callable[[Any], Any], opponent: Any) -> None:
    env = RaceGameEnv("backgammon", opponent=opponent, seat="random")
    env.reset(seed=11)
    gym_run(env, 3)
    twin = copier(env)
    assert gym_run(twin) == gym_run(env)


@pytest.mark.parametrize("copier", COPIES, ids=["deepcopy", "pickle"])
def test_an_rllib_env_copy_goes_on_as_the_original(copier: Callable[[Any], Any]) -> None:
    env = RLlibEnv({"game": "daldos", "opponent": "greedy"})
    env.reset(seed=4)
    twin = copier(env)
    assert gym_run(twin) == gym_run(env)


def pz_run(env: Any, steps: int = 60) -> List[str]:
    seen = []
    for agent in env.agent_iter(steps):
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else last_legal(obs["action_mask"]))
        seen.append(env.unwrapped.game_state.notation())
    return seen


@pytest.mark.parametrize("copier", COPIES, ids=["deepcopy", "pickle"])
def test_a_pettingzoo_env_copy_goes_on_as_the_original(copier: Callable[[Any], Any]) -> None:
    env = rpz.env("backgammon", opponents={1: "greedy"})
    env.reset(seed=2)
    pz_run(env, 7)
    twin = copier(env)
    went_on = pz_run(env)
    assert len(went_on) > 10 and pz_run(twin) == went_on


def test_a_damaged_env_pickle_is_a_value_error() -> None:
    env = RaceGameEnv("daldos")
    with pytest.raises(ValueError, match="pickled RaceGameEnv"):
        env.__setstate__({"game": env.game})


@pytest.mark.parametrize("game", ["backgammon", "daldos", "chinese_checkers", "fallas"])
def test_pettingzoos_render_test_passes(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(functools.partial(rpz.env, game=game))
    assert capsys.readouterr().out.strip()  # "human" printed the board


def test_human_rendering_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    env = RaceGameEnv("daldos", render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.strip() == str(env.state).strip()


def test_a_vector_env_renders_rgb_arrays_and_refuses_other_modes() -> None:
    env = VectorEnv("backgammon", 3, seed=1, render_mode="rgb_array")
    env.reset(seed=1)
    frames = env.render()
    assert len(frames) == 3
    for frame in frames:
        assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    text = VectorEnv("daldos", 2, seed=1, render_mode="ansi")
    text.reset(seed=1)
    assert [isinstance(t, str) for t in text.render()] == [True, True]
    with pytest.raises(ValueError, match="render_mode"):
        VectorEnv("backgammon", 2, render_mode="human")
