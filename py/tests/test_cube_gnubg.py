"""gnubg's Match ID of cubeful states: the cube's value and owner, the
match length, the score, the Crawford flag and the offers under way,
against gnubg's manual and, where GNU Backgammon is installed
(scripts/install-gnubg.sh), against gnubg itself."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional

import numpy as np
import pytest

import racegames
from racegames import gnubg

AFTER_31 = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1"


def test_the_manual_example_from_a_cubeful_state() -> None:
    # Score 2-4 in a 9-point match, player 0 (A) holds a 2-cube, player 1
    # (B) has just rolled 52.
    game = racegames.make_game("backgammon", cube=True, match_length=9, score_a=2, score_b=4)
    state = game.state_from_notation(
        "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 52 3 2A - 9:2-4")
    # The manual's ID is "QYkqASAAIAAA"; gnubg 1.07 also sets bit 66 (no
    # Jacoby rule) in match play, as it writes every match's IDs.
    assert gnubg.match_id(state) == "QYkqASAAIAAE"
    assert gnubg.decode_match_id("QYkqASAAIAAA")._replace(jacoby=False) == gnubg.decode_match_id("QYkqASAAIAAE")
    assert gnubg.match_id(state, match_length=9, score=(2, 4)) == "QYkqASAAIAAE"
    with pytest.raises(ValueError, match="match to 9"):
        gnubg.match_id(state, match_length=7, score=(2, 4))


def test_offers_and_their_ends() -> None:
    game = racegames.make_game("backgammon", cube=True, resign=True, match_length=7, score_a=6, score_b=3,
                               crawford_game=True)
    state = game.state_from_notation(f"{AFTER_31} 1 ? 7:6-3C")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["roll", "resign single"]
    state.apply_action(state.string_to_action("resign single"))
    info = gnubg.decode_match_id(gnubg.match_id(state))
    assert (info.resigned, info.turn, info.crawford, info.match_length, info.score) == (1, 1, True, 7, (6, 3))
    state.apply_action(state.string_to_action("accept"))
    assert gnubg.decode_match_id(gnubg.match_id(state)).game_state == 3
    money = racegames.make_game("backgammon", cube=True)
    state = money.state_from_notation(f"{AFTER_31} 4A ?")
    state.apply_action(state.string_to_action("double"))
    info = gnubg.decode_match_id(gnubg.match_id(state))
    assert (info.cube, info.cube_owner, info.doubled, info.turn) == (4, 0, True, 1)
    state.apply_action(state.string_to_action("drop"))
    assert gnubg.decode_match_id(gnubg.match_id(state)).game_state == 4


def gnubg_binary() -> Optional[str]:
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


def run_gnubg(tmp_path: Path, body: str, data: Any) -> Any:
    """Runs a Python script inside ``gnubg -t -q -p``; it writes JSON to OUT."""
    (tmp_path / "in.json").write_text(json.dumps(data))
    script = tmp_path / "script.py"
    script.write_text(
        "import gnubg, json\n"
        f"IN = json.load(open({str(tmp_path / 'in.json')!r}))\n"
        f"OUT = {str(tmp_path / 'out.json')!r}\n"
        'gnubg.command("set display off")\n' + body
    )
    binary = gnubg_binary()
    assert binary is not None
    done = subprocess.run([binary, "-t", "-q", "-p", str(script)], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, stdin=subprocess.DEVNULL)
    out = tmp_path / "out.json"
    assert out.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    return json.loads(out.read_text())


def throw_ids(params: dict, seed: int) -> List[List[str]]:
    """The Position and Match IDs of every throw of a random cubeful game
    (the cube turned by random doubles and takes, up to 4096: gnubg itself
    refuses a larger cube, though its Match ID holds up to 2^15)."""
    game = racegames.make_game("backgammon", **params)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            if state.turn_owner() is not None:
                out.append([gnubg.position_id(state), gnubg.match_id(state)])
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        names = [state.action_to_string(a) for a in legal]
        # Double now and then, always take: the cube climbs.
        if "take" in names:
            action = legal[names.index("take")]
        elif "double" in names and rng.random() < 0.3 and state.cube_value() < 4096:
            action = legal[names.index("double")]
        else:
            action = legal[rng.integers(len(legal))] if "roll" not in names else legal[names.index("roll")]
        state.apply_action(action)
    return out


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
def test_gnubg_reads_the_cubeful_match_ids_back(tmp_path: Path) -> None:
    cases = []
    for params, seed in [
        ({"cube": True}, 1),
        ({"cube": True, "match_length": 7, "score_a": 2, "score_b": 5}, 2),
        ({"cube": True, "match_length": 5, "score_a": 4, "score_b": 1, "crawford_game": True}, 3),
    ]:
        cases += throw_ids(params, seed)
    assert len(cases) > 30
    body = """
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
out = []
for pid, mid in IN:
    gnubg.command("set matchid " + mid)
    gnubg.command("set board " + pid)
    out.append([gnubg.positionid(), gnubg.matchid()])
