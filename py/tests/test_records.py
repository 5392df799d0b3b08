"""Game records: state.history(), Record, loads/dumps/load/dump, replay,
the arena's record file, to_arrays, and the notebook replay."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import List

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import racegames
from racegames import arena, records
from racegames.records import Record


def small(name: str) -> racegames.Game:
    """The game with a turn limit that keeps random games short."""
    params = racegames.make_game(name).get_parameters()
    return racegames.make_game(name, max_turns=120) if "max_turns" in params else racegames.make_game(name)


def played(name: str, seed: int) -> racegames.State:
    state = small(name).new_initial_state()
    state.play_random(seed=seed)
    return state


def test_history_lists_every_action_chance_included() -> None:
    game = racegames.make_game("backgammon")
    state = game.new_initial_state()
    applied: List[int] = []
    for a in [state.chance_outcomes()[3][0]]:
        state.apply_action(a)
        applied.append(a)
    a = state.legal_actions()[0]
    state.apply_action(a)
    applied.append(a)
    assert state.history() == applied
    with pytest.raises(ValueError):
        state.apply_action(10**6)
    assert state.history() == applied
    copy = state.clone()
    state.play_random(seed=1, max_steps=5)
    assert state.history()[:2] == applied and len(state.history()) == 7
    assert copy.history() == applied
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again == state
    # A state read from notation starts its history there.
    read = game.state_from_notation(state.notation())
    assert read.history() == [] and read._history_start() == state.notation()


@pytest.mark.parametrize("name", racegames.list_games())
def test_every_game_round_trips_and_replays(name: str) -> None:
    state = played(name, 5)
    rec = Record.from_state(state, players=["random"] * state.get_game().num_players(), seed=5, date="2026.11.25")
    assert rec.actions == state.history() and rec.tags["Game"] == name
    text = records.dumps([rec])
    [back] = records.loads(text)
    assert back == rec and back.tags == rec.tags
    assert back.final_state() == state
    states = back.states()
    assert len(states) == len(rec.actions) + 1 and states[-1] == state
    assert rec.tags["Termination"] in ("win", "draw", "turn limit")
    assert repr(rec).startswith(f"<Record {name}:")


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(racegames.list_games()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
    comment=st.text(alphabet=st.characters(blacklist_characters="}", blacklist_categories=("Cs",)), max_size=20),
    value=st.text(alphabet=st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=20),
)
def test_any_record_round_trips(name: str, seed: int, steps: int, comment: str, value: str) -> None:
    state = small(name).new_initial_state()
    state.play_random(seed=seed, max_steps=steps)
    rec = Record.from_state(state, tags={"Event": value}, date="2026.11.25")
    rec.comments.append((min(steps, len(rec.actions)) // 2, comment))
    rec.comments.sort(key=lambda c: c[0])
    assert records.loads(records.dumps([rec, rec])) == [rec, rec]


def test_a_position_tag_starts_the_game_elsewhere() -> None:
    game = racegames.make_game("daldos")
    state = game.new_initial_state()
    state.play_random(seed=4, max_steps=10)
    start = game.state_from_notation(state.notation())
    start.play_random(seed=9, max_steps=6)
    rec = Record.from_state(start)
    assert rec.tags["Position"] == state.notation() and len(rec.actions) == 6
    [back] = records.loads(records.dumps(rec))
    assert back.final_state() == start


def test_bad_text_names_line_and_column() -> None:
    with pytest.raises(ValueError, match=r"line 2, column 6"):
        records.loads('[Game "daldos"]\n[Bad x]\n')
    with pytest.raises(ValueError, match=r"line 1, column 1: unknown game"):
        records.loads('[Game "chess"]\n\n1. A: e4\n')
    with pytest.raises(ValueError, match=r"line 1, column 1: .*board"):
        records.loads('[Game "daldos"]\n[board "round"]\n')
    with pytest.raises(TypeError):
        records.loads(b"[Game]")  # type: ignore[arg-type]


def test_an_illegal_move_is_named() -> None:
    state = played("backgammon", 11)
    rec = Record.from_state(state)
    text = records.dumps(rec)
    lines = text.splitlines()
    # Turn 2's first move swapped for one that cannot be played there.
    i = next(k for k, line in enumerate(lines) if line.startswith("2. "))
    head, _, rest = lines[i].partition(": ")
    lines[i] = f"{head}: roll 11; 1:24-30"
    with pytest.raises(ValueError, match=rf"line {i + 1}, column \d+: move \d+ \(1:24-30\)"):
        records.loads("\n".join(lines) + "\n")
    # The first decision replaced by an action that is not legal there.
    states = rec.states()
    k = next(k for k, s in enumerate(states) if s.current_player() >= 0)
    wrong = next(a for a in range(rec.game.num_distinct_actions()) if not states[k].is_legal(a))
    bad = Record(rec.game, rec.actions[:k] + [wrong] + rec.actions[k + 1 :], rec.tags)
    with pytest.raises(ValueError, match=rf"move {k + 1} \(.*, action {wrong}\) is illegal"):
        bad.final_state()
    with pytest.raises(ValueError, match=rf"move {k + 1} "):
        records.dumps(bad)


def test_files_of_many_games(tmp_path: Path) -> None:
    recs = [Record.from_state(played(n, 1)) for n in ("daldos", "halma", "backgammon")]
    path = tmp_path / "games.txt"
    records.dump(recs, path)
    assert records.load(path) == recs
    path.write_text(path.read_text() + "[Game \"daldos\"]\n}\n")
    with pytest.raises(ValueError, match=r"games.txt: line \d+, column 1"):
        records.load(path)


def test_the_arena_writes_every_game_read_back_identical(tmp_path: Path) -> None:
    path = tmp_path / "arena.txt"
    game = racegames.make_game("backgammon")
    r = arena.play(game, ["greedy", "random"], games=1000, seed=3, threads=2, record=path)
    recs = records.load(path)
    assert len(recs) == r.games == 1000
    assert records.dumps(recs) == path.read_text()
    wins = sum(rec.tags["Result"] == "A" if k % 2 == 0 else rec.tags["Result"] == "B" for k, rec in enumerate(recs))
    assert wins == r.wins[0]
    assert recs[1].tags["PlayerA"] == "random" and recs[1].tags["PlayerB"] == "greedy"
    assert [rec.tags["Round"] for rec in recs[:3]] == ["1", "2", "3"]
    for rec in recs[:20]:
        assert rec.final_state().is_terminal()


def test_the_arena_command_line_records(tmp_path: Path) -> None:
    path = tmp_path / "cli.txt"
    cmd = [sys.executable, "-m", "racegames.arena", "daldos", "random", "greedy", "--games", "6", "--record", str(path)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    recs = records.load(path)
    assert len(recs) == 6 and recs[0].tags["PlayerA"] == "random"


_REPLAY = """
import sys
from racegames import records
for rec in records.load(sys.argv[1]):
    print(rec.final_state().notation())
