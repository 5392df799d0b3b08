"""A VectorEnv pickles: rebuilt from its configuration and states, it goes
on exactly as the original (the same observations, masks, rewards, dice
and opponents' moves), in this process or another; and its misuse gets
clear errors."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import threading
import time
from typing import Any, Dict, List, Tuple

import gymnasium
import numpy as np
import pytest

import racegames
from racegames.players import make_player
from racegames.vector import VectorEnv

Run = List[Tuple[np.ndarray, ...]]


def _run(env: VectorEnv, steps: int) -> Run:
    """Steps with the environment's own random actions; every output kept."""
    out: Run = []
    for _ in range(steps):
        actions = env.random_actions().copy()
        obs, rewards, term, trunc, infos = env.step(actions)
        out.append(
            (
                actions,
                np.asarray(obs["observation"] if isinstance(obs, dict) else obs).copy(),
                env.core.action_masks.copy(),
                rewards.copy(),
                term.copy(),
                trunc.copy(),
                infos["current_player"].copy(),
                infos["returns"].copy(),
                infos["_returns"].copy(),
                np.array([env.core.notation(i) for i in range(env.num_envs)]),
            )
        )
    return out


def _assert_same(a: Run, b: Run) -> None:
    assert len(a) == len(b)
    for step, (x, y) in enumerate(zip(a, b)):
        for u, v in zip(x, y):
            np.testing.assert_array_equal(u, v, err_msg=f"step {step}")


CASES: List[Tuple[str, Dict[str, Any]]] = [
    ("daldos", dict(opponent="random", seat="random")),
    ("backgammon", dict(opponent="greedy", seat=1)),
    ("backgammon", dict(opponent=["random", "greedy", "random"], seat="random", threads=2)),
    ("seys_dos_e_as", dict(opponent=None)),
    ("chinese_checkers", dict(opponent="random", seat="random", players=3, observation="flat")),
]


@pytest.mark.parametrize("name,kwargs", CASES)
def test_a_pickled_vector_env_goes_on_exactly_as_the_original(name: str, kwargs: Dict[str, Any]) -> None:
    env = VectorEnv(name, 40, seed=11, **kwargs)
    env.reset(seed=11)
    _run(env, 25)  # episodes under way, some just ended
    data = pickle.dumps(env)
    twin = pickle.loads(data)
    deep = copy.deepcopy(env)
    assert twin.num_envs == env.num_envs and twin.game == env.game
    for i in range(env.num_envs):
        assert twin.core.notation(i) == env.core.notation(i)
        assert twin.core.seat(i) == env.core.seat(i)
    np.testing.assert_array_equal(twin.core.action_masks, env.core.action_masks)
    np.testing.assert_array_equal(twin.core.observations, env.core.observations)
    expected = _run(env, 60)
    _assert_same(_run(twin, 60), expected)
    _assert_same(_run(deep, 60), expected)


def test_a_league_opponent_is_the_one_each_episode_drew() -> None:
    # Greedy and random opponents play differently: after a pickle the same
    # member keeps each environment's seats.
    game = racegames.make_game("daldos")
    league = [make_player("greedy", game, seed=1), "random", make_player("mcts", game, seed=2, simulations=8)]
    env = VectorEnv("daldos", 24, seed=5, opponent=league, seat="random")
    env.reset()
    _run(env, 30)
    twin = pickle.loads(pickle.dumps(env))
    _assert_same(_run(twin, 80), _run(env, 80))


def _continue_elsewhere(data: bytes) -> Run:
    return _run(pickle.loads(data), 40)


def test_a_pickled_vector_env_goes_on_the_same_in_another_process() -> None:
    env = VectorEnv("backgammon", 16, seed=2, opponent="greedy", seat="random")
    env.reset()
    _run(env, 10)
    data = pickle.dumps(env)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.apply(_continue_elsewhere, (data,))
    _assert_same(there, _run(env, 40))


