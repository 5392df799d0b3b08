"""The examples run: the tour script and the notebook (executed with nbclient)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

EXAMPLES = REPO / "examples"


def test_tour_script_writes_the_final_svg(tmp_path: Path) -> None:
    out = tmp_path / "final.svg"
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "tour.py"), "--quiet", "--seed", "3", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "wins" in result.stdout or "turn limit" in result.stdout
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    # A legend explains the letters, the throws and the move notation.
    for words in ("undalled", "dalled", "the dal", "throws", '"x"', "stern", "prow"):
        assert words in result.stdout, words
    # The final picture says how the game ended, as the text does.
    winner = next(line for line in result.stdout.splitlines() if "wins after" in line or "turn limit" in line)
    if "wins after" in winner:
        assert f"Game over: {winner.split()[1]} wins" in svg
    else:
        assert "stopped at the turn limit" in svg


def test_notebook_runs_and_shows_the_board() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(EXAMPLES / "daldos_tour.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()
    svgs = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if "image/svg+xml" in out.get("data", {})
    ]
    assert len(svgs) >= 3


def test_the_players_notebook_plays_a_game_and_shows_it() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(EXAMPLES / "play_against_players.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()
    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])]
    svgs = [out for out in outputs if "image/svg+xml" in out.get("data", {})]
    assert len(svgs) >= 3
    text = "".join(out.get("text", "") for out in outputs)
    assert "you win" in text or "the opponent wins" in text
    assert "greedy wins" in text


def test_the_match_notebook_plays_writes_and_reads_a_match(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(EXAMPLES / "backgammon_match.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    text = "".join(out.get("text", "") for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", []))
    assert re.search(r"final score (7-\d|\d-7) ", text), text[-2000:]
    assert (tmp_path / "match.mat").read_text().startswith(" 7 point match")
    assert "'MatchLength': '7'" in text
    if "GNU Backgammon is not installed" not in text:
        assert "gnubg reads the match as racegames played it: True" in text


def test_the_analysis_notebook_marks_mistakes_in_fallas_and_backgammon() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(EXAMPLES / "analysis.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()
    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])]
    html = "".join(out.get("data", {}).get("text/html", "") for out in outputs)
    text = "".join(out.get("text", "") for out in outputs)
    # Both replays show, with mistakes marked; the cube decision is printed.
    assert html.count("error rate") >= 2 and "?" in html
    assert "the five worst moves" in text and "moves marked" in text
    assert "proper action" in text
