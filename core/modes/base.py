"""What a mode is: a ruleset.

A ruleset is everything the engine asks a mode, so that each mode is its own
package that the engine never names:

- **options and content**: ``Options`` (a msgspec Struct, checked by
  ``check``), the deck (``deck``) and the content packs it installs
  (``packs``: cards, skills, generals; a later pack may give a card name its
  own text for this mode only);
- **its own events**: ``events`` (decoded with the core ones, so records
  holding them round-trip) and ``handlers`` (how they fold);
- **set-up and the turn plan**: ``setup``; ``next_turn`` (who acts next; a
  flow, so it may ask a decision), ``phases`` and ``draw_count``;
  ``phase_flows`` replaces a phase's flow;
- **the table**: ``table`` (seats and characters at the start), ``zones``
  (zones a character has beyond hand, equipment and judge), ``refresh``
  (a character's kingdom, gender and skills from its face-up slots: what it
  *has*; and ``latent``, what it may use by revealing a slot, with
  ``reveal_for_skill`` doing the reveal before the skill: a flow, so what a
  reveal sets off is resolved before the skill goes on);
- **sides**: ``side`` (a seat's team as a name) and ``known_side`` (what one
  seat knows of another's);
- **dying and death**: ``savers`` (who is asked to save, in order),
  ``hand_limit``, ``on_death`` (right after the death, before the death
  window: a reveal), ``after_death`` (rewards and penalties);
- **the outcome**: ``outcome`` is checked after every event of a type in
  ``outcome_events`` (not only deaths); ``finish`` is the end-of-game flow
  (reveals, scoring) that ends with the ``GameEnded`` event;
- **immediate rules**: ``react`` runs after every event of a type in
  ``reacts_to`` and may emit events (no decisions);
- **prose** for its own events (``narrate``), and for people at the table:
  ``choice_actor`` (which character a choice says is acting), ``table_order``
  (the order characters are shown in), ``hp_hidden`` (hp a seat may not
  know), ``general_info``/``card_info`` (what ``sgz generals``/``sgz cards``
  add for this mode, and which generals it deals from).

Defaults are standard Sanguosha.  A ruleset is one object per mode; the
per-game values live in the state (``state.options``) and the content is
built once per options (``content``).
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import msgspec

from .. import events as ev
from ..content import Content, Pack
from ..state import Character, Seat

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

Flow = Generator[Any, Any, Any]
Handler = Callable[["State", ev.Event], None]
PHASES = ("start", "judge", "draw", "play", "discard", "finish")


class ModeError(ValueError):
    """A mode, player count or option that cannot be played."""


class Ruleset:
    id: str = ""
    title_zh: str = ""
    title_en: str = ""
    seed: str = ""  # the rule text it follows
    players: range = range(0)
    playable: bool = True
    # The module that teaches the ``basic`` bot this mode's own decisions and
    # sides (``core.bots.basic.learn``: imported on the bot's first decision in
    # one of its games, never by the rules); "": the standard knowledge only.
    policy: str = ""
    Options: type[msgspec.Struct]
    # Its own event types and their folds.
    events: tuple[type[ev.Event], ...] = ()
    handlers: dict[type, Handler] = {}
    # Event types after which the outcome may have changed.
    outcome_events: frozenset[type] = frozenset({ev.Died})
    # Event types after which ``react`` runs (after the outcome check).
    reacts_to: frozenset[type] = frozenset()
    # Phase flows that differ from the standard ones: phase -> (engine, seat) -> flow.
    phase_flows: dict[str, Callable[["Engine", int], Flow]] = {}
    # Options a game with a person at the table defaults to (bots need none).
    person_options: dict[str, Any] = {}
    # Skills that change a standing limit (distance, the 杀 limit, targets): modifiers,
    # not hooks.  A concealed general holding one is offered in its play request the
    # uses only the skill allows, revealing the general on taking one (hegemony).
    latent_modifiers: frozenset[str] = frozenset()
    # A person is dealt a random seat unless it asks for one (``sgz play --seat``):
    # where the seats' roles are secret and the lord's place is random (identity).
    random_seat: bool = False
    # What this mode calls cards, skills or generals: id -> (zh, en) (Hero Kill's
    # names); "points" names the seats' points (天地人's 勾玉); "mark:KEY" names a
    # mark of its own on a character ("{v}": its value, "{seat}": the seat value - 1
    # names; "": not shown, the page shows it otherwise).
    display_names: dict[str, tuple[str, str]] = {}
    # Zones of a character's own beyond hand, equipment and judge (tripod's
    # general zone): zone id -> (zh, en) names.  Cards move there with
    # CardsMoved like anywhere else (the seat names the character); they lie
    # face up unless moved there with a ``vis``.
    zones: dict[str, tuple[str, str]] = {}
    # How a replay page lays the table out: "ring" (the characters round the
    # table), "duel" (two rows of generals, characters below ``players`` being
    # the players' own places) or "teams" (a row per side).
    table_layout: str = "ring"
    # The steps between two characters where the table is not a ring of seats (the duel's
    # ring of generals): (state, a, b) -> steps, before horses and modifiers; None: around
    # the table (``core.distance.seat_distance``).
    table_distance: Callable[["State", int, int], int] | None = None
    # With ``table_distance``: (state, a) -> the steps from ``a`` to every living character,
    # each what ``table_distance`` gives, at once (``core.distance.in_reach``); None: one by one.
    table_steps: Callable[["State", int], dict[int, int]] | None = None

    def __init__(self) -> None:
        self._content: dict[str, Content] = {}
        self._handlers: dict[type, Handler] | None = None

    # -- options and content --------------------------------------------------

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Validate a player count and options; return the options with defaults filled in."""
        if players not in self.players:
            raise ModeError(f"mode {self.id!r} takes {self.players.start}-{self.players.stop - 1} players, not {players}")
        try:
            opts = msgspec.convert(options, self.Options)
        except msgspec.ValidationError as exc:
            raise ModeError(f"mode {self.id!r}: {_option_error(str(exc), options)}; options: {self.options_text()}") from None
        return msgspec.structs.asdict(opts)

    def options_text(self) -> str:
        """Every option with the values it takes: ``deck: basic|full, …, max_turns: a number``."""
        info = msgspec.inspect.type_info(self.Options)
        parts = []
        for f in info.fields:  # type: ignore[attr-defined]
            t = f.type
            if isinstance(t, msgspec.inspect.LiteralType):
                values = "|".join(map(str, t.values))
            elif isinstance(t, msgspec.inspect.IntType):
                values = "a number"
            elif isinstance(t, msgspec.inspect.BoolType):
                values = "true|false"
            else:
                values = "a name"
            parts.append(f"{f.name}: {values}")
        return ", ".join(parts)

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        """The card numbers this game plays with; () means the 160 standard cards."""
        return ()

    def most_characters(self, players: int, options: dict[str, Any]) -> int:
        """The most characters a game can hold (an RL observation's fixed size): one a seat."""
        return players

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        """The content packs installed, in order (a later one may replace an earlier rule)."""
        from ..cards import STANDARD_CARDS
        from ..skills import STANDARD_GENERALS, VANILLA

        return (STANDARD_CARDS, STANDARD_GENERALS, VANILLA)

    def content(self, options: dict[str, Any]) -> Content:
        key = msgspec.json.encode(options, order="sorted").decode()
        got = self._content.get(key)
        if got is None:
            got = self._content[key] = Content(self.packs(options))
        return got

    def decoder(self) -> msgspec.json.Decoder:
        """Decodes this mode's records: the core events and its own."""
        return ev.decoder(self.events)

    def fold_handlers(self, core: dict[type, Handler]) -> dict[type, Handler]:
        if self._handlers is None:
            clash = set(core) & set(self.handlers)
            if clash:
                raise ModeError(f"mode {self.id!r} re-folds core events: {sorted(t.__name__ for t in clash)}")
            missing = [t.__name__ for t in self.events if t not in self.handlers]
            if missing:
                raise ModeError(f"mode {self.id!r}: events without a fold: {', '.join(missing)}")
            self._handlers = {**core, **self.handlers}
        return self._handlers

    # -- the table ------------------------------------------------------------

    def table(self, start: ev.GameStarted) -> tuple[list[Seat], list[Character]]:
        """The seats and characters at the start: one character per seat."""
        seats = [Seat(seat=s, hand=[]) for s in range(start.players)]
        return seats, [Character(seat=s, owner=s, hand=seats[s].hand) for s in range(start.players)]

    def refresh(self, state: "State", c: int) -> None:
        """Derive a character's kingdom, gender and skills from its face-up slots."""
        p = state.chars[c]
        face_up = [state.content.general(s.general) for s in p.slots if s.vis is None and s.general]
        main = face_up[0] if face_up else None
        p.kingdom = self.kingdom(state, c, face_up)
        p.gender = main.gender if main else ""
        skills: set[str] = set()
        for g in face_up:
            skills.update(g.skills)
            if state.seats[p.owner].role == "lord":
                skills.update(g.lord_skills)
        p.skills = frozenset(skills)
        p.latent = self.latent(state, c)
        state.epoch += 1

    def kingdom(self, state: "State", c: int, face_up: list[Any]) -> str:
        """A character's kingdom: its first face-up general's ("" while none is)."""
        return face_up[0].kingdom if face_up else ""

    def latent(self, state: "State", c: int) -> frozenset[str]:
        """Skills a character may use by revealing a concealed slot (none by default)."""
        return frozenset()

    def concealable(self, state: "State") -> frozenset[str]:
        """Every skill a concealed slot could lend in this game, as far as a seat
        that cannot see the slot knows (none by default: no concealed skills).
        Under fair rules a character that may hold a concealed skill is asked in
        secret at every window where one of these could act for it
        (``Engine.window``), so that being asked tells nothing."""
        return frozenset()

    def may_conceal(self, state: "State", c: int) -> bool:
        """Could character ``c`` hold a concealed skill now (public: a slot still concealed)?
        Read once per ``State.epoch`` (``Engine._concealing``): only what changes with a
        character's skills or a death may matter."""
        p = state.chars[c]
        return p.alive and any(sl.vis is not None for sl in p.slots)

    def reveal_for_skill(self, engine: "Engine", c: int, skill: str) -> Flow:
        """Reveal the concealed slot whose general has ``skill`` before it is used
        (a flow: a mode may resolve what the reveal sets off first)."""
        p = engine.state.chars[c]
        for i, s in enumerate(p.slots):
            if s.vis is not None and skill in engine.content.general(s.general).skills:
                engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=s.general))
                return
        raise ModeError(f"character {c} has no concealed general with skill {skill!r}")
        yield  # pragma: no cover

    def redeal_generals(self, state: "State", seat: int, draws: Any) -> tuple[tuple[int, int, str], ...]:
        """Concealed slots ``seat`` cannot see, dealt again (analysis rollouts):
        ``(character, slot, general)`` drawn with ``draws`` (a ``core.rng.Draws``)
        from the generals of the same packs that ``seat`` has not seen.  A mode
        whose generals must fit together (hegemony's pairs of one kingdom)
        overrides it."""
        hidden = [(p.seat, i, sl.general) for p in state.chars for i, sl in enumerate(p.slots) if sl.vis is not None and seat not in sl.vis]
        if not hidden:
            return ()
        generals = state.content.generals
        seen = {sl.general for p in state.chars for sl in p.slots if sl.vis is None or seat in sl.vis}
        packs = {generals[g].pack for _, _, g in hidden}
        pool = sorted(g for g, info in generals.items() if info.pack in packs and g not in seen)
        draws.shuffle(pool)
        return tuple((c, slot, pool[k]) for k, (c, slot, _) in enumerate(hidden))

    # -- set-up and the turn plan -----------------------------------------------

    def setup(self, engine: "Engine") -> Flow:
        raise NotImplementedError

    def next_turn(self, engine: "Engine") -> Generator[Any, Any, int]:
        """Whose turn is next (a flow: a mode may ask who acts)."""
        st = engine.state
        return 0 if st.current < 0 else st.next_alive(st.current)
        yield  # pragma: no cover

    def phases(self, state: "State", c: int) -> tuple[str, ...]:
        return PHASES

    def draw_count(self, state: "State", c: int) -> int:
        return 2

    # -- sides ------------------------------------------------------------------

    def side(self, state: "State", seat: int) -> str:
        """A seat's side (the team it wins with), by name."""
        return state.seats[seat].role

    def known_side(self, state: "State", viewer: int | None, seat: int) -> str | None:
        """What ``viewer`` (None: everyone) knows of ``seat``'s side, or None."""
        s = state.seats[seat]
        if viewer == seat or s.role_shown:
            return self.side(state, seat)
        return None

    # -- dying, death and the outcome -----------------------------------------

    def savers(self, state: "State", dying: int) -> list[int]:
        """Who is asked to save a dying character, in order: everyone, from the current player."""
        return state.seats_from(state.current if state.current >= 0 else dying)

    def hand_limit(self, state: "State", c: int) -> int:
        return max(0, state.chars[c].hp)

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        raise NotImplementedError

    def on_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        """Right after ``c``'s Died event, before the death window and the discards
        (hegemony: the dead reveals its generals)."""
        return
        yield  # pragma: no cover

    def after_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        return
        yield  # pragma: no cover

    def react(self, engine: "Engine", event: ev.Event) -> None:
        """A rule that follows at once from an event of a type in ``reacts_to``
        (no decision: it may only emit events), e.g. a mode's board turning over
        when the pile is reshuffled."""

    def finish(self, engine: "Engine", winners: tuple[int, ...], reason: str) -> None:
        """The end of the game: reveals and scores, then the GameEnded event
        (with the seats' points, when the mode has given any)."""
        seats = engine.state.seats
        points = tuple(s.points for s in seats) if any(s.points for s in seats) else ()
        engine.game_ended(winners, reason, points)

    # -- prose ------------------------------------------------------------------

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        """A line for one of this mode's own events (None: the generic one)."""
        return None

    def note(self, narrator: Any, event: ev.Event) -> str | None:
        """The short note of an event that has no line of its own, where this mode
        words it (None: the generic note; ``replay.narrate.Narrator.note``)."""
        return None

    def choice_actor(self, request: Any, choice: Any) -> tuple[int, Any] | None:
        """The character a choice names as the one acting, and the rest of the choice
        (duel: a play choice's ``targets[0]``); None when the choice names none."""
        return None

    def table_order(self, state: "State") -> list[int]:
        """The characters in the order they sit (duel: the ring), for showing the table."""
        return list(range(len(state.chars)))

    def hp_hidden(self, state: "State", viewer: int | None, c: int) -> bool:
        """May ``viewer`` not know character ``c``'s hp and max hp (only the hp it has lost)?"""
        return False

    def general_info(self, gid: str) -> dict[str, Any] | None:
        """What this mode adds to a general's listing (duel: points); None: it does not deal that general."""
        return {}

    def card_info(self, card: int) -> dict[str, Any]:
        """What this mode adds to a card's listing (duel: a stand-in 奇兵 card)."""
        return {}


