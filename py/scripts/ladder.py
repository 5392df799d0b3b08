"""Regenerates docs/players.md: a round robin of every built-in player for
every game and option set, with Elo ratings.

    python py/scripts/ladder.py --games 40 --pair-games 200 --threads 2

Each pair of players meets ``--games`` times (seats rotating; in a game for
more than two players the pair shares the seats alternately). The page gives,
per game, the players in the order ``racegames.players.list_players`` lists
them, their Elo ratings (``random`` at 0), each one's score against every
other, and whether each listed player beats the next one. With
``--pair-games N``, each listed player also meets the next one in N more
games, and the page gives that score with its Wilson 95% interval.

A block of a section between ``<!-- kept: ... -->`` and ``<!-- /kept -->``
(a measurement made by another script, such as gnubg's error rate on the
backgammon section) is kept at the end of that section when the page is
regenerated.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

import racegames
from racegames import arena, players
from racegames._core import _wilson

REPO = Path(__file__).resolve().parents[2]

#: (title, game name, options) for every game and option set with players.
GAME_SETS: List[Tuple[str, str, Dict[str, Any]]] = [
    ("Daldøs", "daldos", {}),
    ("Seys dos e as", "seys_dos_e_as", {}),
    ("Backgammon", "backgammon", {}),
    ("Chinese checkers, 2 players", "chinese_checkers", {"players": 2}),
    ("Chinese checkers, 3 players", "chinese_checkers", {"players": 3}),
    ("Chinese checkers, 4 players", "chinese_checkers", {"players": 4}),
    ("Chinese checkers, 6 players", "chinese_checkers", {"players": 6}),
    ("Halma, 2 players", "halma", {"players": 2}),
    ("Halma, 4 players", "halma", {"players": 4}),
]

#: The other tables games of the Libro de los juegos, with their defaults.
LIBRO_GAMES = [
    "quinze_tablas", "doze_canes", "doblet", "fallas", "emperador", "medio_emperador",
    "pareia_de_entrada", "cab_e_quinal", "todas_tablas", "laquet", "buffa_de_baldrac",
    "reencontrar", "tablas_de_siete",
]
GAME_SETS += [
    (f"{name.replace('_', ' ').capitalize()} (Libro)", name, {})
    for name in LIBRO_GAMES
    if name in racegames.list_games()
]


def opening_for(game: racegames.Game) -> int:
    """Random opening decisions for games without dice (two per seat), whose
    games between deterministic players would otherwise repeat."""
    return 0 if game.max_chance_outcomes() > 0 else 2 * game.num_players()


#: One listed player against the next: (score, low, high, games).
PairScore = Tuple[float, float, float, int]


def adjacent_pairs(game: racegames.Game, names: List[str], games: int, seed: int, threads: int, opening: int) -> List[PairScore]:
    """Each listed player against the next, ``games`` games each: the
    score (a draw counting half) with its Wilson 95% interval."""
    scores = []
    for k in range(len(names) - 1):
        pair = arena.round_robin(
            game, names[k : k + 2], games=games, seed=seed + 1000 + k, threads=threads, opening=opening
        )
        played = pair.games[0][1]
        rate, low, high = _wilson(pair.wins[0][1] + pair.draws[0][1] / 2, played)
        scores.append((rate, low, high, played))
    return scores


def section(
    title: str,
    game: racegames.Game,
    table: arena.RoundRobin,
    seconds: float,
    opening: int,
    pairs: List[PairScore],
) -> str:
    names = table.names
    base = table.elo[names.index("random")] if "random" in names else 0.0
    lines = [f"## {title}", ""]
    start = f", each opening with {opening} random moves" if opening else ""
    lines.append(f"`{game!r}`, {table.games[0][1]} games a pair{start}, {seconds:.0f} s.")
    lines.append("")
    head = "| player | Elo | " + " | ".join(f"vs {n}" for n in names) + " | ended by the turn limit |"
    lines += [head, "|---|---:|" + "---:|" * len(names) + "---:|"]
    for i, name in enumerate(names):
        cells = ["" if i == j else f"{table.score(i, j):.0%}" for j in range(len(names))]
        cut = sum(table.truncated[i][j] for j in range(len(names)) if j != i)
        played = sum(table.games[i][j] for j in range(len(names)) if j != i)
        lines.append(f"| {name} | {table.elo[i] - base:+.0f} | " + " | ".join(cells) + f" | {cut} of {played} |")
    lines.append("")
    if pairs:
        order = [
            f"{names[i]} {'beats' if low > 0.5 else 'is level with' if high >= 0.5 else 'loses to'} "
            f"{names[i + 1]} ({rate:.1%} [{low:.1%}, {high:.1%}] over {played} games)"
            for i, (rate, low, high, played) in enumerate(pairs)
        ]
        lines.append("Each listed player against the next, with the Wilson 95% interval: " + "; ".join(order) + ".")
    else:
        order = [
            f"{names[i]} {'beats' if table.score(i, i + 1) > 0.5 else 'does not beat'} {names[i + 1]} "
            f"({table.score(i, i + 1):.0%})"
            for i in range(len(names) - 1)
        ]
        lines.append("In the listed order: " + "; ".join(order) + ".")
    lines.append("")
    return "\n".join(lines)


KEPT = re.compile(r"<!-- kept: .*?<!-- /kept -->\n", re.S)


def kept_blocks(page: Path) -> Dict[str, str]:
    """The ``<!-- kept: ... -->`` blocks of each section of ``page``, by title, to carry over."""
    if not page.exists():
        return {}
    out: Dict[str, str] = {}
    for part in page.read_text(encoding="utf-8").split("\n## ")[1:]:
        blocks = KEPT.findall(part)
        if blocks:
            out[part.split("\n", 1)[0]] = "".join(blocks)
    return out


def replace_section(page: Path, title: str, text: str) -> None:
    """Replaces the section headed ``## title`` of ``page`` with ``text``."""
    sections = page.read_text(encoding="utf-8").split("\n## ")
    for i, part in enumerate(sections):
        if i and part.split("\n", 1)[0] == title:
            sections[i] = text[len("## ") :]
            page.write_text("\n## ".join(sections), encoding="utf-8")
            return
    raise SystemExit(f"{page} has no section {title!r}")


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair (default 40)")
    parser.add_argument("--pair-games", type=int, default=0, help="more games of each listed player against the next")
    parser.add_argument("--libro-pair-games", type=int, help="the same for the Libro games (default: --pair-games)")
    parser.add_argument(
        "--pair-games-for", action="append", default=[], metavar="GAME=N",
        help="games of each listed pair for one game name (players close in strength need more)",
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "players.md")
    parser.add_argument("--only", help="run only the games whose name or section title contains this (prints, writes nothing)")
    parser.add_argument(
        "--update", action="store_true",
        help="with --only: replace those games' sections of the page in place, keeping the others",
    )
    args = parser.parse_args(argv)
    libro_pairs = args.pair_games if args.libro_pair_games is None else args.libro_pair_games
    special = {k: int(v) for k, _, v in (t.partition("=") for t in args.pair_games_for)}
    command = (
        f"python py/scripts/ladder.py --games {args.games} --pair-games {args.pair_games} "
        f"--libro-pair-games {libro_pairs} "
        + "".join(f"--pair-games-for {k}={v} " for k, v in special.items())
        + f"--threads {args.threads} --seed {args.seed}"
    )
    parts = [
        "# The players and their ladder",
        "",
        "Every game has built-in players (`racegames.players.list_players(game)` names them, "
        "strongest first; `make_player(name, game, seed=...)` builds one). This page is the "
        "round robin that measures them: each pair of players meets in the same number of "
        "games, seats rotating (in a game for more than two players the pair shares the seats "
        "alternately, and a side wins when one of its seats has the highest return, alone).",
        "",
        "The Elo ratings are the maximum-likelihood fit of the Bradley-Terry model to the "
        "table (a draw counts half a win; one virtual draw per pair keeps a clean sweep "
        "finite), shifted so that `random` is at 0. Each cell is the row player's score "
        "against the column player. With few games a pair, the intervals are wide: "
        "`python -m racegames.arena GAME PLAYER PLAYER --games N` measures one pairing "
        "with its Wilson 95% interval. The Halma games have no dice, so their games "
        "between deterministic players would repeat: each of their games opens with "
        "two random moves per seat (drawn from the game's seed).",
        "",
        "The players: `greedy` takes the end of its turn that the game's hand-written evaluation likes best; `expectimax` (two players with dice) and `mcts` search, on the network shipped for backgammon, Seys dos e as and Daldøs where there is one and on the hand-written evaluation elsewhere. Below each table, each listed player meets the next one in more games, with the Wilson 95% interval of its score: \"beats\" when the whole interval is above one half, \"is level with\" when it contains one half. In the Libro games with three dice and no net, expectimax searches one turn deep on the hand-written evaluation, which is greedy's own search: the two are one player there.",
        "",
        f"Regenerate this page with `{command}` "
        f"(this run: racegames {racegames.__version__}, {datetime.date.today().isoformat()}).",
        "",
    ]
    kept = kept_blocks(args.out)
    for title, name, params in GAME_SETS:
        if args.only and args.only not in name and args.only not in title:
            continue
        game = racegames.make_game(name, **params)
        names = players.list_players(game)
        start = time.perf_counter()
        opening = opening_for(game)
        table = arena.round_robin(
            game, names, games=args.games, seed=args.seed, threads=args.threads, opening=opening
        )
        pair_games = special.get(name, libro_pairs if name in LIBRO_GAMES else args.pair_games)
        pairs = adjacent_pairs(game, names, pair_games, args.seed, args.threads, opening) if pair_games else []
        seconds = time.perf_counter() - start
        text = section(title, game, table, seconds, opening, pairs)
        if title in kept:
            text += "\n" + kept[title]
        print(text, flush=True)
        parts.append(text)
        if args.only and args.update:
            replace_section(args.out, title, text)
        if not args.only:
            # After each game, so that an interrupted run keeps what it measured.
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text("\n".join(parts), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