json.dump(out, open(OUT, "w"))
"""
    assert run_gnubg(tmp_path, body, cases) == cases


# --- match files with the cube -------------------------------------------------

DATA = Path(__file__).resolve().parent / "data"
# gnubg 1.07 playing itself (0-ply, cube on): a 5-point match and a money
# session (`set jacoby off`), each with dropped doubles and resignations.
GNUBG_FILES = [DATA / "gnubg_match5.mat", DATA / "gnubg_money.mat"]


def stated(path: Path) -> List[Any]:
    """Per game, as the file states it: the score line's two scores and the
    `Wins` line's winner (0 left, 1 right) and points."""
    games: List[Any] = []
    for line in path.read_text().splitlines():
        if line.startswith(" Game "):
            games.append(None)
        elif games and games[-1] is None and ":" in line:
            left, right = line.split(":")[1], line.split(":")[2]
            games[-1] = [(int(left.split()[0]), int(right)), None]
        elif "Wins " in line:
            at = line.index("Wins ")
            games[-1][1] = (int(at >= 30), int(line[at + 5 :].split()[0]))
    return games


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_gnubg_s_cubeful_files_read_with_the_points_they_state(path: Path) -> None:
    recs = gnubg.read_match(path)
    assert len(recs) == len(stated(path))
    ends = set()
    for rec, (score, (winner, points)) in zip(recs, stated(path)):
        assert rec.tags["Score"] == f"{score[0]}-{score[1]}"
        assert rec.tags["Result"] == "AB"[winner]
        returns = [float(x) for x in rec.tags["Returns"].split()]
        assert returns[winner] == points and returns[1 - winner] == -points
        assert rec.final_state().is_terminal() and rec.final_state().returns() == returns
        ends.add(rec.tags["Termination"])
        assert rec.tags["MatchLength"] == ("5" if "match5" in path.name else "0")
    assert {"dropped", "resigned"} <= ends
    crawford = [r.tags["Crawford"] for r in recs]
    assert crawford.count("true") == (1 if "match5" in path.name else 0)


@pytest.mark.parametrize(
    "edit, message",
    [
        (("Takes", "Beavers"), "beavers"),
        (("Takes", "Raccoons"), "raccoons"),
        (("Doubles => 2", "Doubles => 4"), "the cube is at 1"),
        (("Wins 1 point", "Wins 3 points"), "Wins 3"),
        ((" 5 point match", " 65 point match"), "65-point"),
    ],
)
def test_what_racegames_cannot_represent_is_refused(tmp_path: Path, edit: Any, message: str) -> None:
    text = (DATA / "gnubg_match5.mat").read_text().replace(*edit, 1)
    (tmp_path / "x.mat").write_text(text)
    with pytest.raises(ValueError, match=message):
        gnubg.read_match(tmp_path / "x.mat")


def test_a_resignation_after_the_throw_is_refused() -> None:
    head = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5"
    with pytest.raises(ValueError, match="line 5: B resigns after throwing 52"):
        gnubg.parse_match(head + "                 52:\n      Wins 1 point\n")
    with pytest.raises(ValueError, match="line 6: .*player on roll"):
        gnubg.parse_match(head + "\n                                  Wins 1 point\n")


def without_rejected_offers(rec: Any) -> List[int]:
    """The record's actions less each rejected offer to resign and its
    rejection: a match file has no place for them."""
    state, out = rec.game.new_initial_state(), []
    for a in rec.actions:
        text = state.action_to_string(a)
        state.apply_action(a)
        if text == "reject":
            out.pop()
        else:
            out.append(a)
    return out


def turn_ends(rec: Any, actions: Optional[List[int]] = None) -> List[str]:
    """The notation before every throw and cube action."""
    state, out = rec.game.new_initial_state(), []
    for a in rec.actions if actions is None else actions:
        if state.is_chance_node() or state.action_to_string(a) in ("roll", "double", "take", "drop", "accept"):
            out.append(state.notation())
        state.apply_action(a)
    return out


