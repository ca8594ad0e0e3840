"""The delayed tricks (延时锦囊): 乐不思蜀, 兵粮寸断, 闪电.

Using one puts it into the target's judge zone (seed 000: never next to a
card of the same name).  In the judge phase the zone resolves last placed
first (``Engine.judge_phase``): each card is open to 无懈可击, then it goes
to the processing zone, a judgement decides, and it is discarded — except a
闪电 that misses (or is nullified), which moves on to the next seat that can
hold it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..deck import CARDS
from ..distance import distance
from .base import NAMES, CardRule, holds_in_judge, judge_name, register, suit_of
from .nullification import nullified

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from ..state import State
    from .base import Flow


class Delayed(CardRule):
    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return [(t,) for t in st.seats_from(seat) if self.may_target(st, seat, t) and not holds_in_judge(st, t, self.name)]

    def may_target(self, state: "State", seat: int, target: int) -> bool:
        return target != seat

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st = engine.state
        target = use.targets[0] if use.targets else use.seat
        if len(use.cards) != 1 or use.cards[0] not in st.processing:
            return  # a virtual delayed trick has no card to place
        if target in use.cancelled or not st.chars[target].alive or holds_in_judge(st, target, use.name):
            return  # the card is discarded with the other leftovers
        card = use.cards[0]
        engine.move((card,), "processing", "judge", dst_seat=target, reason=_placing(card, use.name, "use"))
        return
        yield  # pragma: no cover

    def resolve_delayed(self, engine: "Engine", seat: int, card: int) -> "Flow":
        st = engine.state
        name = judge_name(st, seat, card)
        if (yield from nullified(engine, name, -1, seat)):
            yield from self.when_nullified(engine, seat, card, name)
            return
        engine.move((card,), "judge", "processing", src_seat=seat, reason=name)
        final = yield from engine.judge(seat, name)
        yield from self.judged(engine, seat, card, name, final)
        if card in st.processing:
            engine.move((card,), "processing", "discard", reason=name)

    def when_nullified(self, engine: "Engine", seat: int, card: int, name: str) -> "Flow":
        engine.move((card,), "judge", "discard", src_seat=seat, reason="nullified")
        return
        yield  # pragma: no cover

    def judged(self, engine: "Engine", seat: int, card: int, name: str, final: int) -> "Flow":
        raise NotImplementedError
        yield  # pragma: no cover


def _placing(card: int, name: str, reason: str) -> str:
    """The movement reason: a converted card records what it counts as (``as:name``)."""
    return reason if NAMES[card] == name else f"as:{name}"


class PhaseSkip(Delayed):
    """A delayed trick whose judgement, unless of ``safe_suit``, skips a phase of the turn."""

    safe_suit = ""
    skips = ""

    def judged(self, engine: "Engine", seat: int, card: int, name: str, final: int) -> "Flow":
        if suit_of(engine.state, seat, final) != self.safe_suit and engine.turn_ctx.seat == seat:
            engine.turn_ctx.skip.add(self.skips)
        return
        yield  # pragma: no cover


class Indulgence(PhaseSkip):
    name = "indulgence"
    safe_suit, skips = "heart", "play"
    text_zh = "出牌阶段，对一名其他角色使用，将此牌置于其判定区。其判定阶段进行判定：若结果不为红桃，其跳过本回合的出牌阶段。"
    text_en = "In your play phase, place in another character's judge zone. In its judge phase it judges: unless the result is a heart, it skips this turn's play phase."


class SupplyShortage(PhaseSkip):
    name = "supply_shortage"
    safe_suit, skips = "club", "draw"
    text_zh = "出牌阶段，对距离为1的一名其他角色使用，将此牌置于其判定区。其判定阶段进行判定：若结果不为梅花，其跳过本回合的摸牌阶段。"
    text_en = "In your play phase, place in the judge zone of another character at distance 1. In its judge phase it judges: unless the result is a club, it skips this turn's draw phase."

    def may_target(self, state: "State", seat: int, target: int) -> bool:
        return target != seat and (distance(state, seat, target) <= 1 or state.content.trick_distance_free(state, seat))  # 奇才


class Lightning(Delayed):
    name = "lightning"
    text_zh = "出牌阶段，将此牌置于你的判定区。判定阶段进行判定：若结果为黑桃2~9，你受到3点无来源的雷电伤害，然后将之置入弃牌堆；否则将之移动到下家（不能置入则顺延）的判定区。"
    text_en = (
        "In your play phase, place in your own judge zone. In the judge phase it judges: on a spade 2-9 you take 3 thunder damage "
        "without a source and it is discarded; otherwise it moves on to the next seat's judge zone (skipping seats that cannot hold it)."
    )

    def may_target(self, state: "State", seat: int, target: int) -> bool:
        return target == seat

    def judged(self, engine: "Engine", seat: int, card: int, name: str, final: int) -> "Flow":
        if suit_of(engine.state, seat, final) == "spade" and 2 <= CARDS[final].rank <= 9:
            yield from engine.damage(-1, seat, 3, "thunder", card=name, cards=(card,))
            return
        self.pass_on(engine, seat, card, name, "processing")

    def when_nullified(self, engine: "Engine", seat: int, card: int, name: str) -> "Flow":
        self.pass_on(engine, seat, card, name, "judge")
        return
        yield  # pragma: no cover

    @staticmethod
    def pass_on(engine: "Engine", seat: int, card: int, name: str, zone: str) -> None:
        """Move to the next seat in turn order whose judge zone may take it (it may come back)."""
        st = engine.state
        n = len(st.chars)
        for k in range(1, n + 1):
            s = (st.place(seat) + k) % n
            if st.order:
                s = st.order[s]
            if st.chars[s].alive and not holds_in_judge(st, s, name):
                engine.move((card,), zone, "judge", src_seat=seat, dst_seat=s, reason=_placing(card, name, name))
                return
        # Nobody can take it (only possible with converted copies): it stays.


for _rule in (Indulgence(), SupplyShortage(), Lightning()):
    register(_rule)
