"""What 三足鼎立 (tripod, seed 004) plays with beyond the standard cards.

- **General cards** (武将牌): one printed card per hero, shuffled into the
  deck: with ``heroes=herokill`` the Hero Kill heroes but 武则天 (seed 004:
  备选武将中没有武则天), numbers 430-461 in the order of their card numbers
  (``HERO_CARDS``); with ``heroes=sanguosha`` the standard generals, numbers
  400-424 (``GENERAL_CARDS``).  A general card that
  would go into a hand goes to its character's **general zone** instead
  (武将牌区, zone ``general_zone``: face up, not part of the hand), through
  the ``hand_divert`` modifier point.  Equipping one moves it to the
  character's **general slot** (zone ``general_slot``); the general it
  replaces goes to the discard pile.
- **No general** (``no_general``): the stand-in a character plays while it
  has no general card equipped: 4 max hp, no gender, no kingdom, no skill.
- **装备武将** (``zhuangbei``): the play-phase action every character has in
  this mode: equip a general from its general zone.  Equipping is a
  ``GeneralChosen`` in slot 0 (the new general's skills replace the old
  ones) followed by a ``MaxHpChanged`` to the new general's max hp, which
  cuts hp down to it but never raises it (seed: 4/4 hp equipping a 3-hp
  general gives 3/3; 3/3 equipping a 4-hp general gives 3/4).
- **釜底抽薪** (dismantlement, seed 004's variant): any other character at any
  distance; discard one card of its hand (at random), equipment or judge
  zone, or — by discarding one general card of one's own general zone — one
  of its general cards (in its general zone, or the equipped one).

Nothing else reaches a general card: it is never in a hand, an equipment or
a judge zone, so no other card or skill can take, give or discard it.
"""
from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ... import events as ev
from ...cards.base import CardRule, has_cards, pick_card_of
from ...cards.tricks import Dismantlement
from ...content import Pack
from ...deck import NAMES, Kind, add_cards, add_kind
from ...generals import GENERALS, General, register
from ...requests import Choice, Request
from ...skills.base import SkillBook
from ...windows import Hook
from .heroes import HERO_IDS
from .heroes.events import Disguised, disguise_of

if TYPE_CHECKING:
    from ...engine import Engine, UseCtx
    from ...state import State

Flow = Generator[Any, Any, Any]

TRIPOD = Pack("herokill-tripod", "三足鼎立", "Tripod")

GENERAL_ZONE = "general_zone"  # 武将牌区: drawn general cards, face up
GENERAL_SLOT = "general_slot"  # the equipped general card
ZONES: dict[str, tuple[str, str]] = {GENERAL_ZONE: ("武将牌区", "general zone"), GENERAL_SLOT: ("装备武将", "equipped general")}
ZONE_LIMIT = 2  # general cards a general zone keeps at the end of a turn

# The standard generals, in their kingdoms' order: general card k is number
# FIRST + k for ever (card numbers are part of the record format).
FIRST = 400
PRINTED = (
    "caocao", "simayi", "xiahoudun", "zhangliao", "xuchu", "guojia", "zhenji",
    "liubei", "guanyu", "zhangfei", "zhugeliang", "zhaoyun", "machao", "huangyueying",
    "sunquan", "ganning", "lvmeng", "huanggai", "zhouyu", "daqiao", "luxun", "sunshangxiang",
    "huatuo", "lvbu", "diaochan",
)  # fmt: skip
KIND_PREFIX = "general:"

NO_GENERAL = "no_general"
NO_GENERAL_HP = 4
register(General(NO_GENERAL, "无武将", "", "none", NO_GENERAL_HP, name_en="No general", pack="tripod"), TRIPOD)


# The Hero Kill heroes of tripod's pool, in the order of their card numbers (no 武则天):
# hero card k is number HERO_FIRST + k.
HERO_FIRST = 430
HERO_PRINTED: tuple[str, ...] = tuple(h for h in HERO_IDS if h != "hk_wuzetian")


def _print_general_cards(first: int, printed: tuple[str, ...]) -> tuple[int, ...]:
    missing = [g for g in printed if g not in GENERALS]
    if missing:
        raise ValueError(f"tripod prints general cards of unknown generals: {missing}")
    for gid in printed:
        g = GENERALS[gid]
        add_kind(Kind(KIND_PREFIX + gid, f"武将牌·{g.name_zh}", "general"))
    return add_cards(first, [(KIND_PREFIX + gid, "", 0, "tripod") for gid in printed])


GENERAL_CARDS: tuple[int, ...] = _print_general_cards(FIRST, PRINTED)
HERO_CARDS: tuple[int, ...] = _print_general_cards(HERO_FIRST, HERO_PRINTED)
_IS_GENERAL_CARD = frozenset(GENERAL_CARDS) | frozenset(HERO_CARDS)

