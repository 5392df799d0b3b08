"""Trained policies as players, and leagues of opponents in VectorEnv."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import racegames
from racegames import arena, players
from racegames.train.policy_file import read_policy, write_policy

pytest.importorskip("gymnasium")
from racegames.vector import VectorEnv  # noqa: E402


def _random_policy(path: Path, game: racegames.Game, hidden: int = 16, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    obs = int(np.prod(game.observation_tensor_shape()))
    actions = game.num_distinct_actions()
    layers = [
        (rng.normal(size=(hidden, obs)).astype(np.float32), rng.normal(size=hidden).astype(np.float32)),
        (rng.normal(size=(actions, hidden)).astype(np.float32), rng.normal(size=actions).astype(np.float32)),
    ]
    write_policy(path, game.name, obs, actions, layers)


def test_a_policy_file_round_trips_through_numpy(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon")
    _random_policy(tmp_path / "p.rgpl", game)
    name, obs, actions, layers = read_policy(tmp_path / "p.rgpl")
    assert (name, obs, actions) == ("backgammon", 168, 168)
    assert [w.shape for w, _ in layers] == [(16, 168), (168, 16)]


def test_a_legacy_rgpl_policy_file_reads_and_plays_as_the_same_net(tmp_path: Path) -> None:
    import struct

    game = racegames.make_game("backgammon")
    _random_policy(tmp_path / "new.rgpl", game)
    name, obs, actions, layers = read_policy(tmp_path / "new.rgpl")
    assert (tmp_path / "new.rgpl").read_bytes()[:4] == b"RGNF"
    # The legacy layout, version 1: no kind, no encoding, no game count.
    chunks = [b"RGPL", struct.pack("<II", 1, len(name)), name.encode(), struct.pack("<III", obs, actions, len(layers))]
    for w, b in layers:
        chunks += [struct.pack("<II", w.shape[1], w.shape[0]), w.astype("<f4").tobytes(), b.astype("<f4").tobytes()]
    (tmp_path / "old.rgpl").write_bytes(b"".join(chunks))
    old = read_policy(tmp_path / "old.rgpl")
    assert old[:3] == (name, obs, actions)
    for (w, b), (w0, b0) in zip(old[3], layers):
        assert np.array_equal(w, w0) and np.array_equal(b, b0)
    a = players.make_player("policy", game, path=str(tmp_path / "old.rgpl"))
    b = players.make_player("policy", game, path=str(tmp_path / "new.rgpl"))
    state = game.new_initial_state()
    state.apply_action(7)
    assert a.act(state) == b.act(state)


def test_the_policy_player_plays_the_highest_logit_legal_action(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon")
    path = tmp_path / "p.rgpl"
    _random_policy(path, game)
    _, _, _, layers = read_policy(path)
    player = players.make_player("policy", game, path=str(path))
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        x = state.observation_tensor(state.current_player()).reshape(-1).astype(np.float64)
        (w1, b1), (w2, b2) = layers
        logits = w2 @ np.maximum(w1 @ x + b1, 0) + b2
        legal = state.legal_actions()
        expected = max(legal, key=lambda a: (logits[a], -a))
        assert player.act(state) == expected
        state.apply_action(expected)
        checked += 1
    assert checked > 10


def test_a_bad_policy_file_is_a_value_error(tmp_path: Path) -> None:
    game = racegames.make_game("daldos")
    path = tmp_path / "bad.rgpl"
    path.write_bytes(b"RGPL\x01\x00\x00\x00garbage")
    with pytest.raises(ValueError):
        players.make_player("policy", game, path=str(path))
    with pytest.raises(ValueError, match="path"):
        players.make_player("policy", game)
    _random_policy(tmp_path / "bg.rgpl", racegames.make_game("backgammon"))
    with pytest.raises(ValueError, match="does not fit"):
        players.make_player("policy", game, path=str(tmp_path / "bg.rgpl"))


def test_a_policy_plays_in_the_arena_natively(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon")
    _random_policy(tmp_path / "p.rgpl", game)
    policy = players.make_player("policy", game, path=str(tmp_path / "p.rgpl"))
    result = arena.play(game, [policy, "random"], games=20, seed=2, threads=1)
    assert result.games == 20 and sum(result.wins) + result.draws == 20


def test_a_league_draws_an_opponent_per_episode(tmp_path: Path) -> None:
    game = racegames.make_game("backgammon")
    _random_policy(tmp_path / "p.rgpl", game)
    policy = players.make_player("policy", game, path=str(tmp_path / "p.rgpl"))
    league = ["random", "greedy", policy]
    a = VectorEnv("backgammon", 16, seed=3, opponent=league, seat="random")
    b = VectorEnv("backgammon", 16, seed=3, opponent=league, seat="random")
    a.reset(seed=3)
    b.reset(seed=3)
    ended = 0
    for _ in range(300):
        actions = a.random_actions()
        ra = a.step(actions)
        rb = b.step(actions)
        np.testing.assert_array_equal(ra[1], rb[1])  # the same seed, the same games
        ended += int((ra[2] | ra[3]).sum())
    assert ended > 10
    with pytest.raises(ValueError, match="league"):
        VectorEnv("backgammon", 2, opponent=[])
    with pytest.raises(ValueError):
        VectorEnv("backgammon", 2, opponent=["random", "no such player"])
