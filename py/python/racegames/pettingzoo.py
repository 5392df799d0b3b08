"""PettingZoo AEC environments: ``racegames.pettingzoo.env("daldos", **params)``
(the game is the first argument, ``game``, ``"daldos"`` by default; the old
keyword ``name=`` is still accepted).

Needs PettingZoo and Gymnasium, the ``pettingzoo`` extra (``pip install
'./py[pettingzoo]'`` from a clone; ``pip install 'racegames[pettingzoo]'``
once published); importing this module without them raises
``ModuleNotFoundError`` saying so.

- Agents are ``player_0``, ``player_1``, …; every agent has the same
  observation space (``Dict(observation=Box(float32), action_mask=Box(int8))``,
  from that agent's point of view) and action space (``Discrete``).
- Dice are rolled inside ``step`` (and ``reset``) from the generator seeded by
  ``reset(seed=...)``.
- Rewards come at the end: each agent's return. An illegal action ends the
  game with -1 for the actor and 0 for the others; ``max_turns`` gives
  truncations.
- Render modes ``"ansi"`` and ``"rgb_array"``.
- ``opponents={seat: player, ...}`` (a seat index or agent name, mapped to
  an opponent as ``racegames.gym``'s ``opponent=`` takes it: ``"random"``,
  a built-in player name such as ``"greedy"``, a
  ``racegames.players.Player`` or a callable ``state -> action``)
  takes those seats out of the agents: the one opponent driver plays them
  (and the dice) natively inside ``step`` and ``reset``, and the agents are
  the other seats only. Players given by name are made afresh at each
  reset, seeded from ``reset(seed=...)``.
"""

from __future__ import annotations

from racegames._envutil import require_extra

require_extra("racegames.pettingzoo", "pettingzoo", "pettingzoo", "gymnasium")

from typing import Any, Dict, List, Mapping, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from racegames._args import as_int, is_int
from racegames._core import Game, State, _Driver, make_game
from racegames._envutil import DriverPickling, as_action, game_argument, observation_space

__all__ = ["env", "raw_env"]


def env(
    game: Optional[str] = None,
    render_mode: Optional[str] = None,
    opponents: Optional[Mapping[Union[int, str], Any]] = None,
    **params: Any,
) -> AECEnv:
    """The AEC environment of ``game`` (``"daldos"`` by default; the old
    keyword ``name=`` is still accepted), wrapped in PettingZoo's order
    enforcing wrapper."""
    game = game_argument(game, params, "racegames.pettingzoo.env")
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, opponents=opponents, **params))


def _seat(agent: str) -> int:
    """The seat of agent ``player_<seat>``."""
    return int(agent[7:])


def _opponent_seats(game: Game, opponents: Optional[Mapping[Union[int, str], Any]]) -> Dict[int, Any]:
    """``opponents`` keyed by seat index; checks the seats (the opponents
    are read by the driver)."""
    if opponents is None:
        return {}
    if not isinstance(opponents, Mapping):
        raise TypeError("opponents must be a mapping {seat: player}")
    n = game.num_players()
    seats: Dict[int, Any] = {}
    for key, player in opponents.items():
        seat = key
        if isinstance(key, str) and key.startswith("player_") and key[7:].isdigit():
            seat = int(key[7:])
        if not is_int(seat) or not 0 <= as_int(seat, "seat") < n:
            raise ValueError(f"opponent seat {key!r} is not a seat of this game (0 to {n - 1})")
        seats[as_int(seat, "seat")] = player
    if len(seats) == n:
        raise ValueError("opponents take every seat: no agent is left")
    return seats


class raw_env(DriverPickling, AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """The unwrapped AEC environment."""

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "rgb_array", "human"],
        "name": "racegames_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        game: Optional[str] = None,
        render_mode: Optional[str] = None,
        opponents: Optional[Mapping[Union[int, str], Any]] = None,
        **params: Any,
    ) -> None:
        super().__init__()
        name = game_argument(game, params, "racegames.pettingzoo.raw_env")
        self.game: Game = make_game(name, **params)
        self._opponents = _opponent_seats(self.game, opponents)
        # Reads (and checks) the opponents now.
        self._driver = _Driver(self.game, self._opponents)
        self.metadata = dict(self.metadata, name=f"racegames_{name}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents: List[str] = [
            f"player_{i}" for i in range(self.game.num_players()) if i not in self._opponents
        ]
        space = observation_space(self.game)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces: Dict[str, Any] = {
            a: spaces.Discrete(self.game.num_distinct_actions()) for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.game_state: State = self.game.new_initial_state()
        self._over = False

    def observation_space(self, agent: str) -> Any:
        """The observation space, the same for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space, ``Discrete(num_distinct_actions)`` for every agent."""
        return self.action_spaces[agent]

    def _roll(self) -> None:
        """Plays chance and the opponents' seats until an agent is to move."""
        self._driver.advance(self.game_state)

    def _mask(self, agent: str) -> np.ndarray:
        index = _seat(agent)
        if not self._over and self.game_state.current_player() == index:
            return self.game_state.legal_actions_mask()
        return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``agent``'s observation, from its point of view, and its action mask
        (all zeros unless it is to act)."""
        index = _seat(agent)
        obs = self.game_state.observation_tensor(index).astype(np.float32, copy=False)
        return {"observation": obs, "action_mask": self._mask(agent)}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game; ``seed`` seeds the dice and the opponents."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.game_state = self.game.new_initial_state()
        self._over = False
        self._driver.reset(int(self._rng.integers(1 << 63)))
        self._roll()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._finish_if_over(actor=None)
        if not self._over:
            self.agent_selection = f"player_{self.game_state.current_player()}"
        else:
            self.agent_selection = self.agents[0]

    def _finish_if_over(self, actor: Optional[str]) -> None:
        if not self.game_state.is_terminal():
            return
        self._over = True
        returns = self.game_state.returns()
        truncated = self.game_state.is_truncated()
        for a in self.possible_agents:
            if a in self.agents:
                self.rewards[a] = float(returns[_seat(a)])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated

    def step(self, action: Any) -> None:
        """Plays the selected agent's action, then the dice and the
        opponents' seats up to the next agent's decision, in one native
        step (``racegames_env::episode``, the rules of every environment
        form); an illegal action ends the game with -1 for the actor."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        index = as_action(action)
        if index is None or not -1 <= index < 1 << 63:
            index = -1  # no action: illegal
        row = np.zeros(self.game.num_players())  # every seat's reward, written by the step
        _, terminated, truncated, illegal = self._driver.step(self.game_state, _seat(agent), index, None, None, row)
        if illegal or terminated or truncated:
            self._over = True
            self.rewards = {a: float(row[_seat(a)]) for a in self.agents}
            for a in self.agents:
                self.terminations[a] = terminated
                self.truncations[a] = truncated
            if illegal:
                self.infos[agent] = {"illegal_action": True}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = f"player_{self.game_state.current_player()}"
        self._accumulate_rewards()

    def render(self) -> Any:
        """A text board (``"ansi"``), an RGB array (``"rgb_array"``), or
        the text board printed to standard output (``"human"``; returns
        ``None``, as Gymnasium's and PettingZoo's text environments do)."""
        if self.render_mode == "ansi":
            return str(self.game_state)
        if self.render_mode == "human":
            print(self.game_state, flush=True)
            return None
        if self.render_mode == "rgb_array":
            return np.asarray(self.game_state._rgb())
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass
