"""天地人 (seed 002): identity where only the lord is known and the others earn theirs.

Set-up (seed 002 ①-④): the lord is seat 0 and shows its role; nobody else
is dealt one.  Every seat is dealt three generals; the lord shows one (with
option ``lord_deputy``, 6 players with three rebels, it also takes a 副手:
both generals' skills, hp as in hegemony (the two hp added, halved, rounded
down) plus the lord's 1); every other seat keeps two stacked face down and,
once all have, turns the top one face up: the other stays concealed (seen by
its own seat).  Hp comes from the face-up general, the lord's +1.  Starting
hands by seat from the lord: 4, 3, 3, 4, 4, 5, 5.

Play (⑤): revealing the concealed general earns an identity (``identity``);
the identity brings its identity skill and the revealed general, removed from
play, its kingdom's force skill (``skills``); 勾玉 are the seats' points.

The end (⑥): as identity.  The lord and the loyalists win once every living
non-lord has earned the loyalist identity, or (sgz-rules/2) as soon as every
rebel and the renegade are dead: only 忠 cards are left in the row, so a
survivor still without an identity can only be a loyalist, and wins with them
(records of sgz-rules/1 waited for its reveal).  When the lord dies, every living character still without an
identity reveals, in turn order from the current player, and only then is
the winner judged: the rebels, or a renegade left alone.  Rewards: a rebel's
killer gains 3 勾玉 (the standard three cards, paid as 勾玉), plus the
identity skills; a lord who kills a loyalist discards its hand and
equipment (standard).  The game's points are the 勾玉 each seat holds.

终局: ``endgame``.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.generals import pool
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws

from ..base import ModeError, Ruleset
from . import events as tev
from .endgame import TIANDIREN_CARDS, deaths_needed
from .identity import earn, gain, lord_char, row_left, unearned
from .skills import FORCE_SKILLS, IDENTITY_SKILLS, TIANDIREN_SKILLS

if TYPE_CHECKING:
    from sanguozhi.core.engine import Engine
    from sanguozhi.core.state import State

    Flow = Generator[Any, Any, Any]

# Seed 002 ④: starting hands by seat, from the lord (一号位) on.
START_HANDS = (4, 3, 3, 4, 4, 5, 5)
CANDIDATES = 3  # generals dealt to every seat (seed 002 ②)


class TianDiRenOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # Six players: 1 lord 1 loyalist 3 rebels 1 renegade, or 1-1-2-2 (seed 002).
    six_roles: Literal["1-1-3-1", "1-1-2-2"] = "1-1-3-1"
    # Seed 002's variant for six players with three rebels: the lord also takes a 副手.
    lord_deputy: bool = False
    # "choose": every seat is dealt three and chooses (the lord one, shown; the
    # others a face-up and a concealed one, in secret); "random": the same deal,
    # taken in the order dealt, no decision; "vanilla": every general is ``general``.
    generals: Literal["choose", "random", "vanilla"] = "random"
    general: str = "vanilla"
    # The force skills: the project's stand-in texts, or none (seed 002 leaves them out).
    force_skills: Literal["stand-in", "none"] = "stand-in"
    # Attribute damage along iron chains: "standard" (seed 002 plays the standard
    # game's rule: each chained character takes the original amount) or "seed000"
    # (seed 000 term 27: what raised or lowered it carries on; what records from
    # before the option played).
    chain_carry: Literal["standard", "seed000"] = "standard"
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300


class TianDiRen(Ruleset):
    id = "tiandiren"
    policy = __package__ + ".policy"
    title_zh = "天地人"
    title_en = "Heaven, Earth and Man"
    seed = "002"
    players = range(4, 8)
    Options = TianDiRenOptions
    events = tev.EVENTS
    handlers = tev.HANDLERS
    # An earned identity may decide the game (the last living non-lord turning loyalist).
    outcome_events = frozenset({ev.Died, ev.RoleShown})
    # The 终局 board turns over at the death or the reshuffle that completes its condition.
    reacts_to = frozenset({ev.Died, ev.PileShuffled})
    person_options = {"generals": "choose"}
    random_seat = True  # seed 002 ①: "主公仍旧随机选出" — so a person's seat is dealt at random
    display_names = {"points": ("勾玉", "gouyu")}  # the seats' points are 勾玉

    # -- options and content ------------------------------------------------------------

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check(players, options)
        content = self.content(opts)
        if opts["general"] not in content.generals:
            raise ModeError(f"unknown general {opts['general']!r}")
        if opts["lord_deputy"] and (players != 6 or opts["six_roles"] != "1-1-3-1"):
            raise ModeError("lord_deputy is seed 002's variant for 6 players with three rebels (six_roles=1-1-3-1)")
        size = len(pool(content.generals))
        if opts["generals"] != "vanilla" and players * CANDIDATES > size:
            raise ModeError(f"{players} players need {players * CANDIDATES} generals, there are {size}")
        return opts

    def packs(self, options: dict[str, Any]) -> tuple:
        return (*super().packs(options), TIANDIREN_CARDS, TIANDIREN_SKILLS)

    # -- set-up ----------------------------------------------------------------------------

    def setup(self, engine: "Engine") -> "Flow":
        st = engine.state
        engine.emit(ev.RoleShown(seat=0, role="lord"))
        yield from self._generals(engine)
        order = list(deck_numbers(st.deck))
        Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
        engine.emit(ev.PileShuffled(order=tuple(order)))
        for seat in st.seats_from(0):
            yield from engine.draw(seat, START_HANDS[seat], reason="deal")

    def _generals(self, engine: "Engine") -> "Flow":
        st = engine.state
        opts = st.options
        n = st.n
        deputy = opts["lord_deputy"]
        if opts["generals"] == "vanilla":
            g = opts["general"]
            picks = {s: (g, g) for s in range(n)}
        else:
            ids = list(pool(st.content.generals))
            Draws(st.seed, "generals", 0).shuffle(ids)
            dealt = {s: tuple(ids[s * CANDIDATES : (s + 1) * CANDIDATES]) for s in range(n)}
            if opts["generals"] == "choose":
                yield from self._choose(engine, dealt, deputy)
                return
            picks = {s: dealt[s][:2] for s in range(n)}
        lord, second = picks[0]
        self._lord(engine, lord, second if deputy else "")
        self._stacked(engine, picks)

    def _choose(self, engine: "Engine", dealt: dict[int, tuple[str, ...]], deputy: bool) -> "Flow":
        """Seed 002 ②: all are dealt three at once; the lord shows one (and, as a
        variant, a 副手); then the others each keep two, one on the other, in secret."""
        for seat, cands in dealt.items():
            engine.emit(ev.GeneralsOffered(seat=seat, generals=cands, vis=(seat,)))
        lord = yield from self._pick(engine, 0, dealt[0], "general:lord")
        second = ""
        if deputy:
            second = yield from self._pick(engine, 0, tuple(g for g in dealt[0] if g != lord), "general:deputy")
        self._lord(engine, lord, second)  # shown before the others choose
        picks = {}
        for seat in range(1, engine.state.n):
            top = yield from self._pick(engine, seat, dealt[seat], "general:top", secret=True)
            under = yield from self._pick(engine, seat, tuple(g for g in dealt[seat] if g != top), "general:concealed", secret=True)
            picks[seat] = (top, under)
        self._stacked(engine, picks)

    @staticmethod
    def _stacked(engine: "Engine", picks: dict[int, tuple[str, str]]) -> None:
        """The non-lords' stacks: the top generals turned face up together, the others concealed."""
        for s in range(1, engine.state.n):
            main, hidden = picks[s]
            g = engine.content.general(main)
            engine.emit(ev.GeneralChosen(seat=s, general=main, max_hp=g.max_hp, hp=g.max_hp))
            engine.emit(ev.GeneralChosen(seat=s, general=hidden, max_hp=g.max_hp, hp=g.max_hp, slot=1, vis=(s,)))

    @staticmethod
    def _pick(engine: "Engine", seat: int, cands: tuple[str, ...], prompt: str, secret: bool = False) -> Generator[Any, Any, str]:
        req = Request(seat, "general", prompt=prompt, choices=tuple(Choice(option=g) for g in cands), vis=(seat,) if secret else None, together=secret)
        choice = yield from engine.ask(req)
        return choice.option

    @staticmethod
    def _lord(engine: "Engine", gid: str, deputy: str) -> None:
        g = engine.content.general(gid)
        hp = g.max_hp + 1
        if deputy:  # hegemony's count: the two printed hp added and halved, then the lord's 1
            hp = (g.max_hp + engine.content.general(deputy).max_hp) // 2 + 1
        engine.emit(ev.GeneralChosen(seat=0, general=gid, max_hp=hp, hp=hp))
        if deputy:
            engine.emit(ev.GeneralChosen(seat=0, general=deputy, max_hp=hp, hp=hp, slot=1))

    # -- what a character has ---------------------------------------------------------------

    def refresh(self, state: "State", c: int) -> None:
        p = state.chars[c]
        content = state.content
        role = state.seats[p.owner].role
        slots = p.slots
        main = content.general(slots[0].general) if slots and slots[0].vis is None else None
        p.kingdom = main.kingdom if main else ""
        p.gender = main.gender if main else ""
        skills: set[str] = {"duihuan"}
        force = ""
        if main is not None:
            skills.update(main.skills)
            if role == "lord":
                skills.update(main.lord_skills)
                force = main.kingdom
        if len(slots) > 1:
            other = slots[1]
            if other.vis is not None:
                if not role:
                    skills.add("liangjiang")
            elif role == "lord":  # a 副手: its skills, not its kingdom or gender
                deputy = content.general(other.general)
                skills.update(deputy.skills)
                skills.update(deputy.lord_skills)
            else:  # revealed, removed from play: only its kingdom's force skill
                force = content.general(other.general).kingdom
        if role:
            skills.add(IDENTITY_SKILLS[role])
        if force in FORCE_SKILLS and state.options.get("force_skills") == "stand-in":
            skills.add(FORCE_SKILLS[force])
        p.skills = frozenset(skills)
        p.latent = frozenset()
        state.epoch += 1

    # -- sides -----------------------------------------------------------------------------

    def side(self, state: "State", seat: int) -> str:
        role = state.seats[seat].role
        return "lord" if role == "loyalist" else role or "none"

    def known_side(self, state: "State", viewer: int | None, seat: int) -> str | None:
        # Every identity is earned face up, so everyone knows it, and nobody knows
        # the side of a seat without one (not even that seat: it has none yet).
        return self.side(state, seat) if state.seats[seat].role else None

    # -- the end ----------------------------------------------------------------------------

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        chars, seats = state.chars, state.seats
        lord = lord_char(state)
        living = [p.seat for p in chars if p.alive and p.seat != lord]
        if not chars[lord].alive:
            if any(unearned(state, c) for c in living):
                return None  # the survivors reveal first (after_death)
            if len(living) == 1 and seats[chars[living[0]].owner].role == "renegade":
                return (chars[living[0]].owner,), "renegade"
            return tuple(s.seat for s in seats if s.role == "rebel"), "rebels"
        if all(seats[chars[c].owner].role == "loyalist" for c in living):
            return tuple(s.seat for s in seats if s.role in ("lord", "loyalist")), "lord"
        if ev.rules_level(state.rules) >= 2 and all(seats[chars[c].owner].role in ("loyalist", "") for c in living) and set(row_left(state)) <= {"loyalist"}:
            # Seed 002 ⑥ "同原版身份规则": every rebel and the renegade are dead, so the
            # lord's side has won, though a survivor has not revealed: only 忠 is left
            # in the row for it, and it wins with them.
            return tuple(s.seat for s in seats if s.role in ("lord", "loyalist") or (not s.role and chars[s.seat].alive)), "lord"
        return None

    def after_death(self, engine: "Engine", c: int, killer: int) -> "Flow":
        st = engine.state
        role = st.seats[st.chars[c].owner].role
        if role == "lord":
            # Seed 002 ⑤ ⑴ 3: in turn order from the current player, every one still
            # without an identity reveals; the last identity taken decides the game.
            for s in st.seats_from(st.current if st.current >= 0 else c):
                if unearned(st, s):
                    yield from earn(engine, s)
            return
        if killer < 0 or not st.chars[killer].alive:
            return
        by = st.seats[st.chars[killer].owner].role
        if role == "rebel":
            gain(engine, killer, 3, "kill")
            if by != "rebel":
                engine.emit(ev.Triggered(seat=c, source="chubao_anliang", targets=(killer,), w="death"))
                gain(engine, killer, 2, "chubao_anliang")
        elif role == "loyalist" and by == "lord":
            engine.discard_all(killer, reason="penalty", zones=("hand", "equip"))
        if by == "loyalist" and role in ("rebel", "renegade") and "quanquan_shengyi" in st.chars[killer].skills:
            engine.emit(ev.Triggered(seat=killer, source="quanquan_shengyi", targets=(c,), w="death"))
            gain(engine, killer, 1, "quanquan_shengyi")

    def react(self, engine: "Engine", event: ev.Event) -> None:
        """The 终局 board turns over at the event that completes its condition."""
        st = engine.state
        dead = sum(1 for p in st.chars if not p.alive)
        need = deaths_needed(st.n)
        if type(event) is ev.Died:
            now = dead == need and st.shuffles >= 2
        else:
            now = event.reshuffle and st.shuffles == 2 and dead >= need  # type: ignore[attr-defined]
        if now:
            engine.emit(tev.EndgameStarted(deaths=dead))

    def finish(self, engine: "Engine", winners: tuple[int, ...], reason: str) -> None:
        """Every concealed general is shown at the end (an identity is earned only by
        the reveals of the rules), then the game ends with each seat's 勾玉 as points."""
        st = engine.state
        for c in st.turn_order():
            for i, sl in enumerate(st.chars[c].slots):
                if sl.vis is not None:
                    engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=sl.general))
        super().finish(engine, winners, reason)

    # -- prose -------------------------------------------------------------------------------

    def narrate(self, n: Any, event: ev.Event) -> str | None:
        if isinstance(event, tev.GouyuChanged):
            who = n.seat(event.seat)
            if event.n < 0:
                return f"{who}兑换{-event.n}枚勾玉" if n.zh else f"{who} cashes in {-event.n} gouyu"
            why = event.reason
            if why == "reveal":
                because = f"第{event.n}名亮将" if n.zh else f"the {_nth(event.n)} to earn an identity"
            elif why == "kill":
                because = "击杀反贼" if n.zh else "killing a rebel"
            else:
                because = n.name(why)
            return f"{who}获得{event.n}枚勾玉（{because}）" if n.zh else f"{who} gains {event.n} gouyu ({because})"
        if isinstance(event, tev.EndgameStarted):
            if n.zh:
                return f"终局：牌堆已重洗且已有{event.deaths}名角色阵亡，终局牌按终局文字结算"
            return f"The endgame begins: the pile has been reshuffled and {event.deaths} have died; the endgame cards now follow their endgame texts"
        return None


def _nth(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"
