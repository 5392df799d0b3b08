"""Odd values through the analysis functions: each call works or raises a
``ValueError`` or ``TypeError`` quickly, and the state analysed is left as
it was."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from racegames import analysis

from conftest import HOSTILE
from test_hostile import GAMES, ODD, quick, some_states

#: Counts of games a rollout would take minutes to play: refused or quick
#: is what is checked, not how long a valid long rollout takes.
LONG = range(200, analysis.MAX_TRIALS + 1)


def not_long(trials: Any) -> bool:
    return not (isinstance(trials, int) and not isinstance(trials, bool) and trials in LONG)


@HOSTILE
@given(
    counts=st.one_of(ODD, st.lists(ODD, max_size=8), st.lists(st.integers(-2, 17), min_size=6, max_size=6)),
    as_gnubg=st.one_of(st.booleans(), ODD),
)
def test_bearoff_rolls_takes_any_counts(counts: Any, as_gnubg: Any) -> None:
    result = quick(lambda: analysis.bearoff_rolls(counts, as_gnubg=as_gnubg))
    if not isinstance(result, Exception):
        assert abs(sum(result) - 1.0) < 1e-6 and all(0.0 <= p <= 1.0 for p in result)


@HOSTILE
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 20),
    player=st.one_of(st.sampled_from(["greedy", "expectimax", "random", "mcts"]), ODD),
    key=st.sampled_from(["eval", "beam", "prune", "budget", "seed", "threads", "nonsense"]),
    value=ODD,
)
def test_evaluate_and_hint_take_any_player_and_options(name: str, seed: int, player: Any, key: str, value: Any) -> None:
    state = some_states(name, seed, count=6)[-1]
    before = state.notation()
    for call in (analysis.evaluate, analysis.hint):
        quick(lambda: call(state, player=player, **{key: value}))
    assert state.notation() == before


@HOSTILE
@given(
    trials=ODD.filter(not_long),
    seed=ODD,
    threads=ODD,
    truncate=ODD,
    player=st.one_of(st.just("random"), ODD),
)
def test_a_rollout_takes_any_counts(trials: Any, seed: Any, threads: Any, truncate: Any, player: Any) -> None:
    state = some_states("backgammon", 3, count=4)[-1]
    before = state.notation()
    quick(lambda: analysis.rollout(state, trials=trials, seed=seed, player=player, threads=threads, truncate=truncate))
    assert state.notation() == before


@HOSTILE
@given(name=st.sampled_from(GAMES), player=st.one_of(st.just("greedy"), ODD), seed=st.integers(0, 9))
def test_analyse_takes_any_player(name: str, player: Any, seed: int) -> None:
    state = some_states(name, seed, count=8)[-1]
    before = state.notation()
    quick(lambda: analysis.analyse(state, player=player))
    assert state.notation() == before
