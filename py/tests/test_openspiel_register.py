"""``racegames.openspiel.register()``: every game is a pyspiel Python game.

Every game loads under ``racegames_<name>``, passes OpenSpiel's own
consistency checks for games (``pyspiel.random_sim_test``: clones, history,
serialization, legal-action masks, chance outcomes, returns within the
utility range, game length within ``max_game_length``), plays with
OpenSpiel's ``MCTSBot`` through ``evaluate_bots``, and agrees step by step
with the racegames state driven by the same actions. Options are pyspiel
parameters and change the game.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import textwrap
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import racegames  # noqa: E402
from racegames import openspiel  # noqa: E402

NAMES = racegames.list_games()
openspiel.register()


def load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.short_name(name), params)


def test_register_names_every_game_and_is_idempotent() -> None:
    names = openspiel.register()
    assert names == [f"racegames_{n}" for n in NAMES]
    assert openspiel.register() == names
    assert set(names) <= set(pyspiel.registered_names())
    assert racegames.openspiel is openspiel  # a submodule attribute, loaded on first use


@pytest.mark.parametrize("name", NAMES)
def test_every_game_loads_with_racegames_defaults_and_info(name: str) -> None:
    game = pyspiel.load_game(f"racegames_{name}")
    rg = racegames.make_game(name)
    spec = game.get_parameters()
    # racegames' defaults, and where the game has the cube its cube, match
    # and resignation options, the cube off (test_cube_surfaces.py).
    assert rg.get_parameters().items() <= spec.items()
    assert set(spec) - set(rg.get_parameters()) <= {"cube", "jacoby", "resign", "match_length", "score_a", "score_b",
                                                    "crawford_game"}
    assert spec.get("cube", False) is False
    assert game.num_players() == rg.num_players()
    assert game.num_distinct_actions() == rg.num_distinct_actions()
    assert game.max_chance_outcomes() == rg.max_chance_outcomes()
    assert (game.min_utility(), game.max_utility()) == (rg.min_utility(), rg.max_utility())
    assert game.observation_tensor_shape() == list(rg.observation_tensor_shape())
    assert game.max_game_length() == openspiel.max_game_length(rg)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    stochastic = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.chance_mode == stochastic) == (rg.max_chance_outcomes() > 0)


#: Multi-player settings checked besides the defaults.
EXTRA_SETTINGS: List[Tuple[str, Dict[str, Any]]] = [
    ("chinese_checkers", {"players": 3}),
    ("chinese_checkers", {"players": 6}),
    ("halma", {"players": 4}),
]
SETTINGS: List[Tuple[str, Dict[str, Any]]] = [(n, {}) for n in NAMES] + EXTRA_SETTINGS


@pytest.mark.parametrize(
    "name, params", SETTINGS, ids=lambda v: str(v) if isinstance(v, dict) else v
)
def test_openspiel_consistency_checks(name: str, params: Dict[str, Any]) -> None:
    game = load(name, **params)
    # The C++ checks OpenSpiel runs on each of its games, serialization included.
    pyspiel.random_sim_test(game, num_sims=1 if params else 2, serialize=True, verbose=False)


def play_side_by_side(name: str, seed: int, **params: Any) -> Any:
    """Drive a pyspiel state and a racegames state with the same random
    actions, checking they agree at every step; return the pyspiel state."""
    game = load(name, **params)
    state = game.new_initial_state()
    rg = racegames.make_game(name, **params).new_initial_state()
    rng = random.Random(seed)
    actions: List[int] = []
    while True:
        assert state.current_player() == rg.current_player()
        assert state.is_terminal() == rg.is_terminal()
        assert state.is_chance_node() == rg.is_chance_node()
        assert state.history() == actions
        assert str(state) == rg.notation()
        if rg.is_terminal():
            break
        if rg.is_chance_node():
            assert state.chance_outcomes() == rg.chance_outcomes()
            outcomes, probs = zip(*rg.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            legal = rg.legal_actions()
            assert state.legal_actions() == legal
            assert list(state.legal_actions_mask()) == list(rg.legal_actions_mask())
            action = rng.choice(legal)
            player = rg.current_player()
            for seat in range(rg.get_game().num_players()):
                assert np.array_equal(np.asarray(state.observation_tensor(seat)), rg.observation_tensor(seat).ravel())
        assert state.action_to_string(rg.current_player(), action) == rg.action_to_string(rg.current_player(), action)
        if not rg.is_chance_node():
            assert state.string_to_action(player, rg.action_to_string(player, action)) == action
        state.apply_action(action)
        rg.apply_action(action)
        actions.append(action)
    assert state.returns() == rg.returns()
    assert state.is_truncated() == rg.is_truncated()
    if hasattr(rg, "history"):
        assert state.history() == list(rg.history())
    assert state.racegames_state() == rg
    return state


@pytest.mark.parametrize("name", NAMES)
def test_history_legal_actions_and_returns_equal_racegames_along_random_games(name: str) -> None:
    # Random Halma play rarely finishes: its turn limit is shortened.
    play_side_by_side(name, seed=7, **({"max_turns": 300} if name == "halma" else {}))


def test_a_truncated_game_is_terminal_with_zero_returns() -> None:
    state = play_side_by_side("daldos", seed=3, max_turns=4)
    assert state.is_terminal() and state.is_truncated()
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_a_game_to_its_end_has_racegames_returns() -> None:
    state = play_side_by_side("backgammon", seed=5, scoring="backgammons")
    assert not state.is_truncated()
    returns = state.returns()
    assert sum(returns) == 0 and max(returns) in (1.0, 2.0, 3.0)


@pytest.mark.parametrize("name", ["daldos", "backgammon"])
def test_mcts_bot_plays_through_evaluate_bots(name: str) -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]

    # A short turn limit keeps the random rollouts (in Python) quick.
    game = load(name, max_turns=20)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 1.4, 12, evaluator, random_state=rng) for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and sum(returns) == 0
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_rl_environment_steps_a_game_with_racegames_observations() -> None:
    from open_spiel.python import rl_environment  # type: ignore[import-untyped, import-not-found, unused-ignore]

    game = load("backgammon")
    env = rl_environment.Environment(game, seed=2)
    step = env.reset()
    rng = random.Random(2)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == game.observation_tensor_size()
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert sorted(step.rewards) == [-1.0, 1.0]


def test_options_are_parameters_that_change_the_game() -> None:
    danish, norwegian = load("daldos"), pyspiel.load_game("racegames_daldos(board=norwegian)")
    assert norwegian.get_parameters()["board"] == "norwegian"
    rg = racegames.make_game("daldos", board="norwegian")
    assert norwegian.observation_tensor_shape() == list(rg.observation_tensor_shape())
    assert norwegian.observation_tensor_shape() != danish.observation_tensor_shape()
    assert str(norwegian.new_initial_state()) == rg.new_initial_state().notation()
    # The tables games' options: more dice, another scoring.
    doze = load("doze_canes", dice=3)
    assert doze.max_chance_outcomes() == racegames.make_game("doze_canes", dice=3).max_chance_outcomes()
    assert doze.max_chance_outcomes() != load("doze_canes").max_chance_outcomes()
    full = load("backgammon", scoring="backgammons")
    assert full.max_utility() == racegames.make_game("backgammon", scoring="backgammons").max_utility() > 1
    # Players: Chinese checkers for three.
    three = pyspiel.load_game("racegames_chinese_checkers(players=3)")
    assert three.num_players() == 3 and len(three.new_initial_state().returns()) == 3


def test_max_game_length_follows_the_turn_limit() -> None:
    assert load("halma", max_turns=50).max_game_length() == 50
    assert load("daldos", max_turns=50).max_game_length() == 50 * openspiel.DECISIONS_PER_TURN
    assert load("daldos", max_turns=0).max_game_length() == openspiel.UNBOUNDED_LENGTH


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(racegames.ParameterError, match=r"board.*danish.*norwegian"):
        pyspiel.load_game("racegames_daldos(board=swedish)")
    with pytest.raises(ValueError, match=r"players.*chinese_checkers"):
        load("chinese_checkers", players=5)
    with pytest.raises(pyspiel.SpielError, match=r"Unknown parameter 'nope'.*board"):
        pyspiel.load_game("racegames_daldos(nope=1)")
    with pytest.raises(pyspiel.SpielError, match=r"Wrong type for parameter board"):
        pyspiel.load_game("racegames_daldos(board=3)")


def test_observer_and_information_state() -> None:
    game = load("daldos")
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    rg = state.racegames_state()
    assert state.observation_string(0) == rg.notation()
    assert state.information_state_string(0) == state.history_str()
    from open_spiel.python.observation import make_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]

    obs = make_observation(game)
    obs.set_from(state, 1)
    assert np.array_equal(obs.tensor, rg.observation_tensor(1).ravel())
    assert obs.dict["observation"].shape == rg.get_game().observation_tensor_shape()


def test_clones_are_independent() -> None:
    state = load("backgammon").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 1 and len(clone.history()) == 2
    assert str(state) != str(clone)


def test_games_and_states_pickle_into_a_new_process() -> None:
    game = load("chinese_checkers", players=3)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    code = textwrap.dedent(
        """
        import pickle, sys
        game, state = pickle.loads(sys.stdin.buffer.read())
        print(game.num_players(), state.history(), state)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps((game, state)), capture_output=True, check=False
    )
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.decode().strip() == f"3 {state.history()} {state}"


def test_without_openspiel_register_says_what_to_install() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["pyspiel"] = None
        from racegames import openspiel
        try:
            openspiel.register()
        except ImportError as err:
            print(err)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert "pip install open_spiel" in out.stdout
