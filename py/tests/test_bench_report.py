"""The benchmarks page's command (``py/bench/bench.py --report``) on a tiny
budget: it writes the page, with the machine, the load, the command and a
table per game; a peer that is not installed reads "not installed", and one
that lacks the game has no row."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "py" / "bench" / "bench.py"

pytest.importorskip("gymnasium")


def run_report(tmp_path: Path, *args: str) -> str:
    page = tmp_path / "benchmarks.md"
    cmd = [sys.executable, str(BENCH), "--report", str(page), "--seconds", "0.02", "--repeats", "1", *args]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"wrote {page}" in done.stdout
    return page.read_text(encoding="utf-8")


def table(text: str, heading: str) -> list[str]:
    """The rows of the table under ``## heading``."""
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| runner | decisions/s | µs/decision | games/s | decisions/game | games/s vs State API |")
    return rows[1:]


def test_report_daldos(tmp_path: Path) -> None:
    # Neither peer has Daldøs, so nothing heavy is loaded (no jit).
    text = run_report(tmp_path, "--games", "daldos", "--sizes", "256", "1024")
    assert text.startswith("# Benchmarks\n")
    # The exact command, the machine and its load, the build.
    assert re.search(r"```sh\npython py/bench/bench\.py --report \S+benchmarks\.md --seconds 0\.02 --repeats 1 "
                     r"--games daldos --sizes 256 1024\n```", text)
    assert re.search(r"^- \*\*Machine\*\*: .+, \d+ logical cores", text, re.M)
    assert re.search(r"^- \*\*Load average\*\* \(1, 5, 15 min\): [\d.]+, [\d.]+, [\d.]+ before the run; "
                     r"[\d.]+, [\d.]+, [\d.]+ after it$", text, re.M)
    assert re.search(r"^- \*\*racegames\*\* [^,\s]+(, commit \w+( with local changes)?)?, (release|debug|unknown) build", text, re.M)
    assert "(players.md)" in text and "(gnubg.md#" in text
    rows = table(text, "Daldøs")
    labels = [row.split(" | ")[0].lstrip("| ") for row in rows]
    assert labels[:5] == [
        "State API (Python loop)",
        "`State.play_random` (Rust)<sup>1</sup>",
        "Gymnasium env<sup>2</sup>",
        "`VectorEnv`, 256 envs<sup>3</sup>",
        "`VectorEnv`, 1,024 envs<sup>3</sup>",
    ]
    assert not any("OpenSpiel" in label or "pgx" in label for label in labels)
    assert rows[0].endswith("| 1.00× |")
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 6
        assert re.fullmatch(r"(≈ )?[\d,]+", cells[1]), row  # decisions/s


def load_bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    # bench.py sets these with setdefault on import: keep them to this test.
    for name in ("OPENBLAS_NUM_THREADS", "XLA_FLAGS", "JAX_PLATFORMS"):
        monkeypatch.setenv(name, "")
    monkeypatch.syspath_prepend(str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("bench_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # for its dataclasses
    spec.loader.exec_module(module)
    return module


def test_missing_peers_read_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_bench(monkeypatch)
    monkeypatch.setattr(bench, "_installed", lambda module: False)
    rows = bench._pgx_rows("backgammon", [256, 1024])
    assert rows == [("pgx-1 (jax, CPU)", None), ("pgx-256 (jax, CPU)", None), ("pgx-1024 (jax, CPU)", None)]
    assert bench._pgx_rows("daldos", [256]) == [] and bench._pgx_rows("chinese_checkers", [256]) == []
    assert bench._openspiel_rows("daldos", [256]) == []
    lines = bench.markdown_table(rows)
    assert lines[2] == "| pgx, 1 env (jit) | not installed | | | | |"
    assert lines[4] == "| pgx, 1,024 envs (jit, vmap) | not installed | | | | |"


def test_openspiel_row_where_installed(tmp_path: Path) -> None:
    text = run_report(tmp_path, "--games", "backgammon", "--sizes", "8", "--peers", "openspiel")
    rows = table(text, "Backgammon")
    (openspiel,) = [row for row in rows if "OpenSpiel" in row]
    installed = importlib.util.find_spec("pyspiel") is not None
    assert ("not installed" in openspiel) != installed
    assert not any("pgx" in row for row in rows)  # not asked for


def test_a_new_report_keeps_the_before_and_after_section(tmp_path: Path) -> None:
    """The page's last section (figures of changes, measured by their own
    commands) survives a new report; the rows are measured afresh."""
    page = tmp_path / "benchmarks.md"
    kept = "## Changes measured before and after\n\nA figure of a change: 1.23x.\n"
    page.write_text("# Benchmarks\n\nold tables\n\n" + kept, encoding="utf-8")
    text = run_report(tmp_path, "--games", "daldos", "--sizes", "--peers", "--rows", "state-api")
    assert "old tables" not in text
    assert text.endswith(kept)
    assert len(table(text, "Daldøs")) == 1  # --rows: state-api only
