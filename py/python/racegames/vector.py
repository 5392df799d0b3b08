"""A native batched environment: ``VectorEnv("daldos", num_envs, seed=...)``
(the game is the first argument, ``game``, ``"daldos"`` by default; the old
keyword ``name=`` is still accepted).

Needs Gymnasium, the ``gym`` extra (``pip install './py[gym]'`` from a
clone; ``pip install 'racegames[gym]'`` once published); importing this
module without it raises ``ModuleNotFoundError`` saying so.

A ``gymnasium.vector.VectorEnv`` whose stepping, dice, opponents,
auto-reset and observation encoding all run in Rust over contiguous numpy
buffers, with the GIL released; one Python call steps every environment.

- ``opponent="random"`` (default): the caller plays ``seat`` (an int, or
  ``"random"`` per episode) and random opponents play the other seats
  natively. ``opponent`` may also name another built-in player, be a
  ``Player`` (a trained policy too: ``make_player("policy", game,
  path=...)``), or be a list of those: a league, from which each episode
  draws its opponent; all of them play natively inside the step, through
  the one opponent driver that also plays ``racegames.gym``'s,
  ``racegames.pettingzoo``'s and ``racegames.rllib``'s opponents, so an
  opponent means the same in every form (only a Python callable, which
  cannot run inside the native step, is refused here, with a
  ``TypeError``).
  ``opponent=None``: self-play; the caller's actions drive
  whichever seat is to move in each environment, reported in
  ``infos["current_player"]``.
- Autoreset mode ``NEXT_STEP``: after an episode ends, the next ``step``
  ignores that environment's action and returns the first observation of a
  new episode (reward 0, not terminated).
- ``rewards`` is the acting seat's reward for the step (the caller's seat
  with opponents); ``infos["returns"]`` has every seat's return, set in the
  rows where ``infos["_returns"]`` is true (episodes that just ended).
- An illegal action ends that environment's episode: -1 for the actor, 0 for
  the others.
- Observations are ``{"observation": (num_envs, *shape) float32,
  "action_mask": (num_envs, num_actions) int8}``; masks are written
  sparsely, and observations are updated in place where the game knows how
  (only what changed since the last step is rewritten). With ``copy=False``
  the arrays returned are the native buffers, overwritten by the next call
  (fastest): they are the environment's own and must not be written to,
  since the next steps build on what they hold (``reset()`` rewrites them in
  full). With ``copy=True`` (default, as in Gymnasium) they are copies.
- ``num_envs`` is at least 1 and at most what fits in the 4 GiB a batch may
  use for its buffers and states (about a million environments of Daldøs,
  more of the other games); more raises ``ValueError`` saying how many fit.
  Every integer argument out of its range raises ``ValueError``.
- ``reward="progress"`` (the Halma games): each step also pays the acting
  seat the rows its pieces advanced towards the target camp, as a fraction
  of the rows from the start to a filled camp, so that a learner has a signal
  long before its first win; over a game these payments add up to at most 1.
  The result paid at the end and ``infos["returns"]`` are unchanged.
- Finished rows: where an episode has just ended, the mask holds action 0
  alone (the next step ignores that row's action and resets it), so a masked
  softmax never sees a row of zeros and never gives NaN.
- ``observation="flat"``: the observations are one ``(num_envs, size)``
  float32 array (each tensor flattened), without the masks, which stay in
  ``infos["action_mask"]`` and ``action_masks()``.
- ``threads`` (1 to 64, default 1) bounds the native threads of a step:
  the calling thread and ``threads - 1`` workers of the environment's own,
  which share the batch in jobs of 16 environments (at most one thread per
  16 environments). Between steps the workers wait awake for up to 2 ms
  (waking a sleeping thread costs more than stepping a hundred
  environments), yielding their core to any thread that needs it, then
  sleep. When other processes keep the cores busy and the workers come
  late, steps run on the calling thread alone for a while (then the
  workers are tried again), so extra threads cost little on a busy machine
  and pay off on idle cores; results are identical whatever the number of
  threads.
- Pickling (``pickle``, ``copy.deepcopy``, Ray, subprocesses) keeps the
  configuration, every environment's state, the generators and the
  opponent each episode drew, and the buffers: the copy goes on exactly
  as the original would. ``step()`` before the first ``reset()`` raises
  ``gymnasium.error.ResetNeeded``. One thread at a time: another thread
  using the environment while a step runs gets a ``RuntimeError``.
"""

from __future__ import annotations

from racegames._envutil import require_extra

require_extra("racegames.vector", "gym", "gymnasium")

import os
from typing import Any, Dict, List, Optional, SupportsIndex, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from racegames._args import as_int, is_int
from racegames._core import Game, State, VectorCore, make_game
from racegames._envutil import check_observation_mode, flat_observation_space, game_argument, observation_space

