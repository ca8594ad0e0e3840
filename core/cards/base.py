"""What every card rule provides, the registry of rules by card name, and
small read-only helpers the card families share."""
from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING, Any

from ..content import Pack
from ..deck import NAMES, RED_SUITS, SUIT

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from ..requests import Choice, Request
    from ..state import State

    Flow = Generator[Request, Choice, Any]

# The rules of the 160 standard + 军争 cards.  ``NAMES``/``SUIT`` (the printed
# name and suit of every card, by number) are re-exported for the families.
STANDARD_CARDS = Pack("standard-cards", "标准版+军争", "Standard + Maneuvering")


class CardRule:
    """The rule of one card name.  Subclasses override what differs.

    A used card waits in the processing zone while it resolves; an equipment
    or a delayed trick moves itself on from there in ``effect``.
    """

    name: str = ""
    recastable: bool = False  # may be recast (重铸) in the play phase (铁索连环)
    # ``usable`` and ``target_choices`` read the user only through its player, the same
    # for each general a player has (the duel's 奇兵: its play request works them out once).
    row_wide: bool = False
    text_zh: str = ""
    text_en: str = ""

    def usable(self, engine: "Engine", seat: int) -> bool:
        """May ``seat`` use this card in its play phase at all?"""
        return True

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        """The legal target tuples; ``()`` for a card used on oneself or everyone.

        ``card`` is None for a card used through a form (丈八蛇矛).
        """
        return [()]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        """The card's effect once used (targets already chosen and confirmed)."""
        raise NotImplementedError(f"card {self.name!r} has no effect")
        yield  # pragma: no cover

    def resolve_delayed(self, engine: "Engine", seat: int, card: int) -> "Flow":
        raise NotImplementedError(f"card {self.name!r} is not a delayed trick")
        yield  # pragma: no cover


register = STANDARD_CARDS.card
attach = STANDARD_CARDS.hook
add_form = STANDARD_CARDS.form


# -- shared helpers ----------------------------------------------------------------


def played_not_used(state: "State", seat: int, answering: int = -1, *, drunk: bool = False) -> bool:
    """Seed 000 注意事项 1, in a mode with option ``play_or_use=seed000``: "閃、回合外使用酒恢復
    體力為打出牌；其他於回合外不因棄置因響應其他角色牌而進入棄牌堆的牌同樣為打出牌" — outside
    its owner's turn a card that answers another character's card (``answering``: that
    card's user; a 无懈可击), and a 酒 drunk to recover (``drunk``), are played (打出), not
    used.  (闪 is always played.)  Records from before the option: used, as then."""
    if state.options.get("play_or_use", "standard") != "seed000" or state.current < 0:
        return False
    chars = state.chars
    if chars[seat].owner == chars[state.current].owner:
        return False  # in one's own turn a card is used
    if drunk:
        return True
    # ``answering`` -1: a delayed trick being judged, or a 无懈可击 (whoever's) answered in turn.
    return answering < 0 or chars[answering].owner != chars[seat].owner


def suit_of(state: "State", seat: int, card: int) -> str:
    """The suit ``seat``'s card (or judgement card) counts as: the printed one
    unless a ``suit`` modifier says otherwise (红颜: spades are hearts)."""
    for mod in state.content.suit_mods:
        suit = mod(state, seat, card)
        if suit:
            return suit
    return SUIT[card]


def color_of(cards: Iterable[int]) -> str:
    """The colour of what these cards make: red, black, or none (mixed, no card, or a card without suit)."""
    colors = {"red" if SUIT[c] in RED_SUITS else "black" if SUIT[c] else "none" for c in cards}
    return colors.pop() if len(colors) == 1 else "none"


def equipped(state: "State", seat: int, slot: str, name: str) -> bool:
    card = state.chars[seat].equip.get(slot)
    return card is not None and NAMES[card] == name


def judge_name(state: "State", seat: int, card: int) -> str:
    """What a card in a judge zone counts as (a converted card keeps its new name)."""
    return state.chars[seat].judge_names.get(card, NAMES[card])


def holds_in_judge(state: "State", seat: int, name: str) -> bool:
    """Seed 000: a judge zone never holds two cards of one name."""
    p = state.chars[seat]
    return any(p.judge_names.get(c, NAMES[c]) == name for c in p.judge)


def has_cards(state: "State", seat: int) -> bool:
    p = state.chars[seat]
    return bool(p.hand or p.equip or p.judge)


def opposite_gender(state: "State", a: int, b: int) -> bool:
    return {state.chars[a].gender, state.chars[b].gender} == {"male", "female"}


EQUIP_ORDER = ("weapon", "armor", "defensive_horse", "offensive_horse", "treasure")


def pick_card_of(
    engine: "Engine", chooser: int, target: int, reason: str, zones: tuple[str, ...] = ("hand", "equip", "judge"), own: tuple[str, ...] = ()
) -> "Generator[Request, Choice, tuple[int, str] | None]":
    """``chooser`` picks one card in ``target``'s zones: (card, zone), or None if there is none.

    Hand cards are face down: the choice is ``option="hand"`` and the engine
    draws which one with the seed, so no hidden card number is offered.
    ``own`` adds face-up zones of the character's own (``Ruleset.zones``).
    """
    from ..requests import Choice, Request

    p = engine.state.chars[target]
    options: list[Choice] = []
    if "hand" in zones and p.hand:
        options.append(Choice(option="hand"))
    if "equip" in zones:
        options.extend(Choice(cards=(p.equip[slot],)) for slot in EQUIP_ORDER if slot in p.equip)
    if "judge" in zones:
        options.extend(Choice(cards=(c,)) for c in p.judge)
    for zone in own:
        options.extend(Choice(cards=(c,)) for c in p.zones.get(zone, ()))
    if not options:
        return None
    choice = yield from engine.ask(Request(chooser, "pick_card", prompt=f"{reason}:{target}", choices=tuple(options)))
    if choice.option == "hand":
        return engine.hidden_hand_card(target), "hand"
    card = choice.cards[0]
    if card in p.judge:
        return card, "judge"
    return card, next((z for z in own if card in p.zones.get(z, ())), "equip")


def take_card_of(engine: "Engine", taker: int, target: int, reason: str, zones: tuple[str, ...] = ("hand", "equip", "judge"), own: tuple[str, ...] = ()) -> "Generator[Request, Choice, int | None]":
    """``taker`` picks one of ``target``'s cards and takes it into its hand (顺手牵羊,
    反馈): the card, or None.  A hand card is seen by the two of them only."""
    got = yield from pick_card_of(engine, taker, target, reason, zones, own)
    if got is None:
        return None
    card, zone = got
    vis = (taker, target) if zone == "hand" else None
    engine.move((card,), zone, "hand", src_seat=target, dst_seat=taker, reason=reason, vis=vis)
    return card


def discard_card_of(engine: "Engine", chooser: int, target: int, reason: str, zones: tuple[str, ...] = ("hand", "equip", "judge"), own: tuple[str, ...] = ()) -> "Generator[Request, Choice, int | None]":
    """``chooser`` picks one of ``target``'s cards and discards it (过河拆桥): the card, or None."""
    got = yield from pick_card_of(engine, chooser, target, reason, zones, own)
    if got is None:
        return None
    card, zone = got
    engine.move((card,), zone, "discard", src_seat=target, reason=reason)
    return card
