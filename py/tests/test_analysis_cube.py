"""racegames.analysis in games with the doubling cube: the cube decision
of ``evaluate``, the cube actions ranked by ``hint``, cube errors counted
apart by ``analyse``, in money and match play."""

from __future__ import annotations

import random
from typing import Any, Tuple

import pytest

import racegames
from racegames import analysis
from racegames.players import make_player

VERDICTS = {"no double", "double/take", "double/drop", "too good"}


def action(state: racegames.State, text: str) -> int:
    """The legal action written ``text``."""
    found = [a for a in state.legal_actions() if state.action_to_string(a) == text]
    assert found, f"{text!r} is not legal in {state.notation()!r}"
    return found[0]


def may_double(state: racegames.State) -> bool:
    return any(state.action_to_string(a) == "double" for a in state.legal_actions())


def cube_decision(seed: int, **options: Any) -> Tuple[racegames.Game, racegames.State]:
    """A game with the cube played by greedy players until the first turn
    where the player on roll may double."""
    game = racegames.make_game("backgammon", cube=True, **options)
    bots = [make_player("greedy", game, seed=seed + i) for i in range(2)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif may_double(state):
            return game, state
        else:
            state.apply_action(bots[state.current_player()](state))
    raise AssertionError("no cube decision")


@pytest.mark.parametrize("options", [{}, {"match_length": 7}])
def test_evaluate_gives_the_cube_decision_before_the_throw_and_at_a_double(options: Any) -> None:
    _, state = cube_decision(3, **options)
    e = analysis.evaluate(state, player="greedy", eval="net")
    c = e.cube
    assert c is not None and c.may_double and not c.doubled
    assert c.doubler == state.current_player()
    assert c.verdict in VERDICTS and c.action == c.verdict
    assert c.unit == ("match" if options else "points")
    # The verdict follows from the three values.
    best_double = min(c.double_take, c.double_drop)
    tie = not c.take and best_double == c.no_double  # a sure win: cash it
    assert (c.verdict.startswith("double")) == (best_double > c.no_double or tie)
    assert c.take == (c.double_take <= c.double_drop)
    assert c.equity == pytest.approx(max(c.no_double, best_double) if c.verdict != "too good" else c.no_double)
    if options:
        assert 0.0 <= c.equity <= 1.0
    else:
        assert c.double_drop == 1.0 and -3.0 <= c.equity <= 1.0 + 1e-9
    # The player facing the double sees the same decision and answers it.
    doubled = state.clone()
    doubled.apply_action(action(state, "double"))
    d = analysis.evaluate(doubled, player="greedy", eval="net").cube
    assert d is not None and d.doubled and d.doubler == c.doubler
    assert (d.no_double, d.double_take, d.double_drop) == (c.no_double, c.double_take, c.double_drop)
    assert d.action == ("take" if c.take else "drop")
    assert "proper action" in d.text()


def test_hint_ranks_the_cube_actions() -> None:
    _, state = cube_decision(5)
    c = analysis.evaluate(state, player="greedy", eval="net").cube
    assert c is not None
    plays = analysis.hint(state, player="greedy", eval="net")
    texts = [p.text for p in plays]
    assert set(texts) >= {"roll", "double"}
    value = {p.text: p.value for p in plays}
    assert value["roll"] == pytest.approx(c.no_double * c.cube_value)
    assert value["double"] == pytest.approx(min(c.double_take, c.double_drop) * c.cube_value)
    assert plays[0].loss == 0.0 and all(a.value >= b.value for a, b in zip(plays, plays[1:]))
    doubled = state.clone()
    doubled.apply_action(action(state, "double"))
    answers = analysis.hint(doubled)
    assert {p.text for p in answers} == {"take", "drop"}
    assert answers[0].text == ("take" if c.take else "drop")
    # The taker's values are the doubler's, negated.
    take = next(p for p in answers if p.text == "take")
    assert take.value == pytest.approx(-c.double_take * c.cube_value)


def test_analyse_counts_cube_errors_apart() -> None:
    game, state = cube_decision(7)
    # A needless double (or a missed one), then the game played on.
    state.apply_action(action(state, "double"))
    state.apply_action(action(state, "take"))
    bots = [make_player("greedy", game, seed=11 + i) for i in range(2)]
    rng = random.Random(7)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(bots[state.current_player()](state))
    a = analysis.analyse(state, player="greedy", eval="net")
    cube = [d for d in a.decisions if d.cube]
    checker = [d for d in a.decisions if not d.cube]
    assert cube and checker
    assert {d.played_text for d in cube} >= {"double", "take"}
    for s in range(2):
        counted = [d for d in cube if d.seat == s and d.choices > 1]
        assert a.cube_choices[s] == len(counted)
        if counted:
            assert a.cube_error_rates[s] == pytest.approx(sum(d.loss for d in counted) / len(counted))
        plays = [d for d in checker if d.seat == s and d.choices > 1]
        assert a.choices[s] == len(plays)
    assert "cube: double" in a.text()


def test_games_without_the_cube_have_no_cube_decision() -> None:
    state = racegames.make_game("backgammon").new_initial_state()
    assert analysis.evaluate(state, player="greedy").cube is None
    fallas = racegames.make_game("fallas").new_initial_state()
    a = analysis.analyse(fallas, player="greedy")
    assert a.cube_choices == (0, 0) and a.cube_error_rates == (0.0, 0.0)
