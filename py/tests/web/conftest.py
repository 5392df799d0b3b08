"""The browser tests' fixtures: the play page (site/play/, built by
scripts/web.sh) served on localhost, and headless Chromium driven by
selenium with Debian's ``chromium`` and ``chromium-driver`` (no browser is
downloaded). Every test here skips cleanly where one of them is missing."""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

REPO = Path(__file__).resolve().parents[3]
#: The built page; RACEGAMES_SITE overrides the site folder.
PLAY = Path(os.environ.get("RACEGAMES_SITE", REPO / "site")) / "play"


def chromium_paths() -> Optional[tuple[str, str]]:
    """The Chromium binary and its driver, or None."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def page_url() -> Iterator[str]:
    """The play page's URL, served from site/play/ on a free port."""
    if not (PLAY / "pkg" / "racegames.js").exists():
        pytest.skip(f"the play page is not built ({PLAY}): run scripts/web.sh")
    handler = functools.partial(_Quiet, directory=str(PLAY))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser(page_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Chromium on the play page, with downloads going to a
    temporary folder (``browser.download_dir``)."""
    paths = chromium_paths()
    if paths is None:
        pytest.skip("chromium and chromium-driver are not installed (scripts/web-tests.sh installs them)")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    downloads = tmp_path_factory.mktemp("downloads")
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(arg)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(service=Service(executable_path=paths[1]), options=options)
    driver.set_script_timeout(120)
    driver.download_dir = downloads
    try:
        driver.get(page_url)
        yield driver
    finally:
        driver.quit()
