"""`sgz serve`'s web app through Starlette's test client: lists, filters, pages,
queries, charts, and a game played over HTTP; the archive stays read-only."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import duckdb
import pytest
from starlette.testclient import TestClient

from sanguozhi.cli.web.app import make_app
from sanguozhi.core import events as ev
from sanguozhi.core.game import decision_points
from sanguozhi.records import read_record
from sanguozhi.records.queries import NAMED
from tests.records.util import records

from .records_util import archive_of, run


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return archive_of(tmp_path_factory.mktemp("serve"), 6, players=5, max_turns=40)


@pytest.fixture()
def client(db: Path, tmp_path: Path) -> TestClient:
    return TestClient(make_app(str(db), tmp_path / "played"))


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
    assert "胜率" in zh.text and "by seat" in zh.text
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
    app = TestClient(make_app(str(copy), tmp_path / "played"))
    assert app.get("/").status_code == 200
    assert run("archive", "ingest", other, "--db", copy).exit_code == 0
    assert len(listed(app.get("/").text)) == len(listed(client.get("/").text)) + 1


def test_without_an_archive_the_list_says_how_to_make_one(tmp_path: Path) -> None:
    res = TestClient(make_app(str(tmp_path / "none.duckdb"), tmp_path / "played")).get("/")
    assert res.status_code == 200 and "no archive at" in res.text and "sgz archive ingest" in res.text


def test_a_game_played_over_http_is_recorded_as_played(client: TestClient, tmp_path: Path) -> None:
    res = client.post("/play", data={"mode": "identity", "players": "4", "seat": "1", "seed": "5", "bots": "basic", "options": "", "lang": "en"}, follow_redirects=False)
    assert res.status_code == 303, res.text
    url = res.headers["location"]
    page = client.get(url)
    assert 'id="decision"' in page.text
    data = embedded(page.text)
    assert [v["seat"] for v in data["views"]] == [1]  # the person's view only while playing
    (path,) = (tmp_path / "played").glob("*.jsonl")
    wrong = client.post(url, data={"choice": "999"}, follow_redirects=False)
    assert wrong.status_code == 400 and "choose one of the" in wrong.text
    made = 0
    for _ in range(3):
        page = client.get(url).text
        form = {"choice": "0"} if 'class="choice"' in page else {"card": re.findall(r'name="card" value="(\d+)"', page)[:1], "pick": "1"}
        res = client.post(url, data=form, follow_redirects=False)
        assert res.status_code == 303, res.text
        made += 1
    (live,) = client.app.state.sessions.values()
    played = live.game.events
    asked = set(decision_points(played))  # not the secret passes the rules record by themselves
    mine = [e for i, e in enumerate(played) if i in asked and e.seat == 1]
    assert len(mine) == made == 3
    # The page shows the game as it is now; the record holds it up to the last decision at least.
    assert embedded(client.get(url).text)["events"] == len(played)
    rec = read_record(path)
    assert rec.header.bots == {"0": "basic", "2": "basic", "3": "basic"}
    assert rec.events == played[: len(rec.events)] and mine[-1] in rec.events
    res = client.post(url, data={"quit": "1"}, follow_redirects=False)
    assert res.status_code == 303
    assert "You left the game" in client.get(url).text
    assert read_record(path).events == played  # closed: everything played is in the record,
    assert played[-1] == ev.GameQuit(seat=1)  # ending as sgz play's records do when the person leaves


def test_a_game_that_cannot_start_says_why(client: TestClient) -> None:
    res = client.post("/play", data={"mode": "identity", "players": "4", "seat": "7"})
    assert res.status_code == 400 and "seat 7: seats are 0-3" in res.text
    res = client.post("/play", data={"mode": "hegemony-six", "players": "3"})
    assert res.status_code == 400 and "hegemony" in res.text
    res = client.post("/play", data={"mode": "identity", "options": "weather=rain"})
    assert res.status_code == 400 and "weather" in res.text
    assert client.get("/play/nope").status_code == 404
