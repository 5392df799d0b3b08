"""The JavaScript package against the Python one, in headless Chromium:
random games of every game through the JS API end in the same notation and
returns as the same actions replayed in Python, with the same legal actions
on the way; drawSvg is exactly _repr_svg_; errors carry Python's messages;
records and players agree."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import racegames
from racegames import players, records

from webjs import run_js

#: A random game in the browser: a seeded generator (mulberry32) picks
#: chance outcomes by probability and decisions uniformly; each step logs
#: the action and the number of legal actions; pictures are taken on the
#: way (every `every` actions) and at the end.
RANDOM_GAMES = r"""
const [seed, limit, every] = args;
let t = seed >>> 0;
const rand = () => { t = (t + 0x6d2b79f5) >>> 0; let x = t;
  x = Math.imul(x ^ (x >>> 15), x | 1); x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296; };
const out = [];
for (const name of rg.listGames()) {
  const game = rg.makeGame(name, {});
  const s = game.newInitialState();
  const actions = [], counts = [], svgs = [];
  while (!s.isTerminal() && actions.length < limit) {
    let a;
    if (s.isChanceNode()) {
      let r = rand();
      const outcomes = s.chanceOutcomes();
      a = outcomes[outcomes.length - 1][0];
      for (const [b, p] of outcomes) { if (r < p) { a = b; break; } r -= p; }
      counts.push(outcomes.length);
    } else {
      const legal = s.legalActions();
      counts.push(legal.length);
      a = legal[Math.floor(rand() * legal.length)];
    }
    s.applyAction(a);
    actions.push(a);
    if (actions.length % every === 0) svgs.push([actions.length, rg.drawSvg(s)]);
  }
  svgs.push([actions.length, rg.drawSvg(s)]);
  out.push({ name, actions, counts, svgs, notation: s.notation(), returns: s.returns(),
             current: s.currentPlayer(), terminal: s.isTerminal(), history: s.history() });
}
return out;
"""


def test_random_games_of_every_game_agree_with_python(browser: Any) -> None:
    games: List[Dict[str, Any]] = run_js(browser, RANDOM_GAMES, 7, 600, 97)
    assert [g["name"] for g in games] == racegames.list_games()
    for g in games:
        game = racegames.make_game(g["name"])
        s = game.new_initial_state()
        pictures = dict((n, svg) for n, svg in g["svgs"])
        for i, a in enumerate(g["actions"]):
            n = len(s.chance_outcomes()) if s.is_chance_node() else len(s.legal_actions())
            assert n == g["counts"][i], (g["name"], i)
            s.apply_action(a)
            if i + 1 in pictures:
                assert pictures[i + 1] == s._repr_svg_(), (g["name"], i + 1)
        assert s.notation() == g["notation"], g["name"]
        assert s.returns() == g["returns"], g["name"]
        assert s.current_player() == g["current"] and s.is_terminal() == g["terminal"]
        assert s.history() == g["history"] == g["actions"]


def test_draw_svg_is_repr_svg_at_the_start_and_from_notation(browser: Any) -> None:
    names = racegames.list_games()
    got = run_js(browser, "return args[0].map((n) => rg.drawSvg(rg.makeGame(n, {}).newInitialState()));", names)
    for name, svg in zip(names, got):
        assert svg == racegames.make_game(name).new_initial_state()._repr_svg_(), name
    state = racegames.make_game("daldos", board="norwegian").new_initial_state()
    state.play_random(seed=5, max_steps=40)
    svg = run_js(browser, 'return rg.drawSvg(rg.makeGame("daldos", {board: "norwegian"}).stateFromNotation(args[0]));', state.notation())
    assert svg == state._repr_svg_()


def python_error(f: Any) -> str:
    with pytest.raises((ValueError, TypeError)) as info:
        f()
    return f"{type(info.value).__name__}: {info.value}"


def test_errors_are_exceptions_with_pythons_messages(browser: Any) -> None:
    got = run_js(
        browser,
        r"""
