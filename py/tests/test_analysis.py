"""racegames.analysis in every game: evaluate, hint, rollout, analyse and
the bear-off distributions, checked by their invariants and against a
simple independent model."""

from __future__ import annotations

import functools
import itertools
import math
import sys
from typing import Dict, List, Tuple

import pytest

import racegames
from racegames import analysis, players
from racegames.records import Record

from conftest import assert_stops_within_a_second

GAMES = racegames.list_games()


def decision_state(name: str, seed: int = 3, steps: int = 12) -> racegames.State:
    """A decision node a few random steps into a game of ``name``."""
    game = racegames.make_game(name)
    state = game.new_initial_state()
    state.play_random(seed, max_steps=steps)
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_terminal()
    return state


def end_of_turn(state: racegames.State, actions: List[int]) -> str:
    s = state.clone()
    for a in actions:
        s.apply_action(a)
    return s.notation()


def valuer_of(game: racegames.Game) -> str:
    """The strongest player that values positions, as the analysis picks it."""
    return next(p for p in players.list_players(game) if p in ("expectimax", "greedy"))


@pytest.mark.parametrize("name", GAMES)
def test_hint_is_ranked_and_holds_the_players_own_choice(name: str) -> None:
    state = decision_state(name)
    mover = state.current_player()
    for who in ("greedy", None):
        plays = analysis.hint(state, player=who)
        assert plays, name
        values = [p.value for p in plays]
        assert values == sorted(values, reverse=True)
        assert plays[0].loss == 0.0
        assert all(p.loss == pytest.approx(plays[0].value - p.value, abs=1e-12) for p in plays)
        ends = [end_of_turn(state, p.actions) for p in plays]
        assert len(set(ends)) == len(ends), "each play ends in its own position"
        # The player's own turn ends in one of the plays.
        player = players.make_player(who or valuer_of(state.get_game()), state.get_game(), seed=1)
        s = state.clone()
        while s.current_player() == mover:
            s.apply_action(player(s))
        chosen = ends.index(s.notation())
        if who == "greedy":
            assert plays[chosen].loss < 1e-12
        # evaluate at a decision node is the best play's value, searched as deep.
        e = analysis.evaluate(state, player=who)
        assert e.values[mover] == pytest.approx(plays[0].value, abs=1e-12)
        assert len(e.values) == state.get_game().num_players()
        assert e.depth == plays[0].depth and all(p.depth == plays[0].depth for p in plays)
        if who == "greedy":
            assert plays[0].depth == 1


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_of_a_terminal_state_is_its_returns(name: str) -> None:
    state = racegames.make_game(name).new_initial_state()
    state.play_random(5, max_steps=100_000)
    if not state.is_terminal():
        pytest.skip("the random game did not end within 100000 steps")
    for who in (None, "greedy"):
        assert list(analysis.evaluate(state, player=who).values) == pytest.approx(state.returns(), abs=0)


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_at_a_chance_node_by_greedy_is_the_evaluation(name: str) -> None:
    game = racegames.make_game(name)
    state = game.new_initial_state()
    e = analysis.evaluate(state, player="greedy")
    assert len(e.values) == game.num_players()
    assert all(game.min_utility() - 1e-9 <= v <= game.max_utility() + 1e-9 for v in e.values)
    # At a chance node the evaluation itself; at a decision node (the Halma
    # games start with one) the estimate after the best play.
    assert e.depth == (0 if state.is_chance_node() else 1)


@pytest.mark.parametrize("name, depth", [("backgammon", 1), ("daldos", 2), ("fallas", 1)])
def test_evaluate_at_a_chance_node_is_the_same_on_any_threads(name: str, depth: int) -> None:
    state = decision_state(name)
    for a in analysis.hint(state, player="expectimax", depth=depth)[0].actions:
        state.apply_action(a)
    assert state.is_chance_node()
    one = analysis.evaluate(state, player="expectimax", depth=depth, threads=1)
    for threads in (2, 3):
        more = analysis.evaluate(state, player="expectimax", depth=depth, threads=threads)
        assert (more.values, more.outcomes, more.depth) == (one.values, one.outcomes, one.depth)


def test_each_play_tells_the_depth_it_was_searched() -> None:
    state = decision_state("backgammon")
    assert {p.depth for p in analysis.hint(state, player="expectimax", depth=2)} == {2}
    assert analysis.evaluate(state, player="expectimax", depth=2).depth == 2


