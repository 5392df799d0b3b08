"""Regenerates docs/players.md: the ladder of the built-in players of every
game and seat count, measured in long runs.

    python py/scripts/ladder.py --games 200 --threads 2 --seed 7

For each game, ``racegames.players.list_players`` lists the players
strongest first. Each listed player meets the next one in ``--games`` games
(seats rotating; in a game for more than two players the pair shares the
seats alternately), and the strongest also meets ``random``. The Elo
ratings are fitted to exactly these games, so the table and the list come
from the same runs. The script checks that they agree: each player beats
the next (the Wilson 95% interval of its score above one half), or the two
are level and the list follows the measured score; the Elo ratings fall
down the list; the strongest wins at least 95% of its decided games against
``random``. ``--check`` makes any disagreement the exit status.

With ``--luck``, each pairing of a two-player game with dice is also
judged by ``racegames.arena.luck`` (its games recorded, the dice's share
taken out of each result): the score luck-adjusted, with its 95% interval,
much narrower than the raw one. A list that the luck-adjusted score
contradicts disagrees too.

A block of a section between ``<!-- kept: ... -->`` and ``<!-- /kept -->``
(a measurement made by another script, such as the matches against GNU
Backgammon on the backgammon section) is kept at the end of that section
when the page is regenerated, as it stands on the page when the section's
games are done.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import random
import re
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

import racegames
from racegames import arena, players, records
from racegames._core import _elo, _wilson
from racegames._luck import mean_interval
from racegames.records import _SEATS

REPO = Path(__file__).resolve().parents[2]

#: Values of an option that get a section of their own besides the
#: default, in whichever game has the option, with the title's ending.
OTHER_VALUES: Dict[str, Dict[Any, str]] = {"board": {"norwegian": "Norwegian board"}}
#: Seat counts tried for the games with a ``players`` option (each one the
#: game accepts gets a section).
SEAT_COUNTS = range(2, 7)


def game_sets() -> List[Tuple[str, str, Dict[str, Any]]]:
    """(title, game name, options) for every game of the registry
    (``racegames.list_games``), titled with its name for people: one per
    seat count it accepts, and one per other value of ``OTHER_VALUES``."""
    out: List[Tuple[str, str, Dict[str, Any]]] = []
    for name in racegames.list_games():
        game = racegames.make_game(name)
        defaults = game.get_parameters()
        if "players" in defaults:
            for n in SEAT_COUNTS:
                try:
                    racegames.make_game(name, players=n)
                except racegames.ParameterError:
                    continue
                out.append((f"{game.display_name}, {n} players", name, {"players": n}))
            continue
        out.append((game.display_name, name, {}))
        for key, values in OTHER_VALUES.items():
            if key in defaults:
                out += [(f"{game.display_name}, {ending}", name, {key: v}) for v, ending in values.items()]
    return out


#: (title, game name, options) for every game and seat count with players.
GAME_SETS = game_sets()

#: The least share of its decided games the strongest wins against random.
STRONGEST_VS_RANDOM = 0.95


def opening_for(game: racegames.Game) -> int:
    """Random opening decisions for games without dice (two per seat), whose
    games between deterministic players would otherwise repeat."""
    return 0 if game.max_chance_outcomes() > 0 else 2 * game.num_players()


def has_a_choice(state: racegames.State, owner: Optional[int], ends: Set[str], budget: List[int]) -> bool:
    """Whether the turn of ``owner`` begun at ``state`` can end in two
    different positions (``ends`` collects those seen; at most ``budget[0]``
    positions are visited)."""
    if budget[0] <= 0 or len(ends) > 1:
        return len(ends) > 1
    budget[0] -= 1
    if state.is_terminal() or state.is_chance_node() or state.turn_owner() != owner:
        ends.add(state.notation())
        return len(ends) > 1
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if has_a_choice(after, owner, ends, budget):
            return True
    return False


def turns_with_a_choice(game: racegames.Game, games: int, seed: int) -> Tuple[int, int]:
    """Over ``games`` games of random play: the turns whose possible ends
    differ, and all turns. A game whose turns never differ leaves its
    players nothing to choose: they all play alike."""
    rng = random.Random(seed)
    choices = turns = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal() and state.turn_count() < 1000:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            owner = state.turn_owner()
            turns += 1
            choices += has_a_choice(state, owner, set(), [10_000])
            while not state.is_terminal() and not state.is_chance_node() and state.turn_owner() == owner:
                state.apply_action(rng.choice(state.legal_actions()))
    return choices, turns


@dataclass
class Pairing:
    """The games of ``first`` against ``second`` (indices into the list)."""

    first: int
    second: int
    games: int
    wins: int
    losses: int
    truncated: int
    #: Seconds its games took (None: kept from a run that did not say).
    seconds: Optional[float] = field(default=None, compare=False)
    #: ``first``'s luck-adjusted mean return a game and the half-width of
    #: its 95% interval (None: not judged).
    luck: Optional[Tuple[float, float]] = field(default=None, compare=False)

    @property
    def draws(self) -> int:
        return self.games - self.wins - self.losses

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    def score(self) -> Tuple[float, float, float]:
        """``first``'s score (a draw counting half) with its Wilson 95% interval."""
        return _wilson(self.wins + self.draws / 2, self.games)

    def decided_wins(self) -> Tuple[float, float, float]:
        """``first``'s share of the decided games, with its Wilson 95% interval."""
        return _wilson(float(self.wins), self.decided) if self.decided else (0.0, 0.0, 1.0)

    def luck_score(self) -> Optional[Tuple[float, float, float]]:
        """``first``'s score luck-adjusted (a win one, a loss nothing: a
        return of ±1 made a share) with its 95% interval; None if not judged."""
        if self.luck is None:
            return None
        mean, half = self.luck
        return (1 + mean) / 2, (1 + mean - half) / 2, (1 + mean + half) / 2


