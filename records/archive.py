"""The archive: records loaded into a DuckDB database, for statistics and SQL.

Tables (see ``SCHEMA``): ``games`` (one row a record: header, length, ending,
the record's path), ``seats`` (general, role, kingdom, bot, result, damage),
``events`` (every event: game, seq, type and generic columns, plus the JSON of
events whose fields the columns do not all hold), ``damage`` and ``deaths``
(the events statistics need most, small and fast), ``decisions`` (each
decision with what its decider could see: their hand, the turn, the phase),
and the dimensions ``generals`` and ``cards``.

Ingest does the heavy work inside DuckDB: it reads a batch of record files
with ``read_text``, checks every line's chain link with ``md5`` (format v2,
see ``records.format``), parses the events with ``from_json`` and fills the
tables with set-wise SQL, all in one transaction per batch.  Python only reads
the header lines (to skip games already in) and explains damaged records.
The generic event columns and the JSON fallback follow ``core.events.AnyEvent``
at run time, so event types added later ingest without changes here.

The database is a file (``default_db()``: ``$SGZ_DB`` or ``./sgz.duckdb``).
DuckDB lets one process write it at a time; ``open_db`` turns the lock error
into an ``ArchiveError`` (after waiting up to ``wait`` seconds).
"""
from __future__ import annotations

import os
import time
import typing
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from . import format as fmt

SCHEMA_VERSION = 2  # v2: decisions.vis


from .db import ArchiveError, default_db, game_paths, open_db  # noqa: E402,F401  (re-exported)


