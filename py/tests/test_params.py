"""Options and arguments of every numeric kind: reals (Python's and
numpy's) for the real options, numpy integers wherever an integer is
taken, ``os.PathLike`` for paths; bad values are errors that name the
option and its whole range, in Python's words."""

from __future__ import annotations

import pathlib
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import racegames
from racegames import arena, players
from racegames.vector import VectorEnv

from players_common import decision_states

GAME = racegames.make_game("daldos")
LIGHT = {"simulations": 8, "rollout_plies": 2}


def decision_state() -> racegames.State:
    return decision_states(GAME, seed=1, count=1)[0]


@pytest.mark.parametrize(
    "exploration",
    [1.4, np.float32(1.4), np.float64(1.4), np.float16(0.5), 2, np.int64(2), 0.0, 100.0],
)
def test_real_options_take_reals_of_every_kind_and_integers(exploration: Any) -> None:
    p = players.make_player("mcts", GAME, seed=1, exploration=exploration, own_progress=np.float32(0.25), **LIGHT)
    params = p.get_parameters()
    # Kept as plain Python values, so that the player pickles and reads back.
    assert type(params["exploration"]) in (float, int)
    assert params["exploration"] == pytest.approx(float(exploration))
    assert type(params["own_progress"]) is float
    assert eval(repr(p), {"racegames": racegames}).get_parameters() == params
    state = decision_state()
    assert p.act(state) == pickle.loads(pickle.dumps(p)).act(state)
    # The text form, the only one before reals, still works.
    assert players.make_player("mcts", GAME, exploration="1.4", **LIGHT).get_parameters()["exploration"] == "1.4"


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0.0, max_value=100.0))
def test_every_real_in_range_is_taken(x: float) -> None:
    players.make_player("mcts", GAME, exploration=x, **LIGHT)
    players.make_player("mcts", GAME, exploration=np.float32(x), **LIGHT)


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.floats(max_value=-1e-9), st.floats(min_value=100.000001), st.just(float("nan"))))
def test_a_real_out_of_range_is_a_value_error_naming_the_option_and_the_range(x: float) -> None:
    with pytest.raises(racegames.ParameterError, match=r"exploration.*from 0 to 100") as info:
        players.make_player("mcts", GAME, exploration=x)
    assert not isinstance(info.value, TypeError)


@pytest.mark.parametrize(
    "name, params, words",
    [
        ("mcts", {"own_progress": 2e6}, r"own_progress.*from 0 to 1000000"),
        ("mcts", {"simulations": 0}, r"simulations.*from 1 to 1000000"),
        ("mcts", {"simulations": np.int64(10**7)}, r"simulations.*from 1 to 1000000"),
        ("expectimax", {"depth": np.int8(9)}, r"depth.*from 1 to 4"),
        ("expectimax", {"beam": 1 << 20}, r"beam.*from 0 to 65536"),
    ],
)
def test_integers_out_of_range_name_the_option_and_the_range(name: str, params: dict, words: str) -> None:
    with pytest.raises(racegames.ParameterError, match=words):
        players.make_player(name, GAME, **params)


@pytest.mark.parametrize(
    "name, params",
    [
        ("expectimax", {"depth": 1.5}),
        ("expectimax", {"depth": 2.0}),
        ("expectimax", {"depth": np.float32(2)}),
        ("mcts", {"simulations": 8.0}),
        ("expectimax", {"prune": 1.0}),
        ("greedy", {"eval": 0.5}),
        ("random", {"depth": 1.5}),
    ],
)
def test_a_real_where_none_is_taken_is_a_type_error_naming_the_option(name: str, params: dict) -> None:
    (key,) = params
    with pytest.raises(TypeError, match=key) as info:
        players.make_player(name, GAME, **params)
    # Also a ParameterError (a ValueError), as for games.
    assert isinstance(info.value, racegames.ParameterTypeError)


def test_on_off_messages_say_true_and_false_as_python_does() -> None:
    with pytest.raises(racegames.ParameterError) as info:
        players.make_player("expectimax", GAME, prune="yes")
    assert "True or False" in str(info.value) and "true" not in str(info.value).replace('"', " ")
    with pytest.raises(racegames.ParameterError) as info:
        players.make_player("expectimax", GAME, depth=True)
    assert "got True" in str(info.value) and "from 1 to 4" in str(info.value)
    with pytest.raises(racegames.ParameterTypeError) as info:
        racegames.make_game("daldos", lose_at_one=3)
    assert "True or False" in str(info.value)
    with pytest.raises(racegames.ParameterTypeError) as info:
        racegames.make_game("chinese_checkers", long_jumps=1.0)
    assert "got 1.0" in str(info.value) and "True or False" in str(info.value)
    with pytest.raises(racegames.ParameterTypeError) as info:
        racegames.make_game("daldos", board=True)
    assert "got True" in str(info.value)


