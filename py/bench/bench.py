#!/usr/bin/env python3
"""Random-play speed of racegames from Python, beside its peers: decisions
and whole games per second, printed or written as the documentation's
benchmarks page (``--report``).

A decision is one action of the player to move (chance outcomes are not
decisions: they are drawn inside the step or by the loop); a game is one
random game played to its end (or cut at the game's turn limit). Each row
is measured in rounds (``--repeats`` of ``--seconds``, after a warm-up of a
quarter round); within a round the runners take turns, so a busy machine
slows them alike. A row's decisions per second are the median over the
rounds; its games per second are those divided by its decisions per game:
the mean over the whole games it played in the rounds, or, for a row whose
games all start together and end in bursts, the mean of a row that plays
the same random games one after another (``VectorEnv``: the ``state-api``
row's; pgx batched: its 1-env row's). Its ratio to ``state-api`` is the
median of the per-round ratios of games per second (games, unlike
decisions, mean the same thing in every implementation).

- ``state-api``: a plain Python loop over ``State`` (chance by probability,
  decisions uniformly random: the loop of common.py's ``random_play``,
  also counting games);
- ``native-playout``: ``State.play_random`` (the whole game in Rust). Its
  decisions per game are the ``state-api`` row's where the game has chance
  nodes (``play_random`` counts the dice too), so its decisions per second
  are derived there (marked ``≈``);
- ``gym``: ``gymnasium.make("racegames/<Game>-v0")`` against the native
  random opponent (a step is the agent's decision, the opponent's replies
  and the dice played inside it; only the agent's decisions count);
- ``vector-N``: ``racegames.vector.VectorEnv`` with N environments in
  self-play (``opponent=None``: each step is one decision in every
  environment, except those starting a new episode), actions from
  ``random_actions()`` (no Python work per environment), on one thread.

Peers (``PEERS``) are measured where installed and where they have the
game: a peer without the game has no row, one not installed a row that
says so:

- ``openspiel state-api``: the same Python loop over OpenSpiel's states
  (``pyspiel``; backgammon and Chinese checkers);
- ``pgx-N (jax, CPU)``: ``pgx.make(<game>)`` (backgammon only: pgx has no
  Daldøs, Chinese checkers nor any other racegames game), its ``step``
  with ``auto_reset``, ``jax.vmap``-ed over a batch of N and ``jax.jit``-ed
  together with the random legal actions (``pgx.experimental.act_randomly``'s draw)
  and the game counters, timed after compilation; ``pgx-1`` is one
  environment, jitted without vmap. JAX runs on the CPU, XLA's
  multithreaded Eigen off (``XLA_FLAGS``, unless already set), as the
  racegames rows run on one thread.

    python py/bench/bench.py [--games daldos] [--sizes 256 1024] [--repeats 5] [--seconds 1]
    python py/bench/bench.py --report docs/benchmarks.md
    python py/bench/bench.py --games backgammon chinese_checkers --rows 'openspiel state-api' --repeats 7

``--report PATH`` runs backgammon, Daldøs and Chinese checkers (2 players)
with 256 and 1,024 environments (unless ``--games``/``--sizes`` say
otherwise) and writes a Markdown page: the machine, its load average
before and after, the command, and a table per game.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import shlex
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

# Nothing here uses BLAS; keep its worker threads from competing with the
# measured ones on a small machine. JAX (pgx) computes on the CPU, on one
# thread like the racegames rows (set before jax is imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np

import racegames

# The page's half (bench_page.py, beside this file), also when this file is
# loaded by path rather than run.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import Row, _games, _load, _num, _per_decision, write_report  # noqa: E402
from bench_page import markdown_table  # noqa: E402, F401  (bench.markdown_table, as the test reads it)

#: The Gymnasium id of each game.
GYM_IDS = {
    "daldos": "racegames/Daldos-v0",
    "seys_dos_e_as": "racegames/SeysDosEAs-v0",
    "backgammon": "racegames/Backgammon-v0",
    "chinese_checkers": "racegames/ChineseCheckers-v0",
    "halma": "racegames/Halma-v0",
}

#: The games and sizes of ``--report``, and their headings.
REPORT_GAMES = ["backgammon", "daldos", "chinese_checkers"]
REPORT_SIZES = [256, 1024]


@dataclass
class Tally:
    """The games a runner finished over the whole run, and their decisions
    (for ``native-playout``: their actions, chance included)."""

    games: int = 0
    decisions: int = 0


#: A runner does work for about ``seconds`` and returns ``(decisions,
#: elapsed)``; it adds the games it finishes to its ``Tally``.
Run = Callable[[float], Tuple[int, float]]


@dataclass
class Runner:
    run: Run
    tally: Tally
    #: Its decisions per second are derived: its tally counts actions, the
    #: dice included (``native-playout`` of a game with chance), and its
    #: decisions per game are ``per_game_from``'s.
    derived: bool = False
    note: str = ""
    #: The row whose whole games give this row's decisions per game, where
    #: this one cannot finish enough games evenly (None: its own tally).
    per_game_from: Optional[str] = None


def random_play(new_state: Callable[[], Any]) -> Runner:
    """The random-play driver loop of common.py (``random_play``, decisions),
    over any implementation of OpenSpiel's state API, also counting the
    games: whole games from ``new_state()``, chance sampled by its
    probabilities, a uniformly random legal action at each decision."""
    import random

    rng = random.Random(0)
    tally = Tally()

    def run(seconds: float) -> Tuple[int, float]:
        n = 0
        games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    n += 1
            games += 1
        elapsed = time.perf_counter() - start
        tally.games += games
        tally.decisions += n
        return n, elapsed

    return Runner(run, tally)


def state_api(name: str) -> Runner:
    return random_play(racegames.make_game(name).new_initial_state)


def _has_chance(game: Any) -> bool:
    """Whether a random game meets a chance node."""
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            return True
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return False


def native_playout(name: str) -> Runner:
    """``State.play_random`` game after game, seeds 0, 1, 2...; it counts
    every applied action (dice included)."""
    game = racegames.make_game(name)
    tally = Tally()

    def run(seconds: float) -> Tuple[int, float]:
        n, games = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            n += game.new_initial_state().play_random(tally.games + games)
            games += 1
        elapsed = time.perf_counter() - start
        tally.games += games
        tally.decisions += n
        return n, elapsed

    chance = _has_chance(game)
    note = "decisions per game taken from the State API row (`play_random` also counts the dice)" if chance else ""
    return Runner(run, tally, derived=chance, note=note, per_game_from="state-api" if chance else None)


def gym_env(name: str) -> Optional[Runner]:
    try:
        import gymnasium
    except ImportError:
        return None
    if GYM_IDS.get(name) not in gymnasium.registry:
        return None
    env = gymnasium.make(GYM_IDS[name]).unwrapped
    rng = np.random.default_rng(0)
    tally = Tally()
    state = {"obs": env.reset(seed=0)[0], "length": 0}

    def run(seconds: float) -> Tuple[int, float]:
        steps = 0
        obs, length = state["obs"], state["length"]
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            length += 1
            if term or trunc:
                tally.games += 1
                tally.decisions += length
                length = 0
                obs, _ = env.reset()
        elapsed = time.perf_counter() - start
        state["obs"], state["length"] = obs, length
        return steps, elapsed

    return Runner(run, tally, note="against the native random opponent; only the agent's decisions count")


def vector_env(name: str, num_envs: int, threads: int = 1) -> Optional[Runner]:
    try:
        from racegames.vector import VectorEnv
    except ImportError:
        return None
    env = VectorEnv(name, num_envs, seed=0, opponent=None, copy=False, threads=threads)
    env.reset(seed=0)
    tally = Tally()
    resetting = 0

    def run(seconds: float) -> Tuple[int, float]:
        nonlocal resetting
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            _, _, term, trunc, _ = env.step(env.random_actions())
            # An environment whose episode ended at the last step starts a
            # new one at this step, without a decision.
            n += num_envs - resetting
            resetting = int(np.count_nonzero(term | trunc))
            tally.games += resetting
        elapsed = time.perf_counter() - start
        tally.decisions += n
        return n, elapsed

    # All its games start together, so those it finishes in a round come in
    # bursts, shortest first: its decisions per game are the State API
    # row's, whose random games are the same.
    note = "decisions per game: the State API row's (the same random games)"
    return Runner(run, tally, note=note, per_game_from="state-api")


def openspiel_peer(name: str) -> Optional[Runner]:
    """OpenSpiel's states in the same Python loop, for games it has."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if name not in ("backgammon", "chinese_checkers") or name not in pyspiel.registered_names():
        return None
    runner = random_play(pyspiel.load_game(name).new_initial_state)
    if name == "backgammon":
        runner.note = "a decision moves both dice (racegames and pgx: one die)"
    else:
        runner.note = "a decision is one hop of a jump chain, or its end (racegames: a whole move)"
    return runner


