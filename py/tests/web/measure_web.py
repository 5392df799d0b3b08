"""Measures the browser package (issue 48, item 5): the .wasm's size and
everything the play page loads, the page's load time to a drawn board, and
one expectimax decision in backgammon in headless Chromium against the
same decision natively (the Python extension). Run after scripts/web.sh:

    python py/tests/web/measure_web.py
"""

from __future__ import annotations

import functools
import gzip
import http.server
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import racegames  # noqa: E402
from racegames import players  # noqa: E402

from conftest import PLAY, _Quiet, chromium_paths  # noqa: E402
from webjs import run_js  # noqa: E402

DECIDE = r"""
const game = rg.makeGame("backgammon", {});
const out = [];
for (const n of args[0]) {
  const s = game.stateFromNotation(n);
  const p = rg.makePlayer("expectimax", game, { seed: 1 });
  const t0 = performance.now();
  const a = p.act(s);
  out.push([a, performance.now() - t0]);
}
return out;
"""


def states(n: int) -> list[str]:
    game = racegames.make_game("backgammon")
    out = []
    for seed in range(n):
        s = game.new_initial_state()
        s.play_random(seed=seed, max_steps=30 + 7 * seed)
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[seed % len(s.chance_outcomes())][0])
        if not s.is_terminal():
            out.append(s.notation())
    return out


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    wasm = PLAY / "pkg" / "racegames_bg.wasm"
    total = sum(p.stat().st_size for p in PLAY.rglob("*") if p.is_file())
    print(f"wasm: {wasm.stat().st_size} bytes ({len(gzip.compress(wasm.read_bytes(), 9))} gzipped); page: {total} bytes in all")
    handler = functools.partial(_Quiet, directory=str(PLAY))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    paths = chromium_paths()
    assert paths, "chromium and chromium-driver are needed"
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=paths[1]), options=options)
    driver.set_script_timeout(300)
    try:
        loads = []
        for _ in range(3):
            driver.get(url + "?game=backgammon&seed=1")
            while driver.execute_script("return document.body.dataset.ready") != "true":
                time.sleep(0.01)
            loads.append(float(driver.execute_script("return document.body.dataset.readyMs")))
        print(f"load to a drawn board: {', '.join(f'{x:.0f}' for x in loads)} ms")
        notations = states(8)
        browser = run_js(driver, DECIDE, notations)
        game = racegames.make_game("backgammon")
        native = []
        for n, (a, _) in zip(notations, browser):
            s = game.state_from_notation(n)
            p = players.make_player("expectimax", game, seed=1)
            t0 = time.perf_counter()
            b = p.act(s)
            native.append((time.perf_counter() - t0) * 1000)
            assert a == b, (n, a, b)
        web = [ms for _, ms in browser]
        for n, w, x in zip(notations, web, native):
            print(f"  expectimax: browser {w:7.1f} ms, native {x:7.1f} ms, ratio {w / max(x, 1e-3):.2f}")
        print(
            f"expectimax decision, median: browser {statistics.median(web):.0f} ms, native {statistics.median(native):.0f} ms, "
            f"max browser {max(web):.0f} ms; ratio of totals {sum(web) / sum(native):.2f}"
        )
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
