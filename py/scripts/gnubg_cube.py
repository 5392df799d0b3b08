"""A racegames backgammon player against GNU Backgammon with the doubling cube: money play, its cube errors, matches.

    python py/scripts/gnubg_cube.py money [--games 400] [--seed 1] [--first-game 0]
        [--player NAME[:KEY=VALUE,...]] [--plies 0] [--judge-plies 2] [--out DIR]
    python py/scripts/gnubg_cube.py matches [--matches 100] [--length 7] [--seed 1]
        [--first-match 0] [--player NAME] [--plies 0] [--out DIR]
    python py/scripts/gnubg_cube.py report DIR [DIR ...]
    python py/scripts/gnubg_cube.py analyse DIR [DIR ...] [--games 100] [--plies 2] [--out DIR]

``money`` plays cubeful money games (``make_game("backgammon", cube=True,
scoring="backgammons")``, the Jacoby rule on, as in gnubg's money play)
between a racegames player (by default the strongest, the first of
``racegames.players.list_players("backgammon")``) and gnubg at ``--plies``
(0-ply), seats alternating, racegames refereeing as ``gnubg_match.py``
does. gnubg decides its own doubles, takes and drops and chooses its moves
cubefully, as it plays (``py/bench/gnubg_server.py``: ``CUBE`` and
``MOVE`` with the cube fields). The dice of game ``g`` come from
``random.Random(f"{seed}:cube:{g}")`` and the player's seed is
``seed + g``. Each game goes to ``DIR/money.jsonl`` as it ends (the
actions, the points, the luck, the cube decisions) with:

- **points**: the racegames player's, the cube and the Jacoby rule
  counted, as ``returns()`` gives them;
- **luck**: what the dice gave it, as the shipped net judges them
  (``racegames.arena.luck``) on the game without its cube actions (the
  cubeless backgammon game, gammons and backgammons counted), each throw's
  luck multiplied by the cube's value when it was thrown (as gnubg scales
  its own luck by the cube). Each throw's luck has mean zero whatever the
  cube, so ``points - luck`` (the luck-adjusted result) keeps the points'
  expectation with less of their noise;
- **decisions**: every cube decision of either side (each turn where the
  player on roll may double, and each take or drop), judged by gnubg at
  ``--judge-plies`` (2-ply) cubeful money evaluation (``cfevaluate``,
  pruning, as gnubg's analysis). The error of a decision is, as gnubg's
  analysis counts it (``analysis.c``), the equity normalised to a 1-cube
  lost against the best action: no double / double where the best of the
  two is better, take / drop likewise; a decision is "close or actual"
  where doubling is not a very bad error (optimal − min(take, 1) < 0.16)
  or a double was given, taken or dropped, and gnubg's error rate
  (mEMG per decision) divides the total by the close or actual ones.

``matches`` plays ``--matches`` matches to ``--length`` points against gnubg,
gnubg deciding its cube actions at the match score; the Crawford game (no
cube) is the first game in which a side stands one point from the end;
the racegames player is A in even matches and B in odd ones. One line a
match in ``DIR/matches.jsonl``. ``report`` prints the figures of the
folders' games: points a game raw and luck-adjusted (mean ± the half-width
of its normal 95% interval), both sides' cube error rates (the interval a
ratio's, by the games as clusters), matches won with the Wilson interval.

``analyse`` is gnubg's own judgement of the same decisions: it writes the
first ``--games`` money games of the folders as a gnubg money session
(``racegames.gnubg.write_match``, the racegames player in the left column:
a game it played as B is written with the colours swapped), has gnubg
import it and analyse its cube decisions (``set analysis cube on``, the
cube at ``--plies`` cubeful, chequer play not analysed) and prints gnubg's
``Cube statistics`` for both players: decisions, close or actual ones,
errors, the error rate in mEMG per close or actual decision and gnubg's
rating. Its table goes to ``OUT/cube-statistics.txt``.

Needs GNU Backgammon (``/usr/games/gnubg``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import racegames  # noqa: E402
from gnubg_error_rate import GnubgMover, find_gnubg, gnubg_turn, mirrored  # noqa: E402
from racegames import arena, gnubg  # noqa: E402
from racegames._core import Z95, _wilson  # noqa: E402
from racegames._gnubg_ids import _boards  # noqa: E402
from racegames._luck import mean_interval  # noqa: E402
from racegames.players import list_players, make_player, parse_player  # noqa: E402

#: gnubg's threshold of a close cube decision (``isCloseCubedecision``).
CLOSE = 0.16
CUBE_ACTIONS = ("roll", "double", "take", "drop")


class GnubgCube(GnubgMover):
    """gnubg answering moves and cube decisions with the cube and match score of each state."""

    def __init__(self, binary: str, plies: int, timeout: float, length: int) -> None:
        super().__init__(binary, plies, timeout)
        self.plies = plies
        self.length = length

    def _fields(self, state: racegames.State, on_roll: int) -> List[int]:
        owner = state.cube_owner()
        score = state.match_score()
        return [
            state.cube_value(),
            -1 if owner is None else int(owner == on_roll),
            self.length,
            score[on_roll],
            score[1 - on_roll],
            int(state.is_crawford_game()),
        ]

    def _ask(self, request: str, prefix: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write((request + "\n").encode())
        self.proc.stdin.flush()
        return self._line(prefix)

    def cube(self, state: racegames.State, on_roll: int, plies: int) -> Tuple[float, float, float, str]:
        """gnubg's no double, double/take and double/pass equities for ``on_roll`` before its throw, and its words."""
        boards = _boards(state)
        board = boards[1 - on_roll] + boards[on_roll]
        words = self._ask("CUBE " + " ".join(str(n) for n in [plies] + self._fields(state, on_roll) + board), "CUBE")
        nd, dt, dp, _code, *text = words.split()
        return float(nd), float(dt), float(dp), " ".join(text)

    def cubeful_move(self, state: racegames.State, mover: int) -> List[Tuple[int, int]]:
        """gnubg's play for ``mover`` (dice thrown), chosen cubefully at the state's cube and score."""
        dice = [int(c) for c in state.notation().split(" ")[4]]
        boards = _boards(state)
        board = boards[1 - mover] + boards[mover]
        numbers = [dice[0], dice[-1]] + board + self._fields(state, mover)
        reply = self._ask("MOVE " + " ".join(str(n) for n in numbers), "BEST")
        moves = [int(w) for w in reply.split()]
        return list(zip(moves[0::2], moves[1::2]))


