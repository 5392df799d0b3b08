"""One version everywhere: the Cargo workspace's `[workspace.package]`
version is every crate's and the Python package's (maturin reads it;
pyproject.toml declares the version dynamic), and `racegames.__version__`,
the installed distribution, the workspace's dependency entries, Cargo.lock
and the newest CHANGELOG.md release all say the same."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import racegames

REPO = Path(__file__).resolve().parents[2]
CRATES = ["board-core", "daldos-core", "tables-core", "halma-core", "draw", "players", "envs", "py", "examples", "train"]


def section(text: str, name: str) -> str:
    """The body of the TOML table ``[name]`` (up to the next table)."""
    found = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    assert found is not None, f"no [{name}]"
    return found.group(1)


def workspace_version() -> str:
    body = section((REPO / "Cargo.toml").read_text(encoding="utf-8"), "workspace.package")
    found = re.search(r'^version = "([^"]+)"$', body, re.M)
    assert found is not None, "no version in [workspace.package]"
    return found.group(1)


def test_the_version_is_semver() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", workspace_version())


def test_every_crate_takes_the_workspace_version() -> None:
    for crate in CRATES:
        body = section((REPO / crate / "Cargo.toml").read_text(encoding="utf-8"), "package")
        assert re.search(r"^version\.workspace = true$", body, re.M), crate
        assert not re.search(r"^version = ", body, re.M), crate


def test_workspace_dependencies_ask_for_the_workspace_version() -> None:
    version = workspace_version()
    body = section((REPO / "Cargo.toml").read_text(encoding="utf-8"), "workspace.dependencies")
    entries = re.findall(r'^(racegames-[a-z]+) = \{.*\bversion = "([^"]+)"', body, re.M)
    assert {name for name, _ in entries} == {
        "racegames-board",
        "racegames-daldos",
        "racegames-tables",
        "racegames-halma",
        "racegames-draw",
        "racegames-players",
        "racegames-env",
    }
    assert all(v == version for _, v in entries), entries


def test_cargo_lock_has_the_workspace_version() -> None:
    version = workspace_version()
    lock = (REPO / "Cargo.lock").read_text(encoding="utf-8")
    ours = re.findall(r'^name = "(racegames-[a-z]+)"\nversion = "([^"]+)"', lock, re.M)
    assert len(ours) == len(CRATES)
    assert all(v == version for _, v in ours), ours


def test_the_python_version_comes_from_cargo() -> None:
    project = section((REPO / "py" / "pyproject.toml").read_text(encoding="utf-8"), "project")
    assert re.search(r'^dynamic = \[.*"version".*\]$', project, re.M)
    assert not re.search(r"^version = ", project, re.M)


def test_the_installed_package_has_the_workspace_version() -> None:
    version = workspace_version()
    assert racegames.__version__ == version
    assert metadata.version("racegames") == version


def test_the_changelog_names_the_version() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", text, re.M)
    assert releases and releases[0] == workspace_version()
