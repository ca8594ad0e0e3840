"""Live tables in real browsers: uvicorn on 127.0.0.1, Debian's Chromium through
Playwright, one browser context (its own cookies) a person.

Three people and two bots play a whole identity game, choosing by clicks on the
drawn table and on the decision's buttons; one person closes the tab mid-game
and comes back to the same question; a spectator watches the public view; at
the end every page shows who won and the replay opens.  Two people play a whole
duel.  The decision is in view without scrolling at 1366×768 and on a 390 px
phone.  Screenshots are kept in the test's temporary folder.
"""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from sanguozhi.cli.web.app import make_app
from sanguozhi.records import read_record
from sanguozhi.records.check import check
from tests.browser import chromium, served

STATE = "(() => { const s = window.sgzTable && window.sgzTable.state(); const d = s && s.data; " \
        "return d ? {ask: d.ask, end: d.end || null, viewer: d.viewer, step: !!s.step, waiting: d.waiting, hand: d.view && d.view.seats[d.viewer] ? d.view.seats[d.viewer].hand : null} : null })()"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    d = tmp_path_factory.mktemp("tables")
    app = make_app(str(d / "a.duckdb"), d / "rec")
    with served(app) as url, chromium() as browser:
        yield url, browser, app, d


def person(browser: Any, width: int = 1366, height: int = 768) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.script_errors = errors  # type: ignore[attr-defined]
    return page


def new_table(page: Any, url: str, players: int, bots: str, options: str, mode: str = "identity") -> str:
    page.set_default_timeout(30_000)
    page.goto(f"{url}/tables")
    page.select_option("select[name=mode]", mode)
    page.fill("input[name=players]", str(players))
    page.fill("input[name=bots]", bots)
    page.fill("input[name=options]", options)
    page.fill("input[name=secret_wait]", "0.1")
    with page.expect_navigation():
        page.click("#create")
    return page.url


def sit(page: Any, room: str, seat: int, name: str) -> None:
    page.goto(room)
    page.fill(f"tr[data-seat='{seat}'] input[name=name]", name)
    with page.expect_navigation():
        page.click(f"tr[data-seat='{seat}'] form.sit button")
    assert page.locator("#personal").count() == 1  # the seat's own link, to come back by


def act(page: Any, rng: random.Random, clicks: dict[str, int]) -> bool:
    """Answer this page's question, if it has one, by clicking as a person would; True
    if it did something.  A page redraws when the table changes, at any moment (the
    reply to an earlier answer, a secret question passed for the seat): a click on what
    has just been redrawn is given up, and the next round goes on from what the page
    shows then (cards half-chosen, targets half-picked), never from the start again."""
    from playwright.sync_api import Error

    page.set_default_timeout(1500)
    try:
        asked = _act(page, rng, clicks)
    except Error:
        return False
    if asked is not None:
        _heard(page, asked)
    return asked is not None


def _act(page: Any, rng: random.Random, clicks: dict[str, int]) -> int | None:
    """One go at the page's question; the question's id, or None if it had none to answer."""
    s = page.evaluate(STATE)
    if not s or s["end"] or not s["ask"] or s["ask"]["answered"]:
        return None
    ask = s["ask"]
    if "pick" in ask:
        _pick(page, ask["pick"])
    elif s["step"]:
        _targets(page, rng, clicks)  # a card or skill chosen in an earlier round: its targets
    else:
        _choose(page, rng, clicks)
    return ask["id"]


def _pick(page: Any, p: dict[str, Any]) -> None:
    """The pick's least number of cards (at least one where one may), then confirm.  Cards
    already chosen stay chosen: toggling them again would undo them, and a pick of two
    begun with one card would never reach two."""
    want = max(p["min"], min(1, p["max"]))
    cards = page.locator("#decision button.pickcard")
    for k in range(cards.count()):
        if page.locator("#decision button.pickcard.on").count() >= want:
            break
        if "on" not in (cards.nth(k).get_attribute("class") or "").split():
            cards.nth(k).click()
            if p["min"] == p["max"] == 1:
                return  # the one card is the answer
    page.click("#decision #confirm")


def _choose(page: Any, rng: random.Random, clicks: dict[str, int]) -> None:
    """The first step: pass, or a card or skill (a button, or a card of the hand), then its targets."""
    passing = page.locator("#decision button.pass")
    groups = page.locator("#decision button.choice")
    n = groups.count()  # counted once: the page may redraw between two counts
    if n == 0 or (passing.count() and rng.random() < 0.45):
        passing.first.click()
        return
    usable = page.locator("#decision .hand .card.usable")
    u = usable.count()
    if u and (not clicks["hand"] or rng.random() < 0.5):  # always the first time: the test asserts both kinds of click
        usable.nth(rng.randrange(u)).click()  # a card of the hand, clicked
        clicks["hand"] += 1
        now = page.evaluate(STATE) or {}  # read once: the click may have answered the question meanwhile
        if not now.get("step") and now.get("ask") and not now["ask"]["answered"]:
            groups.nth(0).click()  # the card has several uses: take the first
    else:
        groups.nth(rng.randrange(n)).click()
    _targets(page, rng, clicks)


def _targets(page: Any, rng: random.Random, clicks: dict[str, int]) -> None:
    """The chosen card's or skill's targets, a seat on the drawn table or a button at a time, then confirm."""
    for _ in range(4):
        s = page.evaluate(STATE)
        if not s or not s["step"]:
            return
        seats = page.locator("#table .char.target")
        n = seats.count()
        if n and (not clicks["table"] or rng.random() < 0.6):
            seats.nth(rng.randrange(n)).click()  # a seat on the drawn table
            clicks["table"] += 1
        elif page.locator("#decision button.target").count():
            page.locator("#decision button.target").first.click()
        if page.locator("#decision #confirm").count():
            page.click("#decision #confirm")


