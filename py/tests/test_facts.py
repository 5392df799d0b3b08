"""Facts about each game come from the game itself (Rust): family, name
for people, Gymnasium id, observation bounds and the routes its picture is
drawn from; no list of games is written out in Python."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import List, Set

import numpy as np
import pytest

import racegames
from racegames import _draw
from conftest import random_states

GAMES = racegames.list_games()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_states_its_facts(name: str) -> None:
    game = racegames.make_game(name)
    assert game.family in ("daldos", "tables", "halma")
    assert game.display_name and game.display_name[0].isupper()
    assert game.gym_id.endswith("-v0") and "_" not in game.gym_id
    low, high = game.observation_bounds()
    assert low <= high
    routes = game.routes()
    assert bool(routes) == (game.family == "tables")


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_lies_in_the_stated_bounds(name: str) -> None:
    game = racegames.make_game(name)
    low, high = game.observation_bounds()
    for state in random_states(game, 3, limit=80):
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            obs = state.observation_tensor(seat)
            assert np.all(obs >= low) and np.all(obs <= high), (name, state.notation())


def test_the_gymnasium_ids_are_the_games_own() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from racegames._gym_registration import GYM_IDS

    assert sorted(GYM_IDS) == sorted(GAMES)
    for name in GAMES:
        spec = gymnasium.spec(f"racegames/{racegames.make_game(name).gym_id}")
        assert spec.kwargs["game"] == name


def test_a_tables_picture_follows_the_routes_of_its_game() -> None:
    for name in GAMES:
        game = racegames.make_game(name)
        if game.family != "tables":
            continue
        routes = game.routes()
        picture = game.new_initial_state()._repr_svg_()
        for seat, letter in enumerate("AB"):
            assert f"{letter} moves {routes[seat][0]} \u2192" in picture, name
    half = racegames.make_game("medio_emperador")
    assert _draw.svg(half, half.new_initial_state().notation()).count("not used") == 2
    whole = racegames.make_game("emperador")
    assert "not used" not in _draw.svg(whole, whole.new_initial_state().notation())


def test_a_game_with_options_is_drawn_from_itself() -> None:
    game = racegames.make_game("backgammon", max_turns=7)
    state = game.new_initial_state()
    assert "Backgammon" in state._repr_svg_()
    assert "A moves 24 \u2192 1" in _draw.svg(game, state.notation())
    # A name alone draws the game with its default options.
    assert _draw.svg("backgammon", state.notation()) == _draw.svg(game, state.notation())


PACKAGE = Path(racegames.__file__).resolve().parent
SPLITS = {"split", "rsplit", "partition", "rpartition", "splitlines"}


def _is_notation(node: ast.AST, names: Set[str]) -> bool:
    """An expression that is a notation: ``x.notation()``, a name of one
    (``notation``, ``*_notation``) or a name assigned from one."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "notation":
            return True
        if isinstance(sub, ast.Name) and (sub.id in names or sub.id == "notation" or sub.id.endswith("_notation")):
            return True
    return False


def notation_splits(source: str) -> List[int]:
    """The lines of ``source`` that take a notation apart with ``str``'s
    splitting methods."""
    tree = ast.parse(source)
    names: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_notation(node.value, set()):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in SPLITS
        and _is_notation(node.func.value, names)
    ]


def test_the_notation_split_finder_finds_splits() -> None:
    assert notation_splits("fields = state.notation().split()") == [1]
    assert notation_splits("def f(notation):\n    return notation.split('/')") == [2]
    assert notation_splits("text = s.notation()\nrows = text.partition(' ')") == [2]
    assert notation_splits("n = s.notation()\ng.state_from_notation(n)") == []


def test_no_python_module_splits_a_notation() -> None:
    """Who won, the pieces and the dice come from the native state: no
    module of the package reads a notation's fields (issue 45)."""
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := notation_splits(path.read_text(encoding="utf-8")))
    }
    assert found == {}
    assert not (PACKAGE / "_draw").is_dir(), "the text boards are the games' own diagrams (str(state))"


SCRIPTS = PACKAGE.parents[1] / "scripts"
CORE_CONSTANTS = {"MAX_GAMES", "MAX_THREADS", "TURN_LIMIT", "Z95", "TERMINAL", "CHANCE"}