def test_records_with_the_cube_write_and_read_back(tmp_path: Path) -> None:
    from racegames import arena, records

    game = racegames.make_game("backgammon", cube=True, resign=True, scoring="backgammons")
    arena.play_matches(game, ["greedy", "random"], matches=1, match_length=3, seed=3, threads=1,
                       record=tmp_path / "m.txt")
    recs = records.load(tmp_path / "m.txt")
    gnubg.write_match(recs, tmp_path / "m.mat")
    # The file cannot tell that resignation was on in games that did not end
    # by one: the game given says so.
    back = gnubg.read_match(tmp_path / "m.mat", game)
    assert [r.game for r in back] == [r.game for r in recs]
    for again, rec in zip(back, recs):
        # The file does not say which die bore a checker off: the positions
        # between turns and every cube action are the record's.
        assert turn_ends(again) == turn_ends(rec, without_rejected_offers(rec))
        assert again.final_state() == rec.final_state()
        assert (again.tags["Returns"], again.tags["Termination"]) == (rec.tags["Returns"], rec.tags["Termination"])


GNUBG_GAMES = """
m = gnubg.match(analysis=False)
json.dump([[g["info"].get("winner"), g["info"].get("points-won"), g["info"]["score-X"], g["info"]["score-O"]]
           for g in m["games"]], open(OUT, "w"))
"""


def gnubg_reading(tmp_path: Path, path: Path) -> List[Any]:
    body = 'gnubg.command("set jacoby off")\ngnubg.command("import mat " + IN)\n' + GNUBG_GAMES
    return run_gnubg(tmp_path, body, str(path))


def our_reading(recs: List[Any]) -> List[Any]:
    out = []
    for rec in recs:
        returns = [float(x) for x in rec.tags["Returns"].split()]
        a, b = (int(s) for s in rec.tags["Score"].split("-"))
        out.append(["XO"["AB".index(rec.tags["Result"])], int(max(returns)), a, b])
    return out


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_gnubg_reads_its_files_as_racegames_does(tmp_path: Path, path: Path) -> None:
    assert gnubg_reading(tmp_path, path) == our_reading(gnubg.read_match(path))


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
def test_gnubg_imports_written_cubeful_files_with_the_same_points(tmp_path: Path) -> None:
    for path in GNUBG_FILES:
        recs = gnubg.read_match(path)
        gnubg.write_match(recs, tmp_path / "w.mat")
        assert gnubg_reading(tmp_path, tmp_path / "w.mat") == our_reading(recs)


BENCH = Path(__file__).resolve().parents[1] / "bench" / "match_id_vs_gnubg.py"


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
def test_match_ids_agree_with_gnubg_at_every_position_of_a_few_games() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--money", "3", "--matches", "1", "--lengths", "3",
                           "--players", "greedy", "random", "--threads", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " 0 mismatches" in done.stdout


def centred_gammons(n: int) -> List[Any]:
    """``n`` money games with the cube that end in a gammon, never doubled
    (random play): the Jacoby rule counts each as 1."""
    from racegames import records

    game = racegames.make_game("backgammon", cube=True, scoring="backgammons")
    rng = np.random.default_rng(1)
    out: List[Any] = []
    while len(out) < n:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            legal = [a for a in state.legal_actions() if state.action_to_string(a) != "double"]
            state.apply_action(legal[rng.integers(len(legal))])
        a, b = gnubg.decode_position_id(gnubg.position_id(state))
        if max(sum(a), sum(b)) == 15:
            out.append(records.Record.from_state(state))
    return out


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
def test_a_money_session_imports_under_the_jacoby_rule_it_was_played_with(tmp_path: Path) -> None:
    recs = centred_gammons(3)
    assert all(max(float(x) for x in r.tags["Returns"].split()) == 1 for r in recs)
    gnubg.write_match(recs, tmp_path / "j.mat")
    # Nobody doubled, so the file cannot show the cube was on: the game given
    # says so; its gammons counted 1 show the Jacoby rule, whatever `game` says.
    given = racegames.make_game("backgammon", cube=True, jacoby=False)
    back = gnubg.read_match(tmp_path / "j.mat", given)
    assert all(r.game.get_parameters()["jacoby"] for r in back)
    assert [r.tags["Returns"] for r in back] == [r.tags["Returns"] for r in recs]
    body = ('out = {}\nfor j in ("on", "off"):\n    gnubg.command("set jacoby " + j)\n'
            '    gnubg.command("import mat " + IN)\n'
            '    out[j] = [g["info"]["points-won"] for g in gnubg.match(analysis=False)["games"]]\n'
            'json.dump(out, open(OUT, "w"))\n')
    # gnubg counts a game played out by its own `set jacoby`: on, as racegames; off, the gammons in full.
    assert run_gnubg(tmp_path, body, str(tmp_path / "j.mat")) == {"on": [1, 1, 1], "off": [2, 2, 2]}
