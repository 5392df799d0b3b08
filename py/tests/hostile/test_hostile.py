"""Odd values through every public entry point: each call either works or
raises a ``ValueError`` or ``TypeError`` (the package's own errors are
subclasses), quickly, and a refused call changes nothing. Nothing crashes
the process, hangs or grabs memory (the suite runs under limits)."""

from __future__ import annotations

import pickle
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import racegames
from racegames import _core, arena, players
from racegames.train.policy_file import read_policy, write_policy
from racegames.vector import VectorEnv

from conftest import HOSTILE

REFUSED = (ValueError, TypeError)
GAMES = racegames.list_games()

#: Values of every kind and size, the odd ones included.
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.binary(max_size=16),
    st.lists(st.integers(min_value=-3, max_value=9), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(10**30),
    st.just("x" * 100_000),
)


def option_names(name: str) -> List[str]:
    return list(racegames.make_game(name).get_parameters())


def quick(call: Callable[[], Any], limit: float = 30.0) -> Any:
    """Calls it: a result, or a refusal with a message that stays short."""
    start = time.perf_counter()
    try:
        result = call()
    except REFUSED as e:
        assert len(str(e)) < 2000, str(e)[:200]
        result = e
    assert time.perf_counter() - start < limit
    return result


def some_states(name: str, seed: int, count: int = 12) -> List[racegames.State]:
    game = racegames.make_game(name)
    state, states = game.new_initial_state(), []
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and len(states) < count:
        states.append(state.clone())
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    return states


@HOSTILE
@given(name=st.one_of(st.sampled_from(GAMES), ODD), data=st.data())
def test_make_game_takes_any_name_and_options(name: Any, data: st.DataObject) -> None:
    keys = st.sampled_from(option_names(name)) if name in GAMES else st.text(max_size=8)
    params: Dict[Any, Any] = data.draw(st.dictionaries(keys, ODD, max_size=3))
    made = quick(lambda: racegames.make_game(name, **params) if all(isinstance(k, str) for k in params) else None)
    if isinstance(made, racegames.Game):
        assert pickle.loads(pickle.dumps(made)) == made


@HOSTILE
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 50), data=st.data())
def test_a_state_takes_any_argument_and_a_refusal_changes_nothing(name: str, seed: int, data: st.DataObject) -> None:
    for state in some_states(name, seed, 6):
        before = state.clone()
        arg = data.draw(ODD)
        for method in ("apply_action", "is_legal", "action_to_string", "string_to_action",
                       "legal_actions", "observation_tensor", "progress", "play_random"):
            probe = state.clone()
            result = quick(lambda: getattr(probe, method)(arg))
            if isinstance(result, Exception) or method not in ("apply_action", "play_random"):
                assert probe == before, method
        assert state == before


@HOSTILE
@given(name=st.sampled_from(GAMES), text=st.text(max_size=300), cut=st.integers(0, 400), seed=st.integers(0, 9))
def test_any_notation_is_read_or_refused(name: str, text: str, cut: int, seed: int) -> None:
    game = racegames.make_game(name)
    real = some_states(name, seed, 8)[-1].notation()
    for candidate in (text, real[:cut] + text[:3] + real[cut:], real[:cut]):
        state = quick(lambda: game.state_from_notation(candidate))
        if isinstance(state, racegames.State):
            # What is read is a position of the game: it writes and reads back.
            assert game.state_from_notation(state.notation()) == state


@HOSTILE
@given(name=st.sampled_from(GAMES), player=st.one_of(st.sampled_from(["random", "greedy", "expectimax", "mcts", "policy"]), ODD),
       seed=ODD, data=st.data())
def test_make_player_takes_any_name_seed_and_options(name: str, player: Any, seed: Any, data: st.DataObject) -> None:
    keys = st.sampled_from(["depth", "beam", "prune", "budget", "root_filter", "simulations", "rollout_plies", "c", "path", "temperature", "x"])
    params = data.draw(st.dictionaries(keys, ODD, max_size=2))
    made = quick(lambda: players.make_player(player, name, seed, **params))
    if isinstance(made, racegames.players.Player):
        assert pickle.loads(pickle.dumps(made)).name == made.name


@HOSTILE
@given(games=ODD, threads=ODD, seed=ODD, turn_limit=ODD, opening=ODD)
def test_the_arena_refuses_odd_counts_quickly(games: Any, threads: Any, seed: Any, turn_limit: Any, opening: Any) -> None:
    # Valid counts above a handful would play for long: only those are kept
    # small; everything else is as drawn.
    if isinstance(games, int) and not isinstance(games, bool) and 3 < games <= arena.MAX_GAMES:
        games = 3
    if isinstance(turn_limit, int) and not isinstance(turn_limit, bool) and turn_limit > 200:
        turn_limit = 200
    quick(lambda: arena.play("daldos", ["random", "random"], games=games, seed=seed, threads=threads,
                             turn_limit=turn_limit, opening=opening))


@HOSTILE
@given(name=st.sampled_from(GAMES), num_envs=ODD, seed=ODD, opponent=st.one_of(ODD, st.sampled_from(["random", "greedy", "nobody"])),
       seat=st.one_of(ODD, st.just("random")), threads=ODD, reward=st.one_of(ODD, st.sampled_from(["win", "progress"])))
