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


class StubSignatures(griffe.Extension):
    """Gives the native module's functions and methods the typed signatures
    of its stubs (``_core.pyi``): inspection of a native function sees
    neither parameter types nor the return type, the stubs say both."""

    def on_package(self, *, pkg: griffe.Module, **_: Any) -> None:
        """Called once the whole package is loaded."""
        apply_stub_signatures(pkg)

    def on_package_loaded(self, *, pkg: griffe.Module, **_: Any) -> None:
        """The same event under its name before griffe 2."""
        apply_stub_signatures(pkg)


def apply_stub_signatures(pkg: griffe.Module) -> None:
    """Copies the parameters, return types and attribute types of the
    stubs onto the inspected objects of ``<pkg>._core``."""
    if pkg.name != "racegames" or pkg.filepath is None:
        return
    root = pkg.filepath if pkg.filepath.is_dir() else pkg.filepath.parent
    stub_path = root / "_core.pyi"
    if not stub_path.exists():
        return
    stub = griffe.visit("racegames._core", stub_path, stub_path.read_text(encoding="utf-8"))
    try:
        core = pkg["_core"]
    except KeyError:
        return
    copy_signatures(stub, core)


def copy_signatures(stub: griffe.Object, live: griffe.Object) -> None:
    """Recursively copies the stub's signatures of the members both have."""
    for name, member in stub.members.items():
        if member.is_alias or name not in live.members:
            continue
        target = live.members[name]
        if target.is_alias:
            # Inspection records a native class under the module its
            # ``__module__`` names: follow it there.
            try:
                target = target.final_target
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue
        if member.is_function and target.is_function:
            target.parameters = member.parameters
            target.returns = member.returns
        elif member.is_attribute and target.is_attribute and member.annotation is not None:
            target.annotation = member.annotation
        elif member.is_class and target.is_class:
            copy_signatures(member, target)
