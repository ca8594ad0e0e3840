"""Official hegemony (国战, seed 001) as a ruleset.

- **Set-up**: each player is dealt 7 generals (5 at 9-12 players) and chooses
  two of one kingdom, secretly: the main (slot 0) and the deputy (slot 1),
  both concealed.  Max hp is the whole yin-yang fish of the two (halves
  summed, rounded down).  A random first player; 4 cards each.
- **Concealed generals** give no skills, gender or kingdom; their skills are
  latent (using one reveals it first).  A character may also reveal at its
  start phase.  Kingdom and gender: one face-up general's; both: the main's.
- **Careerists**: a reveal that makes a kingdom number more than half the
  players makes that character (and every later one of that kingdom) a
  careerist, a kingdom of its own (``kingdoms``).
- **Death**: the dead reveals both generals (``on_death``), its cards are
  discarded, then the killer of a known kingdom draws as many cards as the
  dead one's kingdom has characters (the dead one included), or, having
  killed its own kingdom, discards its hand and equipment.
- **Outcome**: only once every living character's kingdom is known: the last
  kingdom standing wins (its dead too).  ``early_end`` takes the shortcut of
  other engines (the concealed generals decide as soon as no careerist is
  possible): off by default, since seed 001 waits for the reveals.
- **The first full reveal** pays a leftover half fish (draw 1) and
  companions (draw 2 or recover 1) at once (``reveal``).
- 叠置 (stacked) is a character turned face down (``TurnedOver``): its next
  turn is skipped; stacking a stacked character levels it.
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from itertools import permutations
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ... import events as ev
from ...cards import STANDARD_CARDS
from ...content import Pack
from ...deck import deck_numbers
from ...engine import Engine
from ...generals import pool
from ...requests import Choice, Request
from ...rng import Draws
from ..base import ModeError, Ruleset
from . import events as hev
from .cards import HEGEMONY_DECK, HG_CARDS
from .data import SKILLS_DATA
from .generals import HG_GENERALS, max_hp, skill_id
from .kingdoms import CAREERIST, becomes_careerist, same_kingdom, side_of
from .reveal import barred, reveal, start_reveal
from .scratch import scratch

if TYPE_CHECKING:
    from ...state import State

Flow = Generator[Any, Any, Any]

# Flows a skill runs for its own dead character right after the reveal on
# death (断肠, 不屈's scars): skill id -> (engine, dead, killer) -> flow.
ON_DEATH: dict[str, Callable[["Engine", int, int], Flow]] = {}
# Filters of who may save a dying character (完杀): (state, dying, saver) -> allowed.
SAVERS: list[Callable[["State", int, int], bool]] = []


def discard_phase(engine: "Engine", c: int) -> Flow:
    """The standard discard phase, noting the cards discarded in it (固政 may give them back)."""
    pile = engine.state.discard
    before = len(pile)
    yield from Engine.discard_phase(engine, c)
    scratch(engine)["discarded"] = (c, tuple(pile[before:]))


class HegemonyOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # "original" (2012 国战, seed 001's rules) or "revised" (君临天下 texts where
    # the reference lists one; refused while any of them is not built).
    edition: Literal["original", "revised"] = "original"
    # "hegemony": the 108-card hegemony deck; "standard": the 160 standard + 军争 cards.
    deck: Literal["hegemony", "standard"] = "hegemony"
    # Attribute damage along iron chains: "standard" (seed 001 is silent, so the
    # standard rule: each chained character takes the original amount) or
    # "seed000" (seed 000 term 27: what raised or lowered it carries on; what
    # records from before the option played).
    chain_carry: Literal["standard", "seed000"] = "standard"
    # Generals dealt to each player; 0: seed 001's 7 (5 at 9-12 players).
    candidates: int = 0
    # End as soon as the concealed generals show that one kingdom is left and no
    # careerist is possible (other engines' shortcut; seed 001 waits for reveals).
    early_end: bool = False
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300


def revised_missing() -> list[str]:
    """Revised-edition skills without a rule (the option is refused while any is missing)."""
    from ...skills.base import SKILLS

    wanted = sorted({s for s in SKILLS_DATA if SKILLS_DATA[s].edition == "rev"})
    return [s for s in wanted if skill_id(s.replace("rev.", "rev_")) not in SKILLS]


class Hegemony(Ruleset):
    id = "hegemony"
    policy = __package__ + ".policy"
    title_zh = "国战"
    title_en = "Hegemony"
    seed = "001"
    players = range(4, 13)
    Options = HegemonyOptions
    events = hev.EVENTS
    handlers = hev.HANDLERS
    outcome_events = frozenset({ev.Died, ev.GeneralRevealed})
    phase_flows = {"start": start_reveal, "discard": discard_phase}
    display_names = {
        "half_fish": ("阴阳鱼", "half fish"),
        "companions": ("珠联璧合", "companions"),
        CAREERIST: ("野心家", "careerist"),
        "wei": ("魏", "wei"),
        "shu": ("蜀", "shu"),
        "wu": ("吴", "wu"),
        "qun": ("群", "qun"),
        "generals": ("选将", "choose two generals"),
        "reveal": ("明置武将", "reveal generals"),
        "main": ("主将", "main general"),
        "deputy": ("副将", "deputy general"),
        "both": ("主将和副将", "both generals"),
        "pindian": ("拼点", "compare points"),
        "companions:draw": ("摸两张牌", "Draw two cards"),
        "companions:recover": ("回复1点体力", "Recover 1 hp"),
        "half_fish:draw": ("摸一张牌", "Draw a card"),
        "hg_qiangxi:hp": ("失去1点体力", "Lose 1 hp"),
        "heg_nullification:kingdom": ("对其势力的所有角色无效", "Void for all of its kingdom"),
        "heg_nullification:one": ("仅对该角色无效", "Void for that character only"),
        "rest": ("其余的牌", "the other cards"),
        "known_both:general:0": ("其暗置的主将", "its concealed main general"),
        "known_both:general:1": ("其暗置的副将", "its concealed deputy general"),
        "hg_guzheng:take": ("获得其余的牌", "Take the other cards"),
        "mark:hg.first": ("首个行动", "first player"),
        "mark:hg.full": ("武将牌已全部明置过", "both generals shown"),
        "mark:hg.lost0": ("主将技能失去", "main general's skills lost"),
        "mark:hg.lost1": ("副将技能失去", "deputy general's skills lost"),
        "mark:hg.extra": ("额外回合（{seat}放权）", "an extra turn (from {seat})"),
        "mark:hg.bar": ("其他角色不能明置武将牌", "others may not reveal"),
    }
    # 马术 咆哮 奇才 短兵 change a standing limit: a concealed general's use of one is offered
    # in its play request, revealing it (Engine.play_request).  完杀 and 红颜 are offered
    # at their moments by hooks (a dying in one's turn, a spade judgement).
    latent_modifiers = frozenset({"mashu", "paoxiao", "qicai", "hg_duanbing"})
    hp_in_halves = True  # a general's max_hp counts half yin-yang fish
    half_fish_reward = True  # a leftover half fish draws 1 at the first full reveal

    # -- options and content --------------------------------------------------

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check(players, options)
        if opts["edition"] == "revised":
            missing = revised_missing()
            if missing:
                raise ModeError(
                    f"edition=revised needs {len(missing)} revised skills not built yet "
                    f"({', '.join(m.removeprefix('rev.') for m in missing)}); see the documentation's 'Not built yet' (docs/not-built.md)"
                )
        k = self.candidates(players, opts)
        size = len(self.pool(opts))
        if k < 5:
            raise ModeError(f"candidates must be at least 5 (two of one kingdom among four kingdoms), not {k}")
        if players * k > size:
            raise ModeError(f"{players} players with {k} candidates each need {players * k} generals; there are {size}")
        return opts

    @staticmethod
    def candidates(players: int, opts: dict[str, Any]) -> int:
        return opts.get("candidates") or (5 if players >= 9 else 7)

    def pool(self, opts: dict[str, Any]) -> tuple[str, ...]:
        return pool(self.content(opts).generals, "hegemony")

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        return HEGEMONY_DECK if options.get("deck", "hegemony") == "hegemony" else ()

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        return (STANDARD_CARDS, HG_CARDS, HG_GENERALS)

    # -- the table ------------------------------------------------------------

    def refresh(self, state: "State", c: int) -> None:
        p = state.chars[c]
        gens = state.content.generals
        face = [gens[s.general] for s in p.slots if s.vis is None and s.general]
        if face and not p.kingdom:
            k = face[0].kingdom
            p.kingdom = CAREERIST if self.becomes_careerist(state, c, k) else k
        p.gender = face[0].gender if face else ""
        skills: set[str] = set()
        latent: set[str] = set()
        for i, s in enumerate(p.slots):
            if p.marks.get(f"hg.lost{i}") or not s.general:
                continue
            (skills if s.vis is None else latent).update(gens[s.general].skills)
        p.skills = frozenset(skills)
        p.latent = frozenset() if barred(state, c) else frozenset(latent - skills)
        state.epoch += 1

    def concealable(self, state: "State") -> frozenset[str]:
        """A concealed general could be any general of the pool."""
        gens = state.content.generals
        return frozenset(s for g in self.pool(state.options) for s in gens[g].skills)

    def may_conceal(self, state: "State", c: int) -> bool:
        p = state.chars[c]
        if not p.alive or barred(state, c):
            return False
        return any(s.vis is not None and s.general and not p.marks.get(f"hg.lost{i}") for i, s in enumerate(p.slots))

    def reveal_for_skill(self, engine: "Engine", c: int, skill: str) -> Flow:
        p = engine.state.chars[c]
        for i, s in enumerate(p.slots):
            if s.vis is not None and skill in engine.content.general(s.general).skills:
                yield from reveal(engine, c, (i,))
                return
        raise ModeError(f"character {c} has no concealed general with skill {skill!r}")

    # -- set-up and the turn plan -----------------------------------------------

    # What a variant of hegemony changes (hegemony-six): which pairs may be
    # chosen, a pair's max hp, who becomes a careerist, a character's side.
    def pairs(self, engine: "Engine", cands: tuple[str, ...]) -> tuple[Choice, ...]:
        return pairs(engine, cands)

    @staticmethod
    def pair_hp(main: str, deputy: str) -> int:
        return max_hp(main, deputy)

    @staticmethod
    def becomes_careerist(state: "State", c: int, kingdom: str) -> bool:
        return becomes_careerist(state, c, kingdom)

    @staticmethod
    def same_side(state: "State", a: int, b: int) -> bool:
        """Of one kingdom, for the death rewards (careerists are of none)."""
        return same_kingdom(state, a, b)

    @staticmethod
    def side_key(state: "State", p: Any) -> str:
        """A determined character's side: its kingdom, or itself if a careerist."""
        return side_of(p)

    def setup(self, engine: "Engine") -> Flow:
        st = engine.state
        k = self.candidates(st.n, st.options)
        ids = list(self.pool(st.options))
        Draws(st.seed, "generals", 0).shuffle(ids)
        dealt = {seat: tuple(ids[seat * k : (seat + 1) * k]) for seat in range(st.n)}
        for seat, cands in dealt.items():
            engine.emit(ev.GeneralsOffered(seat=seat, generals=cands, vis=(seat,)))
        picks: dict[int, tuple[str, str]] = {}
        for seat, cands in dealt.items():
            # Chosen at the same time: secret until the end of the game.
            choice = yield from engine.ask(Request(seat, "generals", prompt="generals", choices=self.pairs(engine, cands), vis=(seat,), together=True))
            main, deputy = choice.option.split("+")
            picks[seat] = (main, deputy)
        for seat, (main, deputy) in picks.items():
            hp = self.pair_hp(main, deputy)
            engine.emit(ev.GeneralChosen(seat=seat, general=main, max_hp=hp, hp=hp, slot=0, vis=(seat,)))
            engine.emit(ev.GeneralChosen(seat=seat, general=deputy, max_hp=hp, hp=hp, slot=1, vis=(seat,)))
        first = Draws(st.seed, "first", 0).below(st.n)
        engine.emit(hev.FirstPlayer(seat=first))
        order = list(deck_numbers(st.deck))
        Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
        engine.emit(ev.PileShuffled(order=tuple(order)))
        for seat in st.seats_from(first):
            yield from engine.draw(seat, 4, reason="deal")

    def next_turn(self, engine: "Engine") -> Generator[Any, Any, int]:
        """The next living character in turn order; an extra turn (放权) comes first."""
        st = engine.state
        if st.current < 0:
            return next((p.seat for p in st.chars if p.marks.get("hg.first")), 0)
        base = st.current
        had = st.chars[base].marks.get("hg.extra")
        if had:  # that was an extra turn: go on from the one who granted it
            engine.emit(hev.ExtraTurn(seat=base, by=had - 1, on=False))
            base = had - 1
        for p in st.chars:
            if p.marks.get("hg.extra"):
                if p.alive:
                    return p.seat
                engine.emit(hev.ExtraTurn(seat=p.seat, by=p.marks["hg.extra"] - 1, on=False))
        return st.next_alive(base)
        yield  # pragma: no cover

    # -- sides ------------------------------------------------------------------

    def side(self, state: "State", seat: int) -> str:
        """A character's kingdom (careerist: its own side); undetermined: its generals'."""
        p = state.chars[seat]
        if p.kingdom:
            return CAREERIST if p.kingdom == CAREERIST else p.kingdom
        return state.content.general(p.slots[0].general).kingdom if p.slots else ""

    def known_side(self, state: "State", viewer: int | None, seat: int) -> str | None:
        if viewer == seat or state.chars[seat].kingdom:
            return self.side(state, seat)
        return None

    # -- dying, death and the outcome -----------------------------------------

    def savers(self, state: "State", dying: int) -> list[int]:
        seats = super().savers(state, dying)
        return [s for s in seats if all(ok(state, dying, s) for ok in SAVERS)]

    def on_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        """The dead reveals its generals (seed 001: to show its kingdom); then what
        its own skills do at death (断肠)."""
        st = engine.state
        hidden = [i for i, s in enumerate(st.chars[c].slots) if s.vis is not None]
        yield from reveal(engine, c, hidden, rewards=False)
        if st.chars[c].marks.get("hg.bar"):
            engine.emit(hev.RevealsBarred(seat=c, on=False))
        for sid, flow in ON_DEATH.items():
            if sid in st.chars[c].skills and not st.ended:
                yield from flow(engine, c, killer)

    def after_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        """Seed 001's rewards and penalties."""
        st = engine.state
        if killer < 0 or killer == c or not st.chars[killer].alive or not st.chars[killer].kingdom:
            return  # an unrevealed killer gets nothing
        if self.same_side(st, killer, c):
            engine.discard_all(killer, reason="kin_penalty", zones=("hand", "equip"))
            return
        n = 1 + sum(1 for p in st.chars if p.alive and p.seat != c and self.same_side(st, p.seat, c))
        yield from engine.draw(killer, n, reason="reward")

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        chars = state.chars
        if any(not p.alive and not p.kingdom for p in chars):
            return None  # a death is being resolved: its reveal comes next
        alive = [p for p in chars if p.alive]
        if not alive:
            return (), "no_survivors"
        if any(not p.kingdom for p in alive):
            return self._early(state) if state.options.get("early_end") else None
        sides = {self.side_key(state, p) for p in alive}
        if len(sides) > 1:
            return None
        side = sides.pop()
        return tuple(p.seat for p in chars if self.side_key(state, p) == side), side.split(":")[0]

    def _early(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        """The shortcut: concealed characters counted by their generals' kingdom,
        when none of them could become a careerist."""
        alive = [p for p in state.chars if p.alive]
        known = {side_of(p) for p in alive if p.kingdom}
        hidden = {self.side(state, p.seat) for p in alive if not p.kingdom}
        if len(known | hidden) != 1 or len(hidden) != 1:
            return None
        k = hidden.pop()
        shown = sum(1 for p in state.chars if p.kingdom == k)
        could_be = sum(1 for p in alive if not p.kingdom)
        if (shown + could_be) * 2 > state.n:
            return None  # a careerist is still possible
        winners = tuple(p.seat for p in state.chars if p.kingdom == k or (p.alive and not p.kingdom))
        return winners, f"early:{k}"

    def finish(self, engine: "Engine", winners: tuple[int, ...], reason: str) -> None:
        """At the end every concealed general is shown."""
        for p in engine.state.chars:
            for i, s in enumerate(p.slots):
                if s.vis is not None:
                    engine.emit(hev.EndRevealed(seat=p.seat, slot=i, general=s.general))
        super().finish(engine, winners, reason)

    # -- prose ------------------------------------------------------------------

    def narrate(self, n: Any, e: ev.Event) -> str | None:
        return narrate(n, e)


def pairs(engine: "Engine", cands: tuple[str, ...]) -> tuple[Choice, ...]:
    """Every (main, deputy) of two candidates of one kingdom, as ``main+deputy``."""
    gens = engine.content.generals
    return tuple(Choice(option=f"{a}+{b}") for a, b in permutations(cands, 2) if gens[a].kingdom == gens[b].kingdom)


def narrate(n: Any, e: ev.Event) -> str | None:
    t = type(e)
    zh = n.zh
    if t is hev.FirstPlayer:
        return f"{n.seat(e.seat)}为起始玩家" if zh else f"{n.seat(e.seat)} plays first"
    if t is hev.FullyRevealed:
        return f"{n.seat(e.seat)}的两张武将牌均已明置" if zh else f"both of {n.seat(e.seat)}'s generals are face up"
    if t is hev.GeneralConcealed:
        g = n.name(e.general)
        return f"{n.seat(e.seat)}的{g}被暗置" if zh else f"{n.seat(e.seat)}'s {g} is turned face down"
    if t is hev.GeneralSeen:
        if not n.sees(e.vis):
            return f"{n.seat(e.by)}观看了{n.seat(e.seat)}的一张暗置武将牌" if zh else f"{n.seat(e.by)} looks at a concealed general of {n.seat(e.seat)}"
        g = n.name(e.general)
        return f"{n.seat(e.by)}观看了{n.seat(e.seat)}的暗置武将牌：{g}" if zh else f"{n.seat(e.by)} looks at {n.seat(e.seat)}'s concealed general: {g}"
    if t is hev.HandSeen:
        cards = n.cards(e.cards, e.vis)
        return f"{n.seat(e.by)}观看了{n.seat(e.seat)}的手牌：{cards}" if zh else f"{n.seat(e.by)} looks at {n.seat(e.seat)}'s hand: {cards}"
    if t is hev.EndRevealed:
        g = n.name(e.general)
        return f"{n.seat(e.seat)}亮出武将{g}" if zh else f"{n.seat(e.seat)} shows {g}"
    if t is hev.SkillsLost:
        which = ("主将", "副将")[e.slot] if zh else ("main", "deputy")[e.slot]
        return f"{n.seat(e.seat)}失去{which}的技能" if zh else f"{n.seat(e.seat)} loses the skills of its {which} general"
    if t is hev.ExtraTurn:
        if not e.on:
            return f"{n.seat(e.seat)}的额外回合结束" if zh else f"{n.seat(e.seat)}'s extra turn is over"
        return f"{n.seat(e.by)}令{n.seat(e.seat)}获得一个额外回合" if zh else f"{n.seat(e.by)} gives {n.seat(e.seat)} an extra turn"
    if t is hev.RevealsBarred:
        if e.on:
            return f"{n.seat(e.seat)}的回合内其他角色不能明置武将牌" if zh else f"during {n.seat(e.seat)}'s turn nobody else may reveal a general"
        return "其他角色又可以明置武将牌" if zh else "the others may reveal generals again"
    return None


__all__ = ["Hegemony", "HegemonyOptions", "ON_DEATH", "SAVERS"]