#: The racegames games pgx has (``pgx.available_envs()`` has none of the
#: others: no Daldøs, tables game but backgammon, Chinese checkers or Halma).
PGX_GAMES = {"backgammon": "backgammon"}


def pgx_peer(name: str, num_envs: int) -> Optional[Runner]:
    """pgx's jitted step over a batch of ``num_envs`` (vmapped; one
    environment unbatched when ``num_envs`` is 1) on the CPU, random legal
    actions drawn with jax, timed after compilation."""
    if name not in PGX_GAMES:
        return None
    try:
        import jax  # type: ignore[import-not-found]
        import jax.numpy as jnp  # type: ignore[import-not-found]
        import pgx  # type: ignore[import-not-found]
        from pgx.experimental import auto_reset  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = pgx.make(PGX_GAMES[name])
    batched = num_envs > 1
    init = jax.vmap(env.init) if batched else env.init
    step = jax.vmap(auto_reset(env.step, env.init)) if batched else auto_reset(env.step, env.init)

    def keys(key: Any) -> Any:
        return jax.random.split(key, num_envs) if batched else key

    @jax.jit
    def start(key: Any) -> Any:
        shape = (num_envs,) if batched else ()
        zero = jnp.zeros(shape, dtype=jnp.int32)
        return init(keys(key)), key, zero, jnp.int32(0), jnp.int32(0)

    @jax.jit
    def act(carry: Any) -> Any:
        # One decision in every environment (auto_reset starts the next
        # game within the step that ends one), and the games it finished.
        state, key, lengths, games, decisions = carry
        key, k1, k2 = jax.random.split(key, 3)
        # pgx.experimental.act_randomly's draw, on the last axis (it wants a batch).
        action = jax.random.categorical(k1, jnp.log(state.legal_action_mask.astype(jnp.float32)), axis=-1)
        state = step(state, action, keys(k2))
        lengths = lengths + 1
        ended = state.terminated | state.truncated
        games = games + ended.sum(dtype=jnp.int32)
        decisions = decisions + jnp.where(ended, lengths, 0).sum(dtype=jnp.int32)
        lengths = jnp.where(ended, 0, lengths)
        return state, key, lengths, games, decisions

    carry = act(start(jax.random.PRNGKey(0)))  # compiles
    jax.block_until_ready(carry)
    holder = [carry]
    tally = Tally()

    block = [1]  # steps dispatched asynchronously (as pgx is used) between syncs

    def run(seconds: float) -> Tuple[int, float]:
        carry = holder[0]
        steps = 0
        start_time = time.perf_counter()
        while time.perf_counter() - start_time < seconds:
            t = time.perf_counter()
            for _ in range(block[0]):
                carry = act(carry)
            jax.block_until_ready(carry)
            steps += block[0]
            # About 20 syncs a round, at most 64 steps between them.
            per_step = (time.perf_counter() - t) / block[0]
            block[0] = max(1, min(64, int(seconds / 20 / per_step)))
        elapsed = time.perf_counter() - start_time
        tally.games += int(carry[3])
        tally.decisions += int(carry[4])
        holder[0] = carry[:3] + (jnp.int32(0), jnp.int32(0))
        return steps * num_envs, elapsed

    if batched:
        note = "decisions per game: the 1-env row's (whole games one after another)"
        return Runner(run, tally, note=note, per_game_from=pgx_label(1))
    return Runner(run, tally, note="one die per decision, and a decision to pass where no checker can move")


