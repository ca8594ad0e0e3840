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
