"""MkDocs hook: fails the build when a public name of the Python package has
no docstring or is missing from the API pages.

The public names of a module are its ``__all__``, or else the names it
defines itself that do not start with ``_``; of a class, the functions and
properties it defines that do not start with ``_``. A name is on the API
pages when the site's inventory (``objects.inv``, written by mkdocstrings)
lists it, or, for a name re-exported from another checked module, lists it
under that module. A constant cannot carry a docstring, so its module
docstring (shown on the page) must name it instead.

A name in ``__all__`` that the module builds on first access (its module
``__getattr__``: a class subclassing an optional package's base class) is
not there to inspect when the site is built, so the page describes it in
prose under a heading whose id is the name's full path
(``### `SB3VecEnv` {#racegames.sb3.SB3VecEnv}``). The check builds it: when
the optional package is installed, the class must build and carry its
docstrings; when it is not, the class is reported as not checked (never
silently) and only the heading is required.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import logging
import re
import zlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Set

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

#: The package and its public submodules.
MODULES = [
    "racegames",
    "racegames.daldos",
    "racegames.gnubg",
    "racegames.players",
    "racegames.arena",
    "racegames.records",
    "racegames.gym",
    "racegames.pettingzoo",
    "racegames.vector",
    "racegames.players",
    "racegames.arena",
    "racegames.sb3",
    "racegames.rllib",
    "racegames.train",
    "racegames.train.policy_file",
    "racegames.openspiel",
    "racegames.analysis",
]

log = logging.getLogger("mkdocs.hooks.api_check")

#: The ids of the built pages' elements (collected by ``on_page_content``).
_ANCHORS: Set[str] = set()
_ID = re.compile(r'\bid="([^"]+)"')


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


def docstring(value: Any) -> str:
    """``value``'s own docstring: not one inherited from a base class (as
    ``inspect.getdoc`` gives), which the pages would not show."""
    doc = getattr(value, "__doc__", None)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def missing_package(error: ImportError) -> Optional[str]:
    """The top-level package whose absence caused ``error`` (found along its
    chain of causes), or None when every package it names is installed."""
    seen: Optional[BaseException] = error
    while seen is not None:
        if isinstance(seen, ModuleNotFoundError) and seen.name:
            top = seen.name.split(".")[0]
            if not installed(top):
                return top
        seen = seen.__cause__ or seen.__context__
    return None


def installed(package: str) -> bool:
    """Whether ``package`` can be imported (or already is)."""
    try:
        return importlib.util.find_spec(package) is not None
    except ValueError:  # in sys.modules without a spec
        return True


def documented_as(value: Any, modname: str, name: str) -> List[str]:
    """The full names under which ``value`` may be listed: here, or in the
    checked module that defines it."""
    names = [f"{modname}.{name}"]
    home = getattr(value, "__module__", None)
    if home in MODULES and home != modname:
        names.append(f"{home}.{name}")
    return names


def class_problems(cls: type, full: str, listed: Optional[Set[str]]) -> Iterator[str]:
    """A class's members without a docstring, or (unless ``listed`` is None)
    missing from ``listed``."""
    for member in members(cls):
        if not docstring(getattr(cls, member)):
            yield f"{full}.{member}: no docstring"
        if listed is not None and f"{full}.{member}" not in listed:
            yield f"{full}.{member}: not on the API pages"


def lazy_problems(module: ModuleType, name: str, anchors: Set[str]) -> Iterator[str]:
    """The problems of a name ``module`` builds on first access."""
    full = f"{module.__name__}.{name}"
    if full not in anchors:
        yield f"{full}: built on first use, so it needs a heading with id {full!r} on the API pages"
    try:
        value = getattr(module, name)
    except ImportError as error:
        package = missing_package(error)
        if package is None:
            yield f"{full}: cannot be built although its packages are installed: {error}"
        else:
            log.info("api_check: %s not checked: it needs %s, which is not installed", full, package)
        return
    if not docstring(value):
        yield f"{full}: no docstring"
    if inspect.isclass(value):
        yield from class_problems(value, full, None)


def problems(listed: Set[str], anchors: Set[str]) -> Iterator[str]:
    """Every public name without a docstring or missing from ``listed`` (or,
    if built on first access, from ``anchors``)."""
    for modname in MODULES:
        module = importlib.import_module(modname)
        defined = set(vars(module))
        if not docstring(module):
            yield f"{modname}: no module docstring"
        if modname not in listed:
            yield f"{modname}: not on the API pages"
        for name in public_names(module):
            if name not in defined:
                yield from lazy_problems(module, name, anchors)
                continue
            value = getattr(module, name)
            full = f"{modname}.{name}"
            if inspect.isclass(value) or callable(value):
                if not docstring(value):
                    yield f"{full}: no docstring"
                places = documented_as(value, modname, name)
                if not any(p in listed for p in places):
                    yield f"{full}: not on the API pages"
                if inspect.isclass(value):
                    place = next((p for p in places if p in listed), full)
                    yield from class_problems(value, place, listed)
            elif f"`{name}`" not in (module.__doc__ or ""):
                yield f"{full}: a constant that the module docstring does not name"


def on_pre_build(**_: Any) -> None:
    """Forgets the anchors of a previous build (``mkdocs serve``)."""
    _ANCHORS.clear()


def on_page_content(html: str, **_: Any) -> str:
    """Collects the ids of a page's elements."""
    _ANCHORS.update(_ID.findall(html))
    return html


def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    """Checks the built site's inventory and pages against the package."""
    from mkdocs.exceptions import PluginError

    found = list(problems(inventory(Path(config.site_dir)), _ANCHORS))
    if found:
        raise PluginError("undocumented public names:\n  " + "\n  ".join(found))
