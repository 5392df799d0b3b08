"""MkDocs hook: fails the build when a public name of the Python package has
no docstring or is missing from the API pages.

The public names of a module are its ``__all__``, or else the names it
defines itself that do not start with ``_``; of a class, the functions and
properties it defines that do not start with ``_``. A name is on the API
pages when the site's inventory (``objects.inv``, written by mkdocstrings)
lists it. A constant cannot carry a docstring, so its module docstring
(shown on the page) must name it instead.
"""

from __future__ import annotations

import importlib
import inspect
import zlib
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, List, Set

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

#: The package and its public submodules.
MODULES = [
    "racegames",
    "racegames.daldos",
    "racegames.players",
    "racegames.arena",
    "racegames.gym",
    "racegames.pettingzoo",
    "racegames.vector",
]


def public_names(module: ModuleType) -> List[str]:
    """``__all__``, or the public names the module defines itself."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(module).items()
            if getattr(v, "__module__", None) == module.__name__ and (inspect.isclass(v) or inspect.isfunction(v))
        ]
    return [n for n in names if not n.startswith("_")]


def members(cls: type) -> Iterator[str]:
    """The public functions and properties a class defines itself."""
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if callable(value) or isinstance(value, (property, staticmethod, classmethod)) or inspect.isdatadescriptor(value):
            yield name


def inventory(site_dir: Path) -> Set[str]:
    """The object names listed in mkdocstrings' ``objects.inv``."""
    raw = (site_dir / "objects.inv").read_bytes()
    body = raw.split(b"\n", 4)[4]
    return {line.split(" ", 1)[0] for line in zlib.decompress(body).decode().splitlines() if line}


def problems(listed: Set[str]) -> Iterator[str]:
    """Every public name without a docstring or missing from ``listed``."""
    for modname in MODULES:
        module = importlib.import_module(modname)
        if not inspect.getdoc(module):
            yield f"{modname}: no module docstring"
        if modname not in listed:
            yield f"{modname}: not on the API pages"
        for name in public_names(module):
            value = getattr(module, name)
            full = f"{modname}.{name}"
            if inspect.isclass(value) or callable(value):
                if not inspect.getdoc(value):
                    yield f"{full}: no docstring"
                if full not in listed:
                    yield f"{full}: not on the API pages"
            elif f"`{name}`" not in (module.__doc__ or ""):
                yield f"{full}: a constant that the module docstring does not name"
            if inspect.isclass(value):
                for member in members(value):
                    if not inspect.getdoc(getattr(value, member)):
                        yield f"{full}.{member}: no docstring"
                    if f"{full}.{member}" not in listed:
                        yield f"{full}.{member}: not on the API pages"


def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    """Checks the built site's inventory against the package."""
    found = list(problems(inventory(Path(config.site_dir))))
    if found:
        raise PluginError("undocumented public names:\n  " + "\n  ".join(found))
