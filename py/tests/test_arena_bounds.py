"""The arena's bounds: counts checked against a stated range before anything
is allocated, threads capped, Ctrl-C honoured, progress shown, and a
command line that takes player options (issue 27, items 1, 3, 10, 11)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from typing import Any, List

import pytest

from conftest import assert_stops_within_a_second, sigint_as_default

import racegames
from racegames import _core, arena

GAMES_RANGE = "games must be from 1 to 10000000"
THREADS_RANGE = "threads must be from 1 to 64"


def run_cli(*args: str, timeout: float = 120) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(
        [sys.executable, "-m", "racegames.arena", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("games", [10**12, 2**64 - 1, 2**64 - 2, 2**64, 10_000_001, 0, -1, -(2**70), 10**300])
@pytest.mark.parametrize("how", ["play", "round_robin"])
def test_games_out_of_range_are_a_value_error_naming_the_range(games: int, how: str) -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match=GAMES_RANGE) as e:
        getattr(arena, how)("daldos", ["random", "random"], games=games)
    # Refused at once, nothing allocated per game, the input not echoed whole.
    assert time.perf_counter() - start < 1.0
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("games", [10**12, 2**64 - 1, 2**64, 0, -1])
def test_the_native_half_checks_the_range_too(games: int) -> None:
    g = racegames.make_game("daldos")
    made = [racegames.players.make_player("random", g, seed=i) for i in range(2)]
    for native in (_core._arena_play, _core._arena_round_robin):
        with pytest.raises(ValueError, match=GAMES_RANGE):
            native(g, made, games, 7, 1, 1000, 0)
        with pytest.raises(ValueError, match=THREADS_RANGE):
            native(g, made, 2, 7, 65, 1000, 0)


@pytest.mark.parametrize("value", [True, False, 1.0, "10", None])
def test_counts_that_are_not_ints_are_a_type_error(value: Any) -> None:
    for what in ("games", "threads"):
        with pytest.raises(TypeError, match=f"{what} must be an int"):
            arena.play("daldos", ["random", "random"], **{what: value})


@pytest.mark.parametrize("threads", [0, 65, 20_000, 2**64])
def test_threads_are_capped_as_vector_env_caps_them(threads: int) -> None:
    with pytest.raises(ValueError, match=THREADS_RANGE):
        arena.play("daldos", ["random", "random"], games=2, threads=threads)
    with pytest.raises(ValueError, match=THREADS_RANGE):
        arena.round_robin("daldos", ["random", "random"], games=2, threads=threads)
    assert arena.play("daldos", ["random", "random"], games=2, threads=arena.MAX_THREADS).games == 2


def test_the_largest_count_is_accepted() -> None:
    assert arena.MAX_GAMES == 10_000_000 and arena.MAX_THREADS == 64


CHILD = """
import sys, time
from racegames import arena
print("started", flush=True)
try:
    arena.{call}
except KeyboardInterrupt:
    print(f"KeyboardInterrupt at {{time.monotonic():.3f}}", flush=True)
    # The players and the game stay usable after the interrupt.
    r = arena.play("backgammon", ["random", "random"], games=4, threads=2)
    print("then", r.games, "games", flush=True)
    sys.exit(0)