def test_vector_env_takes_any_argument(name: str, num_envs: Any, seed: Any, opponent: Any, seat: Any, threads: Any, reward: Any) -> None:
    if isinstance(num_envs, int) and not isinstance(num_envs, bool) and 8 < num_envs < 10**9:
        num_envs = 8  # valid sizes allocate what they are asked for
    env = quick(lambda: VectorEnv(name, num_envs, seed=seed, opponent=opponent, seat=seat, threads=threads, reward=reward))
    if isinstance(env, VectorEnv):
        env.reset()
        env.step(env.random_actions())
        twin = pickle.loads(pickle.dumps(env))
        assert [twin.core.notation(i) for i in range(env.num_envs)] == [env.core.notation(i) for i in range(env.num_envs)]


@HOSTILE
@given(actions=st.one_of(ODD, st.lists(ODD, max_size=5), st.just(np.array([1.5, 2.5, 0.5]))), wanted=ODD)
def test_a_vector_env_step_takes_any_actions(actions: Any, wanted: Any) -> None:
    env = VectorEnv("backgammon", 3, seed=1)
    env.reset()
    before = [env.core.notation(i) for i in range(3)]
    result = quick(lambda: env.step(actions))
    if isinstance(result, Exception):
        assert [env.core.notation(i) for i in range(3)] == before
    quick(lambda: env.afterstates(wanted=wanted))


def mutations(data: bytes, draw: Any) -> bytes:
    """``data`` with a few bytes changed, cut or inserted."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 2))
        at = draw(st.integers(0, max(len(out) - 1, 0)))
        if kind == 0 and out:
            out[at] = draw(st.integers(0, 255))
        elif kind == 1:
            del out[at:]
        else:
            out[at:at] = draw(st.binary(min_size=1, max_size=8))
    return bytes(out)


def _pickles() -> List[bytes]:
    game = racegames.make_game("backgammon")
    state = some_states("backgammon", 3, 20)[-1]
    env = VectorEnv("daldos", 2, seed=1)
    env.reset()
    return [pickle.dumps(x) for x in (game, state, players.make_player("greedy", game, seed=3), env)]


PICKLES = _pickles()


@HOSTILE
@given(which=st.integers(0, len(PICKLES) - 1), data=st.data())
def test_a_damaged_pickle_is_an_error_not_a_crash(which: int, data: st.DataObject) -> None:
    damaged = mutations(PICKLES[which], data.draw)
    try:
        pickle.loads(damaged)
    except Exception:  # noqa: BLE001 - any Python error is fine; a crash is not
        pass


@HOSTILE
@given(name=ODD, params=st.dictionaries(st.text(max_size=6), ODD, max_size=2), notation=ODD)
def test_the_restore_functions_of_pickles_refuse_odd_arguments(name: Any, params: Any, notation: Any) -> None:
    quick(lambda: _core._restore_state(name, params, notation))
    quick(lambda: _core._make_game(name, params))


def _policy_file(tmp: Path) -> bytes:
    game = racegames.make_game("daldos")
    rng = np.random.default_rng(0)
    obs, actions = game.observation_tensor_size(), game.num_distinct_actions()
    layers = [
        (rng.normal(size=(4, obs)).astype(np.float32), rng.normal(size=4).astype(np.float32)),
        (rng.normal(size=(actions, 4)).astype(np.float32), rng.normal(size=actions).astype(np.float32)),
    ]
    path = tmp / "p.rgpl"
    write_policy(path, "daldos", obs, actions, layers)
    return path.read_bytes()


@HOSTILE
@given(data=st.data())
def test_a_damaged_policy_file_is_refused_by_every_reader(tmp_path_factory: Any, data: st.DataObject) -> None:
    tmp = tmp_path_factory.mktemp("policy")
    damaged = mutations(_policy_file(tmp), data.draw)
    path = tmp / "damaged.rgpl"
    path.write_bytes(damaged)
    native = quick(lambda: _core._check_policy_bytes(damaged))
    python = quick(lambda: read_policy(path))
    player = quick(lambda: players.make_player("policy", "daldos", path=str(path)))
    # The readers agree on what is a policy file.
    assert isinstance(native, Exception) == isinstance(python, Exception) == isinstance(player, Exception)


@HOSTILE
@given(name=st.sampled_from([g for g in GAMES if g not in ("daldos", "daldos_norwegian") and "checkers" not in g and g != "halma"]),
       seed=st.integers(0, 30))
def test_the_turn_ends_of_any_tables_position_are_bounded(name: str, seed: int) -> None:
    for state in some_states(name, seed, 10):
        quick(lambda: _core._tables_turn_ends(state))


def _record_text() -> str:
    from racegames import records

    recs = []
    for name in ("daldos", "backgammon", "chinese_checkers"):
        state = racegames.make_game(name).new_initial_state()
        state.play_random(1, max_steps=60)
        recs.append(records.Record.from_state(state, players=["random"] * state.get_game().num_players()))
    return records.dumps(recs)


RECORD_TEXT = _record_text()


@HOSTILE
@given(data=st.data(), text=st.text(max_size=200))
def test_damaged_record_text_is_read_or_refused(data: st.DataObject, text: str) -> None:
    from racegames import gnubg, records

    damaged = mutations(RECORD_TEXT.encode(), data.draw).decode("utf-8", errors="replace")
    for candidate in (damaged, text, RECORD_TEXT[: len(text)] + text):
        read = quick(lambda: records.loads(candidate))
        if isinstance(read, list):
            # What is read replays: the records are games of the library.
            assert all(r.final_state() is not None for r in read)
        quick(lambda: gnubg.parse_match(candidate))
