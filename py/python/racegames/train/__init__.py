"""Training agents on the native vector environment.

``python -m racegames.train GAME --steps N --seed S --out PATH`` runs masked
PPO (``racegames.train.ppo``) over ``racegames.vector.VectorEnv``
against a league of opponents played natively, and writes a policy file that
``racegames.players.make_player("policy", game, path=PATH)`` plays natively,
without torch. The same seed and ``--steps`` give the same policy file.
Needs the ``train`` extra (torch): ``pip install './py[train]'`` from a
clone (``pip install 'racegames[train]'`` once published).
"""

from racegames.train.policy_file import read_policy, write_policy

__all__ = ["read_policy", "write_policy"]