# The page has heard back since it answered question ``q`` (or is still choosing its answer).
HEARD = "(q) => { const s = window.sgzTable.state(), d = s.data, a = d && d.ask; " \
        "return !a || !!d.end || a.id !== q || a.answered || !!s.step || s.pickSel.length > 0 }"


def _heard(page: Any, question: int) -> None:
    """Wait for the table's reply to an answer, as a person waits for the next question:
    until it comes the page still shows the question answered, not yet marked so, and a
    click meant for it lands on whatever the reply then draws."""
    from playwright.sync_api import Error

    try:
        page.wait_for_function(HEARD, arg=question, timeout=3000)
    except Error:
        pass  # no reply yet (a refused answer gets none): the next round looks again


def play_out(pages: list[Any], limit: float = 240.0, on_round: Any = None) -> dict[str, int]:
    rng = random.Random(5)
    clicks = {"hand": 0, "table": 0, "answers": 0}
    deadline = time.monotonic() + limit
    rounds = 0
    while time.monotonic() < deadline:
        states = [p.evaluate(STATE) for p in pages]
        if all(s and s["end"] for s in states):
            return clicks
        acted = False
        for p in pages:
            if act(p, rng, clicks):
                clicks["answers"] += 1
                acted = True
        rounds += 1
        if on_round is not None:
            on_round(rounds, pages)
        if not acted:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end in {limit:g} s; where each page stood: {[_standing(p) for p in pages]}")


def _standing(page: Any) -> dict[str, Any]:
    """What a stalled run's failure says of a page: its question and the decision's text."""
    s = page.evaluate(STATE) or {}
    ask = s.get("ask") or {}
    text = page.locator("#decision").inner_text() if page.locator("#decision").count() else ""
    return {"viewer": s.get("viewer"), "end": s.get("end"), "step": s.get("step"), "ask": {k: ask.get(k) for k in ("id", "kind", "answered", "pick")}, "decision": text[:300]}


def decision_in_view(page: Any) -> None:
    box = page.locator("#decision").bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (box, height)


@pytest.mark.slow
def test_three_people_and_two_bots_play_a_whole_identity_game(site, tmp_path: Path) -> None:
    url, browser, app, d = site
    ann, bo, cy, watcher = (person(browser) for _ in range(4))
    room = new_table(ann, url, 5, "3,4", "max_turns=14")
    for page, seat, name in ((ann, 0, "Ann"), (bo, 1, "Bo"), (cy, 2, "Cy")):
        sit(page, room, seat, name)
    with ann.expect_navigation():
        ann.click("#start")
    for page in (bo, cy):
        page.goto(room)
    watcher.goto(room)
    for page in (ann, bo, cy, watcher):
        page.wait_for_selector("#table .char")
    ann.screenshot(path=str(tmp_path / "identity-start.png"))
    decision_in_view(ann)
    assert watcher.evaluate(STATE)["viewer"] == -1 and watcher.evaluate(STATE)["hand"] is None
    assert watcher.locator("#decision .hand").count() == 0
    people = [ann, bo, cy]
    came_back: dict[str, Any] = {}

    def leave_and_return(rounds: int, pages: list[Any]) -> None:
        if rounds == 12 and not came_back:
            before = bo.evaluate(STATE)
            ctx = bo.context
            bo.close()  # the tab is closed mid-game ...
            again = ctx.new_page()
            again.goto(room)  # ... and opened again: the same seat, the same question
            again.wait_for_selector("#table .char")
            time.sleep(0.2)
            after = again.evaluate(STATE)
            came_back.update(before=before, after=after)
            pages[pages.index(bo)] = again

    clicks = play_out(people, on_round=leave_and_return)
    assert came_back, "nobody left mid-game"
    b, a = came_back["before"], came_back["after"]
    assert a["viewer"] == 1 and (b["ask"] is None or a["ask"] is None or a["ask"]["id"] >= b["ask"]["id"])
    assert clicks["hand"] and clicks["table"], clicks  # cards chosen in the hand and targets on the table
    for page in [*people[:1], *people[2:], watcher]:
        page.wait_for_selector("#decision h2.over")
        assert page.locator("#replay-link").count() == 1
    ann.screenshot(path=str(tmp_path / "identity-end.png"))
    (state,) = [r for r in app.state.tables.rooms.values() if r.state == "over"]
    record = d / "rec" / state.file.record
    rec = read_record(record)
    assert rec.header.people == {"0": "Ann", "1": "Bo", "2": "Cy"} and rec.header.bots == {"3": "basic", "4": "basic"}
    assert check(record).error is None
    watcher.click("#replay-link")
    watcher.wait_for_selector("#persp option", state="attached")
    assert watcher.locator("#persp option").count() == 6  # every seat's view and the review, once over
    for page in (ann, cy, watcher):
        assert not page.script_errors, page.script_errors


@pytest.mark.slow
def test_two_people_play_a_whole_duel(site, tmp_path: Path) -> None:
    url, browser, _app, _d = site
    first, second = person(browser), person(browser, 390, 844)
    room = new_table(first, url, 2, "", "max_turns=8", mode="duel")
    sit(first, room, 0, "Ann")
    sit(second, room, 1, "Bo")
    with first.expect_navigation():
        first.click("#start")
    second.goto(room)
    for page in (first, second):
        page.wait_for_selector("#table .char")
    second.screenshot(path=str(tmp_path / "duel-phone.png"))
    decision_in_view(second)  # a 390 px phone: the question is on the screen
    play_out([first, second])
    for page in (first, second):
        page.wait_for_selector("#decision h2.over")
        assert not page.script_errors, page.script_errors
    first.screenshot(path=str(tmp_path / "duel-end.png"))
