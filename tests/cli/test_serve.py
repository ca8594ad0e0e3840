"""`sgz serve`'s web app through Starlette's test client: lists, filters, pages,
queries, charts; the archive stays read-only and shows no person's unfinished
game; the holes a server must not have (concurrent requests, a foreign host,
a cross-site form, a body too large or not UTF-8, numbers out of bounds)."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import duckdb
import pytest
from starlette.testclient import TestClient

from sanguozhi.cli.web.app import make_app
from sanguozhi.records import read_record
from sanguozhi.records.queries import NAMED
from tests.records.util import records

from .records_util import archive_of, run


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return archive_of(tmp_path_factory.mktemp("serve"), 6, players=5, max_turns=40)


@pytest.fixture()
def client(db: Path, tmp_path: Path) -> TestClient:
    return TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))


def sql(db: Path, q: str, **params) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(q, params or None).fetchall()
    finally:
        con.close()


def listed(html: str) -> set[str]:
    return set(re.findall(r'href="/game/([0-9a-f]+)"', html))


def embedded(html: str) -> dict:
    return json.loads(re.search(r'id="sgz-data">(.*?)</script>', html, re.S).group(1))


def test_the_list_and_its_filters_match_the_archive(client: TestClient, db: Path) -> None:
    every = {g for (g,) in sql(db, "SELECT game FROM games")}
    assert listed(client.get("/").text) == every
    general = sql(db, "SELECT general FROM seats ORDER BY general LIMIT 1")[0][0]
    with_it = {g for (g,) in sql(db, "SELECT DISTINCT game FROM seats WHERE general = $g", g=general)}
    assert listed(client.get("/", params={"general": general}).text) == with_it
    winner = sql(db, "SELECT winner FROM games WHERE winner IS NOT NULL LIMIT 1")[0][0]
    won = {g for (g,) in sql(db, "SELECT game FROM games WHERE winner = $w", w=winner)}
    assert listed(client.get("/", params={"winner": winner}).text) == won
    assert listed(client.get("/", params={"mode": "identity", "winner": winner, "general": general}).text) == won & with_it
    assert listed(client.get("/", params={"mode": "tripod"}).text) == set()


def test_a_game_opens_in_the_viewer_of_sgz_html(client: TestClient, db: Path) -> None:
    game, path = sql(db, "SELECT game, path FROM games ORDER BY game LIMIT 1")[0]
    res = client.get(f"/game/{game}")
    assert res.status_code == 200
    data = embedded(res.text)
    assert data["game"]["id"] == game and data["events"] == len(read_record(path).events)
    assert [v["seat"] for v in data["views"]] == [None, 0, 1, 2, 3, 4]
    assert 'class="app"' in res.text  # the app's navigation on top
    missing = client.get("/game/0000000000000000")
    assert missing.status_code == 404 and "no game 0000000000000000" in missing.text


def test_every_named_query_runs_and_links_its_moments(client: TestClient, db: Path) -> None:
    index = client.get("/queries").text
    for name in NAMED:
        assert f'href="/queries/{name}"' in index
        res = client.get(f"/queries/{name}")
        assert res.status_code == 200, name
        assert 'class="error"' not in res.text, (name, res.text[-500:])
    longest = client.get("/queries/longest").text
    rows = sql(db, "SELECT game, end_seq FROM games WHERE finished ORDER BY turns DESC, game LIMIT 10")
    for game, seq in rows:
        assert f'href="/game/{game}#e={seq}"' in longest
    assert client.get("/queries/nope").status_code == 404


def test_statistics_as_charts(client: TestClient) -> None:
    res = client.get("/stats")
    assert res.status_code == 200
    assert res.text.count("<svg ") == 4  # win rate by role, by general, lengths, damage by card
    assert "Win rate by role (95% interval)" in res.text and "Win rate by general (95% interval)" in res.text
    zh = client.get("/stats", params={"lang": "zh", "by": "seat"})
    assert "胜率" in zh.text and "按座位" in zh.text and "by seat" not in zh.text
    assert client.get("/stats", params={"by": "weather"}).status_code == 400


def test_the_archive_is_only_read_and_free_between_requests(client: TestClient, db: Path, tmp_path: Path) -> None:
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    for url in ("/", "/stats", "/queries/recent", f"/game/{sql(db, 'SELECT game FROM games LIMIT 1')[0][0]}"):
        assert client.get(url).status_code == 200
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    # No connection is held between two requests: an ingest can write meanwhile.
    other = tmp_path / "more"
    records(other, 1, first_seed=900, players=4, max_turns=5)
    copy = tmp_path / "copy.duckdb"
    copy.write_bytes(db.read_bytes())
    app = TestClient(make_app(str(copy), tmp_path / "played", allow_hosts=("testserver",)))
    assert app.get("/").status_code == 200
    assert run("archive", "ingest", other, "--db", copy).exit_code == 0
    assert len(listed(app.get("/").text)) == len(listed(client.get("/").text)) + 1


def test_without_an_archive_the_list_says_how_to_make_one(tmp_path: Path) -> None:
    res = TestClient(make_app(str(tmp_path / "none.duckdb"), tmp_path / "played", allow_hosts=("testserver",))).get("/")
    assert res.status_code == 200 and "no archive at" in res.text and "sgz archive ingest" in res.text


def test_one_person_against_bots_is_a_table_now(client: TestClient) -> None:
    res = client.get("/play", follow_redirects=False)
    assert res.status_code == 303 and res.headers["location"] == "/tables"


def archive_with_a_persons_open_game(tmp_path: Path) -> tuple[Path, str]:
    """An archive of one bot game and one unfinished game of a person (Ann): (db, its game id)."""
    from sanguozhi.records.session import advance, start_person_game

    folder = tmp_path / "g"
    bots = {s: "basic" for s in range(1, 5)}
    game, writer = start_person_game(folder / "open.jsonl", "identity", 5, None, {}, bots, people={0: "Ann"})
    with writer:
        game.submit(game.request.choices[0])
        advance(game, bots)
    records(folder, 1, first_seed=700, players=4, max_turns=5)
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", folder, "--db", db, "--partial").exit_code == 0
    (hidden,) = [g for (g,) in sql(db, "SELECT game FROM games WHERE NOT finished")]
    return db, hidden


def test_a_persons_unfinished_game_shows_nowhere_in_the_archive_pages(tmp_path: Path) -> None:
    """One rule everywhere: the list, the named queries and /game/{id} show a person's game once it is over."""
    db, hidden = archive_with_a_persons_open_game(tmp_path)
    general = sql(db, "SELECT general FROM seats WHERE game = $g AND seat = 2", g=hidden)[0][0]
    app = TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))
    page = app.get("/").text
    assert hidden not in page and listed(page)
    for name in NAMED:
        assert hidden not in app.get(f"/queries/{name}").text
    assert hidden not in app.get("/", params={"general": general}).text  # its generals are no filter's either
    assert app.get(f"/game/{hidden}").status_code == 404


