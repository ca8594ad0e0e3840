"""The form of a bot's name, as a record's header keeps it.

Apart from ``core.bots`` so that a reader of records checks a header without
importing the bots (their protocol and random streams): a record names any
bot, installed here or not, and is never made to import one.
"""
from __future__ import annotations

import re

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_PATH = rf"{_IDENT}(?:\.{_IDENT})*:{_IDENT}(?:\.{_IDENT})*"
# A name, or module:callable; then an optional @tag (what an agent's records
# carry: the encoding it was trained on, ``sanguozhi.rl``).
_NAME = re.compile(rf"(?:[A-Za-z0-9][A-Za-z0-9_.+-]*|{_PATH})(?:@[A-Za-z0-9][A-Za-z0-9_.:/+-]*)?")
MAX_NAME = 128


def well_formed(name: str) -> bool:
    """Can ``name`` stand in a record's header as a bot's name?"""
    return isinstance(name, str) and len(name) <= MAX_NAME and _NAME.fullmatch(name) is not None
