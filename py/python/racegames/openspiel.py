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

from racegames._core import Game

__all__ = ["PREFIX", "register", "short_name", "max_game_length", "DECISIONS_PER_TURN", "UNBOUNDED_LENGTH"]

#: The prefix of every registered name: ``racegames_daldos``.
PREFIX = "racegames_"

#: Decisions per turn assumed by `max_game_length` in the dice games:
#: up to four dice of a throw (doubles) plus dice passed by the opponent, or
#: several Daldøs throws after dal-dal. Extra throws (Daldøs' dal-dal,
#: Pareia de entrada's equal dice) are not bounded by the rules, so a game
#: could in principle exceed it; its average is 1.1 decisions a turn in
#: Daldøs and about 3 in the tables games.
DECISIONS_PER_TURN = 8

#: ``max_game_length`` of a game without turn limit (``max_turns=0``):
#: OpenSpiel needs a number, the game has no bound.
UNBOUNDED_LENGTH = 1 << 30

def short_name(game: str) -> str:
    """The pyspiel name of a racegames game: ``racegames_<name>``."""
    return PREFIX + game


def max_game_length(game: Game) -> int:
    """OpenSpiel's ``max_game_length`` for a racegames game: an upper bound
    on the decisions (chance nodes excluded) of one game.

    A Halma game takes one decision a turn, so the bound is ``max_turns``;
    the dice games take `DECISIONS_PER_TURN` times ``max_turns``.
    Without a turn limit it is `UNBOUNDED_LENGTH`.
    """
    turns = game.get_parameters().get("max_turns", 0)
    if not isinstance(turns, int) or isinstance(turns, bool) or turns <= 0:
        return UNBOUNDED_LENGTH
    per_turn = DECISIONS_PER_TURN if game.max_chance_outcomes() > 0 else 1
    return min(turns * per_turn, UNBOUNDED_LENGTH)


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
