"""Every racegames game as an OpenSpiel game.

    >>> from racegames import openspiel
    >>> names = openspiel.register()          # doctest: +SKIP
    >>> import pyspiel                        # doctest: +SKIP
    >>> game = pyspiel.load_game("racegames_daldos(board=norwegian)")  # doctest: +SKIP

``register()`` registers each game of ``racegames.list_games()`` with
pyspiel as a Python game named ``racegames_<name>``; the game's options are
its pyspiel parameters, with the defaults of racegames. OpenSpiel's
algorithms (``MCTSBot``, ``evaluate_bots``, ``random_sim_test``, ...) then
run on it unchanged. This module imports without OpenSpiel; ``register()``
needs it (``pip install open_spiel``, the ``peers`` extra).

What maps to what:

- chance: the roll-off and every throw are explicit chance nodes whose
  outcomes and probabilities are racegames' ``chance_outcomes()``;
- actions, their strings, legal actions, returns and the observation tensor
  are racegames' own (the observation string is the one-line notation);
- the games are perfect-information: the information state string is the
  history (OpenSpiel's ``IIGObserverForPublicInfoGame``);
- a game stopped by the turn limit (``max_turns``) is terminal in OpenSpiel,
  with a return of 0 for every player; ``state.is_truncated()`` tells it
  apart from a finished game (OpenSpiel itself has no truncation), and
  ``state.racegames_state()`` gives a copy of the racegames state;
- ``max_game_length`` bounds the decisions of a game from ``max_turns``
  (`max_game_length`, with ``DECISIONS_PER_TURN`` a turn in the dice
  games and ``UNBOUNDED_LENGTH`` without a turn limit).

``PREFIX`` (``"racegames_"``) starts every registered name
(`short_name`).
"""

from __future__ import annotations

from typing import List

__all__ = ["PREFIX", "register", "short_name", "max_game_length", "DECISIONS_PER_TURN", "UNBOUNDED_LENGTH"]

from racegames._openspiel_names import (
    DECISIONS_PER_TURN,
    PREFIX,
    UNBOUNDED_LENGTH,
    max_game_length,
    short_name,
)


def register() -> List[str]:
    """Register every racegames game with pyspiel; return their pyspiel names.

    Idempotent: names already registered are left as they are. Needs
    OpenSpiel (``import pyspiel``); raises ``ImportError`` saying so without
    it.
    """
    try:
        from racegames import _openspiel_impl
    except ImportError as err:
        if err.name not in ("pyspiel", "open_spiel"):
            raise
        raise ImportError(
            "racegames.openspiel.register() needs OpenSpiel: pip install open_spiel (the 'peers' extra)"
        ) from err
    return _openspiel_impl.register()
