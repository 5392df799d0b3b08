"""Reproduces tests/data/tables_perft.txt with the pure-Python reference
model of Seys dos e as and backgammon (tests/reference/tables_model.py).

Standard library and pytest only: it does not import racegames. Counts that
would take the slow model too long (depth 3, or above 150,000 positions)
are skipped here; tables-core's Rust test checks every line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))

from tables_model import Rules, notation, parse, perft  # noqa: E402

DATA = HERE.parent.parent / "tests" / "data" / "tables_perft.txt"
MAX_COUNT = 150_000
MAX_DEPTH = 2


def _lines():
    out = []
    for number, line in enumerate(DATA.read_text().splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        game, params, text, depth, count = (f.strip() for f in line.split("|"))
        params = {} if params == "-" else dict(kv.split("=", 1) for kv in params.split(","))
        out.append(pytest.param(game, params, text, int(depth), int(count), id=f"line{number}-{game}-d{depth}"))
    return out


LINES = _lines()


def test_the_data_file_has_lines_for_both_games():
    games = {p.values[0] for p in LINES}
    assert games == {"seys_dos_e_as", "backgammon"}


@pytest.mark.parametrize("game,params,text,depth,count", LINES)
def test_notation_round_trips_in_the_model(game, params, text, depth, count):
    rules = Rules(game, params)
    written = notation(rules, parse(rules, text))
    expected = text if len(text.split()) == 6 else text + " 0"
    assert written == expected


@pytest.mark.parametrize("game,params,text,depth,count", LINES)
def test_perft_count_matches_the_reference_model(game, params, text, depth, count):
    if count > MAX_COUNT or depth > MAX_DEPTH:
        pytest.skip("too slow for the pure-Python model; checked by the Rust test")
    rules = Rules(game, params)
    assert perft(rules, parse(rules, text), depth) == count
