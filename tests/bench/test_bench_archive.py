"""Archive speed: ingest (events/s), `sgz stats` against the same SQL run by
DuckDB directly (on the archive file and over its Parquet export), record
size (bytes/event), and decoding records game by game against loading the
archive's events at once.

Ingest's peak memory is bounded (MEMORY_BOUND, 1 GiB, whatever the archive
or batch size): test_bench_ingest_peak_memory asserts it.

Run with:  SGZ_BENCH_FULL=1 python -m pytest tests/bench/test_bench_archive.py --benchmark-enable -n 0 -s
Without SGZ_BENCH_FULL the archive has 20 games (a smoke run, as in the
normal test suite); with it, 10,000 five-seat basic-bot games
(SGZ_BENCH_GAMES overrides the count, SGZ_BENCH_DECK the deck option).  The
records are generated once, with fixed seeds, into .benchmarks/archive/ and
reused by later sessions; the ingested archive and its Parquet export are
rebuilt once per session.  Figures are in each benchmark's extra_info
(--benchmark-json) and printed as a summary with -s.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from sanguozhi.records import archive
from sanguozhi.records.format import FORMAT_VERSION
from sanguozhi.records.stats import queries
from sanguozhi.records.workers import default_jobs

REPO = Path(__file__).resolve().parents[2]
FULL = os.environ.get("SGZ_BENCH_FULL") == "1"
GAMES = int(os.environ.get("SGZ_BENCH_GAMES") or (10_000 if FULL else 20))
DECK = os.environ.get("SGZ_BENCH_DECK", "basic")
SEED = 1
CACHE = REPO / ".benchmarks" / "archive"

SUMMARY: dict[str, object] = {}


def _records() -> Path:
    """N bot games as records, made once (sgz sim on every core) and kept in .benchmarks/archive."""
    folder = CACHE / f"identity-5p-{DECK}-s{SEED}-n{GAMES}-v{FORMAT_VERSION}"
    done = folder / ".complete"
    if done.exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    cmd = [sys.executable, "-m", "sanguozhi", "sim", "--games", str(GAMES), "--seed", str(SEED), "-o", f"deck={DECK}", "--out", str(folder)]
    assert subprocess.run(cmd, cwd=REPO, stdout=subprocess.DEVNULL).returncode == 0, "sgz sim failed"
    done.write_text(f"{GAMES}\n")
    return folder


@pytest.fixture(scope="session")
def bench_records() -> Path:
    return _records()


@pytest.fixture(scope="session")
def bench_archive(bench_records: Path, tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("archive") / "bench.duckdb"
    con = archive.open_db(db)
    try:
        report = archive.ingest(con, [bench_records])
    finally:
        con.close()
    assert report.added == GAMES and not report.rejected
    SUMMARY["ingest_events_per_s (fixture run)"] = round(report.events_per_s)
    return db


@pytest.fixture(scope="session")
def bench_parquet(bench_archive: Path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("parquet") / "pq"
    con = archive.open_db(bench_archive, read_only=True)
    try:
        archive.export_parquet(con, out)
    finally:
        con.close()
    return out


def _best(fn, rounds: int = 7) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def test_bench_ingest(benchmark, bench_records: Path, tmp_path: Path) -> None:
    files = sorted(bench_records.glob("*.jsonl"))
    k = iter(range(1000))

    def setup():
        db = tmp_path / f"ingest-{next(k)}.duckdb"
        return (archive.open_db(db),), {}

    def run(con):
        try:
            return archive.ingest(con, files, jobs=default_jobs())  # as sgz archive ingest checks: on every core
        finally:
            con.close()

    report = benchmark.pedantic(run, setup=setup, rounds=3 if FULL else 1, iterations=1)
    size = sum(f.stat().st_size for f in files)
    best = benchmark.stats.stats.min if benchmark.stats else report.seconds
    benchmark.extra_info.update(
        games=report.added,
        events=report.events,
        events_per_s=round(report.events / best),
        bytes_per_event=round(size / report.events, 1),
    )
    SUMMARY["games"] = report.added
    SUMMARY["events"] = report.events
    SUMMARY["ingest_events_per_s"] = round(report.events / best)
    SUMMARY["record_bytes_per_event"] = round(size / report.events, 1)
    assert report.added == len(files)


def _read_json(folder: Path, db: Path) -> tuple[float, int]:
    """The anchor: DuckDB's own ``read_json`` of the same record files into a
    table, with the columns ingest parses given (no sniffing), all threads.
    (seconds, events: lines less one header a file)."""
    struct = archive.event_shape().struct
    columns = "{" + ", ".join(f"'{k}': '{v}'" for k, v in struct.items()) + "}"
    con = duckdb.connect(str(db))
    try:
        con.execute("SET preserve_insertion_order = false")
        started = time.perf_counter()
        con.execute(f"CREATE TABLE raw AS SELECT * FROM read_json('{folder}/*.jsonl', format = 'newline_delimited', columns = {columns})")
        seconds = time.perf_counter() - started
        lines = con.execute("SELECT count(*) FROM raw").fetchone()[0]
    finally:
        con.close()
    return seconds, lines - len(list(folder.glob("*.jsonl")))


def test_bench_ingest_vs_read_json(benchmark, bench_records: Path, tmp_path: Path) -> None:
    """``sgz archive ingest`` (every record checked as validate checks it, six
    tables) against DuckDB's ``read_json`` of the same files into one table,
    rounds interleaved, medians.  Target: >= 0.9x."""
    files = sorted(bench_records.glob("*.jsonl"))
    k = iter(range(1000))
    anchor: list[float] = []
    ours: list[float] = []
    counts: list[tuple[int, int]] = []

    def one_round() -> None:
        seconds, lines = _read_json(bench_records, tmp_path / f"raw-{next(k)}.duckdb")
        anchor.append(seconds)
        con = archive.open_db(tmp_path / f"ingest-{next(k)}.duckdb")
        try:
            started = time.perf_counter()
            report = archive.ingest(con, files, jobs=default_jobs())  # as sgz archive ingest checks: on every core
            ours.append(time.perf_counter() - started)
        finally:
            con.close()
        counts.append((lines, report.events))

    benchmark.pedantic(one_round, rounds=3 if FULL else 1, iterations=1)
    lines, events = counts[0]
    assert lines == events  # the same events, one row each
    if benchmark.stats:
        a, b = statistics.median(anchor), statistics.median(ours)
        info = {"read_json_events_per_s": round(events / a), "ingest_events_per_s (paired)": round(events / b), "ratio_ingest_over_read_json": round(a / b, 3)}
        benchmark.extra_info.update(info)
        SUMMARY.update(info)


def test_bench_ingest_stages(bench_records: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ingest's work goes, one stage after the other (no overlap): the
    check of every record on one core, then DuckDB loading them in chunks of
    CHUNK_BYTES (its stages, as SGZ_PROFILE names them), then the decisions built
    on first use; and read_json of the same files.  CPU seconds (this
    process: DuckDB's threads too), printed as shares of check + load."""
    from sanguozhi.records import ingest as ingest_mod

    files = sorted(bench_records.glob("*.jsonl"))
    cpu: dict[str, float] = {}
    mark = [time.process_time()]

    def hook(stage: str, stop=None) -> None:
        now = time.process_time()
        cpu[f"load: {stage}"] = cpu.get(f"load: {stage}", 0.0) + now - mark[0]
        mark[0] = now

    def timed(name: str, fn):
        started = time.process_time()
        out = fn()
        cpu[name] = time.process_time() - started
        return out

    struct = archive.event_shape().struct
    columns = "{" + ", ".join(f"'{k}': '{v}'" for k, v in struct.items()) + "}"
    raw = duckdb.connect(str(tmp_path / "raw.duckdb"))
    raw.execute("SET preserve_insertion_order = false")
    timed("read_json", lambda: raw.execute(f"CREATE TABLE raw AS SELECT * FROM read_json('{bench_records}/*.jsonl', format = 'newline_delimited', columns = {columns})"))
    raw.close()
    checked = timed("check", lambda: [ingest_mod._checked(f, {}, False, False) for f in files])
    con = archive.open_db(tmp_path / "a.duckdb")
    try:
        archive.prepare_ingest(con, ingest_mod.MEMORY_LIMIT)
        monkeypatch.setattr(archive, "_stage_hook", hook)
        shape = archive.event_shape()

        def load() -> int:  # in chunks of at most CHUNK_BYTES, as ingest loads them
            loaded, chunk, size = 0, [], 0
            for c in [*checked, None]:
                if c is not None:
                    chunk.append(c)
                    size += c.bytes
                if chunk and (c is None or size >= ingest_mod.CHUNK_BYTES):
                    con.execute("BEGIN TRANSACTION")
                    mark[0] = time.process_time()
                    loaded += archive.load_checked(con, chunk, shape)[0]
                    archive._drop_staging(con)
                    con.execute("COMMIT")
                    chunk, size = [], 0
            return loaded

        events = timed("load", load)
        monkeypatch.undo()
        assert timed("decisions (first use)", lambda: archive.ensure_decisions(con)) == len(files)
    finally:
        con.close()
    assert events == sum(c.events for c in checked)
    work = cpu["check"] + cpu["load"]
    SUMMARY["stages (cpu s, share of check + load)"] = ", ".join(f"{k} {v:.2f} ({v / work:.0%})" for k, v in cpu.items())


