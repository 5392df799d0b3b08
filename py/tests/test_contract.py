"""The public contract of the Python API (``docs/python/api.md``), on every
registered game."""

from __future__ import annotations

import math

import numpy as np
import pytest

import racegames
from conftest import DALDOS_OPENING, random_states

ALL_GAMES = racegames.list_games()


def test_list_games_is_sorted_and_has_daldos() -> None:
    names = racegames.list_games()
    assert names == sorted(names)
    assert "daldos" in names


def test_constants_are_openspiels() -> None:
    assert racegames.CHANCE == -1
    assert racegames.TERMINAL == -4


@pytest.mark.parametrize("name", ALL_GAMES)
def test_game_properties(name: str) -> None:
    game = racegames.make_game(name)
    assert game.name == name
    assert game.num_players() >= 2
    assert game.num_distinct_actions() > 0
    assert game.max_chance_outcomes() >= 0
    assert game.min_utility() < game.max_utility()
    shape = game.observation_tensor_shape()
    assert isinstance(shape, tuple) and all(isinstance(d, int) for d in shape)
    assert game.observation_tensor_size() == math.prod(shape)


@pytest.mark.parametrize("name", ALL_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_follows_the_contract(name: str, seed: int) -> None:
    game = racegames.make_game(name)
    n = game.num_distinct_actions()
    for state in random_states(game, seed, limit=150):
        player = state.current_player()
        assert state.is_chance_node() == (player == racegames.CHANCE)
        assert state.is_terminal() == (player == racegames.TERMINAL)
        # Notation round-trips.
        again = game.state_from_notation(state.notation())
        assert again == state and again.notation() == state.notation()
        returns = state.returns()
        assert len(returns) == game.num_players()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            actions = [a for a, _ in outcomes]
            assert actions == sorted(actions)
            assert state.legal_actions() == actions
            assert not mask.any()
        elif state.is_terminal():
            assert state.legal_actions() == [] and state.chance_outcomes() == []
            assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert list(np.flatnonzero(mask)) == legal
            assert state.legal_actions(player) == legal
            assert state.legal_actions((player + 1) % game.num_players()) == []
            assert all(state.is_legal(a) for a in legal)
            assert returns == [0.0] * game.num_players()
            for a in legal[:5]:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a
                assert state.action_to_string(player, a) == text
                assert state.string_to_action(player, text) == a
        for p in range(game.num_players()):
            obs = state.observation_tensor(p)
            assert obs.dtype == np.float32 and obs.shape == game.observation_tensor_shape()


def test_daldos_opening_and_roll_off(game: racegames.Game) -> None:
    state = game.new_initial_state()
    assert state.notation() == DALDOS_OPENING
    assert state.current_player() == racegames.CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(0)
    assert state.notation().split()[1] == "A"
    assert state.turn_owner() == 0
    assert state.turn_count() == 0


def test_daldos_options_change_the_game() -> None:
    norwegian = racegames.make_game("daldos", board="norwegian", dalling="stern_only")
    danish = racegames.make_game("daldos")
    assert norwegian.observation_tensor_shape() != danish.observation_tensor_shape()
    assert norwegian.new_initial_state().notation().split()[0] == "bbbbbbbbbbbb/............./aaaaaaaaaaaa"
    params = norwegian.get_parameters()
    assert {k: params[k] for k in ("board", "dalling")} == {"board": "norwegian", "dalling": "stern_only"}
    for kw in (
        {"capture": "intermediate"},
        {"jumping": "forbidden"},
        {"lose_at_one": True},
        {"max_turns": 10},
    ):
        racegames.make_game("daldos", **kw)


def test_max_turns_truncates() -> None:
    game = racegames.make_game("daldos", max_turns=4)
    state = game.new_initial_state()
    state.play_random(seed=3)
    assert state.is_terminal()
    assert state.is_truncated()
    assert state.returns() == [0.0, 0.0]
    assert state.turn_count() == 4


def test_play_random_is_deterministic(game: racegames.Game) -> None:
    a, b = game.new_initial_state(), game.new_initial_state()
    steps = a.play_random(seed=11)
    assert b.play_random(seed=11) == steps
    assert a == b and a.is_terminal()
    c = game.new_initial_state()
    assert c.play_random(seed=11, max_steps=10) == 10


def test_observation_defaults_to_the_player_to_move(game: racegames.Game) -> None:
    state = game.new_initial_state()
    state.apply_action(1)  # B wins the roll-off
    state.apply_action(9)  # a dal-dal: B can dal
    assert state.current_player() == 1
    np.testing.assert_array_equal(state.observation_tensor(), state.observation_tensor(state.current_player()))


def test_game_equality_and_repr() -> None:
    a = racegames.make_game("daldos", board="norwegian")
    b = racegames.make_game("daldos", board="norwegian")
    assert a == b and hash(a) == hash(b)
    assert a != racegames.make_game("daldos")
    assert eval(repr(a), {"racegames": racegames}) == a
