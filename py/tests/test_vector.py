"""The native VectorEnv."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402

import racegames  # noqa: E402
from racegames.vector import VectorEnv  # noqa: E402


def run(env: VectorEnv, steps: int, seed: int) -> list:
    obs, info = env.reset(seed=seed)
    out = []
    for _ in range(steps):
        obs, rew, term, trunc, info = env.step(env.random_actions())
        out.append((obs["observation"].copy(), obs["action_mask"].copy(), rew.copy(), term.copy(),
                    trunc.copy(), info["current_player"].copy(), info["returns"].copy()))
    return out


def assert_same(a: list, b: list) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            np.testing.assert_array_equal(u, v)


def test_is_a_gymnasium_vector_env() -> None:
    env = VectorEnv("daldos", 4, seed=1)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, info = env.reset(seed=3)
    assert obs["observation"].shape == (4, *env.game.observation_tensor_shape())
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (4, env.game.num_distinct_actions())
    assert obs["action_mask"].dtype == np.int8
    assert env.observation_space.contains(obs)


def test_same_seed_same_trajectory_whatever_the_threads() -> None:
    a = run(VectorEnv("daldos", 300, seed=0, threads=1), 60, seed=9)
    b = run(VectorEnv("daldos", 300, seed=5, threads=2), 60, seed=9)
    assert_same(a, b)
    c = run(VectorEnv("daldos", 300, seed=0, threads=1), 60, seed=10)
    assert not np.array_equal(a[-1][0], c[-1][0])


def test_masks_and_observations_match_the_states() -> None:
    env = VectorEnv("daldos", 6, seed=2, copy=False)
    obs, info = env.reset()
    for _ in range(150):
        obs, rew, term, trunc, info = env.step(env.random_actions())
        for i in range(6):
            state = env.state(i)
            if info["current_player"][i] == racegames.TERMINAL:
                assert obs["action_mask"][i].nonzero()[0].tolist() == [0]  # action 0 alone, never all zeros
                continue
            assert info["current_player"][i] == state.current_player() == 0
            np.testing.assert_array_equal(obs["action_mask"][i], state.legal_actions_mask())
            np.testing.assert_array_equal(obs["observation"][i], state.observation_tensor(0))


def test_self_play_drives_both_seats() -> None:
    env = VectorEnv("daldos", 8, seed=3, opponent=None)
    env.reset()
    seats = set()
    for _ in range(100):
        _, _, _, _, info = env.step(env.random_actions())
        seats.update(info["current_player"].tolist())
    assert {0, 1} <= seats


def test_next_step_autoreset_and_returns() -> None:
    env = VectorEnv("daldos", 16, seed=4, opponent=None, max_turns=12)
    env.reset()
    done_before = np.zeros(16, dtype=bool)
    ended = 0
    for _ in range(200):
        obs, rew, term, trunc, info = env.step(env.random_actions())
        done = term | trunc
        # The step after an end is a reset: reward 0, not done.
        assert not done[done_before].any()
        assert (rew[done_before] == 0).all()
        np.testing.assert_array_equal(info["_returns"], done)
        for i in np.flatnonzero(done):
            ended += 1
            r = info["returns"][i]
            if trunc[i]:
                assert (r == 0).all()
            else:
                assert sorted(r.tolist()) == [-1.0, 1.0]
        assert (info["returns"][~done] == 0).all()
        done_before = done
    assert ended > 0


def test_illegal_action_ends_the_episode() -> None:
    env = VectorEnv("daldos", 3, seed=5)
    obs, info = env.reset()
    actions = env.random_actions()
    actions[1] = -7
    obs, rew, term, trunc, info = env.step(actions)
    assert term[1] and rew[1] == -1.0
    assert info["returns"][1].tolist() == [-1.0, 0.0]
    assert obs["action_mask"][1].nonzero()[0].tolist() == [0]
    obs, rew, term, trunc, info = env.step(env.random_actions())
    assert not term[1] and rew[1] == 0.0 and obs["action_mask"][1].any()


def test_random_seat() -> None:
    env = VectorEnv("daldos", 64, seed=6, seat="random")
    env.reset()
    seats = {env.core.seat(i) for i in range(64)}
    assert seats == {0, 1}


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        VectorEnv("daldos", 0)
    with pytest.raises(ValueError):
        VectorEnv("daldos", 2, seat=5)
    with pytest.raises(ValueError):
        VectorEnv("daldos", 2, opponent="no such player")
    with pytest.raises(racegames.UnknownGameError):
        VectorEnv("chess", 2)
    env = VectorEnv("daldos", 2, seed=1)
    env.reset()
    with pytest.raises(ValueError):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(TypeError):
        env.step(np.zeros(2, dtype=np.float32))


@pytest.mark.parametrize("name", racegames.list_games())
def test_every_game_steps_natively(name: str) -> None:
    env = VectorEnv(name, 4, seed=1, opponent=None, max_turns=15)
    obs, info = env.reset()
    for _ in range(60):
        for i in range(4):
            if info["current_player"][i] >= 0:
                state = env.state(i)
                np.testing.assert_array_equal(obs["action_mask"][i], state.legal_actions_mask())
        obs, rew, term, trunc, info = env.step(env.random_actions())
        assert env.observation_space.contains(obs)


@pytest.mark.skipif("chinese_checkers" not in racegames.list_games(), reason="no Chinese checkers in this build")
def test_six_players_with_random_seats() -> None:
    env = VectorEnv("chinese_checkers", 32, seed=2, players=6, seat="random")
    env.reset()
    seats = [env.core.seat(i) for i in range(32)]
    assert set(seats) <= set(range(6)) and len(set(seats)) > 2
    for _ in range(20):
        _, _, _, _, info = env.step(env.random_actions())
        live = info["current_player"] >= 0
        assert (info["current_player"][live] == np.array(seats)[live]).all()
    assert info["returns"].shape == (32, 6)


def test_reset_seeds() -> None:
    a = VectorEnv("daldos", 3, seed=1)
    b = VectorEnv("daldos", 3, seed=2)
    oa, _ = a.reset(seed=[7, 8, 9])
    ob, _ = b.reset(seed=7)
    np.testing.assert_array_equal(oa["observation"], ob["observation"])
    with pytest.raises(TypeError):
        a.reset(seed="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["chinese_checkers", "halma"])
@pytest.mark.parametrize("opponent", ["random", None])
def test_observations_updated_in_place_equal_fresh_ones(name: str, opponent: object) -> None:
    # Halma games rewrite only what changed in the native buffers (copy=False):
    # across turns, viewer changes, episode ends and auto-resets, every row
    # must equal a fresh observation_tensor of its environment.
    n = 5
    env = VectorEnv(name, n, seed=4, copy=False, opponent=opponent, seat="random", players=2)
    obs, info = env.reset()
    acted = info["current_player"].copy()
    ends = 0
    for step in range(250):
        actions = env.random_actions().copy()
        if step % 41 == 40:
            actions[step % n] = -1  # an illegal action ends that episode
        obs, rew, term, trunc, info = env.step(actions)
        for i in range(n):
            state = env.state(i)
            player = info["current_player"][i]
            if player == racegames.TERMINAL:
                ends += 1
                # The episode's last observation, for the caller's seat (or the actor).
                viewer = env.core.seat(i) if opponent == "random" else acted[i]
            else:
                viewer = player
            np.testing.assert_array_equal(obs["observation"][i], state.observation_tensor(viewer))
        acted = info["current_player"].copy()
    assert ends > 0


def test_reset_rewrites_observations_in_full() -> None:
    env = VectorEnv("chinese_checkers", 3, seed=1, copy=False)
    obs, _ = env.reset(seed=2)
    first = obs["observation"].copy()
    obs["observation"][...] = 7.0  # not allowed, but reset repairs it
    obs, _ = env.reset(seed=2)
    np.testing.assert_array_equal(obs["observation"], first)


@pytest.mark.parametrize("name", racegames.list_games())
def test_reset_repairs_masks_and_observations_written_from_outside(name: str) -> None:
    env = VectorEnv(name, 20, seed=3, copy=False, max_turns=40)
    obs, _ = env.reset()
    for _ in range(5):
        obs, *_ = env.step(env.random_actions())
    obs["action_mask"][:] = 1
    obs["observation"][:] = 7.0
    obs, _ = env.reset(seed=4)
    for i in range(env.num_envs):
        state = env.state(i)
        viewer = state.current_player()
        assert np.array_equal(obs["action_mask"][i], state.legal_actions_mask())
        assert np.array_equal(obs["observation"][i], state.observation_tensor(viewer))
