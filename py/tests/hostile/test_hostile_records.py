"""Records from outside (issue 49, items 3, 5 to 8, 10, 11 and 14): long
games, big texts, odd files, odd tags, actions and returns. Each call works
or raises ``ValueError``/``TypeError`` at once, naming what is wrong, and
nothing grabs memory, blocks or ignores Ctrl-C."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, List

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import racegames
from racegames import records
from racegames._files import MAX_RECORDS_BYTES

from conftest import HOSTILE

BACKGAMMON = racegames.make_game("backgammon")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and signals")


def _tests_conftest() -> Any:
    """py/tests/conftest.py (its ``interrupt_child``), which this folder's
    own conftest.py hides from ``import conftest``."""
    spec = importlib.util.spec_from_file_location("racegames_tests_conftest", Path(__file__).parents[1] / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def a_record(seed: int = 3, steps: int = 40) -> records.Record:
    state = BACKGAMMON.new_initial_state()
    state.play_random(seed, max_steps=steps)
    return records.Record.from_state(state, players=["random", "random"], date="2026.01.31")


# --- item 3: memory linear in the game's length ---------------------------

LONG_GAME = """
import resource, time
limit = 2 << 30
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
import racegames
from racegames import records
game = racegames.make_game("chinese_checkers", max_turns=0)
state = game.new_initial_state()
state.play_random(seed=1, max_steps=40_000)
rec = records.Record.from_state(state, players=["random", "random"])
assert len(rec.actions) == 40_000 and not state.is_terminal()
start = time.perf_counter()
states = rec.states()
assert len(states) == 40_001 and states[-1] == state
assert states[1234].history() == rec.actions[:1234] and states[-1].history() == rec.actions
page = rec._repr_html_()
assert page.count("<svg") <= 1001
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and ru_maxrss in KiB: Linux")
def test_a_long_record_replays_in_bounded_memory_and_time() -> None:
    """40,000 actions of Chinese checkers without a turn limit: every state
    and the notebook replay, in a child limited to 2 GiB of address space
    (each state used to copy the whole history: 2.3 GB)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", LONG_GAME], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    seconds, mib = done.stdout.split()
    assert int(mib) < 400, f"{mib} MiB"
    assert float(seconds) < 60


@HOSTILE
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 300))
def test_states_keep_each_history(seed: int, cut: int) -> None:
    """Copies share their history; each state still lists its own."""
    rec = a_record(seed, steps=300)
    states = rec.states()
    i = min(cut, len(rec.actions))
    assert states[i].history() == rec.actions[:i]
    branch = states[i].clone()
    if not branch.is_terminal():
        other = branch.legal_actions()[-1] if not branch.is_chance_node() else branch.chance_outcomes()[-1][0]
        branch.apply_action(other)
        assert branch.history() == rec.actions[:i] + [other]
    assert states[i].history() == rec.actions[:i] and states[-1].history() == rec.actions


# --- item 5: Ctrl-C during a long read --------------------------------------

BIG_READ = """
import time, racegames
from racegames import records
state = racegames.make_game("backgammon").new_initial_state()
state.play_random(1)
text = records.dumps(records.Record.from_state(state, players=["r", "r"])) * 15_000
print("started", flush=True)
try:
    records.loads(text)
    print("finished")
except KeyboardInterrupt:
    print("KeyboardInterrupt at", time.monotonic())
