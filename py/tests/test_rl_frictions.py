"""The frictions an RL practitioner hit, each reproduced and now passing:
ids resolved in a fresh process, the vector entry point, the flat
observation, RLlib's observation conventions, NaN-free masks."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import racegames  # noqa: E402
from racegames.rllib import RLlibEnv, _MultiAgentMixin, rllib_observation_space  # noqa: E402
from racegames.vector import VectorEnv  # noqa: E402


def test_the_ids_resolve_in_a_fresh_process_through_the_module_form() -> None:
    # Nothing of racegames runs at start-up: Gymnasium's `module:id` form
    # imports it in a fresh process (a Ray worker, a subprocess env).
    code = (
        "import sys, gymnasium\n"
        "print('racegames' in sys.modules)\n"
        "env = gymnasium.make('racegames:racegames/Backgammon-v0')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__, obs['observation'].shape)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[:2] == ["False", "RaceGameEnv"]


def test_no_start_up_hook_is_installed() -> None:
    import site
    from pathlib import Path

    # A .pth line that starts with `import` runs at every start-up; an
    # editable install's .pth holds a path only.
    dirs = site.getsitepackages() + [site.getusersitepackages()]
    hooks = [
        p
        for d in dirs
        for p in Path(d).glob("*.pth")
        if any(line.startswith("import") and "racegames" in line for line in p.read_text().splitlines())
    ]
    assert not hooks


def test_rllib_finds_the_environments_by_name() -> None:
    pytest.importorskip("ray")
    from ray.tune.registry import ENV_CREATOR, _global_registry

    import racegames.rllib as rllib

    for name in (rllib.ENV_NAME, rllib.MULTI_AGENT_ENV_NAME):
        assert _global_registry.contains(ENV_CREATOR, name)
    env = _global_registry.get(ENV_CREATOR, rllib.ENV_NAME)({"game": "daldos"})
    assert isinstance(env, RLlibEnv)


def test_make_vec_with_the_vector_entry_point_gives_the_native_vector_env() -> None:
    env = gymnasium.make_vec(
        "racegames/Backgammon-v0", num_envs=8, vectorization_mode="vector_entry_point", seed=3
    )
    assert isinstance(env, VectorEnv) and env.num_envs == 8
    obs, infos = env.reset(seed=3)
    assert obs["observation"].shape == (8, 7, 24)
    env.close()


@pytest.mark.parametrize("name", ["backgammon", "daldos", "chinese_checkers"])
def test_the_flat_observation_is_a_vector_without_the_mask(name: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(f"racegames/{racegames._gym_registration.GYM_IDS[name]}", observation="flat")
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=2)
    size = int(np.prod(env.unwrapped.game.observation_tensor_shape()))
    assert obs.shape == (size,) and obs.dtype == np.float32
    assert info["action_mask"].sum() == len(env.unwrapped.state.legal_actions())
    assert env.unwrapped.action_masks().sum() == info["action_mask"].sum()


def test_the_vector_env_flat_observation_is_one_array_per_batch() -> None:
    env = VectorEnv("daldos", 4, seed=1, observation="flat")
    obs, infos = env.reset()
    assert obs.shape == (4, int(np.prod(env.game.observation_tensor_shape())))
    assert infos["action_mask"].shape == (4, env.game.num_distinct_actions())
    obs, *_ , infos = env.step(env.random_actions())
    assert obs.shape[0] == 4
    with pytest.raises(ValueError):
        VectorEnv("daldos", 4, observation="pixels")


def test_the_rllib_env_uses_rllibs_keys_and_a_float_mask() -> None:
    env = RLlibEnv({"game": "backgammon", "opponent": "random"})
    assert env.observation_space == rllib_observation_space(env.game)
    obs, _ = env.reset(seed=5)
    assert set(obs) == {"observations", "action_mask"}
    assert obs["action_mask"].dtype == np.float32 and obs["action_mask"].max() == 1.0
    assert env.observation_space.contains(obs)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, _ = env.step(int(legal[0]))
        done = term or trunc
        # Even the final observation's mask has a legal entry: no NaN softmax.
        assert obs["action_mask"].sum() >= 1


class _Turns(_MultiAgentMixin):
    def __init__(self, config: dict) -> None:
        self._setup(config)


def test_the_multi_agent_env_takes_turns_and_pays_every_agent_at_the_end() -> None:
    env = _Turns({"game": "daldos"})
    obs, _ = env.reset(seed=7)
    assert len(obs) == 1
    rng = np.random.default_rng(0)
    for _ in range(10_000):
        (agent,) = obs
        legal = np.flatnonzero(obs[agent]["action_mask"])
        obs, rewards, terms, truncs, _ = env.step({agent: int(rng.choice(legal))})
        if terms["__all__"] or truncs["__all__"]:
            assert set(rewards) == set(env.agents)
            assert sorted(rewards.values()) == sorted(env.state.returns())
            break
        assert set(obs) == {env.agents[env.state.current_player()]}
    else:
        pytest.fail("the game did not end")


def test_an_illegal_multi_agent_action_ends_the_game_with_minus_one() -> None:
    env = _Turns({"game": "backgammon"})
    obs, _ = env.reset(seed=1)
    (agent,) = obs
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    _, rewards, terms, _, _ = env.step({agent: illegal})
    assert terms["__all__"] and rewards[agent] == -1.0
    assert all(r == 0.0 for a, r in rewards.items() if a != agent)
