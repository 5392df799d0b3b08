"""The benchmarks page that ``py/bench/bench.py --report`` writes: the
machine, the command, a table per game and the notes, from the rows
``bench.py`` measured (``Row``), keeping the page's last section."""

from __future__ import annotations

import importlib.metadata
import os
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

import numpy as np

import racegames

#: Each game's heading on the page.
TITLES = {
    "backgammon": "Backgammon",
    "daldos": "Daldøs",
    "chinese_checkers": "Chinese checkers, 2 players",
    "seys_dos_e_as": "Seys dos e as",
    "halma": "Halma, 2 players",
}


@dataclass
class Row:
    """One measured row of a table."""

    label: str
    decisions: Optional[float]  #: decisions per second
    games: Optional[float]  #: games per second
    per_game: Optional[float]  #: decisions per game
    ratio: Optional[float]  #: games per second, to the base row's (median per round)
    derived: bool
    note: str


def _num(x: Optional[float], digits: int = 0) -> str:
    return "–" if x is None else f"{x:,.{digits}f}"


def _per_decision(row: Row) -> str:
    if row.decisions is None or row.decisions <= 0:
        return "–"
    us = 1e6 / row.decisions
    return f"{us:.3f}" if us < 1 else f"{us:.2f}" if us < 100 else f"{us:,.0f}"


def _games(x: Optional[float]) -> str:
    if x is None:
        return "–"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}" if x >= 1 else f"{x:.3f}"


# ---------------------------------------------------------------- the report

#: What each row is, on the page.
ROW_TEXT = {
    "state-api": "State API (Python loop)",
    "native-playout": "`State.play_random` (Rust)",
    "gym": "Gymnasium env",
    "openspiel state-api": "OpenSpiel State API (Python loop)",
}


def _row_text(label: str) -> str:
    if label in ROW_TEXT:
        return ROW_TEXT[label]
    if label.startswith("vector-"):
        return f"`VectorEnv`, {int(label.split('-')[1]):,} envs"
    if label.startswith("pgx-"):
        n = int(label.split("-")[1].split(" ")[0])
        return "pgx, 1 env (jit)" if n == 1 else f"pgx, {n:,} envs (jit, vmap)"
    return label


def _version(dist: str) -> Optional[str]:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return f", {int(line.split()[1]) / 2**20:.0f} GiB of memory"
    except (OSError, ValueError, IndexError):
        pass
    return ""


def _commit() -> str:
    """The repository's commit, where this script is in a git checkout."""
    import subprocess

    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=here, capture_output=True,
                              text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    if head.returncode != 0:
        return ""
    return f", commit {head.stdout.strip()}" + (" with local changes" if dirty.stdout.strip() else "")


def _load() -> str:
    try:
        return ", ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def machine_lines(load_before: str, load_after: str) -> List[str]:
    cores = os.cpu_count() or 0
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = cores
    profile = getattr(racegames._core, "_BUILD_PROFILE", "unknown")
    versions = [f"Python {platform.python_version()}", f"numpy {np.__version__}"]
    for dist, label in [("gymnasium", "gymnasium"), ("jax", "jax"), ("jaxlib", "jaxlib"), ("pgx", "pgx"), ("open_spiel", "open_spiel (pyspiel)")]:
        v = _version(dist)
        versions.append(f"{label} {v}" if v else f"{label} not installed")
    lines = [
        f"- **Machine**: {_cpu_model()}, {cores} logical cores ({usable} usable){_memory()}, "
        f"{platform.system()} {platform.release()}",
        f"- **Load average** (1, 5, 15 min): {load_before} before the run; {load_after} after it",
        f"- **racegames** {racegames.__version__}{_commit()}, {profile} build"
        + ("" if profile == "release" else " (**not a release build: the figures understate racegames**)"),
        "- **Versions**: " + "; ".join(versions),
        f"- **JAX**: `XLA_FLAGS={os.environ.get('XLA_FLAGS', '')}`, `JAX_PLATFORMS={os.environ.get('JAX_PLATFORMS', '')}`",
    ]
    return lines


