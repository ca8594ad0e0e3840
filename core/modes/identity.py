"""Identity mode (身份局): lord, loyalists, rebels, renegades.

Role sets: seed 002 for 4-7 players, seed 004 for 5 and 8; 9 and 10 follow
the standard game.  Win conditions follow seeds 000 and 004.  Where the seeds
disagree the choice is an option naming the seed each value follows.

Choosing generals: the lord is offered ``lord_candidates`` (5) generals —
by the standard rule (``lord_offer=standard``) the lords of the pool (曹操,
刘备, 孙权) and two more at random, by seed 004 (``lord_offer=seed004``) five
at random — chooses one and shows it; then every other seat is dealt
``candidates`` (3), no general twice, and all choose at the same time — the
choices are decisions, revealed together once everyone has chosen.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Literal

import msgspec

from .. import events as ev
from ..content import Content
from ..deck import STANDARD, deck_numbers
from ..generals import pool
from ..requests import Choice, Request
from ..rng import Draws
from .base import ModeError, Ruleset, register

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

# (lord, loyalist, rebel, renegade) by player count.
ROLE_COUNTS: dict[int, tuple[int, int, int, int]] = {
    4: (1, 1, 1, 1),  # seed 002
    5: (1, 1, 2, 1),  # seeds 002 and 004
    6: (1, 1, 3, 1),  # seed 002 (or 1-1-2-2, option six_roles)
    7: (1, 2, 3, 1),  # seed 002
    8: (1, 2, 4, 1),  # seed 004
    9: (1, 3, 4, 1),
    10: (1, 3, 4, 2),
}


class IdentityOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # "full": all 160 cards of the standard + 军争 deck; "basic": only
    # 杀/闪/桃/酒 (and their variants).
    deck: Literal["basic", "full"] = "full"
    # Fire/thunder damage passed along iron chains: "seed000" (seed 000 term
    # 27: increases and reductions met along the way carry on to the next
    # character) or "standard" (each takes the original amount).
    chain_carry: Literal["seed000", "standard"] = "seed000"
    # A lord who kills a loyalist discards: "hand_and_equip" (seed 004, the
    # standard rule) or "hand" (seed 000).
    lord_kills_loyalist: Literal["hand_and_equip", "hand"] = "hand_and_equip"
    # Six players: 1 lord 1 loyalist 3 rebels 1 renegade, or 1-1-2-2 (seed 002).
    six_roles: Literal["1-1-3-1", "1-1-2-2"] = "1-1-3-1"
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300
    # How characters get their generals: "choose" (seed 004, see the module
    # doc), "random" (one each, dealt by the seed, no decision) or "vanilla"
    # (every seat plays ``general``; the skill-less stand-in by default).
    generals: Literal["choose", "random", "vanilla"] = "random"
    lord_candidates: int = 5
    # Which generals the lord chooses from (generals=choose): "standard" (the
    # standard rule: every lord of the pool — 曹操, 刘备, 孙权 — and the rest of
    # lord_candidates at random; the ones not taken go back to the others) or
    # "seed004" (lord_candidates at random; the ones not taken are set aside).
    lord_offer: Literal["standard", "seed004"] = "standard"
    candidates: int = 3
    # The general every seat plays with generals=vanilla.
    general: str = "vanilla"


def roles_for(players: int, six_roles: str = "1-1-3-1") -> tuple[str, ...]:
    lord, loyal, rebel, renegade = ROLE_COUNTS[players]
    if players == 6 and six_roles == "1-1-2-2":
        rebel, renegade = 2, 2
    return ("lord",) * lord + ("loyalist",) * loyal + ("rebel",) * rebel + ("renegade",) * renegade


def deck_cards(kind: str, content: Content) -> tuple[int, ...]:
    """The deck option's cards; () for the full deck (recorded as "all")."""
    if kind == "basic":
        return tuple(c.number for c in STANDARD if c.kind.type == "basic")
    missing = sorted({c.name for c in STANDARD} - set(content.rules))
    if missing:
        raise ModeError(f"deck 'full' needs rules not built yet: {', '.join(missing)} (use deck=basic)")
    return ()


