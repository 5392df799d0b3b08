"""The tables games of the Libro de los juegos through the Python package:
registry names, Gymnasium ids, options, pictures and the notation's Libro
extensions. (The contract, Gymnasium, PettingZoo, vector and drawing tests
already run for every game of ``racegames.list_games()``; the perft counts
are in test_tables.py and test_tables_reference.py.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import racegames
from racegames import _draw
from racegames._gym_registration import GYM_IDS

LIBRO = {
    "quinze_tablas": "QuinzeTablas-v0",
    "doze_canes": "DozeCanes-v0",
    "doblet": "Doblet-v0",
    "fallas": "Fallas-v0",
    "emperador": "Emperador-v0",
    "medio_emperador": "MedioEmperador-v0",
    "pareia_de_entrada": "PareiaDeEntrada-v0",
    "cab_e_quinal": "CabEQuinal-v0",
    "todas_tablas": "TodasTablas-v0",
    "laquet": "Laquet-v0",
    "buffa_de_baldrac": "BuffaDeBaldrac-v0",
    "reencontrar": "Reencontrar-v0",
    "tablas_de_siete": "TablasDeSiete-v0",
}


def test_every_libro_game_is_registered_with_its_gymnasium_id() -> None:
    names = racegames.list_games()
    for name, env_id in LIBRO.items():
        assert name in names
        assert GYM_IDS[name] == env_id
    assert "buffa_cortesa" not in names


@pytest.mark.parametrize(
    "name,params",
    [
        ("quinze_tablas", {"bear_off": "any", "stack_limit": 2}),
        ("doze_canes", {"dice": 3, "entry": "free"}),
        ("doblet", {"dice": 2, "pass_to_unstacker": False}),
        ("fallas", {"unusable_die": "lose_if_none"}),
        ("medio_emperador", {"dice": 3}),
        ("pareia_de_entrada", {"dice": 2, "entry": "free"}),
        ("cab_e_quinal", {"cab": "loser", "fixed_die": 6}),
        ("todas_tablas", {"doubles": "twice", "bear_off": "exact_or_higher", "dice_rule": "most_dice_then_larger"}),
        ("laquet", {"unusable_die": "forfeit", "leader": "stack"}),
        ("buffa_de_baldrac", {"bear_off": "any"}),
        ("reencontrar", {"pieces": 12}),
    ],
)
def test_options_make_a_playable_game(name: str, params: dict) -> None:
    game = racegames.make_game(name, max_turns=60, **params)
    state = game.new_initial_state()
    state.play_random(seed=5)
    assert state.is_terminal()


@pytest.mark.parametrize(
    "name,params,error",
    [
        ("quinze_tablas", {"stack_limit": 3}, ValueError),
        ("doblet", {"pass_to_unstacker": "on"}, TypeError),
        ("cab_e_quinal", {"fixed_die": "six"}, TypeError),
        ("laquet", {"route": "ludii"}, ValueError),
        ("emperador", {"prime": "wall"}, ValueError),
    ],
)
def test_bad_options_are_refused(name: str, params: dict, error: type) -> None:
    with pytest.raises(error):
        racegames.make_game(name, **params)


def test_the_seven_sided_tables_have_28_points_and_224_actions() -> None:
    game = racegames.make_game("tablas_de_siete")
    assert game.num_distinct_actions() == 224
    assert game.observation_tensor_shape() == (7, 28)
    notation = game.new_initial_state().notation()
    assert len(notation.split()[0].split(",")) == 28
    text = str(game.state_from_notation(notation))
    assert " 28" in text.splitlines()[0]
    root = ET.fromstring(_draw.svg("tablas_de_siete", notation))
    numbers = {t.text for t in root.iter() if t.tag.endswith("text")}
    assert "28" in numbers


def test_doblet_pictures_show_the_doubled_pairs() -> None:
    notation = racegames.make_game("doblet").new_initial_state().notation()
    assert "B2^" in notation
    assert "B2^" in str(racegames.make_game("doblet").state_from_notation(notation))
    assert _draw.svg("doblet", notation).count("#f2c14e") == 12


def test_medio_emperador_pictures_shade_the_unused_tables() -> None:
    notation = racegames.make_game("medio_emperador").new_initial_state().notation()
    assert _draw.svg("medio_emperador", notation).count("not used") == 2


def test_passed_dice_and_results_are_said_on_the_picture() -> None:
    game = racegames.make_game("laquet")
    passed = ".,.,.,.,.,.,.,.,.,A1,B1,B1,B1,B1,B1,B1,.,.,.,B9,.,.,.,A14 - 0/0 B p64 6"
    state = game.state_from_notation(passed)
    assert state.notation() == passed
    assert "to play passed 64" in str(state)
    assert "passed by the opponent" in _draw.svg("laquet", passed)
    drawn = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B12,A12 - 0/0 -= - 31"
    assert "drawn" in str(racegames.make_game("doze_canes").state_from_notation(drawn))
