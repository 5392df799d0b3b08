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

from racegames._core import list_games

#: Gymnasium id (without the ``racegames/`` namespace) for each game name.
GYM_IDS = {
    "daldos": "Daldos-v0",
    "seys_dos_e_as": "SeysDosEAs-v0",
    "backgammon": "Backgammon-v0",
    "quinze_tablas": "QuinzeTablas-v0",
    "doze_canes": "DozeCanes-v0",
    "doblet": "Doblet-v0",
    "fallas": "Fallas-v0",
    "emperador": "Emperador-v0",
    "medio_emperador": "MedioEmperador-v0",
    "pareia_de_entrada": "PareiaDeEntrada-v0",
    "cab_e_quinal": "CabEQuinal-v0",
    "todas_tablas": "TodasTablas-v0",
    "laquet": "Laquet-v0",
    "buffa_de_baldrac": "BuffaDeBaldrac-v0",
    "reencontrar": "Reencontrar-v0",
    "tablas_de_siete": "TablasDeSiete-v0",
    "chinese_checkers": "ChineseCheckers-v0",
    "halma": "Halma-v0",
}


def register_all() -> None:
    """Registers ``racegames/<Game>-v0`` for every game present in this build."""
    import gymnasium

    present = set(list_games())
    for name, env_id in GYM_IDS.items():
        full_id = f"racegames/{env_id}"
        if name not in present or full_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=full_id,
            entry_point="racegames.gym:RaceGameEnv",
            vector_entry_point="racegames.vector:make_vector_env",
            kwargs={"game": name},
            disable_env_checker=False,
        )
