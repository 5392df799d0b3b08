"""Stable-Baselines3's ``VecEnv`` over the native ``racegames.vector.VectorEnv``.

``SB3VecEnv("backgammon", 64, opponent="random")`` (the arguments and
defaults of ``VectorEnv``: ``game="daldos"``, ``seat=0``) steps every
environment in one native call, with SB3's conventions: flat float32 observations (the mask
is not an input), auto-reset in the same step with the final observation in
``infos[i]["terminal_observation"]``, ``infos[i]["episode"]`` statistics as
SB3's ``Monitor`` writes them, and ``env_method("action_masks")`` for
sb3-contrib's ``MaskablePPO``. Needs ``stable-baselines3``, the ``sb3``
extra (``pip install './py[sb3]'`` from a clone; ``pip install
'racegames[sb3]'`` once published); the module imports without it, and the
class is built on first use.
"""

from __future__ import annotations

import time
from typing import Any, Iterable, List, Optional, Sequence, Union

import numpy as np
from racegames.vector import VectorEnv

__all__ = ["SB3VecEnv"]

Indices = Union[None, int, Iterable[int]]


class _Adapter:
    """The adapter's methods; ``SB3VecEnv`` adds SB3's ``VecEnv`` base."""

    num_envs: int

    @staticmethod
    def _base() -> Any:
        raise NotImplementedError

    def __init__(
        self,
        game: Optional[str] = None,
        num_envs: Optional[int] = None,
        seed: Optional[int] = None,
        opponent: Any = "random",
        seat: Union[int, str] = 0,
        **params: Any,
    ) -> None:
        # The game as VectorEnv takes it (``name=``, its old keyword, too).
        self.venv = VectorEnv(
            game, num_envs, seed=seed, opponent=opponent, seat=seat, observation="flat", **params
        )
        n = self.venv.num_envs
        self._base().__init__(self, n, self.venv.single_observation_space, self.venv.single_action_space)
        self._seed = seed
        self._actions = np.zeros(n, dtype=np.int64)
        self._episode_return = np.zeros(n)
        self._episode_length = np.zeros(n, dtype=np.int64)
        self._start = time.perf_counter()

    def reset(self) -> np.ndarray:
        obs, _ = self.venv.reset(seed=self._seed)
        self._seed = None  # SB3 seeds once; later resets continue the stream
        self._episode_return[:] = 0
        self._episode_length[:] = 0
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, List[dict]]:
        obs, rewards, terminated, truncated, _ = self.venv.step(self._actions)
        self._episode_return += rewards
        self._episode_length += 1
        dones = terminated | truncated
        infos: List[dict] = [{} for _ in range(self.num_envs)]
        if dones.any():
            ended = np.flatnonzero(dones)
            final = obs[ended].copy()
            obs = self.venv.reset_ended()
            elapsed = round(time.perf_counter() - self._start, 6)
            for k, i in enumerate(ended):
                infos[i] = {
                    "terminal_observation": final[k],
                    "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                    "episode": {
                        "r": float(self._episode_return[i]),
                        "l": int(self._episode_length[i]),
                        "t": elapsed,
                    },
                }
            self._episode_return[ended] = 0
            self._episode_length[ended] = 0
        return obs, rewards.astype(np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        """The legal-action masks, ``(num_envs, num_actions)`` booleans."""
        return self.venv.action_masks()

    def _rows(self, indices: Indices) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def env_method(self, method_name: str, *args: Any, indices: Indices = None, **kwargs: Any) -> List[Any]:
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in self._rows(indices)]
        raise AttributeError(f"SB3VecEnv has no per-environment method {method_name!r}")

    def get_attr(self, attr_name: str, indices: Indices = None) -> List[Any]:
        value = getattr(self.venv, attr_name)
        return [value for _ in self._rows(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        setattr(self.venv, attr_name, value)

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> List[bool]:
        return [False for _ in self._rows(indices)]

    def seed(self, seed: Optional[int] = None) -> Sequence[None]:
        self._seed = seed
        return [None] * self.num_envs

    def close(self) -> None:
        self.venv.close()

    def get_images(self) -> Sequence[Optional[np.ndarray]]:
        return [None] * self.num_envs


def __getattr__(name: str) -> Any:
    # SB3VecEnv subclasses SB3's VecEnv, built on first use so that this
    # module imports without stable-baselines3.
    if name == "SB3VecEnv":
        try:
            from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError as error:  # pragma: no cover - depends on the install
            from racegames._envutil import install_hint

            raise ImportError(f"racegames.sb3 needs Stable-Baselines3: {install_hint('sb3')}") from error

        class SB3VecEnv(_Adapter, VecEnv):  # type: ignore[misc, valid-type]
            """``num_envs`` environments of ``game`` as one SB3 ``VecEnv``:
            ``SB3VecEnv(game="daldos", num_envs, seed=None, opponent="random",
            seat=0, **params)``, the arguments of ``VectorEnv`` (the old
            keyword ``name=`` is still accepted)."""

            @staticmethod
            def _base() -> Any:
                return VecEnv

        SB3VecEnv.__module__ = __name__
        SB3VecEnv.__qualname__ = "SB3VecEnv"
        globals()["SB3VecEnv"] = SB3VecEnv
        return SB3VecEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
