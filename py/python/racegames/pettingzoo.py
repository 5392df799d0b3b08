"""PettingZoo AEC environments: ``racegames.pettingzoo.env("daldos", **params)``.

Needs PettingZoo and Gymnasium: ``pip install 'racegames[pettingzoo]'``
(importing this module without them raises ``ModuleNotFoundError`` saying
so).

- Agents are ``player_0``, ``player_1``, …; every agent has the same
  observation space (``Dict(observation=Box(float32), action_mask=Box(int8))``,
  from that agent's point of view) and action space (``Discrete``).
- Dice are rolled inside ``step`` (and ``reset``) from the generator seeded by
  ``reset(seed=...)``.
- Rewards come at the end: each agent's return. An illegal action ends the
  game with -1 for the actor and 0 for the others; ``max_turns`` gives
  truncations.
- Render modes ``"ansi"`` and ``"rgb_array"``.
"""

from __future__ import annotations

from racegames._envutil import require_extra

require_extra("racegames.pettingzoo", "pettingzoo", "pettingzoo", "gymnasium")

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from racegames._core import Game, State, make_game
from racegames._envutil import as_action, observation_space, sample_chance

__all__ = ["env", "raw_env"]


def env(name: str = "daldos", render_mode: Optional[str] = None, **params: Any) -> AECEnv:
    """The AEC environment of game ``name``, wrapped in PettingZoo's order
    enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(name, render_mode=render_mode, **params))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """The unwrapped AEC environment."""

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "racegames_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, name: str = "daldos", render_mode: Optional[str] = None, **params: Any) -> None:
        super().__init__()
        self.game: Game = make_game(name, **params)
        self.metadata = dict(self.metadata, name=f"racegames_{name}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents: List[str] = [f"player_{i}" for i in range(self.game.num_players())]
        space = observation_space(self.game)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_distinct_actions()) for a in self.possible_agents}
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
        while self.game_state.is_chance_node():
            self.game_state.apply_action(sample_chance(self.game_state, self._rng))

    def _mask(self, agent: str) -> np.ndarray:
        index = self.possible_agents.index(agent)
        if not self._over and self.game_state.current_player() == index:
            return self.game_state.legal_actions_mask()
        return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``agent``'s observation, from its point of view, and its action mask
        (all zeros unless it is to act)."""
        index = self.possible_agents.index(agent)
        obs = self.game_state.observation_tensor(index).astype(np.float32, copy=False)
        return {"observation": obs, "action_mask": self._mask(agent)}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game; ``seed`` seeds the dice."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.game_state = self.game.new_initial_state()
        self._over = False
        self._roll()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._finish_if_over(actor=None)
        if not self._over:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
        else:
            self.agent_selection = self.agents[0]

    def _finish_if_over(self, actor: Optional[str]) -> None:
        if not self.game_state.is_terminal():
            return
        self._over = True
        returns = self.game_state.returns()
        truncated = self.game_state.is_truncated()
        for i, a in enumerate(self.possible_agents):
            if a in self.agents:
                self.rewards[a] = float(returns[i])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated

    def step(self, action: Any) -> None:
        """Plays the selected agent's action, then the dice up to the next
        decision; an illegal action ends the game with -1 for the actor."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        index = as_action(action)
        if index is None or not self.game_state.is_legal(index):
            self._over = True
            for a in self.agents:
                self.rewards[a] = -1.0 if a == agent else 0.0
                self.terminations[a] = True
            self.infos[agent] = {"illegal_action": True}
        else:
            self.game_state.apply_action(index)
            self._roll()
            self._finish_if_over(actor=agent)
        if not self._over:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
        self._accumulate_rewards()

    def render(self) -> Any:
        """A text board (``"ansi"``) or an RGB array (``"rgb_array"``)."""
        if self.render_mode == "ansi":
            return str(self.game_state)
        if self.render_mode == "rgb_array":
            from racegames._draw import rgb

            return rgb(self.game.name, self.game_state.notation())
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass
