"""racegames.players: names, legal and reproducible decisions, the Player
object (callable, repr, pickle) and bad input."""

from __future__ import annotations

import copy
import pickle
from typing import Any, Dict, Tuple

import pytest
from players_common import GAME_SETS, decision_states, set_id

import racegames
from racegames import players

POSITIONS = 3


@pytest.fixture(params=GAME_SETS, ids=set_id)
def game(request: pytest.FixtureRequest) -> racegames.Game:
    name, params = request.param
    return racegames.make_game(name, **params)


def test_every_game_lists_its_players_with_random_last(game: racegames.Game) -> None:
    names = players.list_players(game)
    assert names and names[-1] == "random"
    assert len(set(names)) == len(names)
    assert players.list_players(game.name) == players.list_players(racegames.make_game(game.name))


def test_every_player_returns_a_legal_action_and_the_same_one_for_the_same_seed(game: racegames.Game) -> None:
    states = decision_states(game, seed=5, count=POSITIONS)
    for name in players.list_players(game):
        first = players.make_player(name, game, seed=11)
        again = players.make_player(name, game, seed=11)
        for state in states:
            before = state.notation()
            action = first.act(state)
            assert action in state.legal_actions(), (name, before)
            assert state.notation() == before  # the player does not move the state
            assert again(state) == action, (name, before)


def test_a_player_follows_its_plan_through_a_whole_turn(game: racegames.Game) -> None:
    """Playing a player's actions one by one ends its turn with legal moves
    only (a plan over several dice or a jump chain)."""
    for name in players.list_players(game):
        p = players.make_player(name, game, seed=3)
        for state in decision_states(game, seed=8, count=2):
            mover = state.current_player()
            while state.current_player() == mover:
                action = p(state)
                assert state.is_legal(action)
                state.apply_action(action)


def test_the_player_object() -> None:
    game = racegames.make_game("backgammon")
    p = players.make_player("random", game, seed=4)
    assert p.name == "random" and p.seed == 4 and p.game == game
    assert p.get_parameters() == {}
    assert repr(p) == f"racegames.players.make_player('random', {game!r}, seed=4)"
    state = decision_states(game, seed=1, count=1)[0]
    for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p)):
        assert isinstance(q, players.Player)
        assert q.act(state) == p.act(state)
    assert players.make_player("random", "backgammon", seed=-1).seed == (1 << 64) - 1


BAD: Dict[str, Tuple[Dict[str, Any], type]] = {
    "unknown name": ({"name": "grandmaster"}, ValueError),
    "unknown option": ({"depth": 3}, ValueError),
    "name not a str": ({"name": 3}, TypeError),
    "seed a bool": ({"seed": True}, TypeError),
    "seed a float": ({"seed": 1.5}, TypeError),
    "game not a game": ({"game": 3}, TypeError),
    "unknown game": ({"game": "chess"}, ValueError),
    "option of a wrong type": ({"depth": 1.5}, TypeError),
}


@pytest.mark.parametrize("case", list(BAD), ids=list(BAD))
def test_bad_arguments_raise_value_or_type_errors(case: str) -> None:
    changes, error = BAD[case]
    args: Dict[str, Any] = {"name": "random", "game": "daldos", "seed": 0}
    params = {k: v for k, v in changes.items() if k not in args}
    args.update({k: v for k, v in changes.items() if k in args})
    with pytest.raises(error):
        players.make_player(args.pop("name"), args.pop("game"), **args, **params)


def test_acting_where_no_decision_is_due_or_on_another_game_is_an_error() -> None:
    game = racegames.make_game("daldos")
    p = players.make_player("random", game)
    start = game.new_initial_state()
    assert start.is_chance_node()
    with pytest.raises(ValueError):
        p.act(start)
    other = decision_states(racegames.make_game("backgammon"), seed=1, count=1)[0]
    with pytest.raises(ValueError):
        p.act(other)
    same_type_other_options = decision_states(racegames.make_game("daldos", board="norwegian"), seed=1, count=1)[0]
    with pytest.raises(ValueError):
        p.act(same_type_other_options)
    with pytest.raises(TypeError):
        p.act("not a state")  # type: ignore[arg-type]


def test_parse_player_reads_what_the_command_lines_take() -> None:
    assert players.parse_player("random") == ("random", {})
    name, params = players.parse_player("expectimax:depth=3,prune=false,root_filter=0.04,eval=net")
    assert (name, params) == ("expectimax", {"depth": 3, "prune": False, "root_filter": 0.04, "eval": "net"})
    assert type(params["depth"]) is int and type(params["root_filter"]) is float
    made = players.make_player(name, "backgammon", seed=3, **params)
    assert made.get_parameters()["root_filter"] == pytest.approx(0.04)
    # "inf" and "nan" stay words, which make_player then refuses by name.
    assert players.parse_player("mcts:exploration=inf") == ("mcts", {"exploration": "inf"})


@pytest.mark.parametrize("text", ["", ":depth=2", "expectimax:depth", "expectimax:=2", "expectimax:depth=2,"])
def test_parse_player_refuses_text_of_another_form(text: str) -> None:
    with pytest.raises(ValueError, match="player"):
        players.parse_player(text)


def test_parse_player_wants_a_str() -> None:
    with pytest.raises(TypeError, match="str"):
        players.parse_player(b"random")  # type: ignore[arg-type]
