"""The skill book of the hegemony generals: the kingdom modules define their
skills here; skills of the same name and text as identity's are reused."""
from __future__ import annotations

from ....skills import STANDARD_GENERALS
from ....skills.base import SkillBook
from ..generals import HG_GENERALS, REUSED

BOOK = SkillBook(HG_GENERALS)
trigger = BOOK.trigger
action = BOOK.action
form = BOOK.form
mod = BOOK.mod
ban = BOOK.ban

HG_GENERALS.reuse(STANDARD_GENERALS, *sorted(set(REUSED.values())))


def define(ref_id: str, name_en: str, kind: str, text_zh: str, text_en: str, *, compulsory: bool = False):
    """A hegemony skill (id ``hg_`` + the reference id), its Chinese name from the reference file."""
    from ..data import SKILLS_DATA

    row = SKILLS_DATA[ref_id]
    return BOOK.define(f"hg_{ref_id}", row.name_zh, name_en, kind, text_zh, text_en, compulsory=compulsory)
