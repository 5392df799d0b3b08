"""`VectorEnv.afterstates()` and afterstate policy files: each legal action's
resulting position, computed natively, agrees with applying the action to a
copy of the state; an afterstate policy plays its best-scored position."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional

import numpy as np
import pytest

import racegames
from racegames import players
from racegames.train.policy_file import TERMINAL_SCORE, read_policy_kind, write_policy

pytest.importorskip("gymnasium")
from racegames.vector import VectorEnv  # noqa: E402


def _afterstate_rows(state: racegames.State, actor: int) -> tuple[list[int], np.ndarray, np.ndarray]:
    """Each legal action, the observation after it and its terminal return,
    the slow way: one copy of the state per action."""
    actions = state.legal_actions()
    obs, terminal = [], []
    for a in actions:
        after = state.clone()
        after.apply_action(a)
        if after.is_terminal():
            obs.append(np.zeros(np.prod(state.get_game().observation_tensor_shape()), np.float32))
            terminal.append(after.returns()[actor])
        else:
            obs.append(np.asarray(after.observation_tensor(actor), np.float32).ravel())
            terminal.append(np.nan)
    return actions, np.array(obs), np.array(terminal, np.float32)


@pytest.mark.parametrize(
    "name, params", [("backgammon", {}), ("daldos", {}), ("seys_dos_e_as", {}), ("chinese_checkers", {"players": 3})]
)
def test_afterstates_are_the_legal_actions_applied_to_copies(name: str, params: dict) -> None:
    env = VectorEnv(name, 6, seed=3, opponent="random", seat="random", observation="flat", **params)
    obs, infos = env.reset(seed=3)
    rng = np.random.default_rng(0)
    checked = ended = 0
    for _ in range(60):
        counts, actions, after_obs, terminal = env.afterstates()
        assert len(counts) == env.num_envs
        assert after_obs.shape == (counts.sum(), obs.shape[1]) and len(actions) == len(terminal) == counts.sum()
        start = 0
        for i in range(env.num_envs):
            rows = slice(start, start + counts[i])
            start += counts[i]
            mask = infos["action_mask"][i]
            assert actions[rows].tolist() == np.flatnonzero(mask).tolist()
            if infos["current_player"][i] < 0:
                # A finished row: action 0 alone, like its mask.
                assert actions[rows].tolist() == [0] and np.isnan(terminal[rows]).all()
                ended += 1
                continue
            state = env.state(i)
            want_actions, want_obs, want_terminal = _afterstate_rows(state, int(infos["current_player"][i]))
            assert actions[rows].tolist() == want_actions
            np.testing.assert_array_equal(after_obs[rows], want_obs)
            np.testing.assert_array_equal(terminal[rows], want_terminal)
            checked += 1
        chosen = np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
        obs, _, _, _, infos = env.step(chosen)
    assert checked > 100


def test_a_move_that_ends_the_game_carries_its_return() -> None:
    # Random games run until some afterstate ends the game.
    env = VectorEnv("backgammon", 32, seed=5, opponent="random", seat="random", observation="flat")
    env.reset(seed=5)
    seen = 0
    for _ in range(600):
        counts, actions, after_obs, terminal = env.afterstates()
        done = ~np.isnan(terminal)
        if done.any():
            assert set(terminal[done].tolist()) <= {-1.0, 1.0}
            assert not after_obs[done].any()
            seen += int(done.sum())
        env.step(env.random_actions())
    assert seen > 0


def _random_afterstate_policy(path: Path, game: racegames.Game, hidden: int = 12, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    obs = int(np.prod(game.observation_tensor_shape()))
    layers = [
        (rng.normal(size=(hidden, obs)).astype(np.float32), rng.normal(size=hidden).astype(np.float32)),
        (rng.normal(size=(1, hidden)).astype(np.float32), rng.normal(size=1).astype(np.float32)),
    ]
    write_policy(path, game.name, obs, game.num_distinct_actions(), layers, kind="afterstates")


def test_an_afterstate_policy_file_round_trips_and_keeps_its_kind(tmp_path: Path) -> None:
    game = racegames.make_game("daldos")
    _random_afterstate_policy(tmp_path / "a.rgpl", game)
    name, obs, actions, layers, kind = read_policy_kind(tmp_path / "a.rgpl")
    assert (name, obs, actions, kind) == ("daldos", 204, 2548, "afterstates")
    assert [w.shape for w, _ in layers] == [(12, 204), (1, 12)]
    with pytest.raises(ValueError, match="kind"):
        write_policy(tmp_path / "b.rgpl", "daldos", 204, 2548, layers, kind="moves")
    with pytest.raises(ValueError, match="gives 1 values"):
        write_policy(tmp_path / "c.rgpl", "daldos", 204, 2548, layers)


def _random_decisions(game: racegames.Game, seed: int) -> Iterator[racegames.State]:
    """The decision positions of random games, without end: each is moved
    on by a random legal action once the caller has read it."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        yield state
        actions = state.legal_actions()
        state.apply_action(actions[rng.integers(len(actions))])


