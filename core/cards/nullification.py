"""无懈可击: cancels a trick's effect on one target; itself open to 无懈可击.

Every living seat is asked in turn order from the current player.  A
nullification played is a card use whose effect is to ask again, one level
deeper: it takes effect unless another one cancels it, to any depth.  The
request prompt is ``{trick}:{user}:{target}:{depth}`` — the trick at the
bottom of the chain, who used it (-1 for a delayed trick), whom it affects,
and how many nullifications are already on it (even depth: the trick
currently takes effect).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..requests import Choice, Request
from .base import NAMES, CardRule, played_not_used, register

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from .base import Flow

# Card names that answer a trick the way 无懈可击 does (a pack printing a variant,
# such as hegemony's 无懈可击·国, adds its name and gives it a Nullification rule).
COUNTERS: set[str] = {"nullification"}


def nullified(engine: "Engine", trick: str, user: int, target: int, depth: int = 0) -> Generator[Request, Choice, bool]:
    """Is the effect of ``trick`` (or of the nullification at ``depth``) on ``target`` cancelled?"""
    st = engine.state
    prompt = f"{trick}:{user}:{target}:{depth}"
    for seat in st.turn_order():
        options = [Choice(cards=(c,)) for c in st.chars[seat].hand if NAMES[c] in COUNTERS]
        for form in engine.forms:
            if form.use and form.name == "nullification" and form.available(st, seat):
                options.append(Choice(option=form.option))
        choice = yield from engine.ask_hidden(seat, "nullify", prompt, tuple(options))
        if choice.is_pass:
            continue
        played = played_not_used(st, seat, user if depth == 0 else -1)  # seed 000: out of turn, played
        use = yield from engine.use_choice(seat, choice, extra={"against": (trick, user, target, depth)}, played=played)
        return bool(use is not None and use.extra.get("effective"))
    return False


class Nullification(CardRule):
    name = "nullification"
    text_zh = "当一张锦囊牌对一名角色生效前，对此牌使用，抵消其对该角色产生的效果（可以对【无懈可击】使用）。"
    text_en = "When a trick would take effect on a character, cancel its effect on that character. May be used against another Nullification."

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False  # only ever used in answer to a trick

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        against: Any = use.extra.get("against")
        if against is None:
            use.extra["effective"] = False
            return
        trick, user, target, depth = against
        countered = yield from self.asked(engine, trick, user, target, depth + 1)
        use.extra["effective"] = not countered

    def asked(self, engine: "Engine", trick: str, user: int, target: int, depth: int) -> Generator[Request, Choice, bool]:
        """Is this 无懈可击 itself cancelled?  (A mode may ask its own way: duel.)"""
        return nullified(engine, trick, user, target, depth)


register(Nullification())
