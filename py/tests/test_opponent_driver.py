"""One opponent driver and one opponent specification for every
environment form: the same spec plays the same way in racegames.gym,
racegames.pettingzoo (``opponents=``), racegames.rllib and VectorEnv, and a
bad spec raises the same error, with the same message, in each."""

from __future__ import annotations

from typing import Any, Callable, List, Tuple

import numpy as np
import pytest

import racegames
from racegames import players

pytest.importorskip("gymnasium")
from racegames.gym import RaceGameEnv  # noqa: E402
from racegames.rllib import RLlibEnv  # noqa: E402
from racegames.vector import VectorEnv  # noqa: E402

GAME = "daldos"


def opponent_turns(game: racegames.Game, history: List[int], agent: int) -> List[Tuple[racegames.State, int]]:
    """Each decision of a seat other than ``agent`` in ``history``, with
    the action played there."""
    state = game.new_initial_state()
    turns = []
    for a in history:
        player = state.current_player()
        if player >= 0 and player != agent:
            turns.append((state.clone(), a))
        state.apply_action(a)
    return turns


def play_gym(opponent: Any, seed: int) -> RaceGameEnv:
    """One episode of RaceGameEnv, the agent (seat 0) playing its last legal action."""
    env = RaceGameEnv(GAME, opponent=opponent, max_turns=80)
    obs, _ = env.reset(seed=seed)
    while True:
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if term or trunc:
            return env


def play_pettingzoo(opponent: Any, seed: int) -> Any:
    """One episode of the PettingZoo env with ``opponents={1: opponent}``."""
    pz = pytest.importorskip("racegames.pettingzoo")
    env = pz.raw_env(GAME, opponents={1: opponent}, max_turns=80)
    env.reset(seed=seed)
    while not env.terminations["player_0"] and not env.truncations["player_0"]:
        mask = env.observe("player_0")["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
    return env


def seed_free(state: racegames.State, name: str) -> int | None:
    """The built-in player's choice at ``state`` when its seed does not
    matter there (no tie to break), else ``None``."""
    choices = {players.make_player(name, state.get_game(), seed=s)(state) for s in range(4)}
    return choices.pop() if len(choices) == 1 else None


def test_a_player_plays_the_same_in_gym_pettingzoo_and_rllib() -> None:
    g = racegames.make_game(GAME, max_turns=80)
    p = players.make_player("greedy", g, seed=9)
    histories = {
        "gym": play_gym(p, 4).state.history(),
        "pettingzoo": play_pettingzoo(p, 4).game_state.history(),
    }
    rl = RLlibEnv({"game": GAME, "opponent": p, "max_turns": 80})
    obs, _ = rl.reset(seed=4)
    while True:
        obs, _, term, trunc, _ = rl.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if term or trunc:
            break
    histories["rllib"] = rl._env.state.history()
    for form, history in histories.items():
        turns = opponent_turns(g, history, agent=0)
        assert turns, form
        for state, action in turns:
            assert p(state) == action, form


def test_a_name_plays_as_the_built_in_player() -> None:
    g = racegames.make_game(GAME, max_turns=80)
    for history in (play_gym("greedy", 2).state.history(), play_pettingzoo("greedy", 2).game_state.history()):
        checked = 0
        for state, action in opponent_turns(g, history, agent=0):
            expected = seed_free(state, "greedy")
            if expected is not None:
                assert action == expected
                checked += 1
        assert checked > 0
    # The same seed, the same episode (dice and opponent alike).
    assert play_gym("greedy", 7).state.history() == play_gym("greedy", 7).state.history()
    assert play_pettingzoo("greedy", 7).game_state.history() == play_pettingzoo("greedy", 7).game_state.history()


def reaches(state: racegames.State, target: str, agent: int, policy: Callable[[racegames.State], int], depth: int = 0) -> bool:
    """Whether some dice reach ``target`` (the agent to act) from ``state``
    with ``policy`` playing every other seat."""
    if state.notation() == target and state.current_player() == agent:
        return True
    if depth > 12 or state.is_terminal():
        return False
    if state.is_chance_node():
        for outcome, _ in state.chance_outcomes():
            child = state.clone()
            child.apply_action(outcome)
            if reaches(child, target, agent, policy, depth + 1):
                return True
        return False
    if state.current_player() == agent:
        return False
    child = state.clone()
    child.apply_action(policy(child))
    return reaches(child, target, agent, policy, depth + 1)


def test_vector_env_plays_the_named_player_natively() -> None:
    g = racegames.make_game(GAME)
    env = VectorEnv(GAME, 1, seed=21, opponent="greedy")
    # One opponent by name: the built-in player made with the batch's seed.
    p = players.make_player("greedy", g, seed=21)
    obs, info = env.reset(seed=3)
    checked = 0
    for _ in range(40):
        before = g.state_from_notation(env.core.notation(0))
        action = int(np.flatnonzero(obs["action_mask"][0])[-1])
        obs, _, term, trunc, info = env.step(np.array([action]))
        if term[0] or trunc[0]:
            break
        before.apply_action(action)
        assert reaches(before, env.core.notation(0), 0, p)
        checked += 1
    assert checked > 3


def test_a_callable_is_called_with_the_state_and_its_action_played() -> None:
    g = racegames.make_game(GAME, max_turns=80)
    seen: List[str] = []

    def last_legal(state: racegames.State) -> int:
        assert isinstance(state, racegames.State)
        assert state.current_player() == 1
        seen.append(state.notation())
        return state.legal_actions()[-1]

    for history in (play_gym(last_legal, 5).state.history(), play_pettingzoo(last_legal, 5).game_state.history()):
        turns = opponent_turns(g, history, agent=0)
        assert turns
        for state, action in turns:
            assert action == state.legal_actions()[-1]
    assert seen


def test_an_opponents_exception_and_illegal_action_reach_the_caller() -> None:
    def fails(state: racegames.State) -> int:
        raise KeyError("my opponent failed")

    def play(env: RaceGameEnv) -> None:
        obs, _ = env.reset(seed=1)
        for _ in range(10):  # the opponent acts within its first turn
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))

    with pytest.raises(KeyError, match="my opponent failed"):
        play(RaceGameEnv(GAME, opponent=fails))
    with pytest.raises(racegames.IllegalActionError):
        play(RaceGameEnv(GAME, opponent=lambda s: 10**6))