def _option_error(text: str, options: dict[str, Any]) -> str:
    """msgspec's message about an option, as the option and the value given."""
    import re

    m = re.search(r"\$\.(\w+)", text)
    if m and m.group(1) in options:
        return f"bad option {m.group(1)}={options[m.group(1)]}"
    m = re.search(r"unknown field `(\w+)`", text, re.I) or re.search(r"Object contains unknown field `(\w+)`", text)
    if m:
        return f"unknown option {m.group(1)!r}"
    return f"bad option ({text})"


RULESETS: dict[str, Ruleset] = {}

# The modes that ship with sgz, by id: the module that registers each, imported
# the first time the mode is asked for, so that folding one game's record
# imports its own mode's rules only (``sgz replay --at`` starts in a new
# process).  Filled by ``core.modes``.
BUILTIN_MODULES: dict[str, str] = {}


def register(ruleset: Ruleset) -> Ruleset:
    if ruleset.id in RULESETS:
        raise ValueError(f"mode {ruleset.id!r} is registered twice")
    RULESETS[ruleset.id] = ruleset
    return ruleset


def load_all() -> dict[str, Ruleset]:
    """Every mode registered: the built-in ones imported, and any registered since."""
    for mode_id in BUILTIN_MODULES:
        ruleset_of(mode_id)
    return RULESETS


def ruleset_of(mode_id: str) -> Ruleset:
    got = RULESETS.get(mode_id)
    if got is not None:
        return got
    module = BUILTIN_MODULES.get(mode_id)
    if module is not None:
        import importlib

        importlib.import_module(module)
        got = RULESETS.get(mode_id)
        if got is not None:
            return got
        raise ModeError(f"module {module} does not register mode {mode_id!r}")
    known = ", ".join(sorted(load_all()))
    raise ModeError(f"unknown mode {mode_id!r} (modes: {known})")


def playable_modes() -> list[str]:
    return sorted(m for m, rs in load_all().items() if rs.playable)
