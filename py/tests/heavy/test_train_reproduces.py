"""The training command reproduces and reports (issue 27, item 12): the same
seed and ``--steps`` write the same policy file; metrics as CSV; Ctrl-C
writes the policy so far. Each run is a few seconds."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import racegames
from racegames import players

from conftest import sigint_as_default
from heavy_support import needs

# Small runs: 16 environments of 64 steps make 1,024 steps an update.
SMALL = ["--envs", "16", "--threads", "1", "--log-every", "0"]


def _run(tmp_path: Path, name: str, *options: str, game: str = "backgammon") -> tuple[Path, str]:
    out = tmp_path / f"{name}.rgpl"
    done = subprocess.run(
        [sys.executable, "-m", "racegames.train", game, "--seed", "3", "--out", str(out), *SMALL, *options],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out, done.stdout


def test_the_same_seed_and_steps_write_the_same_policy_file(tmp_path: Path) -> None:
    needs("torch")
    # Snapshots join the league at updates 2 and 4: the league's draws are
    # part of what must repeat.
    options = ["--steps", "5000", "--snapshot-every", "2", "--eval-games", "0"]
    first, _ = _run(tmp_path, "first", *options)
    second, _ = _run(tmp_path, "second", *options)
    assert first.read_bytes() == second.read_bytes()
    # And the seed matters.
    other = tmp_path / "other.rgpl"
    subprocess.run(
        [sys.executable, "-m", "racegames.train", "backgammon", "--seed", "4", "--out", str(other), *SMALL, *options],
        check=True,
        capture_output=True,
        timeout=300,
    )
    assert other.read_bytes() != first.read_bytes()


def test_a_policy_with_a_logit_per_action_reproduces_too(tmp_path: Path) -> None:
    needs("torch")
    options = ["--steps", "2048", "--policy", "actions", "--eval-games", "0"]
    first, _ = _run(tmp_path, "first", *options, game="daldos")
    second, _ = _run(tmp_path, "second", *options, game="daldos")
    assert first.read_bytes() == second.read_bytes()


def test_the_metrics_file_has_a_row_per_update_and_the_measures(tmp_path: Path) -> None:
    needs("torch")
    out, stdout = _run(tmp_path, "bg", "--steps", "3072", "--eval-every", "2048", "--eval-games", "4")
    with open(tmp_path / "bg.metrics.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    columns = set(rows[0])
    assert {"update", "steps", "seconds", "steps_per_second", "learning_rate", "loss", "policy_loss",
            "value_loss", "entropy", "episodes", "league_win_rate", "win_rate_random", "win_rate_greedy"} <= columns
    # Three updates, then the final measure.
    assert [r["steps"] for r in rows] == ["1024", "2048", "3072", "3072"]
    assert [r["win_rate_random"] != "" for r in rows] == [False, True, False, True]
    # The learning rate anneals by steps: 2/3 and 1/3 of 1e-3 are left.
    assert abs(float(rows[0]["learning_rate"]) - 1e-3 * 2 / 3) < 1e-9
    assert float(rows[2]["learning_rate"]) == 0.0
    assert 0.0 <= float(rows[-1]["win_rate_greedy"]) <= 1.0
    # Progress lines: the share done, the recent rate and the time left.
    assert "100%" in stdout and "steps/s" in stdout and "left" in stdout
    assert "against random" in stdout and "against greedy" in stdout
    assert out.exists()


def test_metrics_can_go_elsewhere_or_nowhere(tmp_path: Path) -> None:
    needs("torch")
    _run(tmp_path, "a", "--steps", "1024", "--eval-games", "0", "--metrics", str(tmp_path / "m" / "run.csv"))
    assert (tmp_path / "m" / "run.csv").read_text().startswith("update,steps,")
    _run(tmp_path, "b", "--steps", "1024", "--eval-games", "0", "--metrics", "")
    assert not (tmp_path / "b.metrics.csv").exists()


def test_tensorboard_is_written_where_installed_and_skipped_cleanly_where_not(tmp_path: Path) -> None:
    needs("torch")
    import importlib.util

    board = tmp_path / "tb"
    _, stdout = _run(tmp_path, "bg", "--steps", "1024", "--eval-games", "0", "--tensorboard", str(board))
    if importlib.util.find_spec("tensorboard") is None:
        assert "tensorboard is not installed" in stdout
    else:
        assert any(p.name.startswith("events.out.tfevents") for p in board.iterdir())


def test_help_lists_the_options() -> None:
    # --help needs no torch.
    done = subprocess.run(
        [sys.executable, "-m", "racegames.train", "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    for option in ("--steps", "--minutes", "--threads", "--device", "--eval-every", "--eval-games",
                   "--eval-against", "--metrics", "--tensorboard", "NOT reproducible"):
        assert option in done.stdout, option


def test_bad_budgets_are_refused_with_the_range(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "racegames.train", "backgammon", "--out", str(tmp_path / "x"), "--steps", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and "must be 1 to" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "racegames.train", "backgammon", "--out", str(tmp_path / "x"),
         "--steps", "10", "--minutes", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and "not allowed with" in done.stderr


def test_ctrl_c_writes_the_policy_so_far(tmp_path: Path) -> None:
    needs("torch")
    out = tmp_path / "bg.rgpl"
    run = subprocess.Popen(
        [sys.executable, "-m", "racegames.train", "backgammon", "--steps", "100000000", "--seed", "1",
         "--out", str(out), *SMALL, "--eval-games", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_default,
    )
    try:
        # Waits for the first progress line: training has begun.
        assert run.stdout is not None
        deadline = time.monotonic() + 120
        while "steps/s" not in run.stdout.readline():
            assert time.monotonic() < deadline and run.poll() is None
        run.send_signal(signal.SIGINT)
        stdout, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 130, stderr[-3000:]
    assert "the policy so far is written" in stdout
    game = racegames.make_game("backgammon")
    policy = players.make_player("policy", game, path=str(out))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert policy(state) in state.legal_actions()
    # The league's snapshots are cleaned up.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bg.metrics.csv", "bg.rgpl"]
    assert os.path.getsize(out) > 0


def test_a_bad_device_is_a_clear_error(tmp_path: Path) -> None:
    needs("torch")
    done = subprocess.run(
        [sys.executable, "-m", "racegames.train", "backgammon", "--out", str(tmp_path / "x"), "--steps", "1024",
         "--device", "gpu"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2 and "device must be cpu, cuda or cuda:N" in done.stderr, done.stderr[-2000:]


def test_the_metrics_rows_do_not_depend_on_the_progress_lines(tmp_path: Path) -> None:
    # Two byte-identical trainings, one printing a progress line at every
    # update and one at none but the last: every column but the clock's
    # agrees, row for row (episodes and the league's win rate are each
    # update's own).
    needs("torch")
    options = ["--steps", "4096", "--eval-games", "0"]
    _run(tmp_path, "often", *options)  # SMALL: --log-every 0, a line per update
    _run(tmp_path, "seldom", *options, "--log-every", "100000")
    clock = {"seconds", "steps_per_second"}
    tables = []
    for name in ("often", "seldom"):
        with open(tmp_path / f"{name}.metrics.csv", newline="") as f:
            tables.append([{k: v for k, v in row.items() if k not in clock} for row in csv.DictReader(f)])
    assert tables[0] == tables[1] and len(tables[0]) == 4
    assert all(int(row["episodes"]) >= 0 for row in tables[0])