print("finished without an interrupt", flush=True)
sys.exit(1)
"""


def _reap(child: "subprocess.Popen[str]") -> None:
    """Stops a child that is still running and closes its pipes, so that a
    failed test leaves no process and no open file behind."""
    if child.poll() is None:
        child.kill()
    child.communicate()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
@pytest.mark.parametrize(
    "call",
    [
        'play("backgammon", ["random", "random"], games=10**7, threads=2)',
        'round_robin("backgammon", ["random", "greedy", "random"], games=10**7, threads=2)',
        'play("backgammon", ["random", lambda s: s.legal_actions()[0]], games=10**6, threads=1)',
    ],
)
def test_ctrl_c_stops_a_running_match_within_a_second(call: str) -> None:
    assert_stops_within_a_second(CHILD.format(call=call), "then 4 games", timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
def test_ctrl_c_stops_the_command_line_with_one_line() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "racegames.arena", "backgammon", "random", "random", "--games", "10000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_default,
    )
    try:
        time.sleep(2.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        _reap(child)
    assert time.monotonic() - sent < 3.0
    assert child.returncode == 130, (out, err)
    assert err.strip() == "interrupted"


def test_progress_shows_a_tqdm_bar(capsys: pytest.CaptureFixture[str]) -> None:
    r = arena.play("daldos", ["random", "random"], games=30, threads=1, progress=True)
    err = capsys.readouterr().err
    assert r.games == 30
    assert "30/30" in err and "game/s" in err and "|" in err
    t = arena.round_robin("daldos", ["random", "greedy", "random"], games=4, progress=True)
    err = capsys.readouterr().err
    assert t.games[0][1] == 4 and "12/12" in err


def test_progress_off_is_silent_and_must_be_a_bool(capsys: pytest.CaptureFixture[str]) -> None:
    arena.play("daldos", ["random", "random"], games=4)
    assert capsys.readouterr().err == ""
    with pytest.raises(TypeError, match="progress must be a bool"):
        arena.play("daldos", ["random", "random"], games=4, progress="yes")  # type: ignore[arg-type]


def test_the_command_line_takes_player_options() -> None:
    r = run_cli(
        "daldos", "mcts:simulations=50,exploration=1.4", "expectimax:depth=1,beam=4", "--games", "2", "--threads", "1"
    )
    assert r.returncode == 0, r.stderr
    assert "mcts" in r.stdout and "expectimax" in r.stdout and "2 games" in r.stdout
    bad = run_cli("daldos", "mcts:simulations=fifty", "random", "--games", "2")
    assert bad.returncode == 2 and "simulations" in bad.stderr and "Traceback" not in bad.stderr
    bad = run_cli("daldos", "mcts:simulations", "random", "--games", "2")
    assert bad.returncode == 2 and "NAME:KEY=VALUE" in bad.stderr


def test_the_command_line_plays_a_policy_file(tmp_path: Any) -> None:
    path = tmp_path / "missing.rgpl"
    r = run_cli("backgammon", f"policy:path={path}", "random", "--games", "2")
    # The option reaches the loader: the error is about the file.
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "path=<policy file>" not in r.stderr and "missing.rgpl" in r.stderr


def test_help_documents_player_options_and_progress() -> None:
    r = run_cli("--help")
    assert r.returncode == 0
    for text in ("mcts:simulations=50", "policy:path=", "expectimax:depth=2,beam=4", "--progress", "default 100"):
        assert text in r.stdout, text


@pytest.mark.parametrize("games", ["1000000000000", "18446744073709551616", "-3", "many"])
def test_bad_games_on_the_command_line_is_one_line(games: str) -> None:
    r = run_cli("daldos", "random", "random", "--games", games, timeout=30)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    last = r.stderr.strip().splitlines()[-1]
    assert "games" in last and len(last) < 200


def test_long_inputs_are_not_echoed_whole() -> None:
    long = "x" * 100_000
    r = run_cli("daldos", f"policy:path={long}", "random", "--games", "2")
    assert r.returncode == 2 and len(r.stderr) < 2000
    with pytest.raises(ValueError) as e:
        arena.play("daldos", ["random", "random"], games=10**5000)
    assert len(str(e.value)) < 200


def test_train_help_without_torch_names_the_extra(tmp_path: Any) -> None:
    # Hide torch, installed or not: a package named torch that fails to import.
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'torch'\", name='torch')\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run(
        [sys.executable, "-m", "racegames.train", "--help"], capture_output=True, text=True, timeout=60, env=env
    )
    assert r.returncode == 0 and "--steps" in r.stdout, r.stderr
    r = subprocess.run(
        [sys.executable, "-m", "racegames.train", "daldos", "--steps", "1024", "--out", str(tmp_path / "p.rgpl")],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "racegames[train]" in r.stderr and "./py[train]" in r.stderr


def test_the_child_script_is_valid() -> None:
    compile(textwrap.dedent(CHILD.format(call="play()")), "child", "exec")
