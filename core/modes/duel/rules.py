"""Rules of seed 003 that several parts of the duel share: face-down generals,
per-general counts of a turn, revealing, the 奇兵 zone, redeploying.

- A face-down (面朝下) general may not use 杀 or a damage trick, and has only
  its ambush (伏击) skills, which reveal it when used.
- Every face-up general may use one 杀 a turn (酒 too): the counts are kept
  per general, for the turn (``SkillStateChanged`` with ``turn``).
- Revealing a general with a 奇兵 mark, by the turn's reveal or by an ambush
  skill, gains a copy of its 奇兵 card, face up in front of its player (the
  ``qibing`` zone of the player's own place, character 0 or 1).  A 奇兵 card
  that is used, played or discarded goes back to the 奇兵 pile (the set-aside
  zone, ``removed``).
- A redeploy (调遣) swaps a general with its neighbour on its own side; then
  the moved general's (or both's, when a card moves two at once) "after
  redeploy" skills may act, in the window ``redeployed`` (调遣后).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import msgspec

from ... import events as ev
from ...deck import SLASH_NAMES
from ...skills.base import set_state
from ...windows import add_window
from .data import DUEL_GENERALS_DATA, QIBING_CARDS
from .events import Redeployed

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

    Flow = Generator[Any, Any, Any]

QIBING_ZONE = "qibing"  # a player's face-up 奇兵 cards, on its own place (character = seat)
QIBING_PILE = "removed"  # the 奇兵 pile: set aside, out of the game cards
REDEPLOYED = add_window("redeployed", "调遣后")
# 杀 and the damage tricks: what a face-down general may not use (seed 003 注 a).
DAMAGE_TRICKS = frozenset({"duel", "savage_assault", "archery_attack", "fire_attack"})
FACE_DOWN_BANNED = SLASH_NAMES | DAMAGE_TRICKS


class Redeploy(msgspec.Struct):
    """The window ``redeployed``: the generals that were redeployed, in the order their skills act."""

    moved: tuple[int, ...]


def face_up(state: "State", c: int) -> bool:
    slots = state.chars[c].slots
    return bool(slots) and all(s.vis is None for s in slots)


def may_use(state: "State", c: int, name: str) -> bool:
    """May general ``c`` use a card named ``name`` now, as far as facing goes?"""
    return facing_allows(face_up(state, c), name)


def facing_allows(up: bool, name: str) -> bool:
    """``may_use`` for a general whose facing (``up``: ``face_up``) is known."""
    return up or name not in FACE_DOWN_BANNED


def owner(state: "State", c: int) -> int:
    return state.chars[c].owner


def enemies(state: "State", a: int, b: int) -> bool:
    return state.chars[a].owner != state.chars[b].owner


COUNTED = "duel"  # the name a general's turn counters are kept under (as a skill's state)
# What each counter counts, as a replay's note words it: (zh, en).
COUNTERS: dict[str, tuple[str, str]] = {
    "slash": ("已使用【杀】", "Slashes used"),
    "analeptic": ("已使用【酒】", "Analeptics used"),
    "drunk": ("【酒】的效果", "Analeptic's effect"),
    "extra_slash": ("可多使用【杀】", "extra Slashes allowed"),
}


def turn_count(state: "State", c: int, key: str) -> int:
    """What general ``c`` did this turn (a key of ``COUNTERS``)."""
    return state.used.get(f"{COUNTED}.{key}@{c}", 0)


def count(engine: "Engine", c: int, key: str, value: int) -> None:
    set_state(engine, c, COUNTED, key, value, turn=True)


def points(gid: str) -> int:
    g = DUEL_GENERALS_DATA.get(gid)
    return g.points if g is not None else 0


# -- the 奇兵 zone -------------------------------------------------------------------


def qibing_cards(state: "State", seat: int, kind: str | None = None) -> list[int]:
    """``seat``'s face-up 奇兵 cards (of ``kind``): on its own place, character ``seat``."""
    cards = state.chars[seat].zones.get(QIBING_ZONE, [])
    return [c for c in cards if kind is None or QIBING_CARDS[c] == kind]


def has_qibing(state: "State", seat: int, kind: str) -> bool:
    """``bool(qibing_cards(state, seat, kind))`` without the list (asked for every general of a request)."""
    cards = state.chars[seat].zones.get(QIBING_ZONE)
    return bool(cards) and any(QIBING_CARDS[c] == kind for c in cards)


def gain_qibing(engine: "Engine", c: int) -> None:
    """General ``c`` is face up: its player gains a copy of its 奇兵 card, if it has a mark."""
    st = engine.state
    g = DUEL_GENERALS_DATA.get(st.chars[c].general)
    if g is None or not g.qibing:
        return
    free = [n for n in st.removed if QIBING_CARDS.get(n) == g.qibing]
    if not free:
        raise RuntimeError(f"no copy of the 奇兵 card {g.qibing!r} is left in the 奇兵 pile: print more copies in core/modes/duel/data/qibing.tsv")
    engine.move((free[0],), QIBING_PILE, QIBING_ZONE, dst_seat=owner(st, c), reason="qibing")


def return_qibing(engine: "Engine", cards: tuple[int, ...], src: str, c: int = -1, reason: str = "qibing") -> None:
    """奇兵 cards go back to the 奇兵 pile (from general ``c``'s player's zone, or the processing zone)."""
    if cards:
        engine.move(cards, src, QIBING_PILE, src_seat=owner(engine.state, c) if c >= 0 else -1, reason=reason)


def lift_qibing(engine: "Engine", c: int, card: int) -> tuple[int, ...]:
    """A 奇兵 card of ``c``'s player is used: it waits in the processing zone like any used card."""
    engine.move((card,), QIBING_ZONE, "processing", src_seat=owner(engine.state, c), reason="use")
    return (card,)


# -- revealing and redeploying ----------------------------------------------------------


def reveal(engine: "Engine", c: int) -> None:
    """Turn general ``c`` face up (明置); its 奇兵 card is gained."""
    p = engine.state.chars[c]
    for i, slot in enumerate(p.slots):
        if slot.vis is not None:
            engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=slot.general))
    gain_qibing(engine, c)


def conceal(engine: "Engine", c: int) -> None:
    """Turn general ``c`` face down again (暗置): it keeps its damage tokens."""
    p = engine.state.chars[c]
    engine.emit(ev.GeneralChosen(seat=c, general=p.general, max_hp=p.max_hp, hp=p.hp, vis=(p.owner,)))


def redeploy(engine: "Engine", c: int, past: int, *, free: bool, moved: tuple[int, ...] | None = None) -> "Flow":
    """General ``c`` moves past ``past``; then the "after redeploy" skills of the
    generals moved (``c`` alone, unless a card moves both at once) may act."""
    engine.emit(Redeployed(seat=c, past=past, free=free))
    yield from engine.window(REDEPLOYED, Redeploy(moved if moved is not None else (c,)))
