"""Which of seed 000's mechanics a game played: the signs each leaves in the events."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.events import CovertChosen, Enacted, GambitShown, Impeached, Joined, Progressed


def signs(events: Iterable[ev.Event]) -> Counter[str]:
    """Every mechanic the events show at work, counted."""
    out: Counter[str] = Counter()
    waters = 0  # water damage since the last use of 水淹
    for e in events:
        t = type(e)
        if t is ev.Damaged:
            if e.card in ("execute", "explosion", "splash"):
                out[e.card] += 1
            if e.nature == "water":
                out["water"] += 1
                waters += 1
                if waters == 2:  # a second character took the same water damage: the chain passed it
                    out["water passed along a chain"] += 1
            continue
        if t is ev.Triggered:
            if e.source == "sgz_shuiyan":
                waters = 0
            key = {
                ("sgz_zhucheng", "damage_inflicted"): "build: defense",
                ("sgz_wuku", "damage_caused"): "build: attack",
                ("sgz_tuntian", "draw_count"): "build: economy",
                ("sgz_yichuan_lianluo", "skill_used"): "build: liaison",
                ("sgz_yuefa", "card_using"): "legislate: enforced",
                ("sgz_yuefa_quannong", "draw_count"): "legislate: policy",
                ("tanhe", "damage_inflicted"): "party: impeachment penalty",
                ("sgz_weigong", "phase_start"): "formation: siege",
                ("sgz_changshe", "draw_count"): "formation: queue",
                ("sgz_mitan", "turn_end"): "covert: shown",
                ("sgz_zhanshou", "skill_used"): "limited: execute",
            }.get((e.source, e.w))
            if key:
                out[key] += 1
        elif t is GambitShown:
            out["gambit"] += 1
        elif t is CovertChosen:
            out["covert: chosen"] += 1
        elif t is Joined:
            out["party: joined" if e.group == "party" else "legislate: member" if e.group == "sgz_yuefa" else "build: selected"] += 1
        elif t is Progressed and e.n > 0:
            out["build: progress"] += 1
        elif t is Enacted:
            out[f"legislate: {e.rule}"] += 1
        elif t is Impeached:
            out["party: impeached" if e.success else "party: impeachment failed"] += 1
        elif t is ev.SkillStateChanged and e.skill == "sgz_lianzhan" and e.key == "uses" and e.value % 3 == 0:
            out["staged: third stage"] += 1
    return out


EVERY = frozenset(
    {
        "execute", "explosion", "splash", "water", "water passed along a chain", "gambit",
        "covert: chosen", "covert: shown",
        "build: selected", "build: progress", "build: defense", "build: attack", "build: economy", "build: liaison",
        "legislate: member", "legislate: sgz_yuefa_jinsha", "legislate: sgz_yuefa_quannong", "legislate: enforced", "legislate: policy",
        "party: joined", "party: impeached", "party: impeachment failed", "party: impeachment penalty",
        "formation: siege", "formation: queue", "staged: third stage", "limited: execute",
    }
)  # fmt: skip
