"""Copies, pickles and reprs keep the whole state (game, options, position)."""

from __future__ import annotations

import copy
import pickle

import racegames
from conftest import random_states


def test_clone_copy_deepcopy_are_independent(game: racegames.Game) -> None:
    state = random_states(game, 5, limit=30)[-1]
    for dup in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        assert dup == state and dup is not state
        if not dup.is_terminal():
            before = state.notation()
            dup.play_random(seed=1)
            assert state.notation() == before


def test_pickle_keeps_game_options_and_position() -> None:
    game = racegames.make_game("daldos", board="norwegian", capture="intermediate", max_turns=77)
    for state in random_states(game, 9, limit=40)[::7]:
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert back.notation() == state.notation()
        assert back.get_game() == game
        params = back.get_game().get_parameters()
        assert params == {**racegames.make_game("daldos").get_parameters(), "board": "norwegian", "capture": "intermediate", "max_turns": 77}
    assert pickle.loads(pickle.dumps(game)) == game


def test_repr_round_trips_through_the_notation() -> None:
    game = racegames.make_game("daldos", board="norwegian")
    state = random_states(game, 4, limit=25)[-1]
    back = eval(repr(state), {"racegames": racegames})
    assert back == state
    assert back.get_game() == game


def test_states_hash_by_position(game: racegames.Game) -> None:
    a = game.new_initial_state()
    b = game.new_initial_state()
    assert len({a, b}) == 1
    b.apply_action(0)
    assert len({a, b}) == 2
    # The same position under other options is another state.
    other = racegames.make_game("daldos", dalling="stern_only").new_initial_state()
    assert other != a
