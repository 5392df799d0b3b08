"""Registers the racegames Gymnasium ids.

Called by ``import racegames``; nothing of ours runs at interpreter
start-up. In a fresh process (a Ray worker, a subprocess vector
environment), Gymnasium's ``module:id`` form imports racegames first:
``gymnasium.make("racegames:racegames/Backgammon-v0")``. Each id also has a
vector entry point:
``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")``
returns the native ``racegames.vector.VectorEnv``.
"""

from __future__ import annotations

from racegames._core import list_games, make_game

#: Gymnasium id (without the ``racegames/`` namespace) for each game name,
#: from the games themselves (``Game.gym_id``).
GYM_IDS = {name: make_game(name).gym_id for name in list_games()}


def register_all() -> None:
    """Registers ``racegames/<Game>-v0`` for every game present in this build."""
    import gymnasium

    for name, env_id in GYM_IDS.items():
        full_id = f"racegames/{env_id}"
        if full_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=full_id,
            entry_point="racegames.gym:RaceGameEnv",
            vector_entry_point="racegames.vector:make_vector_env",
            kwargs={"game": name},
            disable_env_checker=False,
        )