def gnubg_doubles(words: str) -> bool:
    """Whether gnubg's recommendation is to double (its 0-ply play doubles the optional doubles too)."""
    return words.lower().startswith(("double", "redouble", "optional"))


def judged(nd: float, dt: float, dp: float, kind: str, choice: str) -> Tuple[float, bool]:
    """The error of a cube decision (normalised equity lost) and whether gnubg counts it as close or actual."""
    best_double = min(dt, dp)
    optimal = max(nd, best_double)
    if kind == "double":
        error = optimal - (best_double if choice == "double" else nd)
        close = choice == "double" or optimal - min(dt, 1.0) < CLOSE
    else:
        error = max(0.0, (dt - dp) if choice == "take" else (dp - dt))
        close = True
    return max(0.0, error), close


def play_cubeful(
    game: racegames.Game,
    player: Any,
    server: GnubgCube,
    ours: int,
    rng: random.Random,
    judge_plies: Optional[int],
) -> Tuple[racegames.State, List[int], List[Dict[str, Any]]]:
    """One game, ``player`` in seat ``ours``, gnubg in the other; the end, the actions and the cube decisions."""
    state = game.new_initial_state()
    actions: List[int] = []
    decisions: List[Dict[str, Any]] = []
    while not state.is_terminal():
        seat = state.current_player()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            step = [rng.choices(outcomes, probs)[0]]
        else:
            named = {state.action_to_string(a): a for a in state.legal_actions()}
            kind = "double" if "double" in named else "take" if "take" in named else None
            if kind is not None:
                on_roll = seat if kind == "double" else 1 - seat
                if seat == ours:
                    choice = state.action_to_string(player.act(state))
                else:
                    nd, dt, dp, words = server.cube(state, on_roll, server.plies)
                    if kind == "double":
                        choice = "double" if gnubg_doubles(words) else "roll"
                    else:
                        choice = "take" if dt <= dp else "drop"
                row: Dict[str, Any] = {"seat": seat, "ours": seat == ours, "kind": kind, "choice": choice}
                if judge_plies is not None:
                    nd, dt, dp, _ = server.cube(state, on_roll, judge_plies)
                    row["error"], row["close"] = judged(nd, dt, dp, kind, choice)
                    row["cube"] = state.cube_value()
                    row["judge"] = [nd, dt, dp]
                decisions.append(row)
                step = [named[choice]]
            elif seat == ours:
                step = [player.act(state)]
            else:
                step = gnubg_turn(state, seat, server.cubeful_move(state, seat))
        for action in step:
            state.apply_action(action)
        actions.extend(step)
    return state, actions, decisions


