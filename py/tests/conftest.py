"""Shared fixtures for the racegames Python tests."""

from __future__ import annotations

import random
from pathlib import Path
from typing import List

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
