"""`sgz serve` in a real browser: uvicorn on 127.0.0.1, Debian's Chromium through
Playwright.  A person starts a game and makes three decisions by clicking;
the archive's pages open and read well (a screenshot of each page is kept
in the test's temporary folder)."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.cli.web.app import make_app
from sanguozhi.core import events as ev
from sanguozhi.core.game import decision_points
from sanguozhi.records import read_record
from tests.browser import chromium, page_of, served

from .records_util import archive_of


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("site")
    app = make_app(str(archive_of(d, 4, players=5, max_turns=40)), d / "played")
    with served(app) as url, chromium() as browser:
        yield url, browser, app, d


def test_play_three_decisions_in_the_browser(site, tmp_path: Path) -> None:
    url, browser, app, d = site
    page = page_of(browser)
    page.goto(f"{url}/play")
    page.screenshot(path=str(tmp_path / "play-form.png"))
    page.fill("input[name=seed]", "8")
    page.click("#start")
    page.wait_for_selector("#decision")
    live = list(app.state.sessions.values())[-1]
    for i in range(3):
        req = live.game.request
        assert req is not None and req.seat == 0
        page.screenshot(path=str(tmp_path / f"decision-{i}.png"), full_page=True)
        # The page shows the person's table as the game has it.
        me = live.game.state.chars[0]
        assert page.text_content('#table .char[data-seat="0"] .hand-count') == str(len(me.hand))
        assert page.text_content('#table .char[data-seat="0"] .hp') == f"{me.hp}/{me.max_hp}"
        if page.locator("#decision button.choice").count():
            choices = page.locator("#decision button.choice")
            assert choices.count() == len(req.choices)
            with page.expect_navigation():
                choices.last.click()
        else:
            boxes = page.locator("#decision .picks input")
            assert boxes.count() == len(req.cards)
            for k in range(max(req.min, 1)):
                boxes.nth(k).check()
            with page.expect_navigation():
                page.click("#decision button.pick")
        assert not page.locator("#decision-error").count(), page.text_content("#decision-error")
    page.screenshot(path=str(tmp_path / "decision-3.png"), full_page=True)
    asked = set(decision_points(live.game.events))  # not the secret passes the rules record by themselves
    decided = [e for i, e in enumerate(live.game.events) if i in asked and e.seat == 0]
    assert len(decided) == 3
    assert page.evaluate("sgz.state().n") == len(live.game.events) - 1  # the page opens at the present
    # Chinese, in the viewer and in the decision form.
    page.click("#lang-zh")
    assert page.locator('#decision [lang="zh"]').first.is_visible()
    assert not page.locator('#decision [lang="en"]').first.is_visible()
    page.screenshot(path=str(tmp_path / "decision-zh.png"), full_page=True)
    with page.expect_navigation():
        page.click("#decision button.quit")
    rec = read_record(live.path)
    assert rec.events == live.game.events and [e for i, e in enumerate(rec.events) if i in asked and e.seat == 0] == decided
    assert not page.script_errors


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
