"""What the players' tests share: every game and option set that has
built-in players, and decision nodes reached by random play."""

from __future__ import annotations

import random
from typing import Any, Dict, List, Tuple

import racegames

#: (game name, options) for every game and option set the players cover.
GAME_SETS: List[Tuple[str, Dict[str, Any]]] = [
    ("daldos", {}),
    ("seys_dos_e_as", {}),
    ("backgammon", {}),
    ("chinese_checkers", {"players": 2}),
    ("chinese_checkers", {"players": 3}),
    ("chinese_checkers", {"players": 4}),
    ("chinese_checkers", {"players": 6}),
    ("halma", {"players": 2}),
    ("halma", {"players": 4}),
]


def set_id(game_set: Tuple[str, Dict[str, Any]]) -> str:
    name, params = game_set
    return name + "".join(f"-{k}{v}" for k, v in params.items())


def decision_states(game: racegames.Game, seed: int, count: int, spacing: int = 7) -> List[racegames.State]:
    """``count`` decision nodes, ``spacing`` random decisions apart, from
    random games (restarted when one ends)."""
    rng = random.Random(seed)
    found: List[racegames.State] = []
    state = game.new_initial_state()
    decisions = 0
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            decisions += 1
            if decisions % spacing == 0:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found
