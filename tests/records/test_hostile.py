"""What a hostile user tried (issue 28), one test a finding: records and
archives that cannot be made to lie, and commands that never leave a mess.

Each test is named after what it tries; each failed before the fix.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.deck import CARDS
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import initial_state
from sanguozhi.core.game import Game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.records.archive import ingest, open_db
from sanguozhi.records.check import check
from sanguozhi.records.format import FORMAT_VERSION, Header, RecordWriter, read_record, write_record
from sanguozhi.records.session import run_bots, start_recorded

from ..cli.records_util import REPO, one_line_error, run
from .util import children, lines, objects, rechained, record, with_event, write_lines


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    """A short finished bot game (4 seats, basic deck)."""
    return record(tmp_path_factory.mktemp("hostile"), seed=5, players=4, max_turns=12)


def _header_of(start: ev.GameStarted, game: str = "f0rged0000000001", **kw) -> Header:
    bots = {str(s): "basic" for s in range(start.players)}
    return Header(sgz="record", v=FORMAT_VERSION, game=game, rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options, bots=bots, **kw)


def _played_from(start: ev.GameStarted, path: Path) -> Path:
    """A whole bot game played by the rules from ``start`` (whatever it says), recorded
    with a header that agrees with it: what a forger who runs sgz's own engine makes."""

    def make(game: Game) -> Engine:
        game._sink(start)
        return Engine(initial_state(start), fresh=True, sink=game._sink)

    game = Game([], make)
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request, game))
    write_record(path, _header_of(start), game.events)
    return path


def _identity_start(**changes) -> ev.GameStarted:
    rs = ruleset_of("identity")
    opts = rs.check(4, {"deck": "basic", "max_turns": 6})
    start = ev.GameStarted(mode="identity", players=4, seed=3, rules=ev.RULES_VERSION, options=opts, deck=rs.deck(opts))
    return msgspec.structs.replace(start, **changes)


def _resealed(src: Path, out: Path, change) -> Path:
    """``src`` with its header and event objects changed by ``change(head, objs)``, the chain recomputed."""
    head, objs = objects(src)
    head, objs = change(json.loads(head), [json.loads(o) for o in objs])
    enc = lambda o: json.dumps(o, separators=(",", ":"), ensure_ascii=False).encode()  # noqa: E731
    return rechained(out, enc(head), [enc(o) for o in objs])


# -- 1. what a record may claim: the start is the mode's -------------------------

SLASH_AND_PEACH = tuple(c.number for c in CARDS[:160] if c.name in ("slash", "peach"))


@pytest.mark.parametrize(
    "changes",
    [
        {"deck": SLASH_AND_PEACH},  # a deck of only 杀 and 桃
        {"deck": _identity_start().deck[:30]},  # a 30-card deck
        {"deck": ()},  # deck=basic in the options, the full deck dealt
        {"options": {**_identity_start().options, "colour": "red"}},  # an option no mode has
    ],
    ids=["slash-and-peach", "30-cards", "basic-with-the-full-deck", "unknown-option"],
)
def test_a_game_played_from_a_start_its_mode_does_not_deal_is_refused_with_and_without_re_running(tmp_path: Path, changes: dict) -> None:
    forged = _played_from(_identity_start(**changes), tmp_path / "forged.jsonl")
    for execute in (False, True):
        c = check(forged, execute=execute)
        assert not c.ok and c.error.startswith(f"{forged}:2: the game started ") and c.good == 0, c.error


def test_a_start_at_a_table_size_its_mode_has_not_is_refused_without_re_running(tmp_path: Path) -> None:
    start = _identity_start(players=3)  # identity is 4-10 players: the rules cannot even deal it
    path = tmp_path / "three.jsonl"
    write_record(path, _header_of(start), [start])
    c = check(path, execute=False)
    assert not c.ok and "takes 4-10 players, not 3" in c.error and c.error.startswith(f"{path}:2:")
    assert one_line_error(run("validate", "--no-exec", path)).startswith("sgz: invalid:")


