"""racegames: rules, analysis and RL environments for traditional race games.

The games (Daldøs, tables games, Halma games) are implemented in Rust; this
package exposes them with OpenSpiel's state API::

    >>> import racegames
    >>> game = racegames.make_game("daldos")
    >>> state = game.new_initial_state()
    >>> state.current_player() == racegames.CHANCE
    True

Environments: ``gymnasium.make("racegames/Daldos-v0")`` (registered here when
gymnasium is installed), :mod:`racegames.pettingzoo` and
:mod:`racegames.vector`. Game-specific analysis: :mod:`racegames.daldos`.
"""

from __future__ import annotations

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


def _register_gymnasium() -> None:
    import importlib.util

    if importlib.util.find_spec("gymnasium") is None:
        return
    from racegames._gym_registration import register_all

    register_all()


_register_gymnasium()
