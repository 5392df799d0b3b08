"""gnubg's error rate of a racegames backgammon player, measured the way backgammon players measure.

    python py/scripts/gnubg_error_rate.py [--games 100] [--seed 1] [--player NAME]
        [--scoring backgammons] [--plies 0] [--analysis-plies 2] [--out DIR]

1. Plays ``--games`` games between a racegames player (by default the
   strongest, the first of ``racegames.players.list_players("backgammon")``)
   and GNU Backgammon at ``--plies`` (0-ply), seats alternating, racegames
   refereeing: gnubg runs ``py/bench/gnubg_server.py`` and answers each of
   its turns with ``findbestmove`` (cubeless money equity, no noise); its
   move is played on its board and must be one of the racegames ends of the
   turn. The game is ``make_game("backgammon", scoring=...)``: with
   ``backgammons`` (the default) the racegames player aims at the same
   cubeless money equity, gammons and backgammons counted, that gnubg plays
   and analyses with. The dice of game ``g`` come from
   ``random.Random(f"{seed}:{g}")``, the player's seed is ``seed + g``: a run
   is reproducible.
2. Writes the games as a gnubg match file, ``DIR/match.mat``
   (``racegames.gnubg.write_match``), the racegames player in the left column
   in every game: a game it played as B is written with the colours swapped
   (the same game, since backgammon's seats differ only by name and the
   roll-off decides who starts), so that gnubg's statistics are per player.
3. Has gnubg analyse every move (``set cube use off``, ``import mat``,
   ``set analysis chequerplay evaluation plies N`` and ``cubeful off``, as
   the games were played without the cube; ``analyse game`` per game, then
   ``show statistics match``) and prints its chequer-play statistics for
   both players: the error rate per unforced move in mEMG (gnubg prints it
   negative; shown here as a positive cost), the moves it marks doubtful, bad
   (an error) and very bad (a blunder), and its rating.

Results go to ``DIR/games.jsonl`` (one line per game, written as it ends),
``DIR/match.mat``, ``DIR/statistics.txt`` (gnubg's own table) and
``DIR/result.json``. ``--mat PATH`` analyses an existing match file instead
of playing. Needs GNU Backgammon (``apt-get install gnubg``; not on the
PATH in Debian: ``/usr/games/gnubg``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import queue
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any, Dict, List, Optional, Sequence, Tuple, Union

import racegames
from racegames import gnubg
from racegames._core import _gnubg_play, _wilson
from racegames._gnubg_ids import _boards
from racegames.players import list_players, make_player

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "py" / "bench" / "gnubg_server.py"


def find_gnubg() -> Optional[str]:
    """The gnubg program: on the PATH, else Debian's /usr/games/gnubg."""
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


