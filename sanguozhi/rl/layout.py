"""The encoding's vocabularies and the observation's blocks (docs/RL.md is the table).

An environment's arrays have fixed sizes, fixed by its mode, seat count and
options (never by a deal): ``Vocab`` lists what its game can hold — the deck
(``D`` cards, in the order the game's start lists them), the deck's card names
(``K``, sorted), the content's generals (``G``) and kingdoms, the option words
an answer can name (``O``: the content's skills, forms and generals, the
deck's card names and ``WORDS``), the characters (``C``: most modes one a
seat, the duel a place each and its generals) and the seats (``N``).
``VERSION`` names the layout: the records an agent plays carry it in their
bot's name (``sanguozhi.rl.env``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

VERSION = 1
TAG = f"sgz-rl/{VERSION}"

PHASES = ("start", "judge", "draw", "play", "discard", "finish")
ROLES = ("lord", "loyalist", "rebel", "renegade")
GENDERS = ("male", "female")
STAGES = ("what", "targets", "form", "pick", "flat")
EQUIP_SLOTS = ("weapon", "armor", "defensive_horse", "offensive_horse", "treasure")
# Request kinds (core/requests.py and the modes' own); another is "other".
KINDS = (
    "play", "respond", "save", "discard", "trigger", "order", "option", "nullify", "pick_card", "grace", "use_slash",
    "show", "fire_attack", "convert", "general", "skill", "give", "suit", "pindian", "gouyu", "recipient", "generals",
    "reveal", "reward", "luanwu", "pick_order", "act_order", "action", "bequest", "equip_general", "swap_generals",
    "discard_generals", "ally", "join", "declare", "gambit", "covert", "plot", "guifu", "six_target",
)  # fmt: skip
# Words an answer's option or a prompt names besides skills, forms, generals and cards.
WORDS = (
    "end", "pass", "redeploy", "recast", "hand", "select", "reveal", "main", "deputy", "both", "vices", "captain",
    "spade", "heart", "club", "diamond", "draw", "draw_x", "draw_1", "agree", "replace", "discard", "build", "done",
    "damage", "join", "hp", "first", "second", "recover", "take", "kingdom", "one", "use",
    "play", "dying", "general", "generals", "phase_start", "phase_before", "damaged", "damage_caused",
    "damage_inflicted", "damage_done", "card_using", "card_responded", "card_responding", "response_needed",
    "draw_count", "target_specified", "target_confirming", "target_confirmed", "judged", "judge_result",
    "cards_lost", "death", "half_fish", "companions", "redeployed", "duel_row", "bequest", "bequest_cards",
    "pick_order", "act_order", "action", "pindian",
    *(str(n) for n in range(13)),
)  # fmt: skip
OTHER = 64  # answers with no word of their own, by their order in the step
FLAT = 512  # the flat encoding's answers (a pick's combinations past it are not offered)


class Vocab(msgspec.Struct, frozen=True):
    mode: str
    players: int  # N
    characters: int  # C
    deck: tuple[int, ...]  # D
    names: tuple[str, ...]  # K
    generals: tuple[str, ...]  # G
    kingdoms: tuple[str, ...]
    options: tuple[str, ...]  # O


def vocab(mode: str, players: int, options: dict[str, Any]) -> tuple[Vocab, dict[str, Any]]:
    """The vocabularies of ``mode`` at ``players`` seats with ``options``, and the full options."""
    from sanguozhi.core.deck import CARDS
    from sanguozhi.core.modes import ruleset_of

    rules = ruleset_of(mode)
    opts = rules.check(players, options)
    content = rules.content(opts)
    deck = rules.deck(opts) or tuple(range(160))
    names = tuple(sorted({CARDS[c].name for c in deck}))
    generals = tuple(sorted(content.generals))
    kingdoms = tuple(sorted({g.kingdom for g in content.generals.values() if g.kingdom}))
    words = {*WORDS, *content.skills, *content.forms, *content.actions, *generals, *names}
    v = Vocab(mode, players, rules.most_characters(players, opts), tuple(deck), names, generals, kingdoms, tuple(sorted(words)))
    return v, opts


# The observation, block by block: (name, size, what).  Characters' blocks
# repeat C times, by character index; a hidden or absent value is 0.
Size = Callable[[Vocab], int]
Block = tuple[str, Size, str, str]  # name, size, the size in the table's letters, what


def _per_char(v: Vocab) -> int:
    return sum(size(v) for _, size, _, _ in CHARACTER)


GLOBAL: list[Block] = [
    ("round", lambda v: 1, "1", "round / 20 (capped at 1)"),
    ("phase", lambda v: len(PHASES), "6", "the phase, one-hot (start judge draw play discard finish)"),
    ("pile", lambda v: 1, "1", "cards in the draw pile / D"),
    ("current", lambda v: v.characters, "C", "the character whose turn it is, one-hot"),
    ("me", lambda v: v.players, "N", "the observing seat, one-hot"),
    ("kind", lambda v: len(KINDS) + 1, f"{len(KINDS) + 1}", "the pending request's kind, one-hot (KINDS, then other); 0 when not asked"),
    ("prompt", lambda v: len(v.options) + 1, "O + 1", "the prompt's first word, one-hot over O, then other"),
    ("prompt_seat", lambda v: v.characters, "C", "the character the prompt names after its word (slash:2, dying:3), one-hot"),
    ("request", lambda v: 5, "5", "asked; a pick; min / 10; max / 10; choices / 64"),
    ("stage", lambda v: len(STAGES), "5", "the step of the answer being built, one-hot (what targets form pick flat)"),
    ("chosen", lambda v: len(v.deck), "D", "cards the answer has taken so far (its group's, a pick's)"),
    ("chosen_targets", lambda v: v.characters, "C", "targets the answer has taken so far"),
    ("chosen_option", lambda v: len(v.options) + 1, "O + 1", "the option of the group taken (over O, then other)"),
    ("hand", lambda v: len(v.deck), "D", "the observer's hand, by card"),
    ("hand_names", lambda v: len(v.names), "K", "the observer's hand by card name, count / 4"),
    ("hand_suits", lambda v: 4, "4", "the observer's hand by suit (spade heart club diamond), count / 8"),
    ("discard", lambda v: len(v.names), "K", "the discard pile by card name, count / 8"),
    ("processing", lambda v: len(v.deck), "D", "cards being resolved, by card"),
]
CHARACTER: list[Block] = [
    ("flags", lambda v: 7, "7", "present; alive; the observer's own; its turn; chained; face down; hp known"),
    ("hp", lambda v: 3, "3", "hp / 10; max hp / 10; hp lost / 10"),
    ("hand_count", lambda v: 1, "1", "cards in hand / 10"),
    ("role", lambda v: len(ROLES) + 1, "5", "role if known (lord loyalist rebel renegade), else unknown"),
    ("side", lambda v: 3, "3", "known of the observer's side (loyalist counts as lord's); known of another; unknown"),
    ("kingdom", lambda v: len(v.kingdoms), "kingdoms", "kingdom (face-up generals only), one-hot"),
    ("gender", lambda v: len(GENDERS), "2", "gender, one-hot"),
    ("general", lambda v: len(v.generals), "G", "the general in slot 0 if the observer may see it, one-hot"),
    ("deputy", lambda v: len(v.generals), "G", "the general in slot 1 if the observer may see it, one-hot"),
    ("concealed", lambda v: 2, "2", "slot 0, slot 1 face down"),
    ("equip", lambda v: len(v.names), "K", "equipment by card name"),
    ("judge", lambda v: len(v.names), "K", "the judgement zone by card name"),
    ("zones", lambda v: len(v.names), "K", "its mode's own zones by card name, count / 4"),
    ("points", lambda v: 1, "1", "its seat's points / 10 (勾玉, scores), clipped to 0-1"),
    ("reach", lambda v: 2, "2", "distance from the observer's nearest living character / 6; in its attack range"),
    ("damage", lambda v: 4, "4", "damage it dealt the observer, the observer dealt it, it dealt, it took (/ 10)"),
]


def blocks(v: Vocab) -> list[tuple[str, int, int]]:
    """(name, offset, size) of every block; character ``c``'s blocks are named ``c<c>.<name>``."""
    out: list[tuple[str, int, int]] = []
    at = 0
    for name, size, _, _ in GLOBAL:
        out.append((name, at, size(v)))
        at += size(v)
    for c in range(v.characters):
        for name, size, _, _ in CHARACTER:
            out.append((f"c{c}.{name}", at, size(v)))
            at += size(v)
    return out


