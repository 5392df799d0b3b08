"""The arena: many games between players, and who is stronger.

    >>> import racegames
    >>> from racegames import arena, players
    >>> game = racegames.make_game("daldos")
    >>> r = arena.play(game, ["random", "random"], games=20, seed=7, threads=1)
    >>> r.games, sum(r.wins) + r.draws
    (20, 20)

- ``play()`` plays a match. Seats rotate between games (player ``i`` sits
  in seat ``(i + k) % n`` in game ``k``), and the number of games is
  rounded up to a multiple of the number of seats, so that every rotation
  is played equally often. The dice of game ``k`` come from a generator
  seeded from ``(seed, k // n)``: the ``n`` games of a rotation share
  their dice, so each deal is played from every seat and the order in
  which the players are named does not favour any. Every game starts from
  fresh copies of the players, so the result depends on the seed, never
  on ``threads``.
- Built-in players (``racegames.players.Player``, or a player name)
  play natively on ``threads`` threads with the GIL released. Any other
  callable ``state -> action`` is a player too: it is called with the GIL
  (the match then runs on one thread).
- ``opening=N`` plays N uniformly random decisions at the start of each
  game (from the game's seed) before the players take over. Without dice,
  deterministic players otherwise play the same game in every game of a
  rotation; a few random openings make the games differ.
- A player wins a game when its return is the highest, alone; otherwise
  the game is a draw. A game still going after ``turn_limit`` turns (for
  games made with ``max_turns=0``) is stopped as a draw.
- ``ArenaResult.win_rate()`` gives the share of wins with its Wilson 95%
  score interval.
- ``round_robin()`` plays every pair and fits Elo ratings (maximum
  likelihood under the Bradley-Terry model, a draw counting half, one
  virtual draw per pair so that clean sweeps stay finite; ratings average
  0).
- ``games`` is from 1 to ``MAX_GAMES`` (ten million; per pair in a round
  robin) and ``threads`` from 1 to ``MAX_THREADS`` (64, as for
  ``VectorEnv``); other values raise ``ValueError`` naming the range, a
  value that is not an int (or a bool) ``TypeError``. Nothing is allocated
  per game.
- ``progress=True`` shows a tqdm bar (games done, rate, time left; a
  widget in notebooks) on stderr.
- Ctrl-C stops a match or a round robin within about 50 ms (between two
  decisions) and raises ``KeyboardInterrupt``; the players stay usable.
- ``luck(records)`` judges games already played (records, or the states
  they reached): what the dice gave each seat, and each seat's result
  less its luck (``Luck.adjusted(seat)``), which has the result's
  expectation and much less of its noise: a few hundred games then tell
  apart players that thousands of raw results would not.
- ``record=PATH`` writes every game of a match to the file ``PATH`` as
  game records (``racegames.records.load(PATH)`` reads them back), in
  game order: each with the players in their seats, the seed of its dice
  (``Seed``) and its number in the match (``Round``).

Command line: ``python -m racegames.arena GAME PLAYER PLAYER [--games N]
[--seed S] [--threads T] [--progress | --no-progress] [--record PATH]
[--luck] [-o OPTION=VALUE ...]`` prints the result table (and with ``--record``
writes every game to ``PATH``; with ``--luck``, each player's mean return
raw and luck-adjusted, with 95% intervals). A player is a name with options, as in
``mcts:simulations=50``, ``expectimax:depth=2,beam=4`` or
``policy:path=bg.rgpl`` (values: ``true``/``false``, ints, or text,
which the players read floats from). ``--games`` defaults to 100; the progress bar shows by default
when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, SupportsIndex, Tuple, Union

from racegames import _core
from racegames._args import count as _count
from racegames._args import short as _short
from racegames._progress import _with_progress
from racegames._core import Game, Player, State, _arena_play, _arena_play_matches, _arena_round_robin, _wilson
from racegames.players import ParamValue, _game, _param_word, _seed, make_player, parse_player
from racegames._luck import Luck, luck, luck_table

__all__ = [
    "ArenaResult",
    "RoundRobin",
    "Luck",
    "play",
    "play_matches",
    "MatchesResult",
    "round_robin",
    "luck",
    "luck_table",
    "main",
    "MAX_GAMES",
    "MAX_THREADS",
]

#: A player of a match: a built-in Player, a player name, or a callable.
PlayerSpec = Union[Player, str, Callable[[State], int]]

#: Turns after which a game still going is stopped as a draw.
TURN_LIMIT: int = _core.TURN_LIMIT

#: The most games of a match (and of each pair of a round robin).
MAX_GAMES: int = _core.MAX_GAMES

#: The most threads of a match (as for ``VectorEnv``).
MAX_THREADS: int = _core.MAX_THREADS

def _label(p: PlayerSpec) -> str:
    if isinstance(p, Player):
        return p.name
    if isinstance(p, str):
        return p
    return str(getattr(p, "__name__", type(p).__name__))


def _players(game: Game, specs: Sequence[PlayerSpec], seed: int) -> Tuple[List[Any], List[str]]:
    """Players from names (seeded ``seed + i``), Players and callables, with
    their labels (numbered where a name repeats)."""
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Sequence):
        raise TypeError("players must be a list of players, player names or callables")
    made: List[Any] = []
    for i, p in enumerate(specs):
        if isinstance(p, str):
            made.append(make_player(p, game, seed=seed + i))
        elif isinstance(p, Player) or callable(p):
            made.append(p)
        else:
            raise TypeError(f"player {i} must be a Player, a player name or a callable, not {type(p).__name__}")
    labels = [_label(p) for p in specs]
    return made, [f"{x}#{i}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]


def _win_table(
    names: Sequence[str],
    wins: Sequence[int],
    win_rate: Callable[[int], Tuple[float, float, float]],
    counted: str,
    last: str,
    last_values: Sequence[str],
    footer: str,
) -> str:
    """A text table of each player's wins (headed ``counted``), win rate and
    its interval, and one more column ``last``, then ``footer``."""
    width = max(6, *(len(n) for n in names))
    wide = max(6, len(counted))
    tail = max(7, len(last))
    lines = [f"{'player':<{width}}  {counted:>{wide}}  {'win rate':>8}  {'95% interval':>15}  {last:>{tail}}"]
    for i, name in enumerate(names):
        rate, low, high = win_rate(i)
        interval = f"{low:.3f}-{high:.3f}"
        lines.append(f"{name:<{width}}  {wins[i]:>{wide}}  {rate:>8.3f}  {interval:>15}  {last_values[i]:>{tail}}")
    lines.append(footer)
    return "\n".join(lines)


class ArenaResult:
    """The result of a match, per player in the order given."""

    def __init__(self, names: List[str], counts: Dict[str, Any]) -> None:
        self.names: List[str] = names
        #: Games played.
        self.games: int = counts["games"]
        #: Games each player won (the highest return, alone).
        self.wins: List[int] = counts["wins"]
        #: Games nobody won alone.
        self.draws: int = counts["draws"]
        #: Games ended by a turn limit (the game's ``max_turns`` or the arena's).
        self.truncated: int = counts["truncated"]
        #: Each player's mean return.
        self.mean_returns: List[float] = counts["mean_returns"]
        #: Wins by seat, whoever sat there (the first-move advantage).
        self.seat_wins: List[int] = counts["seat_wins"]

    def win_rate(self, i: int) -> Tuple[float, float, float]:
        """``(rate, low, high)``: player ``i``'s share of wins and its Wilson
        95% interval."""
        return _wilson(float(self.wins[i]), self.games)

    def score(self, i: int) -> Tuple[float, float, float]:
        """Like ``win_rate()``, a draw counting half a win."""
        return _wilson(self.wins[i] + self.draws / 2, self.games)

    def table(self) -> str:
        """The result as a text table."""
        return _win_table(
            self.names, self.wins, self.win_rate, "wins", "mean return",
            [f"{r:.3f}" for r in self.mean_returns],
            f"{self.games} games, {self.draws} draws, {self.truncated} ended by the turn limit",
        )

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"ArenaResult(names={self.names!r}, games={self.games}, wins={self.wins!r}, draws={self.draws})"


def play(
    game: Union[Game, str],
    players: Sequence[PlayerSpec],
    games: SupportsIndex = 1000,
    seed: SupportsIndex = 7,
    threads: SupportsIndex = 2,
    turn_limit: SupportsIndex = TURN_LIMIT,
    opening: SupportsIndex = 0,
    progress: bool = False,
    record: Union[str, "os.PathLike[str]", None] = None,
) -> ArenaResult:
    """Plays ``games`` games (1 to ``MAX_GAMES``) of ``game`` between
    ``players`` (one per seat) on ``threads`` threads (1 to
    ``MAX_THREADS``); ``progress=True`` shows a tqdm bar; ``record=PATH``
    writes every game to ``PATH`` as game records. Ctrl-C raises
    ``KeyboardInterrupt`` within about 50 ms. See the module docs."""
    if record is not None and not isinstance(record, (str, os.PathLike)):
        raise TypeError(f"record must be a path, not {type(record).__name__}")
    g = _game(game)
    n_games = _count(games, "games", 1, MAX_GAMES)
    n_threads = _count(threads, "threads", 1, MAX_THREADS)
    limit = min(_count(turn_limit, "turn_limit", 1), (1 << 32) - 1)
    n_opening = min(_count(opening, "opening", 0), (1 << 32) - 1)
    seed64 = _seed(seed)
    made, names = _players(g, players, seed64)
    if len(made) != g.num_players():
        raise ValueError(f"{g.name} has {g.num_players()} seats, but {len(made)} players were given")
    seats = g.num_players()
    total = -(-n_games // seats) * seats
    counts = _with_progress(
        progress,
        total,
        "arena",
        lambda update: _arena_play(
            g,
            made,
            n_games,
            seed64,
            n_threads,
            limit,
            n_opening,
            update,
            None if record is None else names,
            None if record is None else os.fspath(record),
        ),
    )
    return ArenaResult(names, counts)


class MatchesResult:
    """The result of ``play_matches``, per player in the order given:
    ``wins`` counts matches."""

    def __init__(self, names: List[str], counts: Dict[str, Any]) -> None:
        self.names: List[str] = names
        #: Matches played.
        self.matches: int = counts["matches"]
        #: Matches each player won.
        self.wins: List[int] = counts["wins"]
        #: Games played in all the matches.
        self.games: int = counts["games"]
        #: Points each player scored in all the games.
        self.points: List[int] = counts["points"]

    def win_rate(self, i: int) -> Tuple[float, float, float]:
        """``(rate, low, high)``: player ``i``'s share of the matches and its
        Wilson 95% interval."""
        return _wilson(float(self.wins[i]), self.matches)

    def table(self) -> str:
        """The result as a text table."""
        return _win_table(
            self.names, self.wins, self.win_rate, "matches", "points",
            [str(p) for p in self.points], f"{self.matches} matches, {self.games} games",
        )

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"MatchesResult(names={self.names!r}, matches={self.matches}, wins={self.wins!r}, games={self.games})"


def play_matches(
    game: Union[Game, str],
    players: Sequence[Union[Player, str]],
    matches: SupportsIndex = 100,
    match_length: SupportsIndex = 7,
    seed: SupportsIndex = 7,
    threads: SupportsIndex = 2,
    turn_limit: SupportsIndex = TURN_LIMIT,
    record: Union[str, "os.PathLike[str]", None] = None,
) -> MatchesResult:
    """Plays ``matches`` whole matches of ``match_length`` points of
    ``game`` (backgammon with ``cube=True``, say; the score and the Crawford
    flag of each game are set here) between two built-in players (names or
    Players), natively on ``threads`` threads with the GIL released. Games
    follow each other with the score carried; the game after a side first
    reaches 1 point away is the Crawford game (no cube), the later ones are
    played with it. The players change seats from one match to the next;
    ``record=PATH`` writes every game, each with its score, as game
    records. Ctrl-C raises ``KeyboardInterrupt``."""
    if record is not None and not isinstance(record, (str, os.PathLike)):
        raise TypeError(f"record must be a path, not {type(record).__name__}")
    g = _game(game)
    n_matches = _count(matches, "matches", 1, MAX_GAMES)
    length = _count(match_length, "match_length", 1, 64)
    n_threads = _count(threads, "threads", 1, MAX_THREADS)
    limit = min(_count(turn_limit, "turn_limit", 1), (1 << 32) - 1)
    seed64 = _seed(seed)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or len(players) != 2:
        raise TypeError("players must be a list of two built-in players or player names")
    specs: List[Tuple[str, int, Dict[str, Any]]] = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            specs.append((p, seed64 + i, {}))
        elif isinstance(p, Player):
            specs.append((p.name, p.seed, p.get_parameters()))
        else:
            raise TypeError(f"player {i} must be a built-in Player or a player name, not {type(p).__name__}")
    labels = [_label(p) for p in players]
    names = [f"{x}#{i}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]
    counts = _arena_play_matches(
        g.new_initial_state(), specs, n_matches, length, seed64, n_threads, limit,
        None if record is None else os.fspath(record),
    )
    return MatchesResult(names, counts)


class RoundRobin:
    """The table of a round robin: every pair played ``games`` games."""

    def __init__(self, names: List[str], counts: Dict[str, Any]) -> None:
        self.names: List[str] = names
        #: ``games[i][j]``: games between ``i`` and ``j``.
        self.games: List[List[int]] = counts["games"]
        #: ``wins[i][j]``: games ``i`` won against ``j``.
        self.wins: List[List[int]] = counts["wins"]
        #: ``draws[i][j]``: games between them nobody won alone.
        self.draws: List[List[int]] = counts["draws"]
        #: ``truncated[i][j]``: games between them ended by a turn limit.
        self.truncated: List[List[int]] = counts["truncated"]
        #: Elo ratings fitted to the table, averaging 0.
        self.elo: List[float] = counts["elo"]

    def score(self, i: int, j: int) -> float:
        """``i``'s score against ``j``, a draw counting half."""
        n = self.games[i][j]
        return (self.wins[i][j] + self.draws[i][j] / 2) / n if n else 0.0

    def ranking(self) -> List[int]:
        """The players' indices, highest Elo first."""
        return sorted(range(len(self.names)), key=lambda i: -self.elo[i])

    def markdown(self) -> str:
        """The table in markdown: players by Elo, each row's score against
        each column."""
        order = self.ranking()
        head = "| player | Elo | " + " | ".join(self.names[j] for j in order) + " |"
        rule = "|---|---:|" + "---:|" * len(order)
        rows = []
        for i in order:
            cells = ["" if i == j else f"{self.score(i, j):.0%}" for j in order]
            rows.append(f"| {self.names[i]} | {self.elo[i]:+.0f} | " + " | ".join(cells) + " |")
        return "\n".join([head, rule, *rows])

    def __str__(self) -> str:
        return self.markdown()