def bad_spec_errors(spec: Any) -> List[Tuple[type, str]]:
    """The error each form raises for the opponent ``spec`` (VectorEnv
    takes ``None``: self-play)."""
    pz = pytest.importorskip("racegames.pettingzoo")
    makers: List[Callable[[], Any]] = [
        lambda: RaceGameEnv(GAME, opponent=spec),
        lambda: pz.env(GAME, opponents={1: spec}),
        lambda: RLlibEnv({"game": GAME, "opponent": spec}),
    ]
    if spec is not None:
        makers.append(lambda: VectorEnv(GAME, 2, opponent=spec))
    errors = []
    for make in makers:
        with pytest.raises((ValueError, TypeError)) as info:
            make()
        errors.append((type(info.value), str(info.value)))
    return errors


@pytest.mark.parametrize(
    "spec, kind",
    [
        ("nobody", ValueError),
        (players.make_player("random", "backgammon"), ValueError),
        (3, TypeError),
        (None, TypeError),
    ],
    ids=["unknown name", "player of another game", "int", "None"],
)
def test_bad_specs_raise_the_same_error_everywhere(spec: Any, kind: type) -> None:
    errors = bad_spec_errors(spec)
    assert all(issubclass(t, kind) for t, _ in errors), errors
    assert len(set(errors)) == 1, errors


def test_vector_env_refuses_a_callable_and_takes_a_league() -> None:
    with pytest.raises(TypeError, match="callable"):
        VectorEnv(GAME, 2, opponent=lambda s: 0)
    env = VectorEnv(GAME, 2, seed=1, opponent=["random", "greedy"])
    env.reset()


class Member:
    """A league member that counts the episodes it plays in."""

    def __init__(self) -> None:
        self.episodes: set[int] = set()
        self.episode = 0

    def __call__(self, state: racegames.State) -> int:
        self.episodes.add(self.episode)
        return state.legal_actions()[0]


@pytest.mark.parametrize("form", ["gym", "pettingzoo", "rllib"])
def test_a_league_draws_one_member_per_episode_in_every_form(form: str) -> None:
    members = [Member(), Member()]
    if form == "gym":
        env: Any = RaceGameEnv("chinese_checkers", opponent=members, players=3, max_turns=6)
    elif form == "rllib":
        env = RLlibEnv({"game": "chinese_checkers", "opponent": members, "players": 3, "max_turns": 6})
    else:
        pz = pytest.importorskip("racegames.pettingzoo")
        env = pz.raw_env("chinese_checkers", opponents={1: members, 2: members}, players=3, max_turns=6)
    for episode in range(16):
        for m in members:
            m.episode = episode
        obs = env.reset(seed=episode)[0] if form != "pettingzoo" else env.reset(seed=episode)
        for _ in range(6):
            if form == "pettingzoo":
                if env.terminations["player_0"] or env.truncations["player_0"]:
                    break
                mask = env.observe("player_0")["action_mask"]
                env.step(int(np.flatnonzero(mask)[0]))
            else:
                obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
                if term or trunc:
                    break
    # Both members played, never both in one episode (all the opponent
    # seats of an episode play the member drawn for it).
    assert members[0].episodes and members[1].episodes
    assert not members[0].episodes & members[1].episodes

