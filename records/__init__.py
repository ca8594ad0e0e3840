"""Game records: JSON Lines files, a header then one event per line, hash-chained.

The names below load ``records.format`` on first use, so that commands which
only read the archive (``sgz stats``, ``sgz query``) start without it.
"""
from __future__ import annotations

from typing import Any

__all__ = ["FORMAT_VERSION", "Header", "Record", "RecordError", "RecordWriter", "read_record"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import format

        return getattr(format, name)
    raise AttributeError(f"module 'records' has no attribute {name!r}")
