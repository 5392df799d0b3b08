"""Masked PPO over the native vector environment, in one readable loop.

The learner plays one seat (drawn per episode) of ``num_envs`` environments
stepped natively by ``racegames.vector.VectorEnv``; the other seats are
played natively too, by opponents drawn per episode from a league (built-in
players, and snapshots of the learner written as policy files). One network
trunk feeds a policy head and a value head. The policy head gives one logit
per action, illegal actions masked (``policy="actions"``), or scores the
position each legal action leads to (``policy="afterstates"``), or each
position at the end of the ply (``policy="turns"``: the chosen ply is then
played out without the network, and those steps are not decisions); see
``racegames.train.afterstates``. Rows whose episode ended at the previous
step are reset by the environment (``NEXT_STEP``); their transition is left
out of the loss.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np

# OpenMP's threads otherwise spin while they wait: on a busy machine two
# torch threads then ran backgammon 4 to 7 times slower than one (same
# results either way). Only takes effect where torch is not yet imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
import torch  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from torch import nn  # type: ignore[import-not-found, unused-ignore]

from racegames import make_game, players
from racegames.train.afterstates import AfterstateAgent, Afterstates
from racegames.train.nets import MASKED, export, trunk
from racegames.train.report import Metrics, Progress, Stop, now, win_rates
from racegames.vector import VectorEnv



@dataclass
class Config:
    """The settings of a training run (the command line's options)."""

    game: str
    #: The budget in minutes of training time instead of ``steps`` (0: use
    #: ``steps``). Not reproducible: how far a run gets depends on the machine.
    minutes: float = 0.0
    seed: int = 0
    #: Where the policy file is written (required).
    out: str = ""
    params: Dict[str, Any] = field(default_factory=dict)
    num_envs: int = 256
    rollout: int = 64
    epochs: int = 4
    #: 16 minibatches of 1,024 rows: four times the gradient steps of 4,
    #: for the same arithmetic (backgammon, 10 minutes: 99.5% against
    #: random, where 4 minibatches at 3e-4 plateaued near 91%).
    minibatches: int = 16
    #: The budget in environment steps (every environment's, counted
    #: whole updates at a time), when ``minutes`` is 0: the same seed and
    #: settings then give the same policy file.
    steps: int = 5_000_000
    #: Annealed linearly to 0 over the budget (steps, or time).
    learning_rate: float = 1e-3
    gamma: float = 1.0
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    #: The width of the two hidden layers; 0: 64 with turns (backgammon in
    #: 10 minutes: 60.5% against greedy, where 128 reached 58.0% at half the
    #: speed), 128 with afterstates, 256 with a logit per action.
    hidden: int = 0
    #: Threads for torch, the environments and the arena (backgammon on 2
    #: cores: 13,600 steps a second with 2, 9,600 with 1). Fixed rather
    #: than the machine's cores, so that a command reproduces anywhere.
    threads: int = 2
    #: ``"cpu"`` or ``"cuda"`` (or ``"cuda:N"``): where the network runs.
    device: str = "cpu"
    league: Sequence[str] = ("random",)
    snapshot_every: int = 20
    max_snapshots: int = 4
    #: Games against each of ``eval_against`` at each evaluation (0: none).
    eval_games: int = 200
    #: Steps between evaluations against ``eval_against`` (0: at the end only).
    eval_every: int = 1_000_000
    #: Fixed opponents the policy is measured against in the arena.
    eval_against: Sequence[str] = ("random", "greedy")
    #: The metrics file (CSV, one row per update); None: none.
    metrics: Optional[str] = None
    #: A TensorBoard log folder (used where tensorboard is installed).
    tensorboard: Optional[str] = None
    #: Seconds between progress lines.
    log_every: float = 10.0
    reward: str = "win"
    #: "actions": a logit per action number; "afterstates": the score of
    #: the position each legal action leads to; "turns": the score of each
    #: end of the ply, whose actions are then played without the network;
    #: "auto": turns in the dice games (backgammon in 10 minutes: 60.5%
    #: against greedy, where afterstates reached 39% and a logit per action
    #: 21%), actions in the Halma games (a hundred moves or more a position).
    policy: str = "auto"


class Agent(nn.Module):
    """A two-layer ReLU trunk with a policy head and a value head."""

    def __init__(self, observation_len: int, num_actions: int, hidden: int) -> None:
        super().__init__()
        self.trunk = trunk(observation_len, hidden)
        self.policy = nn.Linear(hidden, num_actions)
        self.value = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.zeros_(self.policy.bias)

    def logits_and_value(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Every action's logit (illegal ones masked) and the value."""
        h = self.trunk(obs.to(self.value.weight.device))
        logits = self.policy(h).cpu().masked_fill(~mask, MASKED)
        return logits, self.value(h).squeeze(-1).cpu()

    def value_of(self, obs: torch.Tensor) -> torch.Tensor:
        """The value of each row's position (inputs and outputs on the CPU,
        wherever the network is)."""
        return self.value(self.trunk(obs.to(self.value.weight.device))).squeeze(-1).cpu()

    def legal_logits_and_value(
        self, obs: torch.Tensor, legal: "LegalActions"
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """The logits of each row's legal actions only (``legal.index``;
        padding masked) and the value. Daldøs has 2,548 actions and Chinese
        checkers 5,203, of which a position allows a few dozen: computing
        the others' logits was most of the training time. The rows share
        most of their legal actions, so the head is applied once to the
        union of them and each row picks its own from that."""
        device = self.value.weight.device
        h = self.trunk(obs.to(device))
        union, inverse = torch.unique(legal.index, return_inverse=True)
        union = union.to(device)
        head = h @ self.policy.weight[union].T + self.policy.bias[union]  # rows, union
        logits = head.gather(1, inverse.to(device)).cpu()
        return logits.masked_fill(~legal.valid, MASKED), self.value(h).squeeze(-1).cpu()

    def export(self, path: str | Path, game: str, num_actions: int = 0) -> None:
        """Writes the policy (trunk and policy head) as a policy file."""
        export(path, game, self.policy.out_features, self.trunk, self.policy)


class LegalActions:
    """Each row's legal actions, padded to the most any row has: ``index``
    (rows × k action numbers) and ``valid`` (False on the padding)."""

    def __init__(self, mask: torch.Tensor) -> None:
        k = max(int(mask.sum(1).max()), 1)
        # Legal entries first (their order does not matter), then padding.
        self.index = mask.to(torch.uint8).topk(k, dim=1, sorted=False).indices
        self.valid = mask.gather(1, self.index)

    def rows(self, rows: torch.Tensor) -> "LegalActions":
        """The legal actions of some rows (a minibatch), without searching
        their masks again."""
        part = LegalActions.__new__(LegalActions)
        part.index, part.valid = self.index[rows], self.valid[rows]
        return part

    def position(self, actions: torch.Tensor) -> torch.Tensor:
        """Where each row's action is in its ``index``."""
        return ((self.index == actions.unsqueeze(1)) & self.valid).to(torch.uint8).argmax(1)


POLICIES = ("auto", "actions", "afterstates", "turns")


class Plans:
    """The rest of the ply each environment's learner chose (``policy=
    "turns"``): its actions are played without asking the network again,
    and those steps are not decisions of the policy."""

    def __init__(self, n: int) -> None:
        self.actions = np.full((n, 1), -1, dtype=np.int64)
        self.next = np.zeros(n, dtype=np.int64)

    def forced(self, ended: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Which rows play a planned action now. A finished episode drops
        its plan; so would (it cannot happen) a planned action gone illegal."""
        rows = np.arange(len(self.next))
        at = np.minimum(self.next, self.actions.shape[1] - 1)
        planned = self.actions[rows, at]
        ok = (self.next < self.actions.shape[1]) & (planned >= 0) & ~ended
        ok[ok] = mask[rows[ok], planned[ok]] != 0
        self.next[~ok] = self.actions.shape[1]
        return ok

    def next_actions(self) -> np.ndarray:
        """The planned action of each row (meaningful where ``forced``), and
        moves every plan on."""
        at = np.minimum(self.next, self.actions.shape[1] - 1)
        out = self.actions[np.arange(len(self.next)), at].copy()
        self.next += 1
        return out

    def choose(self, rows: np.ndarray, plans: np.ndarray) -> None:
        """Starts the chosen ``plans`` (padded with -1) at ``rows``; their
        first actions are played now."""
        if plans.shape[1] > self.actions.shape[1]:
            wider = np.full((len(self.next), plans.shape[1]), -1, dtype=np.int64)
            wider[:, : self.actions.shape[1]] = self.actions
            self.actions = wider
        self.actions[rows] = -1
        self.actions[rows, : plans.shape[1]] = plans
        self.next[rows] = 1


def sample(logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A choice per row of ``logits`` from its softmax, and its log-probability
    (none for no rows: every environment may be playing out a plan)."""
    if len(logits) == 0:
        return torch.zeros(0, dtype=torch.long), torch.zeros(0)
    dist = torch.distributions.Categorical(logits=logits)
    choice = dist.sample()
    return choice, dist.log_prob(choice)


def resolve_policy(policy: str, game: Any) -> str:
    """``"actions"``, ``"afterstates"`` or ``"turns"``: ``"auto"`` is turns
    where the game has dice."""
    if policy == "auto":
        return "turns" if game.max_chance_outcomes() > 0 else "actions"
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    return policy


def greedy_actions(agent: Any, env: VectorEnv, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The highest-logit legal action of each row."""
    with torch.no_grad():
        if isinstance(agent, AfterstateAgent):
            after = Afterstates.of(env, agent.turns)
            return after.chosen(after.logits(agent).argmax(-1)).numpy()
        logits, _ = agent.logits_and_value(torch.from_numpy(obs), torch.from_numpy(mask.astype(bool)))
    return logits.argmax(-1).numpy()


def evaluate(
    agent: Any, game: str, params: Dict[str, Any], opponent: Any, games: int, seed: int
) -> tuple[float, int]:
    """The learner's win rate (greedy play) over ``games`` games against
    ``opponent`` in a random seat, and the number of games played."""
    n = min(games, 256)
    env = VectorEnv(game, n, seed=seed, opponent=opponent, seat="random", observation="flat", copy=False, **params)
    obs, infos = env.reset(seed=seed)
    seats = infos["current_player"].copy()
    wins = played = 0
    while played < games:
        live = infos["current_player"] >= 0
        seats[live] = infos["current_player"][live]
        actions = greedy_actions(agent, env, obs, infos["action_mask"])
        obs, _, _, _, infos = env.step(actions)
        for row in np.flatnonzero(infos["_returns"]):
            if played < games:
                wins += infos["returns"][row, seats[row]] > 0
                played += 1
    env.close()
    return wins / max(played, 1), played


def seed_everything(config: Config) -> torch.device:
    """Seeds torch, fixes its threads and asks for deterministic kernels:
    with a step budget, the same seed and settings give the same policy
    file. Returns the device."""
    try:
        device = torch.device(config.device)
    except RuntimeError:
        raise ValueError(f"device must be cpu, cuda or cuda:N, not {config.device[:40]!r}") from None
    if device.type == "cuda":
        # cuBLAS is deterministic only with a fixed workspace.
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        if not torch.cuda.is_available():
            raise ValueError(f"device {config.device!r}: torch finds no CUDA device")
    if not 1 <= config.threads <= 64:
        raise ValueError(f"threads must be 1 to 64, not {config.threads}")
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    torch.use_deterministic_algorithms(True, warn_only=True)
    return device


def train(
    config: Config,
    log: Callable[[str], None] = lambda text: print(text, flush=True),
    on_update: Optional[Callable[[Any, int, float], None]] = None,
) -> Any:
    """Trains for ``config.steps`` steps (or ``config.minutes``), writes the
    policy to ``config.out`` and returns the agent. ``on_update(agent,
    steps, seconds)`` is called after each update (its time, like that of
    the evaluations, is not counted as training time). Ctrl-C stops the run
    after the current update: the policy so far is written, then
    ``KeyboardInterrupt`` is raised."""
    if not config.out:
        raise ValueError("config.out: where to write the policy file")
    if config.minutes <= 0 and config.steps <= 0:
        raise ValueError("give a budget: steps > 0, or minutes > 0")
    device = seed_everything(config)
    # What decides whether two runs write the same file, besides the command.
    log(
        f"torch {torch.__version__}, CPU kernels {torch.backends.cpu.get_cpu_capability()}, "
        f"{config.threads} threads, device {device}, budget "
        + (f"{config.minutes:g} minutes (not reproducible)" if config.minutes > 0 else f"{config.steps:,} steps")
    )
    out = Path(config.out)
    snapshots: List[Path] = []

    def make_env(seed: int) -> VectorEnv:
        # The league: the built-in opponents and the latest snapshots of the
        # learner (trained policies, played natively like the built-ins).
        game = make_game(config.game, **config.params)
        league: List[Any] = list(config.league)
        league += [players.make_player("policy", game, seed=seed, path=str(p)) for p in snapshots]
        return VectorEnv(
            config.game,
            config.num_envs,
            seed=seed,
            opponent=league[0] if len(league) == 1 else league,
            seat="random",
            observation="flat",
            copy=False,
            reward=config.reward,
            threads=config.threads,
            **config.params,
        )

    env = make_env(config.seed)
    n, t_len = config.num_envs, config.rollout
    obs_len = int(np.prod(env.game.observation_tensor_shape()))
    num_actions = env.game.num_distinct_actions()
    policy = resolve_policy(config.policy, env.game)
    by_afterstates = policy != "actions"
    hidden = config.hidden or {"turns": 64, "afterstates": 128}.get(policy, 256)
    agent: Any = (
        AfterstateAgent(obs_len, hidden, turns=policy == "turns") if by_afterstates else Agent(obs_len, num_actions, hidden)
    )
    agent.to(device)
    optimizer = torch.optim.Adam(agent.parameters(), lr=config.learning_rate, eps=1e-5)

    buf_obs = torch.zeros((t_len, n, obs_len))
    buf_mask = torch.zeros((t_len, n, 0 if by_afterstates else num_actions), dtype=torch.bool)
    buf_act = torch.zeros((t_len, n), dtype=torch.long)
    buf_logp = torch.zeros((t_len, n))
    buf_val = torch.zeros((t_len, n))
    buf_rew = torch.zeros((t_len, n))
    buf_done = torch.zeros((t_len, n))
    buf_valid = torch.zeros((t_len, n), dtype=torch.bool)
    # With afterstates: each step's afterstates, and the entry chosen.
    buf_after: List[Afterstates] = []
    buf_choice = torch.zeros((t_len, n), dtype=torch.long)

    metrics = Metrics(
        Path(config.metrics) if config.metrics else None, config.tensorboard, config.eval_against, log
    )
    evaluating = bool(config.eval_games and config.eval_against)
    by_time = config.minutes > 0
    budget = config.minutes * 60.0
    progress = Progress(log, 0 if by_time else config.steps, budget, config.log_every)

    def measure(steps: int) -> Dict[str, float]:
        rates = win_rates(
            agent, config.game, config.params, config.eval_against, config.eval_games, config.seed + steps, config.threads
        )
        log("  win rate " + ", ".join(f"against {o} {r:.1%}" for o, r in rates.items()) + f" ({config.eval_games} games each)")
        return rates

    obs, infos = env.reset(seed=config.seed)
    ended = np.zeros(n, dtype=bool)
    # With turns: the rest of each environment's chosen ply, played without
    # asking the network again (those steps are not decisions).
    plans = Plans(n)
    start = now()
    steps = updates = 0
    # Episodes ended and won: in this update's rollout (the metrics row,
    # the same whatever the clock) and since the last progress line.
    episodes = wins = line_episodes = line_wins = 0
    next_eval = config.eval_every
    previous = 0.0
    interrupted = False
    try:
        with Stop(log) as stop:
            while (now() - start < budget) if by_time else (steps < config.steps):
                buf_after.clear()
                episodes = wins = 0
                for t in range(t_len):
                    o = torch.from_numpy(obs)
                    forced = plans.forced(ended, infos["action_mask"])
                    with torch.no_grad():
                        if by_afterstates:
                            after = Afterstates.of(env, agent.turns, wanted=~forced)
                            deciding = torch.from_numpy(np.flatnonzero(~forced))
                            logits, value = after.rows(deciding).logits(agent), agent.value_of(o)
                        else:
                            # Afterstates need no mask: their rows are the legal actions.
                            m = torch.from_numpy(infos["action_mask"].astype(bool))
                            buf_mask[t] = m
                            legal = LegalActions(m)
                            logits, value = agent.legal_logits_and_value(o, legal)
                        choice, logp = sample(logits)
                        if by_afterstates:
                            action = torch.from_numpy(plans.next_actions())
                            action[deciding] = after.chosen(choice, deciding)
                            if agent.turns:
                                entries = after.entries(choice, deciding).numpy()
                                plans.choose(deciding.numpy(), env.afterstate_plans()[entries])
                            buf_after.append(after)
                            buf_choice[t, deciding] = choice
                            buf_logp[t, deciding] = logp
                        else:
                            action = legal.index.gather(1, choice.unsqueeze(1)).squeeze(1)
                            buf_logp[t] = logp
                    buf_obs[t], buf_act[t], buf_val[t] = o, action, value
                    buf_valid[t] = torch.from_numpy(~ended & ~forced)
                    obs, reward, term, trunc, infos = env.step(action.numpy())
                    ended = term | trunc
                    buf_rew[t] = torch.from_numpy(reward.astype(np.float32))
                    buf_done[t] = torch.from_numpy(ended.astype(np.float32))
                    episodes += int(ended.sum())
                    wins += int((reward[ended] > 0).sum())
                if stop.requested:
                    # The rollout is dropped: the policy is the last update's.
                    break
                steps += n * t_len
                buffers = (buf_obs, buf_mask, buf_act, buf_logp, buf_val, buf_rew, buf_done, buf_valid, buf_after, buf_choice)
                losses = update(config, agent, optimizer, obs, buffers, by_afterstates, num_actions)
                updates += 1
                # Annealed by the share of the budget used, as CleanRL anneals
                # by updates: late updates refine rather than undo.
                used = (now() - start) / budget if by_time else steps / config.steps
                for group in optimizer.param_groups:
                    group["lr"] = config.learning_rate * max(0.0, 1.0 - used)
                if on_update is not None:
                    paused = now()
                    on_update(agent, steps, paused - start)
                    start += now() - paused
                elapsed = now() - start
                done = elapsed >= budget if by_time else steps >= config.steps
                row: Dict[str, Any] = {
                    "update": updates,
                    "steps": steps,
                    "seconds": round(elapsed, 3),
                    "steps_per_second": round(n * t_len / max(elapsed - previous, 1e-9), 1),
                    "learning_rate": optimizer.param_groups[0]["lr"],
                    "episodes": episodes,
                    "league_win_rate": wins / episodes if episodes else math.nan,  # this update's
                    **losses,
                }
                previous = elapsed
                line_episodes += episodes
                line_wins += wins
                if progress.due(elapsed) or done or stop.requested:
                    rate = line_wins / line_episodes if line_episodes else math.nan
                    progress.line(
                        elapsed,
                        steps,
                        f"episodes {line_episodes:>7,}  win rate vs league {rate:5.1%}  "
                        f"loss {losses['loss']:+.3f}",
                    )
                    line_episodes = line_wins = 0
                if evaluating and config.eval_every and steps >= next_eval and not done:
                    # Steps, not time, say when: the measures line up between runs.
                    paused = now()
                    row.update({f"win_rate_{o}": r for o, r in measure(steps).items()})
                    start += now() - paused
                    next_eval = (steps // config.eval_every + 1) * config.eval_every
                metrics.write(row)
                if config.snapshot_every and updates % config.snapshot_every == 0 and not done:
                    # A snapshot joins the league; the oldest leaves past max_snapshots.
                    path = out.with_name(f"{out.name}.snapshot{updates}")
                    agent.export(path, config.game, num_actions)
                    snapshots.append(path)
                    if len(snapshots) > config.max_snapshots:
                        snapshots.pop(0).unlink(missing_ok=True)
                    env.close()
                    env = make_env(config.seed + updates)
                    obs, infos = env.reset()
                    ended = np.zeros(n, dtype=bool)
                    plans = Plans(n)
                if stop.requested:
                    break
            interrupted = stop.requested
    except KeyboardInterrupt:
        interrupted = True
    finally:
        # Whatever stopped the run, the policy so far is written.
        agent.export(out, config.game, num_actions)
        for path in snapshots:
            path.unlink(missing_ok=True)
        env.close()
    seconds = now() - start
    if interrupted:
        metrics.close()
        log(f"stopped after {steps:,} steps in {seconds:.0f}s; the policy so far is written to {out}")
        raise KeyboardInterrupt
    if evaluating:
        # The last row: the measure of the policy written.
        rates = measure(steps)
        metrics.write(
            {"update": updates, "steps": steps, "seconds": round(seconds, 3), **{f"win_rate_{o}": r for o, r in rates.items()}}
        )
    metrics.close()
    log(f"trained {steps:,} steps in {seconds:.0f}s; policy written to {out}")
    return agent


def update(
    config: Config,
    agent: Any,
    optimizer: Any,
    obs: np.ndarray,
    buffers: tuple,
    by_afterstates: bool,
    num_actions: int,
) -> Dict[str, float]:
    """One PPO update from a rollout's ``buffers``; returns the means of the
    losses over its minibatches."""
    buf_obs, buf_mask, buf_act, buf_logp, buf_val, buf_rew, buf_done, buf_valid, buf_after, buf_choice = buffers
    t_len, n, obs_len = buf_obs.shape
    with torch.no_grad():
        next_value = agent.value_of(torch.from_numpy(obs))
        advantages = torch.zeros_like(buf_rew)
        last = torch.zeros(n)
        for t in reversed(range(t_len)):
            following = next_value if t == t_len - 1 else buf_val[t + 1]
            alive = 1.0 - buf_done[t]
            delta = buf_rew[t] + config.gamma * following * alive - buf_val[t]
            last = delta + config.gamma * config.gae_lambda * alive * last
            advantages[t] = last
        returns = advantages + buf_val

    valid = buf_valid.reshape(-1)
    b_obs = buf_obs.reshape(-1, obs_len)[valid]
    b_act, b_logp = buf_act.reshape(-1)[valid], buf_logp.reshape(-1)[valid]
    b_adv, b_ret = advantages.reshape(-1)[valid], returns.reshape(-1)[valid]
    # Normalised over the whole batch: a small last minibatch has no
    # meaningful spread of its own.
    b_adv = (b_adv - b_adv.mean()) / (b_adv.std(unbiased=False) + 1e-8)
    # Each row's legal actions, and where its action is among them, once
    # for all the epochs.
    if by_afterstates:
        b_after = Afterstates.cat(buf_after).rows(torch.nonzero(valid).squeeze(1))
        b_pos = buf_choice.reshape(-1)[valid]
    else:
        b_legal = LegalActions(buf_mask.reshape(-1, num_actions)[valid])
        b_pos = b_legal.position(b_act)
    sums = {"loss": 0.0, "policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    count = 0
    for _ in range(config.epochs):
        for idx in torch.randperm(b_obs.shape[0]).tensor_split(config.minibatches):
            if by_afterstates:
                logits, value = b_after.rows(idx).logits(agent), agent.value_of(b_obs[idx])
            else:
                logits, value = agent.legal_logits_and_value(b_obs[idx], b_legal.rows(idx))
            dist = torch.distributions.Categorical(logits=logits)
            ratio = (dist.log_prob(b_pos[idx]) - b_logp[idx]).exp()
            adv = b_adv[idx]
            policy_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - config.clip, 1 + config.clip)).mean()
            value_loss = 0.5 * (value - b_ret[idx]).pow(2).mean()
            entropy = dist.entropy().mean()
            loss = policy_loss + config.value_coef * value_loss - config.entropy * entropy
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            optimizer.step()
            for key, value_ in zip(sums, (loss, policy_loss, value_loss, entropy)):
                sums[key] += float(value_.item())
            count += 1
    return {key: total / max(count, 1) for key, total in sums.items()}
