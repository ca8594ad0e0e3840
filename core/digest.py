"""BLAKE2b from CPython's own ``_blake2`` module, not through ``hashlib``.

``hashlib`` loads OpenSSL before it offers the same function (~12 M
instructions, a few ms of every command that starts a game); ``_blake2``
imports in microseconds.  The bots' random streams and the bot games' ids
hash with it.
"""
from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

__all__ = ["blake2b"]