# --- the schema ---------------------------------------------------------------

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);
CREATE TABLE IF NOT EXISTS games (
    game VARCHAR PRIMARY KEY,   -- the game id of the record's header
    path VARCHAR,               -- the record file (absolute) at ingest: sgz replay PATH --at SEQ
    mode VARCHAR, players SMALLINT, seed BIGINT, rules VARCHAR,
    format SMALLINT,            -- the record format version
    options JSON, bots JSON,    -- seat (text) -> bot name; seats absent were people
    parent VARCHAR, fork_at INTEGER,
    events INTEGER, decisions INTEGER, turns INTEGER, rounds INTEGER,
    finished BOOLEAN,           -- the record has the game's end
    winner VARCHAR,             -- the side that won (lord, rebels, renegade), or turn_limit ... for a draw
    end_reason VARCHAR, winners SMALLINT[], end_seq INTEGER,
    bytes BIGINT, ingested_at TIMESTAMP
);
CREATE TABLE IF NOT EXISTS seats (
    game VARCHAR, seat SMALLINT,
    general VARCHAR, kingdom VARCHAR, role VARCHAR,
    bot VARCHAR,                -- NULL: a person played this seat
    result VARCHAR,             -- win | loss | draw | unfinished
    won BOOLEAN,
    points INTEGER,             -- post-game points, where the mode scores them (NULL otherwise)
    died_seq INTEGER, killer SMALLINT, death_cause VARCHAR,
    damage_dealt INTEGER, damage_taken INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    game VARCHAR, seq INTEGER,
    type VARCHAR,               -- the event's tag ("t"): move, use, damage, dec ...
    "window" VARCHAR,           -- the timing window it happened in ("w")
    actor SMALLINT,             -- "seat" (or, without one, "src": a damage's source)
    targets SMALLINT[],         -- "targets" (or [dst] for a damage)
    card VARCHAR,               -- a card or skill name: "name", "card", "source" or "cause"
    cards SMALLINT[],           -- physical card numbers: "cards" or a move's "c"
    amount SMALLINT,            -- "n"
    nature VARCHAR,
    from_zone VARCHAR, from_seat SMALLINT, to_zone VARCHAR, to_seat SMALLINT, vis SMALLINT[],
    reason VARCHAR,             -- a move's "why", an end's "reason"
    kind VARCHAR, option VARCHAR, phase VARCHAR,
    data JSON                   -- the whole event, for types the columns above do not fully hold
);
CREATE TABLE IF NOT EXISTS damage (
    game VARCHAR, seq INTEGER, src SMALLINT, dst SMALLINT, n SMALLINT,
    nature VARCHAR, card VARCHAR, "window" VARCHAR
);
CREATE TABLE IF NOT EXISTS deaths (
    game VARCHAR, seq INTEGER, seat SMALLINT, role VARCHAR, killer SMALLINT, cause VARCHAR
);
CREATE TABLE IF NOT EXISTS decisions (
    game VARCHAR, seq INTEGER, seat SMALLINT,
    kind VARCHAR, cards SMALLINT[], targets SMALLINT[], option VARCHAR,
    turn INTEGER, round INTEGER,  -- 0 before the first turn (choosing generals, say)
    current SMALLINT, phase VARCHAR,  -- whose turn it is (NULL before the first), and its phase
    hand SMALLINT[],            -- the decider's hand just before deciding (what they could see)
    hand_size SMALLINT,
    vis SMALLINT[]              -- a secret decision: the seats that may see it (NULL: everyone)
);
"""

TABLES = ("games", "seats", "events", "damage", "deaths", "decisions", "generals", "cards")


def ensure_schema(con) -> None:
    con.execute(SCHEMA)
    row = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if row is None:
        con.execute("INSERT INTO meta VALUES ('schema', ?)", [str(SCHEMA_VERSION)])
    elif int(row[0]) > SCHEMA_VERSION:
        raise ArchiveError(f"the archive's schema v{row[0]} is newer than this sgz (v{SCHEMA_VERSION})")
    elif int(row[0]) < 2:
        con.execute("ALTER TABLE decisions ADD COLUMN IF NOT EXISTS vis SMALLINT[]")
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(SCHEMA_VERSION)])


def _refresh_dimensions(con) -> None:
    """generals and cards: small tables from core, rewritten at every ingest."""
    from core import modes as _modes  # noqa: F401  (the modes' packs print their cards and generals)
    from core.deck import CARDS
    from core.generals import GENERALS

    gens = list(GENERALS.values())
    con.execute("CREATE OR REPLACE TABLE generals (general VARCHAR PRIMARY KEY, name_zh VARCHAR, kingdom VARCHAR, gender VARCHAR, max_hp SMALLINT)")
    con.execute(
        "INSERT INTO generals SELECT unnest($a), unnest($b), unnest($c), unnest($d), unnest($e)",
        {"a": [g.id for g in gens], "b": [g.name_zh for g in gens], "c": [g.kingdom for g in gens], "d": [g.gender for g in gens], "e": [g.max_hp for g in gens]},
    )
    con.execute("CREATE OR REPLACE TABLE cards (card SMALLINT PRIMARY KEY, name VARCHAR, name_zh VARCHAR, suit VARCHAR, rank SMALLINT, type VARCHAR, subtype VARCHAR, pack VARCHAR)")
    printed = [c for c in CARDS if c.name]  # numbers between packs' ranges are blank
    con.execute(
        "INSERT INTO cards SELECT unnest($a), unnest($b), unnest($c), unnest($d), unnest($e), unnest($f), unnest($g), unnest($h)",
        {
            "a": [c.number for c in printed], "b": [c.name for c in printed], "c": [c.kind.zh for c in printed], "d": [c.suit for c in printed],
            "e": [c.rank for c in printed], "f": [c.kind.type for c in printed], "g": [c.kind.subtype for c in printed], "h": [c.pack for c in printed],
        },
    )


# --- generic event columns, from core.events.AnyEvent -------------------------

# events column -> (DuckDB type, the event fields it takes, first present wins)
COLUMNS: dict[str, tuple[str, tuple[str, ...]]] = {
    "window": ("VARCHAR", ("w",)),
    "actor": ("SMALLINT", ("seat", "src")),
    "targets": ("SMALLINT[]", ("targets", "dst")),
    "card": ("VARCHAR", ("name", "card", "source", "cause")),
    "cards": ("SMALLINT[]", ("cards", "c")),
    "amount": ("SMALLINT", ("n",)),
    "nature": ("VARCHAR", ("nature",)),
    "from_zone": ("VARCHAR", ("from",)),
    "from_seat": ("SMALLINT", ("of",)),
    "to_zone": ("VARCHAR", ("to",)),
    "to_seat": ("SMALLINT", ("at",)),
    "vis": ("SMALLINT[]", ("vis",)),
    "reason": ("VARCHAR", ("why", "reason")),
    "kind": ("VARCHAR", ("kind",)),
    "option": ("VARCHAR", ("option",)),
    "phase": ("VARCHAR", ("phase",)),
}
_NOTHING = (-1, "", (), None)



def _duck_type(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _duck_type(args[0]) if len(args) == 1 else "JSON"
    if origin is tuple or origin is list:
        args = typing.get_args(tp)
        return _duck_type(args[0]) + "[]" if args else "JSON"
    # Seats, card numbers and amounts are small; turn numbers are not parsed as this.
    return {int: "SMALLINT", str: "VARCHAR", bool: "BOOLEAN", float: "DOUBLE"}.get(tp, "JSON")


class EventShape(msgspec.Struct, frozen=True):
    """How ingest reads events: derived from ``core.events.AnyEvent`` when first used."""

    tags: tuple[str, ...]
    struct: dict[str, str]  # field -> DuckDB type, for from_json
    columned: tuple[str, ...]  # tags whose every field has a column (no JSON kept)
    select: dict[str, str]  # events column -> SQL over the parsed struct ``j``


def event_shape() -> EventShape:
    from core import events as ev

    struct: dict[str, str] = {"t": "VARCHAR", "i": "INTEGER"}
    fields_by_tag: dict[str, dict[str, msgspec.structs.FieldInfo]] = {}
    from core.modes import RULESETS

    # The core events and every registered mode's own.
    types = list(ev.EVENT_TYPES) + [t for rs in RULESETS.values() for t in rs.events if t not in ev.TAGS]
    for cls in types:
        tag = cls.__struct_config__.tag
        fields = {f.encode_name: f for f in msgspec.structs.fields(cls)}
        fields_by_tag[tag] = fields
        for name, f in fields.items():
            dt = _duck_type(f.type)
            if struct.get(name, dt) != dt:
                dt = "JSON"  # the same key with two types: keep its JSON text
            struct[name] = dt
    # Parse only what the columns take (the rest of an event stays in data).
    wanted = {s for _, srcs in COLUMNS.values() for s in srcs}
    struct = {"t": "VARCHAR"} | {k: struct[k] for k in sorted(wanted) if k in struct}
    columned = []
    for tag, fields in fields_by_tag.items():
        used = set()
        for _, (_, sources) in COLUMNS.items():
            present = [s for s in sources if s in fields]
            if present:
                used.add(present[0])
        if set(fields) <= used:
            columned.append(tag)
    select: dict[str, str] = {}
    for col, (dtype, sources) in COLUMNS.items():
        parts = []
        for s in sources:
            if s not in struct:
                continue
            expr = f'j."{s}"'
            if dtype.endswith("[]") and not struct[s].endswith("[]"):
                expr = f'CASE WHEN j."{s}" IS NULL THEN NULL ELSE [j."{s}"] END'
            parts.append(f"TRY_CAST({expr} AS {dtype})" if struct[s] != dtype and not struct[s].endswith("[]") and not dtype.endswith("[]") else expr)
        defaults = {}
        for tag, fields in fields_by_tag.items():
            present = [s for s in sources if s in fields]
            if present:
                d = fields[present[0]].default
                if d is not msgspec.NODEFAULT and d not in _NOTHING and isinstance(d, (str, int)):
                    defaults[tag] = d
        if defaults:
            cases = " ".join(f"WHEN {_lit(tag)} THEN {_lit(d)}" for tag, d in sorted(defaults.items()))
            parts.append(f"CASE j.t {cases} END")
        select[col] = parts[0] if len(parts) == 1 else f"coalesce({', '.join(parts)})" if parts else "NULL"
    return EventShape(tuple(fields_by_tag), struct, tuple(sorted(columned)), select)


def _lit(v: Any) -> str:
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    return str(int(v))


def _struct_sql(struct: dict[str, str]) -> str:
    return _lit(msgspec.json.encode(struct).decode())


# --- ingest -------------------------------------------------------------------


class Rejected(msgspec.Struct):
    path: str
    why: str  # "file:line: why"


class IngestReport(msgspec.Struct):
    files: int = 0  # record files looked at
    added: int = 0  # games added
    events: int = 0  # events added
    skipped: int = 0  # records whose game was already in the archive (or twice in the input)
    rejected: list[Rejected] = []
    batches: int = 0
    seconds: float = 0.0

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0


class _File(msgspec.Struct):
    path: str
    header: fmt.Header
    bytes: int
    legacy: bool  # format 1: its chain was checked in Python


def record_files(paths: Iterable[str | Path]) -> list[Path]:
    """The record files named: files as given, folders searched for *.jsonl."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.jsonl") if q.is_file()))
        else:
            out.append(p)
    return out


