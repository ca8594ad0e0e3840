"""Checking a record all the way: integrity, schema, its header against its
events, and re-running its decisions.

``check(path)`` is the one definition of a valid record: ``sgz validate``,
``sgz salvage`` and ``sgz archive ingest`` all call it, so they cannot
disagree.  It never raises for a bad record: it says what is wrong in one
line naming the file and line, and how much of the record is good (for
``sgz salvage``).  The line of event ``seq`` is ``seq + 2`` (the header is 1).

Beyond the chain and the schema (``records.format.scan``), a record must
agree with itself: the header's mode, players, rules, seed and options are
those of its GameStarted event, which is how its mode starts a game (rules,
table size, options, deck: ``start_problem``); its bots are known and sit at
seats of the game; a ``reseed`` (and an analysis rollout's ``redeal``) comes
only at a fork's fork point (a record with a parent); a ``quit`` is the last
event.  Without re-running the decisions, a finished record's end is still
held to its events (its last turn is re-run).  What the header's bots decided
is not re-derived (bots improve between versions while the rules stay).
``read_checked`` is what a reader (replay, diff ...) checks: all but re-running.
"""
from __future__ import annotations

from pathlib import Path

import msgspec

from sanguozhi.core import events as ev

from .bounds import printable
from .format import Header, Record, RecordError, RecordWriter, scan


class Checked(msgspec.Struct):
    path: str
    header: Header | None
    events: list[ev.Event]  # the events read (the good prefix when damaged)
    error: str | None = None  # one line: "file:line: why"
    good: int = 0  # events that are sound: integrity, schema, consistency and re-execution
    finished: bool = False  # the record has the game's end
    quit: bool = False  # the record ends with a person's quit
    executed: bool = False  # the decisions were re-run through the engine
    tip: str = ""  # the chain link of the last line read

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def closed(self) -> bool:
        """Nothing more will be written to it: the game ended, its player
        quit, or it is a fork as ``sgz fork`` cut it (exactly its fork point)."""
        h = self.header
        return self.finished or self.quit or (h is not None and h.fork_at is not None and len(self.events) == h.fork_at)


def check(path: str | Path, *, execute: bool = True, complete: bool = False, blob: bytes | None = None) -> Checked:
    """Check ``path`` (or its bytes ``blob``, read already).

    ``execute`` re-runs the decisions through the engine; ``complete`` also
    fails a record that is not closed (``Checked.closed``: a game in
    progress, or a record cut at a line boundary).
    """
    s = scan(path, blob)
    out = Checked(s.path, s.header, s.events, s.error, len(s.events), tip=s.tip)
    if s.header is None:
        return out
    events = s.events
    found = _header_vs_events(s.header, events) or _misplaced(s.header, events)
    if found is not None:
        seq, why, good = found
        _fail(out, seq, why, good=good)
    last = type(events[-1]) if events else None
    out.finished, out.quit = last is ev.GameEnded, last is ev.GameQuit
    if execute and events and out.good:
        out.executed = True
        failed = _rerun(events[: out.good])
        if failed is not None:
            seq, why = failed
            _fail(out, seq, why, good=seq)
    elif out.finished and out.error is None:
        # Without re-running every decision, the end is still held to the
        # events: the last turn is re-run from the fold of the rest, so no
        # winner, reason or points go unchecked into an archive.
        failed = _rerun_ending(events)
        if failed is not None:
            seq, why = failed
            _fail(out, seq, why, good=seq)
    if complete and out.error is None and not out.closed:
        out.error = f"{out.path}:{len(events) + 1}: the game has no end and was not quit (a game in progress, or the file was cut after this line)"
    return out


class Verdict(msgspec.Struct, frozen=True):
    """What ``sgz validate`` says of a record: its check without the events
    (small, to come back from a worker process)."""

    path: str
    error: str | None
    events: int
    finished: bool
    quit: bool


