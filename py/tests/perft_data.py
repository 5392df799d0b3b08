"""Reads the perft data files <name>-core/tests/data/<name>_perft.txt (kept
in each rules crate, so that its package carries its tests' data) that the
Rust tests, the Python binding's tests and the pure-Python reference models
all check.

Each line is ``game | params | notation | depth | count``; ``params`` is
``key=value`` pairs separated by commas, or ``-`` for none. Blank lines and
lines starting with ``#`` are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class PerftLine:
    """One counted line of a perft data file."""

    line: int  #: its line number in the file, from 1
    game: str
    params: str  #: as written in the file
    notation: str
    depth: int
    count: int

    def kwargs(self) -> Dict[str, object]:
        """``params`` as keyword arguments for ``racegames.make_game``."""
        return params_kwargs(self.params)


def perft_path(name: str) -> Path:
    """The data file ``<name>-core/tests/data/<name>_perft.txt`` (``name``:
    ``daldos``, ``tables`` or ``halma``)."""
    return ROOT / f"{name}-core" / "tests" / "data" / f"{name}_perft.txt"


def read_perft(name: str) -> List[PerftLine]:
    """Every counted line of ``<name>-core/tests/data/<name>_perft.txt``, in
    file order."""
    out = []
    for number, text in enumerate(perft_path(name).read_text().splitlines(), start=1):
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        game, params, notation, depth, count = (f.strip() for f in text.split("|"))
        out.append(PerftLine(number, game, params, notation, int(depth), int(count)))
    return out


def line_id(line: PerftLine) -> str:
    """The test id of a line: ``line<number>``."""
    return f"line{line.line}"


def line_game_depth_id(line: PerftLine) -> str:
    """The longer test id ``line<number>-<game>-d<depth>``."""
    return f"line{line.line}-{line.game}-d{line.depth}"


def params_kwargs(text: str) -> Dict[str, object]:
    """``key=value,...`` as a dict: ``true``/``false`` become booleans and
    digits integers; ``-`` or nothing is no parameters."""
    out: Dict[str, object] = {}
    if text.strip() == "-":
        return out
    for pair in filter(None, (p.strip() for p in text.split(","))):
        key, value = pair.split("=", 1)
        out[key] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    return out
