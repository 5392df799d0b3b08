"""What the training loop's two policies share: the masked logit, the
trunk, and writing the layers as a policy file."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List

from torch import nn  # type: ignore[import-not-found, unused-ignore]

from racegames.train.policy_file import write_policy

#: A masked-out logit: finite, so a row with no legal action (a finished
#: episode) gives a uniform softmax, never NaN.
MASKED = -1e9


def trunk(observation_len: int, hidden: int) -> nn.Sequential:
    """Two ReLU layers of width ``hidden`` over the flat observation."""
    return nn.Sequential(nn.Linear(observation_len, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())


def export(
    path: str | Path, game: str, num_actions: int, body: nn.Sequential, head: nn.Linear, kind: str = "actions"
) -> None:
    """Writes the trunk ``body`` and the ``head`` as a policy file of ``kind``."""
    layers: List[Any] = [body[0], body[2], head]
    arrays = [(l.weight.detach().cpu().numpy(), l.bias.detach().cpu().numpy()) for l in layers]
    write_policy(path, game, arrays[0][0].shape[1], num_actions, arrays, kind=kind)
