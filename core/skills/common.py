"""Small helpers the skill modules share: card colours, seats, moving cards."""
from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING, Any

from ..cards.base import NAMES, SUIT
from ..deck import RANK, RED_SUITS, SLASH_NAMES

if TYPE_CHECKING:
    from ..engine import Engine
    from ..requests import Choice, Request
    from ..state import State

    Flow = Generator[Request, Choice, Any]



def is_red(card: int) -> bool:
    return SUIT[card] in RED_SUITS


def is_black(card: int) -> bool:
    return SUIT[card] in ("spade", "club")


def is_slash(card: int) -> bool:
    return NAMES[card] in SLASH_NAMES


def others_from(state: "State", seat: int) -> list[int]:
    """The other living seats in turn order, starting with ``seat``'s next."""
    return [s for s in state.seats_from(seat) if s != seat]


def kin(state: "State", seat: int, kingdom: str) -> list[int]:
    """The other living characters of ``kingdom``, in turn order from ``seat``'s next (激将, 护驾)."""
    players = state.chars
    return [s for s in others_from(state, seat) if players[s].kingdom == kingdom]


def banned(state: "State", user: int, target: int, name: str) -> bool:
    """May ``target`` not be chosen as a target of ``user``'s card ``name`` (空城, 谦逊)?"""
    return state.content.target_banned(state, user, target, name)


def zone_of(state: "State", seat: int, card: int) -> str:
    p = state.chars[seat]
    if card in p.hand:
        return "hand"
    if card in p.equip.values():
        return "equip"
    if card in p.judge:
        return "judge"
    raise ValueError(f"card {card} is not in seat {seat}'s zones")


def discard_own(engine: "Engine", seat: int, cards: Iterable[int], reason: str) -> None:
    """Discard ``seat``'s own cards from hand and/or equipment (one movement per zone)."""
    cards = tuple(cards)
    st = engine.state
    hand = tuple(c for c in cards if c in st.chars[seat].hand)
    rest = tuple(c for c in cards if c not in hand)
    if hand:
        engine.move(hand, "hand", "discard", src_seat=seat, reason=reason)
    if rest:
        engine.move(rest, "equip", "discard", src_seat=seat, reason=reason)


def own_cards(state: "State", seat: int) -> tuple[int, ...]:
    """Hand and equipment (牌 in skill texts: 'a card' means either)."""
    p = state.chars[seat]
    return (*p.hand, *p.equip.values())


def hurt(state: "State", seat: int) -> bool:
    p = state.chars[seat]
    return p.alive and p.hp < p.max_hp


def look_at_top(engine: "Engine", seat: int, k: int, reason: str) -> tuple[int, ...]:
    """Move the top ``k`` cards of the pile to the processing zone, seen only by ``seat``."""
    st = engine.state
    got: list[int] = []
    while len(got) < k:
        engine.ensure_pile()
        n = min(k - len(got), len(st.pile))
        cards = tuple(st.pile[-1 : -n - 1 : -1])
        engine.move(cards, "pile", "processing", dst_seat=seat, reason=reason, vis=(seat,))
        got.extend(cards)
    return tuple(got)


def pindian(engine: "Engine", a: int, b: int, reason: str) -> Generator["Request", "Choice", bool]:
    """拼点: ``a`` and ``b`` each put a hand card face down at the same time, then
    show them; ``a`` wins if its rank is higher.  Both cards are discarded."""
    from ..requests import Request

    st = engine.state
    picked = []
    for me, other in ((a, b), (b, a)):
        owner = st.chars[me].owner
        pick = yield from engine.ask(
            Request(me, "pindian", prompt=f"pindian:{reason}:{other}", cards=tuple(st.chars[me].hand), min=1, max=1, vis=(owner,), together=True)
        )
        picked.append(pick.cards[0])
    for me, card in zip((a, b), picked):
        engine.move((card,), "hand", "processing", src_seat=me, reason=f"pindian:{reason}")
    won = RANK[picked[0]] > RANK[picked[1]]
    engine.move(tuple(picked), "processing", "discard", reason="pindian")
    return won


def pay_and_aim(engine: "Engine", seat: int, sid: str, cost: int, targets: Iterable[int]) -> Generator["Request", "Choice", int]:
    """A play-phase skill paid with ``cost`` hand cards at one chosen target
    (青囊, 结姻): ask for the cards and the target, announce, discard; the target."""
    from ..requests import Choice, Request
    from .base import announce

    hand = tuple(engine.state.chars[seat].hand)
    paid = yield from engine.ask(Request(seat, "discard", prompt=sid, cards=hand, min=cost, max=cost))
    to = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(Choice(targets=(t,)) for t in targets)))
    target = to.targets[0]
    announce(engine, seat, sid, (target,))
    engine.move(paid.cards, "hand", "discard", src_seat=seat, reason=sid)
    return target
