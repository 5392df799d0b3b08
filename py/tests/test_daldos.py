"""Daldøs analysis and pictures."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import racegames
from racegames import daldos

POS = "BBB............./..BA............./a............... B - 0"


def test_capture_odds_and_threat_map(game: racegames.Game) -> None:
    state = game.state_from_notation(POS)
    p, err = daldos.capture_odds_bounds(state, "m3")
    assert 0.0 < p < 1.0 and 0.0 <= err < 1e-9
    assert daldos.capture_odds(state, "m3") == p
    assert daldos.capture_odds(state, 19) == p  # board-wide index of m3
    threats = daldos.threat_map(state)
    assert set(threats) == {"a0", "m3"}
    assert threats["m3"] == p
    assert state.notation() == game.state_from_notation(POS).notation()


def test_capture_odds_errors(game: racegames.Game) -> None:
    state = game.state_from_notation(POS)
    for bad in ("m2", "q3", "m99", 200, -1):
        with pytest.raises(ValueError):
            daldos.capture_odds(state, bad)
    with pytest.raises(TypeError):
        daldos.capture_odds(state, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        daldos.threat_map(game.new_initial_state())  # before the roll-off


def test_hole_names(game: racegames.Game) -> None:
    names = daldos.hole_names(game.new_initial_state())
    assert len(names) == 49 and names[0] == "a0" and names[16] == "m0" and names[-1] == "b15"


def test_text_boards(game: racegames.Game) -> None:
    text = str(game.state_from_notation(POS))
    lines = text.splitlines()
    assert lines[1].split()[1:] == list("BBB.............")
    assert lines[2].split()[1:] == list("..BA.............")
    assert lines[3].split()[1:] == list("a...............")
    assert "B to" in text


@pytest.mark.parametrize(
    "notation, dice",
    [(POS, 0), ("BBB............./..BA............./a............... B 31 0", 2),
     ("BBB............./..BA............./a............... B 4 0", 1)],
)
def test_svg(game: racegames.Game, notation: str, dice: int) -> None:
    svg = game.state_from_notation(notation)._repr_svg_()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    circles = root.findall(f"{ns}circle")
    rects = root.findall(f"{ns}rect")
    # Every hole is drawn, the board is a polygon (a boat), and each die is
    # a white rectangle.
    assert len(circles) >= 49
    assert len(root.findall(f"{ns}polygon")) >= 1
    assert len([r for r in rects if r.get("fill") == "#fffdf7"]) == dice


def test_dalled_and_undalled_pieces_look_different(game: racegames.Game) -> None:
    undalled = game.state_from_notation("b.............../................./a............... A - 0")._repr_svg_()
    dalled = game.state_from_notation("B.............../................./A............... A - 0")._repr_svg_()
    assert undalled != dalled