class Identity(Ruleset):
    id = "identity"
    title_zh = "身份局"
    title_en = "Identity"
    seed = "000, 002, 004"
    players = range(4, 11)
    Options = IdentityOptions
    # A person picks a general from the candidates dealt (seed 004); bot
    # games default to generals dealt at random.
    person_options = {"generals": "choose"}
    # Seed 004: "抽選身份的同時玩家自己與主公的位置也已隨機決定": a person's seat (and so its
    # role, and where it sits from the lord) is dealt at random.
    random_seat = True
    # The one reward of identity: its words say what it is for.
    display_names = {"reward": ("击杀反贼的奖励", "reward for killing a rebel")}

    def check(self, players: int, options: dict) -> dict:
        opts = super().check(players, options)
        if opts["max_turns"] < 1:
            raise ModeError(f"max_turns must be at least 1, not {opts['max_turns']}")
        content = self.content(opts)
        deck_cards(opts["deck"], content)
        if opts["general"] not in content.generals:
            raise ModeError(f"unknown general {opts['general']!r}")
        check_generals(players, opts, content, asked=options, ids=self.general_pool(content, opts))
        return opts

    def deck(self, options: dict) -> tuple[int, ...]:
        return deck_cards(options["deck"], self.content(options))

    def general_pool(self, content: Content, options: dict) -> tuple[str, ...]:
        """The generals dealt or offered: the standard edition's (a variant may add its own)."""
        return pool(content.generals)

    def setup(self, engine: "Engine") -> Generator:
        st = engine.state
        opts = st.options
        roles = list(roles_for(st.n, opts.get("six_roles", "1-1-3-1")))
        others = roles[1:]
        Draws(st.seed, "roles", 0).shuffle(others)
        engine.emit(ev.RolesDealt(roles=("lord", *others)))
        engine.emit(ev.RoleShown(seat=0, role="lord"))
        # A record from before general choice has no "generals" option: everyone plays ``general``.
        how = opts.get("generals", "vanilla")
        if how == "choose":
            yield from choose_generals(engine)
        else:
            if how == "random":
                ids = list(self.general_pool(st.content, opts))
                Draws(st.seed, "generals", 0).shuffle(ids)
            else:
                ids = [opts.get("general", "vanilla")] * st.n
            for seat in range(st.n):
                chosen(engine, seat, ids[seat])
        yield from shuffle_and_deal(engine)

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        chars, seats = state.chars, state.seats
        if not chars[0].alive:
            alive = [p.seat for p in chars if p.alive]
            if len(alive) == 1 and seats[alive[0]].role == "renegade":
                return (alive[0],), "renegade"
            return tuple(s.seat for s in seats if s.role == "rebel"), "rebels"
        if not any(p.alive and seats[p.seat].role in ("rebel", "renegade") for p in chars):
            return tuple(s.seat for s in seats if s.role in ("lord", "loyalist")), "lord"
        return None

    def side(self, state: "State", seat: int) -> str:
        role = state.seats[seat].role
        return "lord" if role == "loyalist" else role

    def after_death(self, engine: "Engine", seat: int, killer: int) -> Generator:
        st = engine.state
        if killer < 0 or not st.chars[killer].alive:
            return
        role = st.seats[seat].role
        if role == "rebel":
            yield from engine.draw(killer, 3, reason="reward")
        elif role == "loyalist" and st.seats[killer].role == "lord":
            zones = ("hand",) if st.options.get("lord_kills_loyalist") == "hand" else ("hand", "equip")
            engine.discard_all(killer, reason="penalty", zones=zones)


