"""``racegames.arena.luck``: what the dice gave each seat, and the
luck-adjusted results, judged natively."""

from __future__ import annotations

import pickle
import sys
from typing import List

import pytest

import racegames
from racegames import arena, records
from racegames.arena import Luck

from conftest import assert_stops_within_a_second, random_states


@pytest.fixture(scope="module")
def backgammon_games(tmp_path_factory: pytest.TempPathFactory) -> List[records.Record]:
    path = tmp_path_factory.mktemp("luck") / "match.txt"
    arena.play("backgammon", ["greedy", "random"], games=6, seed=3, threads=2, record=path)
    return records.load(path)


def test_a_game_judged_alone_in_a_batch_or_from_its_state_is_judged_alike(
    backgammon_games: List[records.Record],
) -> None:
    batch = arena.luck(backgammon_games, threads=2)
    assert len(batch) == len(backgammon_games)
    assert arena.luck(backgammon_games, threads=1) == batch
    for rec, judged in zip(backgammon_games, batch):
        assert arena.luck(rec) == judged
        assert arena.luck(rec.final_state()) == judged
        assert judged.finished
        # Every throw of the game was judged: the roll-off and each turn's.
        throws = sum(1 for s in rec.states()[:-1] if s.is_chance_node())
        assert judged.chance_nodes == throws
        # Zero-sum: what one seat's dice gave, the other's took.
        assert judged.luck[0] == pytest.approx(-judged.luck[1], abs=1e-9)
        assert list(judged.returns) == rec.final_state().returns()
        for seat in (0, 1):
            assert judged.adjusted(seat) == pytest.approx(judged.returns[seat] - judged.luck[seat])
        assert judged.adjusted_returns == pytest.approx([judged.adjusted(0), judged.adjusted(1)])


def test_the_judge_can_be_chosen_and_a_game_without_a_net_is_refused(
    backgammon_games: List[records.Record],
) -> None:
    rec = backgammon_games[0]
    by_net = arena.luck(rec, judge="net")
    assert by_net == arena.luck(rec)
    by_hand = arena.luck(rec, judge="hand")
    assert by_hand.returns == by_net.returns and by_hand.luck != by_net.luck
    halma = racegames.make_game("halma").new_initial_state()
    with pytest.raises(ValueError, match="no net evaluation"):
        arena.luck(halma, judge="net")
    # Without dice there is no luck; the unfinished game's returns are the judge's estimate.
    judged = arena.luck(halma)
    assert judged.luck == (0.0, 0.0) and judged.chance_nodes == 0 and not judged.finished


def test_games_of_several_games_keep_their_order() -> None:
    daldos = random_states(racegames.make_game("daldos"), seed=4, limit=60)[-1]
    seys = random_states(racegames.make_game("seys_dos_e_as"), seed=5, limit=80)[-1]
    mixed = arena.luck([daldos, seys, daldos])
    assert mixed == [arena.luck(daldos), arena.luck(seys), arena.luck(daldos)]
    assert [j.chance_nodes > 0 for j in mixed] == [True, True, True]


def test_a_position_set_up_is_judged_from_there() -> None:
    game = racegames.make_game("backgammon")
    states = random_states(game, seed=6, limit=40)
    middle = game.state_from_notation(states[20].notation())
    for a in states[-1].history()[20:]:
        middle.apply_action(a)
    rec = records.Record.from_state(middle)
    assert "Position" in rec.tags
    judged = arena.luck(rec)
    assert judged.chance_nodes == sum(1 for s in states[20:-1] if s.is_chance_node())


def test_bad_input_is_named_and_nothing_is_judged(backgammon_games: List[records.Record]) -> None:
    rec = backgammon_games[0]
    bad = records.Record(rec.game, rec.actions[:5] + [9999])
    with pytest.raises(ValueError, match=r"game 1: move 6 \(action 9999\) is not legal there"):
        arena.luck([rec, bad])
    # In a batch of several games, a game is named by its place in the batch.
    daldos = racegames.make_game("daldos").new_initial_state()
    with pytest.raises(ValueError, match=r"game 2: move 6 \(action 9999\) is not legal there"):
        arena.luck([daldos, daldos, bad])
    with pytest.raises(ValueError, match="outside 0 to"):
        records.Record(rec.game, [10**30])
    huge = records.Record(rec.game)
    huge.actions.append(10**30)  # changed after the record was made
    with pytest.raises(racegames.IllegalActionError, match="game 1: the action is out of range"):
        arena.luck([rec, huge])
    with pytest.raises(ValueError, match="judge must be"):
        arena.luck(rec, judge="nett")
    with pytest.raises(TypeError, match="judge must be"):
        arena.luck(rec, judge=1)  # type: ignore[arg-type]
    for threads in (0, arena.MAX_THREADS + 1, 10**30):
        with pytest.raises(ValueError, match="threads must be from 1 to 64"):
            arena.luck(rec, threads=threads)
    with pytest.raises(TypeError, match="game 1 must be a racegames Record or State"):
        arena.luck([rec, "not a game"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="games must be"):
        arena.luck("backgammon")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="progress must be a bool"):
        arena.luck(rec, progress=1)  # type: ignore[arg-type]
    assert arena.luck([]) == []


def test_a_luck_prints_as_python_and_pickles(backgammon_games: List[records.Record]) -> None:
    judged = arena.luck(backgammon_games[1])
    assert eval(repr(judged), {"Luck": Luck}) == judged
    assert pickle.loads(pickle.dumps(judged)) == judged
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        judged.adjusted(2)


def test_progress_shows_a_bar(backgammon_games: List[records.Record], capsys: pytest.CaptureFixture[str]) -> None:
    arena.luck(backgammon_games[:2], progress=True)
    assert "2/2" in capsys.readouterr().err


CHILD = """
import sys, tempfile, os, time
from racegames import arena, records
path = os.path.join(tempfile.mkdtemp(), "m.txt")
arena.play("backgammon", ["random", "random"], games=2, record=path)
many = records.load(path) * 50_000
print("started", flush=True)
try:
    arena.luck(many, threads=2)
except KeyboardInterrupt:
    print(f"KeyboardInterrupt at {time.monotonic():.3f}", flush=True)
    print("then", len(arena.luck(many[:2])), flush=True)
    sys.exit(0)
print("finished without an interrupt", flush=True)
sys.exit(1)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
def test_ctrl_c_stops_judging_within_a_second() -> None:
    assert_stops_within_a_second(CHILD, "then 2")


def test_the_luck_table_gives_each_player_its_seats_games(backgammon_games: List[records.Record]) -> None:
    judged = arena.luck(backgammon_games)
    table = arena.luck_table(backgammon_games, judged, ["greedy", "random"]).splitlines()
    greedy = [j.adjusted(s) for r, j in zip(backgammon_games, judged) for s in (0, 1) if r.tags[f"Player{'AB'[s]}"] == "greedy"]
    assert len(greedy) == len(backgammon_games)
    assert table[1].split()[0] == "greedy"
    assert float(table[1].split()[4]) == pytest.approx(sum(greedy) / len(greedy), abs=5e-4)
