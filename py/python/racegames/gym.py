"""A Gymnasium environment for one seat of a racegames game.

Needs Gymnasium, the ``gym`` extra (``pip install './py[gym]'`` from a
clone; ``pip install 'racegames[gym]'`` once published); importing this
module without it raises ``ModuleNotFoundError`` saying so.

``gymnasium.make("racegames/Daldos-v0", opponent="random", seat=0, **params)``
(registered by ``import racegames``) or ``RaceGameEnv("daldos", ...)``.

- The agent plays ``seat`` (an int, or ``"random"`` for a seat drawn at each
  reset); ``opponent`` plays every other seat: ``"random"`` (uniformly
  random legal actions), the name of a built-in player
  (``racegames.players.list_players(game)``, e.g. ``"greedy"``), a
  ``racegames.players.Player`` of this game (a trained policy too), any
  callable ``state -> action``, or a list of those (a league: each reset
  draws the member that plays the episode); the same specification means the same in
  ``racegames.pettingzoo``, ``racegames.rllib`` and ``VectorEnv``. The dice
  and the opponents are played natively by the one opponent driver, whose
  generator ``reset(seed=...)`` seeds from the environment's; a player
  given by name is made afresh at each reset with a seed drawn from it.
- The game is the first argument, ``game`` (``"daldos"`` by default; the
  old keyword ``name=`` is still accepted).
- Observations are ``{"observation": float32 array, "action_mask": int8
  array}``, from the agent's point of view; the mask is also in
  ``info["action_mask"]`` and ``action_masks()`` (for sb3-contrib's
  MaskablePPO). With ``observation="flat"`` the observation is the tensor
  flattened to one float32 vector, without the mask (for policies that must
  not see the mask as an input, such as SB3's ``MlpPolicy``); the mask stays
  in ``info`` and ``action_masks()``.
- The reward is the agent's return when the game ends, else 0. An illegal
  action ends the episode with -1 (``info["illegal_action"] = True``) and
  never raises. The ``max_turns`` limit gives ``truncated=True``.
- Render modes: ``"ansi"`` (a text board), ``"rgb_array"`` and ``"human"``
  (the text board printed).
"""

from __future__ import annotations

from racegames._envutil import require_extra

require_extra("racegames.gym", "gym", "gymnasium")

from typing import Any, Callable, Dict, Optional, Sequence, SupportsIndex, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from racegames._args import as_int, is_int
from racegames._core import Game, Player, State, _Driver, make_game
from racegames._envutil import (
    DriverPickling,
    as_action,
    check_observation_mode,
    flat_observation_space,
    game_argument,
    observation_space,
)

Opponent = Union[str, Player, Callable[[State], int], Sequence[Union[str, Player, Callable[[State], int]]]]

__all__ = ["RaceGameEnv"]


class RaceGameEnv(DriverPickling, gymnasium.Env):
    """One seat of a racegames game against an opponent policy."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4}

    def __init__(
        self,
        game: Optional[str] = None,
        opponent: Opponent = "random",
        seat: Union[SupportsIndex, str] = 0,
        render_mode: Optional[str] = None,
        observation: str = "dict",
        **params: Any,
    ) -> None:
        self._flat = check_observation_mode(observation) == "flat"
        self.game: Game = make_game(game_argument(game, params, "RaceGameEnv"), **params)
        n = self.game.num_players()
        if seat != "random" and not (is_int(seat) and 0 <= as_int(seat, "seat") < n):
            raise ValueError(f"seat must be 0 to {n - 1} or 'random', not {seat!r}")
        # Reads (and checks) the opponent now rather than at reset; the
        # agent's seat is given at each reset.
        self._opponents = {s: opponent for s in range(n)}
        self._driver = _Driver(self.game, self._opponents)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._seat_choice = seat
        self.observation_space = (
            flat_observation_space(self.game) if self._flat else observation_space(self.game)
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State = self.game.new_initial_state()
        self.seat = 0 if seat == "random" else as_int(seat, "seat")
        self._ended = True
        self._mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        self._obs_shape = tuple(self.game.observation_tensor_shape())

    # -- helpers -------------------------------------------------------------

    def _advance(self) -> None:
        """Plays chance and the opponent until the agent moves or the game ends."""
        self._driver.advance(self.state)

    def _observe(self) -> Any:
        if self.state.is_terminal() or self._ended:
            self._mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        else:
            self._mask = self.state.legal_actions_mask()
        obs = self.state.observation_tensor(self.seat).astype(np.float32, copy=False)
        if self._flat:
            return obs.reshape(-1)
        return {"observation": obs, "action_mask": self._mask.copy()}

    def _info(self) -> Dict[str, Any]:
        return {
            "action_mask": self._mask.copy(),
            "current_player": self.state.current_player(),
            "seat": self.seat,
            "notation": self.state.notation(),
        }

    # -- Gymnasium API -------------------------------------------------------

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Any, Dict[str, Any]]:
        """Starts a new game; ``seed`` seeds the dice and the opponents (through
        the environment's generator). Plays the opponents up to the agent's
        first decision."""
        super().reset(seed=seed)
        n = self.game.num_players()
        if self._seat_choice == "random":
            self.seat = int(self.np_random.integers(n))
        self._driver.reset(int(self.np_random.integers(1 << 63)), [self.seat])
        self.state = self.game.new_initial_state()
        self._ended = False
        self._advance()
        self._ended = self.state.is_terminal()
        obs = self._observe()
        return obs, self._info()

    def step(self, action: Any) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """Plays the agent's action, then the opponents and the dice up to the
        agent's next decision or the end; an illegal action ends the episode
        with -1. One native call (``racegames_env::episode``) decides it all,
        by the rules of the vector step, and makes the answer."""
        if self._ended:
            obs = self._observe()
            return obs, 0.0, True, False, self._info()
        # A plain int is the common case: read without a call.
        index = action if type(action) is int else as_action(action)
        if index is None or not -1 <= index < 1 << 63:
            index = -1  # no action: illegal
        # One native call steps and makes the answer (the mask also lands
        # in self._mask, for action_masks()).
        result: Tuple[Any, float, bool, bool, Dict[str, Any]] = self._driver.gym_step(
            self.state, self.seat, index, self._mask, self._obs_shape, self._flat
        )
        self._ended = result[2] or result[3]
        return result

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (sb3-contrib's MaskablePPO)."""
        return self._mask.astype(bool)

    def render(self) -> Any:
        """A text board (``"ansi"``), an RGB array (``"rgb_array"``), or
        the text board printed to standard output (``"human"``; returns
        ``None``, as Gymnasium's and PettingZoo's text environments do)."""
        if self.render_mode == "ansi":
            return str(self.state)
        if self.render_mode == "human":
            print(self.state, flush=True)
            return None
        if self.render_mode == "rgb_array":
            return np.asarray(self.state._rgb())
        return None
