"""The DuckDB archive: what ingest stores, that it checks, skips and rolls back."""
from __future__ import annotations

from pathlib import Path

import duckdb
import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.records import archive
from sanguozhi.records.archive import event_shape, export_parquet, ingest, open_db
from sanguozhi.records.format import RecordWriter, read_record, scan

from .util import CORRUPTIONS, V1_FIXTURES, damaged, forged_decision, record, records


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("games")
    records(d, 5, first_seed=1)
    record(d, seed=2, players=5, max_turns=80)  # a longer game, with deaths
    return d


@pytest.fixture
def con(tmp_path: Path):
    c = open_db(tmp_path / "a.duckdb")
    yield c
    c.close()


def counts(con) -> dict[str, int]:
    return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("games", "seats", "events", "damage", "deaths", "decisions")}


def test_ingest_stores_every_event_and_the_games(folder: Path, con) -> None:
    files = sorted(folder.glob("*.jsonl"))
    report = ingest(con, [folder])
    assert report.added == len(files) and not report.rejected
    total = 0
    for f in files:
        rec = read_record(f)
        total += len(rec.events)
        row = con.execute("SELECT events, path, players, finished, winners, end_seq FROM games WHERE game = ?", [rec.header.game]).fetchone()
        end = rec.events[-1]
        assert row == (len(rec.events), str(f.resolve()), rec.header.players, True, list(end.winners), len(rec.events) - 1)
        types = [r[0] for r in con.execute("SELECT type FROM events WHERE game = ? ORDER BY seq", [rec.header.game]).fetchall()]
        assert types == [ev.TAGS[type(e)] for e in rec.events]
    assert report.events == total == counts(con)["events"]


def test_seats_hold_general_role_kingdom_and_result(folder: Path, con) -> None:
    ingest(con, [folder])
    for f in folder.glob("*.jsonl"):
        rec = read_record(f)
        state = fold(rec.events)
        rows = con.execute("SELECT seat, general, kingdom, role, result, won, bot FROM seats WHERE game = ? ORDER BY seat", [rec.header.game]).fetchall()
        assert len(rows) == rec.header.players
        for (seat, general, kingdom, role, result, won, bot), p in zip(rows, state.chars):
            assert (general, kingdom, role, bot) == (p.general, p.kingdom, state.seats[seat].role, "basic")
            want = "draw" if not state.winners else "win" if seat in state.winners else "loss"
            assert result == want and won == (want == "win")


def test_damage_and_deaths_match_the_events(folder: Path, con) -> None:
    ingest(con, [folder])
    want_damage = want_deaths = 0
    want_cards: set[str] = set()
    for f in folder.glob("*.jsonl"):
        for e in read_record(f).events:
            want_damage += e.n if type(e) is ev.Damaged else 0
            want_deaths += type(e) is ev.Died
            if type(e) is ev.Damaged and e.card:
                want_cards.add(e.card)
    assert con.execute("SELECT coalesce(sum(n), 0) FROM damage").fetchone()[0] == want_damage
    # A card is its glossary id, as in the record (a mode's event with an int `card` must not quote it).
    assert {r[0] for r in con.execute("SELECT DISTINCT card FROM damage WHERE card IS NOT NULL").fetchall()} == want_cards
    assert con.execute("SELECT count(*) FROM deaths").fetchone()[0] == want_deaths > 0
    assert con.execute("SELECT count(*) FROM seats WHERE died_seq IS NOT NULL").fetchone()[0] == want_deaths


def test_each_decision_has_the_hand_its_decider_held(folder: Path, con) -> None:
    ingest(con, [folder])
    for f in sorted(folder.glob("*.jsonl"))[:3]:
        rec = read_record(f)
        rows = con.execute("SELECT seq, seat, hand, hand_size, turn, phase FROM decisions WHERE game = ? ORDER BY seq", [rec.header.game]).fetchall()
        assert len(rows) == sum(type(e) is ev.Decided for e in rec.events)
        for seq, seat, hand, size, turn, phase in rows:
            state = fold(rec.events[:seq])
            assert sorted(hand) == sorted(state.chars[seat].hand) and size == len(hand)
            assert (turn, phase) == (state.turn, state.phase)