__all__ = ["VectorEnv"]

try:  # gymnasium >= 1.1
    from gymnasium.vector import AutoresetMode

    _NEXT_STEP: Any = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover
    _NEXT_STEP = "NextStep"


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` environments of ``game`` stepped natively.

    With ``copy=False``, the arrays that ``reset`` and ``step`` return are the
    environment's own buffers: read them, never write to them (observations
    are updated in place from what the buffers hold).
    """

    metadata = {"autoreset_mode": _NEXT_STEP, "render_modes": ["ansi", "rgb_array"]}

    def __init__(
        self,
        game: Optional[str] = None,
        num_envs: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        opponent: Any = "random",
        seat: Union[SupportsIndex, str] = 0,
        copy: bool = True,
        render_mode: Optional[str] = None,
        threads: Optional[SupportsIndex] = None,
        observation: str = "dict",
        reward: str = "win",
        **params: Any,
    ) -> None:
        self._flat = check_observation_mode(observation) == "flat"
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seed = _seed64(seed)
        name = game_argument(game, params, "VectorEnv")
        if num_envs is None:
            raise TypeError("VectorEnv needs num_envs, the number of environments")
        self.game: Game = make_game(name, **params)
        self.core = VectorCore(
            self.game,
            num_envs,
            seed=seed,
            opponent=opponent,
            seat=seat,
            threads=threads,
            reward=reward,
        )
        self.num_envs = num_envs = self.core.num_envs
        self.copy = copy
        self.render_mode = render_mode
        self.single_observation_space = (
            flat_observation_space(self.game) if self._flat else observation_space(self.game)
        )
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._all = np.ones(num_envs, dtype=bool)
        self._all.flags.writeable = False
        self._needs_reset = True
        # What a pickle rebuilds the environment from (see __getstate__).
        self._config: Dict[str, Any] = dict(
            game=name, num_envs=num_envs, seed=seed, opponent=opponent, seat=seat, copy=copy,
            render_mode=render_mode, threads=threads, observation=observation, reward=reward,
            **params,
        )

    _BUFFERS = (
        "observations", "action_masks", "rewards", "terminated", "truncated",
        "current_player", "returns", "ended",
    )

    def __getstate__(self) -> Dict[str, Any]:
        """The configuration, every environment's state and generators, and
        the buffers: unpickled, the environment goes on exactly as this one
        would (the same observations, masks, dice and opponents' moves)."""
        return {
            "config": self._config,
            "needs_reset": self._needs_reset,
            "snapshot": self.core.snapshot(),
            "buffers": {name: getattr(self.core, name).copy() for name in self._BUFFERS},
        }

    def __setstate__(self, saved: Dict[str, Any]) -> None:
        if not isinstance(saved, dict) or not {"config", "snapshot", "buffers"} <= saved.keys():
            raise ValueError("not a pickled racegames VectorEnv")
        self.__init__(**saved["config"])  # type: ignore[misc]
        for name in self._BUFFERS:
            buffer = getattr(self.core, name)
            buffer[...] = np.asarray(saved["buffers"][name]).reshape(buffer.shape)
        self.core.restore(saved["snapshot"])
        self._needs_reset = bool(saved.get("needs_reset", False))

    def _obs(self) -> Any:
        obs, mask = self.core.observations, self.core.action_masks
        if self._flat:
            flat = obs.reshape(self.num_envs, -1)
            return flat.copy() if self.copy else flat
        if self.copy:
            return {"observation": obs.copy(), "action_mask": mask.copy()}
        return {"observation": obs, "action_mask": mask}

    def _infos(self, obs: Any) -> Dict[str, Any]:
        c = self.copy
        mask = self.core.action_masks if self._flat else obs["action_mask"]
        if self._flat and c:
            mask = mask.copy()
        current = self.core.current_player
        returns, ended = self.core.returns, self.core.ended
        return {
            "current_player": current.copy() if c else current,
            "_current_player": self._all,
            "action_mask": mask,
            "_action_mask": self._all,
            "returns": returns.copy() if c else returns,
            "_returns": ended.copy() if c else ended,
        }

    def reset(
        self,
        *,
        seed: Union[SupportsIndex, List[Optional[SupportsIndex]], None] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple[Any, Dict[str, Any]]:
        """Starts every environment afresh; ``seed`` (an int, or a list whose
        first int is used) reseeds every environment's dice and opponent."""
        if isinstance(seed, (list, tuple)):
            # Gymnasium allows one seed per environment; the native generators
            # are all derived from one seed, so the first one is used.
            seed = next((s for s in seed if s is not None), None)
        if seed is not None and not is_int(seed):
            raise TypeError("seed must be an int, a list of ints, or None")
        self.core.reset(None if seed is None else _seed64(seed))
        self._needs_reset = False
        obs = self._obs()
        return obs, self._infos(obs)

    def step(
        self, actions: Any
    ) -> Tuple[Any, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Steps every environment with its action (an array of ``num_envs``
        ints), natively; returns observations, rewards, terminations,
        truncations and infos as the module docs describe; before the first
        ``reset()`` it raises ``gymnasium.error.ResetNeeded``."""
        if self._needs_reset:
            raise gymnasium.error.ResetNeeded("call reset() before step(): no episode has started")
        a = actions if type(actions) is np.ndarray else np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {a.shape}")
        if a.dtype != np.int64 or not a.flags.c_contiguous:
            if not np.issubdtype(a.dtype, np.integer):
                raise TypeError(f"actions must be integers, not {a.dtype}")
            a = np.ascontiguousarray(a, dtype=np.int64)
        self.core.step(a)
        obs = self._obs()
        c = self.copy
        rewards, term, trunc = self.core.rewards, self.core.terminated, self.core.truncated
        if c:
            rewards, term, trunc = rewards.copy(), term.copy(), trunc.copy()
        return obs, rewards, term, trunc, self._infos(obs)

    def reset_ended(self) -> Any:
        """Starts a new episode now, rather than at the next step, in every
        environment whose episode ended at the last step, and returns the
        observations (same-step autoreset, as Stable-Baselines3 expects;
        read the final observations before calling it)."""
        self.core.reset_ended()
        return self._obs()

    def action_masks(self) -> np.ndarray:
        """The legal-action masks as booleans, ``(num_envs, num_actions)``."""
        return self.core.action_masks.astype(bool)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per environment, chosen natively
        (0 where an episode has just ended): a fast random policy."""
        if not self._actions.flags.writeable:
            # The caller made the returned array (copy=False) read-only:
            # it is theirs now; the environment takes a fresh buffer.
            self._actions = np.zeros(self.num_envs, dtype=np.int64)
        self.core.random_actions(self._actions)
        return self._actions.copy() if self.copy else self._actions

    def afterstates(
        self, turns: bool = False, wanted: Optional[np.ndarray] = None
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Where each environment's legal actions lead, computed natively:
        ``(counts, actions, observations, terminal)``.

        Environment ``i`` has ``counts[i]`` consecutive entries, one per
        legal action in increasing order (one entry, action 0, where its
        episode has just ended). ``observations`` has a row per entry: the
        position after the action, seen by the seat that acts (zeros where
        the action ends the game), flattened. ``terminal`` is the acting
        seat's return where the action ends the game, else NaN. A policy
        that scores these rows instead of action numbers generalises over
        the board (``racegames.train`` with ``policy="afterstates"``).

        With ``turns=True`` the entries are instead the distinct positions
        at the end of the acting seat's ply (in the tables games, once the
        whole throw is played), each with the first action towards it, so
        several entries may share an action (``policy="turns"``).

        ``wanted`` (booleans, one per environment) limits the work to the
        environments flagged; each other one gets a single placeholder
        entry, as a finished episode does."""
        if wanted is not None:
            wanted = np.ascontiguousarray(wanted, dtype=bool)
        return self.core.afterstates(turns, wanted)

    def afterstate_plans(self) -> np.ndarray:
        """The actions reaching each entry of the last ``afterstates()``
        call, padded with -1: one action per entry, or with ``turns=True``
        the whole path through the ply to that end, which a policy that
        chose the end plays one action at a time."""
        return self.core.afterstate_plans()

    def state(self, env: int) -> State:
        """A copy of environment ``env``'s current state."""
        return self.game.state_from_notation(self.core.notation(env))

    def render(self) -> Any:
        """Every environment's picture: its text board (``"ansi"``) or an
        RGB array (``"rgb_array"``), as a tuple; ``None`` without a render
        mode."""
        if self.render_mode == "ansi":
            return tuple(str(self.state(i)) for i in range(self.num_envs))
        if self.render_mode == "rgb_array":
            from racegames._draw import rgb

            return tuple(rgb(self.game, self.core.notation(i)) for i in range(self.num_envs))
        return None

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the native workers stop with the object."""
        pass


def make_vector_env(num_envs: int = 1, game: Optional[str] = None, **kwargs: Any) -> VectorEnv:
    """Gymnasium's vector entry point: ``gymnasium.make_vec(id, num_envs=N,
    vectorization_mode="vector_entry_point", **kwargs)`` builds
    ``VectorEnv(game, N, **kwargs)``."""
    kwargs.pop("max_episode_steps", None)  # the games bound themselves (max_turns)
    return VectorEnv(game, num_envs, **kwargs)


def _seed64(seed: SupportsIndex) -> int:
    # A real is refused, never truncated.
    return as_int(seed, "seed") % (1 << 64)