# Ingest's memory does not grow with the batch or the archive: chunks of at
# most records.ingest.CHUNK_BYTES are staged, under a DuckDB memory_limit of
# records.ingest.MEMORY_LIMIT.  Peak resident memory of the whole process,
# whatever the archive size, on the 2-core reference machine:
MEMORY_BOUND = 1 << 30  # 1 GiB


_PEAK = """
import resource, sys, tempfile
from pathlib import Path
from sanguozhi.records import archive
with tempfile.TemporaryDirectory() as d:
    con = archive.open_db(Path(d) / "a.duckdb")
    r = archive.ingest(con, [sys.argv[1]], batch_size=int(sys.argv[2]))
    con.close()
print(r.added, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


@pytest.mark.parametrize("batch", ["default", "all-in-one"])
def test_bench_ingest_peak_memory(bench_records: Path, batch: str) -> None:
    """Peak RSS of `sgz archive ingest` in a fresh process, with the default
    batch and with every record in one batch: at most MEMORY_BOUND either way."""
    size = 2000 if batch == "default" else GAMES
    out = subprocess.run([sys.executable, "-c", _PEAK, str(bench_records), str(size)], cwd=REPO, check=True, capture_output=True, text=True).stdout
    added, peak = map(int, out.split())
    assert added == GAMES
    SUMMARY[f"ingest_peak_rss_mb (batch {batch})"] = round(peak / 2**20)
    assert peak <= MEMORY_BOUND, f"ingest of {GAMES} games peaked at {peak / 2**20:.0f} MB (batch {batch})"


def _direct_sql(con) -> None:
    for sql in queries("role").values():
        con.execute(sql).fetchall()


def test_bench_stats_vs_direct_sql(benchmark, bench_archive: Path, bench_parquet: Path) -> None:
    from sanguozhi.cli.cmd_stats import compute, render

    def stats_cmd() -> str:
        return render(compute(str(bench_archive), None, "role"), "table")

    def direct_db() -> None:
        con = duckdb.connect(str(bench_archive), read_only=True)
        try:
            _direct_sql(con)
        finally:
            con.close()

    def direct_parquet() -> None:
        con = duckdb.connect()
        try:
            archive.attach_parquet(con, bench_parquet)
            _direct_sql(con)
        finally:
            con.close()

    text = benchmark.pedantic(stats_cmd, rounds=7 if FULL else 2, iterations=1, warmup_rounds=1)
    assert "by role:" in text
    cmd = benchmark.stats.stats.min if benchmark.stats else _best(stats_cmd)
    db_t, pq_t = _best(direct_db), _best(direct_parquet)
    benchmark.extra_info.update(
        stats_s=round(cmd, 4),
        direct_db_s=round(db_t, 4),
        direct_parquet_s=round(pq_t, 4),
        ratio_vs_db=round(cmd / db_t, 3),
        ratio_vs_parquet=round(cmd / pq_t, 3),
    )
    SUMMARY.update(
        stats_in_process_s=round(cmd, 4),
        same_sql_direct_on_archive_s=round(db_t, 4),
        same_sql_direct_over_parquet_s=round(pq_t, 4),
        ratio_stats_over_direct_archive=round(cmd / db_t, 3),
        ratio_stats_over_direct_parquet=round(cmd / pq_t, 3),
    )


STATS_GAMES = int(os.environ.get("SGZ_BENCH_STATS_GAMES") or (100_000 if FULL else 2_000))


@pytest.fixture(scope="session")
def big_stats_archive(bench_archive: Path, tmp_path_factory) -> Path:
    """An archive of STATS_GAMES games for the tables stats reads (games, seats,
    damage, deaths): the bench games copied under new ids.  Events and
    decisions are left out: stats does not read them."""
    db = tmp_path_factory.mktemp("big") / "big.duckdb"
    con = archive.open_db(db)
    try:
        archive.ensure_schema(con)
        con.execute(f"ATTACH '{bench_archive}' AS src (READ_ONLY)")
        copies = max(1, -(-STATS_GAMES // GAMES))
        for table in ("games", "seats", "damage", "deaths"):
            con.execute(
                f"""INSERT INTO {table} BY NAME
                    SELECT t.* REPLACE (t.game || '-' || k AS game) FROM src.{table} t, range({copies}) r(k)"""
            )
        con.execute(f"DELETE FROM games WHERE game NOT IN (SELECT game FROM games ORDER BY game LIMIT {STATS_GAMES})")
        for table in ("seats", "damage", "deaths"):
            con.execute(f"DELETE FROM {table} WHERE game NOT IN (SELECT game FROM games)")
        con.execute("DETACH src")
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == STATS_GAMES
    finally:
        con.close()
    return db


def test_bench_stats_at_scale(benchmark, big_stats_archive: Path) -> None:
    """`sgz stats` (in process) over STATS_GAMES games, and the same SQL run directly."""
    from sanguozhi.cli.cmd_stats import compute, render

    def stats_cmd() -> str:
        return render(compute(str(big_stats_archive), None, "role"), "table")

    def direct_db() -> None:
        con = duckdb.connect(str(big_stats_archive), read_only=True)
        try:
            _direct_sql(con)
        finally:
            con.close()

    benchmark.pedantic(stats_cmd, rounds=7 if FULL else 2, iterations=1, warmup_rounds=1)
    cmd = benchmark.stats.stats.min if benchmark.stats else _best(stats_cmd, 2)
    db_t = _best(direct_db)
    benchmark.extra_info.update(games=STATS_GAMES, stats_s=round(cmd, 4), direct_db_s=round(db_t, 4), ratio=round(cmd / db_t, 3))
    SUMMARY[f"stats_in_process_s_at_{STATS_GAMES}_games"] = round(cmd, 4)
    SUMMARY[f"same_sql_direct_s_at_{STATS_GAMES}_games"] = round(db_t, 4)
    SUMMARY[f"ratio_at_{STATS_GAMES}_games"] = round(cmd / db_t, 3)

    def run_process() -> None:
        subprocess.run([sys.executable, "-m", "sanguozhi", "stats", "--db", str(big_stats_archive)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)

    SUMMARY[f"sgz_stats_subprocess_s_at_{STATS_GAMES}_games"] = round(_best(run_process, 3 if FULL else 1), 4)


def test_bench_stats_subprocess(benchmark, bench_archive: Path) -> None:
    """`sgz stats` as a user runs it: a new process each time (Python start included)."""

    def run() -> None:
        subprocess.run([sys.executable, "-m", "sanguozhi", "stats", "--db", str(bench_archive)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)

    benchmark.pedantic(run, rounds=5 if FULL else 1, iterations=1, warmup_rounds=1 if FULL else 0)
    if benchmark.stats:
        SUMMARY["sgz_stats_subprocess_s"] = round(benchmark.stats.stats.min, 4)


def test_bench_decode_game_by_game_vs_archive_at_once(benchmark, bench_records: Path, bench_archive: Path) -> None:
    """Reading records one game at a time (msgspec) against fetching the archive's events at once."""
    from sanguozhi.records.format import read_record

    files = sorted(bench_records.glob("*.jsonl"))[:1000]

    def by_game() -> int:
        return sum(len(read_record(f).events) for f in files)

    n = benchmark.pedantic(by_game, rounds=3 if FULL else 1, iterations=1)
    per_game = benchmark.stats.stats.min if benchmark.stats else _best(by_game, 1)

    def at_once() -> int:
        con = duckdb.connect(str(bench_archive), read_only=True)
        try:
            return len(con.execute("SELECT * FROM events WHERE game IN (SELECT game FROM games WHERE path IN (SELECT unnest($p)))", {"p": [str(f.resolve()) for f in files]}).fetchall())
        finally:
            con.close()

    t_once = _best(at_once, 2)
    assert at_once() == n
    benchmark.extra_info.update(events=n, game_by_game_events_per_s=round(n / per_game), archive_at_once_events_per_s=round(n / t_once))
    SUMMARY["decode_game_by_game_events_per_s"] = round(n / per_game)
    SUMMARY["load_archive_events_at_once_events_per_s"] = round(n / t_once)