def test_every_modes_own_start_passes_the_start_check() -> None:
    from sanguozhi.core.game import new_game
    from sanguozhi.core.modes import BUILTIN_MODULES
    from sanguozhi.records.check import start_problem

    for mode in sorted(BUILTIN_MODULES):  # the modes sgz ships (tests register broken ones of their own)
        rs = ruleset_of(mode)
        for players in rs.players:
            for options in ({}, dict(rs.person_options)):
                assert start_problem(new_game(mode, players, 7, options).events[0]) is None, (mode, players, options)


# -- 2. plain ingest loads what validate --no-exec accepts, never a lying end ----


def _ended(objs: list[dict]) -> dict:
    assert objs[-1]["t"] == "end"
    return objs[-1]


@pytest.mark.parametrize(
    "forge",
    [
        lambda end: end.update(winners=[s for s in range(4) if s not in end["winners"]]),  # the other side won
        lambda end: end.update(reason="renegade" if end["reason"] != "renegade" else "rebels"),
        lambda end: end.update(points=[9, 0, 0, 0]),
    ],
    ids=["winners", "reason", "points"],
)
def test_plain_ingest_refuses_a_resealed_record_whose_end_its_events_contradict(src: Path, tmp_path: Path, forge) -> None:
    def change(head: dict, objs: list[dict]):
        head["game"] = "liar000000000001"
        forge(_ended(objs))
        return head, objs

    liar = _resealed(src, tmp_path / "liar.jsonl", change)
    c = check(liar, execute=False)  # sgz validate --no-exec
    assert not c.ok and "the game's end is not what its events give" in c.error, c.error
    con = open_db(tmp_path / "a.duckdb")
    report = ingest(con, [liar, src])  # plain: no --verify
    assert report.added == 1 and [r.path for r in report.rejected] == [str(liar)]
    assert con.execute("SELECT count(*) FROM games WHERE game = 'liar000000000001'").fetchone() == (0,)


# -- 3. readers say what is wrong with a record they cannot trust -----------------


def _reseeded(src: Path, out: Path) -> Path:
    return with_event(src, out, 40, ev.Reseeded(seed=99))  # a reseed in a record that is no fork


def _card_changed(src: Path, out: Path) -> Path:
    """The last card drawn is one that is not in the pile: the events no longer fold."""
    def change(head: dict, objs: list[dict]):
        k = max(i for i, o in enumerate(objs) if o["t"] == "move" and o.get("from") == "pile")
        objs[k]["c"] = [objs[0]["deck"][0] if objs[0].get("deck") else 0] * len(objs[k]["c"])
        return head, objs

    return _resealed(src, out, change)


READERS = {
    "replay": lambda f, tmp, src: ("replay", f),
    "replay-at": lambda f, tmp, src: ("replay", f, "--at", "3"),
    "replay-json": lambda f, tmp, src: ("replay", f, "--at", "60", "--json"),
    "html": lambda f, tmp, src: ("html", f, "--out", tmp / "page.html"),
    "diff": lambda f, tmp, src: ("diff", src, f),
    "fork": lambda f, tmp, src: ("fork", f, "--at", "70", "--out", tmp / "fork.jsonl"),
    "analyze": lambda f, tmp, src: ("analyze", f, "--at", "70", "--rollouts", "1", "--jobs", "1"),
}


def _end_changed(src: Path, out: Path) -> Path:
    """The other side wins: the events fold, only the rules say it is not so."""
    def change(head: dict, objs: list[dict]):
        end = _ended(objs)
        end["winners"] = [s for s in range(head["players"]) if s not in end["winners"]]
        return head, objs

    return _resealed(src, out, change)


# A changed card late in the game, or its end, is met by the readers that show
# the whole game (replay --at 3 or a fork at 70 read a sound part of the record).
FORGERIES = [(r, _reseeded) for r in sorted(READERS)] + [(r, f) for f in (_card_changed, _end_changed) for r in ("replay", "html", "diff")]


