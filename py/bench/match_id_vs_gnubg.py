"""gnubg.match_id and gnubg.position_id against GNU Backgammon itself, at
every position of cubeful games played by racegames' built-in players.

racegames plays the games (money games with ``arena.play``, whole matches
with ``arena.play_matches``; cube and resignation on). gnubg then replays
every game on its own board, command by command (``new match``/``new
session``/``new game``, ``set dice``, ``move``, ``double``, ``take``,
``drop``, ``resign``, ``accept``, ``reject``): gnubg keeps its own cube,
owner, turn, score and Crawford flag. After each step, gnubg's Position ID
and Match ID are compared with racegames' IDs of the same state, so every
field of the Match ID is checked against gnubg's own bookkeeping. A money
session's score is gnubg's running total; racegames' money games carry no
score, so it is passed to ``match_id(state, score=...)``.

    python py/bench/match_id_vs_gnubg.py --money 100 --matches 100 --lengths 5 7

prints the positions compared and every mismatch (field by field).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Tuple

import racegames
from racegames import arena, gnubg, records

CUBE = {"double": "double", "take": "take", "drop": "drop", "resign single": "resign 1",
        "resign gammon": "resign 2", "resign backgammon": "resign 3", "accept": "accept", "reject": "reject"}

GNUBG_SCRIPT = """
import gnubg, json, os
gnubg.command("set display off")
for p in (0, 1):
    gnubg.command("set player %d human" % p)
for s in ("roll", "game", "move", "doubles", "bearoff"):
    gnubg.command("set automatic %s off" % s)
gnubg.command("set jacoby on")
games = json.load(open(os.environ["MID_IN"]))
out = []
for g in games:
    gnubg.command(g["start"])
    seen = []
    for cmd in g["steps"]:
        for c in (cmd or "").split(";"):
            if c:
                gnubg.command(c)
        seen.append([gnubg.positionid(), gnubg.matchid()])
    out.append(seen)
json.dump(out, open(os.environ["MID_OUT"], "w"))
"""


def checker_move(action: int) -> str:
    """gnubg's from/to of a backgammon checker action (the mover's points)."""
    source, die = divmod(action, 6)
    start = 25 if source >= 24 else 24 - source
    return f"{start}/{max(start - die - 1, 0)}"


def mid_turn(state: Any, mover: Optional[int]) -> bool:
    """Whether ``mover`` still has checkers to move in this turn."""
    if state.is_terminal() or state.is_chance_node() or state.current_player() != mover:
        return False
    first = state.action_to_string(state.legal_actions()[0])
    return first != "roll" and first not in CUBE


def refused_double(rec: records.Record) -> bool:
    """Whether ``rec`` has a double gnubg 1.07 refuses and racegames' rules
    allow: a dead cube in a match (the doubler needs no more points than
    the cube shows) or a money cube past gnubg's 4096."""
    state = rec.game.new_initial_state()
    length = int(rec.tags.get("match_length", "0"))
    for action in rec.actions:
        if state.action_to_string(action) == "double":
            cube, seat = state.cube_value(), state.current_player()
            if (length and cube >= length - state.match_score()[seat]) or (not length and cube >= 4096):
                return True
        state.apply_action(action)
    return False


def steps_of(rec: records.Record, score: Optional[Tuple[int, int]]) -> Tuple[List[Optional[str]], List[Tuple[str, str]]]:
    """gnubg's commands replaying ``rec`` and racegames' (Position ID, Match
    ID) after each: one per throw, per whole checker play, per cube or
    resignation action."""
    game = rec.game
    state = game.new_initial_state()
    cmds: List[Optional[str]] = []
    ids: List[Tuple[str, str]] = []
    pending: List[str] = []
    kw: Dict[str, Any] = {} if score is None else {"score": score}
    for action in rec.actions:
        text = state.action_to_string(action)
        mover = state.turn_owner() if state.is_chance_node() else state.current_player()
        state.apply_action(action)
        if text.startswith("roll-off"):
            a, b = text.split()[1][1], text.split()[2][1]
            cmd: Optional[str] = f"set turn {0 if a > b else 1};set dice {a} {b}"  # gnubg keeps its own opener
        elif text.startswith("roll "):
            cmd = f"set dice {text[5]} {text[6]}"
            if not mid_turn(state, mover):
                cmd += ";move"  # no legal move: gnubg passes on "move"
        elif text == "roll":
            cmd = None
        elif text in CUBE:
            cmd = CUBE[text]
        else:
            pending.append(checker_move(action))
            if mid_turn(state, mover):
                continue  # gnubg moves a whole play at once
            cmd, pending = "move " + " ".join(pending), []
        cmds.append(cmd)
        ids.append((gnubg.position_id(state), gnubg.match_id(state, **kw)))
    return cmds, ids