def test_the_vector_entry_point_pickles() -> None:
    env = gymnasium.make_vec("racegames/Daldos-v0", num_envs=4, vectorization_mode="vector_entry_point", seed=1)
    env.reset(seed=1)
    twin = pickle.loads(pickle.dumps(env))
    _assert_same(_run(twin, 20), _run(env, 20))


def test_a_vector_env_pickled_before_reset_still_needs_one() -> None:
    twin = pickle.loads(pickle.dumps(VectorEnv("daldos", 2, seed=1)))
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        twin.step(np.zeros(2, dtype=np.int64))
    twin.reset()
    twin.step(twin.random_actions())


def test_step_before_reset_is_refused() -> None:
    env = VectorEnv("backgammon", 3, seed=1)
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"reset\(\) before step\(\)"):
        env.step(np.zeros(3, dtype=np.int64))
    env.reset()
    env.step(env.random_actions())


def test_a_snapshot_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    env = VectorEnv("daldos", 4, seed=3)
    env.reset()
    backward, envs = env.core.snapshot()
    before = [env.core.notation(i) for i in range(4)]
    bad: List[Any] = [
        (backward, envs[:3]),
        (backward, [("not a position",) + envs[0][1:]] + envs[1:]),
        (backward, [envs[0][:3] + (7,) + envs[0][4:]] + envs[1:]),
        (backward, [envs[0][:4] + (3,) + envs[0][5:]] + envs[1:]),
    ]
    for snapshot in bad:
        with pytest.raises(ValueError):
            env.core.restore(snapshot)
        assert [env.core.notation(i) for i in range(4)] == before
    with pytest.raises(TypeError):
        env.core.restore("nonsense")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a pickled"):
        VectorEnv.__new__(VectorEnv).__setstate__({"x": 1})


# --- clear errors -----------------------------------------------------------


@pytest.mark.parametrize(
    "opponent,words",
    [
        (lambda state: 0, "callable"),
        (len, "callable"),
        (3, "not int"),
        (2.5, "not float"),
        ([], "1 to 64"),
        (["random", 7], r"opponent\[1\] must be"),
        ({"random": 1}, "not dict"),
    ],
)
def test_an_opponent_the_vector_env_cannot_play_gets_a_clear_error(opponent: Any, words: str) -> None:
    with pytest.raises((TypeError, ValueError), match=words) as info:
        VectorEnv("daldos", 2, opponent=opponent)
    assert "extract" not in str(info.value) and "OpponentArg" not in str(info.value)


def test_a_vector_env_in_use_by_another_thread_says_so() -> None:
    # A step of many environments runs with the GIL released; a second
    # thread touching the batch meanwhile gets a clear error, not pyo3's
    # "Already borrowed", and the batch stays whole.
    env = VectorEnv("backgammon", 60_000, seed=1, copy=False)
    env.reset()
    actions = env.random_actions().copy()
    seen: List[str] = []
    for _ in range(20):
        worker = threading.Thread(target=lambda: env.core.step(actions))
        worker.start()
        time.sleep(0.01)
        try:
            env.core.notation(0)
            env.core.step(actions)
        except RuntimeError as e:
            seen.append(str(e))
        worker.join()
        if seen:
            break
        actions = env.random_actions().copy()
    assert seen and "another thread" in seen[0], seen
    env.step(env.random_actions())


def test_a_state_can_be_read_while_a_player_thinks_about_it() -> None:
    game = racegames.make_game("daldos")
    state = game.new_initial_state()
    dice = __import__("random").Random(1)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(dice.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(state.legal_actions()[0])
    player = make_player("mcts", game, seed=1, simulations=20_000)
    result: List[int] = []
    worker = threading.Thread(target=lambda: result.append(player.act(state)))
    worker.start()
    time.sleep(0.05)
    legal = state.legal_actions()  # no "Already borrowed"
    copy_of = state.clone()
    worker.join()
    assert result and result[0] in legal and copy_of == state


def test_an_unknown_game_name_is_not_echoed_whole() -> None:
    with pytest.raises(racegames.UnknownGameError) as info:
        racegames.make_game("x" * 1_000_000)
    assert len(str(info.value)) < 1000 and "known games" in str(info.value)