"""


@POSIX
def test_ctrl_c_stops_a_long_read_within_a_second() -> None:
    status, lines, err, sent = _tests_conftest().interrupt_child(BIG_READ, wait=1.0)
    assert status == 0, (lines, err)
    assert lines and lines[0].startswith("KeyboardInterrupt at "), (lines, err)
    assert float(lines[0].split()[-1]) - sent < 1.0, (lines, err)


# --- item 6: only regular files, of bounded size ----------------------------


def test_load_refuses_devices_directories_and_huge_files(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(MAX_RECORDS_BYTES + 1)  # sparse: no disk used
    for path in (["/dev/zero"] if os.path.exists("/dev/zero") else []) + [tmp_path, huge]:
        with pytest.raises(ValueError, match="not a regular file|more than"):
            records.load(path)


@POSIX
def test_load_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    outcome: List[BaseException] = []

    def load() -> None:
        try:
            records.load(fifo)
        except BaseException as e:  # noqa: B036 - handed to the test thread
            outcome.append(e)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # unblocks it
        pytest.fail("records.load blocked on a FIFO")
    assert outcome and isinstance(outcome[0], ValueError) and "not a regular file" in str(outcome[0])


# --- item 7: a tag given twice ------------------------------------------------


@HOSTILE
@given(which=st.integers(0, 30), value=st.sampled_from(["daldos", "backgammon", "x", ""]))
def test_a_tag_given_twice_is_refused_at_its_line(which: int, value: str) -> None:
    text = a_record().dumps()
    lines = text.split("\n")
    n_tags = lines.index("")
    name = lines[which % n_tags][1:].split(" ")[0]
    lines.insert(n_tags, f'[{name} "{value}"]')
    with pytest.raises(ValueError, match=f"line {n_tags + 1}, column 1: a second {name} tag"):
        records.loads("\n".join(lines))


# --- item 8: a Game tag that contradicts the game -----------------------------


@HOSTILE
@given(tag=st.one_of(st.sampled_from(racegames.list_games()), st.text(max_size=12)))
def test_a_game_tag_must_name_the_records_game(tag: str) -> None:
    actions = a_record().actions
    if tag == "backgammon":
        rec = records.Record(BACKGAMMON, actions, tags={"Game": tag})
        assert records.loads(rec.dumps())[0].actions == actions
        return
    with pytest.raises(ValueError, match="Game tag"):
        records.Record(BACKGAMMON, actions, tags={"Game": tag})
    rec = records.Record(BACKGAMMON, actions)
    rec.tags["Game"] = tag  # changed afterwards: refused when written
    with pytest.raises(ValueError, match="Game tag"):
        rec.dumps()


# --- item 10: returns of an unfinished record --------------------------------


@HOSTILE
@given(values=st.lists(st.one_of(st.floats(), st.sampled_from(["nan", "inf", "-inf", "1e39", "x"])), max_size=3))
def test_to_arrays_never_passes_a_non_finite_return(values: List[Any]) -> None:
    rec = a_record()
    assert not rec.final_state().is_terminal()
    rec.tags["Returns"] = " ".join(str(v) for v in values)
    returns = records.to_arrays(rec)["return"]
    assert len(returns) > 0 and np.isfinite(returns).all()
    try:
        numbers = [float(str(v)) for v in values]
    except ValueError:
        numbers = []
    biggest = float(np.finfo(np.float32).max)
    if len(numbers) == 2 and all(np.isfinite(x) and abs(x) <= biggest for x in numbers):
        assert set(returns.tolist()) <= {float(np.float32(x)) for x in numbers}
    else:
        assert (returns == 0).all()


# --- item 11: actions and comment places out of range -------------------------


@HOSTILE
@given(
    action=st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([-1, 2**32, 2**64])),
    place=st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([-1, 2**70])),
)
def test_out_of_range_numbers_are_value_errors(action: int, place: int) -> None:
    game = racegames.make_game("daldos")

    def written(rec: records.Record) -> None:
        try:
            assert isinstance(rec.dumps(), str)
        except ValueError:
            pass  # an illegal move or a comment out of place; never OverflowError

    if 0 <= action < 2**32:
        written(records.Record(game, [action]))
    else:
        with pytest.raises(ValueError, match="outside 0 to"):
            records.Record(game, [action])
    if place == 0:
        written(records.Record(game, [], comments=[(place, "note")]))
    else:
        with pytest.raises(ValueError, match="comment"):
            records.Record(game, [], comments=[(place, "note")])
    rec = records.Record(game)
    rec.actions.append(action)  # changed afterwards: checked when written
    rec.comments.append((place, "note"))
    written(rec)


# --- item 14: bytes that are not UTF-8 ------------------------------------------


@HOSTILE
@given(data=st.data())
def test_a_file_that_is_not_utf8_is_named_with_line_and_column(tmp_path_factory: Any, data: st.DataObject) -> None:
    text = a_record().dumps().encode("utf-8")
    at = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80"]))
    path = tmp_path_factory.mktemp("utf8") / "bad records.txt"
    path.write_bytes(text[:at] + junk + text[at:])
    line = text[:at].count(b"\n") + 1
    column = len(text[text.rfind(b"\n", 0, at) + 1 : at].decode("utf-8")) + 1
    with pytest.raises(ValueError) as refused:
        records.load(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: line {line}, column {column}: not UTF-8"), message
