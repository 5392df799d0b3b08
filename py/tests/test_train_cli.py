"""The training command's surface without torch (issue 27, item 11): its
``--help`` works and a run names the extra to install."""

from __future__ import annotations

import subprocess
import sys

# Runs the command as if torch were not installed.
WITHOUT_TORCH = "import sys; sys.modules['torch'] = None; from racegames.train.__main__ import main; sys.exit(main(sys.argv[1:]))"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_TORCH, *args], capture_output=True, text=True, timeout=60)


def test_help_needs_no_torch_and_lists_the_options() -> None:
    done = _run("--help")
    assert done.returncode == 0, done.stderr
    for option in ("--steps", "--minutes", "NOT reproducible", "--threads", "--device", "--eval-every",
                   "--eval-games", "--eval-against", "--metrics", "--tensorboard"):
        assert option in done.stdout, option


def test_a_run_without_torch_names_the_extra(tmp_path) -> None:  # type: ignore[no-untyped-def]
    done = _run("backgammon", "--steps", "1024", "--out", str(tmp_path / "bg.rgpl"))
    assert done.returncode == 2
    assert "pip install 'racegames[train]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_out_of_range_options_name_the_range(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for option, value in (("--steps", "0"), ("--threads", "100"), ("--envs", "10**9"), ("--eval-games", "-1")):
        done = _run("backgammon", "--out", str(tmp_path / "x"), option, value)
        assert done.returncode == 2, option
        assert "Traceback" not in done.stderr and option in done.stderr, done.stderr
