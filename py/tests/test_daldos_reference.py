"""Reproduces the Daldøs perft counts of tests/data/daldos_perft.txt with the
independent pure-Python reference model in reference/daldos_model.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import daldos_model as dm  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "daldos_perft.txt"
# The model is slow: larger counts are left to the Rust test.
MAX_COUNT = 40_000


def read_lines():
    out = []
    for n, line in enumerate(DATA.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        game, params, notation, depth, count = (f.strip() for f in line.split("|"))
        assert game == "daldos"
        out.append(pytest.param(params, notation, int(depth), int(count), id=f"line{n}"))
    return out


LINES = read_lines()


def test_data_file_is_substantial():
    assert len(LINES) >= 8


@pytest.mark.parametrize("params,notation,depth,count", LINES)
def test_perft_matches_reference(params, notation, depth, count):
    if count > MAX_COUNT:
        pytest.skip(f"count {count} is too large for the slow model")
    opts = dm.options_from(params)
    state = dm.parse(notation)
    assert dm.perft(state, opts, depth) == count
