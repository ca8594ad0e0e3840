"""Forks: a new record that starts as a prefix of another, and its continuations.

Positions follow ``sgz replay --at N``: *forking at event N* keeps events
0..N, the position whose state ``replay --at N`` shows.  The header's
``fork_at`` is the number of parent events kept, N + 1.  The parent record
is only read.

A fork is continued (``sgz sim --from``, ``sgz play --from``) by re-running
the turn in progress (``core.game.resume``): if event N was in the middle of
a resolution, the rules carry on to the next decision, and that decision is
offered again.  Chance comes from counters in the state, so without a reseed
the continuation draws what the parent drew: the same decisions give the
parent's events, event for event.  ``reseed`` appends a ``Reseeded`` event at
that decision, and the future draws (shuffles, bot choices) from the new seed.

A continuation is written as a new record (records are never appended to or
overwritten).  Its header keeps the fork's ``parent`` and ``fork_at``, so it
sits in the game tree where the fork does; continuing a record that is not a
fork makes it a fork of that record at its end.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.game import Game
from sanguozhi.records.format import FORMAT_VERSION, Header, Record, RecordWriter

from .seek import Timeline


class ForkError(ValueError):
    """A fork or continuation that cannot be made (the message says why)."""


def derived_id(*parts: object) -> str:
    """A game id that follows from what determines the game (a rerun gets the same id)."""
    return hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()


def fork_header(header: Header, *, game: str, parent: str | None, fork_at: int | None, bots: dict[str, str] | None = None) -> Header:
    bots = header.bots if bots is None else bots
    return msgspec.structs.replace(
        header,
        v=FORMAT_VERSION,
        game=game,
        parent=parent,
        fork_at=fork_at,
        bots=bots,
        people={s: name for s, name in header.people.items() if s not in bots},  # a seat a bot now plays names no person
        h="",
    )


def write_fork(record: Record, n: int, out: str | Path, *, game: str | None = None) -> Header:
    """Write the fork of ``record`` at event ``n`` (events 0..n) to ``out``; return its header."""
    events = record.events
    if not 0 <= n < len(events):
        raise ForkError(f"event {n} is not in the record (events 0-{len(events) - 1})")
    keep = n + 1
    gid = game or derived_id("fork", record.header.game, keep)
    header = fork_header(record.header, game=gid, parent=record.header.game, fork_at=keep)
    try:
        with RecordWriter(out, header) as writer:
            writer.write_all(events[:keep])
    except FileExistsError:
        raise ForkError(f"{out} exists; choose a new file (records are never overwritten)") from None
    return header


def continued_header(header: Header, kept: int, *, game: str, bots: dict[str, str], reseed: bool = False) -> Header:
    """The header of a continuation of a record (``kept`` events long) as a new record.

    A continuation of a fork stays where the fork is in the game tree, unless
    it reseeds after the fork played on: a reseed stands only at a fork point
    (``records.check``), so that continuation is a fork of the record itself.
    """
    if header.parent is not None and not (reseed and kept != header.fork_at):
        return fork_header(header, game=game, parent=header.parent, fork_at=header.fork_at, bots=bots)
    return fork_header(header, game=game, parent=header.game, fork_at=kept, bots=bots)


def continuable(events: Sequence[ev.Event]) -> int:
    """How many of a record's events a continuation keeps: all but a final quit."""
    return len(events) - 1 if events and type(events[-1]) is ev.GameQuit else len(events)


def resume_record(events: Sequence[ev.Event], upto: int | None = None, *, reseed: int | None = None, timeline: Timeline | None = None) -> Game:
    """A running game after the first ``upto`` events (by default all but a final quit).

    The recorded decisions of the turn in progress are re-run and checked;
    ``reseed`` appends a ``Reseeded`` event at the decision that is pending.
    """
    from sanguozhi.core.evolve import FoldError

    upto = continuable(events) if upto is None else upto
    tl = timeline or Timeline(events)
    try:
        game = tl.resume(upto)
    except FoldError as exc:
        raise ForkError(f"cannot continue the record: {exc}") from None
    if game.over:
        raise ForkError(f"the game is over at event {len(game.events) - 1}; there is nothing to continue")
    if reseed is not None:
        game.add_external(ev.Reseeded(seed=reseed))
    return game


def start_continuation(path: str | Path, record: Record, *, game: str, bots: dict[int, str], reseed: int | None = None, atomic: bool = False, flush: Literal["decision", "close"] = "decision") -> tuple[Game, RecordWriter]:
    """Continue ``record`` into a new record at ``path``: its events, then what follows (``atomic``, ``flush``: see RecordWriter)."""
    game_obj = resume_record(record.events, reseed=reseed)
    header = continued_header(record.header, continuable(record.events), game=game, bots={str(s): b for s, b in sorted(bots.items())}, reseed=reseed is not None)
    try:
        writer = RecordWriter(path, header, atomic=atomic, flush=flush)
    except FileExistsError:
        raise ForkError(f"{path} exists; choose a new file (records are never overwritten)") from None
    writer.attach(game_obj)
    return game_obj, writer


def undo_point(events: Sequence[ev.Event], seat: int) -> int | None:
    """The number of events before ``seat``'s latest decision (None: it made none).

    A decision it was asked: a secret pass the rules recorded for it (nothing
    else to answer with) is not one to take back."""
    from sanguozhi.core.game import decision_points

    Decided = ev.Decided
    points: set[int] | None = None
    for i in range(len(events) - 1, 0, -1):
        e = events[i]
        if type(e) is Decided and e.seat == seat:
            if e.vis is not None and e.option == "pass":
                if points is None:
                    body = events[:-1] if type(events[-1]) is ev.GameQuit else events
                    points = set(decision_points(body))
                if i not in points:
                    continue
            return i
    return None


def pending(game: Game, lang: str = "en") -> str:
    """The decision a game waits for, in words: who, and the question."""
    request = game.request
    zh = lang == "zh"
    if request is None:
        return "游戏已结束" if zh else "the game is over"
    from .narrate import Narrator
    from .prompts import Asked

    n = Narrator(lang, mode=game.state.mode)
    n.table = game.state
    title = Asked(request, game.state, lang).title
    return f"{n.seat(request.seat)} 决定：{title}" if zh else f"{n.seat(request.seat)} to decide: {title}"


def free_path(path: Path, tag: str) -> Path:
    """``game.jsonl`` (or ``game.TAG1.jsonl``) -> ``game.TAG1.jsonl`` (or 2, 3, … whichever does not exist)."""
    import re

    stem = re.sub(rf"\.{re.escape(tag)}\d+$", "", path.stem)
    k = 1
    while True:
        candidate = path.with_name(f"{stem}.{tag}{k}{path.suffix}")
        if not candidate.exists():
            return candidate
        k += 1
