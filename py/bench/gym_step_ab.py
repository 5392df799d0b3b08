#!/usr/bin/env python3
"""The Gymnasium step against the bare ``State`` loop, in one run: the
native episode step (``racegames.gym.RaceGameEnv.step``, one call into
Rust) beside the step as it was written in Python before (about nine calls
into Rust a step, kept here as the reference), each as a ratio of the
``State`` loop's speed in the same round.

A gym step is the agent's decision plus the opponent's reply and the dice;
the ``State`` loop counts decisions. Both play uniformly random legal
actions. Medians over ``--rounds`` rounds of ``--seconds`` each, the
runners taking turns within a round.

    python py/bench/gym_step_ab.py [--game backgammon] [--rounds 7] [--seconds 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any, Callable, Dict, List, Tuple

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import racegames
from racegames._envutil import as_action
from racegames.gym import RaceGameEnv


class PythonStepEnv(RaceGameEnv):
    """The Gymnasium environment with its step decided in Python, as before
    the native episode step."""

    def step(self, action: Any) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        if self._ended:
            return self._observe(), 0.0, True, False, self._info()
        index = as_action(action)
        if index is None or not self.state.is_legal(index):
            self._ended = True
            obs = self._observe()
            info = self._info()
            info["illegal_action"] = True
            return obs, -1.0, True, False, info
        self.state.apply_action(index)
        self._driver.advance(self.state)
        reward = 0.0
        terminated = truncated = False
        if self.state.is_terminal():
            self._ended = True
            reward = float(self.state.returns()[self.seat])
            truncated = self.state.is_truncated()
            terminated = not truncated
        return self._observe(), reward, terminated, truncated, self._info()


def gym_runner(env: RaceGameEnv) -> Callable[[float], float]:
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        steps = 0
        obs, _ = env.reset(seed=0)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if term or trunc:
                obs, _ = env.reset()
        return steps / (time.perf_counter() - start)

    return run


def state_runner(name: str) -> Callable[[float], float]:
    game = racegames.make_game(name)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        state, decisions = game.new_initial_state(), 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="backgammon")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    runners = {
        "state-api": state_runner(args.game),
        "gym (native step)": gym_runner(RaceGameEnv(args.game)),
        "gym (Python step, before)": gym_runner(PythonStepEnv(args.game)),
    }
    rates: Dict[str, List[float]] = {k: [] for k in runners}
    ratios: Dict[str, List[float]] = {k: [] for k in runners}
    load = os.getloadavg()[0]
    for _ in range(args.rounds):
        this = {k: run(args.seconds) for k, run in runners.items()}
        for k, r in this.items():
            rates[k].append(r)
            ratios[k].append(r / this["state-api"])
    print(f"{args.game}: median of {args.rounds} rounds of {args.seconds} s; load average {load:.1f} -> {os.getloadavg()[0]:.1f}")
    print(f"  {'runner':<28}{'steps/s':>12}{'vs state-api':>14}")
    for k in runners:
        print(f"  {k:<28}{statistics.median(rates[k]):>12,.0f}{statistics.median(ratios[k]):>13.2f}x")


if __name__ == "__main__":
    main()
