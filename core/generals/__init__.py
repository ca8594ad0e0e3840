"""Generals: the printed cards a character is made from.

Each general is registered by id into a content pack: one module per kingdom
(``wei``, ``shu``, ``wu``, ``qun``) fills ``standard-generals`` with the 25
generals of the standard edition.  Skills are referenced by id and live in
``core.skills``.  ``vanilla`` (白板) and ``vanilla_f`` are skill-less
stand-ins (the ``vanilla`` pack) that tests and the ``generals=vanilla``
option use.
"""
from __future__ import annotations

import msgspec

from ..content import Pack


class General(msgspec.Struct, frozen=True, gc=False):
    id: str
    name_zh: str
    kingdom: str  # wei | shu | wu | qun (seed 000 adds han, yi, rong, man, di)
    gender: str  # male | female | none
    max_hp: int
    skills: tuple[str, ...] = ()
    lord_skills: tuple[str, ...] = ()  # 主公技: held only while the character is lord
    name_en: str = ""
    pack: str = "standard"  # standard | vanilla (stand-ins) | test


# Every general of every pack, by id: what ``sgz generals`` lists and
# narration names.  An id means one general everywhere; which generals a game
# plays with is its content's business (``Content.generals``).
GENERALS: dict[str, General] = {}

STANDARD_GENERALS = Pack("standard-generals", "标准版武将", "Standard generals")
VANILLA = Pack("vanilla", "白板", "Stand-ins")


def register(general: General, pack: Pack | None = None) -> General:
    """Print ``general`` in ``pack`` (by default the pack its ``pack`` field names)."""
    if GENERALS.get(general.id, general) != general:
        raise ValueError(f"general {general.id!r} is registered twice")
    GENERALS[general.id] = general
    (pack or _PACKS[general.pack]).general(general)
    return general


def general(gid: str) -> General:
    try:
        return GENERALS[gid]
    except KeyError:
        raise KeyError(f"unknown general {gid!r}") from None


def pool(generals: dict[str, General], pack: str = "standard") -> tuple[str, ...]:
    """The ids of a content's generals of one pack, sorted (what candidates are dealt from)."""
    return tuple(sorted(g.id for g in generals.values() if g.pack == pack))


_PACKS = {"standard": STANDARD_GENERALS, "vanilla": VANILLA}

# 白板: skill-less stand-ins (scenario tests, the generals=vanilla option).
register(General("vanilla", "白板", "qun", "male", 4, name_en="Blank", pack="vanilla"))
register(General("vanilla_f", "白板(女)", "qun", "female", 4, name_en="Blank (female)", pack="vanilla"))

from . import wei as _wei  # noqa: E402,F401
from . import shu as _shu  # noqa: E402,F401
from . import wu as _wu  # noqa: E402,F401
from . import qun as _qun  # noqa: E402,F401
