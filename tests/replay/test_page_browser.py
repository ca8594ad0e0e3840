"""The replay page in a real browser (Debian's Chromium through Playwright).

The page's script decodes the embedded views; here it must give, at every
event and for every view, what the Python decoding (and so `sgz replay --as`)
gives.  Then a page written by `sgz html` is stepped, switched between seats
and languages, and checked on the DOM; a screenshot of each is kept in the
test's temporary folder.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.records import read_record
from sanguozhi.replay import html as page_html
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.page import build
from sanguozhi.replay.seek import Timeline
from tests.browser import chromium, page_of
from tests.core.modes import demo as _demo  # noqa: F401  (registers the demonstration ruleset)

from .games import bot_game, recorded_game
from .test_page import decoded, record_of
from .test_views import view_cards


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def sgz(*args: str):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res


@pytest.mark.parametrize("mode,players,seed", [("identity", 5, 21), ("demo", 4, 22), ("tripod", 3, 23)])
def test_the_script_decodes_every_view_as_python_does(browser, tmp_path: Path, mode: str, players: int, seed: int) -> None:
    events = bot_game(players, seed, max_turns=10, mode=mode)
    data = build(record_of(events), keyframe=16)
    path = tmp_path / f"{mode}.html"
    path.write_text(page_html.render(data), encoding="utf-8")
    page = page_of(browser)
    page.goto(path.as_uri())
    got = page.evaluate(
        """() => sgz.data.views.map((P, p) => {
             const out = [];
             for (let n = 0; n < sgz.data.events; n++) out.push(JSON.stringify(sgz.viewAt(p, n)));
             return out;
           })"""
    )
    # Backwards and across keyframes too: the cache must not leak one position into another.
    back = page.evaluate("() => [JSON.stringify(sgz.viewAt(1, 40)), JSON.stringify(sgz.viewAt(1, 3)), JSON.stringify(sgz.viewAt(0, 17))]")
    assert not page.script_errors
    for k in range(len(data["views"])):
        want = decoded(data, k)
        assert [json.loads(s) for s in got[k]] == want, f"view {k}"
    py = [decoded(data, 1)[40], decoded(data, 1)[3], decoded(data, 0)[17]]
    assert [json.loads(s) for s in back] == py
    page.screenshot(path=str(tmp_path / f"{mode}.png"))


def dom_table(page) -> dict[int, dict]:
    """hp, hand count and the cards each character's box shows."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table .char')].map(el => [el.dataset.seat, {
             hp: el.querySelector('.hp').textContent,
             hand: +el.querySelector('.hand-count').textContent,
             handCards: [...el.querySelectorAll('.hand-cards .card')].map(c => c.dataset.card === undefined ? null : +c.dataset.card),
             dead: el.classList.contains('dead'),
           }]))"""
    )


def shown_cards(page) -> list[int]:
    return page.evaluate("() => [...document.querySelectorAll('[data-card]')].map(c => +c.dataset.card)")


def test_step_switch_seat_and_language_on_a_page_sgz_html_wrote(browser, tmp_path: Path) -> None:
    rec = recorded_game(tmp_path, 5, 31, max_turns=24)
    out = tmp_path / "game.html"
    sgz("html", rec, "--out", out)
    events = read_record(rec).events
    tl = Timeline(events)
    page = page_of(browser)
    page.goto(out.as_uri())
    assert page.input_value("#goto") == "0"
    n = next(i for i, e in enumerate(events) if type(e) is ev.Damaged and i > 100)
    page.fill("#goto", str(n))
    page.press("#goto", "Enter")
    assert page.text_content("#pos").startswith(f"event {n} of {len(events) - 1}")
    review = tl.view(n, None)
    table = dom_table(page)
    for c in review["characters"]:
        box = table[str(c["seat"])]
        assert box["hp"] == f"{max(c['hp'], 0)}/{c['max_hp']}"  # a dead character's hp below 0 shows as 0
        assert box["hand"] == c["hand_count"]
        assert box["dead"] == (not c["alive"])
        assert box["handCards"] == (review["seats"][c["owner"]]["hand"] if c["hand_count"] else [])
    page.screenshot(path=str(tmp_path / "review.png"))

    # Seat 2: its own hand only, and open cards it saw face down show as such.
    page.select_option("#persp", "2")
    mine = tl.view(n, 2)
    table = dom_table(page)
    for c in mine["characters"]:
        box = table[str(c["seat"])]
        assert box["hand"] == c["hand_count"]
        assert box["handCards"] == (mine["seats"][2]["hand"] if c["owner"] == 2 else [])
    assert set(shown_cards(page)) <= set(view_cards(mine))
    hidden = [x for p in mine["characters"] for x in [*p["equip"].values(), *p["judge"]] if x is None]
    assert page.locator("#table .char .card.down").count() == len(hidden)
    page.screenshot(path=str(tmp_path / "seat2.png"))

    # The log is the seat's narration up to the event, in the chosen language.
    narrator = Narrator("zh", 2)
    said = [narrator.line(e) for e in events[: n + 1]]
    page.click("#lang-zh")
    lines = page.locator("#log .line:not([hidden])")
    assert lines.count() == sum(1 for s in said if s)
    assert lines.last.text_content() == f"{max(i for i, s in enumerate(said) if s)}{[s for s in said if s][-1]}"
    assert "事件" in page.text_content("#pos")
    page.screenshot(path=str(tmp_path / "seat2-zh.png"))

    # Keys: an event, a turn, a round, the ends.
    turns = [i for i, e in enumerate(events) if type(e) is ev.TurnStarted]
    rounds = sorted({e.round: i for i, e in reversed(list(enumerate(events))) if type(e) is ev.TurnStarted}.values())
    page.click("#title")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("sgz.state().n") == n + 1
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate("sgz.state().n") == min(t for t in turns if t > n + 1)
    page.keyboard.press("Shift+ArrowLeft")
    assert page.evaluate("sgz.state().n") == max(t for t in turns if t < min(t for t in turns if t > n + 1))
    at = page.evaluate("sgz.state().n")
    page.keyboard.press("PageDown")
    assert page.evaluate("sgz.state().n") == min(r for r in rounds if r > at)
    page.keyboard.press("End")
    assert page.evaluate("sgz.state().n") == len(events) - 1
    assert page.locator("#table .over").count() == 1
    page.keyboard.press("Home")
    assert page.evaluate("sgz.state().n") == 0
    page.locator("#slider").evaluate("(el) => { el.value = 77; el.dispatchEvent(new Event('input')); }")
    assert page.input_value("#goto") == "77"
    # The position is in the address: a link opens the same moment, view and language.
    assert page.evaluate("location.hash") == "#e=77&as=2&lang=zh"
    again = page_of(browser)
    again.goto(out.as_uri() + "#e=120&as=3&lang=en")
    assert again.evaluate("sgz.state()") == {"p": 4, "n": 120, "lang": "en"}
    assert not page.script_errors and not again.script_errors


def test_a_seats_page_holds_no_other_hand_even_in_its_data(browser, tmp_path: Path) -> None:
    rec = recorded_game(tmp_path, 4, 41, max_turns=16)
    out = tmp_path / "seat1.html"
    sgz("html", rec, "--out", out, "--as", "1")
    page = page_of(browser)
    page.goto(out.as_uri())
    assert page.locator("#persp option").count() == 1
    hands = page.evaluate(
        """() => { const out = [];
             for (let n = 0; n < sgz.data.events; n++) out.push(sgz.viewAt(0, n).seats.map(s => s.hand));
             return out; }"""
    )
    events = read_record(rec).events
    tl = Timeline(events)
    for n, seats in enumerate(hands):
        assert [h is None for h in seats] == [s != 1 for s in range(4)], n
        assert seats[1] == tl.view(n, 1)["seats"][1]["hand"]
    page.goto(out.as_uri() + "#e=200")
    assert page.locator("#table .char .hand-cards").count() <= 1
    page.screenshot(path=str(tmp_path / "seat1-page.png"))


def test_the_fork_tree_and_its_jump(browser, tmp_path: Path) -> None:
    parent = recorded_game(tmp_path, 5, 51, max_turns=20)
    fork = tmp_path / "fork.jsonl"
    sgz("fork", parent, "--at", "150", "--out", fork)
    out = tmp_path / "tree.html"
    sgz("html", parent, "--out", out, "--parent", fork)
    page = page_of(browser)
    page.goto(out.as_uri())
    assert page.is_visible("#tree-box")
    assert page.locator("#tree li").count() == 2
    assert "fork.jsonl" in page.text_content("#tree")
    page.click("#tree button.fork")
    assert page.evaluate("sgz.state().n") == 150
    page.screenshot(path=str(tmp_path / "tree.png"), full_page=True)
    assert not page.script_errors
