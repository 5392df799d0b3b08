"""The worked examples of the documentation pages (``docs/**/*.md``) run
against the engine: every ``>>>`` line of a page is a doctest, so the
notations, action numbers and move strings the pages show are the ones the
package gives. So are the examples in the docstrings of the modules the API
pages show (the docs build's ``MODULES``)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
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


def api_modules() -> list[str]:
    spec = importlib.util.spec_from_file_location("api_check", DOCS.parent / "py" / "docs_build" / "api_check.py")
    assert spec is not None and spec.loader is not None
    api_check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_check)
    return list(api_check.MODULES)


@pytest.mark.parametrize("name", api_modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples of {name} failed"
