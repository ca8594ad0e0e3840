"""Generals: the printed cards a character is made from.

Each general is registered by id; skills are referenced by id and live in
their own modules (the skills issue adds them).
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
    lord_skills: tuple[str, ...] = ()


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


# 白板: the skill-less stand-ins used until the skills issue lands.
VANILLA = register(General("vanilla", "白板", "qun", "male", 4))
register(General("vanilla_f", "白板(女)", "qun", "female", 4))