def test_bench_shards_vs_ingest(benchmark, bench_records: Path, tmp_path: Path) -> None:
    """Records -> Parquet shards on every core (sgz archive shard) against ingest into one archive, same files, same run."""
    from sanguozhi.records.shards import shard
    from sanguozhi.records.workers import default_jobs

    files = sorted(bench_records.glob("*.jsonl"))
    k = iter(range(1000))
    ingest_s: list[float] = []

    def run_shards() -> int:
        return shard(files, tmp_path / f"sh-{next(k)}", jobs=default_jobs(), per_shard=max(1, len(files) // (4 * default_jobs()))).events

    def run_ingest() -> None:
        con = archive.open_db(tmp_path / f"in-{next(k)}.duckdb")
        try:
            started = time.perf_counter()
            archive.ingest(con, files)
            ingest_s.append(time.perf_counter() - started)
        finally:
            con.close()

    def one_round() -> int:
        run_ingest()
        return run_shards()

    events = benchmark.pedantic(one_round, rounds=3 if FULL else 1, iterations=1)
    if benchmark.stats:
        both = benchmark.stats.stats.median
        ing = statistics.median(ingest_s)
        shards_s = both - ing
        benchmark.extra_info.update(events=events, shard_events_per_s=round(events / shards_s), ingest_events_per_s=round(events / ing))
        SUMMARY["shards_events_per_s (all cores)"] = round(events / shards_s)
        SUMMARY["ingest_events_per_s (same run)"] = round(events / ing)
        SUMMARY["ratio_shards_over_ingest"] = round(ing / shards_s, 3)


def test_bench_summary(bench_archive: Path) -> None:
    """Prints the figures (run with -s); keep it last in this file."""
    if SUMMARY:
        width = max(map(len, SUMMARY))
        print(f"\n-- archive benchmark ({GAMES} games, deck={DECK}) --")
        for k, v in SUMMARY.items():
            print(f"  {k:<{width}}  {v:,}" if isinstance(v, (int, float)) else f"  {k:<{width}}  {v}")