def observation_size(v: Vocab) -> int:
    return sum(size(v) for _, size, _, _ in GLOBAL) + v.characters * _per_char(v)


# The factored action space, segment by segment: (name, size, the size in the table's letters, what).
SEGMENTS: list[Block] = [
    ("card", lambda v: len(v.deck), "D", "a card, by its place in the deck: a group of that one card (what), a card of a pick"),
    ("option", lambda v: len(v.options), "O", "a group of choices without cards that share this option (what); a form with this option"),
    ("other", lambda v: OTHER, str(OTHER), "the k-th group (or form) of the step that has no card or word of its own: two cards, a hegemony pair"),
    ("pass", lambda v: 1, "1", "pass, or end the play phase"),
    ("target", lambda v: v.characters, "C", "the character at the next target position"),
    ("done", lambda v: 1, "1", "the targets taken are a whole choice's; a pick's cards are enough"),
    ("plain", lambda v: 1, "1", "the form without an option (a card used as itself, not recast)"),
]


def action_segments(v: Vocab) -> list[tuple[str, int, int]]:
    """The factored action space: (segment, offset, size)."""
    out: list[tuple[str, int, int]] = []
    at = 0
    for name, size, _, _ in SEGMENTS:
        out.append((name, at, size(v)))
        at += size(v)
    return out


def markdown() -> str:
    """The tables of docs/RL.md (a test keeps the two the same)."""
    lines = [f"Observation, layout {TAG}: the blocks in this order, then the character blocks once per character (0 to C - 1).", ""]
    lines += ["| block | size | what |", "| --- | --- | --- |"]
    lines += [f"| `{name}` | {size} | {what} |" for name, _, size, what in GLOBAL]
    lines += [f"| `c.{name}` | {size} | {what} |" for name, _, size, what in CHARACTER]
    lines += ["", "Factored actions: one `Discrete` space, the segments in this order.", ""]
    lines += ["| segment | size | what |", "| --- | --- | --- |"]
    lines += [f"| `{name}` | {size} | {what} |" for name, _, size, what in SEGMENTS]
    return "\n".join(lines) + "\n"


def factored_size(v: Vocab) -> int:
    name, at, size = action_segments(v)[-1]
    return at + size
