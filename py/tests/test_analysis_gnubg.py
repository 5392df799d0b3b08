"""racegames.analysis against GNU Backgammon, where Debian's gnubg is
installed (scripts/install-gnubg.sh): a sample of the one-sided bear-off
distributions against gnubg's database, and the 0-ply cubeless equity of
a few positions against gnubg's evaluation; and the depth at which
py/bench/analyse_vs_gnubg.py matches gnubg's plies (without gnubg). The
full comparisons are the scripts py/bench/bearoff_vs_gnubg.py,
py/bench/evaluate_vs_gnubg.py and py/bench/analyse_vs_gnubg.py (figures in
docs/analysis.md)."""

from __future__ import annotations

import importlib.util
import shutil
from types import ModuleType

import pytest

from conftest import REPO

BENCH = REPO / "py" / "bench"


def bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bearoff_rolls_agree_with_gnubgs_database() -> None:
    b = bench("bearoff_vs_gnubg")
    if not b.DEFAULT.exists():
        pytest.skip(f"{b.DEFAULT} not found: gnubg is not installed")
    db = b.Database(b.DEFAULT)
    import random

    positions = random.Random(1).sample(b.all_positions(), 300)
    c = b.compare(db, positions, 1e-5)
    # gnubg's file is rounded to 1/65535 position by position; the mean,
    # which both minimise, agrees within its drift, and entries differ
    # only where plays of the same mean spread differently.
    assert c.worst_mean < 3e-4, c.worst_mean
    assert c.worst < 3e-3, (c.worst, c.where)
    assert c.within > 100
    # Rebuilt with gnubg's own arithmetic, every entry is the file's.
    same = b.compare(db, positions, 0.0, as_gnubg=True)
    assert same.within == same.positions, (same.worst, same.where)


def test_evaluate_is_near_gnubgs_0_ply() -> None:
    binary = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if binary is None:
        pytest.skip("gnubg is not installed")
    e = bench("evaluate_vs_gnubg")
    from racegames import analysis

    gnubg = e.Gnubg(binary, 0)
    diffs = []
    try:
        for state, _ in e.positions(24, 2):
            v = analysis.evaluate(state, player="greedy", eval="net")
            if v.outcomes is None or v.outcomes_seat is None:
                continue
            diffs.append(abs(e.equity(v.outcomes) - e.equity(gnubg.probabilities(state, v.outcomes_seat))))
    finally:
        gnubg.close()
    assert len(diffs) >= 20
    assert sum(diffs) / len(diffs) < 0.06, diffs


def test_the_analyse_bench_gives_gnubgs_plies_the_same_lookahead() -> None:
    """gnubg's n-ply values a play n throws after it: expectimax at depth
    n + 1, whose depth 1 values every play exactly as greedy (0-ply) does."""
    import racegames
    from racegames import analysis

    a = bench("analyse_vs_gnubg")
    assert a.racegames_setting(0, None, None) == ("greedy", {"eval": "net"})
    assert a.racegames_setting(2, None, None) == ("expectimax", {"depth": 3})
    assert a.racegames_setting(2, None, 2) == ("expectimax", {"depth": 2})
    game = racegames.make_game("backgammon", scoring="backgammons")
    state = game.new_initial_state()
    for text in ("roll-off A3 B1", "3:8-5", "1:6-5", "roll 54"):
        state.apply_action(state.string_to_action(text))
    greedy = {p.text: p.value for p in analysis.hint(state, player="greedy", eval="net")}
    depth1 = {p.text: p.value for p in analysis.hint(state, player="expectimax", depth=1)}
    assert len(greedy) > 5 and greedy == depth1
