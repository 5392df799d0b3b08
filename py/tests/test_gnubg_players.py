"""The players of a gnubg match file (issue 49, item 32): ``read_match``
keeps each game's names in its record's ``PlayerA``/``PlayerB`` tags, and
``write_match`` writes each game's names from its record, the ``names``
argument naming every game's players instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

import racegames
from racegames import gnubg, records

GAME = racegames.make_game("backgammon")


def a_record(seed: int, players: List[str]) -> records.Record:
    state = GAME.new_initial_state()
    state.play_random(seed)
    return records.Record.from_state(state, players=players, seed=seed)


def test_each_games_players_go_to_the_file_and_come_back(tmp_path: Path) -> None:
    # The arena alternates seats: the same two players, swapped each game.
    recs = [a_record(seed, ["gnubg 0-ply", "expectimax"][:: 1 if seed % 2 == 0 else -1]) for seed in range(3)]
    path = tmp_path / "match.mat"
    gnubg.write_match(recs, path)
    text = path.read_text()
    assert " gnubg 0-ply : 0" in text and " expectimax : 0" in text
    back = gnubg.read_match(path)
    assert [(r.tags["PlayerA"], r.tags["PlayerB"]) for r in back] == [
        (r.tags["PlayerA"], r.tags["PlayerB"]) for r in recs
    ]
    # The tags in the documented order: the players before the result.
    keys = list(back[0].tags)
    assert keys.index("PlayerB") == keys.index("PlayerA") + 1 < keys.index("Result")


def test_names_override_the_records_and_action_lists_are_a_and_b(tmp_path: Path) -> None:
    recs = [a_record(1, ["one", "two"]), a_record(2, ["two", "one"])]
    path = tmp_path / "match.mat"
    gnubg.write_match(recs, path, names=("Alice", "Bob"))
    assert {(r.tags["PlayerA"], r.tags["PlayerB"]) for r in gnubg.read_match(path)} == {("Alice", "Bob")}
    gnubg.write_match([recs[0].actions, recs[1]], path)
    back = gnubg.read_match(path)
    assert [(r.tags["PlayerA"], r.tags["PlayerB"]) for r in back] == [("A", "B"), ("two", "one")]


def test_a_record_name_that_a_match_file_cannot_hold_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "match.mat"
    rec = a_record(1, ["mcts:simulations=50", "random"])
    with pytest.raises(ValueError, match=r"game 1's PlayerA tag .* holds ':'.*names="):
        gnubg.write_match([rec], path)
    assert not path.exists()
    gnubg.write_match([rec], path, names=("mcts", "random"))
    assert gnubg.read_match(path)[0].tags["PlayerA"] == "mcts"


def gnubg_binary() -> Optional[str]:
    return shutil.which("gnubg") or next((p for p in ["/usr/games/gnubg"] if os.access(p, os.X_OK)), None)


GNUBG_NAMES = [("x" * 31, "Bob Smith"), ("é" * 15, "y" * 31), ("A  B", "7up"), ("Game 1", "Wins 2")]

IMPORT_EXPORT = """
import gnubg, json
gnubg.command("set display off")
names = []
for i in range({count}):
    gnubg.command("import mat {folder}/in%d.mat" % i)
    info = gnubg.match()["match-info"]
    names.append([info["X"]["name"], info["O"]["name"]])
    gnubg.command("export match mat {folder}/out%d.mat" % i)
json.dump(names, open("{folder}/names.json", "w"))
"""


@pytest.mark.skipif(gnubg_binary() is None, reason="GNU Backgammon (gnubg) is not installed")
def test_gnubg_reads_the_names_and_read_match_reads_gnubgs(tmp_path: Path) -> None:
    """The edge of what a match file holds, through gnubg: 31 bytes (ASCII
    and two-byte characters), inner spaces, words of the format. gnubg's own
    export puts no space after a long first name; read_match reads it."""
    state = GAME.new_initial_state()
    state.play_random(2)
    for i, names in enumerate(GNUBG_NAMES):
        gnubg.write_match([state.history()], tmp_path / f"in{i}.mat", names=names)
    script = tmp_path / "script.py"
    script.write_text(IMPORT_EXPORT.format(count=len(GNUBG_NAMES), folder=tmp_path))
    binary = gnubg_binary()
    assert binary is not None
    subprocess.run([binary, "-t", "-q", "-p", str(script)], capture_output=True, timeout=300, check=True)
    assert [tuple(n) for n in json.loads((tmp_path / "names.json").read_text())] == GNUBG_NAMES
    for i, names in enumerate(GNUBG_NAMES):
        [rec] = gnubg.read_match(tmp_path / f"out{i}.mat")
        assert (rec.tags["PlayerA"], rec.tags["PlayerB"]) == names