@pytest.mark.parametrize("name", ["daldos", "backgammon", "seys_dos_e_as", "chinese_checkers", "halma"])
def test_a_game_option_out_of_range_names_its_maximum(name: str) -> None:
    with pytest.raises(racegames.ParameterError, match=r"max_turns.*from 0 to [0-9]+") as info:
        racegames.make_game(name, max_turns=np.int64(1 << 40))
    assert not isinstance(info.value, TypeError)
    with pytest.raises(racegames.ParameterTypeError, match="max_turns"):
        racegames.make_game(name, max_turns=np.float64(10))
    with pytest.raises(racegames.ParameterError, match=r"max_turns.*64-bit"):
        racegames.make_game(name, max_turns=1 << 70)
    assert racegames.make_game(name, max_turns=np.uint16(7)).get_parameters()["max_turns"] == 7


@pytest.mark.parametrize("seed", [np.int64(3), np.uint64(3), np.int8(3), 3])
def test_numpy_integers_are_seeds(seed: Any) -> None:
    p = players.make_player("random", GAME, seed=seed)
    assert p.seed == 3 and type(p.seed) is int
    assert players.make_player("random", GAME, seed=np.int64(-1)).seed == (1 << 64) - 1


@pytest.mark.parametrize("seed", [True, np.True_, 1.5, np.float64(3.0), "3"])
def test_seeds_that_are_not_integers_are_type_errors(seed: Any) -> None:
    with pytest.raises(TypeError, match="seed"):
        players.make_player("random", GAME, seed=seed)


def test_the_arena_takes_numpy_integers() -> None:
    r = arena.play(GAME, ["random", "random"], games=np.int64(10), seed=np.uint32(5), threads=np.int16(1))
    again = arena.play(GAME, ["random", "random"], games=10, seed=5, threads=1)
    assert r.games == 10 and r.wins == again.wins
    t = arena.round_robin(GAME, ["random", "random"], games=np.int32(4), opening=np.int64(1), turn_limit=np.int64(1000))
    assert t.games[0][1] == 4
    for bad in (np.True_, 10.0, np.float32(10)):
        with pytest.raises(TypeError, match="games"):
            arena.play(GAME, ["random", "random"], games=bad)
    with pytest.raises(ValueError, match="games"):
        arena.play(GAME, ["random", "random"], games=np.int64(0))


def test_the_arena_command_line_reads_reals() -> None:
    assert arena._option("x=1.5") == ("x", 1.5)
    assert arena._option("x=3") == ("x", 3)
    assert arena._option("x=inf") == ("x", "inf")
    assert arena._option("x=true") == ("x", True)


@pytest.mark.parametrize(
    "word, read",
    [("true", True), ("false", False), ("-3", -3), ("1.4", 1.4), ("2e3", 2000.0),
     ("TRUE", "TRUE"), ("True", "True"), ("1_0", "1_0"), (" 5", " 5"), ("inf", "inf"), ("nan", "nan"),
     ("99999999999999999999", "99999999999999999999"), ("norwegian", "norwegian")],
)
def test_every_command_line_reads_a_value_as_the_native_parser_does(word: str, read: object) -> None:
    # One reader (racegames_board::ParamValue::parse) for python -m
    # racegames.arena, the ladder and racegames-train.
    assert players._param_word(word) == read and type(players._param_word(word)) is type(read)
    assert players.parse_player(f"mcts:x={word}") == ("mcts", {"x": read})


def test_a_policy_path_may_be_a_pathlike(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "no such policy.bin"
    for path in (missing, str(missing)):
        with pytest.raises(ValueError, match="no such policy"):
            players.make_player("policy", GAME, path=path)
    # A real for a path is the wrong type.
    with pytest.raises(TypeError, match="path"):
        players.make_player("policy", GAME, path=1.5)
    with pytest.raises(TypeError, match="path"):
        players.make_player("policy", GAME, path=[str(missing)])


def test_vector_seeds_refuse_reals_rather_than_truncate() -> None:
    for seed in (1.5, 1.0, np.float64(2.0), True):
        with pytest.raises(TypeError, match="seed"):
            VectorEnv("daldos", 2, seed=seed)
    env = VectorEnv("daldos", np.int64(2), seed=np.int64(1), threads=np.int64(1))
    with pytest.raises(TypeError, match="seed"):
        env.reset(seed=1.5)
    env.reset(seed=np.uint64(9))
    other = VectorEnv("daldos", 2, seed=0, threads=1)
    other.reset(seed=9)
    assert [env.core.notation(i) for i in range(2)] == [other.core.notation(i) for i in range(2)]
    with pytest.raises(TypeError):
        VectorEnv("daldos", 2.0)
