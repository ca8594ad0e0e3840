"""The heroes' skills that are Sanguosha skills under Hero Kill's names (skills.tsv's
``same_as``: 集权 is 奸雄, 骑射 and 单骑 are both 马术 …): the Sanguosha rule, attached
under the hero's skill id (one rule, two names); and the three faction lord skills,
激将/护驾/救援 with Hero Kill's kingdoms.

Two are 风 (wind) skills the standard edition lacks: 曼舞 is 天香 and 红妆 is 红颜
(``core.skills.wind``, hegemony's 小乔's too).
"""
from __future__ import annotations

from ....skills import SKILLS  # noqa: F401  (the standard skills, defined)
from ....skills.base import RULES, SAME_AS
from ....skills.shu import rouse
from ....skills.wei import lord_call
from ....skills.wind import heavenly_scent, rosy_cheeks
from ....skills.wu import rescue
from .book import BOOK
from .data import SKILLS_DATA

WIND = {"tianxiang": (heavenly_scent, "active"), "hongyan": (rosy_cheeks, "compulsory")}

for _row in SKILLS_DATA.values():
    _of = _row.same_as
    if not _of or _of.startswith("~") or _row.lord_of:
        continue  # a rule of its own (this package's kingdom modules)
    if _of in WIND:
        _attach, _kind = WIND[_of]
        BOOK.define(_row.id, _row.name_zh, _row.name_en, _kind, _row.text_zh, _row.text_en)
        _attach(BOOK, _row.id)
        SAME_AS[_row.id] = _of
    elif _of in RULES:
        BOOK.same_as(_row.id, _of, _row.name_zh, _row.name_en, _row.text_zh, _row.text_en)
    # Otherwise no rule: the heroes naming it are not dealt (heroes.NOT_BUILT).


# -- lord skills: the lord's kingdom calls on another (君 on 臣, 臣 on 民; 民's 救援 from 君) --

def _lord(sid: str) -> bool:
    row = SKILLS_DATA.get(sid)
    if row is None or not row.lord_of:
        return False
    BOOK.define(sid, row.name_zh, row.name_en, "lord_skill", row.text_zh, row.text_en, compulsory=sid == "hk_jiuyuan")
    return True


if _lord("hk_jijiang"):
    rouse(BOOK, "hk_jijiang", "chen")
    SAME_AS["hk_jijiang"] = "jijiang"
if _lord("hk_huzhu"):
    lord_call("hk_huzhu", "min", "dodge", BOOK)
    SAME_AS["hk_huzhu"] = "hujia"
if _lord("hk_jiuyuan"):
    rescue(BOOK, "hk_jiuyuan", "jun")
    SAME_AS["hk_jiuyuan"] = "jiuyuan"