def test_a_second_ingest_skips_what_is_in(folder: Path, con, tmp_path: Path) -> None:
    first = ingest(con, [folder])
    before = counts(con)
    again = ingest(con, [folder])
    assert again.added == 0 and again.skipped == first.added and counts(con) == before
    extra = tmp_path / "more"
    records(extra, 1, first_seed=40)
    more = ingest(con, [folder, extra])
    assert more.added == 1 and more.skipped == first.added


def test_small_batches_give_the_same_archive(folder: Path, tmp_path: Path) -> None:
    a, b = open_db(tmp_path / "a.duckdb"), open_db(tmp_path / "b.duckdb")
    ingest(a, [folder])
    r = ingest(b, [folder], batch_size=2)
    assert r.batches == 3 and counts(a) == counts(b)


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_a_damaged_record_is_rejected_and_the_rest_goes_in(folder: Path, con, tmp_path: Path, kind: str) -> None:
    good = sorted(folder.glob("*.jsonl"))[:2]
    bad, _ = damaged(good[0], tmp_path / f"{kind}.jsonl", kind)
    # The damaged copy keeps the game id of a good record: ingest it first.
    report = ingest(con, [bad, good[1]])
    assert [r.path for r in report.rejected] in ([str(bad.resolve())], [str(bad)])
    assert report.rejected[0].why == scan(bad).error
    assert report.added == 1
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    # The good record with the damaged one's id still goes in afterwards.
    assert ingest(con, [good[0]]).added == 1


