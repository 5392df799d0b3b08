"""The one native episode step (``racegames_env::episode``, ``_Driver.step``)
that the Gymnasium, PettingZoo and RLlib environments share: every seat's
reward, termination, truncation and illegal actions decided once."""

from __future__ import annotations

import numpy as np
import pytest

import racegames
from racegames._core import _Driver


def _to_decision(driver: _Driver, state: racegames.State) -> None:
    driver.advance(state)
    assert not state.is_chance_node()


@pytest.mark.parametrize("name", ["daldos", "backgammon"])
def test_a_whole_game_pays_every_seat_its_return(name: str) -> None:
    game = racegames.make_game(name)
    driver = _Driver(game, {})  # every seat an agent: the driver plays the dice
    driver.reset(3)
    state = game.new_initial_state()
    _to_decision(driver, state)
    rng = np.random.default_rng(3)
    row = np.full(game.num_players(), 9.0)
    for _ in range(100_000):
        seat = state.current_player()
        legal = state.legal_actions()
        reward, terminated, truncated, illegal = driver.step(
            state, seat, legal[int(rng.integers(len(legal)))], None, None, row
        )
        assert not illegal
        if terminated or truncated:
            assert state.is_terminal() and truncated == state.is_truncated()
            assert list(row) == state.returns() and reward == row[seat]
            return
        assert list(row) == [0.0] * game.num_players() and reward == 0.0
    pytest.fail("the game did not end")


def test_an_illegal_action_pays_minus_one_to_the_actor_and_changes_nothing() -> None:
    game = racegames.make_game("backgammon")
    driver = _Driver(game, {})
    driver.reset(1)
    state = game.new_initial_state()
    _to_decision(driver, state)
    seat = state.current_player()
    before = (state.notation(), state.history())
    illegal = int(np.flatnonzero(state.legal_actions_mask() == 0)[0])
    for action in (illegal, -1):
        row = np.zeros(2)
        assert driver.step(state, seat, action, None, None, row) == (-1.0, True, False, True)
        assert row[seat] == -1.0 and row[1 - seat] == 0.0
        assert (state.notation(), state.history()) == before
    # The seat not to act is refused as an illegal action too.
    legal = state.legal_actions()[0]
    assert driver.step(state, 1 - seat, legal)[3]


def test_a_rewards_buffer_of_the_wrong_size_is_refused_before_the_step() -> None:
    game = racegames.make_game("daldos")
    driver = _Driver(game, {})
    driver.reset(2)
    state = game.new_initial_state()
    _to_decision(driver, state)
    before = state.notation()
    with pytest.raises(ValueError, match="one value per seat"):
        driver.step(state, state.current_player(), state.legal_actions()[0], None, None, np.zeros(3))
    assert state.notation() == before


def test_pettingzoo_and_rllib_agree_with_the_native_step() -> None:
    pytest.importorskip("pettingzoo")
    import racegames.pettingzoo as rpz
    from racegames.rllib import _MultiAgentMixin

    class Turns(_MultiAgentMixin):
        def __init__(self, config: dict) -> None:
            self._setup(config)

    aec = rpz.raw_env("daldos")
    aec.reset(seed=5)
    multi = Turns({"game": "daldos"})
    multi.reset(seed=5)
    multi.state = aec.game_state.clone()
    multi._driver.restore(aec._driver.snapshot())
    rng = np.random.default_rng(5)
    for _ in range(100_000):
        agent = aec.agent_selection
        legal = aec.game_state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        aec.step(action)
        obs, rewards, terms, truncs, _ = multi.step({agent: action})
        assert multi.state == aec.game_state
        if terms["__all__"] or truncs["__all__"]:
            assert rewards == aec.rewards and aec.terminations[agent] == terms["__all__"]
            return
    pytest.fail("the game did not end")
