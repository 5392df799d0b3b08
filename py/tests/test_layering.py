"""The middle layer's shape: the environments crate knows no Python, and
the extension's modules use one another without a circle."""

from __future__ import annotations

import re
from typing import Dict, Set

from conftest import REPO


def _uses(folder: str) -> Dict[str, Set[str]]:
    graph: Dict[str, Set[str]] = {}
    for path in sorted((REPO / folder).glob("*.rs")):
        text = path.read_text(encoding="utf-8")
        graph[path.stem] = set(re.findall(r"crate::([a-z_]+)", text)) - {path.stem}
    return graph


def test_the_environments_crate_knows_no_python() -> None:
    for path in (REPO / "envs").rglob("*"):
        if path.suffix in (".rs", ".toml"):
            assert "pyo3" not in path.read_text(encoding="utf-8"), path


def test_no_module_circle_in_the_extension() -> None:
    graph = _uses("py/src")
    done: Set[str] = set()

    def visit(node: str, path: list) -> None:
        assert node not in path, " -> ".join(path + [node])
        if node in done:
            return
        for used in graph.get(node, ()):
            if used in graph:
                visit(used, path + [node])
        done.add(node)

    for node in graph:
        visit(node, [])
