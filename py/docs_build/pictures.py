"""MkDocs hook: the board pictures of the docs, drawn by the package itself.

Each picture is ``State._repr_svg_()`` of a position, written into the site
as ``pictures/<name>.svg`` at build time, so the pages always show what the
installed package draws. The positions are fixed notations (a few come from
random play, kept as text so that the pictures do not depend on the random
generator).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import racegames
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

Params = Dict[str, Any]

#: name -> (game, options, notation; None for the initial state)
PICTURES: Dict[str, Tuple[str, Params, Optional[str]]] = {
    "daldos-opening": ("daldos", {}, None),
    "daldos-midgame": (
        "daldos",
        {},
        "....bbb.bbbb.bbb/A.......A.B...A../A...Baa.a.aaaa.. B 44 31",
    ),
    "daldos-norwegian": (
        "daldos",
        {"board": "norwegian"},
        "..b.bbB..bbA/..B..A......./..aaaaaaBaa. B 44 21",
    ),
    "seys-dos-e-as-opening": (
        "seys_dos_e_as",
        {},
        "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0",
    ),
    "seys-dos-e-as-midgame": (
        "seys_dos_e_as",
        {},
        ".,A5,B2,B7,B1,A5,.,.,B1,.,.,.,B1,A1,A1,.,.,.,.,B3,.,.,A2,A1 - 0/0 B 6 19",
    ),
    "backgammon-opening": ("backgammon", {}, None),
    "backgammon-midgame": (
        "backgammon",
        {},
        "B1,A2,A2,A3,B2,A3,.,.,.,.,A1,B2,A1,B1,.,.,.,B1,B2,B1,A1,A2,B3,B2 - 0/0 B 3 18",
    ),
    "chinese-checkers-opening": ("chinese_checkers", {}, None),
    "chinese-checkers-6-players": ("chinese_checkers", {"players": 6}, None),
    "chinese-checkers-3-players-15-pieces": (
        "chinese_checkers",
        {"players": 3, "pieces": 15},
        None,
    ),
    "chinese-checkers-midgame": (
        "chinese_checkers",
        {"players": 6},
        "./11/.11/.1../.666......222/.6..4215.222/6.13611.32./6......12./"
        ".65....../.56..3.3../556.544.3../5.5..2...3../.5.5.4433.33./4.4./.4./.4/4 1 - 120",
    ),
    "halma-opening": ("halma", {}, None),
    "halma-4-players": ("halma", {"players": 4}, None),
}


def draw(game: str, params: Params, notation: Optional[str]) -> str:
    """The SVG picture of one position."""
    g = racegames.make_game(game, **params)
    state = g.new_initial_state() if notation is None else g.state_from_notation(notation)
    return state._repr_svg_()


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Adds every picture to the site's files (links to them are checked)."""
    for name, (game, params, notation) in PICTURES.items():
        svg = draw(game, params, notation)
        files.append(File.generated(config, f"pictures/{name}.svg", content=svg))
    return files
