"""What a training run reports, and how it stops: progress lines, metrics
(CSV and, where installed, TensorBoard), the win rate against fixed
opponents in the arena, and Ctrl-C handled between updates."""

from __future__ import annotations

import csv
import math
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO

from racegames import arena, make_game, players

#: The columns of the metrics file, then ``win_rate_<opponent>`` for each
#: fixed opponent (empty except on the rows where it was measured).
COLUMNS = (
    "update",
    "steps",
    "seconds",
    "steps_per_second",
    "learning_rate",
    "loss",
    "policy_loss",
    "value_loss",
    "entropy",
    "episodes",
    "league_win_rate",
)


def duration(seconds: float) -> str:
    """``1h02m``, ``3m05s`` or ``42s``."""
    if not math.isfinite(seconds):
        return "?"
    s = int(round(max(seconds, 0.0)))
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


class Metrics:
    """One row per update in a CSV file (flushed as written) and, where
    ``torch.utils.tensorboard`` and ``tensorboard`` are installed, as
    TensorBoard scalars."""

    def __init__(
        self, csv_path: Optional[Path], tensorboard: Optional[str], opponents: Sequence[str], log: Callable[[str], None]
    ) -> None:
        self.columns = list(COLUMNS) + [f"win_rate_{o}" for o in opponents]
        self.file: Optional[TextIO] = None
        self.writer: Any = None
        if csv_path is not None:
            csv_path.parent.mkdir(parents=True, exist_ok=True)
            self.file = open(csv_path, "w", newline="")
            self.writer = csv.DictWriter(self.file, fieldnames=self.columns)
            self.writer.writeheader()
            self.file.flush()
        self.board: Any = None
        if tensorboard:
            try:
                from torch.utils.tensorboard import SummaryWriter  # type: ignore[import-not-found, unused-ignore]
            except ImportError:
                log("tensorboard is not installed (pip install tensorboard): --tensorboard ignored")
            else:
                self.board = SummaryWriter(tensorboard)

    def write(self, row: Dict[str, Any]) -> None:
        """Adds one update's row (missing columns are left empty)."""
        if self.writer is not None:
            self.writer.writerow({k: row.get(k, "") for k in self.columns})
            assert self.file is not None
            self.file.flush()
        if self.board is not None:
            for key, value in row.items():
                if key not in ("update", "steps") and isinstance(value, (int, float)) and math.isfinite(value):
                    self.board.add_scalar(key, value, int(row["steps"]))
            self.board.flush()

    def close(self) -> None:
        """Closes the file and the TensorBoard writer."""
        if self.file is not None:
            self.file.close()
        if self.board is not None:
            self.board.close()


def win_rates(
    agent: Any, game_name: str, params: Dict[str, Any], opponents: Sequence[str], games: int, seed: int, threads: int
) -> Dict[str, float]:
    """The policy's win rate against each fixed opponent over ``games``
    games in the arena, natively, the policy in either seat. Without dice a
    few random moves open each game, or games between deterministic players
    would repeat."""
    game = make_game(game_name, **params)
    opening = 0 if game.max_chance_outcomes() > 0 else 2 * game.num_players()
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "policy.rgpl"
        agent.export(path, game_name, game.num_distinct_actions())
        policy = players.make_player("policy", game, seed=seed, path=str(path))
        rates = {}
        for opponent in opponents:
            result = arena.play(game, [policy, opponent], games=games, seed=seed, threads=threads, opening=opening)
            rates[opponent] = result.win_rate(0)[0]
    return rates


class Progress:
    """Progress lines: the share done, the rate over the last interval (not
    since the start), and the time left at that rate."""

    def __init__(self, log: Callable[[str], None], total_steps: int, budget_seconds: float, every: float) -> None:
        self.log, self.total, self.budget, self.every = log, total_steps, budget_seconds, every
        self.last_at: Optional[float] = None
        self.last_steps = 0

    def due(self, elapsed: float) -> bool:
        """Whether a line is due (the first update, then every ``every`` seconds)."""
        return self.last_at is None or elapsed - self.last_at >= self.every

    def line(self, elapsed: float, steps: int, extra: str) -> float:
        """Logs a line; returns the rate over the interval since the last one."""
        since, before = (0.0, 0) if self.last_at is None else (self.last_at, self.last_steps)
        rate = (steps - before) / max(elapsed - since, 1e-9)
        if self.total:
            done = min(steps / self.total, 1.0)
            left = (self.total - steps) / rate if rate > 0 else math.inf
        else:
            done = min(elapsed / self.budget, 1.0) if self.budget > 0 else 1.0
            left = self.budget - elapsed
        self.last_at, self.last_steps = elapsed, steps
        self.log(
            f"{done:4.0%}  {duration(elapsed):>6} elapsed  {duration(left):>6} left  steps {steps:>11,}  "
            f"{rate:8,.0f} steps/s  {extra}"
        )
        return rate


class Stop:
    """Ctrl-C asks the run to stop after the current update (which then
    writes the policy); a second Ctrl-C raises ``KeyboardInterrupt`` at
    once. Installed only on the main thread, where Python delivers signals."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self.log = log
        self.requested = False
        self.previous: Any = None

    def __enter__(self) -> "Stop":
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum: int, frame: Any) -> None:
        self.requested = True
        signal.signal(signal.SIGINT, signal.default_int_handler)
        self.log("interrupted: writing the policy so far (Ctrl-C again to stop at once)")

    def __exit__(self, *exc: Any) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def now() -> float:
    """The clock of the run."""
    return time.perf_counter()


__all__: List[str] = ["COLUMNS", "Metrics", "Progress", "Stop", "duration", "win_rates"]
