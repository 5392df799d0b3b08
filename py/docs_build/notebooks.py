"""MkDocs hook: serves the example notebooks and scripts of ``examples/``
under ``examples/`` in the site, so that the pages link to them and the
strict build checks those links.

A page links to them as the repository holds them (``../examples/tour.py``
from ``docs/index.md``), so that the link works where the page is read in the
repository; the hook points such links to the site's copy."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

#: What is served: the notebooks and the Python examples.
PATTERNS = ("*.ipynb", "*.py")


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Adds every example file to the site's files."""
    examples = Path(config.config_file_path).parent / "examples"
    for pattern in PATTERNS:
        for path in sorted(examples.glob(pattern)):
            files.append(File.generated(config, f"examples/{path.name}", abs_src_path=str(path)))
    return files


#: A Markdown link's target: ``](target)`` or ``](target "title")``.
LINK = re.compile(r"\]\(([^)\s]+)")


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """Points a link to a served file of the repository's examples/ (relative
    to the page's place in the repository) to its copy in the site."""
    root = Path(config.config_file_path).parent
    docs = Path(config.docs_dir)
    page_dir = (docs / page.file.src_uri).parent

    def to_site(m: "re.Match[str]") -> str:
        target = m.group(1)
        path, sep, anchor = target.partition("#")
        if "://" in path or not path:
            return m.group(0)
        where = Path(os.path.normpath(page_dir / path))
        if where.parent != root / "examples" or not any(where.match(p) for p in PATTERNS):
            return m.group(0)
        site = os.path.relpath(docs / "examples" / where.name, page_dir)
        return "](" + Path(site).as_posix() + sep + anchor

    return LINK.sub(to_site, markdown)
