"""Nature damage through iron chains (铁索连环).

When a chained character takes attribute damage (属性伤害: fire and thunder,
and any nature a pack adds with ``core.natures.add_nature``, seed 000's water,
term 27) it is unchained, and
after that damage resolves, every other chained character in seat order from
the current player takes the same kind of damage from the same source (each
is unchained as it is damaged; passed-on damage passes nothing further).

How much passes is the mode option ``chain_carry``:

- ``seed000`` (seed 000, glossary term 27, the default): "属性伤害传导过程中
  受到的加减会被继续传导" — whatever raised or lowered the damage along the
  way carries on: each character takes what the previous one finally took
  (藤甲 +1, 白银狮子 down to 1, 古锭刀 +1 all carry).
- ``standard``: every chained character takes the original amount (the
  card's damage, 酒 included, before any timing window changed it); each
  then applies its own armour.

Every mode with iron chains names the rule it plays (identity, jade-seal and
hegemony-six: seed 000's; hegemony and 天地人, whose seeds are silent: the
standard one).  A record without the option played seed 000's.

Weapon effects (古锭刀, 寒冰剑, 麒麟弓) act only on their 杀's own damage,
never on passed-on damage; armour acts on every link.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..natures import is_attribute
from .base import STANDARD_CARDS

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine
    from .base import Flow


def _unchain(engine: "Engine", ctx: "DamageCtx") -> None:
    if ctx.nature != "normal" and engine.state.chars[ctx.dst].chained and is_attribute(ctx.nature):
        engine.emit(ev.ChainToggled(seat=ctx.dst, on=False))
        ctx.was_chained = True


def _pass_on(engine: "Engine", ctx: "DamageCtx") -> "Flow":
    if not ctx.was_chained or ctx.chained:
        return
    st = engine.state
    carry = st.options.get("chain_carry", "seed000") != "standard"
    amount = ctx.n if carry else ctx.base
    for seat in st.seats_from(st.current if st.current >= 0 else ctx.dst):
        p = st.chars[seat]
        if seat == ctx.dst or not p.chained or not p.alive:
            continue
        dealt = yield from engine.damage(ctx.src, seat, amount, ctx.nature, ctx.card, ctx.cards, chained=True)
        if carry and dealt:
            amount = dealt


STANDARD_CARDS.mod("damage_applied", _unchain, owner="iron_chain")
STANDARD_CARDS.mod("after_damage", _pass_on, owner="iron_chain")
