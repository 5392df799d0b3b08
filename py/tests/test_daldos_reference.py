"""Reproduces the Daldøs perft counts of daldos-core/tests/data/daldos_perft.txt with the
independent pure-Python reference model in reference/daldos_model.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import daldos_model as dm  # noqa: E402
from perft_data import PerftLine, line_id, read_perft  # noqa: E402

# The model is slow: larger counts are left to the Rust test.
MAX_COUNT = 40_000

LINES = read_perft("daldos")


def test_data_file_is_substantial():
    assert len(LINES) >= 8
    assert all(line.game == "daldos" for line in LINES)


@pytest.mark.parametrize("line", LINES, ids=line_id)
def test_perft_matches_reference(line: PerftLine):
    if line.count > MAX_COUNT:
        pytest.skip(f"count {line.count} is too large for the slow model")
    opts = dm.options_from(line.params)
    state = dm.parse(line.notation)
    assert dm.perft(state, opts, line.depth) == line.count