# What Hero Kill's tripod calls a general card, for narration and screens.
CARD_NAMES: dict[str, tuple[str, str]] = {
    KIND_PREFIX + gid: (f"武将牌·{GENERALS[gid].name_zh}", f"General·{GENERALS[gid].name_en}") for gid in (*PRINTED, *HERO_PRINTED)
}


def is_general_card(card: int) -> bool:
    return card in _IS_GENERAL_CARD


def general_of(card: int) -> str:
    """The general a general card makes its holder play."""
    return NAMES[card][len(KIND_PREFIX) :]


def zone_of(state: "State", c: int, zone: str = GENERAL_ZONE) -> list[int]:
    return state.chars[c].zones.get(zone, [])


def general_cards_of(state: "State", c: int) -> list[int]:
    """A character's general cards: its general zone's, then the equipped one."""
    zones = state.chars[c].zones
    return [*zones.get(GENERAL_ZONE, ()), *zones.get(GENERAL_SLOT, ())]


# -- general cards go to the general zone, never into a hand ------------------------------


def _divert(engine: "Engine", cards: tuple[int, ...], src: str, src_seat: int, seat: int, reason: str) -> tuple[int, ...]:
    generals = tuple(c for c in cards if c in _IS_GENERAL_CARD)
    if not generals:
        return cards
    # Face up for everyone: the general zone is open (the seed lets 釜底抽薪 choose among them).
    engine.move(generals, src, GENERAL_ZONE, src_seat=src_seat, dst_seat=seat, reason=reason)
    return tuple(c for c in cards if c not in _IS_GENERAL_CARD)


TRIPOD.mod("hand_divert", _divert, owner="general_zone")


class GeneralCard(CardRule):
    """A general card: what it does is the mode's (drawn into the general zone, equipped by 装备武将)."""

    text_zh = "武将牌：摸到或获得时置入你的武将牌区（不算手牌）。出牌阶段可以装备，你的体力上限与技能改为该武将的（体力只降不升）。"
    text_en = (
        "A general card: drawn or gained, it goes to your general zone (it is not a hand card). In your play phase you may"
        " equip it: your max hp and skills become the general's (hp never goes up by it)."
    )

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False


TRIPOD.card(GeneralCard(), *(KIND_PREFIX + gid for gid in (*PRINTED, *HERO_PRINTED)))


# -- equipping a general ------------------------------------------------------------------


def become(engine: "Engine", c: int, gid: str) -> Flow:
    """Character ``c`` plays ``gid`` now: its skills are the general's, and its max
    hp follows the general's (hp is cut down to it, never raised)."""
    p = engine.state.chars[c]
    if p.marks and disguise_of(p.marks):  # 易装's skills go with the card that took them
        engine.emit(Disguised(seat=c, general=""))
    engine.emit(ev.GeneralChosen(seat=c, general=gid, max_hp=p.max_hp, hp=p.hp))
    change = engine.content.general(gid).max_hp - p.max_hp
    if change:
        yield from engine.change_max_hp(c, change, cause=gid)


def equip(engine: "Engine", c: int, card: int, reason: str) -> Flow:
    """Equip a general card from ``c``'s general zone; the one it replaces is discarded."""
    old = tuple(zone_of(engine.state, c, GENERAL_SLOT))
    if old:
        engine.move(old, GENERAL_SLOT, "discard", src_seat=c, reason="replaced")
    engine.move((card,), GENERAL_ZONE, GENERAL_SLOT, src_seat=c, dst_seat=c, reason=reason)
    yield from become(engine, c, general_of(card))


def equip_choices(state: "State", c: int) -> tuple[Choice, ...]:
    """One choice per general card in ``c``'s general zone (the option names the general)."""
    return tuple(Choice(cards=(card,), option=general_of(card)) for card in zone_of(state, c))


BOOK = SkillBook(TRIPOD)
EQUIP_SKILL = BOOK.define(
    "zhuangbei", "装备武将", "Equip a General", "active",
    "出牌阶段，你可以装备你武将牌区的一张武将牌：若你已装备武将牌，将其置入弃牌堆。你的体力上限与技能改为新武将的（体力只降不升）。",
    "In your play phase you may equip a general card of your general zone (the one you had equipped goes to the discard pile):"
    " your max hp and skills become the new general's (hp never goes up by it).",
)  # fmt: skip


def _equip_action(engine: "Engine", c: int) -> Flow:
    pick = yield from engine.ask(Request(c, "equip_general", prompt="equip_general:play", choices=equip_choices(engine.state, c)))
    yield from equip(engine, c, pick.cards[0], reason=EQUIP_SKILL.id)


BOOK.action(EQUIP_SKILL.id, lambda engine, c: bool(zone_of(engine.state, c)), _equip_action)


# -- the draw phase's general cards: swapped once, at any time in the turn -----------------------

