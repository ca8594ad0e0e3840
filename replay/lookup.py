"""Texts a player looks up at the table without deciding anything: a seat, a card, a skill.

Each function returns the lines to print, from what ``viewer`` may see (a
concealed general stays concealed; its skills are not listed).  A name is
found in either language, by id, or (for a card) by its place in a list the
caller numbers.
"""
from __future__ import annotations

from collections.abc import Collection

from sanguozhi.core.deck import CARDS, KINDS
from sanguozhi.core.distance import attack_range, distance, in_attack_range
from sanguozhi.core.state import State
from sanguozhi.core.view import view

from .narrate import Narrator, display_name
from .words import GENDERS, KINGDOMS, ROLES, word

SKILL_KINDS = {"active": ("主动技", "active"), "compulsory": ("锁定技", "compulsory"), "limited": ("限定技", "limited"), "awakening": ("觉醒技", "awakening"), "lord_skill": ("主公技", "lord skill"), "switch": ("转换技", "switch")}


def _norm(text: str) -> str:
    return text.strip().strip("【】").replace(" ", "").replace("_", "").lower()


def find_card_kind(query: str, state: State, lang: str) -> str | None:
    """A card name (id, Chinese, English, a horse's name, a mode's own name) -> its kind id."""
    q = _norm(query)
    rs = state.rs
    for kid, kind in KINDS.items():
        names = {kid, kind.zh, kind.name_en, display_name(kid, "zh", rs), display_name(kid, "en", rs)}
        if q in {_norm(x) for x in names}:
            return kid
    for c in CARDS:
        if c.face and q in {_norm(c.title("zh")), _norm(c.title("en"))}:
            return c.name
    return None


def card_text(kind: str, state: State, lang: str) -> list[str]:
    """A card's rule text as this game plays it."""
    n = Narrator(lang, mode=state.mode)
    k = KINDS[kind]
    rule = state.content.rules.get(kind) if state.content is not None else None
    text = (rule.text_zh if lang == "zh" else rule.text_en) if rule is not None else ""
    what = k.type + (f"/{k.subtype}" if k.subtype else "")
    if k.subtype == "weapon":
        what += f"，攻击范围{k.range}" if lang == "zh" else f", range {k.range}"
    return [f"{n.quoted(kind)} ({what}): {text or ('（本局没有这张牌的规则）' if lang == 'zh' else '(no rule for it in this game)')}"]


def find_skill(query: str, state: State) -> str | None:
    q = _norm(query)
    skills = state.content.skills if state.content is not None else {}
    for sid, sk in skills.items():
        names = {sid, sk.name_zh, sk.name_en, display_name(sid, "zh", state.rs), display_name(sid, "en", state.rs)}
        if q in {_norm(x) for x in names if x}:
            return sid
    return None


def skill_text(sid: str, state: State, lang: str) -> list[str]:
    sk = state.content.skills[sid]
    kinds = ("、" if lang == "zh" else ", ").join(word(SKILL_KINDS, k, lang) for k in sk.kinds)
    name = display_name(sid, lang, state.rs)
    return [f"【{name}】（{kinds}）：{sk.text_zh}" if lang == "zh" else f"{name} ({kinds}): {sk.text_en}"]


def seat_info(state: State, c: int, viewer: int | None, lang: str, unseen: Collection[int] = ()) -> list[str]:
    """Everything ``viewer`` may know of character ``c``: general and skills, role, hp, zones, distance."""
    zh = lang == "zh"
    v = view(state, viewer, unseen)
    p = v["characters"][c]
    n = Narrator(lang, viewer, mode=state.mode)
    n.table = state
    owner = v["seats"][p["owner"]]
    out = [n.seat(c) + ("（你）" if zh and p["owner"] == viewer else " (you)" if p["owner"] == viewer else "")]
    role = owner["role"]
    colon = "：" if zh else ": "
    facts = [
        ("身份" if zh else "role") + colon + (word(ROLES, role, lang) if role else "?"),
        ("势力" if zh else "kingdom") + colon + (word(KINGDOMS, p["kingdom"], lang) if p["kingdom"] else "?"),
        ("性别" if zh else "gender") + colon + (word(GENDERS, p["gender"], lang) if p["gender"] else "?"),
        ("体力" if zh else "hp") + colon + f"{p['hp']}/{p['max_hp']}",
        ("手牌" if zh else "hand") + colon + str(p["hand_count"]),
    ]
    if not p["alive"]:
        facts.append("阵亡" if zh else "dead")
    out.append("  " + " · ".join(facts))
    if state.phase and p["alive"]:
        r = attack_range(state, c)
        line = f"  攻击范围{r}" if zh else f"  attack range {r}"
        if viewer is not None and viewer != c and state.chars[viewer].alive:
            d_to, d_from = distance(state, viewer, c), distance(state, c, viewer)
            line += (f"；你到其距离{d_to}{'（在你的攻击范围内）' if in_attack_range(state, viewer, c) else ''}，其到你距离{d_from}{'（你在其攻击范围内）' if in_attack_range(state, c, viewer) else ''}"
                     if zh else f"; distance from you {d_to}{' (in your range)' if in_attack_range(state, viewer, c) else ''}, to you {d_from}{' (you are in its range)' if in_attack_range(state, c, viewer) else ''}")
        out.append(line)
    for g in p["generals"]:
        if g is None:
            out.append("  暗置的武将" if zh else "  a concealed general")
            continue
        gen = state.content.generals.get(g) if state.content is not None else None
        out.append(f"  {n.name(g)}")
        if gen is not None:
            for sid in (*gen.skills, *gen.lord_skills):
                if sid in state.content.skills:
                    out += ["    " + t for t in skill_text(sid, state, lang)]
    for slot, x in p["equip"].items():
        if x is None:
            continue
        rule = state.content.rules.get(CARDS[x].name)
        text = (rule.text_zh if zh else rule.text_en) if rule is not None else ""
        out.append(f"  {n.card(x)}: {text}")
    for x in p["judge"]:
        out.append(("  判定区：" if zh else "  judge zone: ") + (n.card(x) if x is not None else ("暗置牌" if zh else "a face-down card")))
    return out
