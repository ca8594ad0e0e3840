"""Ingest: records into the archive, checked exactly as ``sgz validate`` checks them.

Every record goes through ``records.check.check`` (chain, strict schema,
header against the start, reseeds and quits; with ``verify`` its decisions
re-run too): the one definition of a valid record, so ingest and validate
cannot disagree.  DuckDB then loads exactly the bytes that were checked: it
reads the file again and loads it only if its MD5 is the checked one
(``records.archive.load_checked``).

Which records go in:

- a record that fails the check is rejected (listed; the exit status is 1);
- a record that is not closed (no end and no quit: a game being played, or
  a file cut at a line boundary) is left out unless ``partial``;
- a game counts as in the archive only once a record of it has passed: a
  damaged copy never hides the genuine record;
- a record of a game that is in already is skipped when it is the same
  record or a shorter one; a longer one that extends it (the same chain at
  the archived record's last line) replaces it; one that parts from it is
  rejected.

Pipeline and memory: the calling thread and ``jobs`` - 1 fresh worker
processes (``sgz archive ingest``: ``jobs`` one a core) read and check the
records, pieces of a few at a time, in order; a loader thread loads them
meanwhile in chunks of records, one transaction per batch
(``batch_size`` records).  The first chunk of a batch is small
(``FIRST_CHUNK_BYTES``), so that DuckDB starts while the rest is checked;
each next one is twice as big, up to ``CHUNK_BYTES``.  One chunk waits while
one loads, and DuckDB works under ``memory_limit``, so memory does not grow
with the batch or the archive.  The decisions table is not built here: it
is built on first use (``records.archive``).
"""
from __future__ import annotations

import hashlib
import queue
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import msgspec

from . import archive
from . import format as fmt
from .check import check
from .format import record_files  # noqa: F401  (re-exported: sgz archive names it from here)

CHUNK_BYTES = 32 << 20  # records loaded by one set of staging queries, at most
FIRST_CHUNK_BYTES = 4 << 20  # a batch's first chunk: DuckDB starts early, the next ones double
MEMORY_LIMIT = "512MB"  # DuckDB's budget during an ingest (it spills beyond it)


class Rejected(msgspec.Struct):
    path: str
    why: str  # "file:line: why"


class IngestReport(msgspec.Struct):
    files: int = 0  # record files looked at
    added: int = 0  # games added (replacements included)
    replaced: int = 0  # of those, games whose shorter record was in and is replaced
    events: int = 0  # events added
    skipped: int = 0  # records of games already in (the same record, or a shorter one)
    unfinished: int = 0  # records left out: not closed, and ``partial`` not asked for
    rejected: list[Rejected] = []
    batches: int = 0
    seconds: float = 0.0
    verified: bool = False  # decisions were re-run (``verify``)

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0


class IngestInterrupted(KeyboardInterrupt):
    """Ctrl-C during an ingest: the batch in flight was rolled back; ``report`` says what went in."""

    def __init__(self, report: IngestReport) -> None:
        super().__init__("ingest interrupted")
        self.report = report


class Candidate(msgspec.Struct):
    """A record that passed the check, as the loader needs it."""

    path: str  # absolute
    header: fmt.Header
    bytes: int
    md5: str  # of the bytes checked
    events: int
    tip: str  # the chain link of its last line
    validated: bool  # its decisions were re-run


