"""The text boards (``str(state)``, Gymnasium's and PettingZoo's ``"ansi"``
render) are the games' own diagrams, written in Rust; this records them
for a few positions of every game and checks them byte for byte, so that
a change to a board is a decision, not an accident.

Regenerate the record after a deliberate change of a board::

    python py/tests/test_text_boards.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import racegames

RECORD = Path(__file__).resolve().parent / "data" / "text_boards.json"

#: Games with options besides their defaults, each drawn too.
WITH_OPTIONS: List[Tuple[str, Dict[str, Any]]] = [
    ("daldos", {"board": "norwegian"}),
    ("chinese_checkers", {"players": 6}),
    ("halma", {"players": 4}),
]


def cases() -> List[Tuple[str, Dict[str, Any]]]:
    return [(name, {}) for name in racegames.list_games()] + WITH_OPTIONS


def positions(game: racegames.Game) -> List[racegames.State]:
    """The start, two positions of a random game, and its end."""
    out = [game.new_initial_state()]
    for steps in (9, 40):
        state = game.new_initial_state()
        state.play_random(3, steps)
        out.append(state)
    end = game.new_initial_state()
    end.play_random(5)
    out.append(end)
    return out


def key(name: str, options: Dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in sorted(options.items()))


def record() -> Dict[str, List[List[str]]]:
    out = {}
    for name, options in cases():
        game = racegames.make_game(name, **options)
        out[key(name, options)] = [[s.notation(), str(s)] for s in positions(game)]
    return out


def recorded() -> Dict[str, List[List[str]]]:
    return json.loads(RECORD.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, options", cases(), ids=lambda c: c if isinstance(c, str) else "")
def test_every_text_board_is_as_recorded(name: str, options: Dict[str, Any]) -> None:
    game = racegames.make_game(name, **options)
    boards = recorded()[key(name, options)]
    assert len(boards) == 4
    for notation, board in boards:
        state = game.state_from_notation(notation)
        assert str(state) == board, (name, notation)


def test_every_game_is_recorded() -> None:
    assert sorted(recorded()) == sorted(key(n, o) for n, o in cases())


def test_the_ansi_render_is_the_text_board() -> None:
    pytest.importorskip("gymnasium")
    from racegames.gym import RaceGameEnv

    env = RaceGameEnv(game="backgammon", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == str(env.state)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    RECORD.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