_CUBELESS = racegames.make_game("backgammon", scoring="backgammons")


def cube_luck(game: racegames.Game, actions: Sequence[int], seat: int) -> float:
    """``seat``'s luck in a cubeful game: the cubeless game's luck, each throw's scaled by the cube then."""
    state = game.new_initial_state()
    cubeless = _CUBELESS.new_initial_state()
    marks: List[Tuple[int, int]] = []  # (cubeless actions before a throw, the cube's value at it)
    for action in actions:
        text = state.action_to_string(action)
        if text not in CUBE_ACTIONS:
            if state.is_chance_node():
                marks.append((len(cubeless.history()), state.cube_value()))
            cubeless.apply_action(cubeless.string_to_action(text))
        state.apply_action(action)
    # Luck of every prefix where the cube changes, and of the whole game.
    cuts = [k for k, (at, cube) in enumerate(marks) if k == 0 or cube != marks[k - 1][1]]
    ends = [marks[k][0] for k in cuts[1:]] + [len(cubeless.history())]
    prefixes = []
    for end in ends:
        s = _CUBELESS.new_initial_state()
        for a in cubeless.history()[:end]:
            s.apply_action(a)
        prefixes.append(s)
    luck = [judged_luck.luck[seat] for judged_luck in arena.luck(prefixes)]
    total, before = 0.0, 0.0
    for k, cut in enumerate(cuts):
        total += marks[cut][1] * (luck[k] - before)
        before = luck[k]
    return total


