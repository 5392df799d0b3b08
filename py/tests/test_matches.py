"""Whole matches of backgammon with the cube: ``arena.play_matches``."""

from __future__ import annotations

from pathlib import Path

import pytest

import racegames
from racegames import arena, players, records


def test_matches_carry_the_score_and_count_matches(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon", cube=True)
    path = tmp_path / "matches.txt"
    r = arena.play_matches(game, ["greedy", "random"], matches=6, match_length=3, seed=2, threads=2, record=path)
    assert r.matches == 6 and sum(r.wins) == 6
    rate, low, high = r.win_rate(0)
    assert low <= rate <= high and "6 matches" in r.table()
    # The same matches on one thread, and with Player objects.
    p = [players.make_player("greedy", game, seed=2), players.make_player("random", game, seed=3)]
    again = arena.play_matches(game, p, matches=6, match_length=3, seed=2, threads=1)
    assert (again.wins, again.games, again.points) == (r.wins, r.games, r.points)
    # Every game is recorded with its score, and replays.
    recs = records.load(path)
    assert len(recs) == r.games > r.matches
    for rec in recs:
        state = rec.final_state()
        assert state.is_terminal() or rec.tags["Termination"] == "turn limit"
        a, b = state.match_score()
        assert max(a, b) < 3
    # The score before each game grows within a match; one Crawford game at most.
    for m in range(1, 7):
        games = [rec for rec in recs if rec.tags["Round"] == str(m)]
        totals = [sum(rec.final_state().match_score()) for rec in games]
        assert totals == sorted(totals) and len(set(totals)) == len(totals)
        assert sum(rec.final_state().is_crawford_game() for rec in games) <= 1


def test_bad_arguments_are_refused() -> None:
    game = racegames.make_game("backgammon", cube=True)
    with pytest.raises(ValueError, match="match_length"):
        arena.play_matches(game, ["greedy", "greedy"], matches=1, match_length=0)
    with pytest.raises(ValueError, match="matches"):
        arena.play_matches(game, ["greedy", "greedy"], matches=0)
    with pytest.raises(TypeError):
        arena.play_matches(game, ["greedy"], matches=1)
    with pytest.raises(TypeError):
        arena.play_matches(game, ["greedy", lambda s: 0], matches=1)
    with pytest.raises(ValueError):
        arena.play_matches(game, ["greedy", "nobody"], matches=1)
    with pytest.raises(ValueError):
        arena.play_matches("daldos", ["greedy", "greedy"], matches=1)
