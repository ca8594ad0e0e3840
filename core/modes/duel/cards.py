"""The duel's own text for the standard cards it plays (seed 003), in the
``duel-cards`` pack that replaces the standard rules of these names in duel
games only.

- 杀 and 酒: each face-up general one a turn (a general's own count; 诸葛连弩
  and 咆哮 lift its 杀 limit); 酒's +1 goes to that general's next 杀.
- 无懈可击: each player is asked once, in turn from the current player; the
  answer names the general using it.  Against 南蛮入侵 and 万箭齐发 one 无懈可击
  cancels the whole card (seed 003 FAQ, 锦囊牌 2).
- 南蛮入侵 and 万箭齐发 target every enemy general, counter-clockwise round the
  ring from the user (FAQ 锦囊牌 1; that they spare the user's own generals is
  the project's reading: the seed does not say).
- Equipment: a general holds one equipment card; a new one replaces the old
  whatever its slot (注 c).  It is the general's, so it moves with it.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...cards.basic import Analeptic, Slash
from ...cards.nullification import Nullification
from ...cards.tricks import ArcheryAttack, Dismantlement, Duel, ExNihilo, MassTrick, SavageAssault, Snatch, Trick
from ...content import Pack
from ...deck import KINDS, NAMES, SLASH_NAMES
from ...requests import Choice, Request
from ...windows import Hook
from . import row
from .rules import count, enemies, turn_count

if TYPE_CHECKING:
    from ...engine import Engine, UseCtx

    Flow = Generator[Any, Any, Any]

DUEL_CARDS = Pack("duel-cards", "对决用牌", "Duel cards")


# -- 杀 and 酒: one a turn for each face-up general ---------------------------------------


class DuelSlash(Slash):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.text_zh = "出牌阶段，每名明置的武将限一次，对其攻击范围内的一名其他武将使用。目标武将需打出一张【闪】，否则受到1点伤害。面朝下的武将不能使用。"
        self.text_en = (
            "In the play phase each face-up general may use one, on another general in its attack range. "
            "The target must play a Dodge, or take 1 damage. A face-down general cannot use it."
        )

    def usable(self, engine: "Engine", seat: int) -> bool:
        st = engine.state
        return turn_count(st, seat, "slash") < engine.slash_limit(seat) + turn_count(st, seat, "extra_slash")

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st, c = engine.state, use.seat
        count(engine, c, "slash", turn_count(st, c, "slash") + 1)
        drunk = turn_count(st, c, "drunk")
        if drunk:
            use.bonus = drunk
            count(engine, c, "drunk", 0)
        yield from super().effect(engine, use)


class DuelAnaleptic(Analeptic):
    text_zh = "出牌阶段，每名武将限一次，其使用的下一张【杀】伤害+1；或当一名武将处于濒死状态时，对其使用，其回复1点体力（移去1枚伤害标记）。"
    text_en = "In the play phase, once for each general: its next Slash this turn deals +1 damage; or, while it is dying, it recovers 1 hp (one damage token comes off)."

    def usable(self, engine: "Engine", seat: int) -> bool:
        return turn_count(engine.state, seat, "analeptic") < 1

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st, c = engine.state, use.seat
        if st.chars[c].hp <= 0:
            yield from engine.recover(c, 1, src=c)
            return
        count(engine, c, "analeptic", turn_count(st, c, "analeptic") + 1)
        count(engine, c, "drunk", turn_count(st, c, "drunk") + 1)


for _name in sorted(SLASH_NAMES):
    DUEL_CARDS.card(DuelSlash(_name))
DUEL_CARDS.card(DuelAnaleptic())


# -- 无懈可击: asked of each player once; one cancels a whole 南蛮入侵 / 万箭齐发 --------------------


def nullify_options(engine: "Engine", seat: int) -> list[Choice]:
    """``seat``'s ways to use a 无懈可击, each naming the general using it (``targets``)."""
    st = engine.state
    card = next((c for c in st.seats[seat].hand if NAMES[c] == "nullification"), None)
    forms = [f for f in engine.forms if f.use and f.name == "nullification"]
    out: list[Choice] = []
    for g in row.generals(st, seat):
        if card is not None:
            out.append(Choice(cards=(card,), targets=(g,)))
        if forms:
            out.extend(Choice(option=f.option, targets=(g,)) for f in forms if f.available(st, g))
    return out


