"""Integer arguments and game parameters at the Python boundary.

Every integer argument out of its range is a ``ValueError`` naming the range
(never an ``OverflowError``, a silent clamp or a misleading message), and
parameters are kept in canonical form: plain Python values, defaults
included, so that games compare and hash by their rules.
"""

from __future__ import annotations

import pickle
from typing import Any, Callable

import numpy as np
import pytest

import racegames
from racegames import daldos
from racegames.vector import VectorEnv

OPENING = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0"
STATE = racegames.make_game("daldos").new_initial_state()

OUT_OF_RANGE: "list[tuple[str, Callable[[Any], Any], Any]]" = [
    ("seed", lambda v: STATE.clone().play_random(v), -1),
    ("seed", lambda v: STATE.clone().play_random(v), 2**64),
    ("max_steps", lambda v: STATE.clone().play_random(1, v), -1),
    ("threads", lambda v: VectorEnv("daldos", 16, threads=v), -1),
    ("threads", lambda v: VectorEnv("daldos", 16, threads=v), 0),
    ("threads", lambda v: VectorEnv("daldos", 16, threads=v), 2**64),
    ("seat", lambda v: VectorEnv("daldos", 2, seat=v), 2**64),
    ("seat", lambda v: VectorEnv("daldos", 2, seat=v), -1),
    ("num_envs", lambda v: VectorEnv("daldos", v), -1),
    ("num_envs", lambda v: VectorEnv("daldos", v), 0),
    ("player", lambda v: STATE.observation_tensor(v), 2**64),
    ("player", lambda v: STATE.legal_actions(v), -1),
    ("env", lambda v: VectorEnv("daldos", 2).state(v), -1),
    ("env", lambda v: VectorEnv("daldos", 2).state(v), 2),
    ("env", lambda v: VectorEnv("daldos", 2).core.seat(v), 2**70),
    ("hole", lambda v: daldos.capture_odds(STATE, v), 2**64),
    ("hole", lambda v: daldos.capture_odds(STATE, v), -1),
]


@pytest.mark.parametrize("what, call, value", OUT_OF_RANGE)
def test_out_of_range_integers_are_value_errors_naming_the_argument(
    what: str, call: Callable[[Any], Any], value: int
) -> None:
    with pytest.raises(ValueError, match=what) as info:
        call(value)
    assert not isinstance(info.value, OverflowError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: STATE.clone().play_random(True),
        lambda: STATE.clone().play_random(1.5),
        lambda: VectorEnv("daldos", 16, threads=True),
        lambda: VectorEnv("daldos", 16, threads="2"),
        lambda: VectorEnv("daldos", 2.0),
    ],
)
def test_integers_of_the_wrong_type_are_type_errors(call: Callable[[], Any]) -> None:
    with pytest.raises(TypeError):
        call()


def test_the_ignored_player_of_action_to_string_may_be_any_int() -> None:
    assert STATE.action_to_string(2**64, 0) == STATE.action_to_string(0)
    with pytest.raises(TypeError):
        STATE.action_to_string("A", 0)


def test_numpy_integers_are_accepted() -> None:
    state = STATE.clone()
    assert state.play_random(np.uint64(3), np.int32(5)) == 5
    env = VectorEnv("daldos", np.int64(32), seed=np.int64(1), threads=np.int8(2), seat=np.int16(1))
    assert env.num_envs == 32
    env.reset(seed=np.uint32(4))
    assert env.core.seat(np.int64(31)) == 1


@pytest.mark.parametrize("num_envs", [2**40, 2**62, 2**64, 2**100])
def test_too_many_environments_is_a_value_error_saying_how_many_fit(num_envs: int) -> None:
    with pytest.raises(ValueError, match="at most [0-9]+ environments"):
        VectorEnv("daldos", num_envs)


def test_parameters_are_plain_values_with_the_defaults_filled_in() -> None:
    game = racegames.make_game("daldos", max_turns=np.int64(50), lose_at_one=np.True_)
    params = game.get_parameters()
    assert params == {
        "board": "danish",
        "dalling": "free",
        "capture": "final",
        "jumping": "allowed",
        "lose_at_one": True,
        "max_turns": 50,
    }
    assert [type(v) for v in params.values()] == [str, str, str, str, bool, int]
    state = game.state_from_notation(OPENING)
    assert eval(repr(state), {"racegames": racegames}) == state
    assert eval(repr(game), {"racegames": racegames}) == game
    assert repr(game) == "racegames.make_game('daldos', lose_at_one=True, max_turns=50)"


@pytest.mark.parametrize(
    "name, same",
    [
        ("daldos", {"board": "danish"}),
        ("daldos", {"max_turns": 1000, "capture": "final"}),
        ("backgammon", {"scoring": "winloss"}),
        ("seys_dos_e_as", {"max_turns": 500, "reentry": "opposite"}),
        ("chinese_checkers", {"players": 2, "pieces": 10}),
        ("halma", {"players": 2, "finish": "first"}),
    ],
)
def test_games_compare_and_hash_by_their_rules(name: str, same: dict) -> None:
    default = racegames.make_game(name)
    spelled_out = racegames.make_game(name, **same)
    assert default == spelled_out
    assert hash(default) == hash(spelled_out)
    assert default.get_parameters() == spelled_out.get_parameters()
    assert len({default, spelled_out}) == 1
    assert repr(spelled_out) == f"racegames.make_game({name!r})"
    other = racegames.make_game(name, max_turns=7)
    assert other != default
    assert pickle.loads(pickle.dumps(other)) == other
    # Every parameter listed builds the same game again.
    assert racegames.make_game(name, **default.get_parameters()) == default


def test_states_of_equal_games_are_equal() -> None:
    a = racegames.make_game("daldos").state_from_notation(OPENING)
    b = racegames.make_game("daldos", jumping="allowed").state_from_notation(OPENING)
    c = racegames.make_game("daldos", jumping="forbidden").state_from_notation(OPENING)
    assert a == b and hash(a) == hash(b)
    assert a != c
