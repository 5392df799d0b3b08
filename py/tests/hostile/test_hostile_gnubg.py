"""gnubg's match files and IDs from outside (issue 49, items 4, 6, 9, 12
and 13): damaged score lines, odd files, odd player names, odd Match ID
fields and huge numbers. Each call works or raises ``ValueError``/
``TypeError`` at once, naming what is wrong."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, List

import pytest
from hypothesis import given
from hypothesis import strategies as st

import racegames
from racegames import gnubg
from racegames._files import MAX_MATCH_BYTES

from conftest import HOSTILE

BACKGAMMON = racegames.make_game("backgammon")
HEAD = " 1 point match\n\n Game 1\n"


def a_game(seed: int, steps: int = 12) -> List[int]:
    """The first turns of a game (reading a whole one back takes longer)."""
    state = BACKGAMMON.new_initial_state()
    state.play_random(seed, max_steps=steps)
    while not state.is_chance_node():  # a match file holds whole turns
        state.apply_action(state.legal_actions()[0])
    return state.history()


# --- item 4: a bad score line is refused in linear time -------------------


def test_a_long_bad_score_line_is_refused_at_once() -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match="line 4: expected the players and score"):
        gnubg.parse_match(HEAD + " : 1 x" * 4000 + "!\n")
    assert time.perf_counter() - start < 1.0


@HOSTILE
@given(
    pieces=st.lists(st.sampled_from([" ", ":", "1", "x", " : 1 x", "  ", "0 ", "\t"]), max_size=40),
    repeat=st.integers(1, 2000),
)
def test_any_score_line_is_read_in_linear_time(pieces: List[str], repeat: int) -> None:
    line = "".join(pieces) * repeat
    start = time.perf_counter()
    try:
        gnubg.parse_match(HEAD + line + "\n  1) 31: 8/5 6/5\n")
    except ValueError as e:
        assert "line" in str(e) and len(str(e)) < 300
    assert time.perf_counter() - start < 1.0


# --- item 6: read_match reads only regular files, of bounded size ---------


def test_read_match_refuses_devices_directories_and_huge_files(tmp_path: Path) -> None:
    huge = tmp_path / "huge.mat"
    with open(huge, "wb") as f:
        f.truncate(MAX_MATCH_BYTES + 1)  # sparse: no disk used
    for path in (["/dev/zero"] if os.path.exists("/dev/zero") else []) + [tmp_path, huge]:
        with pytest.raises(ValueError, match="not a regular file|more than"):
            gnubg.read_match(path)


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_read_match_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.mat"
    os.mkfifo(fifo)
    outcome: List[BaseException] = []

    def read() -> None:
        try:
            gnubg.read_match(fifo)
        except BaseException as e:  # noqa: B036 - handed to the test thread
            outcome.append(e)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # unblocks it
        pytest.fail("gnubg.read_match blocked on a FIFO")
    assert outcome and isinstance(outcome[0], ValueError) and "not a regular file" in str(outcome[0])


# --- item 9: every name write_match accepts reads back the same -----------

NAMES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        ["x" * 27, "x" * 28, "x" * 31, "x" * 32, ";me", "#me", "a\u2028b", "a\x0cb", "a\x1cb", "a\x85b", " a", "é" * 16]
    ),
)


@HOSTILE
@given(first=NAMES, second=NAMES)
def test_every_accepted_name_reads_back_the_same(tmp_path_factory: Any, first: str, second: str) -> None:
    path = tmp_path_factory.mktemp("names") / "names.mat"
    actions = a_game(5)
    try:
        gnubg.write_match([actions], path, names=(first, second))
    except ValueError:
        assert not path.exists()
        for bad in (first, second):
            try:
                gnubg.check_name(bad)
            except ValueError:
                return
        pytest.fail("write_match refused two names that check_name accepts")
    [rec] = gnubg.read_match(path)
    assert (rec.tags["PlayerA"], rec.tags["PlayerB"]) == (first, second)
    assert rec.actions == actions
    assert len(first.encode()) <= 31 and len(first.splitlines()) == 1


def test_names_gnubg_cannot_read_are_refused() -> None:
    for bad in ["x" * 32, ";me", "#me", "a\u2028b", "a\x0cb", "a\x1cb", "a:b", "a,1", " a", "a ", "", "\udc80"]:
        with pytest.raises(ValueError):
            gnubg.format_match([a_game(1)], names=(bad, "B"))
        with pytest.raises(ValueError):
            gnubg.format_match([a_game(1)], names=("A", bad))
    # 28 to 31 characters used to run into the second name's column.
    text = gnubg.format_match([a_game(1)], names=("x" * 31, "y" * 31))
    assert gnubg.parse_match(text) == [a_game(1)]


# --- item 12: encode_match_id names the bad field -------------------------


@HOSTILE
@given(field=st.sampled_from(["dice", "score"]), value=st.one_of(st.tuples(), st.tuples(st.integers(0, 6)), st.just([]), st.just("66"), st.none()))
def test_a_bad_pair_in_a_match_id_is_named(field: str, value: Any) -> None:
    info = gnubg.decode_match_id("MIEFAAAAAAAA")
    with pytest.raises(ValueError, match=field):
        gnubg.encode_match_id(info._replace(**{field: value}))


@HOSTILE
@given(field=st.sampled_from(list(gnubg.MatchInfo._fields)), value=st.one_of(st.integers(-(2**70), 2**70), st.none(), st.text(max_size=3), st.tuples(st.integers(-9, 99), st.integers(-9, 99))))
def test_any_match_id_field_is_encoded_or_refused(field: str, value: Any) -> None:
    info = gnubg.decode_match_id("MIEFAAAAAAAA")._replace(**{field: value})
    try:
        mid = gnubg.encode_match_id(info)
    except (ValueError, TypeError):
        return
    assert len(mid) == 12


# --- item 13: a huge number names its line --------------------------------

GAME = " 1 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5\n"


@HOSTILE
@given(where=st.sampled_from(["1 point", "Game 1", "A : 0", "B : 0", "1)", "8/5", "6/5", "31:"]), digits=st.integers(4000, 6000))
def test_a_huge_number_is_refused_with_its_line(where: str, digits: int) -> None:
    big = "9" * digits
    text = GAME.replace(where, where.replace("1", big).replace("0", big).replace("8", big).replace("6", big), 1)
    try:
        gnubg.parse_match(text)
    except ValueError as e:
        assert str(e).startswith("line ") and len(str(e)) < 300, str(e)[:300]


def test_a_5000_digit_point_names_its_line() -> None:
    with pytest.raises(ValueError, match=r"^line 5: point '9999") as refused:
        gnubg.parse_match(GAME.replace("8/5", "9" * 5000 + "/5"))
    assert "digits" not in str(refused.value)
