"""The docs build's API check (py/docs_build/api_check.py) on names that a
module builds on first access, and the docstrings it reads as markdown.

The check runs inside ``scripts/docs.sh``; these tests pin how it treats a
lazily built class: checked in full when its optional package is installed,
reported (never silently passed over) when it is not, and an error when it
cannot be built although its packages are there."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import logging
import re
import sys
import types
from pathlib import Path
from typing import Any, Iterator, List

import pytest

from conftest import REPO

spec = importlib.util.spec_from_file_location("api_check", REPO / "py" / "docs_build" / "api_check.py")
assert spec is not None and spec.loader is not None
api_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(api_check)

ABSENT = "racegames_test_surely_not_installed"


def lazy_module(name: str, build: Any) -> types.ModuleType:
    """A module whose ``__all__`` names ``Thing``, built by ``build()`` on
    first access."""
    module = types.ModuleType(name, "A module with a lazily built class.")
    module.__all__ = ["Thing"]  # type: ignore[attr-defined]

    def __getattr__(attr: str) -> Any:
        if attr == "Thing":
            return build()
        raise AttributeError(attr)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


def needs_absent_package() -> Any:
    try:
        import racegames_test_surely_not_installed  # type: ignore[import-not-found] # noqa: F401
    except ImportError as error:
        raise ImportError("needs the absent package") from error


def needs_broken_install() -> Any:
    # An ImportError whose missing module is installed: a broken install.
    raise ImportError("cannot import name 'Base'") from ModuleNotFoundError("numpy.nothing", name="numpy")


def test_an_absent_optional_package_is_reported_and_the_heading_still_required(
    caplog: pytest.LogCaptureFixture,
) -> None:
    module = lazy_module("fake_lazy", needs_absent_package)
    with caplog.at_level(logging.INFO, logger="mkdocs.hooks.api_check"):
        assert list(api_check.lazy_problems(module, "Thing", {"fake_lazy.Thing"})) == []
    assert f"fake_lazy.Thing not checked: it needs {ABSENT}, which is not installed" in caplog.text
    found = list(api_check.lazy_problems(module, "Thing", set()))
    assert len(found) == 1 and "needs a heading with id 'fake_lazy.Thing'" in found[0]


def test_a_lazy_class_that_fails_with_its_packages_installed_is_an_error() -> None:
    module = lazy_module("fake_broken", needs_broken_install)
    found = list(api_check.lazy_problems(module, "Thing", {"fake_broken.Thing"}))
    assert len(found) == 1 and "cannot be built although its packages are installed" in found[0]


def test_a_built_lazy_class_is_checked_for_docstrings() -> None:
    class Thing:
        def method(self) -> None:
            pass

    module = lazy_module("fake_built", lambda: Thing)
    assert list(api_check.lazy_problems(module, "Thing", {"fake_built.Thing"})) == [
        "fake_built.Thing: no docstring",
        "fake_built.Thing.method: no docstring",
    ]
    Thing.__doc__ = "A thing."
    Thing.method.__doc__ = "Does it."
    assert list(api_check.lazy_problems(module, "Thing", {"fake_built.Thing"})) == []


def test_problems_treats_names_missing_from_the_module_as_lazy(monkeypatch: pytest.MonkeyPatch) -> None:
    module = lazy_module("fake_listed", needs_absent_package)
    monkeypatch.setitem(sys.modules, "fake_listed", module)
    monkeypatch.setattr(api_check, "MODULES", ["fake_listed"])
    assert list(api_check.problems({"fake_listed"}, {"fake_listed.Thing"})) == []
    assert list(api_check.problems({"fake_listed"}, set())) != []


def fake_package(monkeypatch: pytest.MonkeyPatch, path: str, **names: Any) -> None:
    """Installs modules ``path`` and its parents in ``sys.modules`` (with a
    spec, so that they count as installed), the last holding ``names``."""
    parts = path.split(".")
    for i in range(len(parts)):
        name = ".".join(parts[: i + 1])
        module = types.ModuleType(name)
        module.__spec__ = importlib.machinery.ModuleSpec(name, None)
        monkeypatch.setitem(sys.modules, name, module)
    for key, value in names.items():
        setattr(sys.modules[path], key, value)


LAZY = [
    ("racegames.sb3", "SB3VecEnv", "stable_baselines3", "stable_baselines3.common.vec_env", "VecEnv"),
    ("racegames.rllib", "MultiAgentRLlibEnv", "ray", "ray.rllib.env.multi_agent_env", "MultiAgentEnv"),
]


@pytest.fixture(params=LAZY, ids=[row[1] for row in LAZY])
def built(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """The package's lazily built classes, built against a stand-in base
    class when their optional package is not installed (their docstrings are
    the package's own either way)."""
    modname, name, package, basemod, base = request.param
    module = importlib.import_module(modname)
    if importlib.util.find_spec(package) is None:
        fake_package(monkeypatch, basemod, **{base: type(base, (), {})})
    had = name in vars(module)
    try:
        yield module
    finally:
        if not had:
            vars(module).pop(name, None)


def test_the_packages_lazy_classes_have_their_docstrings_and_headings(built: types.ModuleType) -> None:
    lazy = [n for n in built.__all__ if n not in vars(built)]
    assert lazy, f"{built.__name__} builds nothing lazily any more: update LAZY"
    for name in lazy:
        assert list(api_check.lazy_problems(built, name, {f"{built.__name__}.{name}"})) == []


def test_the_lazy_classes_have_headings_on_the_pages() -> None:
    pages = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "docs").rglob("*.md"))
    for modname, name, *_ in LAZY:
        assert f"{{#{modname}.{name}}}" in pages


ROLE = re.compile(r":(func|class|mod|meth|attr|data|exc|obj|ref):`")


def docstring_sources() -> List[Path]:
    package = REPO / "py" / "python" / "racegames"
    return sorted(package.rglob("*.py")) + sorted(package.rglob("*.pyi")) + sorted((REPO / "py" / "src").rglob("*.rs"))


def test_docstrings_use_markdown_not_sphinx_roles() -> None:
    # The site renders docstrings as markdown, where :func:`x` shows as is.
    found = [
        f"{path.relative_to(REPO)}:{n}: {line.strip()}"
        for path in docstring_sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ROLE.search(line)
    ]
    assert found == []
