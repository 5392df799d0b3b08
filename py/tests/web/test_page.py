"""The play page in headless Chromium: one full game of each family played
by clicks (a piece, then its destination) against a built-in player,
whose downloaded record replays in Python to the page's final position;
an uploaded record shows its final position. With RACEGAMES_SCREENSHOTS
set to a folder, a picture of each game half-way is saved there."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

import racegames
from racegames import records

from webjs import run_js

#: The greedy player's choice for the page's position, and where it takes
#: the piece on the picture (the test clicks as a person would, choosing
#: as greedy does so that the game ends).
CHOICE = r"""
const page = window.racegamesPage;
const s = page.app.state;
const a = rg.makePlayer("greedy", page.app.game, { seed: args[0] }).act(s);
const t = rg.moveTargets(s).find((m) => m.action === a);
return { action: a, from: t && t.from && `${t.from[0]},${t.from[1]}`, to: t && t.to && `${t.to[0]},${t.to[1]}` };
"""


def open_page(browser: Any, url: str) -> None:
    browser.get(url)
    deadline = time.time() + 30
    while browser.execute_script("return document.body.dataset.ready") != "true":
        assert time.time() < deadline, browser.find_element("id", "error").text
        time.sleep(0.05)


def wait_for_human_or_end(browser: Any) -> str:
    """Waits until a person is to move or the game is over; returns
    ``move`` or ``over``."""
    deadline = time.time() + 60
    while True:
        state = browser.execute_script(
            """const s = window.racegamesPage.app.state, app = window.racegamesPage.app;
            if (s.isTerminal()) return "over";
            const p = s.currentPlayer();
            return p >= 0 && app.seats[p].player === "human" && document.querySelectorAll("#moves button").length ? "move" : "wait";"""
        )
        if state != "wait":
            return str(state)
        error = browser.find_element("id", "error").text
        assert not error, error
        assert time.time() < deadline, "the built-in player did not move"
        time.sleep(0.02)


def click_move(browser: Any, seed: int) -> bool:
    """Plays greedy's choice by clicks: on the picture (True) where it
    shows the move, else in the list of legal moves (False)."""
    choice = run_js(browser, CHOICE, seed)
    if choice["from"] and choice["to"]:
        browser.find_element("css selector", f'#board .src[data-at="{choice["from"]}"]').click()
        dests = browser.find_elements("css selector", f'#board .dst[data-at="{choice["to"]}"]')
        assert dests, choice
        before = browser.execute_script("return window.racegamesPage.app.actions.length")
        dests[0].click()
        after = browser.execute_script("return window.racegamesPage.app.actions.length")
        if after > before:
            return True
    # Not on the picture, or several moves land there: the list.
    browser.find_element("css selector", f'#moves button[data-action="{choice["action"]}"]').click()
    return False


def download_record(browser: Any, folder: Path, name: str) -> str:
    for old in folder.glob("*"):
        old.unlink()
    browser.find_element("id", "download-record").click()
    deadline = time.time() + 20
    while True:
        done = [p for p in folder.glob(f"{name}*.txt")]
        if done and done[0].stat().st_size > 0:
            time.sleep(0.1)
            return done[0].read_text(encoding="utf-8")
        assert time.time() < deadline, "no record was downloaded"
        time.sleep(0.05)


@pytest.mark.parametrize("game", ["daldos", "backgammon", "chinese_checkers"])
def test_a_full_game_by_clicks_downloads_a_record_that_replays(browser: Any, page_url: str, game: str) -> None:
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(browser.download_dir)})
    open_page(browser, f"{page_url}?game={game}&seed=5")
    n = browser.execute_script("return window.racegamesPage.app.game.numPlayers()")
    for i in range(1, n):
        browser.execute_script(f'const s = document.getElementById("seat-{i}"); s.value = "greedy"; s.dispatchEvent(new Event("change"));')
    shots = os.environ.get("RACEGAMES_SCREENSHOTS")
    moves = on_picture = 0
    while wait_for_human_or_end(browser) == "move":
        on_picture += click_move(browser, moves)
        moves += 1
        if shots and moves == 6:
            Path(shots).mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(Path(shots) / f"play-{game}.png"))
        assert moves < 2000, "the game did not end"
    assert on_picture * 3 >= moves * 2, f"{on_picture} of {moves} moves were found on the picture"
    final = browser.find_element("id", "notation").get_attribute("value")
    text = download_record(browser, browser.download_dir, game)
    [rec] = records.loads(text)
    assert rec.tags["Game"] == game and rec.tags["PlayerA"] == "human"
    end = rec.final_state()
    assert end.is_terminal() and end.notation() == final
    assert rec.tags["Termination"] in ("win", "draw", "turn limit")


def test_an_uploaded_record_shows_its_final_position(browser: Any, page_url: str, tmp_path: Path) -> None:
    open_page(browser, f"{page_url}?game=backgammon&seed=1")
    game = racegames.make_game("daldos", board="norwegian")
    state = game.new_initial_state()
    state.play_random(seed=8)
    path = tmp_path / "game.txt"
    records.dump(records.Record.from_state(state, players=["random", "random"], seed=8), path)
    browser.find_element("id", "upload-record").send_keys(str(path))
    deadline = time.time() + 20
    while browser.find_element("id", "notation").get_attribute("value") != state.notation():
        assert time.time() < deadline, browser.find_element("id", "error").text
        time.sleep(0.05)
    assert browser.find_element("id", "game").get_attribute("value") == "daldos"
    assert browser.find_element("id", "status").text.startswith("Game over")
    drawn = run_js(browser, "return rg.drawSvg(window.racegamesPage.app.state);")
    assert drawn == state._repr_svg_()


def test_the_cube_can_be_switched_on_and_off_in_the_options(browser: Any, page_url: str) -> None:
    """Backgammon's options show an unticked `cube`; ticking it makes a
    cubeful game (its own options shown, `double` among the moves once a
    player may double, the picture drawing the cube) and unticking it
    goes back to the cubeless game."""
    open_page(browser, f"{page_url}?game=backgammon&seed=3")
    box = browser.find_element("id", "opt-cube")
    assert box.get_attribute("type") == "checkbox" and not box.is_selected()
    assert not browser.find_elements("id", "opt-jacoby")
    box.click()
    params = browser.execute_script("return window.racegamesPage.app.game.getParameters()")
    assert params["cube"] is True and "jacoby" in params and "match_length" in params
    assert browser.find_element("id", "opt-cube").is_selected()
    assert browser.find_elements("id", "opt-jacoby") and browser.find_elements("id", "opt-match_length")
    # Both seats people: the first mover plays its opening throw (no cube
    # then), and the second is offered the cube before its throw.
    browser.execute_script(
        'const s = document.getElementById("seat-1"); s.value = "human"; s.dispatchEvent(new Event("change"));'
    )
    for i in range(8):
        assert wait_for_human_or_end(browser) == "move"
        offered = [b.text for b in browser.find_elements("css selector", "#moves button")]
        if any("double" in text for text in offered):
            break
        click_move(browser, i)
    else:
        pytest.fail(f"no double was offered: {offered}")
    browser.find_element("id", "opt-cube").click()
    params = browser.execute_script("return window.racegamesPage.app.game.getParameters()")
    assert "cube" not in params and "jacoby" not in params
    assert not browser.find_element("id", "opt-cube").is_selected()
    assert browser.find_element("id", "error").text == ""