def pgx_label(num_envs: int) -> str:
    return f"pgx-{num_envs} (jax, CPU)"


#: Peers: (name, factory). A factory returns the peer's rows for a game (none
#: where the peer lacks the game), a row's runner None where the peer is not
#: installed: the row then reads "not installed".
PeerFactory = Callable[[str, Sequence[int]], List[Tuple[str, Optional[Runner]]]]


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _openspiel_rows(name: str, sizes: Sequence[int]) -> List[Tuple[str, Optional[Runner]]]:
    if name not in ("backgammon", "chinese_checkers"):
        return []
    return [("openspiel state-api", openspiel_peer(name))]


def _pgx_rows(name: str, sizes: Sequence[int]) -> List[Tuple[str, Optional[Runner]]]:
    if name not in PGX_GAMES:
        return []
    if not (_installed("pgx") and _installed("jax")):
        return [(pgx_label(n), None) for n in [1, *sizes]]
    return [(pgx_label(n), pgx_peer(name, n)) for n in [1, *sizes]]


PEERS: List[Tuple[str, PeerFactory]] = [("openspiel", _openspiel_rows), ("pgx", _pgx_rows)]


def runners(name: str, sizes: Sequence[int], peers: Sequence[str]) -> List[Tuple[str, Optional[Runner]]]:
    rows: List[Tuple[str, Optional[Runner]]] = [
        ("state-api", state_api(name)),
        ("native-playout", native_playout(name)),
        ("gym", gym_env(name)),
    ]
    for n in sizes:
        rows.append((f"vector-{n}", vector_env(name, n)))
    for peer, factory in PEERS:
        if peer in peers:
            t = time.perf_counter()
            more = factory(name, sizes)
            rows.extend(more)
            if any(r is not None for _, r in more):
                print(f"  ({peer}: ready in {time.perf_counter() - t:.1f}s)", flush=True)
    return rows


