"""The README and the docs' front page work where they are read in the
repository, not only in the built site (issue 49, item 39): every relative
link and image of theirs names a file of the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: A Markdown link or image target, relative (no scheme, no bare anchor).
TARGET = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?(?:\s+\"[^\"]*\")?\)")


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_relative_links_name_files_of_the_repository(page: str) -> None:
    path = REPO / page
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    targets = [t for t in TARGET.findall(text) if "://" not in t and not t.startswith("mailto:")]
    assert targets
    missing = [t for t in targets if not (path.parent / t).exists()]
    assert not missing, f"{page} links to files the repository does not hold: {missing}"