@pytest.mark.parametrize("reader, forgery", FORGERIES, ids=[f"{r}-{f.__name__.strip('_')}" for r, f in FORGERIES])
def test_readers_say_in_one_line_what_is_wrong_with_a_record_they_cannot_trust(src: Path, tmp_path: Path, reader: str, forgery) -> None:
    bad = forgery(src, tmp_path / "bad.jsonl")
    assert not check(bad).ok
    res = run(*READERS[reader](bad, tmp_path, src))
    err = one_line_error(res)
    assert res.exit_code == 1 and str(bad) in err and "unexpected" not in err and "a bug" not in err, err
    assert not (tmp_path / "page.html").exists() and not (tmp_path / "fork.jsonl").exists()


@pytest.mark.parametrize("reader", sorted(set(READERS) - {"diff"}))
def test_a_header_only_record_is_an_empty_game_to_every_reader(src: Path, tmp_path: Path, reader: str) -> None:
    empty = write_lines(tmp_path / "empty.jsonl", lines(src)[:1])
    assert check(empty).ok  # a record with no event yet is sound: there is just nothing to show
    err = one_line_error(run(*READERS[reader](empty, tmp_path, src)))
    assert "an empty game" in err and "unexpected" not in err, err
    res = run("diff", empty, src)
    assert res.exit_code == 0 and "common prefix: 0 events" in res.output


# -- 4. records sgz writes itself are archivable; a header is bounded -------------


def test_a_record_of_the_search_bot_validates_and_ingests_where_the_bot_was_never_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sanguozhi.core.bots import BOTS

    path = tmp_path / "search.jsonl"
    bots = {0: "search", 1: "basic", 2: "basic", 3: "basic"}
    game, writer = start_recorded(path, "identity", 4, 2, {"deck": "basic", "max_turns": 6}, bots)
    with writer:
        run_bots(game, dict.fromkeys(bots, "basic"))  # what a bot decided is not re-derived: basic stands in, for speed
    monkeypatch.delitem(BOTS, "search", raising=False)  # a fresh process: replay.search not imported yet
    monkeypatch.delitem(sys.modules, "sanguozhi.replay.search", raising=False)
    c = check(path)
    assert c.ok, c.error
    assert ingest(open_db(tmp_path / "a.duckdb"), [path]).added == 1


@pytest.mark.parametrize("seed", [(1 << 64) - 1, 1 << 63, -(1 << 63)], ids=["2^64-1", "2^63", "-2^63"])
def test_a_seed_of_any_size_the_writer_takes_is_archived_and_sharded_exactly(tmp_path: Path, seed: int) -> None:
    from sanguozhi.records.shards import open_shards, shard

    folder = tmp_path / "g"
    path = folder / "big-seed.jsonl"
    bots = {s: "basic" for s in range(4)}
    game, writer = start_recorded(path, "identity", 4, seed, {"deck": "basic", "max_turns": 4}, bots)
    with writer:
        run_bots(game, bots)
    assert check(path).ok
    con = open_db(tmp_path / "a.duckdb")
    assert ingest(con, [path]).added == 1
    assert con.execute("SELECT seed FROM games").fetchall() == [(seed,)]
    con.close()
    import duckdb

    assert run("archive", "export", "--parquet", tmp_path / "pq", "--db", tmp_path / "a.duckdb").exit_code == 0
    exported = duckdb.connect().execute(f"SELECT seed FROM read_parquet('{tmp_path / 'pq' / 'games'}/**/*.parquet')").fetchall()
    assert [int(s) for s, in exported] == [seed]  # Parquet holds no 128-bit integer: the export loses no digit
    report = shard([folder], tmp_path / "shards", jobs=1)
    assert report.added == 1 and not report.rejected
    assert open_shards(tmp_path / "shards").execute("SELECT seed FROM games").fetchall() == [(seed,)]


def test_the_writer_refuses_a_header_no_reader_would_take(tmp_path: Path) -> None:
    start = _identity_start()
    for bad in ({"seed": 1 << 64}, {"game": "x" * 65}, {"game": "bad id"}, {"parent": "p\nq", "fork_at": 1}):
        with pytest.raises(ValueError, match="the header's"):
            RecordWriter(tmp_path / "never.jsonl", msgspec.structs.replace(_header_of(start), **bad))
    assert not (tmp_path / "never.jsonl").exists()


