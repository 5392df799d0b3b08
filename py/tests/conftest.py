"""Shared fixtures for the racegames Python tests."""

from __future__ import annotations

import random
from pathlib import Path
from typing import List, Tuple

import pytest

import racegames

REPO = Path(__file__).resolve().parents[2]

DALDOS_OPENING = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0"


@pytest.fixture
def game() -> racegames.Game:
    return racegames.make_game("daldos")


def random_states(game: racegames.Game, seed: int, limit: int = 400) -> List[racegames.State]:
    """The states of one random game (chance by probability, decisions uniform)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def sigint_as_default() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: the child gets SIGINT's
    default disposition, so that Python in it raises ``KeyboardInterrupt``
    even when the test run itself was started with SIGINT ignored (a
    background job, some CI runners), which a child would inherit."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_child(script: str, wait: float = 1.5, timeout: float = 60) -> Tuple[int, List[str], str, float]:
    """Runs ``script`` in a child Python, and sends it SIGINT ``wait``
    seconds after its first line, which must be ``started``. Returns its exit
    status, the lines it printed after that, its stderr and the
    ``time.monotonic()`` of the signal (the same clock in every process of a
    machine). The child is killed and its pipes closed however the test
    ends, so that a failure leaves no process and no open file behind."""
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_default,
    )
    assert child.stdout is not None
    try:
        first = child.stdout.readline().strip()
        assert first == "started", (first, child.stderr.read() if child.stderr else "")
        time.sleep(wait)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate()
    return child.returncode, out.splitlines(), err, sent


def assert_stops_within_a_second(script: str, then: str, timeout: float = 60) -> None:
    """Runs ``script`` as ``interrupt_child`` does, and checks that it
    caught the ``KeyboardInterrupt`` within a second of the signal (its
    line ``KeyboardInterrupt at <time.monotonic()>``), then printed the line
    ``then`` (proof that the package still works after the interrupt)."""
    status, lines, err, sent = interrupt_child(script, timeout=timeout)
    assert status == 0, (lines, err)
    assert lines[0].startswith("KeyboardInterrupt at "), (lines, err)
    assert float(lines[0].split()[-1]) - sent < 1.0, (lines, err)
    assert lines[1] == then, (lines, err)
