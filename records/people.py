"""People in records: the display name a person plays under.

A name is what the table, the record's header and the archive's win rates by
player show, so it is held to what every screen can show safely: 1 to 24
characters after trimming, letters, digits, marks, punctuation, symbols and
inner spaces, and nothing that moves or hides text (control characters,
bidirectional and zero-width marks).
"""
from __future__ import annotations

import unicodedata

MAX_NAME = 24
_ALLOWED = ("L", "N", "M", "P", "S")  # Unicode general categories, by first letter
_SPACE = " "


class BadName(ValueError):
    """A display name that cannot be used (the message says why, in one line)."""


def check_name(raw: str) -> str:
    """``raw`` as a display name (trimmed, spaces folded), or BadName saying why not."""
    name = " ".join(raw.split())
    if not name:
        raise BadName("a name needs at least one character")
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    for ch in name:
        if ch != _SPACE and unicodedata.category(ch)[0] not in _ALLOWED:
            raise BadName(f"a name cannot hold {unicodedata.name(ch, f'U+{ord(ch):04X}').lower()} (U+{ord(ch):04X})")
    return name


def default_name() -> str:
    """The name a person at the terminal plays under when none is given: the login name, if it is one."""
    import getpass

    try:
        return check_name(getpass.getuser())
    except (BadName, OSError, KeyError):
        return "player"
