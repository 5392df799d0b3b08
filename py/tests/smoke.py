"""A smoke test of an installed racegames wheel, run by scripts/smoke-pythons.sh
under each Python found: import, a random game of every game, a pickled
state, the analysis submodule. Needs only the wheel and numpy."""

from __future__ import annotations

import pickle
import random
import sys

import racegames

for name in racegames.list_games():
    game = racegames.make_game(name, max_turns=200)
    state = game.new_initial_state()
    rng = random.Random(name)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert pickle.loads(pickle.dumps(state)) == state
    assert eval(repr(state), {"racegames": racegames}) == state
    assert len(state.returns()) == game.num_players()
    print(f"{name}: {state.turn_count()} turns, returns {state.returns()}")

daldos = racegames.make_game("daldos").state_from_notation(
    "BBB............./..BA............./a............... B - 0"
)
assert 0.0 < racegames.daldos.capture_odds(daldos, "m3") < 1.0
print(f"racegames {racegames.__version__} works on Python {sys.version.split()[0]}")
