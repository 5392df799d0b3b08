"""Long work is bounded and interruptible (issue 27).

- a decision at the largest accepted settings of ``expectimax`` and
  ``mcts`` ends within its documented bound, and is still deterministic;
- Ctrl-C during a long decision raises ``KeyboardInterrupt`` within a
  second, and the player is usable afterwards;
- ``_tables_turn_ends`` ends on a game with unlimited extra throws;
- the same seed and state give the same action, whatever the player was
  asked before (a player in the middle of its turn and a fresh one).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import sigint_as_default

import racegames
from racegames import _core
from racegames.players import make_player

#: The documented safety net of one decision (racegames_players::limit).
DECISION_TIME_LIMIT = 20.0


def first_decision(game: racegames.Game, seed: int) -> racegames.State:
    state = game.new_initial_state()
    rng = __import__("random").Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice(outcomes)[0])
    return state


def timed_act(player: racegames.players.Player, state: racegames.State) -> tuple:
    start = time.perf_counter()
    action = player.act(state)
    return action, time.perf_counter() - start


@pytest.mark.parametrize(
    "params",
    [
        {"depth": 4},
        {"depth": 3, "beam": 0, "prune": False},
        {"budget": 100_000_000},
        {"depth": 4, "beam": 0, "prune": False, "root_filter": 100.0},
    ],
    ids=["depth4", "depth3-full", "budget-max", "depth4-root-filter-full"],
)
def test_expectimax_decisions_are_bounded_and_deterministic(params: dict) -> None:
    game = racegames.make_game("backgammon")
    state = first_decision(game, 5)
    action, seconds = timed_act(make_player("expectimax", game, seed=1, **params), state)
    assert seconds < DECISION_TIME_LIMIT + 2
    assert action in state.legal_actions()
    # The work caps, not the clock, stop it: a fresh player agrees.
    again, _ = timed_act(make_player("expectimax", game, seed=1, **params), state)
    assert again == action


@pytest.mark.parametrize("game_name", ["daldos", "chinese_checkers"])
def test_mcts_decisions_at_the_largest_settings_are_bounded(game_name: str) -> None:
    kwargs = {"players": 6} if game_name == "chinese_checkers" else {}
    game = racegames.make_game(game_name, **kwargs)
    state = first_decision(game, 2)
    player = make_player("mcts", game, seed=3, simulations=1_000_000, rollout_plies=10_000)
    action, seconds = timed_act(player, state)
    assert seconds < DECISION_TIME_LIMIT + 2
    assert action in state.legal_actions()


CHILD = textwrap.dedent(
    """
    import sys, time
    import racegames
    from racegames.players import make_player
    game = racegames.make_game("backgammon")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    # Seconds of work (capped, not timed): long enough to interrupt.
    player = make_player("expectimax", game, seed=1, depth=3, beam=0, prune=False)
    print("ready", flush=True)
    try:
        # Decisions one after another (each is capped at seconds): the
        # signal comes during one of them, whatever the machine's speed.
        end = time.monotonic() + 60
        while time.monotonic() < end:
            player.act(state)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    print("usable", player.act(state) in state.legal_actions(), flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_long_decision_within_a_second() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=sigint_as_default,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.5)
        sent = time.monotonic()
        os.kill(child.pid, signal.SIGINT)
        line = child.stdout.readline().split()
        assert line[:1] == ["interrupted"], (line, child.stderr.read() if child.stderr else "")
        assert float(line[1]) - sent < 1.0
        out, err = child.communicate(timeout=60)
        assert "usable True" in out, err
    finally:
        if child.poll() is None:
            child.kill()
        # Closes the pipes too: a failed test leaves no open file behind.
        child.communicate()


def test_an_interrupted_player_decides_again_as_a_fresh_one() -> None:
    # A decision leaves nothing behind that changes the next one.
    game = racegames.make_game("daldos")
    state = first_decision(game, 4)
    a = make_player("mcts", game, seed=9, simulations=300)
    b = make_player("mcts", game, seed=9, simulations=300)
    assert a.act(state) == b.act(state)


def test_turn_ends_stop_on_unlimited_extra_throws() -> None:
    game = racegames.make_game("pareia_de_entrada")
    state = game.new_initial_state()
    start = time.perf_counter()
    try:
        ends = _core._tables_turn_ends(state)
    except ValueError as e:
        assert "positions" in str(e)
    else:
        assert ends
    assert time.perf_counter() - start < 30


