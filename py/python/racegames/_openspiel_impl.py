"""The pyspiel classes behind ``racegames.openspiel`` (needs OpenSpiel).

Importing this module registers every game (as OpenSpiel's own Python games
do), so that a pickled game or state reads back in a new process.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.observation import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    IIGObserverForPublicInfoGame,
)

# Names, not the package: a module importing its own package makes a cycle
# for the docs build's inspection.
from racegames._core import Game, ParameterError, State, list_games, make_game
from racegames._openspiel_names import max_game_length, short_name

#: The most players tried for a game that has a ``players`` option.
_MAX_PLAYERS_PROBED = 8


class RacegamesState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state driving a racegames ``State``."""

    def __init__(self, game: Any, rg_state: State) -> None:
        super().__init__(game)
        self._rg = rg_state

    def current_player(self) -> int:
        """A seat, ``CHANCE`` (-1) or ``TERMINAL`` (-4): the same ids in both."""
        return self._rg.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        return self._rg.legal_actions()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """racegames' outcomes and their exact probabilities."""
        return self._rg.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._rg.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._rg.action_to_string(int(player), int(action))

    def is_terminal(self) -> bool:
        """Over: won, or stopped at the turn limit (see `is_truncated`)."""
        return self._rg.is_terminal()

    def is_truncated(self) -> bool:
        """Whether the game stopped at its turn limit (terminal, 0 to all)."""
        return self._rg.is_truncated()

    def returns(self) -> List[float]:
        """racegames' returns: zeros until the end, and at a truncation."""
        return self._rg.returns()

    def racegames_state(self) -> State:
        """A copy of the racegames state behind this one."""
        return self._rg.clone()

    def __str__(self) -> str:
        return self._rg.notation()


class RacegamesObserver:
    """racegames' observation tensor and notation (OpenSpiel's PyObserver)."""

    def __init__(self, shape: Tuple[int, ...], params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"racegames observers take no parameters; got {params}")
        self.tensor: npt.NDArray[np.float32] = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: RacegamesState, player: int) -> None:
        """Write ``state``'s observation for ``player`` into the tensor."""
        self.tensor[:] = state._rg.observation_tensor(player).reshape(-1)

    def string_from(self, state: RacegamesState, player: int) -> str:
        """The one-line notation (the same for every player)."""
        return state._rg.notation()


class RacegamesGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game made by ``racegames.make_game`` (subclassed per game)."""

    _rg_name: str = ""
    _rg_type: Any = None

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        # Bad values raise racegames.ParameterError (a ValueError) naming the
        # option and what it takes; pyspiel checks names and types first.
        rg = make_game(self._rg_name, **params)
        info = pyspiel.GameInfo(
            num_distinct_actions=rg.num_distinct_actions(),
            max_chance_outcomes=rg.max_chance_outcomes(),
            num_players=rg.num_players(),
            min_utility=rg.min_utility(),
            max_utility=rg.max_utility(),
            utility_sum=0.0,
            max_game_length=max_game_length(rg),
        )
        super().__init__(self._rg_type, info, params)
        self._rg = rg

    def new_initial_state(self) -> RacegamesState:
        """The initial state (a chance node in the dice games: the roll-off)."""
        return RacegamesState(self, self._rg.new_initial_state())

    def racegames_game(self) -> Game:
        """The racegames game behind this one."""
        return self._rg

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None) -> Any:
        """racegames' observation, or the history for perfect-recall types."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return RacegamesObserver(self._rg.observation_tensor_shape(), params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


#: The per-game classes made by register(), by class name.
_GAME_CLASSES: Dict[str, Any] = {}


def register() -> List[str]:
    """See ``racegames.openspiel.register``."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in list_games():
        sname = short_name(name)
        names.append(sname)
        if sname in registered:
            continue
        cls_name = f"RacegamesGame_{name}"
        game_type = _game_type(name)
        cls = type(cls_name, (RacegamesGame,), {"_rg_name": name, "_rg_type": game_type, "__module__": __name__})
        _GAME_CLASSES[cls_name] = cls
        pyspiel.register_game(game_type, cls)
    return names


def __getattr__(name: str) -> Any:
    # Where pickle finds the per-game classes.
    if name in _GAME_CLASSES:
        return _GAME_CLASSES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _player_range(name: str, game: Game) -> Tuple[int, int]:
    """The fewest and most players a game takes (its ``players`` option)."""
    if "players" not in game.get_parameters():
        return game.num_players(), game.num_players()
    counts = []
    for n in range(1, _MAX_PLAYERS_PROBED + 1):
        try:
            make_game(name, players=n)
        except ParameterError:
            continue
        counts.append(n)
    return min(counts), max(counts)


def _game_type(name: str) -> Any:
    game = make_game(name)
    low, high = _player_range(name, game)
    stochastic = game.max_chance_outcomes() > 0
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"racegames {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if stochastic else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(name, game),
    )


def _parameter_specification(name: str, game: Game) -> Dict[str, Any]:
    """The game's options with their defaults, as pyspiel parameters: those
    its default game lists, and for a game with the doubling cube the cube,
    match and resignation options (a game lists them only while the cube is
    on), with the cube off by default."""
    spec = dict(game.get_parameters())
    try:
        cubeful = make_game(name, cube=True).get_parameters()
    except ParameterError:
        return spec
    for key, value in cubeful.items():
        spec.setdefault(key, value)
    spec["cube"] = False
    return spec


register()
