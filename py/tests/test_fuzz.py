"""Arbitrary input through the Python API, on every game: errors are the
documented ones, nothing crashes, and a refused action changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

import racegames
from conftest import random_states


@pytest.mark.parametrize("name", racegames.list_games())
def test_arbitrary_actions(name: str) -> None:
    game = racegames.make_game(name)
    rng = np.random.default_rng(1)
    n = game.num_distinct_actions()
    for state in random_states(game, 7, limit=60):
        legal = set(state.legal_actions())
        for a in rng.integers(-5, n + 5, size=40).tolist() + list(legal)[:3]:
            probe = state.clone()
            try:
                probe.apply_action(a)
            except racegames.IllegalActionError:
                assert probe == state
                assert a not in legal
            else:
                assert state.is_legal(a)


@pytest.mark.parametrize("name", racegames.list_games())
def test_arbitrary_notation(name: str) -> None:
    game = racegames.make_game(name)
    rng = np.random.default_rng(2)
    samples = [s.notation() for s in random_states(game, 3, limit=30)]
    alphabet = sorted(set("".join(samples)) | set(" -/.,0123456789ABab@xé\t"))
    for i in range(600):
        if i % 2:
            base = list(samples[i % len(samples)])
            for _ in range(int(rng.integers(1, 4))):
                base[int(rng.integers(len(base)))] = str(rng.choice(alphabet))
            text = "".join(base)
        else:
            text = "".join(rng.choice(alphabet, size=int(rng.integers(0, 80))))
        try:
            state = game.state_from_notation(text)
        except racegames.NotationError as e:
            assert str(e)
            continue
        assert game.state_from_notation(state.notation()) == state
