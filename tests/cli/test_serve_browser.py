"""`sgz serve`'s archive pages in a real browser: uvicorn on 127.0.0.1, Debian's
Chromium through Playwright; they open and read well (a screenshot of each page
is kept in the test's temporary folder).  The live tables: tests/cli/web/."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.cli.web.app import make_app
from tests.browser import chromium, page_of, served

from .records_util import archive_of


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("site")
    app = make_app(str(archive_of(d, 4, players=5, max_turns=40)), d / "played")
    with served(app) as url, chromium() as browser:
        yield url, browser, app, d


def test_the_archive_pages_read_well(site, tmp_path: Path) -> None:
    url, browser, _app, _d = site
    page = page_of(browser)
    page.goto(url + "/")
    rows = page.locator("table.data tbody tr")
    assert rows.count() == 4
    page.screenshot(path=str(tmp_path / "games.png"), full_page=True)
    page.select_option("select[name=winner]", index=1)
    with page.expect_navigation():
        page.click("form.filters button")
    assert 1 <= page.locator("table.data tbody tr").count() <= 4
    with page.expect_navigation():
        page.click("table.data tbody tr:first-child a")
    page.wait_for_selector("#table .char")
    assert page.locator("#persp option").count() == 6
    page.keyboard.press("End")
    assert page.locator("#table .over").count() == 1
    page.screenshot(path=str(tmp_path / "game.png"))
    page.goto(url + "/stats")
    assert page.locator(".charts svg").count() == 4
    page.screenshot(path=str(tmp_path / "stats.png"), full_page=True)
    page.goto(url + "/queries/longest")
    with page.expect_navigation():
        page.click("table.data tbody tr:first-child a")
    assert page.evaluate("sgz.state().n") == page.evaluate("sgz.data.events") - 1  # the end of the game, as the row said
    page.screenshot(path=str(tmp_path / "query-row.png"))
    assert not page.script_errors


def test_the_fork_tree_in_the_app_links_every_game(site, tmp_path: Path) -> None:
    from sanguozhi.records import read_record
    from tests.records.util import records

    from .records_util import run

    _url, browser, _app, _d = site
    (parent,) = records(tmp_path / "g", 1, first_seed=60, players=4, max_turns=12)
    for k, at in enumerate((40, 80, 120)):
        assert run("fork", parent, "--at", str(at), "--out", tmp_path / "g" / f"fork{k}.jsonl").exit_code == 0
    assert run("archive", "ingest", tmp_path / "g", "--db", tmp_path / "a.duckdb").exit_code == 0
    top = read_record(parent).header.game
    forks = [read_record(tmp_path / "g" / f"fork{k}.jsonl").header.game for k in range(3)]
    with served(make_app(str(tmp_path / "a.duckdb"), tmp_path / "played")) as url:
        page = page_of(browser)
        page.goto(f"{url}/game/{top}")
        assert page.is_visible("#tree-box") and page.locator("#tree li").count() == 4
        assert page.eval_on_selector_all("#tree a.node", "els => els.map(a => a.getAttribute('href'))") == [f"/game/{g}" for g in forks]
        page.screenshot(path=str(tmp_path / "tree-parent.png"), full_page=True)
        with page.expect_navigation():
            page.click(f'#tree a.node[href="/game/{forks[1]}"]')
        assert page.evaluate("sgz.data.game.id") == forks[1]
        # From a fork: the parent and the other forks are links, itself is not.
        assert page.eval_on_selector_all("#tree a.node", "els => els.map(a => a.getAttribute('href'))") == [f"/game/{g}" for g in (top, forks[0], forks[2])]
        assert page.locator("#tree li.this").get_attribute("data-game") == forks[1]
        # The record downloads from the page.
        assert page.is_visible("#download")
        with page.expect_download() as got:
            page.click("#download")
        assert Path(got.value.path()).read_bytes() == (tmp_path / "g" / "fork1.jsonl").read_bytes()
        page.screenshot(path=str(tmp_path / "tree-fork.png"), full_page=True)
        assert not page.script_errors


def test_the_app_pages_fit_a_390px_phone_and_the_sql_box_runs(site, tmp_path: Path) -> None:
    url, browser, _app, _d = site
    page = page_of(browser, 390, 844)
    for path in ("/", "/stats", "/queries", "/queries/longest", "/?lang=zh"):
        page.goto(url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        page.screenshot(path=str(tmp_path / f"phone{path.replace('/', '_').replace('?', '_')}.png"), full_page=True)
    page.goto(url + "/")
    with page.expect_navigation():
        page.click("table.data tbody tr:first-child a")
    page.wait_for_selector("#table .char")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "phone-game.png"), full_page=True)
    page = page_of(browser)
    page.goto(url + "/queries?lang=zh")
    page.fill("form.sql textarea", "SELECT game, seq, src, dst, n, card FROM damage ORDER BY n DESC, game, seq LIMIT 5")
    with page.expect_navigation():
        page.click("form.sql button")
    rows = page.locator("table.data tbody tr")
    assert rows.count() == 5 and not page.locator(".error").count()
    assert "【" not in page.text_content("table.data") and page.locator("table.data tbody a").count() == 5
    page.fill("form.sql textarea", "SELECT * FROM main.games")
    with page.expect_navigation():
        page.click("form.sql button")
    assert "main." in page.text_content(".error")
    page.screenshot(path=str(tmp_path / "sql.png"), full_page=True)
    assert not page.script_errors
