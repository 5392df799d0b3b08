"""The Gymnasium environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import racegames  # noqa: E402
from racegames.gym import RaceGameEnv  # noqa: E402


def test_ids_are_registered_for_present_games() -> None:
    assert "racegames/Daldos-v0" in gymnasium.registry
    absent = {"seys_dos_e_as": "SeysDosEAs-v0", "backgammon": "Backgammon-v0",
              "chinese_checkers": "ChineseCheckers-v0", "halma": "Halma-v0"}
    for name, env_id in absent.items():
        assert (f"racegames/{env_id}" in gymnasium.registry) == (name in racegames.list_games())


def test_check_env_passes() -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("racegames/Daldos-v0", board="norwegian")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)
    # Made through gymnasium.make, so that it has a spec and the checker can
    # try the other render modes too.
    check_env(gymnasium.make("racegames/Daldos-v0", seat="random", render_mode="ansi").unwrapped)


@pytest.mark.parametrize("name", racegames.list_games())
def test_check_env_passes_for_every_game(name: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from racegames._gym_registration import GYM_IDS

    env = gymnasium.make(f"racegames/{GYM_IDS[name]}", max_turns=30)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    for _ in range(40):
        assert env.observation_space.contains(obs)
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if term or trunc:
            obs, _ = env.reset()


def play(env: RaceGameEnv, seed: int, steps: int = 200) -> list:
    obs, info = env.reset(seed=seed)
    trace = [info["notation"]]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        trace.append((info["notation"], reward, term, trunc))
        if term or trunc:
            obs, info = env.reset()
            trace.append(info["notation"])
    return trace


def test_same_seed_same_trajectory() -> None:
    a = play(RaceGameEnv("daldos"), 5)
    b = play(RaceGameEnv("daldos"), 5)
    c = play(RaceGameEnv("daldos"), 6)
    assert a == b
    assert a != c


def test_observation_and_masks_agree() -> None:
    env = gymnasium.make("racegames/Daldos-v0").unwrapped
    obs, info = env.reset(seed=1)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].dtype == np.int8
    np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
    np.testing.assert_array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    np.testing.assert_array_equal(obs["action_mask"], env.state.legal_actions_mask())
    assert env.state.current_player() == env.seat
    np.testing.assert_array_equal(obs["observation"], env.state.observation_tensor(env.seat))


@pytest.mark.parametrize("bad", [-1, 10**9, 2547, "a0-m0", 1.5, None])
def test_illegal_action_ends_the_episode_without_raising(bad: object) -> None:
    env = RaceGameEnv("daldos")
    obs, info = env.reset(seed=0)
    legal = set(np.flatnonzero(obs["action_mask"]).tolist())
    if bad in legal:
        pytest.skip("happens to be legal")
    obs, reward, term, trunc, info = env.step(bad)
    assert reward == -1.0 and term and not trunc
    assert info["illegal_action"]
    assert not obs["action_mask"].any()


def test_truncation_by_max_turns() -> None:
    env = RaceGameEnv("daldos", max_turns=6)
    obs, _ = env.reset(seed=2)
    for _ in range(100):
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, _ = env.step(int(legal[0]))
        if term or trunc:
            break
    assert trunc and not term and reward == 0.0


def test_callable_opponent_and_seat() -> None:
    seen = []

    def first_legal(state: racegames.State) -> int:
        seen.append(state.current_player())
        return state.legal_actions()[0]

    env = RaceGameEnv("daldos", opponent=first_legal, seat=1)
    obs, _ = env.reset(seed=3)
    for _ in range(30):
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        assert info["current_player"] in (1, racegames.TERMINAL)
        if term or trunc:
            break
    assert seen and set(seen) == {0}


def test_games_end_with_the_seats_return() -> None:
    env = RaceGameEnv("daldos", seat="random")
    rewards = []
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        while True:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, term, trunc, _ = env.step(int(env.np_random.choice(legal)))
            if term or trunc:
                rewards.append(reward)
                assert reward == env.state.returns()[env.seat]
                break
            assert reward == 0.0
    assert all(r in (-1.0, 0.0, 1.0) for r in rewards)


def test_render_modes() -> None:
    env = RaceGameEnv("daldos", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text == str(env.state) and "\n" in text
    env = RaceGameEnv("daldos", render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 3


def test_bad_constructor_arguments() -> None:
    with pytest.raises(ValueError):
        RaceGameEnv("daldos", seat=2)
    with pytest.raises(ValueError):
        RaceGameEnv("daldos", opponent="no such player")
    with pytest.raises(TypeError):
        RaceGameEnv("daldos", opponent=3)
    with pytest.raises(racegames.ParameterError):
        RaceGameEnv("daldos", board="swedish")
