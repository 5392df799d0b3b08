"""Pictures of every game: SVG that parses, RGB arrays, text boards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import racegames
from conftest import random_states
from racegames import _draw
from racegames._core import _palette

_COLORS = dict(_palette())


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
        assert str(state)


def test_unknown_games_fall_back_to_the_notation() -> None:
    ET.fromstring(_draw.svg("no_such_game", "x < y & z"))
    assert _draw.rgb("no_such_game", "x").shape[2] == 3


SVG = "{http://www.w3.org/2000/svg}"


def _polygon_points(element: ET.Element) -> list:
    return [tuple(float(v) for v in pair.split(",")) for pair in element.get("points", "").split()]


def _inside(point: tuple, polygon: list) -> bool:
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


@pytest.mark.parametrize("board", ["danish", "norwegian"])
def test_the_daldos_board_is_a_boat_with_the_extra_hole_in_the_prow(board: str) -> None:
    state = racegames.make_game("daldos", board=board).new_initial_state()
    root = ET.fromstring(state._repr_svg_())
    hull = _polygon_points(root.findall(f"{SVG}polygon")[0])
    holes = [(float(c.get("cx")), float(c.get("cy"))) for c in root.findall(f"{SVG}circle")
             if c.get("fill") == _COLORS["daldos.hole"]]
    n = 16 if board == "danish" else 12
    assert len(holes) == 3 * n + 1
    assert all(_inside(h, hull) for h in holes)
    rows = sorted({y for _, y in holes})
    assert len(rows) == 3
    extra = max(holes)
    # The extra hole is the middle row's, beyond the ends of the other rows,
    # and the hull narrows to a point (the prow) on the middle row's line.
    assert extra[1] == rows[1]
    assert extra[0] > max(x for x, y in holes if y != rows[1])
    tip = max(hull)
    assert tip[0] > extra[0] and abs(tip[1] - rows[1]) < 1e-6
    width_at = lambda x: [y for (x0, y) in hull if abs(x0 - x) < 1e-6]  # noqa: E731
    stern = min(x for x, _ in hull)
    assert len(width_at(tip[0])) == 1 and len(width_at(stern)) >= 2


def test_daldos_pieces_are_turned_across_the_row_until_dalled() -> None:
    game = racegames.make_game("daldos")
    opening = game.new_initial_state()
    later = game.state_from_notation("bbbbbbbbbbbbbbbb/A................/Aaaaaaaaaaaaaaa. B - 2")
    light = _COLORS["daldos.a"]

    def a_pieces(state: racegames.State) -> list:
        """(width, height) of A's pieces on the board (inside the hull)."""
        root = ET.fromstring(state._repr_svg_())
        hull = _polygon_points(root.findall(f"{SVG}polygon")[0])
        rects = [[float(r.get(k)) for k in ("x", "y", "width", "height")]
                 for r in root.findall(f"{SVG}rect") if r.get("fill") == light]
        return [(w, h) for x, y, w, h in rects if _inside((x + w / 2, y + h / 2), hull)]

    assert [w < h for w, h in a_pieces(opening)] == [True] * 16
    shapes = a_pieces(later)
    assert len(shapes) == 16
    assert sum(w > h for w, h in shapes) == 2 and sum(w < h for w, h in shapes) == 14


@pytest.mark.parametrize("name", racegames.list_games())
def test_the_picture_of_a_finished_game_says_who_won(name: str) -> None:
    for seed in range(40):
        state = racegames.make_game(name, max_turns=400).new_initial_state()
        state.play_random(seed)
        if not state.is_truncated():
            break
    svg = state._repr_svg_()
    returns = state.returns()
    if state.is_truncated():
        assert "stopped at the turn limit" in svg
    elif len(set(returns)) == 1:
        assert "Game over: a draw" in svg  # the Libro's tie, for one
    else:
        winner = _draw.seat_name(name, returns.index(max(returns)))
        assert f"Game over: {winner} wins" in svg
    assert "Game over" not in racegames.make_game(name).new_initial_state()._repr_svg_()
