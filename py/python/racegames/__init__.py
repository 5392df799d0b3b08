"""racegames: rules, analysis and RL environments for traditional race games.

The games (Daldøs, tables games, Halma games) are implemented in Rust; this
package exposes them with OpenSpiel's state API:

    >>> import racegames
    >>> game = racegames.make_game("daldos")
    >>> state = game.new_initial_state()
    >>> state.current_player() == racegames.CHANCE
    True

Environments: ``gymnasium.make("racegames/Daldos-v0")`` (registered here when
gymnasium is installed), ``racegames.pettingzoo`` and ``racegames.vector``,
and for training libraries ``racegames.sb3`` and ``racegames.rllib``.
Analysis of positions and games (evaluate, hint, rollout, analyse):
``racegames.analysis``. Game-specific analysis: ``racegames.daldos``. Backgammon with GNU
Backgammon (its Position and Match IDs, its match files):
``racegames.gnubg``. Built-in players and the
arena that measures them: ``racegames.players`` and ``racegames.arena``.
OpenSpiel: ``racegames.openspiel.register()`` makes every game a pyspiel
game (``pyspiel.load_game("racegames_daldos")``).
Game records (kept, replayed, exchanged, turned into data sets):
``racegames.records``.
Training: ``python -m racegames.train`` and ``racegames.train``.

Every public submodule (``analysis``, ``daldos``, ``gnubg``, ``openspiel``, ``players``,
``arena``, ``records``, ``gym``, ``pettingzoo``, ``vector``, ``rllib``, ``sb3``, ``train``) is an attribute of
the package once ``racegames`` is imported
(``racegames.daldos.capture_odds(...)``), loaded on first use. The
environments need their extras: ``gym`` for ``racegames.gym`` and
``racegames.vector``, ``pettingzoo`` for ``racegames.pettingzoo``, ``sb3``,
``rllib`` and ``train`` for the training tools. racegames is not on PyPI
yet: from a clone of the repository, ``pip install './py[gym,train]'``
builds and installs it with those extras (it needs Rust), and
``scripts/build-wheel.sh`` builds a wheel, installed with
``pip install 'dist/racegames-<version>-<tags>.whl[gym]'``. Once published:
``pip install 'racegames[gym,train]'``.

``CHANCE`` (-1) and ``TERMINAL`` (-4) are what ``State.current_player()``
returns at a chance node and once the game is over, as in OpenSpiel. The
rules of every game, its options, notation, actions and observation are in
the documentation site (``docs/`` in the repository).
"""

from __future__ import annotations

from typing import Any, List

from racegames._core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    InternalError,
    NotationError,
    ParameterError,
    ParameterTypeError,
    State,
    UnknownGameError,
    __version__,
    list_games,
    make_game,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalActionError",
    "InternalError",
    "NotationError",
    "ParameterError",
    "ParameterTypeError",
    "State",
    "UnknownGameError",
    "__version__",
    "list_games",
    "make_game",
]


#: The public submodules, imported on first attribute access.
_SUBMODULES = (
    "analysis", "arena", "daldos", "gnubg", "gym", "openspiel", "pettingzoo", "players", "records", "rllib", "sb3",
    "train", "vector",
)


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_SUBMODULES))


def _register_gymnasium() -> None:
    import importlib.util

    if importlib.util.find_spec("gymnasium") is None:
        return
    from racegames._gym_registration import register_all

    register_all()


_register_gymnasium()
