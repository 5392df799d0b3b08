"""Runs inside GNU Backgammon (``gnubg -t -q -r -p gnubg_server.py``) and
answers move requests on stdin, for the racegames referee.

Protocol, one line each way:

- request ``MOVE d1 d2 o0 .. o24 m0 .. m24``: the dice, then the board as
  gnubg's ``TanBoard``: 25 counts for the player not on roll, then 25 for
  the player on roll, each from its own side (index 0 its 1-point, the
  point nearest bearing off; index 24 its bar);
- answer ``BEST f t f t ..``: gnubg's ``findbestmove`` at 0-ply, cubeless,
  points from the mover's side (25 the bar, 0 off);
- request ``EVAL o0 .. o24 m0 .. m24``: the board alone, before the
  player on roll throws;
- answer ``PROBS w wg wbg lg lbg``: gnubg's cubeless evaluation at 0-ply
  (or PLIES) for the player on roll: winning, winning a gammon or more, a
  backgammon, losing a gammon or more, a backgammon;
- request ``QUIT`` ends the script.

Everything else gnubg prints goes before the first answer; the referee
reads only lines that start with ``BEST`` or ``READY``.
"""

import os
import sys

import gnubg  # provided by gnubg itself

# gnubg passes no arguments to the script: the depth comes from the
# environment (0-ply unless GNUBG_PLIES says otherwise).
PLIES = int(os.environ.get("GNUBG_PLIES", "0"))


def main():
    # Cubeless, 0-ply (or PLIES), deterministic, pruning, no noise.
    context = gnubg.evalcontext(0, PLIES, 1, 1, 0.0)
    # Money play, centred cube, the player on roll is side 1.
    cube = gnubg.cubeinfo(1, -1, 1, 0)
    print("READY", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "QUIT":
            break
        if words[0] == "EVAL" and len(words) == 51:
            numbers = [int(w) for w in words[1:]]
            probs = gnubg.evaluate((numbers[0:25], numbers[25:50]), cube, context)
            print("PROBS " + " ".join(f"{p:.6f}" for p in probs[:5]), flush=True)
            continue
        if words[0] != "MOVE" or len(words) != 53:
            print("ERROR bad request", flush=True)
            continue
        numbers = [int(w) for w in words[1:]]
        dice = (numbers[0], numbers[1])
        board = (numbers[2:27], numbers[27:52])
        move = gnubg.findbestmove(board, cube, context, dice)
        print("BEST " + " ".join(str(n) for n in move), flush=True)


main()