def player_seed(seed: int, name: str) -> int:
    """A player's seed from the run's seed and its name alone, never its
    place in the list: with the dice dealt alike from both seats, a pairing
    then plays the same games whichever of the two is listed first, and
    moving a level pair in the list keeps its measured score."""
    return (seed << 32) ^ zlib.crc32(name.encode())


def pair_seed(seed: int, a: str, b: str) -> int:
    """The seed of the dice of a pairing: from the run's seed and the two
    names, whichever is first."""
    return (seed << 32) ^ zlib.crc32("|".join(sorted((a, b))).encode())


def extension_digest() -> str:
    """A digest of the built extension, which holds every player: a
    pairing's result stands for the build that measured it."""
    return hashlib.sha256(Path(racegames._core.__file__).read_bytes()).hexdigest()[:16]


class PairingCache:
    """Pairings already played, in a file of JSON lines: a pairing's games
    depend only on the build, the game, the two names, the number of games
    and the seed, so a rerun after the list's order changed plays only the
    pairings it has not seen. ``path`` None keeps nothing."""

    def __init__(self, path: Optional[Path]) -> None:
        self.path = path
        self.build = extension_digest()
        #: By key: games, the first name's wins, the second's, truncated;
        #: seconds; the first name's luck-adjusted mean and half-width.
        self.seen: Dict[str, Tuple[List[int], Optional[float], Optional[Tuple[float, float]]]] = {}
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                    seconds = entry.get("seconds")
                    luck = entry.get("luck")
                    self.seen[entry["key"]] = (
                        [int(x) for x in entry["result"]],
                        None if seconds is None else float(seconds),
                        None if luck is None else (float(luck[0]), float(luck[1])),
                    )
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue

    def key(self, game: racegames.Game, a: str, b: str, games: int, seed: int) -> str:
        low, high = sorted((a, b))
        return f"{self.build}|{game!r}|{low}|{high}|{games}|{seed}"

    def get(
        self, game: racegames.Game, names: List[str], i: int, j: int, games: int, seed: int, luck: bool = False
    ) -> Optional[Pairing]:
        """The pairing of ``names[i]`` against ``names[j]``, if played (and
        judged, with ``luck``)."""
        kept = self.seen.get(self.key(game, names[i], names[j], games, seed))
        if kept is None or (luck and kept[2] is None):
            return None
        (played, low_wins, high_wins, truncated), seconds, judged = kept[0][:4], kept[1], kept[2]
        if names[i] > names[j]:
            low_wins, high_wins = high_wins, low_wins
            # Two players' adjusted returns add up to nothing.
            judged = None if judged is None else (-judged[0], judged[1])
        return Pairing(i, j, played, low_wins, high_wins, truncated, seconds, judged)

    def put(self, game: racegames.Game, names: List[str], p: Pairing, seed: int) -> None:
        a, b = names[p.first], names[p.second]
        wins = (p.wins, p.losses) if a < b else (p.losses, p.wins)
        judged = None if p.luck is None else (p.luck if a < b else (-p.luck[0], p.luck[1]))
        key = self.key(game, a, b, p.games, seed)
        result = [p.games, wins[0], wins[1], p.truncated]
        self.seen[key] = (result, p.seconds, judged)
        entry: Dict[str, Any] = {"key": key, "result": result}
        if p.seconds is not None:
            entry["seconds"] = p.seconds
        if judged is not None:
            entry["luck"] = list(judged)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(entry) + "\n")