@pytest.mark.parametrize("name", GAMES)
def test_rollout_is_the_same_on_any_threads_and_its_error_shrinks(name: str) -> None:
    state = decision_state(name)
    one = analysis.rollout(state, trials=40, seed=4, player="random", threads=1, truncate=3)
    two = analysis.rollout(state, trials=40, seed=4, player="random", threads=2, truncate=3)
    assert one == two
    assert one.trials == 40 and len(one.values) == state.get_game().num_players()
    more = analysis.rollout(state, trials=320, seed=4, player="random", threads=2, truncate=3)
    if state.get_game().max_chance_outcomes() == 0 or max(one.stderr) == 0:
        # No dice and players decided by seed and state: one game, repeated.
        assert max(more.stderr) == 0
    else:
        assert max(more.stderr) < max(one.stderr)


@pytest.mark.parametrize("name", ["backgammon", "daldos", "fallas"])
def test_a_luck_adjusted_rollout_keeps_the_mean_and_narrows_the_error(name: str) -> None:
    state = decision_state(name)
    plain = analysis.rollout(state, trials=200, seed=2, player="greedy", threads=2, truncate=4)
    adjusted = analysis.rollout(state, trials=200, seed=2, player="greedy", threads=2, truncate=4, luck_adjusted=True)
    both = (plain.stderr[0] ** 2 + adjusted.stderr[0] ** 2) ** 0.5
    assert abs(plain.values[0] - adjusted.values[0]) < 4 * both, (plain, adjusted)
    assert adjusted.stderr[0] < plain.stderr[0], (plain, adjusted)
    with pytest.raises(TypeError):
        analysis.rollout(state, trials=2, luck_adjusted="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_analyse_finds_each_turn_and_the_greedy_players_moves_best(name: str) -> None:
    game = racegames.make_game(name)
    greedy = players.make_player("greedy", game, seed=1)
    state = game.new_initial_state()
    for _ in range(24):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_action(greedy(state))
    a = analysis.analyse(state, player="greedy")
    assert a.decisions, name
    assert len(a.error_rates) == game.num_players()
    for d in a.decisions:
        assert d.loss == pytest.approx(0.0, abs=1e-12), d
        assert 1 <= d.rank <= d.choices
    assert a.error_rates == pytest.approx([0.0] * game.num_players(), abs=1e-12)
    rec = Record.from_state(state, date="")
    assert "<svg" in a._repr_html_()
    assert analysis.analyse(rec, player="greedy", threads=2).error_rates == a.error_rates


def test_analyse_marks_a_random_players_mistakes_and_judges_luck() -> None:
    game = racegames.make_game("backgammon")
    state = game.new_initial_state()
    rnd = players.make_player("random", game, seed=2)
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else rnd(state))
    a = analysis.analyse(state, player="greedy", eval="net")
    assert max(a.error_rates) > 0.01
    assert a.luck is not None and len(a.luck) == 2
    assert a.mistakes()
    assert "error rate" in a.text()
    assert "Analysis(" in repr(a)


def test_backgammon_outcomes_are_chances_in_order() -> None:
    state = decision_state("backgammon")
    e = analysis.evaluate(state, player="greedy", eval="net")
    assert e.outcomes is not None and e.outcomes_seat == state.current_player()
    win, wg, wbg, lg, lbg = e.outcomes
    assert 0 <= wbg <= wg <= win <= 1 and 0 <= lbg <= lg <= 1 - win + 1e-6
    assert "win gammon" in repr(e)
    # The cubeless equity from the outcomes is the value (the net's own).
    assert analysis.evaluate(decision_state("daldos"), player="greedy").outcomes is None


