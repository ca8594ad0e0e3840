"""The weapons: attack range (``Kind.range``) and each one's effect.

Effects attach to timing windows (``core.windows``) or modifier points; the
ones that turn cards into a 杀 are forms (``core.windows.Form``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..deck import SLASH_NAMES
from ..requests import PASS_CHOICE, Choice, Request
from ..windows import Form, Hook
from .base import NAMES, STANDARD_CARDS, add_form, attach, has_cards, opposite_gender, pick_card_of, register
from .equipment import EquipRule, wields

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine, UseCtx
    from ..state import State
    from .base import Flow
    from .basic import Dodged

TEXTS: dict[str, tuple[str, str]] = {
    "crossbow": (
        "锁定技，你使用【杀】无次数限制。",
        "Compulsory: you may use any number of Slashes.",
    ),
    "qinggang_sword": (
        "锁定技，当你使用【杀】指定目标后，无视其防具。",
        "Compulsory: the targets of your Slash have no armour against it.",
    ),
    "double_sword": (
        "当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：弃置一张手牌；或令你摸一张牌。",
        "After your Slash targets a character of the other gender, you may make it choose: discard a hand card, or let you draw one.",
    ),
    "ice_sword": (
        "当你使用【杀】对目标角色造成伤害时，若其有牌，你可以防止此伤害，然后依次弃置其两张牌。",
        "When your Slash would damage a character with cards, you may prevent the damage and discard two of its cards, one after the other.",
    ),
    "guding_blade": (
        "锁定技，当你使用【杀】对目标角色造成伤害时，若其没有手牌，此伤害+1。",
        "Compulsory: when your Slash damages a character without hand cards, the damage is +1.",
    ),
    "axe": (
        "当你使用的【杀】被【闪】抵消后，你可以弃置两张牌（贯石斧除外），则此【杀】依然造成伤害。",
        "After your Slash is cancelled by a Dodge, you may discard two cards (not the axe) to make it deal its damage anyway.",
    ),
    "blade": (
        "当你使用的【杀】被【闪】抵消后，你可以对相同的目标再使用一张【杀】。",
        "After your Slash is cancelled by a Dodge, you may use another Slash on the same target.",
    ),
    "spear": (
        "你可以将两张手牌当【杀】使用或打出。",
        "You may use or play any two hand cards as a Slash.",
    ),
    "halberd": (
        "当你使用的【杀】是你最后的手牌时，你可以为此【杀】额外指定至多两名目标。",
        "When the Slash you use is your last hand card, it may take up to two more targets.",
    ),
    "fan": (
        "你可以将一张普通【杀】当火【杀】使用。",
        "You may use a plain Slash as a Fire Slash.",
    ),
    "kylin_bow": (
        "当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。",
        "When your Slash damages a character, you may discard a horse from its equipment.",
    ),
}

for _name, (_zh, _en) in TEXTS.items():
    register(EquipRule(_name, _zh, _en))


def _slash_damage(ctx: "DamageCtx", seat: int) -> bool:
    """``seat``'s 杀 is dealing this damage directly (not passed on by a chain)."""
    use = ctx.use
    return ctx.src == seat and use is not None and use.name in SLASH_NAMES and not ctx.chained


def _own_slash(use: Any, seat: int) -> bool:
    return use.seat == seat and use.name in SLASH_NAMES


def _user(use: "UseCtx") -> tuple[int]:
    return (use.seat,)


def _source(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.src,)


def _dodged_user(ctx: "Dodged") -> tuple[int]:
    return (ctx.use.seat,)


# -- 诸葛连弩 ---------------------------------------------------------------------------

_crossbow = wields("crossbow")
STANDARD_CARDS.mod("slash_limit", lambda state, seat, limit: 1 << 30 if _crossbow(state, seat) else limit, owner="crossbow")


# -- 青釭剑 -----------------------------------------------------------------------------


