"""Griffe extension for a package read by inspection.

The package is read by inspection (its classes live in the native module,
whose docstrings come from the Rust doc comments). Inspection lists every
name a module imports, and gives a constant the docstring of its type (an
int shows int's); this keeps a module that defines ``__all__`` to those
names, and drops the borrowed docstrings, so that such constants are
described by their module's docstring instead.
"""

from __future__ import annotations

from typing import Any

import griffe


class ExportsOnly(griffe.Extension):
    """Drops the public members of a module that its ``__all__`` leaves out,
    and the docstrings that values borrow from their type."""

    def on_attribute_instance(self, *, node: griffe.ObjectNode, attr: griffe.Attribute, **_: Any) -> None:
        """Called for each attribute found by inspection."""
        if node.obj.__doc__ == type(node.obj).__doc__:
            attr.docstring = None

    def on_package(self, *, pkg: griffe.Module, **_: Any) -> None:
        """Called once the whole package is loaded."""
        drop_unexported(pkg)

    def on_package_loaded(self, *, pkg: griffe.Module, **_: Any) -> None:
        """The same event under its name before griffe 2 (Python 3.9 gets an
        older griffe); running twice changes nothing."""
        drop_unexported(pkg)


def drop_unexported(mod: griffe.Module) -> None:
    """Drops what ``mod``'s ``__all__`` leaves out, then in its submodules."""
    for sub in list(mod.modules.values()):
        drop_unexported(sub)
    if mod.exports is None:
        return
    exported = {e if isinstance(e, str) else e.name for e in mod.exports}
    for name, member in list(mod.members.items()):
        submodule = not member.is_alias and member.is_module
        if not name.startswith("_") and name not in exported and not submodule:
            mod.del_member(name)
