"""``records.to_transitions``: each seat's transitions, as offline-RL
libraries take them, checked against a replay of the records; and the
offline-RL example fits and judges its two policies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import racegames
from racegames import arena, records

from conftest import REPO


@pytest.fixture(scope="module")
def recs(tmp_path_factory: pytest.TempPathFactory) -> list:
    path = tmp_path_factory.mktemp("games") / "games.txt"
    arena.play("daldos", ["greedy", "random"], games=6, seed=3, record=str(path))
    return records.load(str(path))


def test_transitions_follow_each_seats_decisions(recs: list) -> None:
    t = records.to_transitions(recs)
    flat = records.to_arrays(recs)
    n = len(flat["action"])
    assert all(len(v) == n for v in t.values())
    assert t["masks"].dtype == bool and t["next_masks"].dtype == bool
    # The same decisions as to_arrays, regrouped by record and seat.
    order = np.lexsort((np.arange(n), flat["seat"], flat["record"]))
    assert (t["actions"] == flat["action"][order]).all()
    assert (t["observations"] == flat["observation"][order]).all()
    # A seat's next observation is its next decision's, within its episode.
    ends = t["terminations"] | t["truncations"]
    inner = np.flatnonzero(~ends)
    assert (t["next_observations"][inner] == t["observations"][inner + 1]).all()
    assert (t["next_masks"][inner] == t["masks"][inner + 1]).all()
    assert not t["next_masks"][ends].any()
    # One end per seat and game; the reward is the seat's return there, else 0.
    game = racegames.make_game("daldos")
    assert ends.sum() == len(recs) * game.num_players()
    assert (t["rewards"][~ends] == 0).all()
    for k, rec in enumerate(recs):
        final = rec.states()[-1]
        for seat in range(game.num_players()):
            last = np.flatnonzero((t["records"] == k) & (t["seats"] == seat))[-1]
            assert ends[last] and t["rewards"][last] == final.returns()[seat]
            assert t["terminations"][last]


def test_flat_observations_and_cut_games(recs: list) -> None:
    flat = records.to_transitions(recs, observation="flat")
    shaped = records.to_transitions(recs)
    assert flat["observations"].shape == (len(shaped["actions"]), int(np.prod(shaped["observations"].shape[1:])))
    assert (flat["observations"] == shaped["observations"].reshape(len(shaped["actions"]), -1)).all()
    # A record stopped unfinished: truncated, with no reward.
    rec = recs[0]
    cut = records.Record(rec.game, rec.actions[: len(rec.actions) // 2])
    t = records.to_transitions(cut)
    ends = t["terminations"] | t["truncations"]
    assert not t["terminations"].any() and t["truncations"][ends].all()
    assert (t["rewards"] == 0).all()
    with pytest.raises(ValueError, match="observation"):
        records.to_transitions(recs, observation="image")
    with pytest.raises(ValueError, match="at least one"):
        records.to_transitions([])


def test_the_offline_rl_example_fits_and_judges_both_policies() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "examples" / "offline_rl.py"), "--games", "30", "--judge", "10",
         "--steps", "20", "--quiet"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "behavioural cloning: won" in done.stdout
    assert "advantage-weighted regression: won" in done.stdout
