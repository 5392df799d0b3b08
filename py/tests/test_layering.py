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


def assert_no_circle(graph: Dict[str, Set[str]]) -> None:
    """Fails naming the first circle of modules in ``graph``."""
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


def test_the_environments_crate_knows_no_python() -> None:
    for path in (REPO / "envs").rglob("*"):
        if path.suffix in (".rs", ".toml"):
            assert "pyo3" not in path.read_text(encoding="utf-8"), path


def test_no_module_circle_in_the_extension() -> None:
    assert_no_circle(_uses("py/src"))


def _python_uses() -> Dict[str, Set[str]]:
    """Each module of the Python package and the package modules it
    imports, at the top or inside a function alike."""
    package = REPO / "py" / "python" / "racegames"
    graph: Dict[str, Set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        name = ".".join(p for p in parts if p != "__init__") or "__init__"
        # Imports for the type checker only are no circle at run time.
        text = re.sub(r"^if TYPE_CHECKING:.*\n(?:[ \t]+.*\n|\n)*", "", path.read_text(encoding="utf-8"), flags=re.M)
        used = set(re.findall(r"^\s*from racegames\.([\w.]+) import", text, re.M))
        for group in re.findall(r"^\s*from racegames import ([\w, ()\n]+?)(?:\n\s*\n|$|\n[^ \n(])", text, re.M):
            used |= {w for w in re.findall(r"\w+", group) if w != "as"}
        used |= set(re.findall(r"^\s*import racegames\.([\w.]+)", text, re.M))
        graph[name] = used - {name}
    return graph


def test_no_module_circle_in_the_python_package() -> None:
    # The package's __init__ imports its modules to publish them; a module
    # importing the package itself is not a circle of modules.
    assert_no_circle({k: v for k, v in _python_uses().items() if k != "__init__"})