def verdicts(paths: list[str], execute: bool, complete: bool) -> list[Verdict]:
    """The check of each of ``paths`` (a piece of a ``sgz validate`` run, in a worker or here)."""
    out = []
    for p in paths:
        c = check(p, execute=execute, complete=complete)
        out.append(Verdict(str(p), c.error, len(c.events), c.finished, c.quit))
    return out


def _header_vs_events(h: Header, events: list[ev.Event]) -> tuple[int, str, int] | None:
    """(-1, why, 0) when the header does not describe the game its events play (line 1)."""
    # The header's fields are bounded in form by every reader (records.bounds);
    # here they are held to the game.  Any bot's name is allowed, installed here
    # or not (an external bot's, an agent's): it is never imported.
    from sanguozhi.core.botname import well_formed

    seats = {str(s) for s in range(h.players)}
    for seat, bot in h.bots.items():
        if seat not in seats:
            return -1, f"the header names a bot for seat {seat!r}, which is not a seat of this {h.players}-player game", 0
        if not well_formed(bot):
            return -1, f"the header's bot for seat {seat} is not a bot's name: {bot!r}", 0
    for seat in h.people:
        if seat not in seats or seat in h.bots:
            return -1, f"the header names a person for seat {seat!r}, which is not a seat of this game without a bot", 0
    if (h.parent is None) != (h.fork_at is None) or (h.fork_at is not None and h.fork_at < 1):
        return -1, f"the header's parent and fork_at go together (parent {h.parent!r}, fork_at {h.fork_at!r})", 0
    if not events:
        return None
    start = events[0]
    assert isinstance(start, ev.GameStarted)
    for name, want, got in (
        ("mode", h.mode, start.mode),
        ("players", h.players, start.players),
        ("rules", h.rules, start.rules),
        ("seed", h.seed, start.seed),
        ("options", h.options, start.options),
        ("commit", h.commit, start.commit),
    ):
        if want != got:
            return -1, f"the header says {name} {want!r} but the game started with {got!r}", 0
    why = start_problem(start)
    if why is not None:
        return 0, why, 0
    if h.commit and h.parent is None:
        from sanguozhi.core.commit import commitment

        if commitment(h.game, h.seed) != h.commit:
            return -1, "the deal's commitment is not that of this game's id and seed (the seed or the id was changed)", 0
    end = events[-1]
    if type(end) is ev.GameEnded and end.seed != (start.seed if start.commit else None):
        seq = len(events) - 1
        if start.commit:
            return seq, f"the end of a committed deal must reveal its seed {start.seed}, not {end.seed}", seq
        return seq, "the end reveals a seed, but the deal was not committed to", seq
    return None


def start_problem(start: ev.GameStarted) -> str | None:
    """Why ``start`` is not how its mode starts a game, or None: the rules
    version, the mode, the table size, the options (as the mode fills them
    in) and the deck (as the mode deals it for those options).  Re-running
    the decisions cannot see these: the rules play whatever deck they are given."""
    from sanguozhi.core.modes import ModeError, ruleset_of

    if start.rules not in ev.KNOWN_RULES:
        return f"the game started under rules {start.rules!r}, which this sgz does not know ({', '.join(ev.KNOWN_RULES)})"
    recorded = start.options
    try:
        rs = ruleset_of(start.mode)
        # As a game was started: options at their default count as not asked
        # for (a mode may be lenient about a default it then deals around).
        defaults = msgspec.structs.asdict(msgspec.convert({}, rs.Options))
        options = rs.check(start.players, {k: v for k, v in recorded.items() if defaults.get(k, ...) != v})
    except ModeError as exc:
        return f"the game started as no game of this sgz starts: {exc}"
    if options != recorded:
        # Records from before an option existed leave it out (under sgz-rules/1),
        # and the rules read its absence as the behaviour of that time.
        old = ev.rules_level(start.rules) == 1 and all(options.get(k) == v for k, v in recorded.items())
        if not old:
            wrong = sorted(k for k in {*options, *recorded} if options.get(k, ...) != recorded.get(k, ...))
            return f"the game started with options the mode does not give (option {wrong[0]}: {recorded.get(wrong[0], 'missing')!r}, where the mode has {options.get(wrong[0], 'none')!r})"
    deck = rs.deck(options)
    if tuple(start.deck) != tuple(deck):
        have, want = len(start.deck) or 160, len(deck) or 160
        return f"the game started with a deck that is not the mode's ({have} cards, where {start.mode} with these options deals {want}{'' if have != want else ', other ones'})"
    try:
        rs.table(start)
    except Exception as exc:  # noqa: BLE001 - a table the mode cannot lay is a finding about the record
        return f"the game started with a table its mode cannot lay: {type(exc).__name__}: {_first_line(exc)}"
    return None


