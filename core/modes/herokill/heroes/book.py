"""The pack of the Hero Kill heroes and the skill book its modules define into:
names and texts come from ``data/skills.tsv``, the rules from the code."""
from __future__ import annotations

from ....content import Pack
from ....skills.base import Skill, SkillBook
from .data import SKILLS_DATA, HeroDataError

HEROES = Pack("herokill-heroes", "英雄杀英雄", "Hero Kill heroes")
# Heroes whose skills are not all built: printed (names, sgz generals) but never installed.
UNBUILT = Pack("herokill-heroes-unbuilt", "英雄杀英雄（未完成）", "Hero Kill heroes not built yet")

BOOK = SkillBook(HEROES)
trigger = BOOK.trigger
action = BOOK.action
form = BOOK.form
mod = BOOK.mod
ban = BOOK.ban


def define(sid: str, kind: str, *, compulsory: bool = False) -> Skill:
    """A hero's skill with a rule of its own, printed from ``skills.tsv``."""
    row = SKILLS_DATA.get(sid)
    if row is None:
        raise HeroDataError(f"skills.tsv: no line for skill {sid!r}, whose rule is built")
    return BOOK.define(sid, row.name_zh, row.name_en, kind, row.text_zh, row.text_en, compulsory=compulsory)