def ingest(
    con,
    paths: Iterable[str | Path],
    *,
    batch_size: int = 2000,
    partial: bool = False,
    verify: bool = False,
    progress: Callable[[IngestReport], None] | None = None,
    memory_limit: str = MEMORY_LIMIT,
    jobs: int = 1,
) -> IngestReport:
    """Load the records at ``paths`` into the archive; one transaction per batch.

    ``jobs``: the records are checked (with ``verify``, their decisions
    re-run too) on that many fresh worker processes while DuckDB loads
    (``sgz archive ingest``: one a core); fewer than ``WORKERS_FROM`` records
    are checked here.  Workers are new interpreters: a script that passes
    ``jobs`` > 1 guards its own code with ``if __name__ == "__main__"``.

    Raises ``IngestInterrupted`` (a KeyboardInterrupt) on Ctrl-C, once the
    batch in flight has rolled back.
    """
    from .workers import local_pool

    started = time.perf_counter()
    report = IngestReport(verified=verify)
    files = record_files(paths)
    jobs = jobs if len(files) >= WORKERS_FROM else 1
    # This thread checks too, beside jobs - 1 workers: they start (a new interpreter
    # takes a while to import) as the archive gets ready.
    with local_pool(jobs - 1, fresh=True, warm=_warm) as pool:
        archive.prepare_ingest(con, memory_limit)
        return _ingest(con, files, (pool, jobs), report, batch_size, partial, verify, progress, started)


def _warm() -> None:
    """What a worker imports before its first record (the modes' rules, cards and generals)."""
    from sanguozhi.core.modes import load_all

    load_all()


def _ingest(con, files: list[Path], checkers: tuple, report: IngestReport, batch_size: int, partial: bool, verify: bool, progress: Callable[[IngestReport], None] | None, started: float) -> IngestReport:
    loader = _Loader(con, archive.event_shape(), report, progress, started)
    try:
        for first in range(0, len(files), batch_size):
            batch = files[first : first + batch_size]
            known = archive.archived(con, [g for g in map(_game_id, batch) if g])
            chunk: list[Candidate] = []
            size, most = 0, FIRST_CHUNK_BYTES
            for result in _results(batch, known, partial, verify, *checkers):
                report.files += 1
                if isinstance(result, Candidate):
                    chunk.append(result)
                    size += result.bytes
                    if size >= most:
                        loader.put(chunk, last=False)
                        chunk, size, most = [], 0, min(2 * most, CHUNK_BYTES)
                elif isinstance(result, Rejected):
                    report.rejected.append(result)
                elif result == SKIPPED:
                    report.skipped += 1
                else:
                    report.unfinished += 1
            loader.put(chunk, last=True)
        loader.finish()
    except BaseException as exc:
        loader.abort()
        report.seconds = time.perf_counter() - started
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, IngestInterrupted):
            raise IngestInterrupted(report) from None
        raise
    report.seconds = time.perf_counter() - started
    return report


def _game_id(path: Path, first: bytes | None = None) -> str | None:
    """The game id in a record's header line (``first``, or read), or None (the check will say why)."""
    try:
        if first is None:
            first = fmt.read_first_line(path)
        return fmt.parse_header(first.rstrip(b"\n"), str(path)).game
    except (OSError, fmt.RecordError):
        return None


# What becomes of a record that is not loaded, besides a rejection.
SKIPPED, UNFINISHED = "skipped", "unfinished"
Result = Candidate | Rejected | str  # str: SKIPPED or UNFINISHED

# Fewer records to check than this (in all) are checked here: starting workers would cost more.
WORKERS_FROM = 16


def _results(batch: list[Path], known: dict, partial: bool, verify: bool, pool, jobs: int) -> Iterable[Result]:
    """What each record of ``batch`` comes to, in order: checked here (``pool``
    None), or here and on the ``jobs`` - 1 fresh worker processes of ``pool``
    (this process runs DuckDB on another thread: a fork of it could deadlock)."""
    from .workers import in_order, pieces

    paths = [str(p) for p in batch]
    # Small pieces: the loader gets its first chunk soon, and no worker holds many records' events.
    tasks = [(paths[a : a + n], known, partial, verify) for a, n in pieces(len(paths), jobs, most=8)]
    for piece in in_order(_checked_all, tasks, pool=pool, every=jobs):
        yield from piece


def _checked_all(paths: list[str], known: dict, partial: bool, verify: bool) -> list[Result]:
    return [_checked(Path(p), known, partial, verify) for p in paths]


