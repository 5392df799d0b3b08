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

LEGEND = """\
How to read it:
  rows     b = B's home row (top), m = the middle row, a = A's home row
           (bottom); holes are numbered from the stern (0) to the prow, and
           the middle row has one more hole, in the prow.
  pieces   a, b = an undalled piece of A or B (not yet turned: it cannot
           move until a dal turns it); A, B = a dalled piece (it moves).
  throws   two four-sided dice showing 1 (the dal), 2, 3 or 4: "throws 41"
           is a 4 and a dal. A dal turns a piece and moves it one hole;
           dal-dal (11) gives another throw; a throw that no piece can
           use is lost (so a player may move twice in a row).
  moves    the holes a piece passes through: "m3-m7" uses one die,
           "m3-m7 a0-m0" moves two pieces (the higher die first),
           "m3-m4-m7" adds both dice on one piece; "x" instead of "-"
           marks a hole where an enemy piece is taken.
"""


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
    print(LEGEND)
    rng = random.Random(args.seed)
    throw = ""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            outcome = rng.choices(actions, probs)[0]
            throw = state.action_to_string(outcome).removeprefix("throw ")
            state.apply_action(outcome)
            continue
        # Prefer a capture when the dice offer one; otherwise play at random.
        legal = state.legal_actions()
        captures = [a for a in legal if "x" in state.action_to_string(a)]
        action = rng.choice(captures or legal)
        talk = decisions < 4 or (not args.quiet and decisions % 40 == 0)
        if talk:
            who = "AB"[state.current_player()]
            print(f"{who} throws {throw} and plays {state.action_to_string(action)}")
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
    # At the end of the game the picture says who won, under the board.
    args.out.write_text(state._repr_svg_(), encoding="utf-8")
    print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
