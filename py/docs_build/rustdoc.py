"""MkDocs hook: serves the workspace's rustdoc (built by scripts/rustdoc.sh)
under ``rustdoc/`` in the site, so that the pages link to it and the links
are checked like any other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel


def rustdoc_dir(config: MkDocsConfig) -> Path:
    """target/doc of the repository (or of ``CARGO_TARGET_DIR``)."""
    root = Path(config.config_file_path).parent
    target = Path(os.environ.get("CARGO_TARGET_DIR", root / "target"))
    return target / "doc"


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Adds every file of the rustdoc, not as pages of the site's own."""
    doc = rustdoc_dir(config)
    if not (doc / "racegames_board" / "index.html").is_file():
        raise PluginError(f"no rustdoc in {doc}: run scripts/rustdoc.sh first")
    for path in sorted(p for p in doc.rglob("*") if p.is_file()):
        uri = "rustdoc/" + path.relative_to(doc).as_posix()
        files.append(
            File.generated(config, uri, abs_src_path=str(path), inclusion=InclusionLevel.NOT_IN_NAV)
        )
    return files