class GnubgMover:
    """gnubg answering move requests (``gnubg_server.py``); every answer is awaited at most ``timeout`` s."""

    def __init__(self, binary: str, plies: int, timeout: float) -> None:
        env = dict(os.environ, GNUBG_PLIES=str(plies))
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [binary, "-t", "-q", "-r", "-p", str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
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
                if line.startswith("ERROR"):
                    raise RuntimeError(f"gnubg: {line}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"gnubg did not answer {prefix} within {self.timeout} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("gnubg ended")
                self.buffer += chunk

    def best_move(self, state: racegames.State, mover: int) -> List[Tuple[int, int]]:
        """gnubg's play for ``mover`` (on roll, dice thrown) as (from, to) pairs in its numbering."""
        assert self.proc.stdin is not None
        dice = [int(c) for c in state.notation().split(" ")[4]]
        boards = _boards(state)
        board = boards[1 - mover] + boards[mover]
        request = "MOVE " + " ".join(str(n) for n in [dice[0], dice[-1]] + board)
        self.proc.stdin.write((request + "\n").encode())
        self.proc.stdin.flush()
        numbers = [int(w) for w in self._line("BEST").split()]
        return list(zip(numbers[0::2], numbers[1::2]))

    def close(self) -> None:
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.write(b"QUIT\n")
                self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def gnubg_turn(state: racegames.State, mover: int, pairs: List[Tuple[int, int]]) -> List[int]:
    """The racegames actions of gnubg's play: the end of the turn with exactly gnubg's board."""
    where = f"gnubg's move {pairs} in {state.notation()!r}"
    try:
        return _gnubg_play(state, pairs)
    except ValueError:
        raise RuntimeError(f"{where} is not a legal racegames turn") from None


def play_game(
    game: racegames.Game, player: Any, mover: GnubgMover, ours: int, rng: random.Random
) -> List[int]:
    """One game, ``player`` in seat ``ours`` and gnubg in the other; the action ids, chance included."""
    state = game.new_initial_state()
    actions: List[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            step = [rng.choices(outcomes, probs)[0]]
        elif state.current_player() == ours:
            step = [player.act(state)]
        else:
            seat = state.current_player()
            step = gnubg_turn(state, seat, mover.best_move(state, seat))
        for action in step:
            state.apply_action(action)
        actions.extend(step)
    return actions


def money_points(actions: Sequence[int], seat: int) -> float:
    """``seat``'s points in the game, gammons and backgammons counted (what gnubg's money analysis scores)."""
    state = racegames.make_game("backgammon", scoring="backgammons").new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state.returns()[seat]


def mirrored(game: racegames.Game, actions: Sequence[int]) -> List[int]:
    """The same game with A and B swapped: only the roll-off names the seats (checker actions are the mover's)."""
    state = game.new_initial_state()
    text = state.action_to_string(actions[0])
    found = re.fullmatch(r"roll-off A(\d) B(\d)", text)
    if not found:
        raise ValueError(f"a game starts with the roll-off, not {text!r}")
    swapped = state.string_to_action(f"roll-off A{found.group(2)} B{found.group(1)}")
    return [swapped] + list(actions[1:])


ANALYSE = r"""
import ctypes, json, os, sys
import gnubg

IN = json.load(open(os.environ["GNUBG_ERROR_RATE_IN"]))
libc = ctypes.CDLL(None)
for command in ["set display off", "set threads 1", "set cube use off", "import mat " + IN["mat"],
                "set analysis cube off", "set analysis chequerplay evaluation plies %d" % IN["plies"],
                "set analysis chequerplay evaluation cubeful off", "first game"]:
    gnubg.command(command)
count = len(gnubg.match(analysis=False)["games"])
for k in range(count):
    if k:
        gnubg.command("next game")
    gnubg.command("analyse game")
    sys.stderr.write("ANALYSED %d %d\n" % (k + 1, count))
    sys.stderr.flush()
# gnubg prints through C stdio: send its fd 1 to the statistics file for one command.
sys.stdout.flush()
libc.fflush(None)
fd = os.open(IN["text"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
saved = os.dup(1)
os.dup2(fd, 1)
gnubg.command("show statistics match")
sys.stdout.flush()
libc.fflush(None)
os.dup2(saved, 1)
os.close(fd)
m = gnubg.match(analysis=True, boards=False, statistics=True)
games = [{side: g["stats"][side]["moves"] for side in ("X", "O")} for g in m["games"]]
json.dump({"games": games, "names": [m["match-info"]["X"]["name"], m["match-info"]["O"]["name"]]},
          open(IN["json"], "w"))
"""


def analyse(binary: str, mat: Path, plies: int, out: Path, games: int, game_timeout: float) -> Tuple[str, Any]:
    """gnubg's ``show statistics match`` text and its per-game move statistics after ``analyse game`` on each."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "analyse.py"
        script.write_text(ANALYSE)
        request = Path(tmp) / "in.json"
        text, stats = out / "statistics.txt", Path(tmp) / "stats.json"
        request.write_text(json.dumps({"mat": str(mat), "plies": plies, "text": str(text), "json": str(stats)}))
        env = dict(os.environ, GNUBG_ERROR_RATE_IN=str(request))
        proc = subprocess.Popen(
            [binary, "-t", "-q", "-r", "-p", str(script)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        lines: "queue.Queue[Optional[str]]" = queue.Queue()
        assert proc.stderr is not None
        threading.Thread(target=_pump, args=(proc.stderr, lines), daemon=True).start()
        bar = _progress(games, f"gnubg {plies}-ply analysis")
        try:
            done = 0
            while True:
                try:
                    line = lines.get(timeout=game_timeout)
                except queue.Empty:
                    raise TimeoutError(f"gnubg analysed no game in {game_timeout} s") from None
                if line is None:
                    break
                if line.startswith("ANALYSED"):
                    bar.update(int(line.split()[1]) - done)
                    done = int(line.split()[1])
            proc.wait(timeout=game_timeout)
        finally:
            bar.close()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if proc.returncode != 0 or not stats.exists():
            raise RuntimeError(f"gnubg's analysis failed (exit status {proc.returncode})")
        return text.read_text(), json.loads(stats.read_text())


def _pump(stream: IO[bytes], lines: "queue.Queue[Optional[str]]") -> None:
    for raw in stream:
        lines.put(raw.decode("utf-8", "replace").strip())
    lines.put(None)


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, desc: str) -> Any:
    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=desc, file=sys.stderr, mininterval=5)


_NUMBER = r"([-+]?\d+(?:\.\d+)?)"


def parse_statistics(text: str) -> List[Dict[str, Any]]:
    """Both players' chequer-play figures from gnubg's ``show statistics match`` text."""
    rows: Dict[str, str] = {}
    section = ""
    for line in text.splitlines():
        if line.strip().endswith("statistics") and "  " not in line.strip():
            section = line.strip()
            continue
        label = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        if len(label) == 2 and (section == "Chequerplay statistics" or label[0] == "Player"):
            rows[label[0]] = line
    if "Player" not in rows or "Error rate mEMG (Points)" not in rows:
        raise ValueError("no chequer-play statistics in gnubg's output")
    names = re.split(r"\s{2,}", rows["Player"].strip())[1:]
    ratings = re.split(r"\s{2,}", rows["Chequerplay rating"].strip())[1:]

    def counts(label: str) -> List[int]:
        return [int(n) for n in re.findall(r"\d+", rows[label][len(label) :])]

    def errors(label: str) -> List[float]:
        found = re.findall(_NUMBER + r"\s*\(\s*" + _NUMBER + r"\)", rows[label][len(label) :])
        return [float(first) for first, _ in found]

    columns: Dict[str, Sequence[Union[int, float]]] = {
        "total_moves": counts("Total moves"),
        "unforced_moves": counts("Unforced moves"),
        "doubtful": counts("Moves marked doubtful"),
        "errors": counts("Moves marked bad"),
        "blunders": counts("Moves marked very bad"),
        "error_total_emg": errors("Error total EMG (Points)"),
        "error_rate_memg": errors("Error rate mEMG (Points)"),
    }
    out = []
    for side in range(2):
        row: Dict[str, Any] = {"name": names[side], "rating": ratings[side]}
        for key, values in columns.items():
            if len(values) != 2:
                raise ValueError(f"cannot read {key} from gnubg's statistics")
            value = values[side]
            row[key] = abs(value) if isinstance(value, float) else value
        out.append(row)
    return out


def table(rows: List[Dict[str, Any]]) -> str:
    """The markdown table of both players."""
    lines = [
        "| player | moves | unforced | error rate (mEMG per unforced move) | error total (EMG) "
        "| doubtful | errors (bad) | blunders (very bad) | gnubg's rating |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['name']} | {r['total_moves']} | {r['unforced_moves']} | {r['error_rate_memg']:.1f} "
            f"| {r['error_total_emg']:.3f} | {r['doubtful']} | {r['errors']} | {r['blunders']} | {r['rating']} |"
        )
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games to play (100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the player (1)")
    parser.add_argument("--player", help="the racegames player (default: the strongest for backgammon)")
    parser.add_argument("--plies", type=int, default=0, help="gnubg's depth as a player (0)")
    parser.add_argument(
        "--scoring", default="backgammons", help="the game's scoring option, what the player aims at (backgammons)"
    )
    parser.add_argument("--analysis-plies", type=int, default=2, help="gnubg's depth in the analysis (2)")
    parser.add_argument("--out", default="gnubg-error-rate", help="the output folder (gnubg-error-rate)")
    parser.add_argument("--mat", help="analyse this match file instead of playing")
    parser.add_argument("--gnubg", default=find_gnubg(), help="the gnubg program")
    parser.add_argument("--move-timeout", type=float, default=120.0, help="seconds for one gnubg move (120)")
    parser.add_argument("--game-timeout", type=float, default=1800.0, help="seconds to analyse one game (1800)")
    args = parser.parse_args(argv)
    if not args.gnubg or not os.path.exists(args.gnubg):
        parser.error("gnubg not found: apt-get install gnubg, or pass --gnubg PATH")
    if args.games < 1 or args.plies < 0 or args.analysis_plies < 0:
        parser.error("--games must be at least 1, the plies at least 0")
    game = racegames.make_game("backgammon", scoring=args.scoring)
    name = args.player or list_players("backgammon")[0]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    result: Dict[str, Any] = {"player": name, "seed": args.seed, "gnubg_plies": args.plies, "scoring": args.scoring}
    if args.mat:
        mat = Path(args.mat)
        games = len(gnubg.read_match(mat))
    else:
        games, wins, points = args.games, 0, 0.0
        mat = out / "match.mat"
        written: List[List[int]] = []
        mover = GnubgMover(args.gnubg, args.plies, args.move_timeout)
        try:
            with open(out / "games.jsonl", "w", encoding="utf-8") as log:
                bar = _progress(games, f"{name} v gnubg {args.plies}-ply")
                for g in range(games):
                    ours = g % 2
                    player = make_player(name, game, seed=args.seed + g)
                    actions = play_game(game, player, mover, ours, random.Random(f"{args.seed}:{g}"))
                    final = game.new_initial_state()
                    for action in actions:
                        final.apply_action(action)
                    returns = final.returns()
                    won = returns[ours] > returns[1 - ours]
                    wins += won
                    points += money_points(actions, ours)
                    log.write(json.dumps({"game": g, "seat": ours, "won": won, "actions": actions}) + "\n")
                    log.flush()
                    written.append(actions if ours == 0 else mirrored(game, actions))
                    bar.update()
                bar.close()
        finally:
            mover.close()
        gnubg.write_match(written, mat, game, names=(name, "gnubg"))
        _, low, high = _wilson(wins, games)
        result.update(
            wins=wins, games=games, wilson=[low, high], points=points, play_seconds=time.monotonic() - start
        )
    text, stats = analyse(args.gnubg, mat, args.analysis_plies, out, games, args.game_timeout)
    rows = parse_statistics(text)
    result.update(
        games=games,
        analysis_plies=args.analysis_plies,
        players=rows,
        per_game=stats["games"],
        seconds=time.monotonic() - start,
    )
    (out / "result.json").write_text(json.dumps(result, indent=1))
    print(f"gnubg {args.analysis_plies}-ply analysis of {games} games ({mat}):")
    print(table(rows))
    if "wins" in result:
        low, high = result["wilson"]
        print(
            f"{name} won {result['wins']} of {games} against gnubg {args.plies}-ply "
            f"(Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), {result['points'] / games:+.3f} points a game "
            f"(gammons and backgammons counted; the player aimed at {args.scoring} scoring); "
            f"{result['seconds']:.0f} s in all"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