def lords_of(content: Content, ids: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The generals of the pool (``ids``; by default the standard edition's) printed
    with a lord skill (standard edition: 曹操, 刘备, 孙权)."""
    return tuple(g for g in (pool(content.generals) if ids is None else ids) if content.generals[g].lord_skills)


def check_generals(players: int, opts: dict, content: Content, asked: dict, ids: tuple[str, ...] | None = None) -> None:
    """The ``generals`` options fit the pool (``ids``; by default the standard edition's)
    and the player count (``asked``: the options as given, before defaults).  A mode
    without a lord's offer (``lord_offer``) deals its lord candidates at random."""
    if ids is None:
        ids = pool(content.generals)
    size = len(ids)
    if opts["generals"] == "choose":
        least = len(lords_of(content, ids)) if opts.get("lord_offer") == "standard" else 1
        if not least <= opts["lord_candidates"] <= size:
            why = f" (lord_offer=standard offers the {least} lords and more)" if least > 1 else ""
            raise ModeError(f"lord_candidates must be {least}-{size}{why}, not {opts['lord_candidates']}")
        # Asked for, candidates must be dealt in full; by default a table too
        # large for 3 each gets fewer (10 players: 2 each, the standard rule).
        most = (size - 1) // (players - 1)
        if not 1 <= opts["candidates"] <= (most if "candidates" in asked else opts["candidates"]):
            raise ModeError(f"candidates must be 1-{most} with {players} players ({size} generals, none twice), not {opts['candidates']}")
    else:
        # Only a choice of generals has a lord's offer; leaving it out keeps
        # the options (and so the game ids) of bot games as they were.
        opts.pop("lord_offer", None)
        if opts["generals"] == "random" and players > size:
            raise ModeError(f"{players} players need more than the {size} generals")


def shuffle_and_deal(engine: "Engine", cards: int = 4) -> Generator:
    """Shuffle the game's deck into the draw pile and deal ``cards`` to each, from seat 0."""
    st = engine.state
    order = list(deck_numbers(st.deck))
    Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
    engine.emit(ev.PileShuffled(order=tuple(order)))
    for seat in st.seats_from(0):
        yield from engine.draw(seat, cards, reason="deal")


def chosen(engine: "Engine", seat: int, gid: str, bonus: int | None = None) -> None:
    """Seat ``seat`` plays ``gid`` shown to everyone, with ``bonus`` more max hp
    (by default the lord has one more)."""
    g = engine.content.general(gid)
    if bonus is None:
        bonus = 1 if engine.state.seats[seat].role == "lord" else 0
    if bonus:
        bonus = engine.content.max_hp_bonus(gid, bonus)
    hp = g.max_hp + bonus
    engine.emit(ev.GeneralChosen(seat=seat, general=g.id, max_hp=hp, hp=hp))


def choose_generals(engine: "Engine") -> Generator:
    """Seed 004: the lord chooses from ``lord_candidates`` and shows it; then the
    others choose from ``candidates`` each, at the same time, no general twice.

    The lord's other candidates are set aside; if that leaves too few for
    everyone, they go back (shuffled) into what the others are dealt from, and
    if even that is too few each seat gets fewer (10 players: 2 each, as in the
    standard rules).
    """
    st = engine.state
    opts = st.options
    ids = list(st.rs.general_pool(st.content, opts))
    Draws(st.seed, "generals", 0).shuffle(ids)
    lk = opts.get("lord_candidates", 5)
    standard = opts.get("lord_offer", "seed004") == "standard"  # records from before the option: seed 004
    if standard:
        lords = lords_of(st.content, tuple(sorted(ids)))
        offered = (*lords, *[g for g in ids if g not in lords][: lk - len(lords)])
    else:
        offered = tuple(ids[:lk])
    engine.emit(ev.GeneralsOffered(seat=0, generals=offered, vis=(0,)))
    pick = yield from engine.ask(Request(0, "general", prompt="general:lord", choices=tuple(Choice(option=g) for g in offered)))
    lord = pick.option
    chosen(engine, 0, lord)
    others = st.n - 1
    k = opts.get("candidates", 3)
    rest = [g for g in ids if g not in offered]
    if standard:  # the lords and generals not taken go back, shuffled, to be dealt to the others
        rest = [g for g in ids if g != lord]
        Draws(st.seed, "generals", 1).shuffle(rest)
    if others * k > len(rest):
        rest = [g for g in ids if g != lord]
        Draws(st.seed, "generals", 1).shuffle(rest)
        k = min(k, len(rest) // others)
    dealt: dict[int, tuple[str, ...]] = {}
    for i, seat in enumerate(range(1, st.n)):
        dealt[seat] = tuple(rest[i * k : (i + 1) * k])
        engine.emit(ev.GeneralsOffered(seat=seat, generals=dealt[seat], vis=(seat,)))
    picks: dict[int, str] = {}
    for seat, cands in dealt.items():
        # Chosen at the same time: each pick is secret until all are shown.
        choice = yield from engine.ask(Request(seat, "general", prompt="general", choices=tuple(Choice(option=g) for g in cands), vis=(seat,), together=True))
        picks[seat] = choice.option
    for seat, gid in picks.items():  # shown together
        chosen(engine, seat, gid)


register(Identity())
