"""The pending request: who decides, what kind of decision, and what is legal.

A request is data.  The terminal prints it, a bot picks from it, a test
answers it; all three send back a ``Choice``.  Two shapes cover every
decision: a list of enumerated ``choices`` (play a card at these targets,
answer with this 闪, pass), or a *pick* of ``min``..``max`` of ``cards``.
"""
from __future__ import annotations

import msgspec

PASS = "pass"


class Choice(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    cards: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    option: str = ""

    @property
    def is_pass(self) -> bool:
        return self.option == PASS


PASS_CHOICE = Choice(option=PASS)

# A play choice that first reveals the concealed general lending a skill that changes a
# standing limit (hegemony's 咆哮: a second 杀): ``reveal:{skill}`` for a hand card,
# ``reveal:{skill}:{form}`` for a form (``Engine.play_request``).
REVEAL = "reveal:"


def revealing(option: str) -> tuple[str, str] | None:
    """For a revealing play choice's option: (the skill revealed, the option under it)."""
    if not option.startswith(REVEAL):
        return None
    skill, _, inner = option[len(REVEAL) :].partition(":")
    return skill, inner


def reveal_first(skill: str, choice: Choice) -> Choice:
    return Choice(cards=choice.cards, targets=choice.targets, option=f"{REVEAL}{skill}" + (f":{choice.option}" if choice.option else ""))


class Request(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    seat: int
    # play | respond | save | discard | trigger | order | option | nullify |
    # pick_card | grace | use_slash | show | fire_attack | convert | general |
    # skill | give | suit | pindian; a mode's own: 天地人's gouyu | recipient;
    # hegemony's generals | reveal | reward | luanwu (docs/ARCHITECTURE.md, "Requests")
    kind: str
    prompt: str = ""  # the situation, e.g. "slash:2" (a 杀 from seat 2)
    choices: tuple[Choice, ...] = ()
    cards: tuple[int, ...] = ()  # a pick's candidates
    min: int = 0
    max: int = 0
    # A secret decision (chosen at the same time as others'): only these seats
    # may see the answer; the Decided event carries it.
    vis: tuple[int, ...] | None = None
    # Chosen at the same time as the other seats' questions of the block (generals
    # picked together, the two halves of a 博弈): the rules ask them one after the
    # other, but no answer changes the next question, so a live table lets each
    # person answer as soon as they like (cli/web).  Not part of the record.
    together: bool = False

    @property
    def is_pick(self) -> bool:
        return not self.choices

    def check(self, choice: Choice) -> str | None:
        """Why ``choice`` is illegal here, or None when it is legal."""
        if self.choices:
            if choice in self.choices:
                return None
            return f"{_show(choice)} is not one of the {len(self.choices)} legal choices"
        picked = choice.cards
        if choice.targets or choice.option:
            return "this request takes a pick of cards only"
        if len(set(picked)) != len(picked):
            return "a card is picked twice"
        if not self.min <= len(picked) <= self.max:
            want = str(self.min) if self.min == self.max else f"{self.min}-{self.max}"
            return f"pick {want} cards, not {len(picked)}"
        allowed = set(self.cards)
        for c in picked:
            if c not in allowed:
                return f"card {c} cannot be picked here"
        return None


def _show(choice: Choice) -> str:
    parts = []
    if choice.option:
        parts.append(choice.option)
    if choice.cards:
        parts.append("cards " + ",".join(map(str, choice.cards)))
    if choice.targets:
        parts.append("targets " + ",".join(map(str, choice.targets)))
    return " ".join(parts) or "an empty choice"


class IllegalDecision(ValueError):
    """A decision the pending request does not allow; nothing was changed."""
