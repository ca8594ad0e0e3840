"""Choosing an answer in steps, as at every Sanguosha table: the card or skill,
then its targets, then its form.  A presentation over ``Request.choices``: the
engine's requests are a flat list of legal answers; this groups them so that
each step is a short list, and the terminal (``cli/person.py``), the web table
and an RL interface offer the same steps.

The steps, for a request with enumerated choices:

1. **what** (``Step.stage == "what"``): one item per *group*.  A group is the
   choices that use the same physical cards (a hand card: its use at every
   target tuple and its 重铸), or, for choices without cards, the same option
   (a skill's action, a form such as 丈八蛇矛, a mode's answer such as the
   duel's 明置).  Pass, or ending the play phase, is an item of its own (key
   ``p``).  Keys: a single card of the asker's hand is keyed by its
   ``HandKeys`` letter, which the card keeps while it stays in the hand (so
   the keys do not shift as the phase goes on); any other item by its number
   1..k in the request's order.  A group of one choice is answered at once
   (its item's text names its targets).
2. **targets** (``"targets"``): the seats the group's choices name at the
   next position after those already picked (``Step.picked``), one position
   at a time, each keyed by its seat number, plus ``ok`` when the picked
   seats are themselves a whole legal tuple (a 铁索连环 on one character; at
   no target at all: the card's 重铸).  A position offering one seat and no
   ``ok`` is taken at once; a prefix that only one choice extends answers it.
   Where the mode names the acting character first (``Ruleset.choice_actor``:
   the duel's general), position 0 is that actor (``Step.actor``).  A group
   whose choices all name the same targets has no target step (the question
   implies them: the 杀 a 闪 answers).
3. **form** (``"form"``): the group's choices at exactly the picked targets,
   when they differ only by option (use or 重铸; a card given with one's main
   or deputy general), numbered 1..k.

A *pick* of ``min..max`` cards (``Request.is_pick``) is one step, ``"pick"``:
the cards keyed like step 1 (hand letters when every candidate is in the
asker's hand, numbers otherwise), several keys at once.

``b`` goes back a step (``Chooser.back``).  ``Chooser.enter(key)`` returns
the ``Choice`` once one is complete, None while a step remains, or a
``Refused`` with a one-line reason; ``Chooser.keys_for(choice)`` is what to
type for a given choice (``hint`` shows it).  ``describe`` gives the words of
a step in a language; the web table and an RL interface read the structure
(``Group``, ``Step``, ``Item``: the choices' indices) and ignore the keys.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.state import State

PASS_KEY = "p"
DONE_KEY = "ok"
# Letters for hand cards: none of the terminal's one-letter commands (b back,
# h help, p pass, q quit, t table, u undo), nor l and o (read as 1 and 0).
LETTERS = "acdefgijkmnrsvwxyz"


class HandKeys(msgspec.Struct, frozen=True):
    """Each card of a hand and its letter: a card keeps its letter while it stays
    in the hand; a letter freed is not given again before ``phase`` changes."""

    keys: tuple[tuple[int, str], ...] = ()
    retired: tuple[str, ...] = ()
    phase: tuple[int, str] = (0, "")

    def of(self) -> dict[int, str]:
        return dict(self.keys)

    def follow(self, hand: Sequence[int], phase: tuple[int, str]) -> "HandKeys":
        """The keys for ``hand`` now (``phase``: the turn and phase, when freed letters may come back)."""
        old = dict(self.keys)
        kept = {c: k for c, k in old.items() if c in hand}
        retired = set() if phase != self.phase else set(self.retired) | (set(old.values()) - set(kept.values()))
        used = set(kept.values())
        fresh = (k for k in _letters() if k not in used and k not in retired)
        for c in hand:
            if c not in kept:
                kept[c] = next(fresh)
        return HandKeys(tuple((c, kept[c]) for c in hand), tuple(sorted(retired)), phase)


def _letters():
    yield from LETTERS
    for a in LETTERS:
        for b in LETTERS:
            yield a + b


def hand_keys(state: State, seat: int, before: HandKeys | None = None) -> HandKeys:
    """``seat``'s hand keys in ``state``, following ``before`` (the keys the person saw last)."""
    hand = state.chars[seat].hand
    return (before or HandKeys()).follow(hand, (state.turn, state.phase))


