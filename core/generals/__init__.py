"""Generals: the printed cards a character is made from.

Each general is registered by id, one module per kingdom (``wei``, ``shu``,
``wu``, ``qun``: the 25 generals of the standard edition).  Skills are
referenced by id and live in ``core.skills``.  ``vanilla`` (白板) and
``vanilla_f`` are skill-less stand-ins that tests and the ``generals=vanilla``
option use.
"""
from __future__ import annotations

import msgspec


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


GENERALS: dict[str, General] = {}


def register(general: General) -> General:
    if general.id in GENERALS:
        raise ValueError(f"general {general.id!r} is registered twice")
    GENERALS[general.id] = general
    return general


def general(gid: str) -> General:
    try:
        return GENERALS[gid]
    except KeyError:
        raise KeyError(f"unknown general {gid!r}") from None


def pool(pack: str = "standard") -> tuple[str, ...]:
    """The ids of a pack's generals, sorted (what candidates are dealt from)."""
    return tuple(sorted(g.id for g in GENERALS.values() if g.pack == pack))


# 白板: skill-less stand-ins (scenario tests, the generals=vanilla option).
VANILLA = register(General("vanilla", "白板", "qun", "male", 4, name_en="Blank", pack="vanilla"))
register(General("vanilla_f", "白板(女)", "qun", "female", 4, name_en="Blank (female)", pack="vanilla"))

from . import wei as _wei  # noqa: E402,F401
from . import shu as _shu  # noqa: E402,F401
from . import wu as _wu  # noqa: E402,F401
from . import qun as _qun  # noqa: E402,F401
