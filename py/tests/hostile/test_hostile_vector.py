"""A VectorEnv's buffers in hostile hands: made read-only by the caller, or
shared between threads. Every misuse is a ``ValueError`` or a
``RuntimeError`` (never a ``PanicException``, a ``BaseException`` that
kills a worker thread past ``except Exception``), and a refused call
changes nothing."""

from __future__ import annotations

import threading
from typing import Any, Callable, List

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from racegames.vector import VectorEnv

from conftest import HOSTILE

BUFFERS = (
    "observations", "action_masks", "rewards", "terminated", "truncated",
    "current_player", "returns", "ended",
)
CALLS = ("reset", "step", "random_actions", "reset_ended")


def call(env: VectorEnv, name: str) -> Any:
    if name == "reset":
        return env.reset(seed=3)
    if name == "step":
        return env.step(np.zeros(env.num_envs, dtype=np.int64))
    if name == "random_actions":
        return env.random_actions()
    return env.reset_ended()


@HOSTILE
@given(buffer=st.sampled_from(BUFFERS), name=st.sampled_from(CALLS), before_reset=st.booleans())
def test_a_buffer_made_read_only_is_refused_with_a_value_error(
    buffer: str, name: str, before_reset: bool
) -> None:
    env = VectorEnv("backgammon", 3, seed=1, copy=False)
    if not before_reset:
        env.reset(seed=2)
    getattr(env.core, buffer).flags.writeable = False
    notations = [env.core.notation(i) for i in range(env.num_envs)]
    if name == "random_actions":
        call(env, name)  # the core's buffers are not written by it
        return
    if name == "step" and before_reset:
        return  # gymnasium's ResetNeeded comes first
    with pytest.raises(ValueError, match=buffer):
        call(env, name)
    assert [env.core.notation(i) for i in range(env.num_envs)] == notations
    getattr(env.core, buffer).flags.writeable = True
    call(env, name)


def test_the_returned_arrays_made_read_only_do_not_break_the_env() -> None:
    env = VectorEnv("backgammon", 4, seed=1, copy=False)
    obs, _ = env.reset(seed=1)
    actions = env.random_actions()
    actions.flags.writeable = False
    again = env.random_actions()
    assert again.flags.writeable and (again == again).all()
    obs["observation"].flags.writeable = False
    with pytest.raises(ValueError, match="observations"):
        env.step(again)


def test_a_read_only_out_array_is_refused_by_the_core() -> None:
    env = VectorEnv("daldos", 2, seed=1)
    env.reset(seed=1)
    out = np.zeros(2, dtype=np.int64)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        env.core.random_actions(out)


def in_threads(work: Callable[[], Any], threads: int = 4, rounds: int = 200) -> List[BaseException]:
    """Runs ``work`` in several threads at once; what each raised."""
    raised: List[BaseException] = []
    start = threading.Barrier(threads)

    def run() -> None:
        start.wait()
        for _ in range(rounds):
            try:
                work()
            except BaseException as e:  # a PanicException is a BaseException
                raised.append(e)

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return raised


@pytest.mark.parametrize("name", ["random_actions", "step"])
def test_a_vector_env_shared_between_threads_raises_runtime_errors(name: str) -> None:
    env = VectorEnv("backgammon", 64, seed=1, copy=False)
    env.reset(seed=1)
    raised = in_threads(lambda: call(env, name))
    assert all(type(e) is RuntimeError for e in raised), {type(e).__name__ for e in raised}
    for e in raised:
        assert "another thread" in str(e)
