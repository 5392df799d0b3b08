"""Pictures of positions given by notation: SVG and RGB arrays.

The pictures are drawn natively (the ``racegames-draw`` crate) from the
position itself: ``State._repr_svg_``, ``State._svg`` and ``State._rgb``.
The functions here take a game (or a game's name, for its default options)
and a notation, read the notation into the game's position and draw that;
nothing here reads the notation's fields. The text boards are the games'
own diagrams, ``str(state)``.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

from racegames._core import Game, State, _notation_svg, _result_line, make_game

GameLike = Union[Game, str]


def _game(game: GameLike) -> Optional[Game]:
    """The game itself, also from a name (``None`` for a name of no game)."""
    if isinstance(game, Game):
        return game
    try:
        return make_game(game)
    except (ValueError, TypeError):
        return None


def seat_name(game: GameLike, seat: int) -> str:
    """A seat as the game's pictures name it: ``A``, ``B`` for the two-player
    games, ``seat 1`` … for the Halma games (whose notation numbers seats
    from 1)."""
    made = _game(game)
    if made is not None and made.family == "halma":
        return f"seat {seat + 1}"
    return chr(ord("A") + seat)


def result_text(game: GameLike, returns: Sequence[float], truncated: bool) -> str:
    """How a finished game ended, in words: who won, or that it was stopped."""
    made = _game(game)
    return str(_result_line(made.family if made is not None else "", list(returns), truncated))


def _state(game: GameLike, notation: str) -> Optional[State]:
    """The position a notation writes in the game, or ``None`` (no such game,
    or a notation the game does not accept)."""
    made = _game(game)
    if made is None:
        return None
    try:
        return made.state_from_notation(notation)
    except (ValueError, TypeError):
        return None


def svg(game: GameLike, notation: str, returns: Optional[Sequence[float]] = None, truncated: bool = False) -> str:
    """An SVG picture of the position, drawn natively from the position the
    notation writes (the notation itself in a line of text when it writes
    none); with the ``returns`` of a finished game, a line under the
    picture says who won."""
    line = None if returns is None else result_text(game, returns, truncated)
    state = _state(game, notation)
    if state is None:
        return str(_notation_svg(notation, line))
    return str(state._svg(line))


def rgb(game: GameLike, notation: str) -> np.ndarray:
    """The picture as an ``(height, width, 3)`` uint8 array (text omitted)."""
    state = _state(game, notation)
    if state is None:
        return np.full((32, 64, 3), 255, dtype=np.uint8)
    return np.asarray(state._rgb())