def _checked(path: Path, known: dict, partial: bool, verify: bool) -> Result:
    """The record at ``path`` as the loader needs it, or why it is not to be loaded."""
    try:
        blob = fmt.read_regular(path)
    except OSError as exc:
        return Rejected(str(path), f"{path}: cannot read ({exc.strerror})")
    gid = _game_id(path, blob[: blob.find(b"\n") + 1] or blob)
    have = known.get(gid) if gid else None
    if have is not None and have[1] and have[2] == len(blob) and _last_link(blob) == have[1]:
        return SKIPPED  # the record that is in (same length, same chain tip): nothing to check
    c = check(path, execute=verify, blob=blob)
    if c.error is not None:
        return Rejected(str(path), c.error)
    if not c.closed and not partial:
        return UNFINISHED
    assert c.header is not None
    return Candidate(str(path.resolve()), c.header, len(blob), hashlib.md5(blob, usedforsecurity=False).hexdigest(), len(c.events), c.tip, c.executed)


def _last_link(blob: bytes) -> str:
    last = blob.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return fmt.line_link(last, 2 if last.endswith(b'"}') and last[-fmt.TAIL_LEN : -fmt.TAIL_LEN + 6] == b',"h":"' else 1)


def _link_at(path: str, index: int, version: int) -> str | None:
    """The chain link of line ``index`` (0: the header) of the record at ``path``."""
    try:
        lines = fmt.read_regular(path).split(b"\n")
    except OSError:
        return None
    return fmt.line_link(lines[index], version) if index < len(lines) else None


class _Resolved(msgspec.Struct):
    load: list[Candidate]  # to insert
    replace: list[str]  # games whose archived record a longer one replaces (delete first)
    skipped: int = 0
    rejected: list[Rejected] = []


def resolve(chunk: list[Candidate], have: dict[str, tuple[int, str | None, int, str]]) -> _Resolved:
    """Which checked records of ``chunk`` go in, given what the archive ``have``s
    ({game: (events, tip, bytes, path)}) and each other."""
    out = _Resolved([], [])
    chosen: dict[str, Candidate] = {}
    for c in chunk:
        gid = c.header.game
        prev = chosen.get(gid)
        n, tip, where = (prev.events, prev.tip, prev.path) if prev else (have[gid][0], have[gid][1], have[gid][3]) if gid in have else (None, None, "")
        if n is None:
            chosen[gid] = c
        elif tip is None or c.events < n or (c.events == n and c.tip == tip):
            out.skipped += 1  # the same record, a shorter one, or archived before tips were kept
        elif c.events > n and _link_at(c.path, n, c.header.v) == tip:
            if prev is not None:
                out.skipped += 1  # the shorter one of this run never goes in
            chosen[gid] = c
        else:
            out.rejected.append(Rejected(c.path, f"{c.path}: another record of game {gid} is in ({where}, {n} events) and this one parts from it at or before line {min(n, c.events) + 1}"))
    out.load = list(chosen.values())
    out.replace = [g for g in chosen if g in have]
    return out


class _Batch(msgspec.Struct):
    added: int = 0
    replaced: int = 0
    events: int = 0
    skipped: int = 0
    rejected: list[Rejected] = []


