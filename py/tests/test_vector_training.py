"""VectorEnv features for training: NaN-free finished rows, same-step reset,
the progress reward of the Halma games, and the SB3 adapter."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from racegames.vector import VectorEnv  # noqa: E402


def _finished_rows_have_only_action_zero(env: VectorEnv, steps: int) -> int:
    seen = 0
    obs, infos = env.reset(seed=4)
    for _ in range(steps):
        obs, reward, term, trunc, infos = env.step(env.random_actions())
        ended = term | trunc
        masks = infos["action_mask"]
        for row in np.flatnonzero(ended):
            assert masks[row, 0] == 1 and masks[row].sum() == 1
            seen += 1
        # Every live row lists exactly its legal actions.
        for row in np.flatnonzero(~ended)[:4]:
            assert masks[row].sum() == len(env.state(row).legal_actions())
    return seen


@pytest.mark.parametrize("name", ["backgammon", "daldos"])
def test_a_finished_row_never_has_an_all_zero_mask(name: str) -> None:
    env = VectorEnv(name, 16, seed=4, threads=1)
    assert _finished_rows_have_only_action_zero(env, 600) > 0


def test_a_masked_softmax_over_finished_rows_is_never_nan() -> None:
    env = VectorEnv("backgammon", 32, seed=2)
    env.reset(seed=2)
    for _ in range(400):
        _, _, term, trunc, infos = env.step(env.random_actions())
        logits = np.where(infos["action_mask"] == 1, 0.0, -np.inf)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        assert not np.isnan(probs).any()


def test_reset_ended_starts_the_next_episode_in_the_same_step() -> None:
    env = VectorEnv("backgammon", 8, seed=9)
    env.reset(seed=9)
    for _ in range(2000):
        obs, reward, term, trunc, infos = env.step(env.random_actions())
        ended = term | trunc
        if ended.any():
            obs = env.reset_ended()
            rows = np.flatnonzero(ended)
            current = env.core.current_player
            assert (current[rows] >= 0).all()
            for row in rows:
                state = env.state(int(row))
                assert not state.is_terminal()
                assert obs["action_mask"][row].sum() == len(state.legal_actions())
            return
    pytest.fail("no episode ended")


def test_progress_pays_the_rows_advanced_and_leaves_the_result_alone() -> None:
    win = VectorEnv("chinese_checkers", 8, seed=5, seat=0)
    shaped = VectorEnv("chinese_checkers", 8, seed=5, seat=0, reward="progress")
    win.reset(seed=5)
    shaped.reset(seed=5)
    total = np.zeros(8)
    for _ in range(60):
        actions = shaped.random_actions()
        _, r_win, *_ = win.step(actions)
        _, r_shaped, *_ = shaped.step(actions)
        assert (r_win == 0).all()  # nobody finishes in 60 moves
        total += r_shaped
    assert np.abs(total).max() > 0
    assert (total <= 1.0 + 1e-9).all()
    # The payments add up to the seat's progress now (it started at 0).
    assert np.allclose(total, [_progress(shaped, env) for env in range(8)])


def _progress(env: VectorEnv, row: int) -> float:
    progress = env.state(row).progress(0)
    assert progress is not None
    return progress


def test_progress_is_refused_for_games_without_it() -> None:
    with pytest.raises(ValueError, match="progress"):
        VectorEnv("backgammon", 2, reward="progress")
    with pytest.raises(ValueError, match="reward"):
        VectorEnv("chinese_checkers", 2, reward="points")


def test_the_sb3_adapter_resets_in_the_same_step() -> None:
    pytest.importorskip("stable_baselines3")
    from racegames.sb3 import SB3VecEnv

    env = SB3VecEnv("backgammon", 8, seed=3)
    obs = env.reset()
    assert obs.shape == (8, 168) and obs.dtype == np.float32
    ended = 0
    for _ in range(1500):
        masks = np.stack(env.env_method("action_masks"))
        rng = np.random.default_rng(ended)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            ended += 1
            assert infos[i]["terminal_observation"].shape == (168,)
            assert rewards[i] in (-1.0, 1.0)
            assert infos[i]["episode"]["r"] == rewards[i]
            # The returned observation is already the next episode's.
            assert env.action_masks()[i].sum() >= 1
        if ended >= 3:
            break
    assert ended >= 3