@pytest.mark.parametrize(
    "field, value",
    [
        ("game", "g" * 1_000_000),  # a megabyte of game id
        ("seed", 1 << 70),
        ("game", "a\x1b[2Jb"),  # 5. an escape sequence
        ("game", "a\nb"),  # a newline
        ("parent", "\u202egame"),  # a right-to-left override
        ("bots", {"0": "basic\x07"}),
    ],
    ids=["megabyte-id", "huge-seed", "escape", "newline", "bidi-parent", "bell-bot"],
)
def test_a_header_holding_what_no_record_may_hold_is_refused_at_reading(src: Path, tmp_path: Path, field: str, value) -> None:
    def change(head: dict, objs: list[dict]):
        head[field] = value
        if field == "parent":
            head["fork_at"] = 5
        if field == "seed":
            objs[0]["seed"] = value
        return head, objs

    bad = _resealed(src, tmp_path / "bad.jsonl", change)
    c = check(bad, execute=False)
    assert not c.ok and c.error.startswith(f"{bad}:1: the header"), c.error[:200]
    assert "\x1b" not in c.error and "\n" not in c.error and "\u202e" not in c.error and len(c.error) < 400
    report = ingest(open_db(tmp_path / "a.duckdb"), [bad])
    assert report.added == 0 and len(report.rejected) == 1


# -- 5. nothing from a record or an archive reaches the terminal raw --------------


def test_query_and_tree_never_print_control_characters_from_an_archive(tmp_path: Path) -> None:
    from sanguozhi.records.archive import ensure_schema

    db = tmp_path / "hostile.duckdb"
    con = open_db(db)
    ensure_schema(con)  # an archive someone made by hand, not through ingest
    con.execute("INSERT INTO games (game, parent, path, mode, players, seed, fork_at, events) VALUES ('evil\x1b[2J\u202e', 'root\u2066', '/x\x1b]0;t\x07.jsonl', 'identity', 4, 1, 3, 3)")
    con.close()
    for args in (("query", "--db", db, "SELECT game, parent, path FROM games"), ("query", "--db", db, "--json", "SELECT game, parent FROM games"),
                 ("query", "--db", db, "--format", "csv", "SELECT game FROM games"), ("tree", db)):
        res = run(*args)
        assert res.exit_code == 0, res.output
        for raw in ("\x1b", "\x07", "\u202e", "\u2066"):
            assert raw not in res.output, (args, res.output)
        assert "evil" in res.output


def test_an_error_naming_what_a_record_holds_is_one_printable_line(src: Path, tmp_path: Path) -> None:
    def change(head: dict, objs: list[dict]):
        objs[0]["options"]["colour\x1b[31m"] = "red"  # an option named with an escape sequence
        head["options"] = objs[0]["options"]
        return head, objs

    bad = _resealed(src, tmp_path / "bad.jsonl", change)
    err = one_line_error(run("replay", bad))
    assert "\x1b" not in err and "colour" in err


# -- 6. Ctrl-C in sgz play while the bots resolve a decision ----------------------


@pytest.mark.parametrize("nth", [1, 3, 8])
def test_ctrl_c_while_the_bots_resolve_a_decision_leaves_a_valid_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nth: int) -> None:
    """A real SIGINT, sent from inside the resolution of a bot's decision (in the
    middle of its events: at the start of a phase, which more events follow)."""
    out = tmp_path / "me.jsonl"
    write = RecordWriter.write
    seen = []

    def interrupting(self, event) -> None:
        write(self, event)
        if type(event) is ev.PhaseStarted and event.seat != 0:
            seen.append(event)
            if len(seen) == nth:
                os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(RecordWriter, "write", interrupting)
    from click.testing import CliRunner

    from sanguozhi.cli.main import main

    args = ["play", "--seat", "0", "--seed", "4", "--players", "4", "--out", str(out), "-o", "max_turns=20", "--bots", "basic"]
    res = CliRunner().invoke(main, args, input="1\np\na\n" * 400)
    assert len(seen) >= nth and res.exit_code == 130, res.output[-500:]
    c = check(out)
    assert c.ok and c.quit, c.error
    assert read_record(out).events[-1] == ev.GameQuit(seat=0)


