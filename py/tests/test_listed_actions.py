"""`legal_actions()` keeps the list it returned so that `apply_action` of a
listed action can skip the legality check: these tests show that nothing
else changes (illegal actions still raise and change nothing, and the kept
list never outlives its position)."""

from __future__ import annotations

import pickle
import random
from typing import List

import pytest

import racegames

ALL_GAMES = racegames.list_games()


def decision_states(game: racegames.Game, seed: int, limit: int = 120) -> List[racegames.State]:
    """Decision states of one random game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal() and len(out) < limit:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def illegal_candidates(state: racegames.State, rng: random.Random) -> List[int]:
    n = state.get_game().num_distinct_actions()
    legal = set(state.legal_actions())
    picks = [rng.randrange(n) for _ in range(20)] + [n, n + 7, 2**31, -1]
    return [a for a in picks if a not in legal]


@pytest.mark.parametrize("name", ALL_GAMES)
def test_illegal_actions_raise_and_change_nothing_after_listing(name: str) -> None:
    game = racegames.make_game(name)
    rng = random.Random(5)
    for state in decision_states(game, seed=1):
        before = state.notation()
        legal = state.legal_actions()
        for a in illegal_candidates(state, rng):
            with pytest.raises(ValueError):
                state.apply_action(a)
            assert state.notation() == before
            assert state.legal_actions() == legal
        # The kept list still serves after the errors.
        a = rng.choice(legal)
        expected = state.clone()
        expected.apply_action(a)  # a clone has no kept list: the checked path
        state.apply_action(a)
        assert state == expected


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_kept_list_is_dropped_when_the_position_changes(name: str) -> None:
    game = racegames.make_game(name)
    rng = random.Random(9)
    stale_refused = 0
    for state in decision_states(game, seed=2):
        old = state.legal_actions()
        state.apply_action(rng.choice(old))
        now = state.notation()
        new = set(state.legal_actions()) if not state.is_chance_node() else set()
        if state.is_chance_node():
            new = {a for a, _ in state.chance_outcomes()}
        for a in old:
            if a in new or state.is_terminal():
                continue
            # Legal only in the old position: the full check must refuse it.
            with pytest.raises(ValueError):
                state.apply_action(a)
            assert state.notation() == now
            stale_refused += 1
            break
    assert stale_refused > 0


@pytest.mark.parametrize("name", ALL_GAMES)
def test_play_random_drops_the_kept_list(name: str) -> None:
    game = racegames.make_game(name)
    refused = 0
    for seed in range(40):
        state = game.new_initial_state()
        state.play_random(seed, max_steps=seed % 7)
        if state.is_terminal() or state.is_chance_node():
            continue
        old = state.legal_actions()
        state.play_random(seed + 1000, max_steps=1)
        now = state.notation()
        legal_now = set(state.legal_actions())
        legal_now |= {a for a, _ in state.chance_outcomes()}
        stale = [a for a in old if a not in legal_now]
        if stale and not state.is_terminal():
            with pytest.raises(ValueError):
                state.apply_action(stale[0])
            assert state.notation() == now
            refused += 1
    assert refused > 0


@pytest.mark.parametrize("name", ["chinese_checkers", "halma", "backgammon"])
def test_legal_actions_is_a_fresh_sorted_list_of_ints(name: str) -> None:
    game = racegames.make_game(name)
    for state in decision_states(game, seed=3, limit=30):
        first = state.legal_actions()
        assert type(first) is list
        assert all(type(a) is int for a in first)
        assert first == sorted(first) and len(first) == len(set(first))
        mask = state.legal_actions_mask()
        assert first == [i for i in range(len(mask)) if mask[i]]
        first.append(-5)  # the caller owns the list it got
        second = state.legal_actions()
        assert second == first[:-1]
        other = (state.current_player() + 1) % game.num_players()
        assert state.legal_actions(other) == []
        assert state.legal_actions(state.current_player()) == second


def test_copies_do_not_share_the_kept_list() -> None:
    game = racegames.make_game("chinese_checkers")
    state = game.new_initial_state()
    legal = state.legal_actions()
    copy = pickle.loads(pickle.dumps(state))
    clone = state.clone()
    state.apply_action(legal[0])
    for other in (copy, clone):
        assert other.legal_actions() == legal
        other.apply_action(legal[-1])
        assert other != state


@pytest.mark.parametrize("name", ["chinese_checkers", "backgammon"])
def test_listed_actions_are_read_from_any_int_but_never_a_bool(name: str) -> None:
    """A plain int takes a shortcut past the bool check: int subclasses
    and numpy ints still apply, bools are still refused, state unchanged."""
    import enum

    import numpy as np

    game = racegames.make_game(name)
    for i, state in enumerate(decision_states(game, seed=5, limit=12)):
        legal = state.legal_actions()
        before = state.notation()
        for flag in (True, False):
            with pytest.raises(TypeError):
                state.apply_action(flag)
            assert state.notation() == before
        as_enum = enum.IntEnum("A", {"a": legal[-1]}).a
        kind = [int, np.int64, lambda a: as_enum][i % 3]
        twin = state.clone()
        state.apply_action(kind(legal[-1]))
        twin.apply_action(legal[-1])
        assert state == twin and state.history() == twin.history()
