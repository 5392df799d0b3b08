"""Facts about each game come from the game itself (Rust): family, name
for people, Gymnasium id, observation bounds and the routes its picture is
drawn from; no list of games is written out in Python."""

from __future__ import annotations

import numpy as np
import pytest

import racegames
from racegames import _draw
from conftest import random_states

GAMES = racegames.list_games()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_states_its_facts(name: str) -> None:
    game = racegames.make_game(name)
    assert game.family in ("daldos", "tables", "halma")
    assert game.display_name and game.display_name[0].isupper()
    assert game.gym_id.endswith("-v0") and "_" not in game.gym_id
    low, high = game.observation_bounds()
    assert low <= high
    routes = game.routes()
    assert bool(routes) == (game.family == "tables")


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_lies_in_the_stated_bounds(name: str) -> None:
    game = racegames.make_game(name)
    low, high = game.observation_bounds()
    for state in random_states(game, 3, limit=80):
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            obs = state.observation_tensor(seat)
            assert np.all(obs >= low) and np.all(obs <= high), (name, state.notation())


def test_the_gymnasium_ids_are_the_games_own() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from racegames._gym_registration import GYM_IDS

    assert sorted(GYM_IDS) == sorted(GAMES)
    for name in GAMES:
        spec = gymnasium.spec(f"racegames/{racegames.make_game(name).gym_id}")
        assert spec.kwargs["game"] == name


def test_a_tables_picture_follows_the_routes_of_its_game() -> None:
    for name in GAMES:
        game = racegames.make_game(name)
        if game.family != "tables":
            continue
        routes = game.routes()
        last = _draw.text(game, game.new_initial_state().notation()).splitlines()[-1]
        for seat, letter in enumerate("AB"):
            assert f"{letter} moves {routes[seat][0]} \u2192" in last, (name, last)
    half = racegames.make_game("medio_emperador")
    assert _draw.svg(half, half.new_initial_state().notation()).count("not used") == 2
    whole = racegames.make_game("emperador")
    assert "not used" not in _draw.svg(whole, whole.new_initial_state().notation())


def test_a_game_with_options_is_drawn_from_itself() -> None:
    game = racegames.make_game("backgammon", max_turns=7)
    state = game.new_initial_state()
    assert "Backgammon" in state._repr_svg_()
    assert "A moves 24 \u2192 1" in _draw.text(game, state.notation())
    # A name alone draws the game with its default options.
    assert _draw.text("backgammon", state.notation()) == _draw.text(game, state.notation())
