"""racegames: rules, analysis and RL environments for traditional race games.

The games (Daldøs, tables games, Halma games) are implemented in Rust; this
package exposes them with OpenSpiel's state API:

    >>> import racegames
    >>> game = racegames.make_game("daldos")
    >>> state = game.new_initial_state()
    >>> state.current_player() == racegames.CHANCE
    True

Environments: ``gymnasium.make("racegames/Daldos-v0")`` (registered here when
gymnasium is installed), ``racegames.pettingzoo`` and ``racegames.vector``.
Game-specific analysis: ``racegames.daldos``.

``CHANCE`` (-1) and ``TERMINAL`` (-4) are what ``State.current_player()``
returns at a chance node and once the game is over, as in OpenSpiel. The
rules of every game, its options, notation, actions and observation are in
the documentation site (``docs/`` in the repository).
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
