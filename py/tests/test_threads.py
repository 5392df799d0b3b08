"""One State used from several threads: a long native call (which releases
the GIL) holds no borrow of the state, so other threads keep using it,
without pyo3's "Already borrowed" error and without waiting for the call."""

from __future__ import annotations

import threading
from typing import Callable, List

import racegames
from racegames import daldos

# No turn limit: a random game of Chinese checkers takes long enough that the
# other thread runs many times while the call is under way.
LONG_GAME = racegames.make_game("chinese_checkers", max_turns=0)


def run_beside(long_call: Callable[[], object], state: racegames.State) -> List[int]:
    """Runs ``long_call`` on a thread while this thread reads and copies
    ``state`` until it is done; returns how many reads succeeded and fails
    on any error of either thread."""
    errors: List[BaseException] = []

    def target() -> None:
        try:
            long_call()
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    worker = threading.Thread(target=target)
    reads = 0
    worker.start()
    while worker.is_alive():
        state.legal_actions()
        state.notation()
        state.clone()
        reads += 1
    worker.join()
    assert not errors, errors
    return [reads]


def test_state_is_usable_while_another_thread_plays_it_out() -> None:
    state = LONG_GAME.new_initial_state()
    [reads] = run_beside(lambda: [state.play_random(seed, 20_000) for seed in range(20)], state)
    assert reads > 0
    assert state.turn_count() > 0


def test_apply_action_while_another_thread_plays_it_out() -> None:
    state = LONG_GAME.new_initial_state()
    errors: List[BaseException] = []

    def long_call() -> None:
        for seed in range(10):
            state.play_random(seed, 20_000)

    worker = threading.Thread(target=long_call)
    worker.start()
    applied = 0
    while worker.is_alive():
        try:
            if not state.is_terminal():
                state.apply_action(state.legal_actions()[0])
                applied += 1
        except racegames.IllegalActionError:
            # The other thread's result was stored between the two calls.
            pass
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
            break
    worker.join()
    assert not errors, errors


def test_daldos_analysis_holds_no_borrow() -> None:
    game = racegames.make_game("daldos")
    state = game.state_from_notation("BBB............./..BA............./a............... B - 0")
    run_beside(lambda: [daldos.threat_map(state) for _ in range(50)], state)