def test_limits_and_the_interval_come_from_the_core() -> None:
    """One of each: the limits, the interval's quantile and the node ids
    are the core's (Rust's), never written out in Python."""
    from racegames import _core, _luck, arena

    assert (arena.MAX_GAMES, arena.MAX_THREADS, arena.TURN_LIMIT) == (_core.MAX_GAMES, _core.MAX_THREADS, _core.TURN_LIMIT)
    assert racegames.TERMINAL == _core.TERMINAL and racegames.CHANCE == _core.CHANCE
    mean, half = _luck.mean_interval([0.0, 1.0] * 50)
    assert half == pytest.approx(_core.Z95 * float(np.std([0.0, 1.0] * 50, ddof=1)) / 10)
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(SCRIPTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                named = {t.id for t in targets if isinstance(t, ast.Name)}
                assert not named & CORE_CONSTANTS, (path.name, node.lineno)
            if isinstance(node, ast.Constant) and isinstance(node.value, float):
                assert round(node.value, 2) != 1.96, (path.name, node.lineno)


def test_result_and_game_tags_are_the_rust_writer_s(tmp_path: Path) -> None:
    """``records.result_tags`` and ``game_tags`` give what the native
    arena writes into its records."""
    from racegames import arena, records

    path = tmp_path / "games.rgr"
    for name in ("daldos", "backgammon", "chinese_checkers"):
        arena.play(name, ["random", "random"], games=3, seed=2, threads=1, record=str(path))
        for rec in records.load(str(path)):
            end = rec.final_state()
            written = {k: rec.tags[k] for k in ("Result", "Returns", "Termination")}
            assert records.result_tags(end) == written
            assert all(rec.tags[k] == v for k, v in records.game_tags(rec.game).items())
    stopped = records.result_tags(racegames.make_game("daldos").new_initial_state(), stopped=True)
    assert stopped == {"Result": "draw", "Returns": "0 0", "Termination": "turn limit"}


def test_a_player_spec_is_read_natively_alike_everywhere() -> None:
    """``NAME:KEY=VALUE,...``: the one native reader, words as the native
    word reader takes them (``TRUE``, ``1_0`` and `` 5`` stay words)."""
    from racegames import _core, players

    text = "mcts:a=TRUE,b=1_0,c= 5,d=3,e=0.5,f=false"
    assert players.parse_player(text) == ("mcts", dict(_core._parse_spec(text)[1]))
    assert players.parse_player(text)[1] == {"a": "TRUE", "b": "1_0", "c": " 5", "d": 3, "e": 0.5, "f": False}


def test_daldos_hole_names_are_the_engine_s() -> None:
    from racegames import daldos

    for board, n in (("danish", 16), ("norwegian", 12)):
        state = racegames.make_game("daldos", board=board).new_initial_state()
        state.apply_action(state.chance_outcomes()[0][0])  # the roll-off
        names = daldos.hole_names(state)
        assert len(names) == 3 * n + 1 and names[0] == "a0" and names[n] == "m0" and names[-1] == f"b{n - 1}"
        if state.current_player() >= 0:
            for name, index, _p, _e in _core_threats(state):
                assert names[index] == name


def _core_threats(state: racegames.State) -> list:
    from racegames._core import _daldos_threat_map

    try:
        return _daldos_threat_map(state)
    except ValueError:
        return []


def test_the_ladder_reads_the_registry() -> None:
    """py/scripts/ladder.py measures every game of the registry, with no
    list of its own."""
    from test_ladder import load_ladder

    ladder = load_ladder()
    assert sorted({name for _, name, _ in ladder.GAME_SETS}) == GAMES
    titles = [title for title, _, _ in ladder.GAME_SETS]
    assert len(set(titles)) == len(titles)
    assert ("Daldøs, Norwegian board", "daldos", {"board": "norwegian"}) in ladder.GAME_SETS
    assert ("Halma, 4 players", "halma", {"players": 4}) in ladder.GAME_SETS
    assert not any(name == "halma" and opts.get("players") == 3 for _, name, opts in ladder.GAME_SETS)