def _clear_best(path: Path, obs: np.ndarray, terminal: np.ndarray) -> Optional[int]:
    """The row numpy scores highest by the policy file's two layers, or
    None when the top two are too close to tell (float32 in Rust against
    float64 here)."""
    (w1, b1), (w2, b2) = read_policy_kind(path)[3]
    scores = np.maximum(obs @ w1.T + b1, 0) @ w2.T[:, 0] + b2[0]
    scores = np.where(np.isnan(terminal), scores, TERMINAL_SCORE * np.nan_to_num(terminal))
    top2 = np.sort(scores)[-2:] if len(scores) > 1 else [0, np.inf]
    return int(np.argmax(scores)) if top2[1] - top2[0] > 1e-3 else None


@pytest.mark.parametrize("name", ["backgammon", "daldos"])
def test_an_afterstate_policy_plays_its_best_scored_position(tmp_path: Path, name: str) -> None:
    game = racegames.make_game(name)
    path = tmp_path / "a.rgpl"
    _random_afterstate_policy(path, game)
    player = players.make_player("policy", game, path=str(path))
    checked = 0
    for state in _random_decisions(game, 2):
        actions, obs, terminal = _afterstate_rows(state, state.current_player())
        best = _clear_best(path, obs, terminal)
        if best is not None:
            assert player.act(state) == actions[best]
            checked += 1
            if checked == 150:
                break


