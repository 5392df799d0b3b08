"""A cubeful money game and a match through the surfaces that the cube's
own tests (test_cube.py: the state, Gymnasium, VectorEnv, the players;
test_matches.py: the arena) leave out: OpenSpiel's registration, with
OpenSpiel's own consistency checks, and PettingZoo, with its API test."""

from __future__ import annotations

import numpy as np
import pytest

import racegames

CUBEFUL = [
    {"cube": True, "resign": True},
    {"cube": True, "match_length": 5, "score_a": 2, "score_b": 3},
    {"cube": True, "match_length": 7, "score_a": 6, "score_b": 3, "crawford_game": True},
]


def test_openspiel_takes_the_cube_options_with_the_cube_off_by_default() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racegames import openspiel

    openspiel.register()
    plain = pyspiel.load_game("racegames_backgammon")
    spec = plain.get_parameters()
    assert spec["cube"] is False and spec["match_length"] == 0
    # The default game is the cubeless one, whose actions are unchanged.
    assert plain.num_distinct_actions() == racegames.make_game("backgammon").num_distinct_actions()
    # A game without the cube lists no cube option.
    assert "cube" not in pyspiel.load_game("racegames_fallas").get_parameters()


@pytest.mark.parametrize("params", CUBEFUL, ids=["money", "match", "crawford"])
def test_openspiel_plays_cubeful_games_through_its_consistency_checks(params: dict) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racegames import openspiel

    openspiel.register()
    game = pyspiel.load_game("racegames_backgammon", params)
    ours = racegames.make_game("backgammon", **params)
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    # The cube actions are offered where the rules allow them.
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    seen = set()
    while not state.is_terminal() and len(seen) < 2:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        seen |= {state.action_to_string(a) for a in legal} & {"double", "roll"}
        state.apply_action(int(rng.choice(legal)))
    if not params.get("crawford_game"):
        assert seen == {"double", "roll"}
    else:
        assert "double" not in seen


@pytest.mark.parametrize("params", CUBEFUL, ids=["money", "match", "crawford"])
def test_pettingzoo_passes_its_api_test_in_cubeful_games(params: dict) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from racegames import pettingzoo as rpz

    env = rpz.env("backgammon", **params)
    api_test(env, num_cycles=200)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask.shape == (racegames.make_game("backgammon", **params).num_distinct_actions(),)


def test_records_say_how_a_cubeful_game_ended(tmp_path) -> None:
    """A dropped double and an accepted resignation are the records'
    `Termination` (`dropped`, `resigned`), from the state, from the arena's
    records and in the browser's writer alike (one rule, in Rust)."""
    from racegames import arena, records

    game = racegames.make_game("backgammon", cube=True, resign=True)
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("roll-off A3 B1"))
    state.apply_action(state.string_to_action("3:8-5"))
    state.apply_action(state.string_to_action("1:6-5"))
    dropped, resigned = state.clone(), state.clone()
    dropped.apply_action(dropped.string_to_action("double"))
    dropped.apply_action(dropped.string_to_action("drop"))
    resigned.apply_action(resigned.string_to_action("resign single"))
    resigned.apply_action(resigned.string_to_action("accept"))
    for end, word in [(dropped, "dropped"), (resigned, "resigned")]:
        assert end.is_terminal()
        tags = records.result_tags(end)
        assert tags["Termination"] == word, tags
        winner = "A" if end.returns()[0] > 0 else "B"
        assert tags["Result"] == winner and tags["Returns"] == " ".join(f"{r:g}" for r in end.returns()), tags
        rec = records.Record.from_state(end)
        assert records.loads(rec.dumps())[0].tags["Termination"] == word
    path = tmp_path / "games.txt"
    arena.play(game, ["greedy", "greedy"], games=60, seed=3, record=str(path))
    ends = {rec.tags["Termination"] for rec in records.load(path)}
    assert ends <= {"win", "dropped", "resigned", "turn limit"} and ends & {"dropped", "resigned"}, ends
