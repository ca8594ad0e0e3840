"""The table as text, from one seat's view (or the full review)."""
from __future__ import annotations

from collections.abc import Collection

from core.state import State
from core.view import view

from .narrate import PHASE_ZH, ROLE_ZH, card_label, display_name


def render(state: State, seat: int | None = None, lang: str = "en", unseen: Collection[int] = ()) -> str:
    """The table after ``state`` as ``seat`` sees it; ``unseen``: cards face down for it (see ``core.view``)."""
    v = view(state, seat, unseen)
    zh = lang == "zh"
    rs = state.rs

    def card(c: int | None) -> str:
        if c is None:  # a card lying face down for this seat
            return "暗置牌" if zh else "face-down card"
        return card_label(c, lang, rs)

    lines = []
    phase = PHASE_ZH.get(v["phase"], v["phase"]) if zh else v["phase"]
    head = f"第{v['round']}轮 第{v['turn']}回合 当前{v['current']}号位 {phase}" if zh else f"round {v['round']} turn {v['turn']} | current seat {v['current']} | phase {phase or '-'}"
    lines.append(f"{head} | {'牌堆' if zh else 'pile'} {v['pile_count']} | {'弃牌堆' if zh else 'discard'} {len(v['discard'])}")
    seats = v["seats"]
    for p in v["characters"]:
        owner = seats[p["owner"]]
        role = owner["role"]
        role_text = ((ROLE_ZH.get(role) or display_name(role, lang, rs)) if zh else role) if role else "?"
        mark = ">" if p["seat"] == v["current"] else " "
        status = "" if p["alive"] else (" 阵亡" if zh else " dead")
        hp = "♥" * max(p["hp"], 0) + "♡" * max(p["max_hp"] - max(p["hp"], 0), 0)
        general = "/".join(display_name(g, lang, rs) if g else ("暗置" if zh else "concealed") for g in p["generals"]) or "-"
        row = f"{mark}[{p['seat']}] {general:<9} {role_text:<9} {hp:<6} {p['hp']}/{p['max_hp']}{status}"
        row += f"  {'手牌' if zh else 'hand'} {p['hand_count']}"
        if owner["points"] and p["owner"] == p["seat"]:  # what the mode calls them (天地人: 勾玉)
            row += f"  {display_name('points', lang, rs)} {owner['points']}"
        if p["equip"]:
            row += "  " + " ".join(card(c) for c in p["equip"].values())
        if p["judge"]:
            row += ("  判定区 " if zh else "  judge ") + " ".join(card(c) for c in p["judge"])
        for zone, cards in p["zones"].items():  # the mode's own zones (tripod's general zone)
            if cards:
                names = rs.zones.get(zone, (zone, zone))
                row += f"  {names[0] if zh else names[1]} " + " ".join(card(c) for c in cards)
        if p["chained"]:
            row += " ⛓"
        lines.append(row)
        hand = owner["hand"]
        if hand and (seat is None or p["owner"] == seat) and p["owner"] == p["seat"]:
            lines.append("      " + " ".join(card(c) for c in hand))
    if v["ended"]:
        winners = ", ".join(map(str, v["winners"])) or "-"
        lines.append(f"{'游戏结束' if zh else 'game over'}: {v['end_reason']} | {'胜者' if zh else 'winners'} {winners}")
    return "\n".join(lines)
