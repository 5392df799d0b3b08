"""The crates' manifests pass what the public registry checks before it
takes a crate (`scripts/check_crate_metadata.py`, run by the dry-run
publish): a keyword over 20 characters stopped a real `cargo publish
--workspace` at racegames-env."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "check_crate_metadata.py"

pytestmark = pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo (cargo metadata)")


def check(manifest: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--manifest-path", str(manifest)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_publishable_crate_fits_the_registry() -> None:
    done = check(REPO / "Cargo.toml")
    assert done.returncode == 0, done.stderr
    for name in ["racegames-board", "racegames-daldos", "racegames-env", "racegames-players"]:
        assert name in done.stdout
    # publish = false crates are left out.
    assert "racegames-py" not in done.stdout


def crate(tmp_path: Path, keywords: str, categories: str, publish: str = "") -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("//! A crate.\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# x\n", encoding="utf-8")
    manifest = tmp_path / "Cargo.toml"
    manifest.write_text(
        "[package]\n"
        'name = "metadata-probe"\n'
        'version = "0.1.0"\n'
        'edition = "2021"\n'
        'description = "A probe."\n'
        'license = "MIT"\n'
        'readme = "README.md"\n'
        f"keywords = {keywords}\n"
        f"categories = {categories}\n"
        f"{publish}\n"
        "[workspace]\n",
        encoding="utf-8",
    )
    return manifest


def test_a_crate_that_fits_passes(tmp_path: Path) -> None:
    done = check(crate(tmp_path, '["dice", "board-game", "c++", "no_std"]', '["games", "no-std"]'))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("keywords", "categories", "fault"),
    [
        ('["reinforcement-learning"]', "[]", "22 characters"),
        ('["a", "b", "c", "d", "e", "f"]', "[]", "6 keywords"),
        ('["2d"]', "[]", "starting with a letter"),
        ('["board game"]', "[]", "ASCII letters"),
        ('["dice"]', '["board-games"]', "category 'board-games'"),
        ('["dice"]', '["games", "science", "simulation", "algorithms", "mathematics", "no-std"]', "6 categories"),
    ],
)
def test_what_the_registry_refuses_fails(tmp_path: Path, keywords: str, categories: str, fault: str) -> None:
    done = check(crate(tmp_path, keywords, categories))
    assert done.returncode == 1
    assert fault in done.stderr, done.stderr
    assert "metadata-probe" in done.stderr


def test_a_crate_not_published_is_not_checked(tmp_path: Path) -> None:
    done = check(crate(tmp_path, '["reinforcement-learning"]', "[]", publish="publish = false"))
    assert done.returncode == 0, done.stderr
    assert "metadata-probe" not in done.stdout
