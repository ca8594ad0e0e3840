"""A replay page's data: every event as each chosen seat saw it, folded here.

The page's script never folds a record.  This module folds it once, and for
each *perspective* (a seat, or ``None`` for the full review) stores the view
(``core.view.view`` with the cards that seat saw face down hidden, the rule
of ``sgz replay --as``) at every ``keyframe``-th event and, in between, only
what changed (``replay.patch``); with the narrated line of every event in
English and Chinese (``replay.narrate``).  Patches and lines that several
perspectives share are stored once.  The script applies patches and draws.

A view here drops what the page has elsewhere or does not show: ``seq`` (the
event's index), ``mode``, ``viewer`` and the full review's draw-pile order
(its size is ``pile_count``).

Beside the views: what happens on the table at each event (``acts``: a card
or skill from its user to its targets, damage, recovery and hp lost, all
public events), the rule text of every card, general and skill the page names
(``replay.tips``), the names of marks, sides and endings, the mode's table
layout, and, where ``sgz analyze --blunders --save`` reviewed a seat, the win
chance of that seat along the game (``replay.review``) for the views that
may see it.

``PageBuilder`` takes events one at a time, so a game being played in the
browser (``sgz serve``) extends its page as it goes.  ``perspectives`` is the
rule for which views a record lets a page hold.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.evolve import apply, initial_state
from sanguozhi.core.view import view

from .marks import mark_words
from .narrate import Narrator, display_name
from .patch import diff
from .perspectives import PageError, perspectives  # noqa: F401  (re-exported: a page's views)
from .tips import texts
from .visibility import SeenTracker, sighting
from .words import ENDINGS, EQUIP_SLOTS, KINGDOMS, PHASES, ROLES, word

KEYFRAME = 256  # events between two full views of a perspective
FORMAT = 1  # of the page data; the script checks it
_DROPPED = ("seq", "mode", "viewer", "pile")
_encode = msgspec.json.Encoder().encode


def page_view(state, seat: int | None, unseen) -> dict[str, Any]:  # state: core.state.State
    """``core.view.view`` as a page stores it (see the module docstring)."""
    v = view(state, seat, unseen)
    for key in _DROPPED:
        del v[key]
    return v


class PageBuilder:
    """The page data of a game, built one event at a time."""

    def __init__(self, start: ev.GameStarted, views: Sequence[int | None], keyframe: int = KEYFRAME) -> None:
        if keyframe < 1:
            raise ValueError("the keyframe interval must be at least 1")
        self.state = initial_state(start)
        self.rs = self.state.rs
        self.keyframe = keyframe
        self.views = list(views)
        players = len(self.state.seats)
        self.tracker = SeenTracker(players)
        # One narrator a language for every view (``Narrator.lines``), naming seats by this table.
        self.narrators = (Narrator("en", mode=start.mode), Narrator("zh", mode=start.mode))
        for narrator in self.narrators:
            narrator._followed = self.state
        self.keys: list[list[dict[str, Any]]] = [[] for _ in self.views]
        self.deltas: list[list[int]] = [[] for _ in self.views]
        self.said: list[list[int]] = [[] for _ in self.views]
        self.last: list[dict[str, Any] | None] = [None for _ in self.views]
        self.patches: list[Any] = [[]]  # 0: nothing changed
        self._patch_ids: dict[bytes, int] = {b"[]": 0}
        self.lines: list[list[str] | None] = [None]  # 0: no line
        self._line_ids: dict[tuple[str, str], int] = {}
        self.turns: list[int] = []  # event index of each TurnStarted
        self.rounds: list[int] = []  # event index of each round's first TurnStarted
        self.generals: set[str] = set()
        self.kingdoms: set[str] = set()
        self.roles: set[str] = set()
        self.cards: set[int] = set()  # cards some view of the page has seen (the card table names only these)
        self.marks: set[str] = set()
        self.sides: set[str] = set()
        self.acts: dict[str, list[Any]] = {}  # event index -> what happened on the table (public events only)
        self.n = 0
        self.feed(start)

    def feed_all(self, events: Iterable[ev.Event]) -> "PageBuilder":
        for e in events:
            self.feed(e)
        return self

    def feed(self, e: ev.Event) -> None:
        n = self.n
        said = list(zip(*(narrator.lines(e, self.state, self.views) for narrator in self.narrators)))
        if n:
            apply(self.state, e)
        self.tracker.feed(e)
        shown = sighting(e)
        if shown is not None:
            cards, seen = shown
            if seen is None or any(p is None or p in seen for p in self.views):
                self.cards.update(cards)
        act = _act(e)
        if act is not None:
            self.acts[str(n)] = act
        if type(e) is ev.TurnStarted:
            self.turns.append(n)
            if len(self.rounds) < self.state.table_round:  # the table's rounds (state.apply'd above)
                self.rounds.append(n)
        key = n % self.keyframe == 0
        for i, p in enumerate(self.views):
            v = page_view(self.state, p, () if p is None else self.tracker.unseen[p])
            if key:
                self.keys[i].append(v)
                self.deltas[i].append(0)
            else:
                self.deltas[i].append(self._patch(diff(self.last[i], v)))
            self.last[i] = v
            self.said[i].append(self._line(*said[i]))
            self.roles.update(st["role"] for st in v["seats"] if st["role"])
            self.sides.update(st["side"] for st in v["seats"] if st["side"])
            for c in v["characters"]:
                self.generals.update(g for g in c["generals"] if g)
                if c["kingdom"]:
                    self.kingdoms.add(c["kingdom"])
                if c["marks"]:
                    self.marks.update(c["marks"])
        self.n = n + 1

    def _patch(self, ops: list[Any]) -> int:
        blob = _encode(ops)
        i = self._patch_ids.get(blob)
        if i is None:
            i = self._patch_ids[blob] = len(self.patches)
            self.patches.append(ops)
        return i

    def _line(self, en: str | None, zh: str | None) -> int:
        if en is None and zh is None:
            return 0
        key = (en or "", zh or "")
        i = self._line_ids.get(key)
        if i is None:
            i = self._line_ids[key] = len(self.lines)
            self.lines.append(list(key))
        return i

    def data(self, game: dict[str, Any], tree: Any = None, reviews: Sequence[Any] = ()) -> dict[str, Any]:
        """Everything the page's script needs, as JSON-ready data; ``reviews``:
        ``replay.review.Review``s of this game (only those of a seat some view
        may see into are kept)."""
        cards, names = labels(self.rs, self.cards, self.generals, self.kingdoms, self.roles, self.marks, self.sides)
        full = None in self.views
        return {
            "format": FORMAT,
            "game": game,
            "title": [self.rs.title_en or self.state.mode, self.rs.title_zh or self.state.mode],
            "events": self.n,
            "keyframe": self.keyframe,
            "turns": self.turns,
            "rounds": self.rounds,
            "views": [
                {"seat": p, "keys": self.keys[i], "deltas": self.deltas[i], "lines": self.said[i]}
                for i, p in enumerate(self.views)
            ],
            "patches": self.patches,
            "lines": self.lines,
            "cards": cards,
            "names": names,
            "tips": texts(self.state, self.cards, self.generals),
            "acts": self.acts,
            "layout": self.rs.table_layout,
            "analysis": [r.as_page() for r in reviews if r.game == game.get("id") and (full or r.seat in self.views)],
            "tree": tree,
            "links": None,  # the web app's: {"game": "/game/", "record": URL}
        }


def _act(e: ev.Event) -> list[Any] | None:
    """What the table shows of event ``e``: ``[kind, from, [to ...], n, name]``
    (a use, with its cards, or a skill from its user to its targets; damage,
    recovery, hp lost on a character), or None.  Only events every seat sees."""
    t = type(e)
    if t is ev.CardUsed:
        return ["use", e.seat, list(e.targets), 0, e.name, list(e.cards)]
    if t is ev.Triggered and e.targets:
        return ["skill", e.seat, list(e.targets), 0, e.source]
    if t is ev.Damaged:
        return ["damage", e.src, [e.dst], e.n, e.nature]
    if t is ev.Recovered:
        return ["recover", e.src, [e.seat], e.n, ""]
    if t is ev.HpLost:
        return ["lose", -1, [e.seat], e.n, ""]
    return None


def _side_words(rs: Any, side: str) -> list[str]:
    """A side by name: a role, a kingdom, a team, an alliance; "" where it says nothing (tripod's "seat0")."""
    if side in KINGDOMS:
        return [word(KINGDOMS, side, "en"), word(KINGDOMS, side, "zh")]
    if side in rs.display_names:
        return [display_name(side, "en", rs), display_name(side, "zh", rs)]
    if side in ROLES:
        return [word(ROLES, side, "en"), word(ROLES, side, "zh")]
    head, _, rest = side.partition(":")
    if head == "alliance":  # jade seal: alliance:A-B
        a, _, b = rest.partition("-")
        return [f"alliance of seats {a} and {b}", f"{a}号位与{b}号位结盟"]
    if head in KINGDOMS and rest.isdigit():  # a careerist's camp (hegemony-six): careerist:SEAT
        return [f"{word(KINGDOMS, head, 'en')} (seat {rest})", f"{word(KINGDOMS, head, 'zh')}（{rest}号位）"]
    return ["", ""]


def labels(
    rs: Any, cards: Iterable[int], generals: Iterable[str], kingdoms: Iterable[str], roles: Iterable[str], marks: Iterable[str] = (), sides: Iterable[str] = ()
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """What a page calls cards (``{card: [en, zh, face, colour, kind]}``) and everything
    else it names (``{id: [en, zh]}``: generals, ``kingdom:K``, ``role:R``,
    ``phase:P``, ``zone:Z``, ``mark:M`` (``replay.marks``), ``side:S``,
    ``end:REASON``, ``equip:SLOT``, ``half:0``/``half:1`` where the mode names
    a character's two generals (hegemony's 主将/副将), ``term:points``), in the
    words of ruleset ``rs``."""

    def both(name: str) -> list[str]:
        return [display_name(name, "en", rs), display_name(name, "zh", rs)]

    def card(c: int) -> list[str]:
        k = CARDS[c]
        own = rs.display_names.get(k.name)  # what the mode calls it (Hero Kill: 桃 is 药)
        return [own[1] if own else k.title("en"), own[0] if own else k.title("zh"), k.face_text, k.color, k.name]

    def words(table: dict[str, tuple[str, str]], term: str) -> list[str]:
        if term in rs.display_names:  # a mode's own role (3v3's 主将)
            return both(term)
        return [word(table, term, "en"), word(table, term, "zh")]

    out_cards = {str(c): card(c) for c in sorted(cards)}
    names: dict[str, list[str]] = {g: both(g) for g in sorted(generals)}
    names.update({f"kingdom:{k}": [word(KINGDOMS, k, "en"), word(KINGDOMS, k, "zh")] if k in KINGDOMS else words(KINGDOMS, k) for k in sorted(kingdoms)})
    names.update({f"role:{r}": words(ROLES, r) for r in sorted(roles)})
    names.update({f"phase:{p}": [word(PHASES, p, "en"), word(PHASES, p, "zh")] for p in PHASES})
    names.update({f"zone:{z}": [en, zh] for z, (zh, en) in rs.zones.items()})
    names.update({f"mark:{m}": list(mark_words(m, rs)) for m in sorted(marks)})
    names.update({f"side:{x}": _side_words(rs, x) for x in sorted(sides)})
    names.update({f"end:{r}": words(ENDINGS, r) for r in ENDINGS})
    names.update({f"equip:{k}": [word(EQUIP_SLOTS, k, "en"), word(EQUIP_SLOTS, k, "zh")] for k in EQUIP_SLOTS})  # a slot, not the horse in it
    if "main" in rs.display_names and "deputy" in rs.display_names:
        # Short, as over each half of a box: "main", "主将".
        names.update({f"half:{i}": [both(k)[0].split()[0], both(k)[1]] for i, k in enumerate(("main", "deputy"))})
    names["term:points"] = both("points")
    return out_cards, names


def game_info(header: Any, path: str = "", *, seed: bool = True) -> dict[str, Any]:  # header: records.format.Header
    """What a page says about the record it shows.  The seed (as text: it may
    not fit a JavaScript number) only with ``seed``: it decides every hidden
    fact, so a page of a person's unfinished game leaves it out (None)."""
    from pathlib import Path

    return {
        "id": header.game,
        "mode": header.mode,
        "players": header.players,
        "seed": str(header.seed) if seed else None,
        "commit": header.commit or None,
        "bots": dict(header.bots),
        "people": dict(header.people),
        "parent": header.parent,
        "fork_at": header.fork_at,
        "file": Path(path).name if path else "",
    }


def build(record: Any, asked: Sequence[str] = (), tree: Any = None, keyframe: int = KEYFRAME, reviews: Sequence[Any] = ()) -> dict[str, Any]:  # record: records.Record
    """The page data of a whole record (``PageError`` if ``asked`` is not allowed)."""
    events = record.events
    finished = bool(events) and type(events[-1]) is ev.GameEnded
    header = record.header
    views = perspectives(header.players, header.bots, finished, asked)
    builder = PageBuilder(events[0], views, keyframe).feed_all(events[1:])
    return builder.data(game_info(header, record.path, seed=seed_shown(header, finished)), tree, reviews)


def seed_shown(header: Any, finished: bool) -> bool:
    """May a page of this record show its seed: once the game is over, or when no person plays in it."""
    return finished or all(str(s) in header.bots for s in range(header.players))


def encode(data: dict[str, Any]) -> bytes:
    return _encode(data)
