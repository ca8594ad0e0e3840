"""The table as text, from one seat's view (or the full review).

One row per character in fixed columns (measured in terminal columns, so
Chinese names line up): seat, general, role, kingdom and gender, hp, hand
size, distance from the viewer (``*``: in its attack range), equipment,
judge zone and state.  A header says whose turn and phase it is, the draw
and discard piles with the last cards discarded, and in the discard phase
the hand limit; the viewer's own hand follows the rows.
"""
from __future__ import annotations

from collections.abc import Collection

from sanguozhi.core.content import hand_limit
from sanguozhi.core.deck import CARDS
from sanguozhi.core.distance import attack_range, distance, in_attack_range
from sanguozhi.core.state import State
from sanguozhi.core.view import view

from .lookup import kingdom_text
from .modestate import marks, team_name
from .narrate import Narrator, role_name
from .rows import render_rows
from .words import GENDERS, PHASES, pad, width, word

LAST_DISCARDS = 5
# Modes whose table is not one row per character: mode -> render(state, seat, lang, unseen, header, hand line).
LAYOUTS = {"duel": render_rows}


def render(state: State, seat: int | None = None, lang: str = "en", unseen: Collection[int] = (), keys: dict[int, str] | None = None) -> str:
    """The table after ``state`` as ``seat`` sees it; ``unseen``: cards face down for it (see ``core.view``);
    ``keys``: the letters its hand cards are chosen by (``replay.steps.HandKeys``)."""
    v = view(state, seat, unseen)
    zh = lang == "zh"
    n = Narrator(lang, seat, mode=state.mode)
    n.table = state

    def card(c: int | None, as_name: str = "") -> str:
        if c is None:  # a card lying face down for this seat
            return "暗置牌" if zh else "face-down card"
        text = n.card(c)
        if as_name and as_name != CARDS[c].name:
            text += f"（当{n.quoted(as_name)}）" if zh else f" (as {n.quoted(as_name)})"
        return text

    sep = "、" if zh else ", "
    if state.mode in LAYOUTS:  # a mode drawn its own way (the duel's two rows)
        hand = hand_line(v["seats"][seat]["hand"] or [], n, keys) if seat is not None else None
        return LAYOUTS[state.mode](state, seat, lang, unseen, _header(state, v, n, card), hand)
    lines = [_header(state, v, n, card)]
    # Distances are counted from the viewer, or in the review from the current player.
    origin = seat if seat is not None else (v["current"] if v["current"] >= 0 else None)
    if origin is not None and state.chars[origin].alive and state.phase:
        r = attack_range(state, origin)
        lines.append(f"距离从 {n.seat(origin)} 算起，攻击范围{r}（*：在攻击范围内）" if zh else f"distances from {n.seat(origin)}, whose attack range is {r} (*: in range)")
    heads = ["座位", "武将", "身份", "势力", "体力", "手牌", "距离", "装备 / 判定 / 状态"] if zh else ["seat", "general", "role", "kingdom", "hp", "hand", "dist", "equipment / judge / state"]
    # A mode without roles (hegemony, tripod) has no role column: its side is the kingdom, or the seat itself.
    roles = any(s.role for s in state.seats)
    rows: list[list[str]] = []
    for i in state.rs.table_order(state):  # the mode's order (the duel's ring)
        p = v["characters"][i]
        place = not p["alive"] and not p["generals"]  # a place without a general (a duel player's own)
        c = p["seat"]
        owner = v["seats"][p["owner"]]
        role = owner["role"]
        team = team_name(state, p["owner"], lang)  # 3v3-competitive: 暖色·主将
        role_text = (team + "·" if team else "") + (role_name(n, role) if role else "?")
        # Each face-down general marked by itself (one's own: named), so it says which half is hidden.
        gens = [(n.name(g) + (("（暗）" if zh else " (down)") if down else "") if g else ("暗置" if zh else "concealed")) for g, down in zip(p["generals"], p["concealed"])]
        general = "/".join(gens) or "-"
        kingdom = kingdom_text(state, v, c, n)  # one's own, not yet shown: what it will show
        gender = word(GENDERS, p["gender"], lang) if p["gender"] else ""
        if place:
            hp_text = ""
        elif p["hp"] is None:  # hidden from this seat (a face-down duel general): only the hp it has lost
            hp_text = f"? (已损{p['lost']})" if zh else f"? (lost {p['lost']})"
        else:
            hp = max(p["hp"], 0)
            bar = "♥" * hp + "♡" * max(p["max_hp"] - hp, 0) if p["max_hp"] <= 8 else ""
            hp_text = f"{bar} {p['hp']}/{p['max_hp']}".strip()
        dist = ""
        if origin is not None and p["alive"] and state.chars[origin].alive and state.phase:
            if c == origin:
                dist = "-"
            else:
                dist = f"{distance(state, origin, c)}{'*' if in_attack_range(state, origin, c) else ''}"
        extra = [card(x) for x in p["equip"].values()]
        if p["judge"]:
            names = state.chars[c].judge_names
            extra.append(("判定区：" if zh else "judge: ") + sep.join(card(x, names.get(x, "") if x is not None else "") for x in p["judge"]))
        for zone, cards in p.get("zones", {}).items():  # a mode's own zones (tripod's general zone)
            if cards:
                extra.append(f"{n.zone(zone)}：" + sep.join(card(x) for x in cards) if zh else f"{n.zone(zone)}: " + sep.join(card(x) for x in cards))
        if owner["points"] and p["owner"] == c:  # what the mode calls them (天地人: 勾玉)
            extra.append(f"{n.name('points')} {owner['points']}")
        states = []
        if not p["alive"] and not place:
            states.append("阵亡" if zh else "dead")
        if p["chained"]:
            states.append("连环" if zh else "chained")
        if p["flipped"]:
            states.append("翻面" if zh else "face down")
        states += marks(state, c, seat, lang)
        if seat is not None and p["owner"] == seat:
            states.append("你" if zh else "you")
        mark = ">" if c == v["current"] else " "
        rows.append(
            [
                f"{mark}{c}{'号位' if zh else ''}",
                general,
                role_text,
                f"{kingdom}{' ' + gender if gender else ''}",
                hp_text,
                str(p["hand_count"]),
                dist,
                sep.join(extra + states),
            ]
        )
    if not roles:
        heads, rows = [heads[0], heads[1], *heads[3:]], [[r[0], r[1], *r[3:]] for r in rows]
    widths = [max(width(x) for x in col) for col in zip(heads, *rows)]
    for row in [heads, *rows]:
        lines.append(("  ".join(pad(x, w) for x, w in zip(row[:-1], widths)) + "  " + row[-1]).rstrip())
    if seat is not None:
        lines.append(hand_line(v["seats"][seat]["hand"] or [], n, keys))
    elif not v["ended"]:
        for s in v["seats"]:
            if s["hand"]:
                lines.append(f"{n.seat(s['seat'])} {'手牌' if zh else 'hand'}: " + sep.join(card(x) for x in s["hand"]))
    if v["ended"]:
        winners = n.seats(tuple(v["winners"])) or ("无人（和局）" if zh else "nobody (a draw)")
        # A mode's own ending says how the game was judged (Hero Kill's verdicts: 平定天下 …).
        own = state.rs.display_names.get(v["end_reason"].split(":")[0]) if state.rs is not None else None
        how = ((own[0] + "；") if zh else (own[1] + "; ")) if own else ""
        lines.append(f"游戏结束：{how}胜者 {winners}" if zh else f"game over: {how}winners {winners}")
    return "\n".join(lines)