def judged_by_luck(game: racegames.Game) -> bool:
    """Whether ``--luck`` judges the game's pairings: two players and dice."""
    return game.num_players() == 2 and game.max_chance_outcomes() > 0


def play_judged(
    game: racegames.Game, names: List[str], i: int, j: int, games: int, seed: int, threads: int
) -> Pairing:
    """``play_pairing``'s games (``arena.play`` deals a two-player match as
    ``round_robin`` deals its pairing), recorded and judged by
    ``arena.luck``: ``names[i]``'s luck-adjusted return a game."""
    start = time.perf_counter()
    made = [players.make_player(names[k], game, seed=player_seed(seed, names[k])) for k in (i, j)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.rec"
        result = arena.play(
            game, made, games=games, seed=pair_seed(seed, names[i], names[j]), threads=threads,
            opening=opening_for(game), record=path,
        )
        recs = records.load(path)
    judged = arena.luck(recs, threads=threads)
    adjusted = [
        j.adjusted(seat)
        for rec, j in zip(recs, judged)
        for seat in range(2)
        if rec.tags.get(f"Player{_SEATS[seat]}") == names[i]
    ]
    return Pairing(
        i, j, result.games, result.wins[0], result.wins[1], result.truncated,
        time.perf_counter() - start, mean_interval(adjusted),
    )


def play_pairing(game: racegames.Game, names: List[str], i: int, j: int, games: int, seed: int, threads: int) -> Pairing:
    """Plays ``names[i]`` against ``names[j]``, the dice dealt from
    ``pair_seed``: the games depend on the two names, not their order."""
    start = time.perf_counter()
    made = [players.make_player(names[k], game, seed=player_seed(seed, names[k])) for k in (i, j)]
    table = arena.round_robin(
        game, made, games=games, seed=pair_seed(seed, names[i], names[j]), threads=threads,
        opening=opening_for(game),
    )
    return Pairing(
        i, j, table.games[0][1], table.wins[0][1], table.wins[1][0], table.truncated[0][1],
        time.perf_counter() - start,
    )


def pairings_of(names: List[str]) -> List[Tuple[int, int]]:
    """The pairings measured: each listed player against the next, and the
    strongest against ``random`` when they are not next to each other."""
    out = [(k, k + 1) for k in range(len(names) - 1)]
    if "random" in names and names.index("random") > 1:
        out.append((0, names.index("random")))
    return out


def fit_elo(n: int, results: List[Pairing]) -> List[float]:
    """Elo ratings fitted to ``results`` (one virtual draw per pairing), with
    the last player (``random``) at 0."""
    score = [[0.0] * n for _ in range(n)]
    played = [[0.0] * n for _ in range(n)]
    for p in results:
        own = p.wins + p.draws / 2
        score[p.first][p.second] += own
        score[p.second][p.first] += p.games - own
        played[p.first][p.second] += p.games
        played[p.second][p.first] += p.games
    elo = _elo(score, played, 1.0)
    return [e - elo[-1] for e in elo]


def verdict(p: Pairing) -> str:
    """How the first of a pairing stands against the second."""
    _, low, high = p.score()
    return "beats" if low > 0.5 else "loses to" if high < 0.5 else "is level with"


def elo_of(score: float) -> float:
    """The Elo gap at which the stronger scores ``score`` (0.5 to 1)."""
    score = min(score, 1 - 1e-9)
    return 400 * math.log10(score / (1 - score))


def level_allowance(results: List[Pairing], k: int) -> float:
    """The Elo by which player ``k + 1`` may stand above player ``k`` without
    contradicting the list: when their own games leave them level, as much
    as the top of that pairing's interval allows; otherwise none."""
    pair = next((p for p in results if p.first == k and p.second == k + 1), None)
    if pair is None:
        return 0.0
    _, low, high = pair.score()
    return elo_of(high) if low <= 0.5 <= high else 0.0


def disagreements(
    names: List[str], results: List[Pairing], elo: List[float], game_name: str, choice: Tuple[int, int]
) -> List[str]:
    """Where the list and the measurements disagree; empty when they agree.
    A game that leaves no choice (``choice``: turns with one, of all) has
    every player level, whatever the list."""
    if choice[0] == 0:
        return []
    out = []
    for p in results:
        a, b = names[p.first], names[p.second]
        rate = p.score()[0]
        if p.second == p.first + 1 and rate < 0.5:
            out.append(f"{a} is listed above {b} but scores {rate:.1%} against it")
        judged = p.luck_score()
        if p.second == p.first + 1 and judged is not None and judged[2] < 0.5:
            out.append(f"{a} is listed above {b} but scores {judged[0]:.1%} ± {judged[2] - judged[0]:.1%} against it, luck-adjusted")
    for k in range(len(names) - 1):
        if elo[k + 1] - elo[k] > max(0.5, level_allowance(results, k)):
            out.append(f"{names[k]}'s Elo ({elo[k]:+.0f}) is below {names[k + 1]}'s ({elo[k + 1]:+.0f})")
    top = next((p for p in results if p.first == 0 and names[p.second] == "random"), None)
    if top is not None:
        share = top.decided_wins()[0]
        if top.decided and share < STRONGEST_VS_RANDOM:
            out.append(f"{names[0]} wins {share:.1%} of its decided games against random, under 95%")
        if game_name == "doze_canes" and 2 * top.decided < top.games:
            out.append(
                f"{names[0]} decides {top.decided} of {top.games} games against random, under half "
                "(alone, even the best play fills the goal less than half the time: see "
                "[Evaluations](evaluations.md#doze-canes-the-chance-of-filling-alone))"
            )
    return out


def describe(names: List[str], p: Pairing) -> str:
    rate, low, high = p.score()
    text = f"{verdict(p)} {names[p.second]}: {rate:.1%} [{low:.1%}, {high:.1%}] over {p.games} games"
    if p.draws:
        text += f", {p.draws} drawn"
    if p.truncated:
        text += f", {p.truncated} ended by the turn limit"
    judged = p.luck_score()
    if judged is not None:
        rate, low, high = judged
        text += f"; luck-adjusted {rate:.1%} ± {high - rate:.1%}"
        if verdict(p) == "is level with" and (low > 0.5 or high < 0.5):
            text += f" ({'ahead' if low > 0.5 else 'behind'}, luck-adjusted)"
    return text


def section(
    title: str,
    game: racegames.Game,
    names: List[str],
    results: List[Pairing],
    seconds: float,
    choice: Tuple[int, int],
    elo: List[float],
    problems: List[str],
) -> str:
    """The page's section of one game, with its Elo ratings (``fit_elo``) and
    where its list and its measurements disagree."""
    opening = opening_for(game)
    start = f"; each game opens with {opening} random moves" if opening else ""
    untimed = sum(p.seconds is None for p in results)
    besides = f" (besides {untimed} pairings kept from a run that did not time them)" if untimed else ""
    lines = [f"## {title}", "", f"`{game!r}`{start}; {seconds:.0f} s{besides}.", ""]
    lines += ["| player | Elo | against the next listed player |", "|---|---:|---|"]
    for k, name in enumerate(names):
        nxt = next((p for p in results if p.first == k and p.second == k + 1), None)
        lines.append(f"| {name} | {elo[k]:+.0f} | {describe(names, nxt) if nxt else ''} |")
    lines.append("")
    top = next((p for p in results if p.first == 0 and names[p.second] == "random"), None)
    if top is not None:
        rate, low, high = top.decided_wins()
        lines.append(
            f"The strongest, {names[0]}, against random: won {top.wins} of {top.decided} decided games "
            f"({rate:.1%} [{low:.1%}, {high:.1%}]); {top.decided} of {top.games} games decided."
        )
        lines.append("")
    with_choice, turns = choice
    if with_choice:
        lines.append(
            f"In {CHOICE_GAMES} games of random play, {with_choice} of {turns} turns "
            f"({with_choice / turns:.0%}) could end in more than one position."
        )
    else:
        lines.append(
            f"**This game leaves no choice:** in {CHOICE_GAMES} games of random play, each of "
            f"{turns} turns could end in one position only. Every player plays alike, so all are "
            "level and the list's order means nothing here."
        )
        if game.name == "doblet":
            lines[-1] += (
                " In Doblet this holds in every position: `tables-core/tests/doblet_no_choice.rs` "
                "checks every arrangement of the mover's table and every throw "
                "([Evaluations](evaluations.md))."
            )
    lines.append("")
    for line in problems:
        lines.append(f"**The list and the measurements disagree:** {line}.")
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


def replace_header(page: Path, lines: List[str]) -> None:
    """Replaces what comes before the first section of ``page``."""
    sections = page.read_text(encoding="utf-8").split("\n## ")
    sections[0] = "\n".join(lines).rstrip("\n") + "\n"
    page.write_text("\n## ".join(sections), encoding="utf-8")


def replace_section(page: Path, title: str, text: str, order: Sequence[str] = ()) -> None:
    """Replaces the section headed ``## title`` of ``page`` with ``text``.
    A new section goes before the first section that ``order`` lists after
    ``title`` (the page keeps the ladder's order), or at the end."""
    sections = page.read_text(encoding="utf-8").split("\n## ")
    titles = [part.split("\n", 1)[0] for part in sections]
    body = text[len("## ") :]
    if title in titles[1:]:
        sections[titles.index(title, 1)] = body
    else:
        later = set(order[order.index(title) + 1 :]) if title in order else set()
        at = next((i for i in range(1, len(titles)) if titles[i] in later), len(sections))
        sections.insert(at, body)
    page.write_text("\n## ".join(sections), encoding="utf-8")


#: Random games over which the turns with a choice are counted.
CHOICE_GAMES = 20


def measure(
    name: str, params: Dict[str, Any], games: int, seed: int, threads: int,
    cache: Optional[PairingCache] = None, luck: bool = False,
) -> Tuple[racegames.Game, List[str], List[Pairing], float, Tuple[int, int]]:
    """Plays one game's pairings (those not in ``cache``): the game, its
    list, the results, the seconds taken, and the turns with a choice in
    random games. With ``luck``, a two-player game with dice has its
    pairings judged too."""
    game = racegames.make_game(name, **params)
    names = players.list_players(game)
    judge = luck and judged_by_luck(game)
    start = time.perf_counter()
    results = []
    kept_seconds = 0.0
    for i, j in pairings_of(names):
        known = cache.get(game, names, i, j, games, seed, judge) if cache else None
        if known is None:
            play = play_judged if judge else play_pairing
            known = play(game, names, i, j, games, seed, threads)
            if cache:
                cache.put(game, names, known, seed)
        else:
            kept_seconds += known.seconds or 0.0
        results.append(known)
    return game, names, results, time.perf_counter() - start + kept_seconds, turns_with_a_choice(game, CHOICE_GAMES, seed)


def header(command: str, minutes: Optional[float]) -> List[str]:
    took = f", {minutes:.0f} min in all" if minutes is not None else "; each section gives its own time"
    return [
        "# The players and their ladder",
        "",
        "Every game has built-in players: `racegames.players.list_players(game)` names them, "
        "strongest first, and `make_player(name, game, seed=...)` builds one. This page "
        "measures that order. For each game and seat count, each listed player meets the next "
        "one, seats rotating (in a game for more than two players the pair shares the seats "
        "alternately, and a side wins when one of its seats has the highest return, alone), "
        "and the strongest also meets `random`. Each deal of the dice is played once from "
        "every seat, so luck favours neither side, and a pairing's dice and its players' seeds "
        "come from the two names, so it plays the same games whichever is listed first. Each "
        "score counts a draw as half a win and "
        "comes with its Wilson 95% interval: a player \"beats\" the next when the whole interval "
        "is above one half, and \"is level with\" it when the interval holds one half (the list "
        "then follows the measured score).",
        "",
        "The Elo ratings are the maximum-likelihood fit of the Bradley-Terry model to these same "
        "games (one virtual draw per pairing keeps a clean sweep finite), shifted so that `random` "
        "is at 0. Two neighbours whose own games leave them level may stand in either order of Elo, "
        "by as much as their pairing's interval allows. "
        "`python -m racegames.arena GAME PLAYER PLAYER --games N` measures any other "
        "pairing (a player takes options after a colon, as in `mcts:simulations=50`; see `--help`). "
        "The Halma games have no dice, so their games between deterministic players would repeat: "
        "each of their games opens with two random moves per seat, drawn from the game's seed.",
        "",
        "The players: `greedy` takes the end of its turn that the game's hand-written evaluation "
        "likes best ([Evaluations](evaluations.md)); `expectimax` (two players with dice) and "
        "`mcts` search, on the game's shipped network where it has one ([Net files](net-files.md)) "
        "and on the hand-written evaluation elsewhere.",
        "",
        "In the two-player games with dice, a run with `--luck` also gives each score "
        "luck-adjusted, with its 95% interval: each game is judged by `racegames.arena.luck` "
        "(at every throw the game's shipped net, or its hand-written evaluation, values every "
        "throw the dice could have given, and the result less what the throws that came gave "
        "keeps its expectation with much less noise). Where the raw score leaves two players "
        "level, the luck-adjusted one can still tell them apart; a list it contradicts disagrees. "
        "It is an estimate of the score, not a count, so against `random` it can stray past 100%.",
        "",
        "A rerun plays only the pairings this build has not played before with the same number "
        "of games and seed (they are kept in `target/ladder-pairings.jsonl`; `--no-cache` plays "
        "them all again), so reordering a list costs only its new pairings.",
        "",
        f"Regenerate this page with `{command}` (this run: racegames {racegames.__version__}, "
        f"{datetime.date.today().isoformat()}{took}).",
        "",
    ]


def positive(text: str, most: Optional[int] = None) -> int:
    """A count from 1 to ``most``, as argparse reads it (a usage error else)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1 or (most is not None and n > most):
        span = "at least 1" if most is None else f"from 1 to {most}"
        raise argparse.ArgumentTypeError(f"must be {span}, not {n}")
    return n


def thread_count(text: str) -> int:
    return positive(text, arena.MAX_THREADS)


def games_for(text: str) -> Tuple[str, int]:
    """``GAME=N``: a game of the ladder and its games per pairing."""
    name, sep, count = text.partition("=")
    known = sorted({n for _, n, _ in GAME_SETS})
    if not sep:
        raise argparse.ArgumentTypeError(f"expected GAME=N, not {text!r}")
    if name not in known:
        raise argparse.ArgumentTypeError(f"{name!r} is not a game of the ladder: {', '.join(known)}")
    return name, positive(count)


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=positive, default=200, help="games of each pairing (default 200)")
    parser.add_argument(
        "--games-for", action="append", default=[], metavar="GAME=N", type=games_for,
        help="games of each pairing for one game name (players close in strength need more)",
    )
    parser.add_argument("--threads", type=thread_count, default=2, help="threads, at least 1 (default 2)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "players.md")
    parser.add_argument("--only", help="run only the games whose name or section title contains this (prints, writes nothing)")
    parser.add_argument(
        "--update", action="store_true",
        help="with --only: replace those games' sections of the page in place, keeping the others",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a list and its measurements disagree")
    parser.add_argument(
        "--cache", type=Path, default=REPO / "target" / "ladder-pairings.jsonl",
        help="where played pairings are kept, by build, game, names, games and seed, so that a rerun "
        "plays only new ones (default: target/ladder-pairings.jsonl)",
    )
    parser.add_argument("--no-cache", action="store_true", help="play every pairing, keeping nothing")
    parser.add_argument(
        "--luck", action="store_true",
        help="also judge each pairing of a two-player game with dice by racegames.arena.luck: "
        "its score luck-adjusted, with its 95%% interval",
    )
    args = parser.parse_args(argv)
    special = dict(args.games_for)
    command = (
        f"python py/scripts/ladder.py --games {args.games} "
        + "".join(f"--games-for {k}={v} " for k, v in special.items())
        + f"--threads {args.threads} --seed {args.seed}"
        + (" --luck" if args.luck else "")
    )
    kept = kept_blocks(args.out)
    cache = PairingCache(None if args.no_cache else args.cache)
    started = time.perf_counter()
    sections: List[str] = []
    disagree = 0
    for title, name, params in GAME_SETS:
        if args.only and args.only not in name and args.only not in title:
            continue
        game, names, results, seconds, choice = measure(
            name, params, special.get(name, args.games), args.seed, args.threads, cache, args.luck
        )
        elo = fit_elo(len(names), results)
        problems = disagreements(names, results, elo, name, choice)
        disagree += len(problems)
        text = section(title, game, names, results, seconds, choice, elo, problems)
        # Read again after the game's run, so that a block edited meanwhile
        # is kept as it now stands (a full run has already rewritten the
        # sections it measured, with their blocks).
        kept.update(kept_blocks(args.out))
        if title in kept:
            text += "\n" + kept[title]
        print(text, flush=True)
        sections.append(text)
        if args.only and args.update:
            replace_section(args.out, title, text, [t for t, _, _ in GAME_SETS])
        elif not args.only:
            # After each game, so that an interrupted run keeps what it measured.
            minutes = (time.perf_counter() - started) / 60
            args.out.write_text("\n".join(header(command, minutes) + sections), encoding="utf-8")
    if args.only and args.update:
        replace_header(args.out, header(command, None))
    return 1 if args.check and disagree else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
