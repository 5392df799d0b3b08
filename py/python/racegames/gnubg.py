"""Backgammon with GNU Backgammon: its Position ID and Match ID, and its match files.

    >>> import racegames
    >>> from racegames import gnubg
    >>> game = racegames.make_game("backgammon")
    >>> state = game.new_initial_state()
    >>> gnubg.position_id(state)
    '4HPwATDgc/ABMA'
    >>> state.apply_action(state.string_to_action("roll-off A3 B1"))
    >>> gnubg.match_id(state)
    'MIEFAAAAAAAA'
    >>> gnubg.state_from_position_id("4HPwATDgc/ABMA", on_roll=0, dice=(3, 1)) == state
    True

Seats: racegames' A (seat 0) is gnubg's player 0, the left column of a match
file; B (seat 1) is player 1, the right column. Each player counts the points
from its own side, its ace point 1 to its 24-point, 25 for the bar and 0 for
off, so A's point numbers are those of the racegames notation and B's are
25 minus them.

- ``position_id(state)`` and ``match_id(state)``: gnubg's IDs of a position
  (14 and 12 characters); ``decode_position_id`` and ``decode_match_id``
  read them back.
- ``state_from_position_id(pid, on_roll=..., dice=..., match_id=...)``: the
  racegames state of a Position ID.
- ``write_match(games, path)`` / ``read_match(path)``: gnubg's ``.mat`` text
  (the Jellyfish match format gnubg imports with ``import mat`` and writes
  with ``export match mat``). A game is the list of racegames action ids
  from the initial state, chance included (``state.apply_action`` takes
  them); ``format_match``/``parse_match`` do the same on text, and
  ``actions_to_mat_lines``/``mat_moves_to_actions`` convert one game.
  Each game's players are its record's ``PlayerA``/``PlayerB`` tags both
  ways; ``check_name`` says whether a name fits a match file.

The format, the conventions and the checks against the real gnubg are on the
documentation page "GNU Backgammon".
"""

from __future__ import annotations

from racegames._gnubg_ids import (
    MatchInfo,
    decode_match_id,
    decode_position_id,
    encode_match_id,
    match_id,
    position_id,
    state_from_position_id,
)
from racegames._gnubg_mat import (
    MatTurn,
    actions_to_mat_lines,
    actions_to_mat_turns,
    check_name,
    format_match,
    mat_moves_to_actions,
    parse_match,
    read_match,
    write_match,
)

__all__ = [
    "MatTurn",
    "MatchInfo",
    "actions_to_mat_lines",
    "actions_to_mat_turns",
    "check_name",
    "decode_match_id",
    "decode_position_id",
    "encode_match_id",
    "format_match",
    "mat_moves_to_actions",
    "match_id",
    "parse_match",
    "position_id",
    "read_match",
    "state_from_position_id",
    "write_match",
]

# Shown (help(), the API pages) as members of this module, where they are public.
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
