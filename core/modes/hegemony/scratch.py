"""What a running game keeps only while a resolution is in progress.

Like the engine's own position inside a resolution (which target of a trick
is being resolved), this lives beside the running engine, never in the state:
it is rebuilt when a turn is re-run from its start (``core.game.resume``),
so it needs no event.  Hegemony keeps here the trick uses being resolved
(无懈可击·国 cancels a trick for a whole kingdom) and the cards a character
discarded in its discard phase (固政).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from ...engine import Engine

_SCRATCH: "WeakKeyDictionary[Engine, dict[str, Any]]" = WeakKeyDictionary()


def scratch(engine: "Engine") -> dict[str, Any]:
    got = _SCRATCH.get(engine)
    if got is None:
        got = _SCRATCH[engine] = {}
    return got