@dataclass
class Result:
    label: str
    runner: Runner
    rates: List[float] = field(default_factory=list)  #: decisions/s per round

    @property
    def rate(self) -> float:
        return statistics.median(self.rates)

    def per_game(self) -> Optional[float]:
        t = self.runner.tally
        return t.decisions / t.games if t.games else None


def measure(rows: Sequence[Tuple[str, Runner]], repeats: int, seconds: float) -> Dict[str, Result]:
    """Each runner's decisions per second in each of ``repeats`` rounds,
    after a warm-up of ``seconds / 4`` each (not counted in the tallies)."""
    for _, runner in rows:
        runner.run(seconds / 4)
        runner.tally.games = runner.tally.decisions = 0
    results = {label: Result(label, runner) for label, runner in rows}
    for _ in range(repeats):
        for label, runner in rows:
            n, elapsed = runner.run(seconds)
            results[label].rates.append(n / elapsed)
    return results


def table_rows(rows: Sequence[Tuple[str, Optional[Runner]]], repeats: int, seconds: float, base: str = "state-api") -> List[Optional[Row]]:
    """Measures the runners that are not None and returns a ``Row`` each
    (None for those that are), in order."""
    present = [(label, r) for label, r in rows if r is not None]
    results = measure(present, repeats, seconds)

    def per_game(label: str) -> Optional[float]:
        """Decisions per game of a row (None where it finished none)."""
        res = results.get(label)
        if res is None:
            return None
        if res.runner.derived or res.runner.per_game_from is not None:
            return per_game(res.runner.per_game_from) if res.runner.per_game_from else None
        return res.per_game()

    def game_rates(label: str) -> Optional[List[float]]:
        """A row's games per second in each round."""
        res = results[label]
        if res.runner.derived:
            actions = res.per_game()  # its own tally: actions per game
            return [r / actions for r in res.rates] if actions else None
        pg = per_game(label)
        return [r / pg for r in res.rates] if pg else None

    base_games = game_rates(base) if base in results else None
    out: List[Optional[Row]] = []
    for label, runner in rows:
        if runner is None:
            out.append(None)
            continue
        res = results[label]
        pg = per_game(label)
        games_rounds = game_rates(label)
        games = statistics.median(games_rounds) if games_rounds else None
        if runner.derived:
            decisions = games * pg if games is not None and pg else None
        else:
            decisions = res.rate
        ratio = None
        if base_games and games_rounds:
            ratio = statistics.median(g / b for g, b in zip(games_rounds, base_games))
        out.append(Row(label, decisions, games, pg, ratio, runner.derived, runner.note))
    return out