def _qinggang(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    players = engine.state.chars
    use.ignore_armor.update(t for t in use.targets if "armor" in players[t].equip)
    return
    yield  # pragma: no cover


attach(
    Hook(
        "target_specified",
        "qinggang_sword",
        _qinggang,
        wields("qinggang_sword"),
        can=lambda e, seat, use: _own_slash(use, seat) and any("armor" in e.state.chars[t].equip for t in use.targets),
        owners=_user,
    )
)


# -- 雌雄双股剑 -------------------------------------------------------------------------


def _double_sword(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    st = engine.state
    for t in use.targets:
        if t in use.cancelled or not st.chars[t].alive or not opposite_gender(st, seat, t):
            continue
        go = yield from engine.ask(Request(seat, "trigger", prompt="target_specified:double_sword", choices=(Choice(option="double_sword", targets=(t,)), PASS_CHOICE)))
        if go.is_pass:
            continue
        engine.emit(ev.Triggered(seat=seat, source="double_sword", targets=(t,), w="target_specified"))
        hand = st.chars[t].hand
        if hand:
            pick = yield from engine.ask(Request(t, "option", prompt=f"double_sword:{seat}", choices=(Choice(option="discard"), Choice(option="draw"))))
            if pick.option == "discard":
                which = yield from engine.ask(Request(t, "discard", prompt="double_sword", cards=tuple(hand), min=1, max=1))
                engine.move(which.cards, "hand", "discard", src_seat=t, reason="double_sword")
                continue
        yield from engine.draw(seat, 1, reason="double_sword")


attach(
    Hook(
        "target_specified",
        "double_sword",
        _double_sword,
        wields("double_sword"),
        can=lambda e, seat, use: _own_slash(use, seat) and any(opposite_gender(e.state, seat, t) for t in use.targets),
        owners=_user,
        silent=True,
    )
)


# -- 寒冰剑 -----------------------------------------------------------------------------


def _ice_sword(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.prevented = True
    for _ in range(2):
        if not has_cards(engine.state, ctx.dst):
            break
        got = yield from pick_card_of(engine, seat, ctx.dst, "ice_sword")
        if got is None:
            break
        card, zone = got
        engine.move((card,), zone, "discard", src_seat=ctx.dst, reason="ice_sword")


attach(
    Hook(
        "damage_caused",
        "ice_sword",
        _ice_sword,
        wields("ice_sword"),
        can=lambda e, seat, ctx: _slash_damage(ctx, seat) and has_cards(e.state, ctx.dst),
        owners=_source,
        optional=True,
        target=lambda e, seat, ctx: ctx.dst,
    )
)


# -- 古锭刀 -----------------------------------------------------------------------------


def _guding(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.n += 1
    return
    yield  # pragma: no cover


attach(
    Hook(
        "damage_caused",
        "guding_blade",
        _guding,
        wields("guding_blade"),
        can=lambda e, seat, ctx: _slash_damage(ctx, seat) and not e.state.chars[ctx.dst].hand,
        owners=_source,
        target=lambda e, seat, ctx: ctx.dst,
    )
)


# -- 贯石斧 -----------------------------------------------------------------------------


def _axe_cost(state: "State", seat: int) -> tuple[int, ...]:
    p = state.chars[seat]
    return tuple(p.hand) + tuple(c for c in p.equip.values() if NAMES[c] != "axe")


def _axe(engine: "Engine", seat: int, ctx: "Dodged") -> "Flow":
    st = engine.state
    pick = yield from engine.ask(Request(seat, "discard", prompt="axe", cards=_axe_cost(st, seat), min=2, max=2))
    p = st.chars[seat]
    from_hand = tuple(c for c in pick.cards if c in p.hand)
    from_equip = tuple(c for c in pick.cards if c not in from_hand)
    if from_hand:
        engine.move(from_hand, "hand", "discard", src_seat=seat, reason="axe")
    if from_equip:
        engine.move(from_equip, "equip", "discard", src_seat=seat, reason="axe")
    ctx.hit = True


attach(
    Hook(
        "card_responded",
        "axe",
        _axe,
        wields("axe"),
        can=lambda e, seat, ctx: _own_slash(ctx.use, seat) and e.state.chars[ctx.target].alive and len(_axe_cost(e.state, seat)) >= 2,
        owners=_dodged_user,
        optional=True,
        target=lambda e, seat, ctx: ctx.target,
    )
)


# -- 青龙偃月刀 -------------------------------------------------------------------------


def _blade(engine: "Engine", seat: int, ctx: "Dodged") -> "Flow":
    yield from engine.ask_use_slash(seat, (ctx.target,), prompt=f"blade:{ctx.target}", source="blade")


attach(
    Hook(
        "card_responded",
        "blade",
        _blade,
        wields("blade"),
        can=lambda e, seat, ctx: _own_slash(ctx.use, seat) and e.state.chars[ctx.target].alive,
        owners=_dodged_user,
        silent=True,
    )
)


# -- 丈八蛇矛 ---------------------------------------------------------------------------

_spear = wields("spear")


def _spear_pick(engine: "Engine", seat: int) -> "Flow":
    hand = tuple(engine.state.chars[seat].hand)
    pick = yield from engine.ask(Request(seat, "convert", prompt="spear", cards=hand, min=2, max=2))
    return pick.cards


add_form(Form("spear", "slash", lambda st, seat: _spear(st, seat) and len(st.chars[seat].hand) >= 2, _spear_pick))


# -- 方天画戟 ---------------------------------------------------------------------------

_halberd = wields("halberd")


def _halberd_extra(state: "State", seat: int, card: int | tuple[int, ...] | None) -> int:
    """"当你使用的【杀】是你最后的手牌时": the 杀's cards are the whole hand — one hand card,
    or the cards a skill made it of (武圣 from the last red card); not the halberd itself."""
    if card is None:
        return 0
    cards = card if isinstance(card, tuple) else (card,)
    hand = state.chars[seat].hand
    return 2 if len(cards) == len(hand) and set(cards) == set(hand) and _halberd(state, seat) else 0


STANDARD_CARDS.mod("slash_extra_targets", _halberd_extra, owner="halberd")


# -- 朱雀羽扇 ---------------------------------------------------------------------------

_fan = wields("fan")


def _plain_slashes(state: "State", seat: int) -> tuple[int, ...]:
    return tuple(c for c in state.chars[seat].hand if NAMES[c] == "slash")


def _fan_pick(engine: "Engine", seat: int) -> "Flow":
    pick = yield from engine.ask(Request(seat, "convert", prompt="fan", cards=_plain_slashes(engine.state, seat), min=1, max=1, vis=engine.secret(seat)))
    return pick.cards


add_form(Form("fan", "fire_slash", lambda st, seat: _fan(st, seat) and bool(_plain_slashes(st, seat)), _fan_pick, play=False))


# -- 麒麟弓 -----------------------------------------------------------------------------

HORSES = ("defensive_horse", "offensive_horse")


def _kylin(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    eq = engine.state.chars[ctx.dst].equip
    horses = [eq[s] for s in HORSES if s in eq]
    if not horses:
        return
    card = horses[0]
    if len(horses) > 1:
        pick = yield from engine.ask(Request(seat, "pick_card", prompt=f"kylin_bow:{ctx.dst}", choices=tuple(Choice(cards=(c,)) for c in horses)))
        card = pick.cards[0]
    engine.move((card,), "equip", "discard", src_seat=ctx.dst, reason="kylin_bow")


attach(
    Hook(
        "damage_caused",
        "kylin_bow",
        _kylin,
        wields("kylin_bow"),
        can=lambda e, seat, ctx: _slash_damage(ctx, seat) and any(s in e.state.chars[ctx.dst].equip for s in HORSES),
        owners=_source,
        optional=True,
        target=lambda e, seat, ctx: ctx.dst,
    )
)