def duel_nullified(engine: "Engine", trick: str, user: int, target: int, depth: int = 0) -> Generator[Request, Choice, bool]:
    """Is ``trick`` (or the 无懈可击 at ``depth``) cancelled?  Each player is asked
    once, the current one first; ``target`` is whom it affects (for a whole
    南蛮入侵: its first target), for the prompt ``{trick}:{user}:{target}:{depth}``."""
    st = engine.state
    first = st.chars[st.current].owner if st.current >= 0 else 0
    prompt = f"{trick}:{user}:{target}:{depth}"
    for seat in (first, 1 - first):
        options = nullify_options(engine, seat)
        choice = yield from engine.ask_hidden(seat, "nullify", prompt, tuple(options))
        if choice.is_pass:
            continue
        use = yield from engine.use_choice(choice.targets[0], Choice(cards=choice.cards, option=choice.option), extra={"against": (trick, user, target, depth)})
        return bool(use is not None and use.extra.get("effective"))
    return False


class DuelNullification(Nullification):
    text_zh = "当一张锦囊牌对一名武将生效前，对此牌使用，抵消其对该武将产生的效果；对【南蛮入侵】或【万箭齐发】使用，抵消整张牌。每名玩家依次被询问一次。"
    text_en = (
        "When a trick would take effect on a general, cancel its effect on that general; against Savage Assault "
        "or Archery Attack one cancels the whole card. Each player is asked once, in turn."
    )

    def asked(self, engine: "Engine", trick: str, user: int, target: int, depth: int) -> Generator[Request, Choice, bool]:
        return duel_nullified(engine, trick, user, target, depth)


DUEL_CARDS.card(DuelNullification())


class DuelAsked(Trick):
    """A trick whose 无懈可击 question is the duel's (each player once)."""

    def nullified(self, engine: "Engine", use: "UseCtx", target: int) -> Generator[Request, Choice, bool]:
        return duel_nullified(engine, use.name, use.seat, target)


class DuelMass(DuelAsked, MassTrick):
    """南蛮入侵 / 万箭齐发: every enemy general, counter-clockwise from the user; one 无懈可击 for all."""

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        foes = tuple(t for t in row.from_next(st, seat) if enemies(st, seat, t))
        return [foes] if foes else []

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st = engine.state
        live = [t for t in use.targets if t not in use.cancelled and st.chars[t].alive]
        if not live:
            return
        if (yield from self.nullified(engine, use, live[0])):
            use.cancelled.update(use.targets)
            return
        for target in use.targets:
            if target not in use.cancelled and st.chars[target].alive:
                yield from self.on_target(engine, use, target)


def _duel_text(base: type) -> dict[str, str]:
    """A standard trick's text about generals, with the duel's 无懈可击 question."""
    return {
        "text_zh": base.text_zh.replace("角色", "武将") + "（每名玩家依次被询问一次【无懈可击】。）",
        "text_en": base.text_en.replace("character", "general") + " (Each player is asked once in turn for a Nullification.)",
    }


DUEL_CARDS.card(type("DuelSavageAssault", (DuelMass, SavageAssault), {"text_zh": "出牌阶段，对所有敌方武将使用（自你起逆时针依次结算）。每名目标武将需打出一张【杀】，否则受到1点伤害。一张【无懈可击】即可抵消整张牌。", "text_en": "In the play phase, use on every enemy general (counter-clockwise from you). Each must play a Slash, or take 1 damage. One Nullification cancels the whole card."})())
DUEL_CARDS.card(type("DuelArcheryAttack", (DuelMass, ArcheryAttack), {"text_zh": "出牌阶段，对所有敌方武将使用（自你起逆时针依次结算）。每名目标武将需打出一张【闪】，否则受到1点伤害。一张【无懈可击】即可抵消整张牌。", "text_en": "In the play phase, use on every enemy general (counter-clockwise from you). Each must play a Dodge, or take 1 damage. One Nullification cancels the whole card."})())
for _cls in (Dismantlement, Snatch, Duel, ExNihilo):
    DUEL_CARDS.card(type(f"Duel{_cls.__name__}", (DuelAsked, _cls), _duel_text(_cls))())


# -- equipment: one card a general ---------------------------------------------------------


def _only_one(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    st = engine.state
    old = [c for slot, c in st.chars[seat].equip.items() if slot != KINDS[use.name].subtype]
    if old:
        engine.move(tuple(old), "equip", "discard", src_seat=seat, reason="replace")
    return
    yield  # pragma: no cover


def _other_slot(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    kind = KINDS[use.name]
    return use.seat == seat and kind.type == "equip" and any(slot != kind.subtype for slot in engine.state.chars[seat].equip)


DUEL_CARDS.hook(
    Hook("card_using", "duel:one_equipment", _only_one, lambda st, seat: True, can=_other_slot, silent=True, owners=lambda use: (use.seat,)),
    owner="duel:one_equipment",
)