# -- 7. the workers of a killed sgz sim end ----------------------------------------


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_workers_of_a_killed_sim_end_with_it(tmp_path: Path) -> None:
    p = subprocess.Popen([sys.executable, "-m", "sanguozhi", "sim", "--games", "5000", "--jobs", "2", "--out", str(tmp_path / "g")],
                         cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.05)
            workers = children(p.pid)
        assert len(workers) == 2, "the workers never started"
        p.kill()
        p.wait()
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers)), "a worker outlived its parent"
    finally:
        p.kill()
        p.wait()
        for w in workers:  # started by this test, through sgz
            if _alive(w):
                os.kill(w, signal.SIGKILL)


# -- 8. Ctrl-C at any moment: one line, exit status 130 ----------------------------

# A Ctrl-C that lands at an exact moment: sitecustomize (imported by Python at
# start-up) sends SIGINT when the module named by SGZ_TEST_SIGINT_ON is first
# imported, in the process itself or (worker) in a worker, to the whole group
# as a terminal does.
SITECUSTOMIZE = '''
import os, signal, sys, time
TARGET, WHERE = os.environ.get("SGZ_TEST_SIGINT_ON", ""), os.environ.get("SGZ_TEST_SIGINT_IN", "main")
MAIN = int(os.environ.setdefault("SGZ_TEST_MAIN_PID", str(os.getpid())))  # a worker inherits its parent's
class _Hook:
    def find_spec(self, name, path=None, target=None):
        worker = os.getpid() != MAIN
        if name == TARGET and worker == (WHERE == "worker"):
            sys.meta_path.remove(self)
            if worker:
                time.sleep(0.5)  # the parent has handed out the work: only this worker is starting
                os.killpg(os.getpgrp(), signal.SIGINT)
            else:
                os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
        return None
sys.meta_path.insert(0, _Hook())
'''


def _sgz_interrupted(tmp_path: Path, on: str, where: str, *args) -> subprocess.CompletedProcess:
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    env = {**os.environ, "PYTHONPATH": str(site), "SGZ_TEST_SIGINT_ON": on, "SGZ_TEST_SIGINT_IN": where}
    return subprocess.run([sys.executable, "-m", "sanguozhi", *map(str, args)], cwd=REPO, env=env, capture_output=True, text=True, timeout=120, start_new_session=True)


@pytest.mark.parametrize("on", ["click", "sanguozhi.cli.cmd_validate", "sanguozhi.records.check"])
def test_ctrl_c_while_sgz_is_still_starting_is_one_line_and_130(src: Path, tmp_path: Path, on: str) -> None:
    res = _sgz_interrupted(tmp_path, on, "main", "validate", src)
    assert res.returncode == 130 and "Traceback" not in res.stderr, res.stderr
    assert res.stderr.strip().splitlines() == ["sgz: interrupted (records written so far are kept)"]


@pytest.mark.parametrize("command", [("archive", "ingest", "--verify", "--jobs", "2", "--db", "a.duckdb"), ("archive", "shard", "--jobs", "2", "--per-shard", "2", "--out", "shards")], ids=["ingest-verify", "shard"])
def test_ctrl_c_while_workers_start_is_one_line_of_the_parent_and_130(tmp_path: Path, command: tuple[str, ...]) -> None:
    from .util import records

    folder = tmp_path / "g"
    records(folder, 16, players=4, max_turns=2)
    args = [tmp_path / a if a in ("a.duckdb", "shards") else a for a in command]
    res = _sgz_interrupted(tmp_path, "sanguozhi.records.workers", "worker", *args, folder)
    assert res.returncode == 130 and "Traceback" not in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "interrupted" in res.stderr, res.stderr


# -- 9. the shard path keeps the archive's promises --------------------------------


@pytest.fixture(scope="module")
def shards(tmp_path_factory) -> Path:
    from sanguozhi.records.shards import shard

    from .util import records

    top = tmp_path_factory.mktemp("shards")
    records(top / "g", 3, players=4, max_turns=6)
    assert shard([top / "g"], top / "s", jobs=1).added == 3
    return top / "s"


