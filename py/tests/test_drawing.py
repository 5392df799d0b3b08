"""Pictures of every game: SVG that parses, RGB arrays, text boards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import racegames
from conftest import random_states
from racegames import _draw


@pytest.mark.parametrize("name", racegames.list_games())
def test_every_game_draws(name: str) -> None:
    game = racegames.make_game(name)
    for state in random_states(game, 1, limit=60)[::20]:
        svg = state._repr_svg_()
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        ns = "{http://www.w3.org/2000/svg}"
        assert len(root.findall(f"{ns}circle")) + len(root.findall(f"{ns}rect")) > 10
        img = _draw.rgb(name, state.notation())
        assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
        assert _draw.text(name, state.notation())
        assert str(state)


def test_unknown_games_fall_back_to_the_notation() -> None:
    assert _draw.text("no_such_game", "x y z") == "x y z"
    ET.fromstring(_draw.svg("no_such_game", "x < y & z"))
    assert _draw.rgb("no_such_game", "x").shape[2] == 3
