"""gnubg's Match ID of cubeful states: the cube's value and owner, the
match length, the score, the Crawford flag and the offers under way,
against gnubg's manual and, where GNU Backgammon is installed
(scripts/install-gnubg.sh), against gnubg itself."""

from __future__ import annotations

import json
import shutil
import subprocess
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
    assert gnubg.match_id(state) == "QYkqASAAIAAA"
    assert gnubg.match_id(state, match_length=9, score=(2, 4)) == "QYkqASAAIAAA"
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