def _games(shards: Path) -> int:
    res = run("query", "--shards", shards, "--json", "SELECT count(*) AS n FROM games")
    assert res.exit_code == 0, res.output
    return json.loads(res.output)[0]["n"]


def test_query_on_shards_cannot_write_a_forged_shard(shards: Path) -> None:
    folder = next((shards / "games").glob("mode=*/date=*"))
    forged = folder / "part-0123456789abcdef.parquet"
    sql = f"EXPLAIN ANALYZE COPY (SELECT * EXCLUDE (mode, date) FROM games) TO '{forged}' (FORMAT PARQUET)"
    err = one_line_error(run("query", "--shards", shards, sql))
    assert "EXPLAIN ANALYZE COPY is not allowed" in err and "read-only" in err
    assert not forged.exists() and _games(shards) == 3


def test_explain_analyze_of_a_write_is_refused_on_an_archive_too(tmp_path: Path, src: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert ingest(open_db(db), [src]).added == 1
    for sql in ("EXPLAIN ANALYZE CREATE TEMP TABLE t AS SELECT 1", "PRAGMA enable_profiling", "EXPLAIN (FORMAT json) CREATE TEMP TABLE t AS SELECT 1"):
        assert "is not allowed" in one_line_error(run("query", "--db", db, sql)), sql
    for sql in ("EXPLAIN SELECT count(*) FROM games", "EXPLAIN ANALYZE SELECT count(*) FROM events", "PRAGMA table_info('games')"):
        assert run("query", "--db", db, sql).exit_code == 0, sql


def test_the_shards_reader_is_held_to_the_archive_readers_memory(shards: Path) -> None:
    res = run("query", "--shards", shards, "--json", "SELECT current_setting('memory_limit') AS m")
    assert res.exit_code == 0 and json.loads(res.output)[0]["m"] in ("953.6 MiB", "1.0 GiB", "1000.0 MiB"), res.output


def test_a_stray_parquet_file_among_the_shards_is_left_alone_and_a_broken_shard_is_one_line(shards: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "s"
    shutil.copytree(shards, copy)
    some = next((copy / "games").rglob("part-*.parquet"))
    shutil.copy(some, copy / "games" / "stray.parquet")  # outside any mode=/date= folder
    shutil.copy(some, some.parent.parent / "stray.parquet")
    assert _games(copy) == 3
    res = run("stats", "--shards", copy)
    assert res.exit_code == 0, res.output
    (some.parent / "part-00000000deadbeef.parquet").write_bytes(b"not parquet")
    for args in (("stats", "--shards", copy), ("query", "--shards", copy, "SELECT count(*) FROM games")):
        err = one_line_error(run(*args))
        assert "cannot read the shards" in err and "unexpected" not in err, err


def test_archive_shard_keeps_the_genuine_record_when_a_damaged_copy_sorts_first(src: Path, tmp_path: Path) -> None:
    from sanguozhi.records.shards import shard

    folder = tmp_path / "g"
    folder.mkdir()
    rows = lines(src)
    rows[len(rows) // 2] = rows[len(rows) // 2].replace(b'"t":"', b'"t":"x', 1)
    write_lines(folder / "a-damaged-copy.jsonl", rows)
    (folder / "b-genuine.jsonl").write_bytes(src.read_bytes())
    for _ in range(2):  # and on a rerun
        report = shard([folder], tmp_path / "s", jobs=1)
        games = {r[0] for r in open_db_shards(tmp_path / "s").execute("SELECT game FROM games").fetchall()}
        assert games == {read_record(src).header.game}, report


def open_db_shards(folder: Path):
    from sanguozhi.records.shards import open_shards

    return open_shards(folder)


def test_stats_of_a_hostile_archive_stops_at_its_time_limit(tmp_path: Path) -> None:
    from sanguozhi.records.archive import ensure_schema

    db = tmp_path / "slow.duckdb"
    con = open_db(db)
    ensure_schema(con)
    con.execute("DROP TABLE games")
    con.execute(
        "CREATE VIEW games AS SELECT 'g' || a.range AS game, true AS finished, [0]::SMALLINT[] AS winners, 1 AS turns, 1 AS rounds, 1 AS events, 1 AS decisions,"
        " 'identity' AS mode, NULL::VARCHAR AS parent, 4 AS players FROM range(100000) a, range(100000) b"
    )
    con.close()
    started = time.monotonic()
    err = one_line_error(run("stats", "--db", db, "--timeout", "0.5"))
    assert "stopped after 0.5 s" in err and time.monotonic() - started < 20, err


# -- 10. commands ---------------------------------------------------------------


def test_no_command_writes_over_a_record(src: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    other.write_bytes(src.read_bytes())
    before = src.read_bytes()
    for args in (("html", src, "--out", src, "--force"), ("html", src, "--out", other, "--force"), ("stats", "--db", tmp_path / "none.duckdb", "--plot", tmp_path / "x.svg")):
        one_line_error(run(*args))
    assert src.read_bytes() == before == other.read_bytes()
    page = tmp_path / "page.html"
    assert run("html", src, "--out", page).exit_code == 0
    assert run("html", src, "--out", page, "--force").exit_code == 0  # a page is no record: --force replaces it


@pytest.mark.parametrize("command", [("sim", "--out", "g"), ("play", "--out", "me.jsonl")])
def test_players_are_held_to_the_modes_table_sizes_before_any_seat_is_built(tmp_path: Path, command: tuple[str, ...]) -> None:
    args = [tmp_path / a if a in ("g", "me.jsonl") else a for a in command]
    # A bot list for 100 seats is never built nor checked: the table size is wrong first.
    err = one_line_error(run(*args, "--players", "100", "--bots", "basic,random"))
    assert "--players 100: mode 'identity' takes 4-10 players" in err
    res = run(*args, "--players", str(10**12))
    assert res.exit_code == 2 and "takes 4-10 players" in res.output


def test_a_fifo_named_like_a_record_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "trap.jsonl"
    os.mkfifo(fifo)
    done = threading.Event()

    def unblock() -> None:  # what frees a reader that waits on the FIFO (today's), so the test ends
        while not done.wait(3):
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK) if _has_reader(fifo) else None
            if fd is not None:
                os.close(fd)

    threading.Thread(target=unblock, daemon=True).start()
    try:
        for args in (("replay", fifo), ("validate", fifo), ("tree", fifo), ("archive", "ingest", fifo, "--db", tmp_path / "a.duckdb"), ("diff", fifo, fifo)):
            started = time.monotonic()
            res = run(*args)
            assert time.monotonic() - started < 2.5, args
            assert res.exit_code == 1 and "not a regular file" in res.output, (args, res.output)
        tree = run("tree", tmp_path)  # in a folder, a FIFO is skipped with a note
        assert tree.exit_code == 0 and "not a regular file" in tree.output
    finally:
        done.set()


def _has_reader(fifo: Path) -> bool:
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        return True
    except OSError:  # ENXIO: nobody has it open for reading
        return False


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "0", "1e300"])
def test_a_time_limit_is_a_finite_number_of_seconds(tmp_path: Path, value: str) -> None:
    res = run("query", "--db", tmp_path / "none.duckdb", "--timeout", value, "SELECT 1")
    assert res.exit_code == 2 and "number of seconds" in one_line_error(res)


def test_exit_statuses_are_the_readmes(src: Path, tmp_path: Path) -> None:
    for args, status, says in (
        (("sim", "--mode", "nosuch", "--out", tmp_path / "g"), 2, "unknown mode 'nosuch'"),
        (("sim", "--mode", "", "--out", tmp_path / "g"), 2, "unknown mode ''"),
        (("play", "--mode", "nosuch", "--out", tmp_path / "me.jsonl"), 2, "unknown mode 'nosuch'"),
        (("analyze", src, "--at", "999999"), 2, "event 999999 is not in the record"),
        (("analyze", src, "--seat", "9", "--blunders"), 2, "--seat 9: the game has seats 0-3"),
        (("sim", "--seed", str(1 << 64), "--out", tmp_path / "g"), 2, "a seed is a 64-bit integer"),
    ):
        res = run(*args)
        assert res.exit_code == status and says in one_line_error(res), (args, res.output)
    assert not (tmp_path / "g").exists() or not list((tmp_path / "g").iterdir())