def print_rows(labels: Sequence[str], rows: Sequence[Optional[Row]]) -> None:
    print(f"  {'runner':<24} {'decisions/s':>13} {'us/decision':>12} {'games/s':>10} {'dec/game':>9} {'vs state-api':>13}")
    for label, row in zip(labels, rows):
        if row is None:
            print(f"  {label:<24} {'(not available)':>13}")
            continue
        mark = "~" if row.derived else " "
        ratio = "–" if row.ratio is None else f"{row.ratio:.2f}x"
        print(
            f"  {label:<24} {mark}{_num(row.decisions):>12} {_per_decision(row):>12} {_games(row.games):>10} "
            f"{_num(row.per_game, 1):>9} {ratio:>13}"
        )


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description="racegames random-play benchmark")
    parser.add_argument("--games", nargs="*", default=None, help="game names, or 'all' (default: daldos; "
                        "with --report: backgammon daldos chinese_checkers)")
    parser.add_argument("--sizes", nargs="*", type=int, default=None, help="VectorEnv and pgx batch sizes "
                        "(default: 256 1024)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--peers", nargs="*", default=[p for p, _ in PEERS], help="peers to measure where installed")
    parser.add_argument("--report", type=Path, default=None, help="write the Markdown benchmarks page here")
    parser.add_argument("--rows", nargs="*", default=None, help="measure only these rows (labels as printed, "
                        "e.g. state-api 'openspiel state-api'); state-api, the base of the ratios, always")
    args = parser.parse_args(argv)
    games = args.games or (REPORT_GAMES if args.report else ["daldos"])
    if games == ["all"]:
        games = racegames.list_games()
    sizes = args.sizes if args.sizes is not None else REPORT_SIZES
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    t0 = time.perf_counter()
    load_before = _load()
    profile = getattr(racegames._core, "_BUILD_PROFILE", "unknown")
    print(f"racegames {racegames.__version__} ({profile} build); median of {args.repeats} rounds of {args.seconds}s; "
          f"load {load_before}")
    tables: List[Tuple[str, List[Tuple[str, Optional[Row]]]]] = []
    for name in games:
        if name not in racegames.list_games():
            print(f"{name}: not in this build")
            continue
        print(f"\n{name}", flush=True)
        rows = runners(name, sizes, args.peers)
        if args.rows is not None:
            rows = [(label, r) for label, r in rows if label == "state-api" or label in args.rows]
        measured = table_rows(rows, args.repeats, args.seconds)
        print_rows([label for label, _ in rows], measured)
        tables.append((name, list(zip([label for label, _ in rows], measured))))
    load_after = _load()
    print(f"\nload {load_after}; {time.perf_counter() - t0:.0f}s")
    if args.report is not None:
        command = "python " + " ".join(shlex.quote(a) for a in [_script_path(), *(sys.argv[1:] if argv is None else argv)])
        write_report(args.report, command, tables, load_before, load_after, args.repeats, args.seconds, started,
                     (time.perf_counter() - t0) / 60)
        print(f"wrote {args.report}")


def _script_path() -> str:
    """This script's path, relative to the working directory when inside it."""
    here = Path(__file__).resolve()
    try:
        return str(here.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(here)


if __name__ == "__main__":
    main()