def test_same_seed_and_state_same_action_within_a_turn() -> None:
    # The position: Seys dos e as, the player that planned the turn
    # and a fresh one disagreed (6:11-17 against 6:10-16).
    game = racegames.make_game("seys_dos_e_as")
    rng = __import__("random").Random(7)
    for game_seed in range(2):
        playing = make_player("expectimax", game, seed=game_seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and decisions < 60:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            fresh = make_player("expectimax", game, seed=game_seed)
            action = playing.act(state)
            assert fresh.act(state) == action, state.notation()
            state.apply_action(action)
            decisions += 1


# --- policy files -----------------------------------------------------------

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from racegames.train.policy_file import read_policy, write_policy  # noqa: E402


def random_policy(path: Path, game: racegames.Game, seed: int) -> None:
    rng = np.random.default_rng(seed)
    obs, actions = int(np.prod(game.observation_tensor_shape())), game.num_distinct_actions()
    layers = [
        (rng.normal(size=(8, obs)).astype(np.float32), rng.normal(size=8).astype(np.float32)),
        (rng.normal(size=(actions, 8)).astype(np.float32), rng.normal(size=actions).astype(np.float32)),
    ]
    write_policy(path, game.name, obs, actions, layers)


@pytest.mark.parametrize("odd", ["dir", "/dev/zero", "fifo", "big"])
def test_the_policy_loader_reads_small_regular_policy_files_only(tmp_path: Path, odd: str) -> None:
    game = racegames.make_game("daldos")
    if odd == "dir":
        path, words = str(tmp_path), "not a regular file"
    elif odd == "fifo":
        path, words = str(tmp_path / "fifo"), "not a regular file"
        os.mkfifo(path)
    elif odd == "big":
        path, words = str(tmp_path / "big"), "not a racegames policy file"
        with open(path, "wb") as f:
            f.truncate(3 << 30)
    else:
        path, words = odd, "not a regular file"
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words):
        make_player("policy", game, path=path)
    with pytest.raises(ValueError, match=words):
        read_policy(path)
    assert time.perf_counter() - start < 5


def test_read_policy_shares_the_native_checks(tmp_path: Path) -> None:
    game = racegames.make_game("daldos")
    good = tmp_path / "p.rgpl"
    random_policy(good, game, 1)
    data = good.read_bytes()
    for cut in (5, 9, 14, 30, len(data) - 3):
        bad = tmp_path / f"cut{cut}.rgpl"
        bad.write_bytes(data[:cut])
        with pytest.raises(ValueError):
            read_policy(bad)
    name, obs, actions, layers = read_policy(good)
    layers[0][0][0, 0] = np.nan
    with pytest.raises(ValueError, match="finite"):
        write_policy(tmp_path / "nan.rgpl", name, obs, actions, layers)
    assert not (tmp_path / "nan.rgpl").exists()


def test_a_pickled_policy_player_carries_its_weights(tmp_path: Path) -> None:
    import pickle

    game = racegames.make_game("daldos")
    path = tmp_path / "p.rgpl"
    random_policy(path, game, 1)
    player = make_player("policy", game, seed=0, path=str(path))
    blob = pickle.dumps(player)
    states = []
    state = game.new_initial_state()
    rng = __import__("random").Random(3)
    while not state.is_terminal() and len(states) < 40:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    expected = [player.act(s) for s in states]
    random_policy(path, game, 2)  # rewritten with other weights
    assert [pickle.loads(blob).act(s) for s in states] == expected
    path.unlink()
    again = pickle.loads(blob)
    assert [again.act(s) for s in states] == expected
    assert again.get_parameters() == {"path": str(path)}


def test_a_turns_policy_chooses_from_the_state_alone(tmp_path: Path) -> None:
    # A turns policy used to follow the ply it chose at the turn's start; it
    # now chooses afresh, so a fresh player with the same seed agrees.
    game = racegames.make_game("seys_dos_e_as")
    rng = np.random.default_rng(3)
    obs = int(np.prod(game.observation_tensor_shape()))
    layers = [
        (rng.normal(size=(8, obs)).astype(np.float32), rng.normal(size=8).astype(np.float32)),
        (rng.normal(size=(1, 8)).astype(np.float32), rng.normal(size=1).astype(np.float32)),
    ]
    path = tmp_path / "turns.rgpl"
    write_policy(path, game.name, obs, game.num_distinct_actions(), layers, kind="turns")
    dice = __import__("random").Random(5)
    playing = make_player("policy", game, path=str(path), seed=1)
    state = game.new_initial_state()
    decisions = within_turn = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance_node():
            state.apply_action(dice.choice(state.chance_outcomes())[0])
            continue
        fresh = make_player("policy", game, path=str(path), seed=1)
        action = playing.act(state)
        assert fresh.act(state) == action, state.notation()
        owner = state.current_player()
        state.apply_action(action)
        decisions += 1
        within_turn += not state.is_chance_node() and state.current_player() == owner
    assert within_turn > 10
