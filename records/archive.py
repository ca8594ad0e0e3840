"""The archive: records loaded into a DuckDB database, for statistics and SQL.

Tables (see ``SCHEMA``): ``games`` (one row a record: header, length, ending,
the record's path), ``seats`` (general, role, kingdom, bot, result, damage),
``events`` (every event: game, seq, type and generic columns, plus the JSON of
events whose fields the columns do not all hold), ``damage`` and ``deaths``
(the events statistics need most, small and fast), ``decisions`` (each
decision with what its decider could see: their hand, the turn, the phase),
and the dimensions ``generals`` and ``cards``.

``decisions`` is a view, built on first use: an ingest only notes its games
in ``decisions_pending``; the view is the rows built so far
(``decision_rows``) and, for the pending games, the same rows computed from
their events.  So every reader, of any version or connection, sees every
decision; ``ensure_decisions`` stores the pending rows (a reader that will
read decisions does it first: ``records.db.open_reader(build_decisions=True)``).

Which records go in is decided by ``records.ingest`` (each is checked by
``records.check``, as ``sgz validate`` checks it).  The loading is done here,
inside DuckDB: ``load_checked`` reads the checked files with ``read_text``
(keeping only those whose MD5 is the checked bytes'), parses the events with
``from_json`` and fills the tables with set-wise SQL, in the caller's
transaction.  The generic event columns and the JSON fallback follow the core
events and every registered mode's own at run time, so event types added
later ingest without changes here.

The database is a file (``default_db()``: ``$SGZ_DB`` or ``./sgz.duckdb``).
DuckDB lets one process write it at a time; ``open_db`` turns the lock error
into an ``ArchiveError`` (after waiting up to ``wait`` seconds).
"""
from __future__ import annotations

import os
import time
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from . import format as fmt

SCHEMA_VERSION = 6  # 2: decisions.vis; 3: games.validated and games.tip; 4: games.seed HUGEINT; 5: games.people, seats.player;
# 6: decisions a view over decision_rows (the table renamed) and the games of decisions_pending


from .db import ArchiveError, default_db, game_paths, open_db  # noqa: E402,F401  (re-exported)