def money(args: argparse.Namespace, player_spec: Tuple[str, Dict[str, Any]]) -> int:
    game = racegames.make_game("backgammon", cube=True, scoring="backgammons", jacoby=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = GnubgCube(args.gnubg, args.plies, args.move_timeout, 0)
    start = time.monotonic()
    rows: List[Dict[str, Any]] = []
    try:
        with open(out / "money.jsonl", "a", encoding="utf-8") as log:
            for g in range(args.first_game, args.first_game + args.games):
                ours = g % 2
                player = make_player(player_spec[0], game, seed=args.seed + g, **player_spec[1])
                rng = random.Random(f"{args.seed}:cube:{g}")
                end, actions, decisions = play_cubeful(game, player, server, ours, rng, args.judge_plies)
                points = end.returns()[ours]
                row = {
                    "game": g,
                    "seat": ours,
                    "points": points,
                    "luck": cube_luck(game, actions, ours),
                    "cube": end.cube_value(),
                    "actions": actions,
                    "decisions": decisions,
                }
                rows.append(row)
                log.write(json.dumps(row) + "\n")
                log.flush()
                if len(rows) % 10 == 0 or len(rows) == args.games:
                    print(f"  {money_line(rows)} ({time.monotonic() - start:.0f} s)", flush=True)
    finally:
        server.close()
    report([out])
    return 0


def match_games(
    length: int, seed: int, m: int, ours: int, player_spec: Tuple[str, Dict[str, Any]], server: GnubgCube
) -> Iterator[Dict[str, Any]]:
    """The games of match ``m``: each with its score before it, its Crawford flag and its points."""
    score = [0, 0]
    crawford_played = False
    g = 0
    while max(score) < length:
        crawford = not crawford_played and length - 1 in score
        crawford_played = crawford_played or crawford
        game = racegames.make_game(
            "backgammon",
            cube=True,
            scoring="backgammons",
            match_length=length,
            score_a=score[0],
            score_b=score[1],
            crawford_game=crawford,
        )
        player = make_player(player_spec[0], game, seed=seed + 1000 * m + g, **player_spec[1])
        rng = random.Random(f"{seed}:match:{m}:{g}")
        end, actions, decisions = play_cubeful(game, player, server, ours, rng, None)
        returns = end.returns()
        winner = 0 if returns[0] > 0 else 1
        yield {"score": list(score), "crawford": crawford, "winner": winner, "points": returns[winner],
               "actions": actions}
        score[winner] += int(round(returns[winner]))
        g += 1


def matches(args: argparse.Namespace, player_spec: Tuple[str, Dict[str, Any]]) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = GnubgCube(args.gnubg, args.plies, args.move_timeout, args.length)
    start = time.monotonic()
    won = played = 0
    try:
        with open(out / "matches.jsonl", "a", encoding="utf-8") as log:
            for m in range(args.first_match, args.first_match + args.matches):
                ours = m % 2
                games = list(match_games(args.length, args.seed, m, ours, player_spec, server))
                final = [0, 0]
                for g in games:
                    final[g["winner"]] += int(round(g["points"]))
                row = {"match": m, "seat": ours, "length": args.length, "won": final[ours] >= args.length,
                       "final": final, "games": games}
                log.write(json.dumps(row) + "\n")
                log.flush()
                played += 1
                won += row["won"]
                _, low, high = _wilson(won, played)
                print(f"  matches: won {won} of {played} (Wilson 95% {100 * low:.1f}-{100 * high:.1f}%) "
                      f"({time.monotonic() - start:.0f} s)", flush=True)
    finally:
        server.close()
    report([out])
    return 0


def money_line(rows: Sequence[Dict[str, Any]]) -> str:
    """Points a game, raw and luck-adjusted, with their 95% intervals."""
    raw, raw_half = mean_interval([r["points"] for r in rows])
    adj, adj_half = mean_interval([r["points"] - r["luck"] for r in rows])
    return (f"{len(rows)} games: {raw:+.3f} ± {raw_half:.3f} points a game, "
            f"luck-adjusted {adj:+.3f} ± {adj_half:.3f}")


def error_rate(rows: Sequence[Dict[str, Any]], ours: bool) -> Dict[str, Any]:
    """One side's cube error rate (mEMG per close or actual decision), its 95% interval by games as clusters."""
    errors, closes, totals = [], [], []
    for r in rows:
        mine = [d for d in r["decisions"] if d["ours"] == ours and "error" in d]
        errors.append(sum(d["error"] for d in mine))
        closes.append(sum(bool(d["close"]) for d in mine))
        totals.append(len(mine))
    n, close = len(rows), sum(closes)
    rate = sum(errors) / close if close else 0.0
    spread = sum((e - rate * c) ** 2 for e, c in zip(errors, closes))
    half = Z95 * math.sqrt(n / (n - 1) * spread) / close if close and n > 1 else float("nan")
    return {"decisions": sum(totals), "close": close, "error": sum(errors),
            "rate_memg": 1000 * rate, "half_memg": 1000 * half}


def rate_ratio(rows: Sequence[Dict[str, Any]], draws: int = 2000) -> Tuple[float, float]:
    """racegames' cube error rate over gnubg's in the same games: with ``draws``, the 2.5% and 97.5%
    points of the ratio over games drawn with replacement (a percentile bootstrap); with 0, the ratio twice."""
    sums = []
    for r in rows:
        judged_rows = [d for d in r["decisions"] if "error" in d]
        sums.append([sum(d["error"] for d in judged_rows if d["ours"] == ours) for ours in (True, False)]
                    + [sum(bool(d["close"]) for d in judged_rows if d["ours"] == ours) for ours in (True, False)])

    def ratio(sample: Sequence[List[float]]) -> float:
        e0, e1, c0, c1 = (sum(x[k] for x in sample) for k in range(4))
        return (e0 / c0) / (e1 / c1) if c0 and c1 and e1 else float("nan")

    if not draws:
        value = ratio(sums)
        return value, value
    rng = random.Random(0)
    values = sorted(v for v in (ratio(rng.choices(sums, k=len(sums))) for _ in range(draws)) if v == v)
    if not values:
        return float("nan"), float("nan")
    return values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]


