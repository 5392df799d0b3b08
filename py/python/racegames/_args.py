"""Arguments of the pure-Python helpers. Integers are read as the native
module reads them: any integer (``int``, numpy's integers, anything with
``__index__``), never a ``bool`` nor a real, which are ``TypeError``; a
user's text echoed in a message is cut short."""

from __future__ import annotations

import operator
from typing import Any, Optional


def _is_bool(value: Any) -> bool:
    t = type(value)
    return isinstance(value, bool) or (t.__module__ == "numpy" and t.__name__ in ("bool", "bool_"))


def as_int(value: Any, what: str) -> int:
    """``value`` as a plain int; ``what`` names it in the ``TypeError``."""
    if _is_bool(value):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None


def as_bool(value: Any, what: str) -> bool:
    """``value``, which must be ``True`` or ``False``; ``what`` names it
    in the ``TypeError``."""
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, not {type(value).__name__}")
    return value


def is_int(value: Any) -> bool:
    """Whether ``as_int`` takes ``value``."""
    if _is_bool(value):
        return False
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


#: Longest text of a user's input echoed in a message.
SHOWN = 100


def short(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def shown_int(value: int) -> str:
    """An int for a message: its digits if short, its size if huge."""
    bits = value.bit_length()
    if bits > 256:
        return f"an int of {bits} bits"
    return short(str(value))


def count(value: Any, what: str, least: int, most: Optional[int] = None) -> int:
    """``value`` as an int from ``least`` to ``most``: ``TypeError`` for
    what is no int, ``ValueError`` naming ``what`` and the range else."""
    n = as_int(value, what)
    if most is not None and not least <= n <= most:
        raise ValueError(f"{what} must be from {least} to {most}, not {shown_int(n)}")
    if n < least:
        raise ValueError(f"{what} must be at least {least}, not {shown_int(n)}")
    return n
