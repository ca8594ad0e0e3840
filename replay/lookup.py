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

from .modestate import facts as mode_facts, team_name
from .narrate import Narrator, display_name, role_name
from .rows import marks_text
from .words import GENDERS, KINGDOMS, word

CARD_TYPES = {
    "basic": ("基本牌", "basic"),
    "trick": ("锦囊牌", "trick"),
    "delayed": ("延时锦囊", "delayed"),
    "equip": ("装备牌", "equip"),
    "weapon": ("武器", "weapon"),
    "armor": ("防具", "armour"),
    "defensive_horse": ("防御马", "+1 horse"),
    "offensive_horse": ("进攻马", "-1 horse"),
    "treasure": ("宝物", "treasure"),
    "general": ("武将牌", "general card"),
    "qibing": ("奇兵", "qibing"),
    "plot": ("谋攻", "plot"),
}
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
    zh = lang == "zh"
    what = word(CARD_TYPES, k.type, lang) + (("·" if zh else "/") + word(CARD_TYPES, k.subtype, lang) if k.subtype else "")
    if k.subtype == "weapon":
        what += f"，攻击范围{k.range}" if zh else f", range {k.range}"
    rule_text = text or ("（本局没有这张牌的规则）" if zh else "(no rule for it in this game)")
    return [f"{n.quoted(kind)}（{what}）：{rule_text}" if zh else f"{n.quoted(kind)} ({what}): {rule_text}"]


def find_skill(query: str, state: State) -> str | None:
    q = _norm(query)
    skills = state.content.skills if state.content is not None else {}
    for sid, sk in skills.items():
        names = {sid, sk.name_zh, sk.name_en, display_name(sid, "zh", state.rs), display_name(sid, "en", state.rs)}
        if q in {_norm(x) for x in names if x}:
            return sid
    return None


def triggered(sid: str, content) -> bool:  # content: core.content.Content
    """A skill that acts at a timing window (触发技), not one its owner starts (主动技)."""
    if sid in content.actions or sid in content.action_owners.values() or any(f.skill == sid for f in content.forms.values()):
        return False
    return any(owner == sid for hooks in content.hooks.values() for owner, _ in hooks)


def skill_kinds(sid: str, state: State, lang: str) -> str:
    """A skill's kinds in words: 锁定技, 触发技 …; a pack's own kinds (筑建技) by their printed names."""
    return kinds_text(sid, state.content, lang)


def kinds_text(sid: str, content, lang: str) -> str:  # content: core.content.Content
    from sanguozhi.core.skills.base import KINDS as PRINTED

    out = []
    for k in content.skills[sid].kinds:
        if k == "active" and triggered(sid, content):
            out.append("触发技" if lang == "zh" else "triggered")
        elif k in SKILL_KINDS:
            out.append(word(SKILL_KINDS, k, lang))
        else:
            out.append(PRINTED.get(k, k) if lang == "zh" else k.replace("_", " "))
    return ("、" if lang == "zh" else ", ").join(out)


