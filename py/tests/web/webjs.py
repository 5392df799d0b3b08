"""Running JavaScript in the play page from the browser tests."""

from __future__ import annotations

import json
from typing import Any


def run_js(browser: Any, body: str, *args: Any) -> Any:
    """Runs ``body`` (an async function body with the module as ``rg`` and
    the arguments as ``args``) in the page and returns its JSON result; a
    JavaScript exception fails the test with its name and message."""
    script = """
const body = arguments[1];
const args = JSON.parse(arguments[0]);
const done = arguments[arguments.length - 1];
import("./pkg/racegames.js").then(async (rg) => {
  await rg.default();
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  return new AsyncFunction("rg", "args", body)(rg, args);
}).then((value) => done(JSON.stringify({ value })),
        (e) => done(JSON.stringify({ error: `${e && e.name}: ${e && e.message}` })));
"""
    out = json.loads(browser.execute_async_script(script, json.dumps(args), body))
    if "error" in out:
        raise AssertionError(f"JavaScript threw {out['error']}")
    return out.get("value")
