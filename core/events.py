"""Every change of game state is one of these immutable events.

The record of a game is the list of its events; the state at any point is the
fold of the events before it (``core.evolve``).  Chance is *in* the events
(the shuffled order, the cards drawn), so folding never draws a random number.

Conventions: ``seat``, ``src``, ``dst`` and ``targets`` name characters by
their place at the table (``core.state``: in most modes a character and its
seat share one number); ``-1`` means "nobody" (no source).  A hand belongs to
a seat: a movement from or to ``hand`` names the seat (``of``/``at``).
``vis`` lists the *seats* that may see something (``None``: everyone), and a
``Decided`` event's ``seat`` is the seat that decided.  Card numbers index
``core.deck.CARDS``; zones are ``pile``, ``discard``, ``processing``,
``hand``, ``equip``, ``judge``, ``removed``, and the zones of a character's
own that a ruleset names (``Ruleset.zones``: tripod's ``general_zone``).  ``w`` names the timing window
(``core.windows``) an event happened in.  A ruleset may add event types of
its own (``core.modes.base.Ruleset.events``); ``decoder(extra)`` decodes them
with the core ones.
"""
# No ``from __future__ import annotations``: msgspec takes real annotations
# as they are, but must evaluate strings (~1 ms of every reader's start).

from typing import Any, Union

import msgspec

# The rules a game is played under (GameStarted.rules).  sgz-rules/2: a
# question whose existence would tell what a hand or a concealed general
# holds is recorded (in secret) whether or not there was anything to answer,
# give-type decisions are as secret as what they move, covert skills leave the
# same events either way, and a committed deal reveals its seed at the end.
# sgz-rules/1 records replay under their own rules.
RULES_VERSION = "sgz-rules/2"
KNOWN_RULES = ("sgz-rules/1", "sgz-rules/2")


def rules_level(rules: str) -> int:
    """The number of a rules version (``sgz-rules/2`` -> 2); ValueError for one this sgz does not know."""
    if rules not in KNOWN_RULES:
        raise ValueError(f"unknown rules {rules!r} (this sgz plays {', '.join(KNOWN_RULES)})")
    return int(rules.rpartition("/")[2])


class Event(msgspec.Struct, frozen=True, gc=False, tag_field="t", omit_defaults=True, kw_only=True):
    w: str = ""


class GameStarted(Event, tag="start"):
    mode: str
    players: int
    seed: int
    # The default is what records before sgz-rules/2 left out (omitted as the
    # default then): it must stay, so they keep their rules.  New games set it.
    rules: str = "sgz-rules/1"
    options: dict[str, Any] = {}
    deck: tuple[int, ...] = ()  # the card numbers in play (empty: all 160)
    # A committed deal (core.commit): the hash of the game id and the seed,
    # shown to every seat while the seed is not; GameEnded reveals the seed.
    commit: str = ""


class RolesDealt(Event, tag="roles"):
    roles: tuple[str, ...]  # by seat; each seat sees only its own (and shown ones)


class GeneralChosen(Event, tag="general"):
    """A character's general in ``slot`` (0: the main one), seen by the seats in ``vis``
    (None: everyone; a concealed general is face down to the others)."""

    seat: int
    general: str
    max_hp: int
    hp: int
    slot: int = 0
    vis: tuple[int, ...] | None = None


class GeneralRevealed(Event, tag="reveal"):
    """A concealed general is turned face up (明置) for everyone."""

    seat: int
    slot: int
    general: str


class RoleShown(Event, tag="show_role"):
    seat: int
    role: str


class PileShuffled(Event, tag="shuffle"):
    order: tuple[int, ...]  # the new draw pile, top last; seen by nobody
    reshuffle: bool = False  # the discard pile became the draw pile


class TurnStarted(Event, tag="turn"):
    seat: int
    turn: int
    round: int


class PhaseStarted(Event, tag="phase"):
    seat: int
    phase: str


class PhaseSkipped(Event, tag="skip"):
    seat: int
    phase: str


class TurnEnded(Event, tag="turn_end"):
    seat: int


class CardsMoved(Event, tag="move", rename={"cards": "c", "src": "from", "dst": "to", "src_seat": "of", "dst_seat": "at", "reason": "why"}):
    # The most frequent event, so its keys are short: a draw is ~70 bytes.
    cards: tuple[int, ...]
    src: str
    dst: str
    src_seat: int = -1
    dst_seat: int = -1
    reason: str = ""
    vis: tuple[int, ...] | None = None


class CardUsed(Event, tag="use"):
    seat: int
    name: str  # what the card counts as (a converted card may differ from its face)
    cards: tuple[int, ...] = ()  # the physical cards (none for a virtual use)
    targets: tuple[int, ...] = ()


class CardPlayed(Event, tag="play"):
    """A response card played (打出), e.g. 闪 against 杀."""

    seat: int
    name: str
    cards: tuple[int, ...] = ()


class Triggered(Event, tag="trig"):
    """A card, equipment, skill or rule fires at window ``w``."""

    seat: int
    source: str
    targets: tuple[int, ...] = ()


class Damaged(Event, tag="damage"):
    dst: int
    n: int
    src: int = -1
    nature: str = "normal"
    card: str = ""  # the card name that dealt it, if any


class HpLost(Event, tag="hp_loss"):
    seat: int
    n: int


class Recovered(Event, tag="recover"):
    seat: int
    n: int
    src: int = -1


class Dying(Event, tag="dying"):
    seat: int
    src: int = -1


class Died(Event, tag="death"):
    seat: int
    role: str
    killer: int = -1
    cause: str = ""  # the card or rule that dealt the final blow