class _Loader:
    """A thread that loads checked chunks, one transaction per batch, while the caller checks the next."""

    def __init__(self, con, shape: archive.EventShape, report: IngestReport, progress: Callable[[IngestReport], None] | None, started: float) -> None:
        self.shape, self.report, self.progress, self.started = shape, report, progress, started
        self.queue: queue.Queue = queue.Queue(maxsize=1)
        self.stop = threading.Event()
        self.done = threading.Event()  # set by the loader when its connection is closed
        self.error: BaseException | None = None
        self.cur = con.cursor()
        self.thread = threading.Thread(target=self._run, name="sgz-ingest-loader", daemon=True)
        self.thread.start()

    def put(self, chunk: list[Candidate] | None, *, last: bool) -> None:
        while True:
            if self.error is not None or self.done.is_set():
                self._raise()
            try:
                self.queue.put((chunk, last), timeout=0.2)
                return
            except queue.Full:
                continue

    def finish(self) -> None:
        self.put(None, last=True)
        self._join()
        if self.error is not None:
            raise self.error

    def abort(self) -> None:
        """Stop the batch in flight and wait until it has rolled back."""
        import signal

        main = threading.current_thread() is threading.main_thread()
        old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None  # a second Ctrl-C must not cut the rollback short
        try:
            # The loader sees the flag after the query it is in (a chunk's
            # queries are short).  DuckDB's interrupt() is not used: landing
            # between two queries it wedged the connection (SIGABRT at exit).
            self.stop.set()
            self._join()
        finally:
            if main:
                signal.signal(signal.SIGINT, old)

    def _join(self) -> None:
        # Waits on its own event: a Thread.join cut by Ctrl-C may say the
        # thread ended before it has (and the archive would close under it).
        while not self.done.wait(0.2):
            pass

    def _raise(self) -> None:
        if self.error is not None:
            raise self.error
        if self.done.is_set() and not self.stop.is_set():
            raise archive.ArchiveError("ingest failed: the loader stopped")

    def _run(self) -> None:
        batch: _Batch | None = None
        cur = self.cur
        try:
            while not self.stop.is_set():
                try:
                    chunk, last = self.queue.get(timeout=0.2)
                except queue.Empty:
                    continue
                if chunk is None:
                    return
                if batch is None:
                    cur.execute("BEGIN TRANSACTION")
                    batch = _Batch()
                self._load(chunk, batch)
                if last:
                    archive._stage_hook("before-commit", self.stop)
                    cur.execute("COMMIT")
                    self._done(batch)
                    batch = None
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            import duckdb

            if isinstance(exc, duckdb.InterruptException) or self.stop.is_set():
                exc = KeyboardInterrupt("ingest interrupted")
            elif isinstance(exc, duckdb.Error):
                exc = archive.ArchiveError(f"ingest failed: {(str(exc).strip().splitlines() or [''])[0]}")
            self.error = exc
        finally:
            if batch is not None:
                try:
                    archive._drop_staging(cur)
                    cur.execute("ROLLBACK")
                except Exception:  # noqa: BLE001 - the transaction dies with the connection anyway
                    pass
            cur.close()
            self.done.set()

    def _load(self, chunk: list[Candidate], batch: _Batch) -> None:
        import duckdb

        cur = self.cur
        r = resolve(chunk, archive.archived(cur, sorted({c.header.game for c in chunk})))
        try:
            events, changed = archive.load_checked(cur, r.load, self.shape, self.stop, r.replace)
        except duckdb.InterruptException:
            raise
        except duckdb.Error:
            # A file that cannot be read as text any more was changed after its check.
            gone = {c.path for c in r.load if _md5(c.path) != c.md5}
            if not gone:
                raise
            events, changed = archive.load_checked(cur, [c for c in r.load if c.path not in gone], self.shape, self.stop, r.replace)
            changed |= gone
        archive._drop_staging(cur)
        for c in r.load:
            if c.path in changed:
                r.rejected.append(Rejected(c.path, f"{c.path}: changed while being ingested; ingest it again"))
        loaded = [c for c in r.load if c.path not in changed]
        batch.added += len(loaded)
        batch.replaced += sum(c.header.game in r.replace for c in loaded)
        batch.events += events
        batch.skipped += r.skipped
        batch.rejected.extend(r.rejected)

    def _done(self, batch: _Batch) -> None:
        rep = self.report
        rep.added += batch.added
        rep.replaced += batch.replaced
        rep.events += batch.events
        rep.skipped += batch.skipped
        rep.rejected.extend(batch.rejected)
        rep.batches += 1
        if self.progress is not None:
            rep.seconds = time.perf_counter() - self.started
            self.progress(rep)


def _md5(path: str) -> str | None:
    try:
        return hashlib.md5(fmt.read_regular(path), usedforsecurity=False).hexdigest()
    except OSError:
        return None
