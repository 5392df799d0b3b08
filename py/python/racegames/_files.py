"""Reading the text files the package takes (records, gnubg match files):
only regular files, of bounded size, so that a FIFO, a device such as
``/dev/zero`` or a huge file is refused at once instead of blocking or
filling memory."""

from __future__ import annotations

import os
import stat
from typing import Union

#: The largest records file ``records.load`` reads; reading one takes
#: several times its size in memory. Split bigger ones.
MAX_RECORDS_BYTES = 256 << 20
#: The largest match file ``gnubg.read_match`` reads (real ones are a few
#: hundred kilobytes).
MAX_MATCH_BYTES = 64 << 20

PathLike = Union[str, "os.PathLike[str]"]


def read_regular_file(path: PathLike, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.
    Anything else, or a longer file, raises ``ValueError`` naming ``what``
    and the path; ``OSError`` (no such file, no permission) passes."""
    shown = os.fspath(path)
    # O_NONBLOCK: opening a FIFO that has no writer returns at once (and is
    # then refused) instead of blocking; it changes nothing for a file.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{what} {shown!r} is not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{what} {shown!r} is {info.st_size} bytes, more than the {limit} it may have")
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        # Capped again while reading: the file may have grown since.
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{what} {shown!r} is more than the {limit} bytes it may have")
    return data


def decode_utf8(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text; bytes that are not raise ``ValueError`` at
    ``where``, the line and the column (in characters) of the first."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        start = data.rfind(b"\n", 0, e.start) + 1
        column = len(data[start : e.start].decode("utf-8")) + 1
        raise ValueError(f"{where}: line {line}, column {column}: not UTF-8 text ({e.reason})") from None
