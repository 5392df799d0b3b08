"""Reproduces tables-core/tests/data/tables_perft.txt with the pure-Python reference
model of the tables games (tests/reference/tables_model.py).

Standard library and pytest only: it does not import racegames. Counts that
would take the slow model too long (depth 3, or above 150,000 positions)
are skipped here; racegames-tables's Rust test checks every line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))

from perft_data import PerftLine, line_game_depth_id, read_perft  # noqa: E402
from tables_model import Rules, notation, parse, perft  # noqa: E402

MAX_COUNT = 150_000
MAX_DEPTH = 2

LINES = read_perft("tables")


#: Every tables game of the package.
TABLES_GAMES = {
    "seys_dos_e_as", "backgammon", "quinze_tablas", "doze_canes", "doblet", "fallas", "emperador",
    "medio_emperador", "pareia_de_entrada", "cab_e_quinal", "todas_tablas", "laquet",
    "buffa_de_baldrac", "reencontrar", "tablas_de_siete",
}


def test_the_data_file_has_lines_for_every_tables_game():
    games = {line.game for line in LINES}
    assert games == TABLES_GAMES


@pytest.mark.parametrize("line", LINES, ids=line_game_depth_id)
def test_notation_round_trips_in_the_model(line: PerftLine):
    rules = Rules(line.game, line.kwargs())
    written = notation(rules, parse(rules, line.notation))
    expected = line.notation if len(line.notation.split()) == 6 else line.notation + " 0"
    assert written == expected


@pytest.mark.parametrize("line", LINES, ids=line_game_depth_id)
def test_perft_count_matches_the_reference_model(line: PerftLine):
    if line.count > MAX_COUNT or line.depth > MAX_DEPTH:
        pytest.skip("too slow for the pure-Python model; checked by the Rust test")
    rules = Rules(line.game, line.kwargs())
    assert perft(rules, parse(rules, line.notation), line.depth) == line.count
