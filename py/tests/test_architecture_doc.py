"""docs/architecture.md names every module of the middle layer, the
extension, the drawing crate and the Python package, so that its lists
match the code."""

from __future__ import annotations

from pathlib import Path
from typing import List

import pytest

from conftest import REPO

PAGE = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")


def modules(folder: str, suffix: str) -> List[str]:
    names = [p.stem for p in sorted((REPO / folder).glob(f"*{suffix}"))]
    return [n for n in names if n not in ("lib", "tests") and not n.endswith("_tests")]


@pytest.mark.parametrize(
    "folder, suffix",
    [("envs/src", ".rs"), ("py/src", ".rs"), ("draw/src", ".rs"), ("py/python/racegames", ".py")],
)
def test_the_architecture_page_names_every_module(folder: str, suffix: str) -> None:
    missing = [m for m in modules(folder, suffix) if f"`{m}`" not in PAGE and f"`{m}{suffix}`" not in PAGE]
    assert not missing, f"docs/architecture.md does not name these modules of {folder}: {missing}"


def test_the_python_package_folders_are_named_too() -> None:
    package = REPO / "py" / "python" / "racegames"
    folders = [p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert folders and all(f"`{f}`" in PAGE for f in folders), folders