def hand_line(hand: list[int], n: Narrator, keys: dict[int, str] | None = None) -> str:
    """The viewer's hand, each card with its letter when it has one (in the letters' order)."""
    zh = n.zh
    if keys:
        hand = sorted(hand, key=lambda c: (len(keys.get(c, "~")), keys.get(c, "~")))
    cards = [f"{keys[c]}.{n.card(c)}" if keys and c in keys else n.card(c) for c in hand]
    return ("你的手牌：" if zh else "your hand: ") + (("、" if zh else ", ").join(cards) or ("无" if zh else "none"))


def own_line(state: State, seat: int, lang: str = "en") -> str:
    """One line of the asker's own state, above each question: its characters' generals,
    hp and equipment, its hand and what its mode counts (points, a duel's 奇兵)."""
    v = view(state, seat)
    zh = lang == "zh"
    n = Narrator(lang, seat, mode=state.mode)
    n.table = state
    sep = "、" if zh else ", "
    parts: list[str] = []
    me = v["seats"][seat]
    if me["role"]:
        parts.append(role_name(n, me["role"]))
    for i in state.rs.table_order(state):
        p = v["characters"][i]
        if p["owner"] != seat or not p["generals"]:
            continue
        names = "/".join(n.name(g) if g else "?" for g in p["generals"])
        if any(p["concealed"]):
            names += "（暗）" if zh else " (face down)"
        if not p["alive"]:
            parts.append(f"{p['seat']}{'号位' if zh else ''} {names} {'阵亡' if zh else 'dead'}".strip() if zh else f"{names} (seat {p['seat']}) dead")
            continue
        hp = f"{p['hp']}/{p['max_hp']}"
        equip = sep.join(n.card(x) for x in p["equip"].values() if x is not None)
        where = f"{p['seat']}号位" if zh else f"seat {p['seat']}"
        parts.append(f"{where} {names} ♥{hp}" + (f" {equip}" if equip else ""))
    parts.append(f"手牌{me['hand_count']}" if zh else f"{me['hand_count']} in hand")
    if me["points"]:
        parts.append(f"{n.name('points')} {me['points']}")
    for zone, cards in v["characters"][seat]["zones"].items():  # a zone of the seat's own place (the duel's 奇兵)
        if cards and not v["characters"][seat]["generals"]:
            parts.append(f"{n.zone(zone)}：" + sep.join(n.card(x) for x in cards if x is not None) if zh else f"{n.zone(zone)}: " + sep.join(n.card(x) for x in cards if x is not None))
    return ("你：" if zh else "you: ") + " · ".join(parts)


def _header(state: State, v: dict, n: Narrator, card) -> str:  # card: the row's card text
    zh = n.zh
    parts = []
    if v["round"]:
        parts.append(f"第{v['round']}轮 第{v['turn']}回合" if zh else f"round {v['round']}, turn {v['turn']}")
    if v["current"] >= 0:
        parts.append(n.seat(v["current"]))
    if v["phase"]:
        p = word(PHASES, v["phase"], n.lang)
        parts.append(f"{p}阶段" if zh else f"{p} phase")
        if v["phase"] == "discard" and v["current"] >= 0:
            limit = hand_limit(state, v["current"])  # with its modifiers (隐忍, 控局, a building)
            parts.append(f"手牌上限{limit}" if zh else f"hand limit {limit}")
    parts.append(f"牌堆{v['pile_count']}张" if zh else f"draw pile {v['pile_count']}")
    discard = v["discard"]
    last = [c for c in discard[-LAST_DISCARDS:]]
    text = f"弃牌堆{len(discard)}张" if zh else f"discard pile {len(discard)}"
    if last:
        text += ("，最近：" if zh else ", last: ") + ("、" if zh else ", ").join(card(c) for c in reversed(last))
    parts.append(text)
    return (" · ").join(parts)