class Group(msgspec.Struct, frozen=True):
    """Step 1's item: the choices (indices into ``Request.choices``) that share ``cards``, or ``option`` without cards."""

    key: str
    cards: tuple[int, ...]
    option: str  # the option the group's choices share ("" when they differ: a card's use and its 重铸)
    choices: tuple[int, ...]
    passing: bool = False


class Item(msgspec.Struct, frozen=True):
    """One line of a step: what typing ``key`` chooses."""

    key: str
    what: Literal["group", "seat", "done", "form", "pass", "card"]
    seat: int = -1  # a target's seat ("seat"), a card ("card")
    group: int = -1  # the group ("group"), in ``Chooser.groups``
    choices: tuple[int, ...] = ()  # the choices it leads to


class Step(msgspec.Struct, frozen=True):
    stage: Literal["what", "targets", "form", "pick"]
    items: tuple[Item, ...]
    group: int = -1
    picked: tuple[int, ...] = ()  # the targets picked so far
    actor: bool = False  # the next position names the character acting (the duel's general)


class Refused(msgspec.Struct, frozen=True):
    reason: str  # an error key: "unknown", "pick_count", "pick_twice", "first"


class _Path(msgspec.Struct, frozen=True):
    group: int = -1
    picked: tuple[int, ...] = ()
    form: bool = False


PASSING = ("p",)  # the key of the answers that pass (or end the play phase)


def grouped(req: Request) -> dict[tuple, tuple[int, ...]]:
    """The answers of ``req`` by what step 1 chooses: ("c", cards), ("o", option) or
    ``PASSING``, in the request's order, passing last (the terminal, the table, the RL env)."""
    by: dict[tuple, list[int]] = {}
    passing: list[int] = []
    for i, ch in enumerate(req.choices):
        if ch.is_pass or (req.kind == "play" and ch.option == "end"):
            passing.append(i)
            continue
        by.setdefault(("c", ch.cards) if ch.cards else ("o", ch.option), []).append(i)
    out = {k: tuple(v) for k, v in by.items()}
    if passing:
        out[PASSING] = tuple(passing)
    return out


def groups(req: Request, keys: dict[int, str] | None = None, hand: Sequence[int] = ()) -> list[Group]:
    """Step 1's groups, hand cards first in the order of their keys, then the rest in
    the request's order, pass last."""
    keys = keys or {}
    by = grouped(req)
    passing = by.pop(PASSING, ())
    mine = set(hand)
    lettered, numbered = [], []
    for (how, what), idx in by.items():
        cards = what if how == "c" else ()
        options = {req.choices[i].option for i in idx}
        option = next(iter(options)) if len(options) == 1 else ""
        if len(cards) == 1 and cards[0] in mine and cards[0] in keys:
            lettered.append(Group(keys[cards[0]], cards, option, idx))
        else:
            numbered.append(Group("", cards, option, idx))
    lettered.sort(key=lambda g: (len(g.key), g.key))
    out = lettered + [msgspec.structs.replace(g, key=str(n)) for n, g in enumerate(numbered, 1)]
    if passing:
        out.append(Group(PASS_KEY, (), req.choices[passing[0]].option, passing, passing=True))
    return out


