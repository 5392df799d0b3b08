"""Compares the cubeless equity of ``racegames.analysis.evaluate`` with GNU
Backgammon's evaluation of the same positions (gnubg runs
``py/bench/gnubg_server.py`` and answers ``EVAL`` requests).

    python py/bench/evaluate_vs_gnubg.py --positions 300            # 0-ply
    python py/bench/evaluate_vs_gnubg.py --positions 100 --plies 1

Positions come from games of backgammon played by racegames' expectimax
(depth 1) against itself, seeded, taken before each throw (the position
gnubg's ``eval`` values), a third each from contact, race and bear-off
where the games have enough. racegames values them with the player
``greedy`` over the shipped net (``--plies 0``: the net itself, gnubg's
0-ply) or ``expectimax`` at ``depth=plies`` (gnubg's n-ply); gnubg with
the same plies. The equity compared is gnubg's cubeless equity of the
side on roll, ``2 win - 1 + win gammon - lose gammon + win backgammon -
lose backgammon``, from each one's five outcome chances (racegames'
``values`` are the game's returns, which under the Jacoby rule of money
play count no gammon while the cube is centred: the win chance alone).
With ``--plies`` above 0 the searched values are compared with gnubg's
``2 win - 1`` (the outcome chances stay the net's own). Prints the mean
absolute difference, overall and by kind, and that of the winning chance.
"""

from __future__ import annotations

import argparse
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import racegames
from racegames import analysis, players
from racegames._gnubg_ids import _boards

SERVER = Path(__file__).resolve().with_name("gnubg_server.py")


