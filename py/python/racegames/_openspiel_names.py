"""The names and bounds racegames' games take in OpenSpiel, apart from the
registration (which needs pyspiel), so that both `racegames.openspiel` and
its implementation read them without a module circle."""

from __future__ import annotations

from racegames._core import Game

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
