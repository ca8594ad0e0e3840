"""The duel's table as text: two rows of generals that close into a ring.

The viewer's own row is drawn at the bottom from its left end to its right
end; the other player's row above it as it faces the viewer (its left end on
the viewer's right), so that the ends that meet in the ring (seed 003: 边位和
敌方也是相邻) stand one above the other.  Each general is a column: its seat
number, its name (a face-down one is 暗, with its name to its owner), its
points and 奇兵 mark when known, hp (a face-down enemy: only its damage tokens),
equipment and state.  Under the rows: each player's hand, points and 奇兵
cards, the dead, and the ring distances from the viewer's generals to the
other's (``*``: in attack range).
"""
from __future__ import annotations

from collections.abc import Collection

from sanguozhi.core.distance import distance, in_attack_range
from sanguozhi.core.state import State
from sanguozhi.core.view import view

from .narrate import Narrator, role_name
from .words import pad, width

ROW = "duel.row"
PLAYERS = 2


def general_facts(state: State, gid: str) -> dict:
    """What the mode prints on a general (the duel: points, 奇兵 mark)."""
    info = state.rs.general_info(gid) if state.rs is not None and gid else None
    return info or {}


def marks_text(state: State, gid: str, n: Narrator) -> str:
    """A general's points and 奇兵 mark: 4分 奇兵【急行军】 / 4 pts, qibing Forced March."""
    facts = general_facts(state, gid)
    parts = []
    if "points" in facts:
        parts.append(f"{facts['points']}分" if n.zh else f"{facts['points']} pts")
    if facts.get("qibing"):
        parts.append(f"奇兵{n.quoted(facts['qibing'])}" if n.zh else f"qibing {n.quoted(facts['qibing'])}")
    return " ".join(parts)


def render_rows(state: State, seat: int | None, lang: str, unseen: Collection[int], header: str, hand: str | None) -> str:
    v = view(state, seat, unseen)
    zh = lang == "zh"
    n = Narrator(lang, seat, mode=state.mode)
    n.table = state
    me = seat if seat is not None else 1
    other = 1 - me
    chars = state.chars

    def row(s: int) -> list[int]:
        return sorted((c for c in range(PLAYERS, len(chars)) if chars[c].owner == s and chars[c].alive), key=lambda c: chars[c].marks.get(ROW, 0))

    def cell(c: int) -> list[str]:
        p = v["characters"][c]
        gid = p["generals"][0] if p["generals"] else None
        down = any(p["concealed"])
        name = n.name(gid) if gid else ""
        if down:
            name = (f"暗·{name}" if name else "暗") if zh else (f"down: {name}" if name else "face down")
        lines = [f"{c}号位" if zh else f"seat {c}", name]
        lines.append(marks_text(state, gid, n) if gid else ("?分" if zh else "? pts"))
        if p["hp"] is None:
            lines.append(f"已损{p['lost']}" if zh else f"lost {p['lost']}")
        else:
            hp = max(p["hp"], 0)
            lines.append(f"{'♥' * hp}{'♡' * max(p['max_hp'] - hp, 0)} {p['hp']}/{p['max_hp']}")
        lines += [n.card(x) if x is not None else ("暗置牌" if zh else "face-down card") for x in p["equip"].values()]
        states = [w for on, w in ((p["chained"], "连环" if zh else "chained"), (p["flipped"], "翻面" if zh else "turned over")) if on]
        if states:
            lines.append("、".join(states) if zh else ", ".join(states))
        return lines

    def block(cells: list[list[str]]) -> list[str]:
        if not cells:
            return []
        depth = max(len(x) for x in cells)
        widths = [max(width(line) for line in x) for x in cells]
        return ["  ".join(pad(x[k] if k < len(x) else "", w) for x, w in zip(cells, widths)).rstrip() for k in range(depth)]

    def player(s: int) -> str:
        seat_v = v["seats"][s]
        who = ("你" if zh else "you") if s == seat else ("对手" if zh else "opponent") if seat is not None else ""
        role = role_name(n, seat_v["role"]) if seat_v["role"] else ""
        head = f"{s}号位 {role}" + (f"（{who}）" if who else "") if zh else f"seat {s} {role}" + (f" ({who})" if who else "")
        parts = [head.strip(), (f"手牌{seat_v['hand_count']}" if zh else f"{seat_v['hand_count']} in hand"), (f"得分{seat_v['points']}" if zh else f"{seat_v['points']} points")]
        qb = [x for x in v["characters"][s]["zones"].get("qibing", [])]
        if qb:
            parts.append(("奇兵：" if zh else "qibing: ") + ("、" if zh else ", ").join(n.card(x) if x is not None else "?" for x in qb))
        return ("> " if v["current"] == s else "  ") + " · ".join(parts)

    left, right = ("左端", "右端") if zh else ("left end", "right end")
    top, bottom = row(other), row(me)
    lines = [header, player(other)]
    lines += ["    " + x for x in block([[right], *[cell(c) for c in reversed(top)], [left]])]
    lines.append("    " + ("↕ 两排首尾相接成环" if zh else "↕ the two rows' ends meet: one ring"))
    lines += ["    " + x for x in block([[left], *[cell(c) for c in bottom], [right]])]
    lines.append(player(me))
    dead = [c for c in range(PLAYERS, len(chars)) if not chars[c].alive and chars[c].slots]
    if dead:
        lines.append(("阵亡：" if zh else "dead: ") + ("、" if zh else ", ").join(f"{c}号位 {n.name(chars[c].general)}（{marks_text(state, chars[c].general, n)}）" if zh else f"{n.name(chars[c].general)} (seat {c}, {marks_text(state, chars[c].general, n)})" for c in dead))
    origin = me if seat is not None else (state.current if state.current in (0, 1) else me)
    mine, theirs = row(origin), row(1 - origin)
    if origin == me:
        theirs = theirs[::-1]  # the columns as the other row is drawn above
    if state.phase and mine and theirs:
        lines.append("距离（环上较短的一边；*：在攻击范围内）" if zh else "distances round the ring (the shorter way; *: in attack range)")
        heads = [""] + [f"{c}号位" if zh else f"seat {c}" for c in theirs]
        table = [heads] + [[f"{a}号位" if zh else f"seat {a}"] + [f"{distance(state, a, b)}{'*' if in_attack_range(state, a, b) else ''}" for b in theirs] for a in mine]
        widths = [max(width(r[k]) for r in table) for k in range(len(heads))]
        lines += ["    " + "  ".join(pad(x, w) for x, w in zip(r, widths)).rstrip() for r in table]
    if hand is not None:
        lines.append(hand)
    return "\n".join(lines)