def test_requests_at_the_same_time_are_all_served(client: TestClient) -> None:
    """Two concurrent requests were an HTTP 500 (the archive's settings locked twice)."""
    from concurrent.futures import ThreadPoolExecutor

    urls = ["/", "/stats", "/queries/recent"] * 6
    with ThreadPoolExecutor(max_workers=6) as pool:
        codes = list(pool.map(lambda u: client.get(u).status_code, urls))
    assert codes == [200] * len(urls)


def test_a_foreign_host_name_is_refused(client: TestClient) -> None:
    """DNS rebinding: another site's name pointed at this machine reads nothing."""
    res = client.get("/", headers={"host": "evil.example"})
    assert res.status_code == 400 and "host name" in res.text and "<table" not in res.text


def test_a_form_posted_from_another_site_is_refused(client: TestClient, tmp_path: Path) -> None:
    res = client.post("/tables", data={"mode": "identity", "players": "4"}, headers={"origin": "http://evil.example"})
    assert res.status_code == 403 and "another site" in res.text
    assert not list((tmp_path / "played").glob("*.room.json"))  # nothing was made


def test_a_body_too_large_or_not_utf8_is_refused_and_numbers_are_bounded(client: TestClient, tmp_path: Path) -> None:
    res = client.post("/tables", content=b"mode=identity&x=" + b"a" * 200_000, headers={"content-type": "application/x-www-form-urlencoded"})
    assert res.status_code == 413
    res = client.post("/tables", content=b"mode=identity&title=\xff\xfe", headers={"content-type": "application/x-www-form-urlencoded"})
    assert res.status_code == 400 and "UTF-8" in res.text
    for form, why in [
        ({"mode": "identity", "players": "10000000"}, "players must be"),
        ({"mode": "identity", "players": "4", "clock": "inf"}, "clock must be"),
        ({"mode": "identity", "players": "4", "clock": "nan"}, "clock must be"),
        ({"mode": "nosuch"}, "unknown mode"),
        ({"mode": "identity", "players": "4", "options": "weather=rain"}, "weather"),
        ({"mode": "identity", "players": "4", "bots": "0,1,2,3"}, "a person"),
    ]:
        res = client.post("/tables", data=form)
        assert res.status_code == 400 and why in res.text, (form, res.text[-300:])
    assert not list((tmp_path / "played").glob("*.room.json"))


