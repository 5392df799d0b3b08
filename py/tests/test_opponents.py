"""Built-in players as opponents: Gymnasium (by name, Player or callable),
VectorEnv (natively inside the step) and the other seats of PettingZoo."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import racegames
from racegames import players

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from racegames.vector import VectorEnv  # noqa: E402

OPPONENT_NAMES = sorted({n for g in ("backgammon", "daldos") for n in players.list_players(g)})


def play_out(env: Any, seed: int) -> float:
    """Plays one episode with the first legal action; returns the reward."""
    obs, info = env.reset(seed=seed)
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward)


@pytest.mark.parametrize("name", OPPONENT_NAMES)
def test_gym_takes_an_opponent_by_name(name: str) -> None:
    env = gymnasium.make("racegames/Backgammon-v0", opponent=name, max_turns=60, render_mode="ansi")
    check_env(env.unwrapped)
    first = play_out(env, seed=3)
    assert first == play_out(env, seed=3)  # reset(seed) fixes the opponent too


def test_gym_takes_a_player_or_a_callable() -> None:
    p = players.make_player("random", "daldos", seed=2)
    for opponent in (p, lambda s: p(s)):
        env = gymnasium.make("racegames/Daldos-v0", opponent=opponent)
        play_out(env, seed=1)
    with pytest.raises(ValueError):
        gymnasium.make("racegames/Daldos-v0", opponent="nobody")
    with pytest.raises(ValueError):
        gymnasium.make("racegames/Daldos-v0", opponent=players.make_player("random", "backgammon"))
    with pytest.raises(TypeError):
        gymnasium.make("racegames/Daldos-v0", opponent=3)


def run_vector(opponent: Any, threads: int, steps: int, players_: int = 3) -> Any:
    env = VectorEnv("chinese_checkers", 32, seed=5, opponent=opponent, seat="random", threads=threads, players=players_)
    env.reset(seed=1)
    trace = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(env.random_actions())
        for i in range(env.num_envs):
            if info["current_player"][i] >= 0:
                assert info["current_player"][i] == env.core.seat(i)
        trace.append((obs["observation"].copy(), reward.copy(), info["current_player"].copy()))
    return trace


@pytest.mark.parametrize("name", players.list_players(racegames.make_game("chinese_checkers", players=3)))
def test_vector_env_opponents_by_name_play_natively_the_other_seats(name: str) -> None:
    # 32 environments: two jobs of 16, so that two threads share them. MCTS
    # searches at each of its decisions: fewer steps show it as well.
    steps = 5 if name == "mcts" else 20
    one = run_vector(name, threads=1, steps=steps)
    two = run_vector(name, threads=2, steps=steps)
    for (o1, r1, c1), (o2, r2, c2) in zip(one, two):
        assert np.array_equal(o1, o2) and np.array_equal(r1, r2) and np.array_equal(c1, c2)


def test_vector_env_takes_a_player_and_refuses_bad_opponents() -> None:
    p = players.make_player("random", racegames.make_game("chinese_checkers", players=3), seed=9)
    run_vector(p, threads=1, steps=50)
    with pytest.raises(ValueError):
        VectorEnv("backgammon", 4, opponent="nobody")
    with pytest.raises(ValueError):
        VectorEnv("backgammon", 4, opponent=players.make_player("random", "daldos"))
    with pytest.raises(TypeError):
        VectorEnv("backgammon", 4, opponent=lambda s: 0)  # type: ignore[arg-type]


def test_pettingzoo_opponents_take_seats_out_of_the_agents() -> None:
    pz = pytest.importorskip("racegames.pettingzoo")
    from pettingzoo.test import api_test, seed_test

    env = pz.env("chinese_checkers", players=3, opponents={2: "random", "player_0": players.list_players("halma")[-1]})
    env.reset(seed=1)
    assert env.possible_agents == ["player_1"]
    assert env.agent_selection == "player_1"
    api_test(pz.env("backgammon", opponents={1: "random"}), num_cycles=200)
    seed_test(lambda: pz.env("daldos", opponents={"player_1": "random"}), num_cycles=100)


@pytest.mark.parametrize(
    "opponents, error",
    [
        ({5: "random"}, ValueError),
        ({"player_9": "random"}, ValueError),
        ({0: "random", 1: "random"}, ValueError),
        ({1: "nobody"}, ValueError),
        ({1: 3}, TypeError),
        (["random"], TypeError),
    ],
)
def test_pettingzoo_bad_opponents(opponents: Any, error: type) -> None:
    pz = pytest.importorskip("racegames.pettingzoo")
    with pytest.raises(error):
        pz.env("backgammon", opponents=opponents)
