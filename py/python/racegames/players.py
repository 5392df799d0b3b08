"""Built-in players for every game: ``make_player(name, game, seed=..., **params)``.

    >>> import racegames
    >>> from racegames import players
    >>> game = racegames.make_game("backgammon")
    >>> players.list_players(game)[-1]
    'random'
    >>> p = players.make_player("random", game, seed=1)
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> p.act(state) in state.legal_actions()
    True

- ``list_players()`` names the players of a game with its options,
  strongest first as the arena measures them.
- A ``Player`` is a callable ``state -> action`` (``p(state)`` is
  ``p.act(state)``), so it is a valid Gymnasium opponent. It decides
  natively with the GIL released; a player that chooses among whole turns
  (several dice, a jump chain) chooses again at each of the turn's
  decisions. The same seed and state always give the same action.
- Every decision is bounded and interruptible: ``expectimax`` and
  ``mcts`` count their work and stop at a cap (expectimax: 1,000,000 units
  for the search at ``depth``, retried one ply shallower with a quarter of
  that when reached, with a cache of at most 2**20 values; mcts: 2,000,000
  units or a 256 MiB tree, then the most visited ply): a few seconds at
  the largest settings. A ``policy`` player evaluates its net (a file of
  at most 64 MiB) once per legal action or ply end. A 20 s time limit is
  the safety net on slow machines for all of them (only when it triggers
  does the choice depend on the machine). Ctrl-C raises
  ``KeyboardInterrupt`` within a fraction of a second and leaves the
  player usable.
- Players pickle (they are rebuilt from name, game, seed and options; a
  ``policy`` player carries its weights, not its path).

The players and their options:

- ``random``: a uniformly random legal action.
- ``greedy``: the end of its turn that the game's evaluation likes best,
  one ply deep. ``eval="hand"`` (the default) is the evaluation written
  from the game's own logic (pip count, blots and shots, primes and bearing
  off in the tables games; threats and exposure in Daldøs; distance to the
  target camp and stragglers in the Halma games); ``eval="net"`` is the
  network shipped for the game, trained by self-play (backgammon's then
  taught by GNU Backgammon's evaluations): backgammon, Seys dos e as,
  Daldøs on the Danish board and eight Libro games have one (the docs'
  Net files page lists them); the others refuse it.
- ``expectimax`` (Daldøs and the tables games): ``depth`` turns with exact
  chance nodes pruned by Star1/Star2, ``beam`` (how many of the best moves
  are searched deeper; 0 = all), ``prune``, ``budget`` (deepen ply by ply
  while the work counted stays within it; 0 = never), ``root_filter``
  (above 0, at depth 3 or more: only the root moves within this many
  points of the best, searched a ply shallower, are searched to the full
  depth, as GNU Backgammon's move filters; 0 = off), ``eval`` (the net by
  default where there is one).
- ``mcts`` (every game): UCT over whole turns, every seat maximising its own
  return (max^n, so any number of seats), ``simulations``,
  ``exploration``, ``rollout_plies``, ``breadth`` and ``opponent_breadth``
  (how many of the best ply ends the searcher's and the other seats' nodes
  keep; 0 = all, 1 = that seat plays greedy), ``own_progress`` (0 values
  the leaves by the evaluation's returns; a positive width values each
  seat by its own progress since the root instead, so that no seat gains
  by holding the others back), ``eval``.
- ``policy``: a trained policy file, ``path=...`` (a str or a
  ``pathlib.Path`` naming a regular file of at most 64 MiB: the players
  crate's net file, ``RGNF``, or the legacy ``RGPL``), played natively: its
  legal action of highest logit; for an afterstate policy the legal
  action whose resulting position it scores highest; for a turns policy
  the first action towards the end of the ply it scores highest.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, SupportsIndex, Tuple, Union, cast

import numpy as np

from racegames._args import as_int, short
from racegames import _core
from racegames._core import Game, Player, _list_players, _make_player, make_game

__all__ = ["Player", "list_players", "make_player", "parse_player"]

#: An option's value: on/off, an integer (numpy's too), a real (numpy's
#: too; an integer where a real is meant), a word, or a path.
ParamValue = Union[bool, SupportsIndex, float, "np.floating[Any]", str, "os.PathLike[str]"]


def _game(game: Union[Game, str]) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return make_game(game)
    raise TypeError(f"game must be a racegames Game or a game name, not {type(game).__name__}")


def _seed(seed: SupportsIndex) -> int:
    return as_int(seed, "seed") % (1 << 64)


def list_players(game: Union[Game, str]) -> List[str]:
    """The names of the built-in players of ``game`` (a Game or a game
    name), strongest first."""
    return list(_list_players(_game(game)))


def make_player(name: str, game: Union[Game, str], seed: SupportsIndex = 0, **params: ParamValue) -> Player:
    """The built-in player ``name`` for ``game`` (a Game, or a game name with
    its default options), seeded with ``seed`` (any int, numpy's too; taken
    modulo 2**64). An unknown name or option, or a value out of its range,
    raises ``ValueError`` naming the option and its range; a value of the
    wrong kind (a real for a count) raises ``racegames.ParameterTypeError``,
    both a ``ValueError`` and a ``TypeError``. Real options such as
    ``exploration`` take a float (numpy's too) or an int; ``path`` takes a
    str or an ``os.PathLike``.

    Every accepted option gives decisions within a bound: ``expectimax``
    (``depth`` 1-4, ``beam``, ``prune``, ``budget`` 0-100000000,
    ``root_filter`` 0-100) and ``mcts``
    (``simulations`` 1-1000000, ``rollout_plies`` 0-10000, ...) stop at a
    work cap (see the module's notes), about a few seconds at the largest
    settings, with a 20 s time limit as a safety net; Ctrl-C stops a
    decision within a fraction of a second."""
    if not isinstance(name, str):
        raise TypeError(f"the player name must be a str, not {type(name).__name__}")
    return _make_player(name, _game(game), _seed(seed), params)


def _param_word(text: str) -> ParamValue:
    """An option's value written as text: ``true``/``false``, an int, a
    finite real, or else the text itself, read natively, as
    ``racegames-train`` reads its command line (``TRUE``, ``1_0`` and
    ``" 5"`` are words)."""
    return cast(ParamValue, _core.param_word(text))


def parse_player(text: str) -> Tuple[str, Dict[str, ParamValue]]:
    """A player written as the command lines take it, ``NAME`` or
    ``NAME:KEY=VALUE,KEY=VALUE,...``: its name and options, ready for
    `make_player`. A value reads as ``true``/``false``, an int, a
    real, or else a word.

    >>> from racegames import players
    >>> players.parse_player("expectimax:depth=3,root_filter=0.04")
    ('expectimax', {'depth': 3, 'root_filter': 0.04})
    >>> name, params = players.parse_player("mcts:simulations=50")
    >>> players.make_player(name, "backgammon", seed=1, **params).name
    'mcts'

    Text of another form raises ``ValueError``; the name and the options
    themselves are checked by `make_player`."""
    if not isinstance(text, str):
        raise TypeError(f"a player must be given as a str, not {type(text).__name__}")
    try:
        name, options = _core._parse_spec(text)
    except ValueError as e:
        raise ValueError(f"a player is NAME or NAME:KEY=VALUE,KEY=VALUE, not {short(repr(text))}: {e}") from None
    return name, dict(options)

