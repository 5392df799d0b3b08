"""The middle layer's shape: the environments crate knows no Python, and
the modules of the environments crate, the players crate, the extension
and the Python package use one another without a circle."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

from conftest import REPO


def _code(path: Path) -> str:
    """A Rust file's code: comments (doc links among them) and its test
    modules left out, since tests may use any module of their crate."""
    text = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
    while True:
        found = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+\w+\s*\{", text)
        if not found:
            return text
        end, depth = found.end(), 1
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        text = text[: found.start()] + text[end:]


def _modules(src: Path) -> Dict[Tuple[str, ...], str]:
    """Every module of the crate at ``src`` (by its path, ``()`` for the
    root) and its code, found from ``lib.rs`` by its ``mod`` lines (with
    their ``#[path]``); test modules are left out."""
    found: Dict[Tuple[str, ...], str] = {}

    def walk(path: Path, module: Tuple[str, ...], children: Path) -> None:
        code = found[module] = _code(path)
        for attrs, name in re.findall(r"((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code):
            if "cfg(test)" in attrs:
                continue
            given = re.search(r'path\s*=\s*"([^"]+)"', attrs)
            file = path.parent / given.group(1) if given else children / f"{name}.rs"
            if not file.exists():
                file = children / name / "mod.rs"
            walk(file, module + (name,), file.parent / file.stem if given else children / name)

    walk(src / "lib.rs", (), src)
    return found


def _paths(code: str, head: str) -> List[List[str]]:
    """The segments of every path that starts with ``head::`` (``crate`` or
    ``super``), a ``{...}`` group read as one path per member."""
    paths = []
    for m in re.finditer(rf"(?<!\w){head}((?:::\w+)*)(::\{{)?", code):
        base = [s for s in m.group(1).split("::") if s]
        if not m.group(2):
            paths.append(base)
            continue
        end, depth = m.end(), 1
        while depth and end < len(code):
            depth += {"{": 1, "}": -1}.get(code[end], 0)
            end += 1
        group, members, depth, member = code[m.end() : end - 1], [], 0, ""
        for ch in group + ",":
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if ch == "," and depth == 0:
                members.append(member)
                member = ""
            else:
                member += ch
        for member in members:
            paths.append(base + [s for s in re.match(r"\s*([\w:]*)", member).group(1).split("::") if s])
    return paths


def _uses(folder: str, whole: bool = False) -> Dict[str, Set[str]]:
    """Each module of the Rust crate in ``folder`` and the modules its paths
    through ``crate::`` and ``super::`` name (a name the crate root
    re-exports counts as its module; a module's own submodules are its
    parts, not its uses). With ``whole``, each top module with its
    submodules is one node."""
    found = _modules(REPO / folder)
    reexported = {}
    for module, names in re.findall(r"pub\s+use\s+(\w+)::(\{[^}]*\}|\w+)", found[()]):
        if (module,) in found:
            reexported.update({name: (module,) for name in re.findall(r"\w+", names)})

    def module_of(segments: List[str]) -> Tuple[str, ...]:
        best: Tuple[str, ...] = ()
        for k in range(1, len(segments) + 1):
            if tuple(segments[:k]) not in found:
                break
            best = tuple(segments[:k])
        return best or (reexported.get(segments[0], ()) if segments else ())

    graph: Dict[str, Set[str]] = {}
    for module, code in found.items():
        if not module:
            continue
        used = {module_of(s) for s in _paths(code, "crate")}
        for segments in _paths(code, "super"):
            up = 1
            while segments and segments[0] == "super":
                up, segments = up + 1, segments[1:]
            used.add(module_of(list(module[:-up]) + segments) or module[:-up])
        used = {u for u in used if u and u[: len(module)] != module}
        if whole:
            used = {u[:1] for u in used if u[:1] != module[:1]}
            graph.setdefault(module[0], set()).update("::".join(u) for u in used)
        else:
            graph["::".join(module)] = {"::".join(u) for u in used}
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


@pytest.mark.parametrize("folder", ["envs/src", "players/src", "py/src"])
def test_no_module_circle_in_the_rust_crates(folder: str) -> None:
    # Module by module, and folder by folder (each top module with its
    # submodules as one).
    graph = _uses(folder)
    assert len(graph) > 10, graph
    assert_no_circle(graph)
    assert_no_circle(_uses(folder, whole=True))


def test_the_module_graph_sees_the_uses() -> None:
    # A circle the search must find: a path through `crate::`, a `super::`
    # path, a group, and a name the crate root re-exports each make a use.
    envs = _uses("envs/src")
    assert {"erased", "errors", "dynplayer"} <= envs["driver"], envs["driver"]
    assert "vector" in envs["vector::dynvector"]
    players = _uses("players/src")
    assert "player" in players["registry"] and "params" in players["builtin"]
    assert "bearoff" in _uses("players/src", whole=True)["net"]
    with pytest.raises(AssertionError, match="a -> b -> a"):
        assert_no_circle({"a": {"b"}, "b": {"a"}})


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
