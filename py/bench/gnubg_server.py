"""Runs inside GNU Backgammon (``gnubg -t -q -r -p gnubg_server.py``) and
answers move requests on stdin, for the racegames referee.

Protocol, one line each way:

- request ``MOVE d1 d2 o0 .. o24 m0 .. m24``: the dice, then the board as
  gnubg's ``TanBoard``: 25 counts for the player not on roll, then 25 for
  the player on roll, each from its own side (index 0 its 1-point, the
  point nearest bearing off; index 24 its bar);
- answer ``BEST f t f t ..``: gnubg's ``findbestmove`` at 0-ply, cubeless,
  points from the mover's side (25 the bar, 0 off);
- request ``MOVE d1 d2 o0 .. m24 cube owner length mine theirs crawford``
  (the six cube fields of ``CUBE`` below, after the board): the same,
  but gnubg chooses cubefully at that cube and match score, as it plays a
  cubeful game itself;
- request ``CUBE plies cube owner length mine theirs crawford o0 .. m24``:
  the cube decision of the player on roll (before the throw) at the cube
  ``cube`` owned by ``owner`` (1 the player on roll, 0 the other, -1
  centred), in a match to ``length`` (0 money play, the Jacoby rule as
  gnubg's default, on) at the score ``mine``-``theirs`` (the player on
  roll's first), ``crawford`` 1 in the Crawford game;
- answer ``CUBE nd dt dp code text``: gnubg's cubeful evaluation
  (``cfevaluate``, at ``plies``, pruning) for the player on roll, as
  equities normalised to the cube: no double, double/take, double/pass
  (1.0 in money play), then its recommendation's number and words. Double
  where gnubg's words begin "Double", "Redouble" or "Optional"; the other
  side takes where ``dt <= dp``;
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


def cube_info(fields):
    """gnubg's cubeinfo from ``cube owner length mine theirs crawford`` (the player on roll is gnubg's 1)."""
    cube, owner, length, mine, theirs, crawford = fields
    return gnubg.cubeinfo(cube, owner, 1, length, (theirs, mine), crawford)


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
        if words[0] == "CUBE" and len(words) == 58:
            numbers = [int(w) for w in words[1:]]
            plies, info, board = numbers[0], cube_info(numbers[1:7]), numbers[7:57]
            cubeful = gnubg.evalcontext(1, plies, 1, 1, 0.0)
            _, nd, dt, dp, code, text = gnubg.cfevaluate((board[0:25], board[25:50]), info, cubeful)
            print(f"CUBE {nd:.6f} {dt:.6f} {dp:.6f} {code} {text}", flush=True)
            continue
        if words[0] == "MOVE" and len(words) == 59:
            numbers = [int(w) for w in words[1:]]
            board = (numbers[2:27], numbers[27:52])
            cubeful = gnubg.evalcontext(1, PLIES, 1, 1, 0.0)
            move = gnubg.findbestmove(board, cube_info(numbers[52:58]), cubeful, (numbers[0], numbers[1]))
            print("BEST " + " ".join(str(n) for n in move), flush=True)
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
