"""A demonstration ruleset, used only by tests: how a mode plugs into the engine.

``demo`` is identity with three changes, each through the seam alone
(nothing in ``core/engine.py`` names it):

- every character has a second general, *concealed* (seen by its own seat
  only); its skills are latent: using one reveals it first, and a seat may
  reveal it at the start of its turn (a decision of the mode's own start
  phase);
- a dying character is saved only by its own side (``savers``);
- when a character dies, every living teammate is told (``Mourned``, an event
  of this mode: folded into its seat's points, decoded from records, narrated);
- revealing the concealed general at the start of one's turn gives 1 max hp
  (``MaxHpChanged``), and a killer of its own teammate is turned face down
  (``TurnedOver``: it skips its next turn).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.modes import RULESETS, register
from sanguozhi.core.modes.identity import Identity
from sanguozhi.core.requests import PASS_CHOICE, Choice, Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.state import State


class Mourned(ev.Event, tag="demo_mourned"):
    """The living teammates of a dead character mourn it (each gains a point)."""

    seat: int  # the dead character
    mourners: tuple[int, ...]


def _mourned(s: State, e: Mourned) -> None:
    for m in e.mourners:
        s.seats[m].points += 1


def _start(engine: Any, seat: int) -> Generator:
    """The start phase: a seat may reveal its concealed general."""
    p = engine.state.chars[seat]
    hidden = [i for i, sl in enumerate(p.slots) if sl.vis is not None]
    if not hidden:
        return
    go = yield from engine.ask(Request(seat, "reveal", prompt="reveal", choices=(Choice(option="reveal"), PASS_CHOICE)))
    if not go.is_pass:
        slot = hidden[0]
        engine.emit(ev.GeneralRevealed(seat=seat, slot=slot, general=p.slots[slot].general))
        yield from engine.change_max_hp(seat, 1)


class Demo(Identity):
    id = "demo"
    display_names = {**Identity.display_names, "reveal": ("明置", "reveal")}
    title_zh = "演示"
    title_en = "Demonstration"
    seed = "tests only"
    events = (Mourned,)
    handlers = {Mourned: _mourned}
    phase_flows = {"start": _start}

    def check(self, players: int, options: dict) -> dict:
        return super().check(players, {"generals": "random", **options})

    def setup(self, engine: Any) -> Generator:
        yield from super().setup(engine)
        st = engine.state
        main = {p.general for p in st.chars}
        rest = sorted(g for g in st.content.generals if g not in main and st.content.generals[g].pack == "standard")
        Draws(st.seed, "demo_deputies", 0).shuffle(rest)
        for seat in range(st.n):
            p = st.chars[seat]
            engine.emit(ev.GeneralChosen(seat=seat, general=rest[seat], max_hp=p.max_hp, hp=p.hp, slot=1, vis=(seat,)))

    def latent(self, state: State, c: int) -> frozenset[str]:
        p = state.chars[c]
        out: set[str] = set()
        for sl in p.slots:
            if sl.vis is not None:
                out.update(state.content.general(sl.general).skills)
        return frozenset(out)

    def savers(self, state: State, dying: int) -> list[int]:
        side = self.side(state, state.chars[dying].owner)
        return [c for c in super().savers(state, dying) if self.side(state, state.chars[c].owner) == side]

    def after_death(self, engine: Any, c: int, killer: int) -> Generator:
        st = engine.state
        side = self.side(st, st.chars[c].owner)
        mourners = tuple(p.seat for p in st.chars if p.alive and self.side(st, p.owner) == side)
        if mourners:
            engine.emit(Mourned(seat=c, mourners=mourners))
        if killer >= 0 and killer != c and st.chars[killer].alive and self.side(st, st.chars[killer].owner) == side:
            engine.emit(ev.TurnedOver(seat=killer, on=True))
        yield from super().after_death(engine, c, killer)

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        if isinstance(event, Mourned):
            who = ", ".join(narrator.seat(m) for m in event.mourners)
            return f"{who}哀悼{narrator.seat(event.seat)}" if narrator.zh else f"{who} mourn {narrator.seat(event.seat)}"
        return None


if Demo.id not in RULESETS:
    register(Demo())

__all__ = ["Demo", "Mourned"]
