"""A request's answers as fixed-size actions with masks: in steps (``Factored``) or flat.

``Factored`` builds one answer in the table's steps (``replay.steps.grouped``,
the grouping the terminal and the web table offer):

1. **what**: a group of choices — those that use the same cards, or without
   cards the same option; passing (or ending the play phase) is a group of its
   own.  A group of one card is action ``card[d]`` (its place in the deck),
   one of an option that has a word ``option[o]``, pass ``pass``, any other
   (two cards; a word of no vocabulary: a hegemony pair) ``other[k]``, the
   k-th such group of the request.
2. **targets**, one position at a time: ``target[c]`` for each character the
   group's choices name next, ``done`` when those taken are a whole choice's.
3. **form**, when the group's choices at exactly those targets differ only by
   option: ``plain`` (the option "") or the option's ``option[o]``/``other[k]``.

A *pick* of min..max cards is ``card[d]`` one card at a time, then ``done``
(offered once min are taken; at max the answer is given).  A step with one
legal action is taken by itself, except a request's first (a question asked
is always asked).  ``Flat`` numbers the request's answers: ``choices`` in
order, or a pick's card sets by size then in order, at most ``FLAT``.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

from sanguozhi.core.requests import Choice, Request
from sanguozhi.replay.steps import PASSING, grouped

from .layout import FLAT, OTHER, Vocab, action_segments


class Steps:
    """The answer to one request being built in steps (``Factored``'s state)."""

    __slots__ = ("request", "stage", "group", "picked", "cards", "option", "_slots", "_first")

    def __init__(self, request: Request) -> None:
        self.request = request
        self.stage = "pick" if request.is_pick else "what"
        self.group: tuple[int, ...] = ()  # the choices (indices) of the group taken
        self.picked: tuple[int, ...] = ()  # targets taken
        self.cards: tuple[int, ...] = ()  # the group's cards, or a pick's so far
        self.option = ""  # the group's option, when its choices share one
        self._slots: dict[int, object] = {}  # action -> what it takes at this step
        self._first = True


class Factored:
    """The factored encoding for one game's vocabulary."""

    def __init__(self, v: Vocab) -> None:
        seg = {name: (at, size) for name, at, size in action_segments(v)}
        self.size = sum(size for _, size in seg.values())
        self._card = {c: seg["card"][0] + i for i, c in enumerate(v.deck)}
        self._option = {o: seg["option"][0] + i for i, o in enumerate(v.options)}
        self._other = seg["other"][0]
        self._pass = seg["pass"][0]
        self._target = seg["target"][0]
        self._done = seg["done"][0]
        self._plain = seg["plain"][0]
        self.characters = v.characters

    def start(self, request: Request) -> Steps:
        steps = Steps(request)
        self._offer(steps)
        return steps

    def mask(self, steps: Steps) -> np.ndarray:
        m = np.zeros(self.size, dtype=np.int8)
        m[list(steps._slots)] = 1
        return m

    def take(self, steps: Steps, action: int) -> Choice | None:
        """Take ``action`` (legal: its mask is 1); the whole answer once there is one."""
        what = steps._slots.get(int(action))
        if what is None:
            raise ValueError(f"action {int(action)} is not legal at this step ({steps.stage}): see the action mask")
        steps._first = False
        req = steps.request
        if steps.stage == "pick":
            if what == "done":
                return Choice(cards=steps.cards)
            steps.cards = (*steps.cards, what)  # type: ignore[arg-type]
            if len(steps.cards) == req.max:
                return Choice(cards=steps.cards)
        elif steps.stage == "what":
            group: tuple[int, ...] = what  # type: ignore[assignment]
            steps.group = group
            first = req.choices[group[0]]
            steps.cards = first.cards
            options = {req.choices[i].option for i in group}
            steps.option = first.option if len(options) == 1 else ""
            targets = {req.choices[i].targets for i in group}
            if len(targets) == 1:  # the question implies them (the 杀 a 闪 answers)
                steps.picked = first.targets
            steps.stage = "targets"
        elif steps.stage == "targets":
            if what == "done":
                steps.stage = "form"
            else:
                steps.picked = (*steps.picked, what)  # type: ignore[arg-type]
        else:
            return req.choices[what]  # type: ignore[index]
        return self._offer(steps)

    def _matching(self, steps: Steps) -> list[int]:
        p, n = steps.picked, len(steps.picked)
        return [i for i in steps.group if steps.request.choices[i].targets[:n] == p]

    def _offer(self, steps: Steps) -> Choice | None:
        """Lay out the current step's actions; the answer when it is decided by itself."""
        slots = self._layout(steps)
        if isinstance(slots, Choice):
            return slots
        steps._slots = slots
        if len(slots) == 1 and not steps._first:
            return self.take(steps, next(iter(slots)))  # one legal action: taken by itself
        return None

    def _layout(self, steps: Steps) -> dict[int, object] | Choice:
        req = steps.request
        slots: dict[int, object] = {}
        if steps.stage == "pick":
            if len(steps.cards) < req.max:
                rest = [c for c in req.cards if c not in steps.cards]
                for k, c in enumerate(rest):
                    slots.setdefault(self._card.get(c, self._other + min(k, OTHER - 1)), c)
            if len(steps.cards) >= req.min:
                slots[self._done] = "done"
        elif steps.stage == "what":
            others = 0
            for key, idx in grouped(req).items():
                if key == PASSING:
                    slot = self._pass
                elif key[0] == "c" and len(key[1]) == 1 and key[1][0] in self._card:
                    slot = self._card[key[1][0]]
                elif key[0] == "o" and key[1] in self._option:
                    slot = self._option[key[1]]
                elif others < OTHER:
                    slot, others = self._other + others, others + 1
                else:
                    continue  # past the pool: not offered
                slots[slot] = idx
        elif steps.stage == "targets":
            matching = self._matching(steps)
            if len(matching) == 1:
                return req.choices[matching[0]]  # only one choice extends what was taken
            n = len(steps.picked)
            for i in matching:
                t = req.choices[i].targets
                if len(t) > n and 0 <= t[n] < self.characters:
                    slots[self._target + t[n]] = t[n]
                elif len(t) == n:
                    slots[self._done] = "done"
        else:  # form
            n = len(steps.picked)
            at = [i for i in self._matching(steps) if len(req.choices[i].targets) == n]
            if len(at) == 1:
                return req.choices[at[0]]
            others = 0
            for i in at:
                option = req.choices[i].option
                if option == "":
                    slot = self._plain
                elif option in self._option:
                    slot = self._option[option]
                else:
                    slot, others = self._other + min(others, OTHER - 1), others + 1
                slots.setdefault(slot, i)
        return slots


class Flat:
    """The flat encoding: action i is the request's i-th answer."""

    size = FLAT

    def answers(self, request: Request) -> list[Choice]:
        if request.choices:
            return list(request.choices[:FLAT])
        out: list[Choice] = []
        for k in range(request.min, request.max + 1):
            for cards in combinations(request.cards, k):
                out.append(Choice(cards=cards))
                if len(out) == FLAT:
                    return out
        return out

    def mask(self, answers: list[Choice]) -> np.ndarray:
        m = np.zeros(FLAT, dtype=np.int8)
        m[: len(answers)] = 1
        return m