class GameEnded(Event, tag="end"):
    winners: tuple[int, ...]
    reason: str
    points: tuple[int, ...] = ()  # each seat's score, where the mode scores games
    seed: int | None = None  # a committed deal's seed, revealed (GameStarted.commit)


class MaxHpChanged(Event, tag="max_hp"):
    """A character's max hp goes up or down by ``n``; hp is cut down to it."""

    seat: int
    n: int


class TurnedOver(Event, tag="flip"):
    """A character is turned face down (翻面, 叠置: ``on``) or back face up."""

    seat: int
    on: bool


class Decided(Event, tag="dec"):
    """A decision a seat made in answer to the pending request.

    A secret decision (generals chosen at the same time, a gambit) has ``vis``:
    only those seats may see what was chosen; the others see that a decision
    was made.
    """

    seat: int
    kind: str
    cards: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    option: str = ""
    vis: tuple[int, ...] | None = None


class ChainToggled(Event, tag="chain"):
    """铁索连环: a character is chained (横置) or unchained (重置)."""

    seat: int
    on: bool


class CardsShown(Event, tag="show"):
    """Cards shown (展示) to everyone from a seat's hand; they stay where they are."""

    seat: int
    cards: tuple[int, ...]


class GeneralsOffered(Event, tag="offer"):
    """Candidate generals dealt to ``seat`` to choose from (seen only by the seats in ``vis``)."""

    seat: int
    generals: tuple[str, ...]
    vis: tuple[int, ...] | None = None


class SkillStateChanged(Event, tag="skill_state"):
    """What a skill remembers: a limited skill used, an awakening, a switch's yin/yang,
    or a per-turn count (``turn``: forgotten when the next turn starts)."""

    seat: int
    skill: str
    key: str
    value: int
    turn: bool = False


class Reseeded(Event, tag="reseed"):
    """From here on, chance comes from a new seed (a fork with --reseed)."""

    seed: int


class GameQuit(Event, tag="quit"):
    """A person left the game at a decision (``sgz play``: q, or undo from this
    line of play): the record ends here on purpose, the game unfinished.  A
    record that just stops (a crash, a cut file) has no such event."""

    seat: int


class Handover(Event, tag="handover"):
    """From here on ``seat`` is played by ``bot`` (a live table handing an empty
    seat to a bot) or by the person ``person`` (taking it back), so the record
    says who played what.  It changes nothing on the table."""

    seat: int
    bot: str = ""
    person: str = ""


class Redealt(Event, tag="redeal"):
    """What ``seat`` cannot see is dealt again (an analysis rollout's fork).

    Each card of ``cards`` is replaced where it lies by the card of ``dealt``
    at the same index (a permutation of the cards hidden from ``seat``: others'
    hands, the draw pile, cards face down); ``roles``, when given, are every
    seat's roles after the re-deal; ``generals`` re-deal concealed slots as
    (character, slot, general).  Nobody sees it (``vis`` is empty).
    """

    seat: int
    cards: tuple[int, ...] = ()
    dealt: tuple[int, ...] = ()
    roles: tuple[str, ...] = ()
    generals: tuple[tuple[int, int, str], ...] = ()
    vis: tuple[int, ...] = ()


AnyEvent = Union[
    GameStarted,
    RolesDealt,
    GeneralChosen,
    RoleShown,
    PileShuffled,
    TurnStarted,
    PhaseStarted,
    PhaseSkipped,
    TurnEnded,
    CardsMoved,
    CardUsed,
    CardPlayed,
    Triggered,
    Damaged,
    HpLost,
    Recovered,
    Dying,
    Died,
    GameEnded,
    Decided,
    Reseeded,
    ChainToggled,
    CardsShown,
    GeneralsOffered,
    SkillStateChanged,
    GeneralRevealed,
    MaxHpChanged,
    TurnedOver,
    GameQuit,
    Redealt,
    Handover,
]

EVENT_TYPES: tuple[type[Event], ...] = AnyEvent.__args__  # type: ignore[attr-defined]
TAGS: dict[type[Event], str] = {cls: cls.__struct_config__.tag for cls in EVENT_TYPES}

_encoder = msgspec.json.Encoder()
_decoders: dict[tuple[type[Event], ...], msgspec.json.Decoder] = {}


def union(extra: tuple[type[Event], ...] = ()) -> Any:
    """The tagged union of the core events and ``extra`` ones (a ruleset's own events)."""
    if not extra:
        return AnyEvent
    tags = {TAGS[t] for t in EVENT_TYPES}
    for t in extra:
        tag = t.__struct_config__.tag
        if tag in tags:
            raise ValueError(f"event {t.__name__}: tag {tag!r} is taken")
        tags.add(tag)
    return Union[EVENT_TYPES + extra]  # type: ignore[valid-type]


def decoder(extra: tuple[type[Event], ...] = ()) -> msgspec.json.Decoder:
    """A decoder for the core events and ``extra`` ones (a ruleset's own events)."""
    dec = _decoders.get(extra)
    if dec is None:
        dec = _decoders[extra] = msgspec.json.Decoder(union(extra))
    return dec


def encode(event: Event) -> bytes:
    return _encoder.encode(event)


def decode(line: bytes | str, extra: tuple[type[Event], ...] = ()) -> Event:
    return decoder(extra).decode(line)


def decode_lines(blob: bytes, extra: tuple[type[Event], ...] = ()) -> list[Event]:
    """Decode a JSON Lines blob of events (with a ruleset's ``extra`` event types)."""
    return decoder(extra).decode_lines(blob)
