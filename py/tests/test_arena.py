"""racegames.arena: the match contract, seat rotation, determinism over
threads, Python players, round robins with Elo, and bad input."""

from __future__ import annotations

import math
from typing import Any, List

import pytest

import racegames
from racegames import arena, players


def first_legal(state: racegames.State) -> int:
    return state.legal_actions()[0]


def test_a_match_reports_the_contract() -> None:
    game = racegames.make_game("backgammon")
    p0, p1 = players.make_player("random", game, seed=1), players.make_player("random", game, seed=2)
    r = arena.play(game, [p0, p1], games=200, seed=7, threads=2)
    assert r.games == 200
    assert len(r.wins) == len(r.mean_returns) == 2
    assert sum(r.wins) + r.draws == r.games
    assert sum(r.seat_wins) + r.draws == r.games
    assert math.isclose(r.mean_returns[0], -r.mean_returns[1], abs_tol=1e-12)
    for i in range(2):
        rate, low, high = r.win_rate(i)
        assert rate == r.wins[i] / r.games
        assert 0 <= low <= rate <= high <= 1
    assert "random#0" in r.table() and "random#1" in str(r)


def test_wilson_intervals_match_hand_computed_values() -> None:
    # 8 of 10 at z = 1.96: centre 0.71674, half-width 0.22658.
    rate, low, high = racegames._core._wilson(8, 10)
    assert (rate, round(low, 4), round(high, 4)) == (0.8, 0.4902, 0.9433)
    assert [round(x, 4) for x in racegames._core._wilson(0, 10)] == [0.0, 0.0, 0.2775]
    with pytest.raises(ValueError):
        racegames._core._wilson(11, 10)


def test_games_round_up_so_every_rotation_is_played_equally_often() -> None:
    game = racegames.make_game("chinese_checkers", players=3)
    seats: List[int] = []

    def logger(state: racegames.State) -> int:
        seats.append(state.current_player())
        return first_legal(state)

    # Three turns: each seat moves once, the logger among them.
    r = arena.play(game, [logger, "random", "random"], games=4, turn_limit=3, threads=2)
    assert r.games == 6
    assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    assert r.draws == r.truncated == 6


def test_results_depend_on_the_seed_not_the_threads() -> None:
    game = racegames.make_game("daldos")
    runs = [arena.play(game, ["random", "random"], games=60, seed=3, threads=t) for t in (1, 2, 3)]
    assert all(vars(r) == vars(runs[0]) for r in runs)
    other = arena.play(game, ["random", "random"], games=60, seed=4, threads=1)
    assert vars(other) != vars(runs[0])


def test_random_openings_are_part_of_the_seeded_games() -> None:
    game = racegames.make_game("chinese_checkers")
    seen: List[str] = []
    opening = 0

    def first_state(state: racegames.State) -> int:
        # Once a game: the first two turns after the opening.
        if state.turn_count() < opening + 2:
            seen.append(state.notation())
        return first_legal(state)

    arena.play(game, [first_state, "greedy"], games=6, opening=0, turn_limit=2, threads=1)
    assert len(seen) == 6 and len(set(seen)) == 2  # the same two games, one per rotation
    seen.clear()
    opening = 3
    arena.play(game, [first_state, "greedy"], games=6, opening=3, turn_limit=5, threads=1)
    assert len(seen) == 6 and len(set(seen)) > 2
    runs = [arena.play(game, ["greedy", "greedy"], games=4, opening=3, turn_limit=60, threads=t) for t in (1, 2)]
    assert vars(runs[0]) == vars(runs[1])


def test_a_python_callable_plays_like_the_native_player_it_wraps() -> None:
    game = racegames.make_game("seys_dos_e_as")
    p = players.make_player("random", game, seed=1)
    native = arena.play(game, [p, "random"], games=40, seed=9)
    wrapped = arena.play(game, [lambda s: p.act(s), "random"], games=40, seed=9)
    assert (native.wins, native.draws, native.mean_returns) == (wrapped.wins, wrapped.draws, wrapped.mean_returns)


def test_a_python_players_exception_comes_back_as_itself() -> None:
    def broken(state: racegames.State) -> int:
        raise KeyError("no idea")

    with pytest.raises(KeyError):
        arena.play("daldos", ["random", broken], games=4)


@pytest.mark.parametrize(
    "players_given, error",
    [
        (["random"], ValueError),
        (["random", "random", "random"], ValueError),
        (["random", "nobody"], ValueError),
        (["random", 3], TypeError),
        ("random", TypeError),
        (["random", lambda s: -1], ValueError),
        (["random", lambda s: 10**30], ValueError),
        (["random", lambda s: "x"], TypeError),
    ],
)
def test_bad_players_raise(players_given: Any, error: type) -> None:
    with pytest.raises(error):
        arena.play("daldos", players_given, games=4)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"games": 0}, ValueError),
        ({"threads": 0}, ValueError),
        ({"games": 2.5}, TypeError),
        ({"threads": True}, TypeError),
        ({"seed": "7"}, TypeError),
        ({"turn_limit": 0}, ValueError),
        ({"opening": -1}, ValueError),
        ({"opening": "2"}, TypeError),
    ],
)
def test_bad_settings_raise(kwargs: Any, error: type) -> None:
    with pytest.raises(error):
        arena.play("daldos", ["random", "random"], **kwargs)


def test_a_player_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError):
        arena.play("daldos", ["random", players.make_player("random", "backgammon")], games=2)


def test_a_round_robin_table_is_consistent_and_elo_follows_the_scores() -> None:
    game = racegames.make_game("backgammon")
    t = arena.round_robin(game, ["random", first_legal, "random"], games=40, seed=2, threads=2)
    assert t.names == ["random#0", "first_legal", "random#2"]
    n = len(t.names)
    for i in range(n):
        for j in range(n):
            if i != j:
                assert t.games[i][j] == t.games[j][i] == 40
                assert t.wins[i][j] + t.wins[j][i] + t.draws[i][j] == 40
                assert math.isclose(t.score(i, j) + t.score(j, i), 1.0)
    assert math.isclose(sum(t.elo), 0.0, abs_tol=1e-6)
    assert t.markdown().startswith("| player | Elo |")


def test_elo_of_two_players_is_the_logit_of_their_score() -> None:
    t = arena.round_robin("daldos", ["random", first_legal], games=50, seed=1)
    s = (t.wins[0][1] + t.draws[0][1] / 2 + 0.5) / 51  # one virtual draw
    assert math.isclose(t.elo[0] - t.elo[1], 400 * math.log10(s / (1 - s)), abs_tol=1e-6)