def skill_text(sid: str, state: State, lang: str) -> list[str]:
    sk = state.content.skills[sid]
    kinds = skill_kinds(sid, state, lang)
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
    mine = viewer is not None and p["owner"] == viewer
    out = [n.seat(c) + ("（你）" if zh and mine else " (you)" if mine else "")]
    colon = "：" if zh else ": "
    if not p["generals"] and not p["alive"]:  # a place without a general: a duel player's own
        return out + _place_info(state, v, c, n)
    role = owner["role"]
    facts: list[str] = []
    if any(s.role for s in state.seats) or role:  # a mode without roles (hegemony) has no role to show
        team = team_name(state, p["owner"], lang)
        facts.append(("身份" if zh else "role") + colon + (team + "·" if team else "") + (role_name(n, role) if role else "?"))
    facts.append(("势力" if zh else "kingdom") + colon + kingdom_text(state, v, c, n))
    facts.append(("性别" if zh else "gender") + colon + (word(GENDERS, p["gender"], lang) if p["gender"] else "?"))
    if p["hp"] is None:  # hidden from this seat (a face-down duel general): its damage tokens
        facts.append(("体力" if zh else "hp") + colon + (f"?（已损{p['lost']}）" if zh else f"? (lost {p['lost']})"))
    else:
        facts.append(("体力" if zh else "hp") + colon + f"{p['hp']}/{p['max_hp']}")
    facts.append(("手牌" if zh else "hand") + colon + str(p["hand_count"]))
    gid = next((g for g in p["generals"] if g), None)
    marks = marks_text(state, gid, n) if gid else ""
    if marks:
        facts.append(marks)
    if not p["alive"]:
        facts.append("阵亡" if zh else "dead")
    out.append("  " + " · ".join(facts))
    out += ["  " + line for line in mode_facts(state, v, c, viewer, lang)]  # what the mode adds (teams, the next player …)
    if state.phase and p["alive"]:
        r = attack_range(state, c)
        line = f"  攻击范围{r}" if zh else f"  attack range {r}"
        me = viewer if viewer is not None and viewer < len(state.chars) and state.chars[viewer].alive else None
        if me is not None and me != c:
            d_to, d_from = distance(state, me, c), distance(state, c, me)
            line += (f"；你到其距离{d_to}{'（在你的攻击范围内）' if in_attack_range(state, me, c) else ''}，其到你距离{d_from}{'（你在其攻击范围内）' if in_attack_range(state, c, me) else ''}"
                     if zh else f"; distance from you {d_to}{' (in your range)' if in_attack_range(state, me, c) else ''}, to you {d_from}{' (you are in its range)' if in_attack_range(state, c, me) else ''}")
        elif viewer is not None and me is None and p["owner"] != viewer:  # the duel: from each of the viewer's generals
            mine_now = [g for g in state.rs.table_order(state) if state.chars[g].owner == viewer and state.chars[g].alive]
            if mine_now:
                ds = ("、" if zh else ", ").join(f"{g}号位{distance(state, g, c)}{'*' if in_attack_range(state, g, c) else ''}" if zh else f"seat {g}: {distance(state, g, c)}{'*' if in_attack_range(state, g, c) else ''}" for g in mine_now)
                line += f"；你的武将到其距离：{ds}（*：在攻击范围内）" if zh else f"; distance from your generals: {ds} (*: in range)"
        out.append(line)
    for i, g in enumerate(p["generals"]):
        slot = slot_name(state, c, i, lang)
        if g is None:
            out.append(f"  暗置的{slot or '武将'}" if zh else f"  a concealed {slot or 'general'}")
            continue
        gen = state.content.generals.get(g) if state.content is not None else None
        hidden = p["concealed"][i] if i < len(p["concealed"]) else False
        tag = ("（暗置，只有你看得到）" if zh else " (face down: only you see it)") if hidden else ""
        out.append(f"  {slot + '：' if slot and zh else slot + ': ' if slot else ''}{n.name(g)}{tag}")
        if gen is not None:
            for sid in (*gen.skills, *gen.lord_skills):
                if sid in state.content.skills:
                    out += ["    " + t for t in skill_text(sid, state, lang)]
    for slot, x in p["equip"].items():
        if x is None:
            continue
        rule = state.content.rules.get(CARDS[x].name)
        text = (rule.text_zh if zh else rule.text_en) if rule is not None else ""
        out.append(f"  {n.card(x)}{colon}{text}")
    for x in p["judge"]:
        out.append(("  判定区：" if zh else "  judge zone: ") + (n.card(x) if x is not None else ("暗置牌" if zh else "a face-down card")))
    return out


def slot_name(state: State, c: int, i: int, lang: str) -> str:
    """What a character's general slot is called where it has two (hegemony: 主将, 副将)."""
    if len(state.chars[c].slots) < 2:
        return ""
    names = (("主将", "main general"), ("副将", "deputy general"))
    return names[i][0 if lang == "zh" else 1] if i < 2 else ""


def kingdom_text(state: State, v: dict, c: int, n: Narrator) -> str:
    """A character's kingdom as the viewer knows it: shown, or (its own, concealed) what its generals will show."""
    from sanguozhi.core.generals import GENERALS

    p = v["characters"][c]
    if p["kingdom"]:
        label = getattr(state.rs, "kingdom_label", None)
        return (label(v, c, n.lang) if label is not None else "") or word(KINGDOMS, p["kingdom"], n.lang)
    known = [g for g in p["generals"] if g]
    if known and v["viewer"] is not None and p["owner"] == v["viewer"]:
        k = GENERALS[known[0]].kingdom if known[0] in GENERALS else ""
        if k:
            return f"{word(KINGDOMS, k, 'zh')}（未明置）" if n.zh else f"{word(KINGDOMS, k, 'en')} (not yet shown)"
    return "?"


def _place_info(state: State, v: dict, s: int, n: Narrator) -> list[str]:
    """A duel player's own place: its role, hand, points, 奇兵 cards and generals."""
    zh = n.zh
    seat = v["seats"][s]
    facts = []
    if seat["role"]:
        facts.append(role_name(n, seat["role"]))
    facts.append(f"手牌{seat['hand_count']}" if zh else f"{seat['hand_count']} in hand")
    facts.append(f"得分{seat['points']}" if zh else f"{seat['points']} points")
    qb = v["characters"][s]["zones"].get("qibing", [])
    if qb:
        facts.append(("奇兵：" if zh else "qibing: ") + ("、" if zh else ", ").join(n.card(x) for x in qb if x is not None))
    out = ["  " + " · ".join(facts)]
    gens = [p for p in v["characters"] if p["owner"] == s and p["generals"]]
    for p in gens:
        g = p["generals"][0]
        name = n.name(g) if g else ("暗" if zh else "face down")
        if g and any(p["concealed"]):
            name = f"暗·{name}" if zh else f"face down: {name}"
        hp = (f"已损{p['lost']}" if zh else f"lost {p['lost']}") if p["hp"] is None else f"{p['hp']}/{p['max_hp']}"
        dead = ("，阵亡" if zh else ", dead") if not p["alive"] else ""
        marks = marks_text(state, g, n) if g else ""
        out.append(f"  {p['seat']}号位 {name}（{hp}{'，' + marks if marks else ''}{dead}）" if zh else f"  seat {p['seat']} {name} ({hp}{', ' + marks if marks else ''}{dead})")
    return out