def _read_header(path: Path) -> tuple[fmt.Header, int]:
    where = str(path)
    try:
        with open(path, "rb") as f:
            first = f.readline()
            size = os.fstat(f.fileno()).st_size
    except OSError as exc:
        raise fmt.RecordError(f"{where}: cannot read ({exc.strerror})") from None
    if not first.strip():
        raise fmt.RecordError(f"{where}:1: empty file, not a record")
    if not first.endswith(b"\n"):
        raise fmt.RecordError(f"{where}:1: truncated header (no newline)")
    line = first.rstrip(b"\n")
    header = fmt.parse_header(line, where)
    if header.v >= 2:
        bad = fmt.check_lines([line], header.v)
        if bad is not None:
            raise fmt.RecordError(f"{where}:1: {bad[1]}")
    return header, size


# Hooks for tests: called after each stage of a batch, inside its transaction.
_T0 = [0.0, 0.0]


def _stage_hook(stage: str) -> None:
    if os.environ.get("SGZ_PROFILE"):
        import sys

        now, cpu = time.perf_counter(), time.process_time()
        print(f"sgz-profile: {stage} {now - _T0[0]:.3f}s (cpu {cpu - _T0[1]:.3f}s)", file=sys.stderr)
        _T0[0], _T0[1] = now, cpu
    pause = os.environ.get("SGZ_TEST_INGEST_PAUSE")
    if pause == stage:
        import sys

        print(f"sgz-test: paused at {stage}", file=sys.stderr, flush=True)
        time.sleep(3600)