class Chooser:
    """The steps of one request for its asker; ``enter`` a key at a time."""

    def __init__(self, req: Request, state: State | None = None, keys: HandKeys | None = None) -> None:
        self.req = req
        self.state = state
        owner = state.chars[req.seat].owner if state is not None and 0 <= req.seat < len(state.chars) else req.seat
        hand = state.seats[owner].hand if state is not None and 0 <= owner < len(state.seats) else ()
        self.hand_keys = keys.of() if keys is not None else {}
        self.hand = tuple(hand)
        self.groups = groups(req, self.hand_keys, hand) if req.choices else []
        rs = state.rs if state is not None else None
        # Does the mode name the acting character first (the duel)?  Then target position 0 is the actor.
        self._actor = rs is not None and any(rs.choice_actor(req, ch) is not None for ch in req.choices)
        self._history: list[_Path] = []
        self._path = _Path()

    # -- the steps ----------------------------------------------------------------------

    def step(self) -> Step:
        req = self.req
        if req.is_pick:
            return Step("pick", tuple(Item(k, "card", seat=c) for k, c in self.pick_keys()))
        p = self._path
        if p.group < 0:
            return Step("what", tuple(Item(g.key, "pass" if g.passing else "group", group=i, choices=g.choices) for i, g in enumerate(self.groups)))
        if p.form:
            done = self._done(p)
            return Step("form", tuple(Item(str(n), "form", group=p.group, choices=(i,)) for n, i in enumerate(done, 1)), p.group, p.picked)
        items = [Item(str(s), "seat", seat=s, group=p.group, choices=tuple(i for i in self._matching(p) if self._target(i, len(p.picked)) == s)) for s in self._next(p)]
        done = self._done(p)
        if done:
            items.append(Item(DONE_KEY, "done", group=p.group, choices=tuple(done)))
        return Step("targets", tuple(items), p.group, p.picked, actor=self._actor and not p.picked)

    def pick_keys(self) -> list[tuple[str, int]]:
        cards = self.req.cards
        if cards and all(c in self.hand_keys and c in self.hand for c in cards):
            return sorted(((self.hand_keys[c], c) for c in cards), key=lambda kc: (len(kc[0]), kc[0]))
        return [(str(n), c) for n, c in enumerate(cards, 1)]

    @property
    def at_start(self) -> bool:
        return self._path.group < 0

    def _matching(self, p: _Path) -> list[int]:
        k = len(p.picked)
        return [i for i in self.groups[p.group].choices if self.req.choices[i].targets[:k] == p.picked]

    def _target(self, i: int, k: int) -> int:
        ts = self.req.choices[i].targets
        return ts[k] if k < len(ts) else -1

    def _next(self, p: _Path) -> list[int]:
        k = len(p.picked)
        return list(dict.fromkeys(self._target(i, k) for i in self._matching(p) if len(self.req.choices[i].targets) > k))

    def _done(self, p: _Path) -> list[int]:
        return [i for i in self._matching(p) if self.req.choices[i].targets == p.picked]

    # -- moving ------------------------------------------------------------------------------

    def enter(self, key: str) -> Choice | Refused | None:
        """One key typed at the current step: the answer once complete, None while a
        step remains, or why the key is not one of the step's."""
        key = key.strip().lower()
        if self.req.is_pick:
            return self.pick([key])
        step = self.step()
        if key == PASS_KEY:
            g = next((g for g in self.groups if g.passing), None)
            if g is not None:
                return self.req.choices[g.choices[0]]
        item = next((it for it in step.items if it.key == key), None)
        if item is None:
            return Refused("unknown")
        p = self._path
        if item.what in ("group", "pass"):
            nxt = _Path(item.group)
        elif item.what == "seat":
            nxt = _Path(p.group, (*p.picked, item.seat))
        elif item.what == "done":
            if len(item.choices) == 1:
                return self._answer(item.choices[0])
            nxt = _Path(p.group, p.picked, form=True)
        else:
            return self._answer(item.choices[0])
        return self._settle(nxt)

    def _answer(self, i: int) -> Choice:
        self._history.clear()
        self._path = _Path()
        return self.req.choices[i]

    def _settle(self, p: _Path) -> Choice | None:
        """Go to ``p``, taking what is forced: a group of one choice, targets every choice of
        the group shares, a lone next seat, a prefix only one choice extends."""
        g = self.groups[p.group]
        if len(g.choices) == 1:
            return self._answer(g.choices[0])
        if not p.picked and not p.form and len({self.req.choices[i].targets for i in g.choices}) == 1:
            p = _Path(p.group, self.req.choices[g.choices[0]].targets, form=True)
        while not p.form:
            matching = self._matching(p)
            if len(matching) == 1:
                return self._answer(matching[0])
            nxt, done = self._next(p), self._done(p)
            if not nxt:
                if len(done) == 1:
                    return self._answer(done[0])
                p = _Path(p.group, p.picked, form=True)
                break
            if len(nxt) == 1 and not done:
                p = _Path(p.group, (*p.picked, nxt[0]))
                continue
            break
        self._history.append(self._path)
        self._path = p
        return None

    def back(self) -> bool:
        """Back one step (False at the first step)."""
        if not self._history:
            return False
        self._path = self._history.pop()
        return True

    def reset(self) -> None:
        self._history.clear()
        self._path = _Path()

    def pick(self, keys: list[str]) -> Choice | Refused:
        """A pick's keys typed together."""
        req = self.req
        by = dict(self.pick_keys())
        if not all(k in by for k in keys):
            return Refused("unknown")
        if len(set(keys)) != len(keys):
            return Refused("pick_twice")
        if not req.min <= len(keys) <= req.max:
            return Refused("pick_count")
        return Choice(cards=tuple(by[k] for k in keys))

    def keys_for(self, choice: Choice) -> list[str]:
        """What to type, step by step, for ``choice`` (``[]`` when it is not an answer here)."""
        req = self.req
        if req.is_pick:
            back = {c: k for k, c in self.pick_keys()}
            return [back[c] for c in choice.cards] if all(c in back for c in choice.cards) else []
        if choice not in req.choices:
            return []
        i = req.choices.index(choice)
        saved, hist = self._path, list(self._history)
        try:
            self.reset()
            g = next(n for n, g in enumerate(self.groups) if i in g.choices)
            out = [self.groups[g].key]
            got = self.enter(out[0])
            while got is None:
                step = self.step()
                key = next(it.key for it in step.items if i in it.choices)
                out.append(key)
                got = self.enter(key)
            return out if got == choice else []
        finally:
            self._path, self._history = saved, hist