# Bots that register themselves when their module is imported (not by core).
# Events a fork adds at its fork point (a new seed; an analysis rollout's re-deal).
AT_FORK = {ev.Reseeded: "a reseed", ev.Redealt: "a re-deal of hidden information"}


def _misplaced(h: Header, events: list[ev.Event]) -> tuple[int, str, int] | None:
    """(seq, why, good) of the first reseed, re-deal, quit or end where none may be."""
    before_last = set(map(type, events[:-1]))  # one pass in C: most records hold none of them
    if not before_last & {*AT_FORK, ev.GameQuit, ev.GameEnded, ev.Handover} and type(events[-1] if events else None) not in {*AT_FORK, ev.Handover}:
        return None
    here: set[type] = set()
    for i, e in enumerate(events):
        t = type(e)
        if t is ev.Handover:
            why = _handover_problem(h, e)
            if why is not None:
                return i, why, i
            continue
        what = AT_FORK.get(t)
        if what is not None:
            if h.parent is None or h.fork_at is None:
                return i, f"{what} is allowed only at the fork point of a fork, and this record has no parent", i
            if i >= h.fork_at:
                # The fork's own: at its fork point, or at the decision the
                # rules reached from there (nothing decided in public in
                # between: a secret pass the rules record by themselves
                # under sgz-rules/2 may come first), once.
                if t in here or any(type(x) is ev.Decided and x.vis is None for x in events[h.fork_at : i]):
                    return i, f"{what} is allowed only at the fork point (event {h.fork_at}, or the decision pending there)", i
                here.add(t)
            # Before fork_at the reseed came with the parent's events (an
            # ancestor's fork point), checked when that record was.
        elif t is ev.GameQuit and i != len(events) - 1:
            return i + 1, f"the game was quit at event {i}: nothing may follow", i + 1
        elif t is ev.GameEnded and i != len(events) - 1:
            # Re-running would not notice a reseed or a quit after the end.
            return i + 1, f"the game ended at event {i}: nothing may follow", i + 1
    return None


def _handover_problem(h: Header, e: ev.Handover) -> str | None:
    """Why a seat's handover names no seat, bot or person a header could (``records.bounds``)."""
    from sanguozhi.core.botname import well_formed

    from .people import BadName, check_name

    if not 0 <= e.seat < h.players:
        return f"a handover of seat {e.seat}, which is not a seat of this {h.players}-player game"
    if e.bot and not well_formed(e.bot):
        return f"a handover of seat {e.seat} to a bot whose name is not a bot's {printable(e.bot, one_line=True)!r}"
    if e.person:
        try:
            if check_name(e.person) != e.person:
                raise BadName("it is not written as a name is kept (spaces trimmed and folded)")
        except BadName as exc:
            return f"a handover of seat {e.seat} to a name that cannot be used: {exc}"
    return None


