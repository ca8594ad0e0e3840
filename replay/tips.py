"""The rule texts a replay page shows on hover: every card, general and skill it names.

Rule texts are public (they are printed), so a page may hold them for
whatever it names; which cards and generals those are is the page's own
business (``replay.page`` names only what its views have seen).  Texts are
as the game plays them (a mode's own card text, ``replay.lookup``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sanguozhi.core.deck import CARDS

from .lookup import card_text, skill_text
from .narrate import display_name
from .words import KINGDOMS, word


def texts(state: Any, cards: Iterable[int], generals: Iterable[str]) -> dict[str, list[str]]:
    """``{"card:KIND" | "general:G" | "skill:S": [en, zh]}`` for the cards and generals given."""
    out: dict[str, list[str]] = {}
    content = state.content
    if content is None:
        return out
    printed = {CARDS[c].name for c in cards}
    # A general card (tripod's) tells its general too.
    on_cards = {k.partition(":")[2] for k in printed if k.startswith("general:")}
    for g in sorted(set(generals) | on_cards):
        gen = content.generals.get(g)
        if gen is None:
            continue
        skills = [s for s in (*gen.skills, *gen.lord_skills) if s in content.skills]
        both = []
        for lang in ("en", "zh"):
            zh = lang == "zh"
            fish = gen.max_hp / 2 if getattr(state.rs, "hp_in_halves", False) else gen.max_hp  # hegemony counts half fish
            hp = f"{fish:g}{'体力' if zh else ' hp'}"
            head = " · ".join(x for x in (display_name(g, lang, state.rs), word(KINGDOMS, gen.kingdom, lang) if gen.kingdom else "", hp) if x)
            both.append("\n".join([head, *(skill_text(s, state, lang)[0] for s in skills)]))
        out[f"general:{g}"] = both
        for s in skills:
            out[f"skill:{s}"] = [skill_text(s, state, "en")[0], skill_text(s, state, "zh")[0]]
    for kind in sorted(printed):
        if kind:
            text = [card_text(kind, state, "en")[0], card_text(kind, state, "zh")[0]]
            g = out.get(f"general:{kind.partition(':')[2]}") if kind.startswith("general:") else None
            out[f"card:{kind}"] = [f"{a}\n{b}" for a, b in zip(text, g)] if g else text
    return out
