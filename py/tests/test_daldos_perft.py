"""The Daldøs perft counts of daldos-core/tests/data/daldos_perft.txt, recounted through
the Python binding's State API (the Rust test and the reference model check
the same file)."""

from __future__ import annotations

import pytest

import racegames
from perft_data import PerftLine, line_id, read_perft

MAX_COUNT = 100_000


def one_throw(state: racegames.State) -> list:
    """Every state after the throw due in `state` and each legal use of it."""
    out = []
    for outcome, _ in state.chance_outcomes():
        thrown = state.clone()
        thrown.apply_action(outcome)
        if thrown.is_chance_node() or thrown.is_terminal():
            out.append(thrown)
            continue
        for action in thrown.legal_actions():
            moved = thrown.clone()
            moved.apply_action(action)
            out.append(moved)
    return out


@pytest.mark.parametrize("line", read_perft("daldos"), ids=line_id)
def test_perft_through_the_state_api(line: PerftLine):
    if line.count > MAX_COUNT:
        pytest.skip(f"count {line.count} is left to the Rust test")
    game = racegames.make_game(line.game, **line.kwargs())
    level = {line.notation: game.state_from_notation(line.notation)}
    for d in range(line.depth):
        nxt: dict = {}
        for state in level.values():
            if not state.is_terminal():
                for s in one_throw(state):
                    nxt[s.notation()] = s
        if d + 1 < line.depth:
            nxt = {k: s for k, s in nxt.items() if not s.is_terminal()}
        level = nxt
    assert len(level) == line.count