# -- the words of a step ------------------------------------------------------------------------


def describe(chooser: Chooser, asked) -> tuple[str, list[tuple[str, str]]]:  # asked: replay.prompts.Asked
    """The step's heading ("" for step 1: the question is the heading) and its items as (key, text)."""
    step = chooser.step()
    req, zh = chooser.req, asked.zh
    if step.stage == "pick":
        return "", [(it.key, asked.n.card(it.seat)) for it in step.items]
    if step.stage == "what":
        out = []
        for it in step.items:
            g = chooser.groups[it.group]
            if it.what == "pass":
                out.append((it.key, asked.choice(req.choices[g.choices[0]])))
            elif len(g.choices) == 1:
                out.append((it.key, asked.choice(req.choices[g.choices[0]])))
            else:
                out.append((it.key, asked.choice(Choice(cards=g.cards, option=g.option))))
        return "", out
    g = chooser.groups[step.group]
    what = asked.choice(Choice(cards=g.cards, option=g.option))
    picked = "，".join(seat_word(asked, s) for s in step.picked) if zh else ", ".join(seat_word(asked, s) for s in step.picked)
    if step.stage == "form":
        head = f"{what}{' → ' + picked if picked else ''}：选择方式" if zh else f"{what}{' -> ' + picked if picked else ''}: choose how"
        return head, [(it.key, asked.choice(Choice(option=req.choices[it.choices[0]].option)) if req.choices[it.choices[0]].option else ("使用" if zh else "Use")) for it in step.items]
    if step.actor:
        ask = "选择由你的哪名武将使用（输入座位号）" if zh else "choose which of your generals uses it (type its seat number)"
    elif step.picked:
        ask = f"已选 {picked}；再选择目标（输入座位号）" if zh else f"picked {picked}; choose another target (type a seat number)"
    else:
        ask = "选择目标（输入座位号）" if zh else "choose the target (type a seat number)"
    head = f"{what}：{ask}" if zh else f"{what}: {ask}"
    out = []
    for it in step.items:
        if it.what == "seat":
            out.append((it.key, seat_word(asked, it.seat)))
        else:
            ch = req.choices[it.choices[0]]
            if len(it.choices) > 1:
                text = "确定（再选择方式）" if zh else "Done (then choose how)"
            elif ch.option and ch.option != g.option:
                text = asked.choice(Choice(option=ch.option))
            else:
                text = "确定" if zh else "Done"
            out.append((it.key, text))
    return head + ("；b 返回上一步" if zh else "; b goes back"), out


def seat_word(asked, c: int) -> str:
    """A seat as a target: its face-up generals, one's own concealed ones by name, and "you"."""
    st = asked.state
    text = asked.n.seat(c)
    if 0 <= c < len(st.chars):
        p = st.chars[c]
        owner = asked.req.seat if st.rs is None else st.chars[asked.req.seat].owner
        hidden = [asked.n.name(sl.general) for sl in p.slots if sl.vis is not None and owner in sl.vis and sl.general]
        if hidden and p.owner == owner:
            text += f"（暗：{'、'.join(hidden)}）" if asked.zh else f" (face down: {', '.join(hidden)})"
        if p.owner == owner:
            text += "（你）" if asked.zh and not hidden else " (you)" if not asked.zh and not hidden else ""
    return text
