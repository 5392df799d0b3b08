"""py/scripts/ladder.py keeps the measurements other scripts put on the players page."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from racegames._core import _elo


def load_ladder() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "scripts" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: its dataclasses look their module up by name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_kept_blocks_survive_by_section(tmp_path: Path) -> None:
    ladder = load_ladder()
    block = "<!-- kept: made by a script -->\n### Against X\n\n| a |\n|---|\n<!-- /kept -->\n"
    page = tmp_path / "players.md"
    page.write_text("# Title\n\nintro\n\n## One\n\ntable\n\n" + block + "\n## Two\n\nother\n", encoding="utf-8")
    assert ladder.kept_blocks(page) == {"One": block}
    assert ladder.kept_blocks(tmp_path / "missing.md") == {}


def test_a_block_edited_during_a_run_is_kept_as_edited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = load_ladder()
    page = tmp_path / "players.md"
    title = next(t for t, name, _ in ladder.GAME_SETS if name == "fallas")
    before = "<!-- kept: a match -->\nold figures\n<!-- /kept -->\n"
    after = "<!-- kept: a match -->\nnew figures\n<!-- /kept -->\n"
    page.write_text(f"# Title\n\nintro\n\n## {title}\n\ntable\n\n{before}", encoding="utf-8")
    measure = ladder.measure

    def measure_then_edit(*args: object, **kwargs: object) -> object:
        # Another script writes its block while the games are played.
        result = measure(*args, **kwargs)
        page.write_text(page.read_text(encoding="utf-8").replace(before, after), encoding="utf-8")
        return result

    monkeypatch.setattr(ladder, "measure", measure_then_edit)
    argv = ["--only", "fallas", "--update", "--games", "2", "--out", str(page), "--no-cache"]
    assert ladder.main(argv) == 0
    text = page.read_text(encoding="utf-8")
    assert after in text and "old figures" not in text
    assert text.count("<!-- kept:") == 1


def test_a_new_section_takes_its_place_in_the_ladder_s_order(tmp_path: Path) -> None:
    ladder = load_ladder()
    page = tmp_path / "players.md"
    page.write_text("# Title\n\nintro\n\n## One\n\nfirst\n\n## Three\n\nthird\n", encoding="utf-8")
    order = ["One", "Two", "Three", "Four"]
    ladder.replace_section(page, "Two", "## Two\n\nsecond\n", order)
    ladder.replace_section(page, "Four", "## Four\n\nfourth\n", order)
    ladder.replace_section(page, "One", "## One\n\nfirst, again\n", order)
    assert page.read_text(encoding="utf-8") == (
        "# Title\n\nintro\n\n## One\n\nfirst, again\n\n## Two\n\nsecond\n\n"
        "## Three\n\nthird\n\n## Four\n\nfourth\n"
    )


def test_the_list_agrees_only_when_the_measurements_do() -> None:
    ladder = load_ladder()
    names = ["strong", "middle", "random"]
    beats = ladder.Pairing(0, 1, 200, 130, 70, 0)
    level = ladder.Pairing(1, 2, 200, 95, 90, 0)
    top = ladder.Pairing(0, 2, 200, 196, 4, 0)
    results = [beats, level, top]
    assert ladder.verdict(beats) == "beats"
    assert ladder.verdict(level) == "is level with"
    elo = ladder.fit_elo(3, results)
    assert elo[2] == 0.0 and elo[0] > elo[1] > elo[2]
    assert ladder.disagreements(names, results, elo, "any", (1, 1)) == []

    # A listed player that scores under one half against the next one.
    reversed_pair = ladder.Pairing(1, 2, 200, 80, 120, 0)
    problems = ladder.disagreements(names, [beats, reversed_pair, top], elo, "any", (1, 1))
    assert any("scores 40.0%" in p for p in problems)
    # Elo ratings that rise down the list.
    assert any("Elo" in p for p in ladder.disagreements(names, results, [0.0, 10.0, 0.0], "any", (1, 1)))
    # The strongest under 95% of its decided games against random.
    weak_top = ladder.Pairing(0, 2, 200, 180, 20, 0)
    assert any("under 95%" in p for p in ladder.disagreements(names, [beats, level, weak_top], elo, "any", (1, 1)))
    # In Doze canes, the strongest must decide at least half of its games.
    drawn = ladder.Pairing(0, 2, 200, 90, 0, 0)
    assert drawn.draws == 110
    assert any("under half" in p for p in ladder.disagreements(names, [beats, level, drawn], elo, "doze_canes", (1, 1)))
    assert not any("under half" in p for p in ladder.disagreements(names, [beats, level, drawn], elo, "any", (1, 1)))


def test_a_short_seeded_run_plays_every_pairing() -> None:
    ladder = load_ladder()
    game, names, results, _, choice = ladder.measure("fallas", {}, 2, 7, 1)
    assert 0 < choice[0] <= choice[1]
    assert names == ladder.players.list_players(game)
    assert [(p.first, p.second) for p in results] == ladder.pairings_of(names)
    assert all(p.games == 2 and 0 <= p.decided <= 2 for p in results)
    assert ladder.measure("fallas", {}, 2, 7, 1)[2] == results, "a seeded run repeats"
    text = ladder.section("T", game, names, results, 1.0, choice, ladder.fit_elo(len(names), results), [])
    assert text.count("\n| ") == len(names) + 1


def test_a_pairing_plays_the_same_games_whichever_is_listed_first() -> None:
    # Moving a level pair in the list must not change its measured score.
    ladder = load_ladder()
    game = ladder.racegames.make_game("fallas")
    forward = ladder.play_pairing(game, ["greedy", "random"], 0, 1, 40, 7, 2)
    backward = ladder.play_pairing(game, ["random", "greedy"], 0, 1, 40, 7, 2)
    assert forward.games == backward.games == 40
    assert (forward.wins, forward.losses) == (backward.losses, backward.wins)


def test_the_shipped_nets_load_and_play() -> None:
    ladder = load_ladder()
    for name, options in [
        ("backgammon", {}),
        ("seys_dos_e_as", {}),
        ("daldos", {}),
        ("daldos", {"board": "norwegian"}),
        ("reencontrar", {}),
    ]:
        game = ladder.racegames.make_game(name, **options)
        on_net = ladder.players.make_player("expectimax", game, eval="net", depth=1)
        table = ladder.arena.round_robin(game, [on_net, "random"], games=2, seed=7, threads=1)
        assert table.games[0][1] == 2
        assert table.wins[0][1] + table.wins[1][0] + table.draws[0][1] == 2


def test_elo_fit_refuses_bad_tables() -> None:
    assert _elo([[0, 76], [24, 0]], [[0, 100], [100, 0]], 1.0)[0] > 0
    bad_tables: list[tuple[list[list[float]], list[list[float]]]] = [
        ([[0, 1]], [[0]]),
        ([[0, 5], [0, 0]], [[0, 4], [4, 0]]),
        ([[0, 1], [0, 0]], [[0, 4], [3, 0]]),
        ([[0, float("nan")], [0, 0]], [[0, 4], [4, 0]]),
        ([[0.0] * 65] * 65, [[0.0] * 65] * 65),
    ]
    for score, games in bad_tables:
        with pytest.raises(ValueError):
            _elo(score, games)
    with pytest.raises(ValueError):
        _elo([[0, 1], [1, 0]], [[0, 2], [2, 0]], 0.0)


def test_a_game_without_choices_has_every_player_level() -> None:
    ladder = load_ladder()
    doblet = ladder.racegames.make_game("doblet")
    with_choice, turns = ladder.turns_with_a_choice(doblet, 5, 7)
    assert with_choice == 0 and turns > 0
    names = ["a", "random"]
    coin_toss = [ladder.Pairing(0, 1, 200, 90, 110, 0)]
    assert ladder.disagreements(names, coin_toss, [0.0, 0.0], "doblet", (0, turns)) == []
    assert ladder.disagreements(names, coin_toss, [0.0, 0.0], "doblet", (1, turns)) != []
    text = ladder.section("Doblet", doblet, names, coin_toss, 0.0, (0, turns), [0.0, 0.0], [])
    assert "leaves no choice" in text and "doblet_no_choice.rs" in text
    backgammon = ladder.racegames.make_game("backgammon")
    assert ladder.turns_with_a_choice(backgammon, 2, 7)[0] > 0


def test_a_kept_pairing_is_not_played_again(tmp_path: Path) -> None:
    ladder = load_ladder()
    game = ladder.racegames.make_game("fallas")
    path = tmp_path / "pairings.jsonl"
    cache = ladder.PairingCache(path)
    forward = ladder.play_pairing(game, ["greedy", "random"], 0, 1, 6, 7, 1)
    cache.put(game, ["greedy", "random"], forward, 7)
    # Read back from the file, in either order of the two names.
    again = ladder.PairingCache(path)
    assert again.get(game, ["greedy", "random"], 0, 1, 6, 7) == forward
    # With the time its games took, which a section adds to its own.
    assert forward.seconds is not None and again.get(game, ["greedy", "random"], 0, 1, 6, 7).seconds == forward.seconds
    backward = again.get(game, ["random", "greedy"], 0, 1, 6, 7)
    assert backward is not None and (backward.wins, backward.losses) == (forward.losses, forward.wins)
    # Another count of games, seed or game is another pairing.
    assert again.get(game, ["greedy", "random"], 0, 1, 8, 7) is None
    assert again.get(game, ["greedy", "random"], 0, 1, 6, 8) is None
    assert again.get(ladder.racegames.make_game("laquet"), ["greedy", "random"], 0, 1, 6, 7) is None
    # measure() takes what the cache holds and plays the rest.
    names = ladder.players.list_players(game)
    _, _, first, _, _ = ladder.measure("fallas", {}, 2, 7, 1, again)
    kept_lines = len(path.read_text(encoding="utf-8").splitlines())
    assert kept_lines == 1 + len(ladder.pairings_of(names))
    _, _, second, _, _ = ladder.measure("fallas", {}, 2, 7, 1, again)
    assert second == first
    assert len(path.read_text(encoding="utf-8").splitlines()) == kept_lines


def test_a_level_pair_may_stand_in_either_order_of_elo_within_its_interval() -> None:
    ladder = load_ladder()
    names = ["a", "b", "random"]
    level = ladder.Pairing(0, 1, 200, 0, 0, 0)  # 200 draws: 50.0% [43.1%, 56.9%]
    below = ladder.Pairing(1, 2, 200, 120, 0, 0)
    top = ladder.Pairing(0, 2, 200, 110, 0, 0)
    allowance = ladder.level_allowance([level, below, top], 0)
    assert 40 < allowance < 60
    results = [level, below, top]
    # b a few points above a: the pair's own games cannot tell them apart.
    assert not any("Elo" in p for p in ladder.disagreements(names, results, [126.0, 130.0, 0.0], "any", (1, 1)))
    # Beyond what the pair's interval allows, or after a pair that is not level.
    assert any("Elo" in p for p in ladder.disagreements(names, results, [100.0, 100.0 + allowance + 1, 0.0], "any", (1, 1)))
    beaten = ladder.Pairing(0, 1, 200, 130, 70, 0)
    assert ladder.level_allowance([beaten, below, top], 0) == 0.0
    assert any("Elo" in p for p in ladder.disagreements(names, [beaten, below, top], [126.0, 130.0, 0.0], "any", (1, 1)))


def test_a_judged_pairing_plays_the_same_games_and_adjusts_them() -> None:
    ladder = load_ladder()
    game = ladder.racegames.make_game("fallas")
    names = ["expectimax", "mcts"]
    raw = ladder.play_pairing(game, names, 0, 1, 12, 7, 2)
    judged = ladder.play_judged(game, names, 0, 1, 12, 7, 2)
    # Recorded and judged, the same games as the round robin plays.
    assert judged == raw and raw.luck is None
    assert judged.luck is not None
    mean, half = judged.luck
    assert -2 < mean < 2 and 0 < half < 2
    rate, low, high = judged.luck_score()
    assert low < rate < high and rate == pytest.approx((1 + mean) / 2)
    # Listed the other way round, the same games give the opposite.
    back = ladder.play_judged(game, names[::-1], 0, 1, 12, 7, 2)
    assert back.luck is not None
    assert back.luck[0] == pytest.approx(-mean) and back.luck[1] == pytest.approx(half)
    assert "luck-adjusted" in ladder.describe(names, judged)
    assert "luck-adjusted" not in ladder.describe(names, raw)
    assert ladder.judged_by_luck(game)
    assert not ladder.judged_by_luck(ladder.racegames.make_game("halma"))
    assert not ladder.judged_by_luck(ladder.racegames.make_game("chinese_checkers", players=3))
    # measure() judges every pairing of such a game when asked.
    _, _, results, _, _ = ladder.measure("fallas", {}, 2, 7, 1, None, True)
    assert all(p.luck is not None for p in results)


def test_a_luck_adjusted_score_below_one_half_disagrees_with_the_list() -> None:
    ladder = load_ladder()
    names = ["a", "b", "random"]
    top = ladder.Pairing(0, 2, 200, 200, 0, 0)
    below = ladder.Pairing(1, 2, 200, 150, 50, 0)
    # Level raw, behind luck-adjusted: 45% ± 2%.
    behind = ladder.Pairing(0, 1, 200, 98, 102, 0, None, (-0.10, 0.04))
    problems = ladder.disagreements(names, [behind, below, top], [300.0, 200.0, 0.0], "any", (1, 1))
    assert any("luck-adjusted" in p for p in problems)
    assert "(behind, luck-adjusted)" in ladder.describe(names, behind)
    ahead = ladder.Pairing(0, 1, 200, 102, 98, 0, None, (0.10, 0.04))
    assert ladder.disagreements(names, [ahead, below, top], [300.0, 200.0, 0.0], "any", (1, 1)) == []
    assert "(ahead, luck-adjusted)" in ladder.describe(names, ahead)


def test_the_cache_keeps_the_luck_and_plays_again_to_judge(tmp_path: Path) -> None:
    ladder = load_ladder()
    game = ladder.racegames.make_game("fallas")
    names = ["greedy", "random"]
    path = tmp_path / "pairings.jsonl"
    cache = ladder.PairingCache(path)
    cache.put(game, names, ladder.play_pairing(game, names, 0, 1, 4, 7, 1), 7)
    # Kept without its luck: a judged run must play it again.
    assert cache.get(game, names, 0, 1, 4, 7) is not None
    assert cache.get(game, names, 0, 1, 4, 7, luck=True) is None
    judged = ladder.play_judged(game, names, 0, 1, 4, 7, 1)
    cache.put(game, names, judged, 7)
    again = ladder.PairingCache(path)
    kept = again.get(game, names, 0, 1, 4, 7, luck=True)
    assert kept is not None and kept.luck == pytest.approx(judged.luck)
    back = again.get(game, names[::-1], 0, 1, 4, 7, luck=True)
    assert back is not None and back.luck is not None and judged.luck is not None
    assert back.luck[0] == pytest.approx(-judged.luck[0])
