"""MkDocs hook: fails the build when a page's HTML holds a paragraph with list
markers in it.

Markdown reads a list item that follows a paragraph line without a blank line
as more of that paragraph (a "lazy continuation"), so the page shows one
run-on paragraph with literal "- " dashes where a list was meant. The strict
build does not catch it; this hook does: no ``<p>`` of a built page may hold a
line that starts with ``- ``, ``* `` or ``1. `` (any number).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, List, Optional

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

#: A line of a paragraph's text that Markdown meant as a list item.
LIST_MARKER = re.compile(r"^\s*(?:[-*]|\d+\.)\s")


class _Paragraphs(HTMLParser):
    """The text of every ``<p>`` of a page, nested markup included; code is
    kept in backticks (a ``<code>*</code>`` that starts a line is no list
    marker)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: List[str] = []
        self._current: Optional[List[str]] = None
        self._depth = 0
        self._code = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "code":
            self._code += 1
        elif tag == "p":
            self._depth += 1
            if self._depth == 1:
                self._current = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "code" and self._code:
            self._code -= 1
        elif tag == "p" and self._depth:
            self._depth -= 1
            if self._depth == 0 and self._current is not None:
                self.paragraphs.append("".join(self._current))
                self._current = None

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current.append(f"`{data}`" if self._code else data)


def run_on_lists(html: str) -> List[str]:
    """The lines of the HTML's paragraphs that start with a list marker."""
    parser = _Paragraphs()
    parser.feed(html)
    parser.close()
    return [
        line.strip()
        for paragraph in parser.paragraphs
        for line in paragraph.split("\n")
        if LIST_MARKER.match(line)
    ]


_found: List[str] = []


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    _found.clear()
    return config


def on_post_page(output: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    for line in run_on_lists(output):
        _found.append(f"{page.file.src_uri}: {line[:80]}")
    return output


def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    if _found:
        raise PluginError(
            "list items rendered inside a paragraph (put a blank line before the list):\n  "
            + "\n  ".join(_found)
        )