def _rerun(events: list[ev.Event]) -> tuple[int, str] | None:
    """(seq, why) where re-running the recorded decisions departs from the record, or None."""
    from sanguozhi.core.evolve import FoldError
    from sanguozhi.core.game import ReplayMismatch, resume

    try:
        resume(events, from_start=True)
        return None
    except ReplayMismatch as exc:
        # Events before the first difference are what the rules give.
        return exc.seq, f"re-running the decisions differs at event {exc.seq}: the record has {_brief(exc.recorded)} but the rules give {_brief(exc.produced)}"
    except FoldError as exc:
        seq = _seq_of(str(exc))
        if seq is not None:
            return seq, f"the events do not replay: {exc}"
        failure = exc
    except Exception as exc:  # an engine error is a finding about this record too
        failure = exc
    # Where: the shortest prefix that fails (re-running a prefix is a prefix of the work).
    lo, hi = 0, len(events)  # events[:lo] re-run (lo = 0: nothing tried), events[:hi] fails
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            resume(events, mid, from_start=True)
            lo = mid
        except Exception:  # noqa: BLE001 - any failure is the same finding
            hi = mid
    seq = hi - 1
    return seq, f"re-running the decisions fails at event {seq}: {type(failure).__name__}: {_first_line(failure)}"


def _rerun_ending(events: list[ev.Event]) -> tuple[int, str] | None:
    """(seq, why) when the end a record claims is not what its last turn gives, or None."""
    from sanguozhi.core.game import ReplayMismatch, resume

    try:
        resume(events)  # folds up to the last turn, re-runs its decisions and checks every event
        return None
    except ReplayMismatch as exc:
        return exc.seq, f"the game's end is not what its events give: re-running the last turn differs at event {exc.seq}: the record has {_brief(exc.recorded)} but the rules give {_brief(exc.produced)}"
    except Exception:  # noqa: BLE001 - located by re-running from the start
        return _rerun(events)


def read_checked(path: str | Path, *, ending: bool = False) -> Record:
    """A record as a reader (replay, html, diff, fork ...) takes it: read as
    ``check`` reads it and held to its header, its mode's start and where
    reseeds, quits and ends may stand; the decisions are not re-run (``sgz
    validate`` does that).  ``ending``: a finished record's end is checked as
    ``validate --no-exec`` checks it (its last turn re-run: for a reader that
    shows the whole game).  RecordError says what is wrong, in one line."""
    s = scan(path)
    if s.error is not None or s.header is None:
        raise RecordError(s.error or f"{path}: not a record")
    found = _header_vs_events(s.header, s.events) or _misplaced(s.header, s.events)
    if found is None and ending and s.events and type(s.events[-1]) is ev.GameEnded:
        failed = _rerun_ending(s.events)
        found = None if failed is None else (*failed, 0)
    if found is not None:
        seq, why, _ = found
        raise RecordError(f"{s.path}:{seq + 2}: {why}")
    return Record(s.header, s.events, s.path)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [""])[0]


def _brief(e: ev.Event | None) -> str:
    if e is None:
        return "nothing"
    text = ev.encode(e).decode()
    return text if len(text) <= 120 else text[:117] + "..."


def _seq_of(message: str) -> int | None:
    if message.startswith("event "):
        head = message[6:].split(":", 1)[0]
        if head.isdigit():
            return int(head)
    return None


def _fail(out: Checked, seq: int | None, why: str, *, good: int | None) -> Checked:
    # The first problem found is reported (scan's integrity error first).
    if out.error is None:
        line = f":{seq + 2}" if seq is not None else ""
        out.error = f"{out.path}{line}: {why}"
    if good is not None:
        out.good = min(out.good, good)
    return out


def salvage(path: str | Path, out: str | Path) -> tuple[Checked, int]:
    """Write the longest sound prefix of ``path`` to the new record ``out``.

    Returns the check of the input and the number of events written.  The
    input is only read; ``out`` must not exist (records are never overwritten).
    """
    src, dst = Path(path), Path(out)
    if dst.exists():
        raise FileExistsError(f"{out} exists; choose a new file (records are never overwritten)")
    c = check(src)
    if c.header is None:
        raise ValueError(c.error or f"{path}: not a record")
    keep = c.events[: c.good]
    if not keep:
        raise ValueError(f"{c.error}; nothing to salvage (no sound event)")
    with RecordWriter(dst, c.header) as w:
        w.write_all(keep)
    return c, len(keep)
