"""What the heavy tests share."""

from __future__ import annotations

import importlib.util

import pytest


def needs(*modules: str) -> None:
    """Skips unless the modules are installed (found, not imported: their
    import warnings stay out of this process)."""
    for module in modules:
        if importlib.util.find_spec(module.split(".")[0]) is None:
            pytest.skip(f"{module} is not installed (scripts/heavy-deps.sh installs it)")
