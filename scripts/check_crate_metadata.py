"""Checks what the public registry (crates.io) checks of each publishable
crate's manifest before it takes the crate, so that a real publish does not
stop halfway through the workspace:

- at most 5 keywords, each at most 20 characters, ASCII letters, digits,
  ``-``, ``_`` and ``+``, starting with a letter;
- at most 5 categories, each one of the registry's category slugs (those
  below; add one here after finding it on https://crates.io/category_slugs);
- a description, a licence, a readme that exists.

Crates with ``publish = false`` are left out. Standard library only (it runs
before any virtual environment exists).

    python3 scripts/check_crate_metadata.py [--manifest-path Cargo.toml]

Exits 1, printing every fault, when any crate breaks a rule.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

MAX_KEYWORDS = 5
MAX_KEYWORD_LEN = 20
MAX_CATEGORIES = 5
KEYWORD = re.compile(r"[A-Za-z][A-Za-z0-9_+-]*")

# The registry's category slugs this project may use (a subset of
# https://crates.io/category_slugs).
CATEGORIES = {
    "algorithms",
    "command-line-utilities",
    "data-structures",
    "development-tools",
    "development-tools::testing",
    "emulators",
    "encoding",
    "game-development",
    "game-engines",
    "games",
    "mathematics",
    "no-std",
    "no-std::no-alloc",
    "parser-implementations",
    "science",
    "simulation",
    "visualization",
}


def faults(package: Dict[str, Any]) -> List[str]:
    """What the registry would refuse in one package's metadata."""
    name = package["name"]
    out = []
    keywords = package.get("keywords") or []
    if len(keywords) > MAX_KEYWORDS:
        out.append(f"{name}: {len(keywords)} keywords, the registry takes at most {MAX_KEYWORDS}")
    for word in keywords:
        if len(word) > MAX_KEYWORD_LEN:
            out.append(f"{name}: keyword {word!r} has {len(word)} characters, at most {MAX_KEYWORD_LEN}")
        if not KEYWORD.fullmatch(word):
            out.append(
                f"{name}: keyword {word!r} must be ASCII letters, digits, -, _ or +, starting with a letter"
            )
    categories = package.get("categories") or []
    if len(categories) > MAX_CATEGORIES:
        out.append(f"{name}: {len(categories)} categories, the registry takes at most {MAX_CATEGORIES}")
    for slug in categories:
        if slug not in CATEGORIES:
            out.append(f"{name}: category {slug!r} is not a registry category slug this project knows")
    if not (package.get("description") or "").strip():
        out.append(f"{name}: no description")
    if not package.get("license") and not package.get("license_file"):
        out.append(f"{name}: no license")
    readme = package.get("readme")
    if readme and not (Path(package["manifest_path"]).parent / readme).is_file():
        out.append(f"{name}: readme {readme!r} does not exist")
    return out


def publishable(package: Dict[str, Any]) -> bool:
    """``publish = false`` gives an empty list of registries."""
    return package.get("publish") != []


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest-path", default=None, help="the workspace's Cargo.toml")
    args = parser.parse_args(argv)
    command = ["cargo", "metadata", "--no-deps", "--format-version", "1"]
    if args.manifest_path:
        command += ["--manifest-path", args.manifest_path]
    metadata = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    packages = [p for p in metadata["packages"] if publishable(p)]
    found = [f for p in packages for f in faults(p)]
    for fault in found:
        print(fault, file=sys.stderr)
    if found:
        return 1
    print(f"crate metadata fits the registry: {', '.join(sorted(p['name'] for p in packages))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
