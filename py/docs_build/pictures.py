"""MkDocs hook: the board pictures of the docs, drawn by the package itself.

Each picture is ``State._repr_svg_()`` of a position, written into the site
as ``pictures/<name>.svg`` at build time, so the pages always show what the
installed package draws. The positions are fixed notations (a few come from
random play, kept as text so that the pictures do not depend on the random
generator).

Each page of a Libro game (``games/libro/<game>.md``) shows the game's
starting position as ``pictures/libro/<game>.svg``, drawn from the package's
own initial state (after A wins the roll-off where the set-up waits for it);
the build fails if a page lacks the picture or the position's notation.

The pictures of ``COMMITTED`` are also kept in the repository, as
``docs/images/<name>.svg``, so that a page read there (``docs/index.md``)
shows them too; the build fails when a kept copy differs from what the
package draws, and ``python py/docs_build/pictures.py`` (in the docs venv)
writes them anew.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import racegames
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

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


#: The pictures kept in the repository as docs/images/<name>.svg.
COMMITTED = ("daldos-opening",)


def kept(config_file: str, name: str) -> Path:
    """Where the repository keeps a picture of ``COMMITTED``."""
    return Path(config_file).parent / "docs" / "images" / f"{name}.svg"


#: The games with a page under games/libro/, by registry name.
LIBRO_GAMES = (
    "quinze_tablas",
    "doze_canes",
    "doblet",
    "fallas",
    "emperador",
    "medio_emperador",
    "pareia_de_entrada",
    "cab_e_quinal",
    "todas_tablas",
    "laquet",
    "buffa_de_baldrac",
    "reencontrar",
    "tablas_de_siete",
)


def starting_position(game: str) -> "racegames.State":
    """A game's initial state, or, where the set-up is placed only by the
    roll-off (nothing on the board or waiting before it), the state after A
    wins it."""
    state = racegames.make_game(game).new_initial_state()
    board, waiting = state.notation().split()[:2]
    if not re.search("[AB]", board + waiting):
        state.apply_action(state.string_to_action("roll-off A"))
    return state


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
    for name in COMMITTED:
        path = kept(config.config_file_path, name)
        if not path.is_file() or path.read_text(encoding="utf-8") != draw(*PICTURES[name]):
            raise PluginError(
                f"{path} is not what the package draws: write it anew with `python py/docs_build/pictures.py`"
            )
    for game in LIBRO_GAMES:
        svg = starting_position(game)._repr_svg_()
        files.append(File.generated(config, f"pictures/libro/{game}.svg", content=svg))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """A Libro game's page must show its starting position: the picture, and
    the notation the package gives for it (so the page cannot go stale)."""
    m = re.fullmatch(r"games/libro/(\w+)\.md", page.file.src_uri)
    if m and m.group(1) in LIBRO_GAMES:
        game = m.group(1)
        picture = f"(../../pictures/libro/{game}.svg)"
        notation = starting_position(game).notation()
        if picture not in markdown:
            raise PluginError(f"{page.file.src_uri}: no picture of the set-up ![...]{picture}")
        if f"`{notation}`" not in markdown:
            raise PluginError(f"{page.file.src_uri}: the set-up's notation `{notation}` is not on the page")
    elif m and m.group(1) not in ("index", "common-readings"):
        raise PluginError(f"{page.file.src_uri}: a Libro game missing from LIBRO_GAMES of {__file__}")
    return markdown


if __name__ == "__main__":
    # Writes the pictures the repository keeps (COMMITTED) anew.
    config_file = str(Path(__file__).resolve().parents[2] / "mkdocs.yml")
    for name in COMMITTED:
        path = kept(config_file, name)
        path.write_text(draw(*PICTURES[name]), encoding="utf-8")
        print(path, file=sys.stderr)