def test_bad_input_is_a_value_or_type_error() -> None:
    state = decision_state("backgammon")
    with pytest.raises(ValueError, match="keeps no value"):
        analysis.evaluate(state, player="random")
    with pytest.raises(ValueError):
        analysis.hint(state, player="nobody")
    with pytest.raises(ValueError):
        analysis.hint(racegames.make_game("backgammon").new_initial_state())
    with pytest.raises(ValueError, match="trials"):
        analysis.rollout(state, trials=0)
    with pytest.raises(ValueError, match="threads"):
        analysis.rollout(state, trials=10, threads=0)
    with pytest.raises(ValueError, match="threads"):
        analysis.evaluate(state, threads=0)
    with pytest.raises(TypeError, match="threads"):
        analysis.evaluate(state, threads=True)
    with pytest.raises(TypeError):
        analysis.evaluate("not a state")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        analysis.bearoff_rolls([16, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError):
        analysis.bearoff_rolls([1, 2, 3])
    with pytest.raises(ValueError):
        analysis.bearoff_rolls([-1, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError):
        analysis.evaluate(state, player="expectimax", depth=9)


# --- bear-off: an independent model -------------------------------------

Position = Tuple[int, ...]


def _one_die(pos: Position, die: int) -> List[Position]:
    """Every position one die can lead to (pos[i] on point i + 1)."""
    if sum(pos) == 0:
        return [pos]
    highest = max(i for i in range(6) if pos[i])
    out = []
    for i in range(6):
        if not pos[i]:
            continue
        point = i + 1
        nxt = list(pos)
        nxt[i] -= 1
        if point > die:
            nxt[point - die - 1] += 1
        elif point < die and i != highest:
            continue
        out.append(tuple(nxt))
    return out


def _plays(pos: Position, a: int, b: int) -> List[Position]:
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    ends = set()
    for order in orders:
        layer = {pos}
        for d in order:
            layer = {n for p in layer for n in _one_die(p, d)}
        ends |= layer
    return sorted(ends)


@functools.lru_cache(maxsize=None)
def _dist(pos: Position) -> Tuple[float, ...]:
    """The distribution of throws to bear off, each throw played to the
    end of least mean (exact rational arithmetic would do; floats suffice)."""
    if sum(pos) == 0:
        return (1.0,)
    total: Dict[int, float] = {}
    for a, b in itertools.combinations_with_replacement(range(1, 7), 2):
        weight = (1 if a == b else 2) / 36
        best = min(_plays(pos, a, b), key=lambda p: sum(n * q for n, q in enumerate(_dist(p))))
        for n, q in enumerate(_dist(best)):
            total[n + 1] = total.get(n + 1, 0.0) + weight * q
    return tuple(total.get(n, 0.0) for n in range(max(total) + 1))


@pytest.mark.parametrize(
    "counts",
    [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [3, 2, 0, 0, 0, 1], [0, 1, 1, 0, 1, 0], [2, 0, 0, 2, 0, 0], [0, 0, 0, 0, 2, 2]],
)
def test_bearoff_rolls_equal_a_simple_model(counts: List[int]) -> None:
    p = analysis.bearoff_rolls(counts)
    assert math.isclose(sum(p), 1.0, abs_tol=1e-6)
    model = _dist(tuple(counts))
    assert len(p) == len(model)
    assert p == pytest.approx(list(model), abs=1e-6)


def test_bearoff_rolls_of_nothing_and_of_fifteen() -> None:
    assert analysis.bearoff_rolls([0] * 6) == [1.0]
    p = analysis.bearoff_rolls([0, 0, 0, 0, 0, 15])
    assert math.isclose(sum(p), 1.0, abs_tol=1e-5)
    assert p[0] == 0.0 and len(p) <= 32


def test_the_command_line_ranks_plays_and_annotates_records(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    state = decision_state("backgammon")
    assert analysis.main(["backgammon", state.notation(), "--player", "greedy", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "Evaluation(" in out and " 1. " in out
    game = racegames.make_game("daldos")
    s = game.new_initial_state()
    s.play_random(1, max_steps=30)
    path = tmp_path / "games.txt"
    from racegames import records

    records.dump([Record.from_state(s, date="")], path)
    assert analysis.main([str(path), "--player", "greedy"]) == 0
    assert "error rate" in capsys.readouterr().out


def test_progress_shows_a_bar(capsys) -> None:  # type: ignore[no-untyped-def]
    state = decision_state("daldos")
    analysis.rollout(state, trials=64, player="random", truncate=2, progress=True)
    assert "64/64" in capsys.readouterr().err


CHILD = """
import sys, time
import racegames
from racegames import analysis
state = racegames.make_game("backgammon").new_initial_state()
print("started", flush=True)
try:
    analysis.rollout(state, trials=10_000_000, player="greedy", threads=2)
except KeyboardInterrupt:
    print(f"KeyboardInterrupt at {time.monotonic():.3f}", flush=True)
    print("then", analysis.rollout(state, trials=8, player="random", truncate=2).trials, flush=True)
    sys.exit(0)
print("finished without an interrupt", flush=True)
sys.exit(1)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
def test_ctrl_c_stops_a_rollout_within_a_second() -> None:
    assert_stops_within_a_second(CHILD, "then 8")


CHILD_EVALUATE = """
import sys, time
import racegames
from racegames import analysis
game = racegames.make_game("backgammon")
state = game.state_from_notation("B1,B1,A4,.,.,A4,.,A3,A2,.,.,B2,A2,.,.,.,B1,.,B2,B4,.,B2,B2,. - 0/0 A - 12")
assert state.is_chance_node()
print("started", flush=True)
try:
    analysis.evaluate(state, player="expectimax", depth=4, threads=2)
except KeyboardInterrupt:
    print(f"KeyboardInterrupt at {time.monotonic():.3f}", flush=True)
    print("then", len(analysis.evaluate(state, player="greedy", threads=2).values), flush=True)
    sys.exit(0)
print("finished without an interrupt", flush=True)
sys.exit(1)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
def test_ctrl_c_stops_an_evaluation_on_threads_within_a_second() -> None:
    assert_stops_within_a_second(CHILD_EVALUATE, "then 2")