class Gnubg:
    """gnubg answering ``EVAL`` requests."""

    def __init__(self, binary: str, plies: int, timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [binary, "-t", "-q", "-r", "-p", str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=dict(os.environ, GNUBG_PLIES=str(plies)),
        )
        self.buffer = b""
        self._line("READY")

    def _line(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                line = raw.decode("utf-8", "replace").strip()
                if line.startswith(prefix):
                    return line[len(prefix) :].strip()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"gnubg did not answer {prefix} within {self.timeout} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("gnubg ended")
                self.buffer += chunk

    def probabilities(self, state: racegames.State, roller: int) -> List[float]:
        boards = _boards(state)
        board = boards[1 - roller] + boards[roller]
        assert self.proc.stdin is not None
        self.proc.stdin.write(("EVAL " + " ".join(map(str, board)) + "\n").encode())
        self.proc.stdin.flush()
        return [float(w) for w in self._line("PROBS").split()]

    def close(self) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(b"QUIT\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def kind(state: racegames.State) -> str:
    """contact, race or bearoff."""
    a, b = _boards(state)
    back = [max((i + 1 for i in range(25) if board[i]), default=0) for board in (a, b)]
    if back[0] + back[1] > 25:
        return "contact"
    return "bearoff" if max(back) <= 6 else "race"


def logged_positions(log: Path, wanted: str) -> List[racegames.State]:
    """The positions of the kind ``wanted`` in ``log``, a log of this
    script (kind first, notation last on each line), in its order."""
    game = racegames.make_game("backgammon")
    lines = [line.split(" ", 5) for line in log.read_text().splitlines() if line.strip()]
    return [game.state_from_notation(f[5]) for f in lines if f[0] == wanted]


def roller(state: racegames.State) -> int:
    """The seat about to throw at a chance node: the notation's turn (the
    seat after the last mover is wrong where that seat could not move and
    the turn passed back)."""
    return "AB".index(state.notation().split(" ")[3])


def positions(count: int, seed: int) -> List[Tuple[racegames.State, int]]:
    """Positions before a throw, with the seat about to throw."""
    game = racegames.make_game("backgammon")
    bots = [players.make_player("expectimax", game, seed=seed + i, depth=1) for i in range(2)]
    rng = random.Random(seed)
    found: Dict[str, List[Tuple[racegames.State, int]]] = {"contact": [], "race": [], "bearoff": []}
    per = -(-count // 3)
    for _ in range(500):
        state = game.new_initial_state()
        mover = -1
        while not state.is_terminal():
            if state.is_chance_node():
                if mover >= 0:
                    found[kind(state)].append((state.clone(), roller(state)))
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                mover = state.current_player()
                state.apply_action(bots[mover](state))
        if all(len(v) >= per * 4 for v in found.values()):
            break
    out: List[Tuple[racegames.State, int]] = []
    for k in ("bearoff", "race", "contact"):
        take = min(len(found[k]), count - len(out) if k == "contact" else per)
        out += rng.sample(found[k], take)
    return out


def gnubg_terminal_output(binary: str, commands: Sequence[str], timeout: float) -> str:
    """What gnubg prints running ``commands``: under ``script``, because
    gnubg prints its hints and rollouts only to a terminal."""
    with tempfile.TemporaryDirectory() as tmp:
        commands_file = Path(tmp) / "commands.txt"
        commands_file.write_text("\n".join(commands) + "\n")
        out = Path(tmp) / "out.txt"
        subprocess.run(
            ["script", "-qc", f"{binary} -t -q -r < {commands_file}", str(out)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
        return out.read_text(errors="replace").replace("\r", "\n")


def read_log(path: Path) -> Tuple[Dict[str, List[float]], List[float], "Counter[str]"]:
    """The differences by kind, those of the winning chance, and the positions of a ``--log``."""
    diffs: Dict[str, List[float]] = {}
    win_diffs: List[float] = []
    done: Counter[str] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        k, diff, win, _, _, notation = line.split(" ", 5)
        done[notation] += 1
        diffs.setdefault(k, []).append(float(diff))
        win_diffs.append(float(win))
    return diffs, win_diffs, done


def report(diffs: Dict[str, List[float]], win_diffs: List[float], label: str) -> None:
    """Prints the mean absolute differences, overall and by kind."""
    every = [d for v in diffs.values() for d in v]
    if not every:
        print(f"no position compared: {label}")
        return
    print(
        f"{len(every)} positions, {label}: mean |equity difference| "
        f"{sum(every) / len(every):.4f}; win chance {sum(win_diffs) / max(1, len(win_diffs)):.4f}"
    )
    for k, v in sorted(diffs.items()):
        print(f"  {k:8} {len(v):4d} positions: {sum(v) / len(v):.4f} (max {max(v):.4f})")


def equity(p: Sequence[float]) -> float:
    win, wg, wbg, lg, lbg = p
    return 2 * win - 1 + wg - lg + wbg - lbg


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--plies", type=int, default=0, help="gnubg's plies; racegames' expectimax depth (0: greedy)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--beam", type=int, default=0, help="expectimax's beam with --plies above 0 (0: every play, full width)"
    )
    parser.add_argument(
        "--log",
        help="write one line per position to this file as it is compared: kind, |equity difference|, "
        "|win chance difference|, racegames' and gnubg's seconds, the position's notation",
    )
    parser.add_argument(
        "--resume", action="store_true", help="keep the positions already in --log and compare only the others"
    )
    parser.add_argument(
        "--shard",
        default="0/1",
        help="K/N: compare only the positions whose place in the list is K modulo N (several runs, one --log)",
    )
    parser.add_argument("--summary", action="store_true", help="print the figures of --log and stop")
    args = parser.parse_args(argv)
    if args.summary:
        if not args.log or not Path(args.log).exists():
            print("--summary needs an existing --log", file=sys.stderr)
            return 2
        diffs, win_diffs, _ = read_log(Path(args.log))
        report(diffs, win_diffs, f"{args.plies}-ply, seed {args.seed}, from {args.log}")
        return 0
    shard, shards = (int(n) for n in args.shard.split("/"))
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None:
        print("gnubg not found: install it (scripts/install-gnubg.sh)", file=sys.stderr)
        return 2
    chosen = positions(args.positions, args.seed)
    gnubg = Gnubg(binary, args.plies)
    diffs: Dict[str, List[float]] = {}
    win_diffs: List[float] = []
    done: Counter[str] = Counter()
    if args.resume and args.log and Path(args.log).exists():
        diffs, win_diffs, done = read_log(Path(args.log))
    start = time.perf_counter()
    # Appended a line at a time: runs with other shards may share the file.
    log = open(args.log, "a" if args.resume else "w", encoding="utf-8") if args.log else None
    try:
        for place, (state, _) in enumerate(chosen):
            if done[state.notation()] > 0:
                done[state.notation()] -= 1
                continue
            if place % shards != shard:
                continue
            clock = time.perf_counter()
            if args.plies == 0:
                e = analysis.evaluate(state, player="greedy", eval="net")
            else:
                e = analysis.evaluate(state, player="expectimax", depth=args.plies, beam=args.beam)
            if e.outcomes is None or e.outcomes_seat is None:
                continue
            # The seat about to throw, as the net reads the position.
            ours_s = time.perf_counter() - clock
            theirs = gnubg.probabilities(state, e.outcomes_seat)
            theirs_s = time.perf_counter() - clock - ours_s
            if args.plies == 0:
                diff = abs(equity(e.outcomes) - equity(theirs))
            else:
                # Searched values count no gammon (Jacoby): against gnubg's 2 win - 1.
                diff = abs(e.values[e.outcomes_seat] - (2 * theirs[0] - 1))
            diffs.setdefault(kind(state), []).append(diff)
            win_diffs.append(abs(e.outcomes[0] - theirs[0]))
            if log is not None:
                log.write(
                    f"{kind(state)} {diff:.6f} {abs(e.outcomes[0] - theirs[0]):.6f} "
                    f"{ours_s:.3f} {theirs_s:.3f} {state.notation()}\n"
                )
                log.flush()
    finally:
        gnubg.close()
        if log is not None:
            log.close()
    report(diffs, win_diffs, f"{args.plies}-ply, seed {args.seed} ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