def fields(mid: str) -> Dict[str, Any]:
    try:
        return gnubg.decode_match_id(mid)._asdict()
    except ValueError as e:
        return {"error": str(e)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--money", type=int, default=100, help="cubeful money games")
    ap.add_argument("--matches", type=int, default=100, help="matches of each length")
    ap.add_argument("--lengths", type=int, nargs="*", default=[5, 7])
    ap.add_argument("--players", nargs=2, default=["expectimax", "greedy"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--show", type=int, default=10, help="mismatches to print")
    args = ap.parse_args()
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None:
        print("GNU Backgammon (gnubg) is not installed", file=sys.stderr)
        return 2
    tmp = tempfile.mkdtemp()
    t0 = time.time()
    batches: List[Tuple[str, List[Any]]] = []
    if args.money:
        path = os.path.join(tmp, "money.txt")
        game = racegames.make_game("backgammon", cube=True, resign=True, scoring="backgammons")
        arena.play(game, args.players, games=args.money, seed=args.seed, threads=args.threads, record=path)
        batches.append(("money", records.load(path)))
    for length in args.lengths if args.matches else []:
        path = os.path.join(tmp, f"match{length}.txt")
        game = racegames.make_game("backgammon", cube=True, resign=True, scoring="backgammons")
        arena.play_matches(game, args.players, matches=args.matches, match_length=length, seed=args.seed,
                           threads=args.threads, record=path)
        batches.append((f"match {length}", records.load(path)))
    print(f"played in {time.time() - t0:.0f} s", flush=True)
    games: List[Dict[str, Any]] = []
    expected: List[Tuple[str, int, List[Tuple[str, str]]]] = []
    skipped: Dict[str, int] = {}
    for kind, recs in batches:
        total = [0, 0]
        if kind != "money":
            # Whole matches: a match with a double gnubg refuses is left out.
            rounds: Dict[str, List[records.Record]] = {}
            for rec in recs:
                rounds.setdefault(rec.tags["Round"], []).append(rec)
            keep = [r for r in rounds.values() if not any(refused_double(g) for g in r)]
            skipped[kind] = len(rounds) - len(keep)
            recs = [g for r in keep for g in r]
        else:
            skipped[kind] = sum(refused_double(r) for r in recs)
        last_round, fresh = None, True
        for k, rec in enumerate(recs):
            if kind == "money":
                if refused_double(rec):
                    fresh, total = True, [0, 0]
                    continue
                start = "new session" if fresh else "new game"
                fresh = False
                score: Optional[Tuple[int, int]] = (total[0], total[1])
            else:
                start = f"new match {rec.tags['match_length']}" if rec.tags.get("Round") != last_round \
                    else "new game"
                last_round, score = rec.tags.get("Round"), None
            cmds, ids = steps_of(rec, score)
            games.append({"start": start, "steps": cmds})
            expected.append((kind, k, ids))
            if kind == "money":
                returns = [float(x) for x in rec.tags["Returns"].split()]
                for s in (0, 1):
                    total[s] += int(max(returns[s], 0))
    with open(os.path.join(tmp, "in.json"), "w") as f:
        json.dump(games, f)
    script = os.path.join(tmp, "replay.py")
    with open(script, "w") as f:
        f.write(GNUBG_SCRIPT)
    env = dict(os.environ, MID_IN=os.path.join(tmp, "in.json"), MID_OUT=os.path.join(tmp, "out.json"))
    log = open(os.environ.get("MID_LOG", os.devnull), "w")
    subprocess.run([binary, "-t", "-q", "-p", script], env=env, stdout=log, stderr=subprocess.STDOUT,
                   stdin=subprocess.DEVNULL, check=False, timeout=3600)
    with open(env["MID_OUT"]) as f:
        seen = json.load(f)
    cmds_of = {(kind, k): g["steps"] for (kind, k, _), g in zip(expected, games)}
    counts: Dict[str, List[int]] = {}
    shown = 0
    for (kind, k, ids), got in zip(expected, seen):
        c = counts.setdefault(kind, [0, 0, 0])
        c[0] += 1
        for i, (ours, theirs) in enumerate(zip(ids, got)):
            c[1] += 1
            if list(ours) != list(theirs):
                c[2] += 1
                if shown < args.show:
                    shown += 1
                    a, b = fields(ours[1]), fields(theirs[1])
                    diff = {f: (a.get(f), b.get(f)) for f in set(a) | set(b) if a.get(f) != b.get(f)}
                    print(f"{kind} game {k} step {i} ({cmds_of[(kind, k)][i]}): ours {ours} gnubg {theirs}; "
                          f"fields (ours, gnubg) {diff}")
    print(f"{'games':>14} {'positions':>10} {'mismatches':>10}  left out (a double gnubg refuses)")
    for kind, (g, n, bad) in counts.items():
        unit = "games" if kind == "money" else "matches"
        print(f"{kind:>8} {g:>5} {n:>10} {bad:>10}  {skipped[kind]} {unit}")
    print(f"total {sum(c[1] for c in counts.values())} positions, {sum(c[2] for c in counts.values())} mismatches, "
          f"{time.time() - t0:.0f} s")
    return 0 if all(c[2] == 0 for c in counts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