const tries = [
  () => rg.makeGame("nope", {}),
  () => rg.makeGame("daldos", {board: "round"}),
  () => rg.makeGame("daldos", {colour: "red"}),
  () => rg.makeGame("daldos", {}).stateFromNotation("not a position"),
  () => rg.makeGame("backgammon", {}).newInitialState().applyAction(9999),
  () => rg.makePlayer("nobody", rg.makeGame("daldos", {}), {seed: 1}),
  () => rg.makePlayer("expectimax", rg.makeGame("backgammon", {}), {seed: 1, depth: 99}),
  () => rg.recordsLoads("[Game \"nope\"]\n\n"),
];
return tries.map((f) => { try { f(); return "no error"; } catch (e) { return `${e.name}: ${e.message}`; } });
""",
    )
    bg = racegames.make_game("backgammon")
    expected = [
        python_error(lambda: racegames.make_game("nope")),
        python_error(lambda: racegames.make_game("daldos", board="round")),
        python_error(lambda: racegames.make_game("daldos", colour="red")),
        python_error(lambda: racegames.make_game("daldos").state_from_notation("not a position")),
        python_error(lambda: bg.new_initial_state().apply_action(9999)),
        python_error(lambda: players.make_player("nobody", racegames.make_game("daldos"), seed=1)),
        python_error(lambda: players.make_player("expectimax", bg, seed=1, depth=99)),
        python_error(lambda: records.loads('[Game "nope"]\n\n')),
    ]
    # The class names are Python's (ValueError subclasses keep their own).
    for js, py in zip(got, expected):
        assert js.split(": ", 1)[1] == py.split(": ", 1)[1], (js, py)
        assert js.split(": ", 1)[0] in (py.split(": ", 1)[0], "ValueError"), (js, py)


def test_records_cross_between_javascript_and_python(browser: Any) -> None:
    game = racegames.make_game("seys_dos_e_as")
    state = game.new_initial_state()
    state.play_random(seed=11, max_steps=120)
    rec = records.Record.from_state(state, players=["human", "expectimax"], seed=4, date="2026.01.31")
    text = rec.dumps()
    js = run_js(
        browser,
        r"""
const [name, actions, text] = args;
const s = rg.makeGame(name, {}).newInitialState();
for (const a of actions) s.applyAction(a);
const rec = rg.recordFromState(s, { players: ["human", "expectimax"], seed: 4, date: "2026.01.31" });
const loaded = rg.recordsLoads(text);
return { dumped: rg.recordsDumps(rec), loaded, final: rg.recordFinalState(loaded[0]).notation() };
""",
        "seys_dos_e_as",
        state.history(),
        text,
    )
    assert js["dumped"] == text
    [back] = records.loads(js["dumped"])
    assert back == rec and back.final_state() == state
    [loaded] = js["loaded"]
    assert list(loaded["tags"].items()) == list(rec.tags.items())
    assert loaded["actions"] == rec.actions and js["final"] == state.notation()


def test_players_choose_as_in_python(browser: Any) -> None:
    cases = []
    for name, player in [("backgammon", "expectimax"), ("daldos", "greedy"), ("chinese_checkers", "greedy"), ("fallas", "mcts")]:
        game = racegames.make_game(name)
        s = game.new_initial_state()
        s.play_random(seed=3, max_steps=15)
        while not s.is_terminal() and s.current_player() < 0:
            s.apply_action(s.chance_outcomes()[0][0])
        if s.is_terminal():
            continue
        want = players.make_player(player, game, seed=5).act(s)
        cases.append((name, player, s.notation(), want))
    got = run_js(
        browser,
        "return args[0].map(([g, p, n]) => { const game = rg.makeGame(g, {}); return rg.makePlayer(p, game, {seed: 5}).act(game.stateFromNotation(n)); });",
        cases,
    )
    assert got == [c[3] for c in cases]
