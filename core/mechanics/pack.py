"""The pack of seed 000's mechanics and the skill kinds it prints.

Seed 000 (技能类型 7-11 and glossary term 90) adds kinds of skills the
standard set does not have; their shared behaviour lives in this package
(``covert``, ``build``, ``legislate``, ``party``, ``formation``, ``staged``).
Rules of the mechanics that belong to no skill (an impeached character's
penalty) are registered in ``MECHANICS`` under rule names of their own, so
any ruleset that installs the pack plays them.
"""
from __future__ import annotations

from ..content import Pack
from ..skills.base import add_skill_kind

MECHANICS = Pack("seed000-mechanics", "种子000扩展机制", "Seed 000 mechanics")

KIND_NAMES: dict[str, str] = {
    "covert": "隐匿技",  # 7: used without a word; its choices are seen by its owner alone
    "build": "筑建技",  # 8: a building: a range of characters, each with a completion
    "legislate": "立法技",  # 9: a system of rules (法令 and 新政), enforced by its legislator
    "party": "结党技",  # 10: a party others may join; 弹劾
    "formation": "阵法技",  # 11: 围攻 and 队列 among neighbours in table order
    "staged": "段技",  # term 90: "[y]段": the x-th of y stages, by the uses so far
}
for _kind, _zh in KIND_NAMES.items():
    add_skill_kind(_kind, _zh)
