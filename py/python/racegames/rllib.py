"""RLlib environments, with action masks in RLlib's conventions.

- ``RLlibEnv`` (single agent): one seat against an opponent, like
  ``racegames/<Game>-v0``, configured by RLlib's ``env_config`` dict
  (``{"game": "daldos", "opponent": "random", "seat": 0, **params}``, the
  defaults of ``racegames.gym``; the opponent as ``racegames.gym`` takes
  it, played by the one opponent driver).
- ``MultiAgentRLlibEnv``: every seat an agent (``player_0``, …), taking
  turns: each step's observations hold only the agent to act next, rewards
  come when the game ends (every agent's return), and ``terminateds["__all__"]``
  ends the episode. An illegal action ends the game: -1 for the actor, 0 for
  the others. Needs ``ray[rllib]``.

``import racegames.rllib`` registers both with RLlib by name (when Ray is
installed): ``ENV_NAME`` (``"racegames"``, for
``config.environment(ENV_NAME, env_config={...})``) and
``MULTI_AGENT_ENV_NAME``, in this process and in the workers Ray starts
(nothing of racegames runs at interpreter start-up; RLlib ships the
registration to its workers).

Observations are ``{"observations": float32 vector, "action_mask": float32
0/1 vector}``: the keys and dtypes that RLlib's action-masking modules read
(the mask is also never all zeros for an agent asked to act).
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces

from racegames._core import Game, State, _Driver, make_game
from racegames._envutil import DEFAULT_GAME, DriverPickling, as_action, flat_observation_space
from racegames.gym import RaceGameEnv

__all__ = [
    "ENV_NAME", "MULTI_AGENT_ENV_NAME", "MultiAgentRLlibEnv", "RLlibEnv", "register",
    "rllib_observation_space",
]

#: The RLlib name of ``RLlibEnv`` (one seat against an opponent).
ENV_NAME = "racegames"
#: The RLlib name of ``MultiAgentRLlibEnv`` (every seat an agent).
MULTI_AGENT_ENV_NAME = "racegames_multi_agent"


def rllib_observation_space(game: Game) -> spaces.Dict:
    """``Dict(observations=Box(float32), action_mask=Box(0, 1, float32))``."""
    return spaces.Dict(
        {
            "observations": flat_observation_space(game),
            "action_mask": spaces.Box(0.0, 1.0, (game.num_distinct_actions(),), np.float32),
        }
    )


def _split_config(config: Optional[Mapping[str, Any]]) -> Tuple[str, Dict[str, Any]]:
    """The game (``"game"``, or the old key ``"name"``; ``"daldos"`` by
    default) and the other options of an ``env_config``."""
    options = dict(config or {})
    game = options.pop("game", options.pop("name", DEFAULT_GAME))
    if not isinstance(game, str):
        raise TypeError(f"env_config['game'] must be a game name, not {game!r}")
    return game, options


class RLlibEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat of a game against an opponent, for RLlib's single-agent
    algorithms: ``config = {"game": ..., "opponent": ..., "seat": ..., **params}``."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, config: Optional[Mapping[str, Any]] = None) -> None:
        game, options = _split_config(config)
        self._env = RaceGameEnv(game, observation="flat", **options)
        self.game = self._env.game
        self.observation_space = rllib_observation_space(self.game)
        self.action_space = self._env.action_space

    def _convert(self, obs: np.ndarray, info: Dict[str, Any]) -> Dict[str, np.ndarray]:
        return {"observations": obs, "action_mask": _float_mask(info["action_mask"])}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """Starts a new game (rolling the dice and playing the opponent up
        to the agent's first decision): ``(obs, info)``."""
        # Gymnasium's own generator too, as its checker expects of a seeded reset.
        super().reset(seed=seed)
        obs, info = self._env.reset(seed=seed, options=options)
        return self._convert(obs, info), info

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        """Plays ``action``, then the dice and the opponent up to the
        agent's next decision: ``(obs, reward, terminated, truncated,
        info)``, as ``racegames.gym.RaceGameEnv.step``."""
        obs, reward, terminated, truncated, info = self._env.step(action)
        return self._convert(obs, info), reward, terminated, truncated, info

    def render(self) -> Any:
        """The position as text."""
        return str(self._env.state)


def _float_mask(mask: np.ndarray) -> np.ndarray:
    """The mask as float32; an all-zero mask (a finished episode) gets a
    single 1 at action 0, so a masked softmax never divides by zero."""
    out = mask.astype(np.float32)
    if not out.any():
        out[0] = 1.0
    return out


def _multi_agent_base() -> Any:
    try:
        from ray.rllib.env.multi_agent_env import MultiAgentEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the install
        from racegames._envutil import install_hint

        raise ImportError(f"racegames.rllib.MultiAgentRLlibEnv needs RLlib: {install_hint('rllib')}") from error
    return MultiAgentEnv


class _MultiAgentMixin(DriverPickling):
    """The game logic of ``MultiAgentRLlibEnv``, apart from RLlib's base
    class so that the module imports without ray."""

    game: Game
    state: State

    def _setup(self, config: Optional[Mapping[str, Any]]) -> None:
        game, params = _split_config(config)
        self.game = make_game(game, **params)
        n = self.game.num_players()
        self.agents = self.possible_agents = [f"player_{i}" for i in range(n)]
        space = rllib_observation_space(self.game)
        action: Any = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_spaces = {a: space for a in self.agents}
        self.action_spaces = {a: action for a in self.agents}
        self._rng = np.random.default_rng()
        # Every seat an agent: the driver plays the dice alone.
        self._opponents: Dict[int, Any] = {}
        self._driver = _Driver(self.game, self._opponents)
        self.state = self.game.new_initial_state()

    def _roll(self) -> None:
        self._driver.advance(self.state)

    def _obs_of(self, seat: int) -> Dict[str, np.ndarray]:
        obs = self.state.observation_tensor(seat).reshape(-1)
        mask = self.state.legal_actions_mask() if seat == self.state.current_player() else None
        return {
            "observations": obs,
            "action_mask": _float_mask(mask if mask is not None else np.zeros(self.game.num_distinct_actions(), np.int8)),
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._driver.reset(int(self._rng.integers(1 << 63)))
        self.state = self.game.new_initial_state()
        self._roll()
        seat = self.state.current_player()
        return {self.agents[seat]: self._obs_of(seat)}, {}

    def step(self, action_dict: Mapping[str, Any]) -> Tuple[Dict[str, Any], ...]:
        """Plays the acting agent's action, then the dice up to the next
        decision, in one native step (``racegames_env::episode``, the rules
        of every environment form)."""
        seat = self.state.current_player()
        agent = self.agents[seat]
        action = as_action(action_dict.get(agent))
        if action is None or not -1 <= action < 1 << 63:
            action = -1  # no action: illegal
        row = np.zeros(len(self.agents))  # every seat's reward, written by the step
        _, terminated, truncated, illegal = self._driver.step(self.state, seat, action, None, None, row)
        if illegal:
            rewards = {a: float(row[i]) for i, a in enumerate(self.agents)}
            obs = {a: self._obs_of(i) for i, a in enumerate(self.agents)}
            return obs, rewards, {"__all__": True}, {"__all__": False}, {agent: {"illegal_action": True}}
        if terminated or truncated:
            rewards = {a: float(row[i]) for i, a in enumerate(self.agents)}
            obs = {a: self._obs_of(i) for i, a in enumerate(self.agents)}
            return obs, rewards, {"__all__": terminated}, {"__all__": truncated}, {}
        nxt = self.state.current_player()
        return (
            {self.agents[nxt]: self._obs_of(nxt)},
            {agent: 0.0},
            {"__all__": False},
            {"__all__": False},
            {},
        )


def __getattr__(name: str) -> Any:
    # MultiAgentRLlibEnv subclasses RLlib's base class, built on first use so
    # that this module imports without ray.
    if name == "MultiAgentRLlibEnv":
        base = _multi_agent_base()

        class MultiAgentRLlibEnv(_MultiAgentMixin, base):  # type: ignore[misc, valid-type]
            """Every seat of a game an RLlib agent, taking turns:
            ``config = {"game": ..., **params}``."""

            def __init__(self, config: Optional[Mapping[str, Any]] = None) -> None:
                base.__init__(self)
                self._setup(config)

        MultiAgentRLlibEnv.__module__ = __name__
        MultiAgentRLlibEnv.__qualname__ = "MultiAgentRLlibEnv"
        globals()["MultiAgentRLlibEnv"] = MultiAgentRLlibEnv
        return MultiAgentRLlibEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _make_multi_agent(config: Any) -> Any:
    return __getattr__("MultiAgentRLlibEnv")(config)


def register() -> bool:
    """Registers ``ENV_NAME`` and ``MULTI_AGENT_ENV_NAME`` with RLlib (Ray
    Tune's registry); done on import. Returns whether Ray is installed."""
    import importlib.util

    if importlib.util.find_spec("ray") is None:
        return False
    from ray.tune.registry import register_env  # type: ignore[import-not-found, import-untyped, unused-ignore]

    register_env(ENV_NAME, RLlibEnv)
    register_env(MULTI_AGENT_ENV_NAME, _make_multi_agent)
    return True


register()
