"""Helpers shared by the environments (Gymnasium, PettingZoo, RLlib, VectorEnv)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np

from racegames._core import Game


def install_hint(extra: str) -> str:
    """How to install the optional group ``extra``: its requirements as the
    installed package's metadata lists them, which works however racegames
    was installed, then the extra from a clone of the repository, and the
    registry's command for once racegames is published there."""
    from importlib import metadata

    marker = f'extra == "{extra}"'
    try:
        requires = metadata.requires("racegames") or []
    except metadata.PackageNotFoundError:  # pragma: no cover - always installed
        requires = []
    needs = [
        r.split(";", 1)[0].strip()
        for r in requires
        if ";" in r and r.split(";", 1)[1].strip().replace("'", '"') == marker
    ]
    direct = f"pip install {' '.join(repr(n) for n in needs)}; " if needs else ""
    return (
        f"install the {extra!r} extra ({direct}from a clone of racegames: "
        f"pip install './py[{extra}]'; once racegames is on PyPI: pip install 'racegames[{extra}]')"
    )


def require_extra(module: str, extra: str, *needs: str) -> None:
    """Raises ``ModuleNotFoundError`` naming the extra to install when one of
    the packages ``needs`` (which ``module`` imports) cannot be imported."""
    import importlib

    for need in needs:
        try:
            importlib.import_module(need)
        except ImportError as e:
            raise ModuleNotFoundError(
                f"{module} needs {need}, which is not installed: {install_hint(extra)}",
                name=need,
            ) from e


def observation_space(game: Game) -> Any:
    """``Dict(observation=Box(float32), action_mask=Box(int8))``."""
    from gymnasium import spaces

    low, high = game.observation_bounds()
    shape = tuple(game.observation_tensor_shape())
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8),
        }
    )


#: The observation layouts the environments offer.
OBSERVATION_MODES = ("dict", "flat")


def check_observation_mode(mode: Any) -> str:
    """``mode`` if it is one of ``OBSERVATION_MODES``, else a ValueError."""
    if mode not in OBSERVATION_MODES:
        raise ValueError(f"observation must be 'dict' or 'flat', not {mode!r}")
    return str(mode)


def flat_observation_space(game: Game) -> Any:
    """``Box(float32)`` of the observation tensor flattened, without the mask
    (the ``"flat"`` observation mode; the mask is then in ``info`` and
    ``action_masks()``)."""
    from gymnasium import spaces

    low, high = game.observation_bounds()
    size = int(np.prod(game.observation_tensor_shape()))
    return spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32)


def as_action(action: Any) -> int | None:
    """The action as an int, or ``None`` if it is not an integer."""
    if isinstance(action, (bool, np.bool_)):
        return None
    try:
        index = action.__index__()
    except (AttributeError, TypeError):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            return int(action)
        return None
    return int(index)


#: The game of every environment when none is named.
DEFAULT_GAME = "daldos"


def game_argument(game: Optional[str], params: Dict[str, Any], where: str) -> str:
    """The ``game`` argument of an environment: ``game``, or the old keyword
    ``name=`` (still accepted; taken out of ``params``), else
    ``DEFAULT_GAME``."""
    if "name" in params:
        old = params.pop("name")
        if game is not None:
            raise TypeError(f"{where} takes the game as game= (or its old name name=), not both")
        game = old
    return DEFAULT_GAME if game is None else game


class DriverPickling:
    """Pickling and ``copy.deepcopy`` for an environment that plays its
    opponents through a native ``_Driver`` (``self._driver``, built from
    ``self.game`` and ``self._opponents``). The driver itself does not
    pickle; its opponents do (players by value, callables as pickle takes
    them), and its snapshot puts the rebuilt driver where it stood, so the
    copy goes on exactly as the original would."""

    game: Game
    _opponents: Dict[int, Any]
    _driver: Any

    def __getstate__(self) -> Dict[str, Any]:
        saved = self.__dict__.copy()
        saved["_driver"] = self._driver.snapshot()
        return saved

    def __setstate__(self, saved: Any) -> None:
        from racegames._core import _Driver

        if not isinstance(saved, dict) or not {"game", "_opponents", "_driver"} <= saved.keys():
            raise ValueError(f"not a pickled {type(self).__name__}")
        snapshot = saved["_driver"]
        driver = _Driver(saved["game"], saved["_opponents"])
        driver.restore(snapshot)
        self.__dict__.update(saved)
        self._driver = driver
