"""The arena command's summary and messages (issue 49, item 39): its speed
read "0 games/s" for a match slower than a game a second, and a bad player
option's message was cut before the parameters it lists."""

from __future__ import annotations

import subprocess
import sys

import pytest

from racegames import arena


@pytest.mark.parametrize(
    "games, seconds, shown",
    [
        (100000, 2.0, "50000 games/s"),
        (200, 1.6, "125 games/s"),
        (20, 1.6, "12 games/s"),
        (996, 10.0, "100 games/s"),
        (4, 1.6, "2.5 games/s"),
        (20, 40.0, "2.0 s/game"),
        (2, 7.0, "3.5 s/game"),
        (1, 250.0, "250 s/game"),
    ],
)
def test_the_speed_keeps_its_digits(games: int, seconds: float, shown: str) -> None:
    assert arena._speed(games, seconds) == shown


def test_the_speed_of_a_slow_match_is_not_zero() -> None:
    assert "0 games/s" not in arena._speed(20, 40.0)


def test_a_bad_player_option_lists_every_parameter() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "racegames.arena", "backgammon", "expectimax:nonsense=3", "greedy", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    message = run.stderr.strip().splitlines()[-1]
    assert 'takes no parameter "nonsense"' in message
    # The last parameter it takes, and no cut.
    assert message.endswith("eval (hand or net)"), message
    assert "characters)" not in message