def report(dirs: Sequence[Path]) -> None:
    """Prints the figures of the folders' money games and matches."""
    money_rows: List[Dict[str, Any]] = []
    match_rows: List[Dict[str, Any]] = []
    for d in dirs:
        for name, into in (("money.jsonl", money_rows), ("matches.jsonl", match_rows)):
            if (d / name).exists():
                with open(d / name, encoding="utf-8") as f:
                    into.extend(json.loads(t) for t in f if t.strip())
    if money_rows:
        print(f"money: {money_line(money_rows)}")
        doubles = sum(d["choice"] == "double" and d["ours"] for r in money_rows for d in r["decisions"])
        print(f"  doubles given by racegames {doubles}, by gnubg "
              f"{sum(d['choice'] == 'double' and not d['ours'] for r in money_rows for d in r['decisions'])}")
        for ours, who in ((True, "racegames"), (False, "gnubg")):
            e = error_rate(money_rows, ours)
            if e["decisions"]:
                print(f"  {who} cube: {e['decisions']} decisions, {e['close']} close or actual, "
                      f"{e['error']:.3f} EMG lost, {e['rate_memg']:.1f} ± {e['half_memg']:.1f} mEMG per close "
                      f"or actual decision")
        low, high = rate_ratio(money_rows)
        if low == low:
            print(f"  racegames' rate over gnubg's: {rate_ratio(money_rows, draws=0)[0]:.2f} "
                  f"(95% bootstrap over the games {low:.2f}-{high:.2f})")
    if match_rows:
        won = sum(r["won"] for r in match_rows)
        _, low, high = _wilson(won, len(match_rows))
        print(f"matches to {match_rows[0]['length']}: racegames won {won} of {len(match_rows)} "
              f"({100 * won / len(match_rows):.1f}%, Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), "
              f"{sum(len(r['games']) for r in match_rows)} games")


ANALYSE = r"""
import ctypes, json, os
import gnubg

IN = json.load(open(os.environ["GNUBG_CUBE_IN"]))
libc = ctypes.CDLL(None)
for command in ["set display off", "set threads 1", "set jacoby on", "import mat " + IN["mat"],
                "set analysis cube on", "set analysis moves off", "set analysis luck off",
                "set analysis cubedecision evaluation plies %d" % IN["plies"],
                "set analysis cubedecision evaluation cubeful on", "analyse match"]:
    gnubg.command(command)
# gnubg prints through C stdio: send its fd 1 to the statistics file for one command.
libc.fflush(None)
fd = os.open(IN["text"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
saved = os.dup(1)
os.dup2(fd, 1)
gnubg.command("show statistics match")
libc.fflush(None)
os.dup2(saved, 1)
os.close(fd)
"""


def cube_statistics(text: str) -> Dict[str, List[str]]:
    """The rows of gnubg's ``Cube statistics`` table (and the players' names), by label: both columns' texts."""
    rows: Dict[str, List[str]] = {}
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.endswith("statistics") and "  " not in stripped:
            section = stripped
            continue
        cells = re.split(r"\s{2,}", stripped)
        if len(cells) == 3 and (section == "Cube statistics" or cells[0] == "Player"):
            rows[cells[0]] = cells[1:]
    if "Error rate mEMG (Points)" not in rows:
        raise ValueError("no cube statistics in gnubg's output")
    return rows


