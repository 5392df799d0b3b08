#!/usr/bin/env python3
"""A tour of racegames in Python: play a seeded game of Daldøs, print the
board as it goes, look at the capture odds, and write the final position as
an SVG picture.

    python examples/tour.py [--seed 7] [--board danish|norwegian] [--out daldos_final.svg]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import racegames
from racegames import daldos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--board", choices=["danish", "norwegian"], default="danish")
    parser.add_argument("--out", type=Path, default=Path("daldos_final.svg"))
    parser.add_argument("--quiet", action="store_true", help="print only the start and the end")
    args = parser.parse_args()

    game = racegames.make_game("daldos", board=args.board)
    print(f"Games: {', '.join(racegames.list_games())}; playing {game!r}")
    state = game.new_initial_state()
    print(state, "\n")
    rng = random.Random(args.seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        # Prefer a capture when the dice offer one; otherwise play at random.
        legal = state.legal_actions()
        captures = [a for a in legal if "x" in state.action_to_string(a)]
        action = rng.choice(captures or legal)
        talk = decisions < 4 or (not args.quiet and decisions % 40 == 0)
        if talk:
            who = "AB"[state.current_player()]
            print(f"{who} plays {state.action_to_string(action)}")
        state.apply_action(action)
        decisions += 1
        owner = state.turn_owner()
        if talk and state.is_chance_node() and owner is not None:
            # Before the next throw: how exposed is each piece of the other side?
            threats = daldos.threat_map(state)
            if threats:
                hole, p = max(threats.items(), key=lambda kv: kv[1])
                print(f"  {'AB'[owner]} to throw; the most exposed enemy piece is on {hole} ({p:.1%})")
        if not args.quiet and decisions % 40 == 0:
            print(state, "\n")
    print(state)
    returns = state.returns()
    if state.is_truncated():
        print(f"Stopped at the turn limit after {decisions} decisions: returns {returns}")
    else:
        print(f"Player {'AB'[returns.index(max(returns))]} wins after {decisions} decisions: returns {returns}")
    args.out.write_text(state._repr_svg_(), encoding="utf-8")
    print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
