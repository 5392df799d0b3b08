"""py/scripts/ladder.py keeps the measurements other scripts put on the players page."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def load_ladder() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "scripts" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_kept_blocks_survive_by_section(tmp_path: Path) -> None:
    ladder = load_ladder()
    block = "<!-- kept: made by a script -->\n### Against X\n\n| a |\n|---|\n<!-- /kept -->\n"
    page = tmp_path / "players.md"
    page.write_text("# Title\n\nintro\n\n## One\n\ntable\n\n" + block + "\n## Two\n\nother\n", encoding="utf-8")
    assert ladder.kept_blocks(page) == {"One": block}
    assert ladder.kept_blocks(tmp_path / "missing.md") == {}