"""


def test_a_record_replays_the_same_in_another_process(tmp_path: Path) -> None:
    states = [played(name, 21) for name in racegames.list_games()]
    path = tmp_path / "all.txt"
    records.dump([Record.from_state(s) for s in states], path)
    r = subprocess.run([sys.executable, "-c", _REPLAY, str(path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [s.notation() for s in states]


def test_to_arrays_lists_every_decision() -> None:
    game = racegames.make_game("daldos")
    states = [played("daldos", s) for s in range(3)]
    recs = [Record.from_state(s) for s in states]
    data = records.to_arrays(recs)
    decisions = sum(1 for rec in recs for s in rec.states()[:-1] if s.current_player() >= 0)
    n = len(data["action"])
    assert n == decisions
    assert data["observation"].shape == (n, *game.observation_tensor_shape())
    assert data["mask"].shape == (n, game.num_distinct_actions())
    assert data["observation"].dtype == np.float32 and data["mask"].dtype == np.int8
    assert all(data["mask"][i, data["action"][i]] == 1 for i in range(n))
    for k, s in enumerate(states):
        rows = data["record"] == k
        assert set(data["return"][rows]) <= set(s.returns())
        seat0 = rows & (data["seat"] == 0)
        assert np.all(data["return"][seat0] == s.returns()[0])
    with pytest.raises(ValueError):
        records.to_arrays([])


def test_the_notebook_replay_steps_through_the_game() -> None:
    rec = Record.from_state(played("daldos", 4), players=["a", "b"])
    page = rec._repr_html_()
    assert page.count("<svg") >= 1 and 'type="range"' in page and "<script>" in page
    assert f'max="{len(rec.actions)}"' in page