def markdown_table(rows: Sequence[Tuple[str, Optional[Row]]]) -> List[str]:
    out = [
        "| runner | decisions/s | µs/decision | games/s | decisions/game | games/s vs State API |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    notes: List[str] = []
    for label, row in rows:
        text = _row_text(label)
        if row is None:
            out.append(f"| {text} | not installed | | | | |")
            continue
        marks = ""
        if row.note:
            if row.note not in notes:
                notes.append(row.note)
            marks = "<sup>" + str(notes.index(row.note) + 1) + "</sup>"
        ratio = "–" if row.ratio is None else f"{row.ratio:.2f}×"
        approx = "≈ " if row.derived and row.decisions is not None else ""
        out.append(
            f"| {text}{marks} | {approx}{_num(row.decisions)} | {approx}{_per_decision(row)} | {_games(row.games)} "
            f"| {_num(row.per_game, 1)} | {ratio} |"
        )
    if notes:
        out.append("")
        out.extend(f"<sup>{i}</sup> {n}." for i, n in enumerate(notes, 1))
    return out


GAME_NOTES = {
    "backgammon": (
        "pgx plays one die per decision like racegames, but asks for a pass where no checker can move "
        "(racegames passes by itself); OpenSpiel moves both dice in one decision. Games are comparable "
        "across all three: hence the ratio on games per second."
    ),
    "daldos": "Neither OpenSpiel nor pgx has Daldøs.",
    "chinese_checkers": (
        "Random play never finishes a game of Chinese checkers: every game here is cut at the turn limit "
        "(racegames' `max_turns=1000` turns; OpenSpiel's `max_moves=1000`), so games per second measure "
        "the limit, and the decisions differ (OpenSpiel plays a jump chain hop by hop). "
        "`py/bench/bench_halma.py` compares turns per second, with OpenSpiel's rules. pgx has no Chinese checkers."
    ),
}


def write_report(path: Path, command: str, tables: Sequence[Tuple[str, List[Tuple[str, Optional[Row]]]]],
                 load_before: str, load_after: str, repeats: int, seconds: float, started: str, minutes: float) -> None:
    lines = [
        "# Benchmarks",
        "",
        "How fast racegames plays random games from Python, beside OpenSpiel and pgx on the CPU:",
        "decisions and whole games per second of the `State` API, a Gymnasium environment and the",
        "native `VectorEnv`. Every figure in the tables comes from one run of one command",
        f"(the last section, [{KEPT_SECTION}](#{KEPT_ANCHOR}), is kept from the page as it was):",
        "",
        "```sh",
        command,
        "```",
        "",
        f"run on {started} UTC ({minutes:.1f} minutes), on this machine:",
        "",
        *machine_lines(load_before, load_after),
        "",
        "For playing strength rather than speed, see [the players' ladders](players.md) (Elo from",
        "round-robin arenas, for every game) and, for backgammon, the strongest player",
        "[against GNU Backgammon](players.md#against-gnu-backgammon-gnubgs-error-rate) (gnubg's error rates",
        "and luck-adjusted results; how they are measured: [GNU Backgammon](gnubg.md#a-players-error-rate-as-gnubg-measures-it)).",
        "",
        "## How it is measured",
        "",
        "A *decision* is one action of the player to move; the dice are not decisions (the loops draw",
        "them, the environments play them inside the step). A *game* is a random game played to its",
        "end or to the game's turn limit. Every row plays uniformly random legal moves (racegames' on one thread):",
        "",
        "- **State API**: a Python loop over `game.new_initial_state()`, `legal_actions()` and",
        "  `apply_action()` (chance drawn from `chance_outcomes()`); OpenSpiel's row runs the same loop",
        "  over `pyspiel` states;",
        "- **`State.play_random`**: the whole game in Rust, one call per game;",
        "- **Gymnasium env**: `gymnasium.make(\"racegames/<Game>-v0\")` against its native random",
        "  opponent; a step is the agent's decision (the opponent's replies and the dice are played inside",
        "  it), and only the agent's decisions are counted;",
        "- **`VectorEnv`**: `racegames.vector.VectorEnv(game, N, opponent=None)` (self-play: a step is a",
        "  decision in every environment), actions from `random_actions()`;",
        "- **pgx**: `pgx.make(game)` with `auto_reset`, `jax.vmap`-ed over N environments and `jax.jit`-ed",
        "  with the random legal actions (the draw of `pgx.experimental.act_randomly`), timed after compilation, on",
        "  the CPU with XLA's multithreaded Eigen off (the 1-env row is the same step without vmap).",
        "",
        f"Each row is measured in {repeats} rounds of {seconds:g} s after a warm-up; within a round the runners",
        "take turns, so a busy machine slows them alike. *decisions/s* is the median over the rounds;",
        "*games/s* divides it by the row's decisions per game, the mean over the whole games it played",
        "(a batched row, whose games start together and end in bursts, takes those of the row that plays",
        "the same games one after another: the State API row for `VectorEnv`, the 1-env row for pgx);",
        "the ratio is the median of the per-round ratios of games per second to the State API row's",
        "(decisions differ between implementations, games do not). pgx is built for accelerators: these",
        "are its CPU figures. Install the peers",
        "with `pip install './py[peers,bench]'` (OpenSpiel; pgx and the CPU build of jax); a row whose",
        "peer is not installed reads *not installed*.",
        "",
    ]
    for name, rows in tables:
        lines += [f"## {TITLES.get(name, name)}", "", *markdown_table(rows), ""]
        if name in GAME_NOTES:
            lines += [GAME_NOTES[name], ""]
    lines += kept_section(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")


#: The section of the page that a new report keeps as it was: figures of
#: changes measured before and after, by their own commands.
KEPT_SECTION = "Changes measured before and after"
KEPT_ANCHOR = "changes-measured-before-and-after"


def kept_section(path: Path) -> List[str]:
    """The lines of the page's kept section (``KEPT_SECTION`` to the end),
    none if the page or the section does not exist yet."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    heading = f"## {KEPT_SECTION}"
    return lines[lines.index(heading):] if heading in lines else []
