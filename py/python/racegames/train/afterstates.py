"""An afterstate policy for ``racegames.train``: the network scores the
position each legal action leads to, and the scores are the logits.

Action numbers name a piece's hole and a die: the same capture, or the same
safe point made, is a different action wherever it happens, and a head with
one logit per action learns each separately. Scoring the resulting positions
shares what is learned across the board, as a TD-Gammon evaluation does; the
positions come natively from ``VectorEnv.afterstates()`` once per batch.
A move that ends the game needs no network: it scores ``TERMINAL_SCORE``
times the acting seat's return (a win is then almost always taken).

With ``turns`` the positions scored are the distinct ends of the acting
seat's ply instead (``VectorEnv.afterstates(turns=True)``): in the tables
games, where an action plays one die, the network then rates only positions
with the turn over, as TD-Gammon did, and not half-played throws. Each entry
carries the first action towards its end; the choice is made again at the
next action, among the ends still reachable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import torch  # type: ignore[import-not-found, unused-ignore]
from torch import nn  # type: ignore[import-not-found, unused-ignore]

from racegames.train.nets import MASKED, export, trunk
from racegames.train.policy_file import TERMINAL_SCORE


class AfterstateAgent(nn.Module):
    """A two-layer ReLU trunk read by a score head (on afterstates, or with
    ``turns`` on the ends of plies) and a value head (on the position to
    move from)."""

    def value_of(self, obs: torch.Tensor) -> torch.Tensor:
        """The value of each row's position."""
        return self.value(self.trunk(obs.to(self.value.weight.device))).squeeze(-1).cpu()

    def scores(self, obs: torch.Tensor, terminal: torch.Tensor) -> torch.Tensor:
        """Each afterstate's score: the network's, or the fixed score of a
        finished game (inputs and outputs on the CPU, wherever the network
        is)."""
        net = self.score(self.trunk(obs.to(self.value.weight.device))).squeeze(-1).cpu()
        return torch.where(torch.isnan(terminal), net, TERMINAL_SCORE * torch.nan_to_num(terminal))

    def __init__(self, observation_len: int, hidden: int, turns: bool = False) -> None:
        super().__init__()
        self.turns = turns
        self.trunk = trunk(observation_len, hidden)
        self.score = nn.Linear(hidden, 1)
        self.value = nn.Linear(hidden, 1)
        # Near-equal scores at first: a near-uniform policy.
        nn.init.orthogonal_(self.score.weight, 0.01)
        nn.init.zeros_(self.score.bias)

    def export(self, path: str | Path, game: str, num_actions: int) -> None:
        """Writes the policy (trunk and score head) as a policy file of kind
        ``"turns"`` or ``"afterstates"``."""
        export(path, game, num_actions, self.trunk, self.score, kind="turns" if self.turns else "afterstates")


class Afterstates:
    """The afterstates of a batch of rows, ragged: row ``i`` owns
    ``counts[i]`` consecutive entries of ``obs`` and ``terminal`` (and of
    ``actions``, where known), from ``starts[i]``."""

    def __init__(
        self, counts: torch.Tensor, obs: torch.Tensor, terminal: torch.Tensor, actions: torch.Tensor | None = None
    ) -> None:
        self.counts = counts
        self.obs = obs
        self.terminal = terminal
        self.actions = actions
        self.starts = torch.cumsum(counts, 0) - counts

    @staticmethod
    def of(env: Any, turns: bool = False, wanted: Any = None) -> "Afterstates":
        """The afterstates (or with ``turns`` the ply ends) of a
        ``VectorEnv``'s current positions (of the ``wanted`` rows only,
        where given: the others get a placeholder)."""
        counts, actions, obs, terminal = env.afterstates(turns=turns, wanted=wanted)
        return Afterstates(
            torch.from_numpy(counts.astype("int64")),
            torch.from_numpy(obs),
            torch.from_numpy(terminal),
            torch.from_numpy(actions),
        )

    @staticmethod
    def cat(parts: Sequence["Afterstates"]) -> "Afterstates":
        """The rows of several batches, in order."""
        return Afterstates(
            torch.cat([p.counts for p in parts]),
            torch.cat([p.obs for p in parts]),
            torch.cat([p.terminal for p in parts]),
        )

    def rows(self, index: torch.Tensor) -> "Afterstates":
        """Some rows (a minibatch), in the order of ``index``."""
        counts = self.counts[index]
        first = torch.repeat_interleave(self.starts[index], counts)
        within = torch.arange(int(counts.sum())) - torch.repeat_interleave(torch.cumsum(counts, 0) - counts, counts)
        entries = first + within
        return Afterstates(counts, self.obs[entries], self.terminal[entries])

    def logits(self, agent: AfterstateAgent) -> torch.Tensor:
        """``rows × most entries`` logits: each row's scores, in its
        entries' order, then masked padding."""
        scores = agent.scores(self.obs, self.terminal)
        rows = len(self.counts)
        owner = torch.repeat_interleave(torch.arange(rows), self.counts)
        within = torch.arange(len(scores)) - self.starts[owner]
        width = max(int(self.counts.max()), 1) if rows else 1
        out = torch.full((rows, width), MASKED, dtype=scores.dtype)
        out[owner, within] = scores
        return out

    def chosen(self, choice: torch.Tensor, rows: torch.Tensor | None = None) -> torch.Tensor:
        """The action of each row's chosen entry (of the rows ``rows``, in
        that order, where given)."""
        assert self.actions is not None, "only afterstates read from an environment know their actions"
        return self.actions[self.entries(choice, rows)]

    def entries(self, choice: torch.Tensor, rows: torch.Tensor | None = None) -> torch.Tensor:
        """Where each row's chosen entry is among all the entries."""
        return (self.starts if rows is None else self.starts[rows]) + choice
