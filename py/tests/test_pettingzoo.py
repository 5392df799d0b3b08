"""The PettingZoo AEC environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import racegames  # noqa: E402
import racegames.pettingzoo as rpz  # noqa: E402


def test_api_test_passes() -> None:
    api_test(rpz.env("daldos"), num_cycles=500)
    api_test(rpz.env("daldos", board="norwegian", max_turns=20), num_cycles=500)


@pytest.mark.parametrize("name", racegames.list_games())
def test_api_test_passes_for_every_game(name: str) -> None:
    api_test(rpz.env(name, max_turns=20), num_cycles=200)


def test_seed_test_passes() -> None:
    seed_test(lambda: rpz.env("daldos"), num_cycles=300)


def test_spaces_are_identical_for_every_agent() -> None:
    env = rpz.env("daldos")
    env.reset(seed=0)
    a, b = env.possible_agents
    assert env.observation_space(a) == env.observation_space(b)
    assert env.action_space(a) == env.action_space(b)


def test_illegal_action_ends_the_game() -> None:
    env = rpz.env("daldos")
    env.reset(seed=1)
    actor = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    other = [a for a in env.possible_agents if a != actor][0]
    assert env.rewards[actor] == -1.0 and env.rewards[other] == 0.0
    assert all(env.terminations.values())


def test_full_game_returns() -> None:
    env = rpz.env("daldos")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env.unwrapped.game_state.is_terminal()


def test_render() -> None:
    env = rpz.env("daldos", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.game_state)
    assert isinstance(racegames.pettingzoo.raw_env("daldos", render_mode="rgb_array").render(), np.ndarray)


@pytest.mark.skipif("chinese_checkers" not in racegames.list_games(), reason="no Chinese checkers in this build")
def test_six_players() -> None:
    env = rpz.env("chinese_checkers", players=6, max_turns=30)
    api_test(env, num_cycles=200)
    env.reset(seed=0)
    assert len(env.possible_agents) == 6
    first = env.observation_space(env.possible_agents[0])
    assert all(env.observation_space(a) == first for a in env.possible_agents)
