"""Skills of the 风 (wind) expansion that more than one pack prints: 天香 and 红颜
(hegemony's 小乔; Hero Kill's 曼舞 and 红妆), each a rule of the id it is defined under."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.base import SUIT, suit_of
from ..requests import Choice
from .base import SkillBook, announce
from .common import others_from

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine
    from ..state import State
    from .base import Flow


def _hearts(state: "State", seat: int) -> list[int]:
    return [c for c in state.chars[seat].hand if suit_of(state, seat, c) == "heart"]


def heavenly_scent(book: SkillBook, sid: str) -> None:
    """天香: when you would take damage, discard a heart hand card to pass the damage
    to another character, which then draws X cards (X: its lost hp)."""

    def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
        st = engine.state
        options = tuple(Choice(cards=(c,), targets=(t,)) for c in _hearts(st, seat) for t in others_from(st, seat))
        go = yield from engine.ask_hidden(seat, "skill", f"{sid}:{ctx.src}:{ctx.n}", options)
        if go.is_pass:
            return
        t = go.targets[0]
        announce(engine, seat, sid, (t,), window="damage_inflicted")
        engine.move(go.cards, "hand", "discard", src_seat=seat, reason=sid)
        ctx.prevented = True
        yield from engine.damage(ctx.src, t, ctx.n, ctx.nature, ctx.card, ctx.cards)
        p = st.chars[t]
        if p.alive and not st.ended:
            x = max(0, p.max_hp - max(p.hp, 0))
            if x:
                yield from engine.draw(t, x, reason=sid)

    def can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
        st = engine.state
        # Under fair rules any hand card will do (which are hearts is the hand's secret).
        has = bool(st.chars[seat].hand) if engine.fair else bool(_hearts(st, seat))
        return ctx.dst == seat and ctx.n > 0 and has and bool(others_from(st, seat))

    book.trigger(sid, "damage_inflicted", run, can=can, owners=lambda ctx: (ctx.dst,), silent=True)


def rosy_cheeks(book: SkillBook, sid: str) -> None:
    """红颜: your spades count as hearts."""
    book.mod("suit", lambda st, seat, card: "heart" if SUIT[card] == "spade" and sid in st.chars[seat].skills else "", sid)
