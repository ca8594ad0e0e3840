"""谋攻 (plot) cards of hegemony-six (seed 000, 国战 rule 7), the project's stand-ins
(``data/plots.tsv``).

- They lie in the pile at random places (shuffled in with the deck).
- Whoever draws one shows it and puts it beside its generals (the ``plot``
  zone): it never reaches the hand (``hand_divert``; nor when a hand would
  take it from the open zones: 五谷丰登's cards, the discard pile).
- Characters of the holder's side may carry out its effect: each plot is a
  skill every character has (``six_`` + effect), usable once per turn in the
  play phase while a living character of the same known side (or itself)
  holds that plot.  A character whose side is not shown yet shares with no one.
- A character who draws one while its side already holds one chooses: recast
  the new one (重铸: discard it, draw a card) or replace an old one (the old
  one is discarded).
- A dead holder's plots are discarded with its other cards.
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ...cards.base import CardRule
from ...content import Pack
from ...deck import NAMES, Kind, add_cards, add_kind
from ...requests import Choice, Request
from ...skills.base import SkillBook, announce
from ...skills.common import discard_own, hurt
from .data import PLOT_DATA, SixDataError
from .events import PlotDrawn
from .sides import same_side

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

Flow = Generator[Any, Any, Any]

ZONE = "plot"
FIRST, LAST = 610, 699  # seed 000's modes print at 600-699; 600 is the jade seal
PLOTS = Pack("hegemony-six-plots", "谋攻", "Plots")
BOOK = SkillBook(PLOTS)


class PlotRule(CardRule):
    """A 谋攻 card: never used from a hand (it never reaches one); its effect is a skill."""

    def __init__(self, name: str, text_zh: str, text_en: str) -> None:
        self.name, self.text_zh, self.text_en = name, text_zh, text_en

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False


# -- the effects: (may ``c`` carry it out now?, the flow) --------------------------------------


def _stockpile(engine: "Engine", c: int, sid: str) -> Flow:
    yield from engine.draw(c, 1, reason=sid)
    hand = tuple(engine.state.chars[c].hand)
    if hand:
        paid = yield from engine.ask(Request(c, "discard", prompt=sid, cards=hand, min=1, max=1))
        discard_own(engine, c, paid.cards, sid)


def _relief(engine: "Engine", c: int, sid: str) -> Flow:
    paid = yield from engine.ask(Request(c, "discard", prompt=sid, cards=tuple(engine.state.chars[c].hand), min=2, max=2))
    discard_own(engine, c, paid.cards, sid)
    yield from engine.recover(c, 1, src=c)


def _harass_targets(state: "State", c: int) -> list[int]:
    return [o for o in state.seats_from(c) if o != c and state.chars[o].alive and state.chars[o].hand]


def _harass(engine: "Engine", c: int, sid: str) -> Flow:
    st = engine.state
    pick = yield from engine.ask(Request(c, "six_target", prompt=f"{sid}:target", choices=tuple(Choice(targets=(o,)) for o in _harass_targets(st, c))))
    target = pick.targets[0]
    paid = yield from engine.ask(Request(c, "discard", prompt=sid, cards=tuple(st.chars[c].hand), min=1, max=1))
    discard_own(engine, c, paid.cards, sid)
    if st.chars[target].alive and st.chars[target].hand:
        lost = yield from engine.ask(Request(target, "discard", prompt=f"{sid}:lose", cards=tuple(st.chars[target].hand), min=1, max=1))
        discard_own(engine, target, lost.cards, sid)


EFFECTS: dict[str, tuple[Callable[["State", int], bool], Callable[["Engine", int, str], Flow]]] = {
    "stockpile": (lambda st, c: True, _stockpile),
    "relief": (lambda st, c: hurt(st, c) and len(st.chars[c].hand) >= 2, _relief),
    "harass": (lambda st, c: bool(st.chars[c].hand) and bool(_harass_targets(st, c)), _harass),
}

# -- printing the cards and their skills ---------------------------------------------------------

KIND_OF_SKILL: dict[str, str] = {}  # skill id -> plot card kind
_printed: list[tuple[str, str, int, str]] = []
for _row in PLOT_DATA:
    if _row.effect not in EFFECTS:
        raise SixDataError(f"plots.tsv: {_row.id}'s effect {_row.effect!r} has no rule (effects: {', '.join(EFFECTS)})")
    add_kind(Kind(_row.id, _row.name_zh, "plot", en=_row.name_en))
    PLOTS.card(PlotRule(_row.id, _row.text_zh, _row.text_en))
    _printed += [(_row.id, "", 0, "hegemony-six")] * _row.copies
    _sid = f"six_{_row.effect}"
    KIND_OF_SKILL[_sid] = _row.id
    BOOK.define(_sid, f"谋攻·{_row.name_zh}", f"Plot: {_row.name_en}", "active", "（谋攻，与持有者同势力的角色均可执行）" + _row.text_zh, "(A plot: every character of its holder's side may carry it out.) " + _row.text_en)
if FIRST + len(_printed) - 1 > LAST:
    raise SixDataError(f"plots.tsv: {len(_printed)} cards do not fit the card numbers {FIRST}-{LAST}")
PLOT_CARDS: tuple[int, ...] = add_cards(FIRST, _printed)
PLOT_KINDS = frozenset(row.id for row in PLOT_DATA)
SKILLS = frozenset(KIND_OF_SKILL)


def _holding(state: "State", c: int, o: int, kind: str) -> bool:
    """Does living character ``o`` of ``c``'s known side hold a plot (of ``kind``)?"""
    p = state.chars[o]
    plots = p.zones.get(ZONE)
    return bool(plots) and p.alive and (not kind or kind in [NAMES[x] for x in plots]) and same_side(state, c, o)