def ingest(
    con,
    paths: Iterable[str | Path],
    *,
    batch_size: int = 2000,
    workers: int | None = None,
    progress: Callable[[IngestReport], None] | None = None,
) -> IngestReport:
    """Load the records at ``paths`` into the archive; one transaction per batch.

    A record whose game is already in is skipped; a damaged record is rejected
    (listed in the report) and the rest of its batch goes in.  ``workers``
    batches are loaded at once (default: 2, or 1 on a one-core machine), each
    through its own cursor and transaction.
    """
    started = time.perf_counter()
    report = IngestReport()
    # Row order in the tables means nothing (seq says it); without keeping
    # it, DuckDB runs table-building queries on every thread.
    con.execute("SET preserve_insertion_order = false")
    ensure_schema(con)
    _refresh_dimensions(con)
    known = {row[0] for row in con.execute("SELECT game FROM games").fetchall()}
    files: list[_File] = []
    for path in record_files(paths):
        report.files += 1
        try:
            header, size = _read_header(path)
        except fmt.RecordError as exc:
            report.rejected.append(Rejected(str(path), str(exc)))
            continue
        if header.game in known:
            report.skipped += 1
            continue
        known.add(header.game)
        legacy = header.v < fmt.CHAIN_SINCE  # v1's BLAKE2b chain: DuckDB cannot check it, Python does
        if legacy:
            s = fmt.scan(path)
            if s.error is not None:
                report.rejected.append(Rejected(str(path), s.error))
                continue
        files.append(_File(str(path.resolve()), header, size, legacy))
    shape = event_shape()
    workers = max(1, workers if workers is not None else min(2, os.cpu_count() or 1))
    batches = plan_batches(files, batch_size, workers)

    def done(r: _BatchResult) -> None:
        report.added += r.added
        report.events += r.events
        report.rejected.extend(r.rejected)
        report.batches += 1
        if progress is not None:
            report.seconds = time.perf_counter() - started
            progress(report)

    if workers == 1 or len(batches) <= 1:
        for batch in batches:
            done(_ingest_batch(con, batch, shape))
    else:
        _ingest_parallel(con, batches, shape, workers, done)
    report.seconds = time.perf_counter() - started
    return report


MIN_BATCH = 50  # below this, splitting a batch across workers costs more than it gains


