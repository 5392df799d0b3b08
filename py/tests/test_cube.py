"""Backgammon as it is played: the doubling cube, resignation and match
play through the Python surfaces (the state, Gymnasium, VectorEnv, the
built-in players), checked against the reference model
tests/reference/cube_model.py over random games."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import racegames
from racegames import players

sys.path.insert(0, str(Path(__file__).resolve().parent / "reference"))

from cube_model import CubeRules, cube_actions, parse, points  # noqa: E402

#: A to decide after B's opening 3-1 (8/5 6/5).
AFTER_31 = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1"

CUBE_ACTIONS = ["roll", "double", "take", "drop", "resign single", "resign gammon", "resign backgammon", "accept",
                "reject"]


def test_a_game_without_the_options_is_unchanged() -> None:
    plain = racegames.make_game("backgammon")
    assert plain.num_distinct_actions() == 168
    assert plain.observation_tensor_shape() == (7, 24)
    # The cube's options are listed only where one is set.
    assert plain.get_parameters() == {"scoring": "winloss", "max_turns": 500}
    cubeful = racegames.make_game("backgammon", cube=True, match_length=3)
    assert cubeful.get_parameters() == {"scoring": "winloss", "cube": True, "jacoby": True, "resign": False,
                                        "match_length": 3, "score_a": 0, "score_b": 0, "crawford_game": False,
                                        "max_turns": 500}
    assert racegames.make_game("backgammon", **cubeful.get_parameters()) == cubeful
    assert eval(repr(cubeful), {"racegames": racegames}) == cubeful
    state = plain.new_initial_state()
    assert (state.cube_value(), state.cube_owner(), state.match_score(), state.is_crawford_game()) == (1, None, (0, 0),
                                                                                                       False)


def test_the_cube_actions_are_numbered_after_the_cubeless_ones() -> None:
    game = racegames.make_game("backgammon", cube=True)
    assert game.num_distinct_actions() == 168 + 9
    assert game.observation_tensor_shape() == (8, 24)
    state = game.state_from_notation(f"{AFTER_31} 1 ?")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["roll", "double"]
    assert state.legal_actions() == [168, 169]
    state.apply_action(state.string_to_action("double"))
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["take", "drop"]
    taken = state.clone()
    taken.apply_action(state.string_to_action("take"))
    assert (taken.cube_value(), taken.cube_owner()) == (2, 1)
    assert taken.is_chance_node()
    state.apply_action(state.string_to_action("drop"))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.notation().endswith("-A - 1 1 D")


def test_the_contract_of_the_architecture() -> None:
    g = racegames.make_game("backgammon", cube=True, resign=True)
    state = g.state_from_notation(f"{AFTER_31} 1 ?")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["roll", "double", "resign single"]
    g = racegames.make_game("backgammon", cube=True, match_length=7, score_a=2, score_b=4, crawford_game=False)
    state = g.new_initial_state()
    assert state.match_score() == (2, 4) and not state.is_crawford_game()
    assert state.notation().endswith(" 1 - 7:2-4")
    crawford = racegames.make_game("backgammon", cube=True, match_length=7, score_a=6, score_b=4, crawford_game=True)
    assert crawford.new_initial_state().is_crawford_game()


@pytest.mark.parametrize(
    "params",
    [
        {"match_length": 5, "score_a": 5},
        {"score_b": 2},
        {"match_length": 5, "score_a": 3, "score_b": 3, "crawford_game": True},
        {"match_length": 65},
    ],
)
def test_options_that_do_not_fit_together_are_value_errors(params: dict) -> None:
    with pytest.raises(ValueError):
        racegames.make_game("backgammon", cube=True, **params)


def test_other_games_have_no_cube() -> None:
    with pytest.raises(ValueError):
        racegames.make_game("seys_dos_e_as", cube=True)
    with pytest.raises(ValueError, match="no doubling cube"):
        racegames.make_game("daldos").new_initial_state().cube_value()


def test_gymnasium_and_the_vector_env_show_the_cube_actions() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from racegames.vector import VectorEnv

    env = gymnasium.make("racegames/Backgammon-v0", cube=True)
    obs, _ = env.reset(seed=1)
    assert obs["action_mask"].shape == (177,)
    seen = set()
    for _ in range(300):
        legal = np.flatnonzero(obs["action_mask"])
        seen |= {int(a) for a in legal if a >= 168}
        obs, _, term, trunc, _ = env.step(int(legal[0]))
        if term or trunc:
            obs, _ = env.reset()
    assert {168, 169} <= seen
    venv = VectorEnv("backgammon", 4, cube=True, seed=2)
    obs, _ = venv.reset(seed=2)
    assert obs["action_mask"].shape == (4, 177)
    seen = set()
    for _ in range(200):
        seen |= set(np.flatnonzero(obs["action_mask"].any(axis=0)).tolist())
        obs, *_ = venv.step(venv.random_actions())
    assert 168 in seen


@pytest.mark.parametrize("name", ["random", "greedy", "expectimax", "mcts"])
def test_built_in_players_play_cubeful_games_and_decide_the_cube(name: str) -> None:
    game = racegames.make_game("backgammon", cube=True, resign=True, max_turns=60)
    light = {"expectimax": {"depth": 1}, "mcts": {"simulations": 20}}.get(name, {})
    player = players.make_player(name, game, seed=1, **light)
    rng = np.random.default_rng(3)
    decisions = set()
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            action = player.act(state)
            assert action in state.legal_actions()
            if action >= 168:
                decisions.add(state.action_to_string(action))
            state.apply_action(action)
        # The game ends for its points times a cube the players turned.
        assert state.cube_value() & (state.cube_value() - 1) == 0
        assert max(state.returns()) in {k * state.cube_value() for k in (1, 2, 3)} | {0.0}
    # Every player plays both sides: it doubles, and answers its own doubles.
    assert "double" in decisions and decisions & {"take", "drop"}, decisions


def random_play(game, seed: int, rules: CubeRules) -> int:
    """Plays random actions, checking every cube decision and the returns
    against the model; returns the number of cube decisions met."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    met = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        model = cube_actions(rules, parse(rules, state.notation()))
        written = [state.action_to_string(a) for a in legal if a >= 168]
        assert written == model, state.notation()
        if model:
            met += 1
            assert all(a >= 168 for a in legal)
        state.apply_action(legal[rng.integers(len(legal))])
    expected = points(rules, parse(rules, state.notation()))
    assert max(state.returns()) == expected or state.is_truncated(), state.notation()
    assert sum(state.returns()) == 0
    return met


@pytest.mark.parametrize(
    "params",
    [
        {"cube": True},
        {"cube": True, "resign": True, "scoring": "backgammons"},
        {"cube": True, "jacoby": False, "scoring": "gammons"},
        {"resign": True, "scoring": "gammons"},
        {"cube": True, "match_length": 7, "score_a": 2, "score_b": 5, "scoring": "backgammons"},
        {"cube": True, "resign": True, "match_length": 5, "score_a": 4, "score_b": 1, "crawford_game": True},
    ],
)
def test_random_games_agree_with_the_reference_model(params: dict) -> None:
    game = racegames.make_game("backgammon", max_turns=200, **params)
    rules = CubeRules("backgammon", {"max_turns": 200, **params})
    met = sum(random_play(game, seed, rules) for seed in range(12))
    assert met > 12