# --- the schema ---------------------------------------------------------------

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);
CREATE TABLE IF NOT EXISTS games (
    game VARCHAR PRIMARY KEY,   -- the game id of the record's header
    path VARCHAR,               -- the record file (absolute) at ingest: sgz replay PATH --at SEQ
    mode VARCHAR, players SMALLINT, seed HUGEINT, rules VARCHAR,  -- a seed is any 64-bit integer, signed or not
    format SMALLINT,            -- the record format version
    options JSON, bots JSON,    -- seat (text) -> bot name; seats absent were people
    parent VARCHAR, fork_at INTEGER,
    events INTEGER, decisions INTEGER, turns INTEGER, rounds INTEGER,
    finished BOOLEAN,           -- the record has the game's end
    winner VARCHAR,             -- the side that won (lord, rebels, renegade), or turn_limit ... for a draw
    end_reason VARCHAR,         -- the end event's reason, or quit:SEAT for a quit game
    winners SMALLINT[], end_seq INTEGER,
    bytes BIGINT, ingested_at TIMESTAMP,
    validated BOOLEAN,          -- its decisions were re-run at ingest (--verify); NULL: ingested before schema v3
    tip VARCHAR,                -- the chain link of its last line: a longer record of the game extends it
    people JSON                 -- seat (text) -> the display name of the person who played it (v5; older records: {})
);
CREATE TABLE IF NOT EXISTS seats (
    game VARCHAR, seat SMALLINT,
    general VARCHAR, kingdom VARCHAR, role VARCHAR,
    bot VARCHAR,                -- NULL: a person played this seat
    result VARCHAR,             -- win | loss | draw | unfinished
    won BOOLEAN,
    points INTEGER,             -- post-game points, where the mode scores them (NULL otherwise)
    died_seq INTEGER, killer SMALLINT, death_cause VARCHAR,
    damage_dealt INTEGER, damage_taken INTEGER,
    player VARCHAR              -- the display name of the person at the seat (NULL: a bot, or a person the record does not name)
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
CREATE TABLE IF NOT EXISTS decision_rows (  -- the decisions built: read them as the view decisions
    game VARCHAR, seq INTEGER, seat SMALLINT,
    kind VARCHAR, cards SMALLINT[], targets SMALLINT[], option VARCHAR,
    turn INTEGER, round INTEGER,  -- 0 before the first turn (choosing generals, say)
    current SMALLINT, phase VARCHAR,  -- whose turn it is (NULL before the first), and its phase
    hand SMALLINT[],            -- the decider's hand just before deciding (what they could see)
    hand_size SMALLINT,
    vis SMALLINT[]              -- a secret decision: the seats that may see it (NULL: everyone)
);
CREATE TABLE IF NOT EXISTS decisions_pending (game VARCHAR);  -- games whose decision_rows are not built yet
"""

TABLES = ("games", "seats", "events", "damage", "deaths", "decisions", "generals", "cards")


def ensure_schema(con) -> None:
    con.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    row = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if row is not None and int(row[0]) > SCHEMA_VERSION:
        raise ArchiveError(f"the archive's schema v{row[0]} is newer than this sgz (v{SCHEMA_VERSION})")
    if row is not None and int(row[0]) < 6 and _is_table(con, "decisions"):
        # v6: the built rows keep the table; decisions becomes the view over them (every game's built).
        con.execute("ALTER TABLE decisions RENAME TO decision_rows")
    con.execute(SCHEMA)
    if row is None:
        con.execute("INSERT INTO meta VALUES ('schema', ?)", [str(SCHEMA_VERSION)])
    elif int(row[0]) < SCHEMA_VERSION:
        con.execute("ALTER TABLE decision_rows ADD COLUMN IF NOT EXISTS vis SMALLINT[]")  # v2
        # v3: games ingested before keep NULL (not re-run, no tip known).
        con.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS validated BOOLEAN")
        con.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS tip VARCHAR")
        con.execute("ALTER TABLE games ALTER seed TYPE HUGEINT")  # v4
        # v5: games ingested before name nobody (their records may: ingest them again to fill it).
        con.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS people JSON")
        con.execute("ALTER TABLE seats ADD COLUMN IF NOT EXISTS player VARCHAR")
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(SCHEMA_VERSION)])
    # Made again each time: the hand's bit masks cover the card catalogue of this sgz.
    con.execute(f"CREATE OR REPLACE VIEW decisions AS {decisions_view_sql()}")


def _is_table(con, name: str) -> bool:
    return bool(con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = ? AND schema_name = 'main' AND database_name = current_database()", [name]).fetchone()[0])


def _refresh_dimensions(con) -> None:
    """generals and cards: small tables from core, rewritten at every ingest."""
    from sanguozhi.core.deck import CARDS
    from sanguozhi.core.generals import GENERALS
    from sanguozhi.core.modes import load_all

    load_all()  # every mode's packs print their cards and generals

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
    from sanguozhi.core import events as ev

    struct: dict[str, str] = {"t": "VARCHAR", "i": "INTEGER"}
    fields_by_tag: dict[str, dict[str, msgspec.structs.FieldInfo]] = {}
    from sanguozhi.core.modes import RULESETS

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
            if struct[s] == "JSON" and dtype == "VARCHAR":
                expr = f"({expr} ->> '$')"  # a string kept as JSON text: its value, unquoted
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


# --- loading checked records -------------------------------------------------
#
# records.ingest decides which records go in (each checked by records.check,
# the one definition of a valid record); the functions here load them with
# set-wise SQL inside the caller's transaction.


def prepare_ingest(con, memory_limit: str) -> None:
    """Settings, schema and dimensions for an ingest on ``con``."""
    # Row order in the tables means nothing (seq says it); without keeping
    # it, DuckDB runs table-building queries on every thread.
    con.execute("SET preserve_insertion_order = false")
    # A fixed memory budget whatever the batch or the archive: DuckDB spills
    # to its temporary directory beyond it.
    con.execute(f"SET memory_limit = {_lit(memory_limit)}")
    ensure_schema(con)
    _refresh_dimensions(con)


def archived(con, games: Sequence[str]) -> dict[str, tuple[int, str | None, int, str]]:
    """What the archive holds of these games: {game: (events, tip, bytes, path)}."""
    if not games:
        return {}
    rows = con.execute("SELECT game, events, tip, bytes, path FROM games WHERE game IN (SELECT unnest($g))", {"g": list(games)}).fetchall()
    return {g: (n, tip, size, path) for g, n, tip, size, path in rows}


def _stage_hook(stage: str, stop: Any = None) -> None:
    """Called after each stage of a load (tests pause or interrupt here; SGZ_PROFILE times them)."""
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt("ingest interrupted")
    if os.environ.get("SGZ_PROFILE"):
        import sys

        now, cpu = time.perf_counter(), time.process_time()
        print(f"sgz-profile: {stage} {now - _T0[0]:.3f}s (cpu {cpu - _T0[1]:.3f}s)", file=sys.stderr)
        _T0[0], _T0[1] = now, cpu
    pause = os.environ.get("SGZ_TEST_INGEST_PAUSE")
    if pause == stage:
        import sys

        print(f"sgz-test: paused at {stage}", file=sys.stderr, flush=True)
        if stop is None:
            time.sleep(3600)
        elif stop.wait(3600):
            raise KeyboardInterrupt("ingest interrupted")


_T0 = [0.0, 0.0]


def _drop_staging(con) -> None:
    for t in ("_files", "_text", "_lines", "_ev", "_counts"):
        con.execute(f"DROP TABLE IF EXISTS {t}")


def delete_games(con, games: Sequence[str]) -> None:
    """Remove these games from every table (a longer record of them replaces them)."""
    if games:
        for table in ("games", "seats", "events", "damage", "deaths", "decision_rows", "decisions_pending"):
            con.execute(f"DELETE FROM {table} WHERE game IN (SELECT unnest($g))", {"g": list(games)})


def load_checked(con, batch: Sequence[Any], shape: EventShape, stop: Any = None, replace: Sequence[str] = ()) -> tuple[int, set[str]]:
    """Load checked records (``records.ingest.Candidate``) in the open transaction.

    DuckDB reads each file again and loads it only if its MD5 is the one of
    the bytes that were checked.  The games in ``replace`` are deleted first
    where their new record loads.  Returns (events loaded, paths of files
    that changed since they were checked: left out).
    """
    _drop_staging(con)
    _T0[0], _T0[1] = time.perf_counter(), time.process_time()
    if not batch:
        return 0, set()
    enc = msgspec.json.encode
    con.execute(
        "CREATE TEMP TABLE _files (path VARCHAR, game VARCHAR, mode VARCHAR, players SMALLINT, seed HUGEINT, rules VARCHAR, format SMALLINT,"
        " options JSON, bots JSON, parent VARCHAR, fork_at INTEGER, bytes BIGINT, md5 VARCHAR, tip VARCHAR, validated BOOLEAN, people JSON)"
    )
    cols = list(zip(*[
        (c.path, h.game, h.mode, h.players, h.seed, h.rules, h.v, enc(h.options).decode(), enc(h.bots).decode(), h.parent, h.fork_at, c.bytes, c.md5, c.tip, c.validated, enc(h.people).decode())
        for c in batch
        for h in (c.header,)
    ]))
    names = [f"c{i}" for i in range(len(cols))]
    con.execute(f"INSERT INTO _files SELECT {', '.join(f'unnest(${n})' for n in names)}", {n: list(c) for n, c in zip(names, cols)})
    con.execute(
        """CREATE TEMP TABLE _text AS
        SELECT f.game, f.format, t.content FROM read_text($paths) t JOIN _files f ON f.path = t.filename
        WHERE md5(t.content) = f.md5""",
        {"paths": [c.path for c in batch]},
    )
    changed = {r[0] for r in con.execute("SELECT path FROM _files WHERE game NOT IN (SELECT game FROM _text)").fetchall()}
    if changed:
        con.execute("DELETE FROM _files WHERE game NOT IN (SELECT game FROM _text)")
    lost = {c.header.game for c in batch if c.path in changed}
    delete_games(con, [g for g in replace if g not in lost])
    # Every event line (the split leaves an empty last element: files end
    # with a newline).  Unnesting runs on one thread, so it is staged, and
    # the parse below runs on all of them.
    con.execute(
        """CREATE TEMP TABLE _lines AS
        SELECT game, format, unnest(ls[2:-2]) AS line, unnest(range(len(ls) - 2))::INTEGER AS seq
        FROM (SELECT game, format, string_split(content, chr(10)) AS ls FROM _text)"""
    )
    con.execute("DROP TABLE _text")
    _stage_hook("lines", stop)
    cols_sql = ", ".join(f"{expr} AS {_ident(c)}" for c, expr in shape.select.items())
    columned = ", ".join(_lit(t) for t in shape.columned) or "''"
    # The JSON kept in data is the event without its h (the h of formats before CHAIN_SINCE is longer; a
    # v4 line inside a sealed group has none).  Parsed straight into the events table: the tables
    # filled from events below read back only the few types they need (SIDE_TYPES).
    con.execute(
        f"""INSERT INTO events BY NAME
        SELECT game, seq, j.t AS type, {cols_sql},
               CASE WHEN j.t IN ({columned}) THEN NULL
                    ELSE left(line, len(line) - CASE WHEN format < {fmt.CHAIN_SINCE} THEN 16
                                                     WHEN format >= {fmt.SEALED_SINCE} AND substr(line, -{fmt.TAIL_LEN}, 6) <> ',"h":"' THEN 1
                                                     ELSE {fmt.TAIL_LEN} END) || '}}' END AS data
        FROM (SELECT game, seq, format, line, from_json(line, {_struct_sql(shape.struct)}) AS j FROM _lines)"""
    )
    con.execute("DROP TABLE _lines")
    _stage_hook("parsed", stop)
    _fill(con, stop)
    return con.execute("SELECT coalesce(sum(events), 0) FROM _counts").fetchone()[0], changed


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'



# The event types the tables filled from a chunk's events read (games, seats, damage, deaths).
SIDE_TYPES = ("damage", "death", "turn", "end", "quit", "roles", "show_role", "general")


def _fill(con, stop: Any = None) -> None:
    new = "game IN (SELECT game FROM _files)"
    con.execute(f"CREATE TEMP TABLE _counts AS SELECT game, count(*) AS events, count(*) FILTER (WHERE type = 'dec') AS decisions FROM events WHERE {new} GROUP BY game")
    con.execute(f"CREATE TEMP TABLE _ev AS SELECT * FROM events WHERE {new} AND type IN ({', '.join(map(_lit, SIDE_TYPES))})")
    _stage_hook("events", stop)
    con.execute(
        """INSERT INTO damage SELECT game, seq, coalesce(actor, -1), targets[1], amount, coalesce(nature, 'normal'), coalesce(card, ''), coalesce("window", '')
           FROM _ev WHERE type = 'damage'"""
    )
    con.execute(
        """INSERT INTO deaths SELECT game, seq, actor, data->>'$.role', coalesce(TRY_CAST(data->>'$.killer' AS SMALLINT), -1), coalesce(card, '')
           FROM _ev WHERE type = 'death'"""
    )
    _stage_hook("damage+deaths", stop)
    _fill_games(con)
    _stage_hook("games", stop)
    _fill_seats(con)
    _stage_hook("seats", stop)
    # Their decisions are built on first use (the view decisions computes them meanwhile).
    con.execute("INSERT INTO decisions_pending SELECT game FROM _files")
    _stage_hook("decisions", stop)


def _fill_games(con) -> None:
    con.execute(
        """INSERT INTO games (game, path, mode, players, seed, rules, format, options, bots, parent, fork_at,
                              events, decisions, turns, rounds, finished, winner, end_reason, winners, end_seq,
                              bytes, ingested_at, validated, tip, people)
        SELECT f.game, f.path, f.mode, f.players, f.seed, f.rules, f.format, f.options, f.bots, f.parent, f.fork_at,
               coalesce(a.events, 0), coalesce(a.decisions, 0), coalesce(a.turns, 0), coalesce(a.rounds, 0),
               a.end_seq IS NOT NULL,
               CASE WHEN a.end_seq IS NULL THEN NULL ELSE split_part(a.end_reason, ':', 1) END,
               coalesce(a.end_reason, CASE WHEN a.quit_seat IS NOT NULL THEN 'quit:' || a.quit_seat END),
               a.winners, a.end_seq, f.bytes, now(), f.validated, f.tip, f.people
        FROM _files f LEFT JOIN (
            SELECT game, any_value(c.events) AS events, any_value(c.decisions) AS decisions,
                   max(TRY_CAST(data->>'$.turn' AS INTEGER)) FILTER (WHERE type = 'turn') AS turns,
                   max(TRY_CAST(data->>'$.round' AS INTEGER)) FILTER (WHERE type = 'turn') AS rounds,
                   max(seq) FILTER (WHERE type = 'end') AS end_seq,
                   arg_max(reason, seq) FILTER (WHERE type = 'end') AS end_reason,
                   arg_max(TRY_CAST(data->'$.winners' AS SMALLINT[]), seq) FILTER (WHERE type = 'end') AS winners,
                   arg_max(actor, seq) FILTER (WHERE type = 'quit') AS quit_seat
            FROM _counts c LEFT JOIN _ev USING (game) GROUP BY game) a ON a.game = f.game"""
    )


def _fill_seats(con) -> None:
    con.execute(
        """INSERT INTO seats
        WITH s AS (SELECT game, bots, people, unnest(range(players))::SMALLINT AS seat FROM _files),
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
               coalesce(dealt.n, 0), coalesce(taken.n, 0),
               json_extract_string(s.people, '$."' || s.seat || '"')
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
    from sanguozhi.core.deck import CARDS
    from sanguozhi.core.modes import load_all

    load_all()  # every mode's packs print their cards

    return (len(CARDS) + 63) // 64


DECISION_COLUMNS = (
    "game VARCHAR", "seq INTEGER", "seat SMALLINT", "kind VARCHAR", "cards SMALLINT[]", "targets SMALLINT[]", "option VARCHAR",
    "turn INTEGER", "round INTEGER", "current SMALLINT", "phase VARCHAR", "hand SMALLINT[]", "hand_size SMALLINT", "vis SMALLINT[]",
)


def decisions_sql(games: str) -> str:
    """The decisions of the games ``games`` (SQL giving a ``game`` column)
    selects, with their deciders' hands, computed from the events table."""
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
    out = ", ".join(f"{expr}::{col.split(' ', 1)[1]} AS {col.split(' ')[0]}" for expr, col in zip(
        ("d.game", "d.seq", "d.seat", "d.kind", "d.cards", "d.targets", "coalesce(d.option, '')", "coalesce(t.turn, 0)", "coalesce(t.round, 0)",
         "t.current", "coalesce(p.phase, '')", "h.hand", "len(h.hand)", "d.vis"),
        DECISION_COLUMNS,
    ))
    return f"""
        WITH ev AS (SELECT game, seq, type, actor, cards, from_zone, from_seat, to_zone, to_seat, kind, targets, option, vis, phase, data
                    FROM events JOIN (SELECT DISTINCT game FROM ({games})) USING (game)),
        toggles AS (
            SELECT game, seq, seat, {toggles}
            FROM (SELECT game, seq, from_seat AS seat, unnest(cards) AS c FROM ev WHERE type = 'move' AND from_zone = 'hand'
                  UNION ALL
                  SELECT game, seq, to_seat AS seat, unnest(cards) AS c FROM ev WHERE type = 'move' AND to_zone = 'hand')
            GROUP BY ALL),
        decs AS (SELECT game, seq, actor AS seat, kind, cards, targets, option, vis FROM ev WHERE type = 'dec'),
        rows AS (SELECT game, seq, seat, {w}, false AS is_dec FROM toggles
                 UNION ALL SELECT game, seq, seat, {zeros}, true FROM decs),
        run AS (SELECT game, seq, seat, is_dec, {running}
                FROM rows WINDOW w AS (PARTITION BY game, seat ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)),
        hands AS (SELECT game, seq, list_concat({bits})::SMALLINT[] AS hand
                  FROM run WHERE is_dec),
        turns AS (SELECT game, seq, TRY_CAST(data->>'$.turn' AS INTEGER) AS turn, TRY_CAST(data->>'$.round' AS INTEGER) AS round, actor AS current
                  FROM ev WHERE type = 'turn'),
        phases AS (SELECT game, seq, phase FROM ev WHERE type IN ('phase', 'turn_end', 'turn')),
        -- The last turn and phase events at or before each decision, joined on their seq:
        -- an ASOF join here is planned by the games' estimated rows, and for a few games
        -- it became nested loops (1.4 s for 20 games; 78 s for 300 when estimated low).
        marks AS (SELECT game, seq, type,
                         max(seq) FILTER (WHERE type = 'turn') OVER g AS turn_seq,
                         max(seq) FILTER (WHERE type IN ('phase', 'turn_end', 'turn')) OVER g AS phase_seq
                  FROM ev WHERE type IN ('dec', 'phase', 'turn_end', 'turn')
                  WINDOW g AS (PARTITION BY game ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))
        SELECT {out}
        FROM decs d
        JOIN hands h ON h.game = d.game AND h.seq = d.seq
        JOIN marks m ON m.game = d.game AND m.seq = d.seq
        LEFT JOIN turns t ON t.game = d.game AND t.seq = m.turn_seq
        LEFT JOIN phases p ON p.game = d.game AND p.seq = m.phase_seq"""


def decisions_view_sql() -> str:
    """The view ``decisions``: the rows built, and those of the pending games computed."""
    cols = ", ".join(c.split(" ")[0] for c in DECISION_COLUMNS)
    return f"SELECT {cols} FROM decision_rows UNION ALL SELECT * FROM ({decisions_sql('SELECT game FROM decisions_pending')})"


BUILD_GAMES = 250  # pending games whose decisions one statement builds (bounds its memory; 2,000 at once took 1.4x the CPU)


def ensure_decisions(con) -> int:
    """Store the decisions of the pending games (writable ``con``, no transaction
    open: each piece of ``BUILD_GAMES`` is its own); returns the games built.
    The view shows the same rows before and after: only their cost changes."""
    built = 0
    _T0[0], _T0[1] = time.perf_counter(), time.process_time()
    while True:
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(f"CREATE OR REPLACE TEMP TABLE _building AS SELECT DISTINCT game FROM decisions_pending ORDER BY game LIMIT {BUILD_GAMES}")
            n = con.execute("SELECT count(*) FROM _building").fetchone()[0]
            if n:
                cols = ", ".join(c.split(" ")[0] for c in DECISION_COLUMNS)
                con.execute(f"INSERT INTO decision_rows ({cols}) {decisions_sql('SELECT game FROM _building')}")
                con.execute("DELETE FROM decisions_pending WHERE game IN (SELECT game FROM _building)")
            con.execute("DROP TABLE _building")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        if not n:
            break
        built += n
        _stage_hook("decisions-built")
    return built


# --- export -------------------------------------------------------------------

# Parquet has no 128-bit integer (DuckDB would write a HUGEINT as a DOUBLE and
# lose a seed's low digits): a seed goes out as a 20-digit decimal and comes
# back as a HUGEINT.
SEED_AS_PARQUET = "CAST(seed AS DECIMAL(20, 0)) AS seed"
SEED_FROM_PARQUET = "CAST(seed AS HUGEINT) AS seed"


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
            src = f"SELECT * REPLACE ({SEED_AS_PARQUET}) FROM games"
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
        seed = f" REPLACE ({SEED_FROM_PARQUET})" if table == "games" else ""
        con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT *{seed} FROM read_parquet('{glob}')")
    for table in ("generals", "cards"):
        path = (folder / f"{table}.parquet").as_posix().replace("'", "''")
        con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{path}')")


_FROM_INGEST = frozenset({"IngestInterrupted", "IngestReport", "Rejected", "ingest", "record_files"})


def __getattr__(name: str) -> Any:
    """``records.ingest``'s entry points, re-exported here.  Looked up on first
    use: ``records.ingest`` imports this module, so whichever of the two is
    imported first, neither finds the other half-made."""
    if name in _FROM_INGEST:
        from . import ingest

        return getattr(ingest, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
