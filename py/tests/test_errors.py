"""Bad input of every kind gives the documented error and changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

import racegames
from conftest import random_states


def decision_state(game: racegames.Game) -> racegames.State:
    for state in random_states(game, 3):
        if not state.is_chance_node() and not state.is_terminal():
            return state
    raise AssertionError("no decision node")


def test_exceptions_are_value_errors() -> None:
    for exc in (
        racegames.IllegalActionError,
        racegames.NotationError,
        racegames.UnknownGameError,
        racegames.ParameterError,
    ):
        assert issubclass(exc, ValueError)
    assert issubclass(racegames.InternalError, RuntimeError)


def test_unknown_game() -> None:
    with pytest.raises(racegames.UnknownGameError, match="daldos"):
        racegames.make_game("chess")
    with pytest.raises(TypeError):
        racegames.make_game(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "params",
    [
        {"colour": "red"},
        {"board": "swedish"},
        {"board": 3},
        {"lose_at_one": "yes"},
        {"max_turns": -1},
        {"max_turns": 10**30},
        {"dalling": True},
    ],
)
def test_bad_parameters(params: dict) -> None:
    with pytest.raises(racegames.ParameterError):
        racegames.make_game("daldos", **params)


@pytest.mark.parametrize("params", [{"board": 3}, {"lose_at_one": "yes"}, {"dalling": True}])
def test_parameter_values_of_the_wrong_type_are_type_errors(params: dict) -> None:
    # Both a ParameterError (a ValueError) and a TypeError.
    with pytest.raises(TypeError):
        racegames.make_game("daldos", **params)
    with pytest.raises(racegames.ParameterTypeError):
        racegames.make_game("daldos", **params)
    assert issubclass(racegames.ParameterTypeError, racegames.ParameterError)


def test_parameters_of_a_wrong_type() -> None:
    with pytest.raises(TypeError):
        racegames.make_game("daldos", board=["danish"])
    with pytest.raises(TypeError):
        racegames.make_game("daldos", max_turns=3.5)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "garbage",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaa A - 0",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa C - 0",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A 57 0",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - x",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0 extra",
        "bbbbbbbbbbbbbbbx/................./aaaaaaaaaaaaaaaa A - 0",
        "ø" * 60,
        "\x00/\x00/\x00",
    ],
)
def test_garbage_notation(game: racegames.Game, text: str) -> None:
    with pytest.raises(racegames.NotationError) as info:
        game.state_from_notation(text)
    assert str(info.value)


def test_notation_of_a_wrong_type(game: racegames.Game) -> None:
    with pytest.raises(TypeError):
        game.state_from_notation(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.state_from_notation(b"bytes")  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [-1, 2548, 10**6, 2**40, 10**30])
def test_illegal_actions_leave_the_state_unchanged(game: racegames.Game, action: int) -> None:
    state = decision_state(game)
    before = state.notation()
    with pytest.raises(racegames.IllegalActionError):
        state.apply_action(action)
    assert state.notation() == before
    assert not state.is_legal(action)


def test_every_illegal_action_is_refused(game: racegames.Game) -> None:
    state = decision_state(game)
    before = state.notation()
    legal = set(state.legal_actions())
    for a in range(game.num_distinct_actions()):
        if a in legal:
            continue
        with pytest.raises(racegames.IllegalActionError):
            state.apply_action(a)
    assert state.notation() == before


def test_chance_node_refuses_non_outcomes(game: racegames.Game) -> None:
    state = game.new_initial_state()
    with pytest.raises(racegames.IllegalActionError):
        state.apply_action(2)
    assert state.notation() == game.new_initial_state().notation()


def test_actions_of_a_wrong_type(game: racegames.Game) -> None:
    state = decision_state(game)
    before = state.notation()
    for bad in ("3", 1.0, None, [1], True):
        with pytest.raises(TypeError):
            state.apply_action(bad)  # type: ignore[arg-type]
    assert state.notation() == before
    # numpy integers are integers.
    state.apply_action(np.int64(state.legal_actions()[0]))


def test_terminal_state_refuses_actions(game: racegames.Game) -> None:
    state = game.new_initial_state()
    state.play_random(seed=2)
    before = state.notation()
    with pytest.raises(racegames.IllegalActionError):
        state.apply_action(0)
    assert state.notation() == before


def test_bad_action_strings(game: racegames.Game) -> None:
    state = decision_state(game)
    for text in ("", "zz-zz", "a0-m0" * 40):
        with pytest.raises(racegames.NotationError):
            state.string_to_action(text)
    with pytest.raises(TypeError):
        state.string_to_action(3)  # type: ignore[arg-type]


def test_bad_players(game: racegames.Game) -> None:
    state = game.new_initial_state()
    for bad in (-1, 2, 10**20):
        with pytest.raises(ValueError):
            state.observation_tensor(bad)
    with pytest.raises(TypeError):
        state.observation_tensor("A")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        state.legal_actions(7)


def test_random_junk_never_crashes(game: racegames.Game) -> None:
    rng = np.random.default_rng(0)
    alphabet = list("abAB./- 0123456789xm")
    for _ in range(2000):
        text = "".join(rng.choice(alphabet, size=int(rng.integers(0, 70))))
        try:
            state = game.state_from_notation(text)
        except racegames.NotationError:
            continue
        assert game.state_from_notation(state.notation()) == state