def _turn_end_rows(state: racegames.State, actor: int) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The distinct positions at the end of ``actor``'s ply, the slow way:
    depth first over the legal actions in increasing order, each position in
    the middle of the ply searched once; with the first action of each."""
    size = int(np.prod(state.get_game().observation_tensor_shape()))
    firsts: list[int] = []
    obs: list[np.ndarray] = []
    terminal: list[float] = []
    seen_mid: set = set()
    seen_end: set = set()

    def search(position: racegames.State, first: int | None) -> None:
        for a in position.legal_actions():
            after = position.clone()
            after.apply_action(a)
            head = a if first is None else first
            mid = not after.is_terminal() and not after.is_chance_node() and after.current_player() == actor
            if mid:
                if after not in seen_mid:
                    seen_mid.add(after)
                    search(after, head)
            elif after not in seen_end:
                seen_end.add(after)
                firsts.append(head)
                if after.is_terminal():
                    obs.append(np.zeros(size, np.float32))
                    terminal.append(after.returns()[actor])
                else:
                    obs.append(np.asarray(after.observation_tensor(actor), np.float32).ravel())
                    terminal.append(np.nan)

    search(state, None)
    return firsts, np.array(obs), np.array(terminal, np.float32)


@pytest.mark.parametrize("name", ["backgammon", "seys_dos_e_as", "daldos"])
def test_turn_ends_are_the_distinct_ends_of_the_ply(name: str) -> None:
    env = VectorEnv(name, 4, seed=7, opponent="random", seat="random", observation="flat")
    obs, infos = env.reset(seed=7)
    checked = several = 0
    for _ in range(80):
        counts, actions, after_obs, terminal = env.afterstates(turns=True)
        assert after_obs.shape == (counts.sum(), obs.shape[1]) and len(actions) == len(terminal) == counts.sum()
        starts = np.cumsum(counts) - counts
        for i in range(env.num_envs):
            rows = slice(starts[i], starts[i] + counts[i])
            if infos["current_player"][i] < 0:
                assert actions[rows].tolist() == [0]
                continue
            want_actions, want_obs, want_terminal = _turn_end_rows(env.state(i), int(infos["current_player"][i]))
            assert actions[rows].tolist() == want_actions
            # Every first action is legal (an action whose ends were all
            # reached first another way need not appear).
            assert set(want_actions) <= set(np.flatnonzero(infos["action_mask"][i]).tolist())
            np.testing.assert_array_equal(after_obs[rows], want_obs)
            np.testing.assert_array_equal(terminal[rows], want_terminal)
            checked += 1
            several += len(want_actions) > len(set(want_actions))
        obs, _, _, _, infos = env.step(env.random_actions())
    assert checked > 150
    if name != "daldos":
        # Tables throws of two dice: ends outnumber first actions.
        assert several > 20


def test_a_turns_policy_heads_for_its_best_scored_end(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon")
    path = tmp_path / "t.rgpl"
    _random_afterstate_policy(path, game)
    name, obs_len, n, layers, _ = read_policy_kind(path)
    write_policy(path, name, obs_len, n, layers, kind="turns")
    assert read_policy_kind(path)[4] == "turns"
    checked = 0
    for state in _random_decisions(game, 4):
        firsts, obs, terminal = _turn_end_rows(state, state.current_player())
        best = _clear_best(path, obs, terminal)
        if best is not None:
            # A fresh player, with no plan from an earlier position.
            player = players.make_player("policy", game, path=str(path))
            assert player.act(state) == firsts[best]
            checked += 1
            if checked == 100:
                break


def test_only_the_wanted_rows_are_listed() -> None:
    env = VectorEnv("backgammon", 8, seed=9, opponent="random", seat="random", observation="flat")
    env.reset(seed=9)
    wanted = np.array([True, False] * 4)
    for turns in (False, True):
        counts, actions, obs, terminal = env.afterstates(turns=turns)
        all_plans = env.afterstate_plans()
        some_counts, some_actions, some_obs, some_terminal = env.afterstates(turns=turns, wanted=wanted)
        some_plans = env.afterstate_plans()
        starts, some_starts = np.cumsum(counts) - counts, np.cumsum(some_counts) - some_counts
        for i in range(env.num_envs):
            mine = slice(some_starts[i], some_starts[i] + some_counts[i])
            if wanted[i]:
                full = slice(starts[i], starts[i] + counts[i])
                assert some_counts[i] == counts[i]
                np.testing.assert_array_equal(some_actions[mine], actions[full])
                np.testing.assert_array_equal(some_obs[mine], obs[full])
                np.testing.assert_array_equal(some_terminal[mine], terminal[full])
                width = min(all_plans.shape[1], some_plans.shape[1])
                np.testing.assert_array_equal(some_plans[mine, :width], all_plans[full, :width])
            else:
                assert some_counts[i] == 1 and some_actions[mine].tolist() == [0] and not some_obs[mine].any()
    with pytest.raises(ValueError, match="wanted must have 8 entries"):
        env.afterstates(wanted=np.ones(3, dtype=bool))


def test_a_turn_plan_reaches_its_end() -> None:
    env = VectorEnv("backgammon", 6, seed=11, opponent="random", seat="random", observation="flat")
    env.reset(seed=11)
    counts, actions, obs, terminal = env.afterstates(turns=True)
    plans = env.afterstate_plans()
    starts = np.cumsum(counts) - counts
    for i in range(env.num_envs):
        for k in range(counts[i]):
            plan = plans[starts[i] + k]
            assert plan[0] == actions[starts[i] + k]
            state = env.state(i)
            actor = state.current_player()
            for a in plan[plan >= 0]:
                assert state.current_player() == actor
                state.apply_action(int(a))
            assert state.is_terminal() or state.is_chance_node() or state.current_player() != actor
            if not state.is_terminal():
                np.testing.assert_array_equal(np.ravel(state.observation_tensor(actor)), obs[starts[i] + k])