def test_ingest_judges_records_by_the_one_check_validate_uses(folder: Path, con, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sanguozhi.records.ingest as ingest_mod

    files = sorted(folder.glob("*.jsonl"))[:2]
    seen = []
    real = ingest_mod.check

    def spy(path, **kw):
        seen.append((str(path), kw["execute"]))
        return real(path, **kw)

    monkeypatch.setattr(ingest_mod, "check", spy)
    assert ingest(con, files).added == 2 and seen == [(str(f), False) for f in files]
    seen.clear()
    assert ingest(open_db(tmp_path / "v.duckdb"), files, verify=True).added == 2 and seen == [(str(f), True) for f in files]


def test_a_file_changed_between_its_check_and_its_load_stays_out(folder: Path, con, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    import sanguozhi.records.ingest as ingest_mod

    path = shutil.copy(sorted(folder.glob("*.jsonl"))[0], tmp_path / "moving.jsonl")
    other = sorted(folder.glob("*.jsonl"))[1]
    real = ingest_mod.check

    def then_change(p, **kw):  # the file changes right after it passed
        c = real(p, **kw)
        if str(p) == str(path):
            Path(path).write_bytes(other.read_bytes())
        return c

    monkeypatch.setattr(ingest_mod, "check", then_change)
    report = ingest(con, [path])
    assert report.added == 0 and [r.why for r in report.rejected] == [f"{Path(path).resolve()}: changed while being ingested; ingest it again"]
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_the_frozen_v1_records_ingest(con) -> None:
    report = ingest(con, V1_FIXTURES)
    assert report.added == 2 and not report.rejected
    assert con.execute("SELECT list_sort(list(format)) FROM games").fetchone()[0] == [1, 1]
    assert con.execute("SELECT sum(events) FROM games").fetchone()[0] == sum(len(read_record(p).events) for p in V1_FIXTURES)


@pytest.mark.parametrize("stage", ["parsed", "events", "seats", "decisions", "before-commit"])
def test_an_interrupted_batch_leaves_the_archive_as_it_was(folder: Path, con, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str) -> None:
    files = sorted(folder.glob("*.jsonl"))
    ingest(con, files[:2])
    before = counts(con)

    def boom(s: str, stop=None) -> None:
        if s == stage:
            raise KeyboardInterrupt(f"interrupted at {s}")

    monkeypatch.setattr(archive, "_stage_hook", boom)
    with pytest.raises(KeyboardInterrupt):
        ingest(con, files)
    assert counts(con) == before
    monkeypatch.undo()
    assert ingest(con, files).added == len(files) - 2


def test_an_event_type_added_later_ingests_with_its_json(tmp_path: Path, con, monkeypatch: pytest.MonkeyPatch) -> None:
    class Omen(ev.Event, tag="omen"):
        seat: int
        sign: str

    src = record(tmp_path, seed=9)
    rec = read_record(src)
    # A mode's own event type, as a ruleset declares it (records decode it
    # with the mode's decoder, the archive keeps its JSON).
    from sanguozhi.core.modes import ruleset_of

    rs = ruleset_of("identity")
    monkeypatch.setattr(rs, "events", (*rs.events, Omen))
    # ... with its fold (a finished record's events are folded to check its end).
    monkeypatch.setattr(rs, "handlers", {**rs.handlers, Omen: lambda state, e: None})
    monkeypatch.setattr(rs, "_handlers", None)
    events = list(rec.events)
    events.insert(20, Omen(seat=1, sign="comet"))
    path = tmp_path / "omen.jsonl"
    with RecordWriter(path, msgspec.structs.replace(rec.header, game="omen0000omen0000")) as w:
        w.write_all(events)
    shape = event_shape()
    assert "omen" in shape.tags and "omen" not in shape.columned
    report = ingest(con, [path])
    assert report.added == 1, report.rejected
    row = con.execute("SELECT type, actor, data FROM events WHERE game = 'omen0000omen0000' AND seq = 20").fetchone()
    assert row[0] == "omen" and row[1] == 1 and msgspec.json.decode(row[2])["sign"] == "comet"


def test_every_event_type_has_a_shape() -> None:
    from sanguozhi.core.modes import RULESETS

    shape = event_shape()
    modes = {t.__struct_config__.tag for rs in RULESETS.values() for t in rs.events}
    assert set(shape.tags) == set(ev.TAGS.values()) | modes
    assert {"move", "dec", "phase", "damage", "use"} <= set(shape.columned)


def test_export_writes_parquet_by_mode_that_reads_back(folder: Path, con, tmp_path: Path) -> None:
    ingest(con, [folder])
    out = tmp_path / "pq"
    got = export_parquet(con, out)
    from sanguozhi.core.deck import CARDS

    printed = sum(1 for c in CARDS if c.name)  # the standard 160 and the cards the modes' packs print
    assert got == counts(con) | {"generals": got["generals"], "cards": printed} and printed >= 160
    assert list((out / "events").iterdir()) == [out / "events" / "mode=identity"]
    other = duckdb.connect()
    n = other.execute(f"SELECT count(*) FROM read_parquet('{out}/events/*/*.parquet')").fetchone()[0]
    assert n == got["events"]
    with pytest.raises(archive.ArchiveError, match="is not empty"):
        export_parquet(con, out)


def test_stats_are_the_same_over_the_archive_and_its_parquet(folder: Path, con, tmp_path: Path) -> None:
    from sanguozhi.records.stats import run

    ingest(con, [folder])
    export_parquet(con, tmp_path / "pq")
    other = duckdb.connect()
    archive.attach_parquet(other, tmp_path / "pq")
    for by in ("role", "general", "seat", "players"):
        assert run(con, by) == run(other, by)
    assert run(con, "role", "identity") == run(other, "role", "identity")


# -- which records go in: checked as validate checks, closed, the longest ------


def test_a_record_validate_rejects_stays_out_and_verify_re_runs_decisions(folder: Path, con, tmp_path: Path) -> None:
    from sanguozhi.records.check import check

    from .util import objects, rechained

    src = sorted(folder.glob("*.jsonl"))[0]
    head, objs = objects(src)
    k = next(i for i, o in enumerate(objs) if o.startswith(b'{"t":"damage"'))
    objs[k] = objs[k].replace(b'"n":1', b'"n":1e3', 1)
    big = rechained(tmp_path / "big.jsonl", head, objs)
    forged, _ = forged_decision(sorted(folder.glob("*.jsonl"))[1], tmp_path / "forged.jsonl")
    report = ingest(con, [big, forged])
    assert [r.why for r in report.rejected] == [check(big, execute=False).error]
    # The forged decision passes integrity and schema: in, but not re-run.
    assert report.added == 1 and con.execute("SELECT validated FROM games").fetchall() == [(False,)]
    other = open_db(tmp_path / "verified.duckdb")
    report = ingest(other, [big, forged, sorted(folder.glob("*.jsonl"))[2]], verify=True)
    assert [r.why for r in report.rejected] == [check(big).error, check(forged).error]
    assert report.added == 1 and other.execute("SELECT validated FROM games").fetchall() == [(True,)]


def _cut(src: Path, out: Path, n_lines: int) -> Path:
    """``src`` cut at a line boundary at or before line ``n_lines``, right after a seal
    (format v4: a cut inside a sealed group is damage, not an unfinished game)."""
    rows = src.read_bytes().splitlines(keepends=True)
    while n_lines > 1 and not rows[n_lines - 1].endswith(b'"}\n'):
        n_lines -= 1
    out.write_bytes(b"".join(rows[:n_lines]))
    return out


def test_an_unfinished_record_stays_out_unless_partial_and_a_longer_one_replaces_it(folder: Path, con, tmp_path: Path) -> None:
    src = sorted(folder.glob("*.jsonl"))[0]
    n = len(read_record(src).events)
    part = _cut(src, tmp_path / "part.jsonl", 60)
    report = ingest(con, [part])
    assert report.added == 0 and report.unfinished == 1 and not report.rejected
    assert ingest(con, [part], partial=True).added == 1
    assert con.execute("SELECT events, finished FROM games").fetchall() == [(59, False)]
    # Later ingests: the same record is in; the whole game extends it and replaces it.
    assert ingest(con, [part], partial=True).skipped == 1
    report = ingest(con, [src])
    assert (report.added, report.replaced) == (1, 1)
    assert con.execute("SELECT events, finished, path FROM games").fetchall() == [(n, True, str(src.resolve()))]
    assert con.execute("SELECT count(*) FROM events").fetchone()[0] == n
    assert con.execute("SELECT count(*) FROM seats").fetchone()[0] == read_record(src).header.players
    # A shorter copy afterwards changes nothing.
    assert ingest(con, [part], partial=True).skipped == 1
    assert con.execute("SELECT events FROM games").fetchall() == [(n,)]


def test_in_one_run_the_longest_record_of_a_game_goes_in(folder: Path, con, tmp_path: Path) -> None:
    src = sorted(folder.glob("*.jsonl"))[0]
    a, b = _cut(src, tmp_path / "a.jsonl", 40), _cut(src, tmp_path / "b.jsonl", 90)
    report = ingest(con, [b, src, a], partial=True)
    assert (report.added, report.skipped) == (1, 2)
    assert con.execute("SELECT events FROM games").fetchall() == [(len(read_record(src).events),)]


def test_a_damaged_copy_that_sorts_first_does_not_hide_the_genuine_record(folder: Path, con, tmp_path: Path) -> None:
    good = sorted(folder.glob("*.jsonl"))[0]
    bad, _ = damaged(good, tmp_path / "0-bad.jsonl", "changed")
    report = ingest(con, [bad, good])
    assert report.added == 1 and len(report.rejected) == 1
    assert con.execute("SELECT path FROM games").fetchall() == [(str(good.resolve()),)]


def test_a_record_cut_inside_its_first_event_line_is_rejected_not_a_zero_event_game(folder: Path, con, tmp_path: Path) -> None:
    src = sorted(folder.glob("*.jsonl"))[0]
    blob = src.read_bytes()
    first = blob.index(b"\n") + 1
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(blob[: first + 20])
    report = ingest(con, [cut], partial=True)
    assert report.added == 0 and report.rejected[0].why == f"{cut}:2: no integrity field (a truncated or hand-edited line?)"
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_another_record_with_the_id_of_a_game_in_is_rejected(folder: Path, con, tmp_path: Path) -> None:
    from .util import objects, rechained

    src = sorted(folder.glob("*.jsonl"))[0]
    part = _cut(src, tmp_path / "part.jsonl", 60)
    assert ingest(con, [part], partial=True).added == 1
    head, objs = objects(src)
    k = next(i for i, o in enumerate(objs) if i > 30 and o.startswith(b'{"t":"phase"'))
    objs.insert(k, objs[k])  # a different record of the same game (it would fail re-execution)
    other = rechained(tmp_path / "other.jsonl", head, objs)
    report = ingest(con, [other])
    assert report.added == 0 and "another record of game" in report.rejected[0].why
    assert con.execute("SELECT events FROM games").fetchall() == [(59,)]


def test_an_archive_of_an_older_schema_gains_the_new_columns(folder: Path, con, tmp_path: Path) -> None:
    files = sorted(folder.glob("*.jsonl"))
    ingest(con, files[:1])
    con.execute("ALTER TABLE games DROP COLUMN validated")
    con.execute("ALTER TABLE games DROP COLUMN tip")
    con.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    report = ingest(con, files[:2])
    assert (report.added, report.skipped) == (1, 1)
    assert con.execute("SELECT validated IS NULL, tip IS NULL FROM games ORDER BY ingested_at").fetchall() == [(True, True), (False, False)]
    assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(archive.SCHEMA_VERSION)


def test_ingest_and_archive_import_in_either_order() -> None:
    """records.ingest imports records.archive, which re-exports ingest: a fresh
    process (a Ray worker, a script) may import either first."""
    import subprocess
    import sys

    for first in ("sanguozhi.records.ingest", "sanguozhi.records.archive", "sanguozhi.records.shards"):
        code = f"import {first}; from sanguozhi.records.archive import ingest, IngestReport; assert callable(ingest)"
        subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("verify", [True, False])
def test_an_ingest_checked_on_workers_loads_and_rejects_what_one_process_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verify: bool) -> None:
    """The check (--verify: re-running the decisions too) on worker processes
    (from WORKERS_FROM records): the same report, the same archive, in small
    first chunks as in one."""
    from sanguozhi.records import ingest as ingest_mod

    src = tmp_path / "src"
    files = records(src, ingest_mod.WORKERS_FROM + 2, first_seed=40)
    forged_decision(files[3], src / "forged.jsonl")  # only re-running finds it
    damaged(files[5], src / "damaged.jsonl", "dropped")
    (src / "again.jsonl").write_bytes(files[0].read_bytes())  # a second copy of a game: one goes in
    outcomes = []
    for jobs, first_chunk in ((1, ingest_mod.CHUNK_BYTES), (2, 20_000)):
        monkeypatch.setattr(ingest_mod, "FIRST_CHUNK_BYTES", first_chunk)  # with workers: several chunks, growing
        with open_db(tmp_path / f"j{jobs}.duckdb") as c:
            r = ingest(c, [src], verify=verify, jobs=jobs)
            tables = {t: c.execute(f"SELECT * EXCLUDE (ingested_at, path) FROM {t} ORDER BY ALL" if t == "games" else f"SELECT * FROM {t} ORDER BY ALL").fetchall() for t in ("games", "events", "decisions")}
        outcomes.append(((r.added, r.skipped, r.unfinished, r.verified, sorted(x.why for x in r.rejected)), tables))
    assert outcomes[0] == outcomes[1]
    (added, skipped, _, verified, whys), tables = outcomes[0]
    assert added == len(files) and skipped == 1 and verified == verify and len(tables["games"]) == len(files)
    # Without re-running, the forged copy goes in and the genuine record parts from it.
    assert len(whys) == 2 and any("re-running the decisions differs" in w for w in whys) == verify
