"""hegemony-six's generals, printed into the ``hegemony-six`` pack: the 60 hegemony
generals under the five forces (``six_`` + the reference id: a general's force
is part of the general, so they are generals of their own), and the rulers
(君主, ``six_ruler_`` + id).  Both are the project's stand-ins (``data/``).

``General.max_hp`` is whole hp here: seed 000 makes the character's hp its main
general's, with no yin-yang fish, and the hegemony generals' printed half fish
are read as whole hp (曹操's 4 halves: 4 hp).  Skills are the hegemony
generals' own (their ids and code); companions stay companions.
"""
from __future__ import annotations

from ...content import Pack
from ...generals import GENERALS, General, register
from ..hegemony.generals import ALIASES, HG_GENERALS, general_id
from .data import FORCE_DATA, RULER_DATA, SixDataError

PACK_ID = "hegemony-six"
SIX_GENERALS = Pack("hegemony-six-generals", "六势力国战武将", "Six-force hegemony generals")

# The careerist mark (野心家标记为该角色姓氏): general id -> (zh, en) surname.
SURNAMES: dict[str, tuple[str, str]] = {}
# Ruler generals (君主) by id -> force.
RULERS: dict[str, str] = {}


def six_id(ref_id: str) -> str:
    return f"six_{ref_id}"


for _row in FORCE_DATA:
    _hg = GENERALS.get(general_id(_row.id))
    if _hg is None:
        raise SixDataError(f"forces.tsv: {_row.id!r} is not a hegemony general")
    _gid = six_id(_row.id)
    register(General(_gid, _hg.name_zh, _row.force, _hg.gender, _hg.max_hp, _hg.skills, name_en=_hg.name_en, pack=PACK_ID), SIX_GENERALS)
    SURNAMES[_gid] = (_row.surname_zh, _row.surname_en)
    ALIASES[_gid] = general_id(_row.id)  # its companions are the hegemony general's

for _r in RULER_DATA:
    if _r.skill not in HG_GENERALS.skills:
        raise SixDataError(f"rulers.tsv: {_r.id}'s skill {_r.skill!r} is not a hegemony general's skill")
    _gid = f"six_ruler_{_r.id}"
    register(General(_gid, _r.name_zh, _r.force, _r.gender, _r.hp, (_r.skill,), name_en=_r.name_en, pack=PACK_ID), SIX_GENERALS)
    SURNAMES[_gid] = (_r.surname_zh, _r.surname_en)
    RULERS[_gid] = _r.force


def is_ruler(gid: str) -> bool:
    return gid in RULERS


def surname(gid: str, lang: str = "zh") -> str:
    zh, en = SURNAMES.get(gid, (GENERALS[gid].name_zh[:1], GENERALS[gid].name_en.split()[0]))
    return zh if lang == "zh" else en
