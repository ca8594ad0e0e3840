"""The words a reader sees for what the archive stores as ids: generals, cards,
roles, kingdoms, causes, modes, endings (``sgz stats``, the web app's tables).

A value is named in the words of its game's mode where the row says the mode
(``rs``: Hero Kill calls 桃 药, a duel skill is named by the duel's pack), and
nothing a reader sees is an id: a value no table names stays as it is only
when it is already words (a number, a seat).
"""
from __future__ import annotations

from functools import cache
from typing import Any

# Columns whose values are names of things, and which kind of thing.
KINDS = {
    "general": "general", "role": "role", "killer_role": "role", "kingdom": "kingdom", "card": "card",
    "cause": "card", "death_cause": "card", "source": "card", "mode": "mode", "winner": "winner", "nature": "nature",
    "phase": "phase", "end_reason": "winner", "player": "player", "kind": "seat_kind",
}
SEAT_KINDS = {"person": ("真人", "person"), "bot": ("机器人", "bot")}
UNNAMED = {"(unnamed person)": ("（未具名的玩家）", "(unnamed person)")}
NONE = {"(no card)": ("（无牌）", "(no card)"), "(no cause)": ("（无）", "(no cause)"), "(none)": ("（无）", "(none)"), "(no role)": ("（无身份）", "(no role)")}


@cache
def ruleset(mode: str | None) -> Any:
    """The ruleset of ``mode``, its content loaded (its skills and generals are named), or None."""
    if not mode:
        return None
    from sanguozhi.core.modes import RULESETS, ruleset_of

    if mode not in RULESETS and mode not in _builtin():
        return None
    rs = ruleset_of(mode)
    try:
        rs.content(rs.check(rs.players[0], {}))
    except Exception:  # a mode whose default options do not build: its names are still its display_names
        pass
    return rs


def _builtin() -> frozenset[str]:
    from sanguozhi.core.modes import BUILTIN_MODULES

    return frozenset(BUILTIN_MODULES)


@cache
def every_mode() -> None:
    """Load every mode's packs: a value of no known mode is still named."""
    from sanguozhi.core.modes import load_all

    load_all()


def name(kind: str, value: Any, lang: str, mode: str | None = None) -> Any:
    """``value`` of a column of ``kind`` (``KINDS``' values) as the reader says it."""
    from sanguozhi.replay.narrate import display_name
    from sanguozhi.replay.words import ENDINGS, KINGDOMS, NATURES, PHASES, ROLES, word

    if value is None or not isinstance(value, str):
        return value
    zh = lang == "zh"
    if kind == "player":  # a display name is shown as the person wrote it
        return UNNAMED[value][0 if zh else 1] if value in UNNAMED else value
    if kind == "seat_kind":
        return SEAT_KINDS[value][0 if zh else 1] if value in SEAT_KINDS else value
    if value in NONE:
        return NONE[value][0 if zh else 1]
    if value == "":
        return NONE["(none)"][0 if zh else 1]
    rs = ruleset(mode)
    if kind == "mode":
        got = ruleset(value)
        return (got.title_zh if zh else got.title_en) or value if got is not None else value
    if kind == "role":
        if rs is not None and value in rs.display_names:
            return display_name(value, lang, rs)
        return word(ROLES, value, lang)
    if kind == "kingdom":
        return word(KINGDOMS, value, lang)
    if kind == "winner":
        head = value.split(":")[0]
        if head in ENDINGS:
            return word(ENDINGS, head, lang)
        if head in KINGDOMS:  # a hegemony game is won by a kingdom
            return word(KINGDOMS, head, lang)
        return display_name(head, lang, rs) if rs is not None else word(ROLES, head, lang)
    if kind == "nature":
        n = NATURES.get(value)
        return ((n.zh if zh else n.en) or ("普通" if zh else "normal")) if n is not None else value
    if kind == "phase":
        return word(PHASES, value, lang)
    if rs is None:
        every_mode()
    return display_name(value, lang, rs)


def cell(col: str, value: Any, lang: str, mode: str | None = None) -> Any:
    """A table cell: named when its column holds names, as it is otherwise."""
    kind = KINDS.get(col.lower())
    return name(kind, value, lang, mode) if kind else value