def round_robin(
    game: Union[Game, str],
    players: Sequence[PlayerSpec],
    games: SupportsIndex = 100,
    seed: SupportsIndex = 7,
    threads: SupportsIndex = 2,
    turn_limit: SupportsIndex = TURN_LIMIT,
    opening: SupportsIndex = 0,
    progress: bool = False,
) -> RoundRobin:
    """Plays ``games`` games between every pair of ``players`` and fits Elo
    ratings. In a game for more than two, a pair shares the seats
    alternately (both seatings are played when the number of seats is
    odd), and a side wins a game when one of its seats has the highest
    return, alone. Counts, ``progress`` and Ctrl-C as for ``play()``."""
    g = _game(game)
    n_games = _count(games, "games", 1, MAX_GAMES)
    n_threads = _count(threads, "threads", 1, MAX_THREADS)
    limit = min(_count(turn_limit, "turn_limit", 1), (1 << 32) - 1)
    n_opening = min(_count(opening, "opening", 0), (1 << 32) - 1)
    seed64 = _seed(seed)
    made, names = _players(g, players, seed64)
    seats = g.num_players()
    lineups = 1 if seats % 2 == 0 else 2
    per_lineup = -(-(-(-n_games // lineups)) // seats) * seats
    total = len(made) * (len(made) - 1) // 2 * lineups * per_lineup
    counts = _with_progress(
        progress,
        total,
        "round robin",
        lambda update: _arena_round_robin(g, made, n_games, seed64, n_threads, limit, n_opening, update),
    )
    return RoundRobin(names, counts)


def _option(text: str) -> Tuple[str, ParamValue]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"an option is KEY=VALUE, not {_short(repr(text))}")
    return key, _param_word(value)


def _player_spec(text: str) -> Tuple[str, Dict[str, ParamValue]]:
    """A player argument, as `racegames.players.parse_player` reads it."""
    try:
        return parse_player(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


_EPILOG = """\
players: a built-in player name, with options after a colon, for example
  random   greedy   mcts:simulations=50   expectimax:depth=2,beam=4
  policy:path=bg.rgpl   (a policy file written by python -m racegames.train)
  random:seed=3   (a player's own seed; else --seed plus its seat)
values are true/false, ints, reals (exploration=1.4) or text;
racegames.players.list_players(game) names the players of a game,
and its docs their options.

examples:
  python -m racegames.arena backgammon expectimax:depth=1 random --games 200
  python -m racegames.arena daldos mcts:simulations=50 greedy --threads 2
"""


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: plays a match and prints the result table."""
    parser = argparse.ArgumentParser(
        prog="python -m racegames.arena",
        description="Plays built-in players against each other and prints wins with 95% intervals.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="a game name, e.g. backgammon")
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        type=_player_spec,
        help="one player per seat: NAME or NAME:KEY=VALUE,... (see below)",
    )
    parser.add_argument("--games", type=int, default=100, help=f"games to play, 1 to {MAX_GAMES} (default 100)")
    parser.add_argument("--seed", type=int, default=7, help="the seed of the dice (default 7)")
    parser.add_argument("--threads", type=int, default=2, help=f"threads, 1 to {MAX_THREADS} (default 2)")
    parser.add_argument("--opening", type=int, default=0, help="random decisions opening each game (default 0)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr: games done, rate, time left (default: when stderr is a terminal)",
    )
    parser.add_argument("--record", metavar="PATH", help="write every game to PATH as game records")
    parser.add_argument(
        "--match",
        type=int,
        metavar="L",
        help="play whole matches of L points (backgammon with the cube): --games counts matches",
    )
    parser.add_argument(
        "--luck",
        action="store_true",
        help="also print each player's luck-adjusted mean return (games with dice; see racegames.arena.luck)",
    )
    parser.add_argument(
        "-o", "--option", type=_option, action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    args = parser.parse_args(argv)
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    try:
        from racegames import make_game

        game = make_game(args.game, **dict(args.option))
        seed = _seed(args.seed)
        # A seed in a player's spec (random:seed=3) wins over the arena's.
        made = [make_player(name, game, **{"seed": seed + i, **params}) for i, (name, params) in enumerate(args.players)]
        if args.match is not None:
            start = time.perf_counter()
            matches = play_matches(
                game, made, matches=args.games, match_length=args.match, seed=seed,
                threads=args.threads, record=args.record,
            )
            seconds = time.perf_counter() - start
            print(f"{game!r}: {' vs '.join(matches.names)}, matches to {args.match}, seed {args.seed}")
            print(matches.table())
            print(f"{seconds:.2f} s")
            return 0
        with tempfile.TemporaryDirectory() as scratch:
            record = args.record or (os.path.join(scratch, "games.txt") if args.luck else None)
            start = time.perf_counter()
            result = play(
                game,
                made,
                games=args.games,
                seed=seed,
                threads=args.threads,
                opening=args.opening,
                progress=progress,
                record=record,
            )
            seconds = time.perf_counter() - start
            adjusted = None
            if args.luck and record is not None:
                from racegames import records

                recs = records.load(record)
                adjusted = luck_table(recs, luck(recs, threads=args.threads, progress=progress), result.names)
    except (ValueError, TypeError, OSError) as e:
        # Whole: the longest message, a player's parameters with their
        # ranges, runs to about 400 characters (the library cuts any value it
        # echoes); only a message holding a huge input is cut.
        parser.error(_short(str(e), 2000))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    print(f"{game!r}: {' vs '.join(result.names)}, seed {args.seed}, {args.threads} threads")
    print(result.table())
    print(f"{seconds:.2f} s, {_speed(result.games, seconds)}")
    if adjusted is not None:
        print(adjusted)
    return 0


def _speed(games: int, seconds: float) -> str:
    """The summary's speed: games a second with two significant digits or
    more, or seconds a game for a match slower than one game a second."""
    if games <= 0 or seconds <= 0:
        return "no time measured"
    rate = games / seconds
    if rate >= 10:
        return f"{rate:.0f} games/s"
    if rate >= 1:
        return f"{rate:.1f} games/s"
    per_game = seconds / games
    return f"{per_game:.1f} s/game" if per_game < 100 else f"{per_game:.0f} s/game"


if __name__ == "__main__":
    sys.exit(main())