def analyse(args: argparse.Namespace) -> int:
    rows: List[Dict[str, Any]] = []
    for d in args.dirs:
        with open(Path(d) / "money.jsonl", encoding="utf-8") as f:
            rows.extend(json.loads(t) for t in f if t.strip())
    rows = sorted(rows, key=lambda r: r["game"])[: args.games]
    game = racegames.make_game("backgammon", cube=True, scoring="backgammons", jacoby=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    mat = out / "cube-games.mat"
    games = [mirrored(game, r["actions"]) if r["seat"] == 1 else r["actions"] for r in rows]
    gnubg.write_match(games, mat, game, names=("racegames", "gnubg"))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "analyse.py"
        script.write_text(ANALYSE)
        request = Path(tmp) / "in.json"
        text = out / "cube-statistics.txt"
        request.write_text(json.dumps({"mat": str(mat.resolve()), "plies": args.plies, "text": str(text.resolve())}))
        env = dict(os.environ, GNUBG_CUBE_IN=str(request))
        subprocess.run([args.gnubg, "-t", "-q", "-r", "-p", str(script)], env=env, check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, timeout=args.timeout)
    table = cube_statistics(text.read_text())
    print(f"gnubg's {args.plies}-ply cube analysis of {len(rows)} cubeful money games (games "
          f"{rows[0]['game']} to {rows[-1]['game']}):")
    for label, cells in table.items():
        print(f"  {label:<40} {cells[0]:>24} {cells[1]:>24}")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("money", "matches"):
        p = sub.add_parser(name)
        p.add_argument("--seed", type=int, default=1, help="seed of the dice and the player (1)")
        p.add_argument("--player", help="the racegames player, NAME or NAME:KEY=VALUE,... (default: the strongest)")
        p.add_argument("--plies", type=int, default=0, help="gnubg's depth as a player (0)")
        p.add_argument("--out", default="gnubg-cube", help="the output folder, appended to (gnubg-cube)")
        p.add_argument("--gnubg", default=find_gnubg(), help="the gnubg program")
        p.add_argument("--move-timeout", type=float, default=120.0, help="seconds for one gnubg answer (120)")
    sub.choices["money"].add_argument("--games", type=int, default=400, help="games (400)")
    sub.choices["money"].add_argument("--first-game", type=int, default=0, help="the number of the first game (0)")
    sub.choices["money"].add_argument(
        "--judge-plies", type=int, default=2, help="gnubg's depth judging the cube decisions (2; -1: none)"
    )
    sub.choices["matches"].add_argument("--matches", type=int, default=100, help="matches (100)")
    sub.choices["matches"].add_argument("--length", type=int, default=7, help="points a match (7)")
    sub.choices["matches"].add_argument("--first-match", type=int, default=0, help="the first match's number (0)")
    rep = sub.add_parser("report")
    rep.add_argument("dirs", nargs="+", help="output folders of money or matches runs")
    ana = sub.add_parser("analyse")
    ana.add_argument("dirs", nargs="+", help="output folders of money runs")
    ana.add_argument("--games", type=int, default=100, help="the first games to analyse (100)")
    ana.add_argument("--plies", type=int, default=2, help="gnubg's depth in the cube analysis (2)")
    ana.add_argument("--out", default="gnubg-cube", help="where the match file and gnubg's table go")
    ana.add_argument("--gnubg", default=find_gnubg(), help="the gnubg program")
    ana.add_argument("--timeout", type=float, default=3600.0, help="seconds for gnubg's analysis (3600)")
    args = parser.parse_args(argv)
    if args.command == "report":
        report([Path(d) for d in args.dirs])
        return 0
    if args.command == "analyse":
        return analyse(args)
    if not args.gnubg or not os.path.exists(args.gnubg):
        parser.error("gnubg not found: scripts/install-gnubg.sh, or pass --gnubg PATH")
    name = args.player or list_players("backgammon")[0]
    try:
        spec = parse_player(name)
        make_player(spec[0], "backgammon", seed=0, **spec[1])
    except (ValueError, TypeError) as e:
        parser.error(f"--player: {e}")
    if args.command == "money":
        if args.judge_plies < 0:
            args.judge_plies = None
        return money(args, spec)
    return matches(args, spec)


if __name__ == "__main__":
    sys.exit(main())
