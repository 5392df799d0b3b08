"""The stubs match the native module (mypy's stubtest) and the package is typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import racegames

pytest.importorskip("mypy")


def test_py_typed_is_shipped() -> None:
    package = Path(racegames.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_core.pyi").exists()


def test_stubtest() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "racegames",
            "--ignore-missing-stub",
            "--allowlist",
            str(Path(__file__).with_name("stubtest_allowlist.txt")),
            # The torch-only entries are unused where torch is installed.
            "--ignore-unused-allowlist",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