@pytest.fixture(scope="module")
def forked(tmp_path_factory) -> tuple[Path, str, list[str]]:
    """An archive of a parent game and three forks of it (after events 40, 80, 120)."""
    d = tmp_path_factory.mktemp("forks")
    (parent,) = records(d / "g", 1, first_seed=60, players=4, max_turns=12)
    for k, at in enumerate((40, 80, 120)):
        assert run("fork", parent, "--at", str(at), "--out", d / "g" / f"fork{k}.jsonl").exit_code == 0
    db = d / "a.duckdb"
    assert run("archive", "ingest", d / "g", "--db", db).exit_code == 0
    forks = [read_record(d / "g" / f"fork{k}.jsonl").header.game for k in range(3)]
    return db, read_record(parent).header.game, forks


def test_the_fork_tree_of_a_parent_and_its_three_forks_is_shown_with_links(forked, tmp_path: Path) -> None:
    db, parent, forks = forked
    app = TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))
    for game in (parent, *forks):
        data = embedded(app.get(f"/game/{game}").text)
        (root,) = data["tree"]
        assert root["game"] == parent
        assert [c["game"] for c in root["children"]] == forks and [c["fork_at"] for c in root["children"]] == [41, 81, 121]
        assert data["links"] == {"game": "/game/", "record": f"/game/{game}/record"}


def test_the_record_of_an_archived_game_downloads(client: TestClient, db: Path) -> None:
    game, path = sql(db, "SELECT game, path FROM games ORDER BY game LIMIT 1")[0]
    res = client.get(f"/game/{game}/record")
    assert res.status_code == 200 and res.content == Path(path).read_bytes()
    assert Path(path).name in res.headers["content-disposition"]
    assert client.get("/game/0000000000000000/record").status_code == 404


def test_query_results_and_the_games_list_show_names_not_ids(client: TestClient, db: Path) -> None:
    from sanguozhi.replay.narrate import display_name

    text = client.get("/queries/big-hits").text
    cards = {c for (c,) in sql(db, "SELECT DISTINCT card FROM damage WHERE n >= 2 AND card <> ''")}
    assert cards
    for c in cards:
        assert f"<td>{display_name(c, 'en')}</td>" in text and f"<td>{c}</td>" not in text
    zh = client.get("/", params={"lang": "zh"}).text
    assert "身份局" in zh and "<td>identity</td>" not in zh


def test_the_tables_behind_the_decisions_view_hide_a_persons_open_game_too(tmp_path: Path) -> None:
    db, hidden = archive_with_a_persons_open_game(tmp_path)
    assert sql(db, "SELECT count(*) FROM decisions_pending")[0][0] == 2  # built on first use: the app's first reader does it
    app = TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))
    for q in ("SELECT game FROM decision_rows", "SELECT game FROM decisions", "SELECT game FROM decisions_pending", "SELECT * FROM decisions_pending"):
        res = app.post("/queries", data={"sql": q})
        assert res.status_code == 200 and 'class="error"' not in res.text and hidden not in res.text, q
    assert sql(db, "SELECT count(*) FROM decisions_pending")[0][0] == 0
    assert hidden in {g for (g,) in sql(db, "SELECT DISTINCT game FROM decision_rows")}


def test_ones_own_sql_runs_read_only_and_cannot_read_around_the_views(tmp_path: Path) -> None:
    db, hidden = archive_with_a_persons_open_game(tmp_path)
    app = TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))
    assert 'form class="sql" method="post"' in app.get("/queries").text
    ok = app.post("/queries?lang=zh", data={"sql": "SELECT d.game, d.seq, s.role, s.general FROM decisions d JOIN seats s ON s.game = d.game AND s.seat = d.seat ORDER BY 1, 2 LIMIT 40"})
    assert ok.status_code == 200 and 'class="error"' not in ok.text and "<td>主公</td>" in ok.text
    generals = {g for (g,) in sql(db, "SELECT general FROM seats")}
    assert not [g for g in generals if f"<td>{g}</td>" in ok.text]  # names, not ids
    assert re.search(r'href="/game/[0-9a-f]+#e=\d+"', ok.text)  # a moment is a link
    assert hidden not in app.post("/queries", data={"sql": "SELECT game FROM games"}).text
    catalog = db.stem
    for q in [
        "SELECT game FROM main.games",
        'SELECT game FROM "main"."games"',
        f"SELECT game FROM {catalog}.games",
        f'SELECT game FROM "{catalog}".main.games',
        "SELECT game FROM main/**/.games",
        "SELECT '--', game FROM main.games",
        "SELECT * FROM query('SELECT game FROM ' || 'ma' || 'in.games')",
        "SELECT * FROM query_table('games')",
        "SELECT (SELECT max(game) FROM temp.games)",
        "DELETE FROM games",
        "PRAGMA show_tables",
        "ATTACH 'x.duckdb'",
    ]:
        res = app.post("/queries", data={"sql": q})
        assert res.status_code == 200 and 'class="error"' in res.text, q
        assert hidden not in res.text, q
