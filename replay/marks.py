"""What a page calls a mark on a character, in English and Chinese.

A mark's key is ``{owner}.{field}`` (``core.evolve``'s ``SkillStateChanged``
fold: a skill's ``hg_luanwu.used``, a group's ``party.in``) or a mode's own
(``duel.row``, ``hg.full``), which its ruleset names in ``display_names`` as
``mark:KEY``.  A name may hold ``{v}`` (the mark's value) and ``{seat}`` (the
seat whose number + 1 the value is): the page's script fills them in.  An
empty name is a mark the page shows some other way (the duel's places).
"""
from __future__ import annotations

from typing import Any

from .narrate import display_name

# A skill's or group's field -> (zh, en); "{name}" is the skill's or group's name.
FIELDS: dict[str, tuple[str, str]] = {
    "used": ("{name}已发动", "{name} used"),
    "awake": ("{name}已觉醒", "{name} awakened"),
    "yin": ("{name}：阴", "{name}: yin"),
    "in": ("{name}（{seat}）", "{name} ({seat})"),
    "progress": ("{name}进度{v}", "{name} progress {v}"),
    "uses": ("{name}{v}次", "{name} ×{v}"),
    "round": ("{name}：第{v}轮", "{name}: round {v}"),
}
SCAR = ("{name}·创（点数{v}）", "{name} scar (rank {v})")  # hegemony's 不屈: c{card} = its rank


def mark_words(key: str, rs: Any = None) -> tuple[str, str]:
    """(en, zh) of mark ``key`` in the words of ruleset ``rs``."""
    own = rs.display_names.get(f"mark:{key}") if rs is not None else None
    if own is not None:
        return own[1], own[0]
    owner, _, field = key.partition(".")
    en, zh = display_name(owner, "en", rs), display_name(owner, "zh", rs)
    if field.startswith("rule."):  # a legislator's rule in force
        rule = field[5:]
        return f"{en}: {display_name(rule, 'en', rs)}", f"{zh}：{display_name(rule, 'zh', rs)}"
    if field[:1] == "c" and field[1:].isdigit():
        words = SCAR
    else:
        words = FIELDS.get(field, ("{name} {v}", "{name} {v}"))
    return words[1].replace("{name}", en), words[0].replace("{name}", zh)
