"""Reproduces tables-core/tests/data/tables_cube_perft.txt (backgammon with
the cube, resignation and match play) with the pure-Python reference
model tests/reference/cube_model.py, and with racegames through its
native turn ends. Lines too large for the slow model are left to the Rust
test (racegames-tables's tests/cube.rs), which checks every line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))

from cube_model import CubeRules, notation, parse, perft  # noqa: E402
from perft_data import ROOT, PerftLine, line_game_depth_id, params_kwargs  # noqa: E402

#: Counts the model reaches within about a second.
MAX_MODEL_COUNT = 1000
#: Counts racegames reaches within about a second through the extension.
MAX_NATIVE_COUNT = 20_000


def read_lines() -> list:
    path = ROOT / "tables-core" / "tests" / "data" / "tables_cube_perft.txt"
    out = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        text = text.strip()
        if text and not text.startswith("#"):
            game, params, pos, depth, count = (f.strip() for f in text.split("|"))
            out.append(PerftLine(number, game, params, pos, int(depth), int(count)))
    return out


LINES = read_lines()


def test_the_data_file_has_its_lines() -> None:
    assert len(LINES) == 12


@pytest.mark.parametrize("line", LINES, ids=line_game_depth_id)
def test_notation_round_trips_in_the_model(line: PerftLine) -> None:
    rules = CubeRules(line.game, params_kwargs(line.params))
    assert notation(rules, parse(rules, line.notation)) == line.notation


@pytest.mark.parametrize("line", LINES, ids=line_game_depth_id)
def test_perft_count_matches_the_reference_model(line: PerftLine) -> None:
    if line.count > MAX_MODEL_COUNT:
        pytest.skip("too slow for the pure-Python model; checked by the Rust test")
    rules = CubeRules(line.game, params_kwargs(line.params))
    assert perft(rules, parse(rules, line.notation), line.depth) == line.count


@pytest.mark.parametrize("line", LINES, ids=line_game_depth_id)
def test_perft_count_matches_racegames(line: PerftLine) -> None:
    if line.count > MAX_NATIVE_COUNT:
        pytest.skip("large; checked by the Rust test")
    racegames = pytest.importorskip("racegames")
    from racegames._core import _tables_turn_ends

    game = racegames.make_game(line.game, **params_kwargs(line.params))
    level = {game.state_from_notation(line.notation).notation()}
    for _ in range(line.depth):
        level = {e.notation() for n in level for e in _tables_turn_ends(game.state_from_notation(n))}
    assert len(level) == line.count