# Both look at the plot zones before anything else: they are mostly empty, and a play
# request asks each plot skill whether its plot is held.
def held(state: "State", c: int, kind: str) -> bool:
    """``bool(holders(state, c, kind))`` without building the turn order."""
    for p in state.chars:
        if p.zones.get(ZONE) and _holding(state, c, p.seat, kind):  # the zone first, without a call
            return True
    return False


def holders(state: "State", c: int, kind: str = "") -> list[int]:
    """The living characters of ``c``'s known side (``c`` itself first) holding a plot (of ``kind``)."""
    chars = state.chars
    out = []
    for o in state.seats_from(c):
        if chars[o].zones.get(ZONE) and _holding(state, c, o, kind):
            out.append(o)
    return out


def side_plots(state: "State", c: int) -> list[int]:
    """The plot cards ``c``'s known side holds."""
    return [x for o in holders(state, c) for x in state.chars[o].zones.get(ZONE, ())]


def _plot_skill(sid: str, kind: str, can: Callable[["State", int], bool], run: Callable[["Engine", int, str], Flow]) -> None:
    def available(engine: "Engine", c: int) -> bool:
        st = engine.state
        return held(st, c, kind) and can(st, c)

    def go(engine: "Engine", c: int) -> Flow:
        announce(engine, c, sid, (holders(engine.state, c, kind)[0],))
        yield from run(engine, c, sid)

    BOOK.action(sid, available, go, per_turn=1)


for _sid, _kind in KIND_OF_SKILL.items():
    _plot_skill(_sid, _kind, *EFFECTS[_sid.removeprefix("six_")])


# -- drawing one -------------------------------------------------------------------------------


def _drawn(engine: "Engine", cards: tuple[int, ...], src: str, src_seat: int, seat: int, reason: str) -> tuple[int, ...]:
    # Drawn, or taken from the open zones (五谷丰登's cards, the discard pile): it goes beside the generals.
    if src not in ("pile", "processing", "discard") or not any(NAMES[x] in PLOT_KINDS for x in cards):
        return cards
    for x in cards:
        if NAMES[x] in PLOT_KINDS:
            engine.move((x,), src, ZONE, dst_seat=seat, reason="plot")
            engine.emit(PlotDrawn(seat=seat, card=x))  # named once it lies face up
            engine.later(lambda x=x: choose(engine, seat, x))
    return tuple(x for x in cards if NAMES[x] not in PLOT_KINDS)


PLOTS.mod("hand_divert", _drawn, owner=PLOT_DATA[0].id)  # a card kind's: in every game of the mode


def choose(engine: "Engine", c: int, card: int) -> Flow:
    """A side that already held a plot: recast the new one, or replace an old one."""
    st = engine.state
    if not st.chars[c].alive or card not in st.chars[c].zones.get(ZONE, ()):
        return
    olds = [x for x in side_plots(st, c) if x != card]
    if not olds:
        return
    options = (Choice(cards=(card,), option="recast"), *(Choice(cards=(x,), option="replace") for x in olds))
    pick = yield from engine.ask(Request(c, "plot", prompt="plot", choices=options))
    if pick.option == "recast":
        engine.move((card,), ZONE, "discard", src_seat=c, reason="recast")
        yield from engine.draw(c, 1, reason="recast")
        return
    old = pick.cards[0]
    at = next(p.seat for p in st.chars if old in p.zones.get(ZONE, ()))
    engine.move((old,), ZONE, "discard", src_seat=at, reason="plot_replaced")


def discard_plots(engine: "Engine", c: int) -> None:
    cards = tuple(engine.state.chars[c].zones.get(ZONE, ()))
    if cards:
        engine.move(cards, ZONE, "discard", src_seat=c, reason="death")
