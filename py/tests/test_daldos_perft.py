"""The Daldøs perft counts of tests/data/daldos_perft.txt, recounted through
the Python binding's State API (the Rust test and the reference model check
the same file)."""

from __future__ import annotations

from pathlib import Path

import pytest

import racegames

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "daldos_perft.txt"
MAX_COUNT = 100_000


def lines():
    out = []
    for n, line in enumerate(DATA.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        game, params, notation, depth, count = (f.strip() for f in line.split("|"))
        out.append(pytest.param(game, params, notation, int(depth), int(count), id=f"line{n}"))
    return out


def parse_params(text: str) -> dict:
    params: dict = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, value = part.split("=")
        params[key] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    return params


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


@pytest.mark.parametrize("game_name,params,notation,depth,count", lines())
def test_perft_through_the_state_api(game_name, params, notation, depth, count):
    if count > MAX_COUNT:
        pytest.skip(f"count {count} is left to the Rust test")
    game = racegames.make_game(game_name, **parse_params(params))
    level = {notation: game.state_from_notation(notation)}
    for d in range(depth):
        nxt: dict = {}
        for state in level.values():
            if not state.is_terminal():
                for s in one_throw(state):
                    nxt[s.notation()] = s
        if d + 1 < depth:
            nxt = {k: s for k, s in nxt.items() if not s.is_terminal()}
        level = nxt
    assert len(level) == count
