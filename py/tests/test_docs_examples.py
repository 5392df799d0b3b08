"""The worked examples of the documentation pages (``docs/**/*.md``) run
against the engine: every ``>>>`` line of a page is a doctest, so the
notations, action numbers and move strings the pages show are the ones the
package gives."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.rglob("*.md"))


def test_the_pages_are_found() -> None:
    assert (DOCS / "games" / "daldos.md") in PAGES


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_page_examples(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {page.name} failed"
