"""MkDocs hook: serves the example notebooks and scripts of ``examples/``
under ``examples/`` in the site, so that the pages link to them and the
strict build checks those links."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

#: What is served: the notebooks and the Python examples.
PATTERNS = ("*.ipynb", "*.py")


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Adds every example file to the site's files."""
    examples = Path(config.config_file_path).parent / "examples"
    for pattern in PATTERNS:
        for path in sorted(examples.glob(pattern)):
            files.append(File.generated(config, f"examples/{path.name}", abs_src_path=str(path)))
    return files