def plan_batches(files: list[_File], batch_size: int, workers: int) -> list[list[_File]]:
    """Batches of at most ``batch_size``, and at least ``workers`` of them when there are enough files."""
    if not files:
        return []
    n = -(-len(files) // batch_size)
    n = max(n, min(workers, len(files) // MIN_BATCH))
    size = -(-len(files) // max(n, 1))
    return [files[k : k + size] for k in range(0, len(files), size)]


def _ingest_parallel(con, batches: list[list[_File]], shape: EventShape, workers: int, done: Callable[[_BatchResult], None]) -> None:
    import threading

    lock = threading.Lock()
    queue = list(reversed(batches))
    stop = threading.Event()
    errors: list[BaseException] = []
    cursors = []

    def work() -> None:
        cur = con.cursor()
        with lock:
            cursors.append(cur)
        try:
            while not stop.is_set():
                with lock:
                    if not queue:
                        return
                    batch = queue.pop()
                result = _ingest_batch(cur, batch, shape)
                with lock:
                    done(result)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller below
            with lock:
                errors.append(exc)
            stop.set()
        finally:
            cur.close()

    threads = [threading.Thread(target=work, name=f"sgz-ingest-{k}", daemon=True) for k in range(workers)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.2)
    except BaseException:
        # Ctrl-C: stop the batches in flight (their transactions roll back).
        stop.set()
        with lock:
            for cur in cursors:
                try:
                    cur.interrupt()
                except Exception:  # noqa: BLE001
                    pass
        for t in threads:
            t.join(30)  # a batch past the interrupt's reach dies with the process, uncommitted
        raise
    if errors:
        raise errors[0]


class _BatchResult(msgspec.Struct):
    added: int = 0
    events: int = 0
    rejected: list[Rejected] = []


def _ingest_batch(con, batch: list[_File], shape: EventShape) -> _BatchResult:
    import duckdb

    result = _BatchResult()
    todo = list(batch)
    for attempt in range(2):
        con.execute("BEGIN TRANSACTION")
        try:
            bad = _load(con, todo, shape)
            if bad:
                # Damaged records: explain each from Python, then load the rest.
                con.execute("ROLLBACK")
                todo = _drop_bad(todo, bad, result.rejected)
                con.execute("BEGIN TRANSACTION")
                again = _load(con, todo, shape)
                if again:  # SQL and Python disagree: never load what SQL doubts
                    raise duckdb.Error(f"records still failing: {sorted(again)[:3]}")
            n_events = con.execute("SELECT count(*) FROM _ev").fetchone()[0]
            _stage_hook("before-commit")
            con.execute("COMMIT")
            result.added += len(todo)
            result.events += n_events
            _drop_staging(con)
            return result
        except duckdb.Error as exc:
            con.execute("ROLLBACK")
            _drop_staging(con)
            if isinstance(exc, duckdb.InterruptException):
                raise KeyboardInterrupt("ingest interrupted") from None
            if attempt == 1:
                raise ArchiveError(f"ingest failed: {str(exc).splitlines()[0]}") from None
            # read_text or from_json refused something (bad UTF-8, a forged
            # chain over bad JSON): find the culprits in Python, retry once.
            todo = _drop_bad(todo, {f.path for f in todo}, result.rejected, only_damaged=True)
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return result


def _drop_bad(todo: list[_File], suspects: set[str], rejected: list[Rejected], only_damaged: bool = False) -> list[_File]:
    keep = []
    for f in todo:
        if f.path in suspects:
            s = fmt.scan(f.path)
            if s.error is not None:
                rejected.append(Rejected(f.path, s.error))
                continue
            if not only_damaged:
                rejected.append(Rejected(f.path, f"{f.path}: the archive's check failed where sgz validate's passed (please report)"))
                continue
        keep.append(f)
    return keep


def _drop_staging(con) -> None:
    for t in ("_files", "_lines", "_ev"):
        con.execute(f"DROP TABLE IF EXISTS {t}")


def _load(con, batch: list[_File], shape: EventShape) -> set[str]:
    """Stage and load one batch in the open transaction; returns paths that failed the checks."""
    _drop_staging(con)
    _T0[0], _T0[1] = time.perf_counter(), time.process_time()
    if not batch:
        con.execute("CREATE TEMP TABLE _ev (game VARCHAR)")
        return set()
    enc = msgspec.json.encode
    con.execute(
        "CREATE TEMP TABLE _files (path VARCHAR, game VARCHAR, mode VARCHAR, players SMALLINT, seed BIGINT, rules VARCHAR, format SMALLINT,"
        " options JSON, bots JSON, parent VARCHAR, fork_at INTEGER, bytes BIGINT, legacy BOOLEAN)"
    )
    cols = list(zip(*[
        (f.path, h.game, h.mode, h.players, h.seed, h.rules, h.v, enc(h.options).decode(), enc(h.bots).decode(), h.parent, h.fork_at, f.bytes, f.legacy)
        for f in batch
        for h in (f.header,)
    ]))
    names = [f"c{i}" for i in range(len(cols))]
    con.execute(f"INSERT INTO _files SELECT {', '.join(f'unnest(${n})' for n in names)}", {n: list(c) for n, c in zip(names, cols)})
    # Every event line with the line before it (the header for event 0; the
    # split leaves an empty last element when a file ends with a newline).
    # Unnesting runs on one thread, so it is staged, and the parse below runs
    # on all of them.
    T, H = fmt.TAIL_LEN, fmt.H_LEN
    con.execute(
        f"""CREATE TEMP TABLE _lines AS
        SELECT *, format >= {fmt.SEALED_SINCE} AND substr(line, -{T}, 6) = ',"h":"' AND right(line, 2) = '"}}' AS seal
        FROM (SELECT game, legacy, format, term, unnest(ls[2:-2]) AS line, unnest(ls[1:-3]) AS prev,
                     unnest(range(len(ls) - 2))::INTEGER AS seq
              FROM (SELECT f.game, f.legacy, f.format, string_split(t.content, chr(10)) AS ls, ends_with(t.content, chr(10)) AS term
                    FROM read_text($paths) t JOIN _files f ON f.path = t.filename))""",
        {"paths": [f.path for f in batch]},
    )
    _stage_hook("lines")
    _check_seals(con, [f.path for f in batch if f.header.v >= fmt.SEALED_SINCE])
    _stage_hook("seals")
    # Check each chain link (format 1 was checked in Python, format 4's
    # seals just now) and parse the events columns.
    tags = ", ".join(_lit(t) for t in shape.tags)
    columned = ", ".join(_lit(t) for t in shape.columned) or "''"
    cols = ", ".join(f"{expr} AS {_ident(c)}" for c, expr in shape.select.items())
    con.execute(
        f"""CREATE TEMP TABLE _ev AS
        SELECT game, seq, j.t AS type, {cols},
               CASE WHEN j.t IN ({columned}) THEN NULL
                    ELSE left(line, len(line) - CASE WHEN legacy THEN 16 WHEN format >= {fmt.SEALED_SINCE} AND NOT seal THEN 1 ELSE {T} END) || '}}' END AS data,
               term AND CASE
                   WHEN legacy THEN true
                   WHEN format >= {fmt.SEALED_SINCE} THEN sealed_ok AND ends_with(left(line, len(line) - CASE WHEN seal THEN {T} ELSE 1 END), ',"i":' || seq)
                        AND right(line, 1) = '}}'
                   ELSE substr(line, -{T}, 6) = ',"h":"' AND right(line, 2) = '"}}'
                        AND substr(line, -{H} - 2, {H}) = left(to_base64(unhex(md5(substr(prev, -{H} - 2, {H}) || left(line, len(line) - {T})))), {H})
                        AND ends_with(left(line, len(line) - {T}), ',"i":' || seq) END
               AND j.t IN ({tags}) AND (seq > 0 OR j.t = 'start') AS ok
        FROM (SELECT l.game, l.seq, legacy, format, term, line, prev, seal, coalesce(s.ok, false) AS sealed_ok,
                     from_json(line, {_struct_sql(shape.struct)}) AS j
              FROM _lines l LEFT JOIN _seals s ON s.game = l.game)"""
    )
    con.execute("DROP TABLE _lines")
    con.execute("DROP TABLE _seals")
    _stage_hook("parsed")
    bad = con.execute("SELECT f.path FROM _files f WHERE f.game IN (SELECT game FROM _ev WHERE NOT coalesce(ok, false))").fetchall()
    _stage_hook("checked")
    if bad:
        return {r[0] for r in bad}
    _fill(con)
    return set()


def _check_seals(con, paths: list[str]) -> None:
    """``_seals(game, ok)``: whether every seal of each sealed-format record (v4 on) holds.

    Split at every ``,"h":"`` (the writer never lets an event hold one), a
    file is: the header's body, then for each seal a piece that is its
    ``h``, ``"}`` and a newline, then the next group's bytes up to its seal's
    body; the last piece is the last ``h``, ``"}`` and the final newline
    alone (anything after it was not sealed).  So each seal is checked by one
    MD5 over a piece, without moving lines around.
    """
    H = fmt.H_LEN
    con.execute(
        f"""CREATE TEMP TABLE _seals AS
        WITH pieces AS (
            SELECT game, unnest(ps) AS piece, unnest(range(len(ps))) AS k, len(ps) AS n
            FROM (SELECT f.game, string_split(t.content, ',"h":"') AS ps
                  FROM read_text($paths) t JOIN _files f ON f.path = t.filename WHERE f.format >= {fmt.SEALED_SINCE})),
        linked AS (SELECT *, lead(left(piece, {H})) OVER (PARTITION BY game ORDER BY k) AS h_next FROM pieces)
        SELECT game, bool_and(CASE
                   WHEN k = n - 1 THEN len(piece) = {H} + 3 AND right(piece, 3) = '"}}' || chr(10)
                   WHEN k = 0 THEN h_next = left(to_base64(unhex(md5(piece))), {H})
                   ELSE substr(piece, {H} + 1, 3) = '"}}' || chr(10)
                        AND h_next = left(to_base64(unhex(md5(left(piece, {H}) || substr(piece, {H} + 4)))), {H}) END) AS ok
        FROM linked GROUP BY game""",
        {"paths": paths},
    )


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'



def _fill(con) -> None:
    con.execute("INSERT INTO events BY NAME SELECT * EXCLUDE (ok) FROM _ev")
    _stage_hook("events")
    con.execute(
        """INSERT INTO damage SELECT game, seq, coalesce(actor, -1), targets[1], amount, coalesce(nature, 'normal'), coalesce(card, ''), coalesce("window", '')
           FROM _ev WHERE type = 'damage'"""
    )
    con.execute(
        """INSERT INTO deaths SELECT game, seq, actor, data->>'$.role', coalesce(TRY_CAST(data->>'$.killer' AS SMALLINT), -1), coalesce(card, '')
           FROM _ev WHERE type = 'death'"""
    )
    _stage_hook("damage+deaths")
    _fill_games(con)
    _stage_hook("games")
    _fill_seats(con)
    _stage_hook("seats")
    _fill_decisions(con)
    _stage_hook("decisions")


def _fill_games(con) -> None:
    con.execute(
        """INSERT INTO games
        SELECT f.game, f.path, f.mode, f.players, f.seed, f.rules, f.format, f.options, f.bots, f.parent, f.fork_at,
               coalesce(a.events, 0), coalesce(a.decisions, 0), coalesce(a.turns, 0), coalesce(a.rounds, 0),
               a.end_seq IS NOT NULL,
               CASE WHEN a.end_seq IS NULL THEN NULL ELSE split_part(a.end_reason, ':', 1) END,
               a.end_reason, a.winners, a.end_seq, f.bytes, now()
        FROM _files f LEFT JOIN (
            SELECT game, count(*) AS events, count(*) FILTER (WHERE type = 'dec') AS decisions,
                   max(TRY_CAST(data->>'$.turn' AS INTEGER)) FILTER (WHERE type = 'turn') AS turns,
                   max(TRY_CAST(data->>'$.round' AS INTEGER)) FILTER (WHERE type = 'turn') AS rounds,
                   max(seq) FILTER (WHERE type = 'end') AS end_seq,
                   arg_max(reason, seq) FILTER (WHERE type = 'end') AS end_reason,
                   arg_max(TRY_CAST(data->'$.winners' AS SMALLINT[]), seq) FILTER (WHERE type = 'end') AS winners
            FROM _ev GROUP BY game) a ON a.game = f.game"""
    )


def _fill_seats(con) -> None:
    con.execute(
        """INSERT INTO seats
        WITH s AS (SELECT game, bots, unnest(range(players))::SMALLINT AS seat FROM _files),
        roles AS (SELECT game, unnest(r) AS role, unnest(range(len(r)))::SMALLINT AS seat
                  FROM (SELECT game, TRY_CAST(data->'$.roles' AS VARCHAR[]) AS r FROM _ev WHERE type = 'roles')),
        shown AS (SELECT game, actor AS seat, arg_max(data->>'$.role', seq) AS role FROM _ev WHERE type IN ('show_role', 'death') GROUP BY ALL),
        gen AS (SELECT game, actor AS seat, arg_max(data->>'$.general', seq) AS general FROM _ev
                WHERE type = 'general' AND coalesce(TRY_CAST(data->>'$.slot' AS INTEGER), 0) = 0 GROUP BY ALL),
        ends AS (SELECT game, TRY_CAST(data->'$.points' AS INTEGER[]) AS pts FROM _ev WHERE type = 'end'),
        dead AS (SELECT game, seat, min(seq) AS died_seq, arg_min(killer, seq) AS killer, arg_min(cause, seq) AS cause
                 FROM deaths WHERE game IN (SELECT game FROM _files) GROUP BY ALL),
        dealt AS (SELECT game, src AS seat, sum(n) AS n FROM damage WHERE src >= 0 AND game IN (SELECT game FROM _files) GROUP BY ALL),
        taken AS (SELECT game, dst AS seat, sum(n) AS n FROM damage WHERE game IN (SELECT game FROM _files) GROUP BY ALL)
        SELECT s.game, s.seat, gen.general, gd.kingdom, coalesce(roles.role, shown.role),
               json_extract_string(s.bots, '$."' || s.seat || '"'),
               CASE WHEN NOT g.finished THEN 'unfinished' WHEN len(g.winners) = 0 THEN 'draw'
                    WHEN list_contains(g.winners, s.seat) THEN 'win' ELSE 'loss' END,
               g.finished AND list_contains(g.winners, s.seat),
               ends.pts[s.seat + 1], dead.died_seq, dead.killer, dead.cause,
               coalesce(dealt.n, 0), coalesce(taken.n, 0)
        FROM s JOIN games g ON g.game = s.game
        LEFT JOIN roles ON roles.game = s.game AND roles.seat = s.seat
        LEFT JOIN shown ON shown.game = s.game AND shown.seat = s.seat
        LEFT JOIN gen ON gen.game = s.game AND gen.seat = s.seat
        LEFT JOIN ends ON ends.game = s.game
        LEFT JOIN generals gd ON gd.general = gen.general
        LEFT JOIN dead ON dead.game = s.game AND dead.seat = s.seat
        LEFT JOIN dealt ON dealt.game = s.game AND dealt.seat = s.seat
        LEFT JOIN taken ON taken.game = s.game AND taken.seat = s.seat"""
    )


def _hand_words() -> int:
    """64-bit words that cover every printed card number (the catalogue of every pack)."""
    from core import modes as _modes  # noqa: F401  (the modes' packs print their cards)
    from core.deck import CARDS

    return (len(CARDS) + 63) // 64


def _fill_decisions(con) -> None:
    # The decider's hand: each card moving into or out of a seat's hand
    # toggles its bit in a mask of 64-bit words (one per 64 card numbers); a
    # running XOR per (game, seat) gives the hand before each decision.
    words = range(_hand_words())
    toggles = ",\n".join(
        f"bit_xor(CASE WHEN c >= {64 * k} AND c < {64 * (k + 1)} THEN 1::UBIGINT << (c - {64 * k})::UBIGINT ELSE 0::UBIGINT END) AS w{k}" for k in words
    )
    zeros = ", ".join("0::UBIGINT" for _ in words)
    w = ", ".join(f"w{k}" for k in words)
    running = ", ".join(f"bit_xor(w{k}) OVER w AS h{k}" for k in words)
    bits = ",\n".join(
        f"CASE WHEN h{k} = 0 THEN [] ELSE list_transform(list_filter(range(64), lambda c: (h{k} >> c::UBIGINT) & 1::UBIGINT = 1::UBIGINT), lambda c: c + {64 * k}) END"
        for k in words
    )
    con.execute(
        f"""INSERT INTO decisions
        WITH toggles AS (
            SELECT game, seq, seat, {toggles}
            FROM (SELECT game, seq, from_seat AS seat, unnest(cards) AS c FROM _ev WHERE type = 'move' AND from_zone = 'hand'
                  UNION ALL
                  SELECT game, seq, to_seat AS seat, unnest(cards) AS c FROM _ev WHERE type = 'move' AND to_zone = 'hand')
            GROUP BY ALL),
        decs AS (SELECT game, seq, actor AS seat, kind, cards, targets, option, vis FROM _ev WHERE type = 'dec'),
        rows AS (SELECT game, seq, seat, {w}, false AS is_dec FROM toggles
                 UNION ALL SELECT game, seq, seat, {zeros}, true FROM decs),
        run AS (SELECT game, seq, seat, is_dec, {running}
                FROM rows WINDOW w AS (PARTITION BY game, seat ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)),
        hands AS (SELECT game, seq, list_concat({bits})::SMALLINT[] AS hand
                  FROM run WHERE is_dec),
        turns AS (SELECT game, seq, TRY_CAST(data->>'$.turn' AS INTEGER) AS turn, TRY_CAST(data->>'$.round' AS INTEGER) AS round, actor AS current
                  FROM _ev WHERE type = 'turn'),
        phases AS (SELECT game, seq, phase FROM _ev WHERE type IN ('phase', 'turn_end', 'turn'))
        SELECT d.game, d.seq, d.seat, d.kind, d.cards, d.targets, coalesce(d.option, ''),
               coalesce(t.turn, 0), coalesce(t.round, 0), t.current, coalesce(p.phase, ''), h.hand, len(h.hand), d.vis
        FROM decs d
        JOIN hands h ON h.game = d.game AND h.seq = d.seq
        ASOF LEFT JOIN turns t ON t.game = d.game AND t.seq <= d.seq
        ASOF LEFT JOIN phases p ON p.game = d.game AND p.seq <= d.seq"""
    )


# --- export -------------------------------------------------------------------


def export_parquet(con, out: str | Path, *, overwrite: bool = False) -> dict[str, int]:
    """Write every table as Parquet under ``out/<table>/mode=<mode>/``; returns rows by table."""
    out = Path(out)
    if out.exists() and any(out.iterdir()) and not overwrite:
        raise ArchiveError(f"{out} is not empty (pass --overwrite to replace it)")
    out.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    opt = ", OVERWRITE_OR_IGNORE true" if overwrite else ""
    for table in ("games", "seats", "events", "damage", "deaths", "decisions"):
        if table == "games":
            src = "SELECT * FROM games"
        else:
            src = f"SELECT t.*, g.mode FROM {table} t JOIN games g USING (game)"
        target = (out / table).as_posix().replace("'", "''")
        con.execute(f"COPY ({src}) TO '{target}' (FORMAT PARQUET, PARTITION_BY (mode), WRITE_PARTITION_COLUMNS true{opt})")
        counts[table] = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    for table in ("generals", "cards"):
        target = (out / f"{table}.parquet").as_posix().replace("'", "''")
        con.execute(f"COPY {table} TO '{target}' (FORMAT PARQUET)")
        counts[table] = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return counts


def attach_parquet(con, folder: str | Path) -> None:
    """Views named like the archive's tables over an exported Parquet folder."""
    folder = Path(folder)
    for table in ("games", "seats", "events", "damage", "deaths", "decisions"):
        glob = (folder / table / "**" / "*.parquet").as_posix().replace("'", "''")
        con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{glob}')")
    for table in ("generals", "cards"):
        path = (folder / f"{table}.parquet").as_posix().replace("'", "''")
        con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{path}')")