# Seed 004: "如果摸取的牌中有武将牌，则在本回合内可以将武将牌弃掉再摸取一张牌 … 每回合内只能置换一次".
# Which cards the draw phase brought, and whether the turn's swap is spent, live beside
# the running engine: a turn re-run from its start (core.game.resume) draws them again.
_DRAWN: "WeakKeyDictionary[Engine, tuple[int, tuple[int, ...], bool]]" = WeakKeyDictionary()

SWAP_SKILL = BOOK.define(
    "huanjiang", "更换武将", "Swap Generals", "active",
    "本回合摸牌阶段摸到的武将牌，你可以于本回合内（摸牌后或出牌阶段）将其中任意张弃置，然后摸等量的牌；每回合限一次，以此法摸到的武将牌不能再更换。",
    "The general cards you drew in this turn's draw phase may be discarded, any number of them, at any time in the turn (after"
    " the draw or in your play phase), to draw as many cards; once a turn, and generals drawn so stay.",
)  # fmt: skip


def drawn(engine: "Engine", c: int, cards: tuple[int, ...]) -> None:
    """The general cards ``c``'s draw phase brought this turn."""
    _DRAWN[engine] = (engine.state.turn, cards, False)


def swappable(engine: "Engine", c: int) -> tuple[int, ...]:
    """The draw phase's general cards ``c`` may still swap this turn (none once swapped)."""
    st = engine.state
    got = _DRAWN.get(engine)
    if got is None or got[0] != st.turn or got[2] or st.current != c:
        return ()
    zone = zone_of(st, c)
    return tuple(card for card in got[1] if card in zone)


def swap_choices(cards: tuple[int, ...]) -> tuple[Choice, ...]:
    """Every non-empty set of ``cards``, the largest first."""
    return tuple(Choice(cards=sub) for k in range(len(cards), 0, -1) for sub in combinations(cards, k))


def swap(engine: "Engine", c: int, cards: tuple[int, ...]) -> Flow:
    """Discard these general cards and draw as many: the turn's one swap."""
    st = engine.state
    _DRAWN[engine] = (st.turn, (), True)
    engine.move(cards, GENERAL_ZONE, "discard", src_seat=c, reason="swap")
    yield from engine.draw(c, len(cards), reason="swap")


def _swap_action(engine: "Engine", c: int) -> Flow:
    pick = yield from engine.ask(Request(c, "swap_generals", prompt="swap_generals", choices=swap_choices(swappable(engine, c))))
    yield from swap(engine, c, pick.cards)


BOOK.action(SWAP_SKILL.id, lambda engine, c: bool(swappable(engine, c)), _swap_action)


# -- at the end of every turn a general zone keeps at most two ------------------------------


def _over_limit(state: "State", c: int) -> bool:
    return state.chars[c].alive and len(zone_of(state, c)) > ZONE_LIMIT


def _discard_over_limit(engine: "Engine", c: int, ctx: Any) -> Flow:
    cards = tuple(zone_of(engine.state, c))
    excess = len(cards) - ZONE_LIMIT
    pick = yield from engine.ask(Request(c, "discard_generals", prompt=f"discard_generals:{excess}", cards=cards, min=excess, max=excess))
    engine.move(pick.cards, GENERAL_ZONE, "discard", src_seat=c, reason="general_limit")


TRIPOD.hook(Hook("turn_end", "general_limit", _discard_over_limit, _over_limit, silent=True))


# -- 釜底抽薪 -----------------------------------------------------------------------------------


class TripodDismantlement(Dismantlement):
    """Seed 004's 釜底抽薪 in tripod: any distance, and it may take a general card."""

    text_zh = (
        "出牌阶段，对任意距离的一名其他角色使用。你弃置其手牌（随机）、装备区或判定区的一张牌；"
        "或者弃置你武将牌区的一张武将牌，然后弃置其一张武将牌（武将牌区的或已装备的）。"
    )
    text_en = (
        "In your play phase, use on another character at any distance: discard one card of its hand (at random), equipment"
        " or judge zone; or discard one general card of your general zone to discard one of its general cards (in its"
        " general zone, or the equipped one)."
    )

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        spare = bool(zone_of(st, seat))
        return [(t,) for t in st.seats_from(seat) if t != seat and (has_cards(st, t) or (spare and general_cards_of(st, t)))]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> Flow:
        st = engine.state
        own = (GENERAL_ZONE, GENERAL_SLOT) if zone_of(st, use.seat) else ()
        got = yield from pick_card_of(engine, use.seat, target, self.name, own=own)
        if got is None:
            return
        card, zone = got
        engine.move((card,), zone, "discard", src_seat=target, reason=self.name)
        if zone not in own:
            return
        if zone == GENERAL_SLOT:
            yield from become(engine, target, NO_GENERAL)
        spare = tuple(zone_of(st, use.seat))
        pick = yield from engine.ask(Request(use.seat, "discard_generals", prompt="discard_generals:1", cards=spare, min=1, max=1))
        engine.move(pick.cards, GENERAL_ZONE, "discard", src_seat=use.seat, reason=self.name)


TRIPOD.card(TripodDismantlement())
