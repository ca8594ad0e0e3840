"""What a viewer meets on a replay page, in a real browser (Debian's Chromium through
Playwright): each mode's own table, 8-10 seats and a 390 px phone without
overlap, the keys after every control, playback, tooltips, the arrow of the card
in play, the analysis strip.  A screenshot of each page is kept in the test's
temporary folder."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.replay import html as page_html
from sanguozhi.replay.page import build
from sanguozhi.replay.review import Point, Review, save
from sanguozhi.replay.seek import Timeline
from tests.browser import chromium, page_of

from .games import bot_game, recorded_game
from .test_page import record_of


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def written(tmp_path: Path, mode: str, players: int, seed: int, max_turns: int = 14, **kw) -> tuple[Path, list, dict]:
    events = bot_game(players, seed, max_turns=max_turns, mode=mode)
    data = build(record_of(events), **kw)
    path = tmp_path / f"{mode}-{players}.html"
    path.write_text(page_html.render(data), encoding="utf-8")
    return path, events, data


BOXES = """() => [...document.querySelectorAll('#table .char, #table .place')].map(el => {
  const r = el.getBoundingClientRect(); return [el.dataset.seat ?? ('p' + el.dataset.place), r.left, r.top, r.right, r.bottom]; })"""


def overlaps(boxes: list) -> list[tuple]:
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5:
                out.append((a[0], b[0]))
    return out


def table_text(page) -> str:
    return page.text_content("#table")


def test_a_duel_page_draws_two_rows_of_generals_and_the_players_places(browser, tmp_path: Path) -> None:
    path, events, data = written(tmp_path, "duel", 2, 3)
    tl = Timeline(events)
    n = len(events) // 2
    page = page_of(browser)
    page.goto(path.as_uri() + f"#e={n}")
    v = tl.view(n, None)
    generals = [c for c in v["characters"] if c["seat"] >= 2]
    # The players' own places are no dead characters ("0/0 · dead"), but the panels beside the rows.
    assert page.locator("#table .place").count() == 2
    assert page.locator('#table .char[data-seat="0"], #table .char[data-seat="1"]').count() == 0
    assert "0/0" not in table_text(page)
    for place in (0, 1):
        panel = page.locator(f'#table .place[data-place="{place}"]')
        assert panel.locator('.zone[data-zone="qibing"]').count() == 1  # 奇兵, named
        assert panel.locator(".hand-count").text_content() == str(v["seats"][place]["hand_count"])
    rows = page.evaluate("() => ['top', 'bottom'].map(k => [...document.querySelectorAll('#table .band.' + k + ' .char')].map(el => +el.dataset.seat))")
    ring = lambda owner: [c["seat"] for c in sorted(generals, key=lambda c: c["marks"]["duel.row"]) if c["owner"] == owner]  # noqa: E731
    assert rows == [ring(1)[::-1], ring(0)]  # the other player's row above, read right to left
    # Damage tokens: each general's lost hp, and no mark by its id.
    for c in generals:
        box = page.locator(f'#table .char[data-seat="{c["seat"]}"]')
        assert box.locator(".tokens").text_content() == "✖" * min(c["lost"], 12)
    assert "duel.row" not in table_text(page)
    page.screenshot(path=str(tmp_path / "duel.png"))
    # Seat 1's own view: its row below.
    page.select_option("#persp", "1")
    assert page.evaluate("() => [...document.querySelectorAll('#table .band.bottom .char')].map(el => +el.dataset.seat)") == ring(1)
    page.screenshot(path=str(tmp_path / "duel-seat1.png"))
    assert not page.script_errors


@pytest.mark.parametrize("mode,players", [("hegemony", 5), ("tripod", 3), ("3v3-competitive", 6), ("identity-seed000", 6)])
def test_each_modes_table_and_its_marks_by_name(browser, tmp_path: Path, mode: str, players: int) -> None:
    path, events, data = written(tmp_path, mode, players, 5, max_turns=20)
    tl = Timeline(events)
    page = page_of(browser)
    # The moment with most marks and cards in the mode's own zones on the table.
    def busy(i: int) -> int:
        return sum(len(c["marks"]) + sum(map(len, c["zones"].values())) for c in tl.view(i, None)["characters"]) if i % 7 == 0 else -1

    n = max(range(len(events)), key=busy)
    page.goto(path.as_uri() + f"#e={n}")
    v = tl.view(n, None)
    text = table_text(page)
    for c in v["characters"]:
        for m in c["marks"]:
            assert m not in text, f"{mode}: mark {m} shown by its id"
            en = data["names"][f"mark:{m}"][0]
            if en:
                assert page.locator(f'#table .char[data-seat="{c["seat"]}"] .mark[data-mark="{m}"]').count() == 1
    if mode == "hegemony":
        page.click("#lang-zh")
        halves = page.evaluate("() => [...document.querySelectorAll('#table .char')].map(el => [...el.querySelectorAll('.half i')].map(i => i.textContent))")
        assert halves == [["主将", "副将"]] * players
    if mode == "tripod":
        zone = [c for c in v["characters"] if c["zones"].get("general_slot")]
        assert zone and page.locator('#table .zone[data-zone="general_slot"]').count() == len(zone)
        assert "装备武将" in data["names"]["zone:general_slot"]
    if mode == "3v3-competitive":
        rows = page.evaluate("() => ['top', 'bottom'].map(k => [...document.querySelectorAll('#table .band.' + k + ' .char')].map(el => +el.dataset.seat))")
        sides = {s["seat"]: s["side"] for s in v["seats"]}
        assert sorted(rows[0] + rows[1]) == list(range(6)) and len({sides[s] for s in rows[0]}) == 1 and len({sides[s] for s in rows[1]}) == 1
        assert sides[rows[1][0]] == sides[0]  # seat 0's team below in the review
        assert page.locator("#table .team-name").count() == 2
    assert not overlaps(page.evaluate(BOXES))
    page.screenshot(path=str(tmp_path / f"{mode}.png"))
    assert not page.script_errors


@pytest.mark.parametrize("players,seed", [(8, 6), (10, 3)])
def test_many_seats_and_a_phone_without_overlap(browser, tmp_path: Path, players: int, seed: int) -> None:
    path, events, data = written(tmp_path, "identity", players, seed, max_turns=30)
    tl = Timeline(events)
    dead = next((i for i in range(len(events)) if any(not c["alive"] and c["hp"] < 0 for c in tl.view(i, None)["characters"])), None)
    n = dead if dead is not None else len(events) // 2
    for width, height in ((1400, 900), (1024, 768), (390, 844)):
        page = page_of(browser, width, height)
        page.goto(path.as_uri() + f"#e={n}")
        boxes = page.evaluate(BOXES)
        assert len(boxes) == players
        assert not overlaps(boxes), (width, overlaps(boxes))
        # Nothing wider than the screen (the 390 px phone included).
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert all(b[3] <= width for b in boxes)
        # A name cut short keeps its tooltip, and no hp is below 0.
        titles = page.evaluate("() => [...document.querySelectorAll('#table .char .who')].map(el => el.title)")
        v = tl.view(n, None)
        for c in v["characters"]:
            names = " / ".join(data["names"][g][0] for g in c["generals"])
            assert f"[{c['seat']}] {names}" in titles
        hps = page.evaluate("() => [...document.querySelectorAll('#table .char .hp')].map(el => el.textContent)")
        assert not [h for h in hps if h.startswith("-")], hps
        page.screenshot(path=str(tmp_path / f"{players}-seats-{width}.png"), full_page=True)
        assert not page.script_errors
    if dead is not None:
        assert any(not c["alive"] and c["hp"] < 0 for c in tl.view(n, None)["characters"])


def test_the_keys_still_step_after_every_control(browser, tmp_path: Path) -> None:
    path, events, _ = written(tmp_path, "identity", 5, 7, max_turns=16)
    page = page_of(browser)
    page.goto(path.as_uri() + "#e=40")
    n = lambda: page.evaluate("sgz.state().n")  # noqa: E731
    page.fill("#goto", "60")
    page.press("#goto", "Enter")
    assert n() == 60
    page.keyboard.press("ArrowRight")
    assert n() == 61
    page.focus("#goto")
    page.keyboard.press("ArrowLeft")  # in the event box too
    assert n() == 60
    page.select_option("#persp", "2")
    page.keyboard.press("ArrowRight")
    assert n() == 61 and page.evaluate("sgz.state().p") == 3  # the view stays seat 2
    page.select_option("#speed", "2")
    page.keyboard.press("ArrowRight")
    assert n() == 62 and page.evaluate("sgz.speed()") == 2
    page.click("#next")
    page.keyboard.press("ArrowRight")
    assert n() == 64
    page.click("#lang-zh")
    page.keyboard.press("ArrowLeft")
    assert n() == 63
    page.locator("#slider").focus()
    page.keyboard.press("ArrowRight")
    assert n() == 64
    # A log line is a link to its moment.
    line = page.locator("#log .line:not([hidden])").nth(3)
    at = int(line.get_attribute("data-i"))
    line.click()
    assert n() == at
    page.keyboard.press("ArrowRight")
    assert n() == at + 1
    # A new address fragment on the open page moves it.
    page.evaluate("location.hash = '#e=90&as=1&lang=en'")
    page.wait_for_function("sgz.state().n === 90")
    assert page.evaluate("sgz.state()") == {"p": 2, "n": 90, "lang": "en"}
    # ? shows the keys, Esc closes them.
    page.keyboard.press("?")
    assert page.is_visible("#help") and "Space" in page.text_content("#help")
    page.keyboard.press("Escape")
    assert not page.is_visible("#help")
    page.keyboard.press("ArrowRight")
    assert n() == 91
    assert not page.script_errors


def test_play_pause_and_speeds(browser, tmp_path: Path) -> None:
    path, events, data = written(tmp_path, "identity", 4, 8, max_turns=10)
    page = page_of(browser)
    page.goto(path.as_uri() + "#e=20")
    assert [o for o in page.eval_on_selector_all("#speed option", "els => els.map(e => e.value)")] == ["0.25", "0.5", "1", "2", "4"]
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert page.evaluate("sgz.speed()") == 4
    page.keyboard.press("-")
    assert page.evaluate("sgz.speed()") == 2
    page.select_option("#speed", "4")
    page.click("#play")
    assert page.evaluate("sgz.playing()")
    page.wait_for_function("sgz.state().n >= 26", timeout=10_000)
    page.click("#play")
    assert not page.evaluate("sgz.playing()")
    stopped = page.evaluate("sgz.state().n")
    page.wait_for_timeout(600)
    assert page.evaluate("sgz.state().n") == stopped
    # Playback steps from one narrated event of the view to the next.
    lines = data["views"][0]["lines"]
    assert lines[stopped] or str(stopped) in data["acts"]
    page.keyboard.press("Space")
    assert page.evaluate("sgz.playing()")
    page.keyboard.press("Space")
    assert not page.evaluate("sgz.playing()")
    page.keyboard.press("End")
    page.evaluate("sgz.setSpeed(4); sgz.play()")
    page.wait_for_function("sgz.state().n >= 1", timeout=5_000)  # from the end, play starts again
    page.evaluate("sgz.pause()")
    assert not page.script_errors


def test_the_card_in_play_tooltips_slots_and_a_link_to_the_moment(browser, tmp_path: Path) -> None:
    path, events, data = written(tmp_path, "identity", 5, 9, max_turns=20)
    page = page_of(browser)
    uses = [int(i) for i, a in data["acts"].items() if a[0] == "use" and [t for t in a[2] if t != a[1]]]
    at = uses[len(uses) // 2]
    act = data["acts"][str(at)]
    page.goto(path.as_uri() + f"#e={at}")
    arrows = page.evaluate("() => [...document.querySelectorAll('#table svg.arrows line.arrow')].map(l => [+l.dataset.from, +l.dataset.to])")
    assert arrows == [[act[1], t] for t in act[2] if t != act[1]]
    page.screenshot(path=str(tmp_path / "arrow.png"))
    # Damage and recovery flash on the seat.
    hit = next(int(i) for i, a in data["acts"].items() if a[0] == "damage")
    page.goto(path.as_uri() + f"#e={hit}")
    a = data["acts"][str(hit)]
    assert page.locator(f'#table .char[data-seat="{a[2][0]}"] .flash.damage').text_content() == f"−{a[3]}"
    # Equipment by slot.
    tl = Timeline(events)
    n = next(i for i in range(len(events) - 1, 0, -1) if any(c["equip"] for c in tl.view(i, None)["characters"]))
    page.goto(path.as_uri() + f"#e={n}")
    v = tl.view(n, None)
    for c in v["characters"]:
        slots = page.evaluate(f"() => [...document.querySelectorAll('#table .char[data-seat=\"{c['seat']}\"] .slot')].map(s => [s.dataset.slot, +s.querySelector('.card').dataset.card])")
        assert sorted(map(tuple, slots)) == sorted(c["equip"].items())
    # A card's rule text on hover, in the page's language; a general's skills.
    card = page.locator("#table .card[data-tip]").first
    kind = data["cards"][card.get_attribute("data-card")][4]
    card.hover()
    assert page.is_visible("#tip") and page.text_content("#tip") == data["tips"][f"card:{kind}"][0]
    page.click("#lang-zh")
    gen = page.locator("#table .gen[data-tip]").first
    key = gen.get_attribute("data-tip")
    gen.hover()
    assert page.text_content("#tip") == data["tips"][key][1] and "\n" in data["tips"][key][1]
    page.screenshot(path=str(tmp_path / "tooltip.png"))
    # Copy a link to this moment; a page of sgz html offers no record to download.
    page.click("#copy-link")
    assert page.input_value("#link-out").endswith(f"#e={n}&as=review&lang=zh")
    assert not page.is_visible("#download")
    assert not page.script_errors


def _sgz(*args: str):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res


def test_the_analysis_strip_shows_the_seats_win_chance_and_links_its_blunders(browser, tmp_path: Path) -> None:
    from sanguozhi.records import read_record

    rec = recorded_game(tmp_path, 4, 12, max_turns=12)
    record = read_record(rec)
    decisions = [i for i, e in enumerate(record.events) if type(e) is ev.Decided and e.seat == 1]
    points = tuple(Point(k, 0.2 + 0.6 * j / len(decisions), 0.8, j == len(decisions) // 2) for j, k in enumerate(decisions))
    save(rec, Review(game=record.header.game, seat=1, rollouts=4, threshold=0.15, bots="basic", seed=0, points=points))
    blunder = decisions[len(decisions) // 2]
    out = tmp_path / "review.html"
    _sgz("html", rec, "--out", out)
    page = page_of(browser)
    page.goto(out.as_uri() + "#as=1")
    assert page.is_visible("#strip")
    drawn = page.evaluate("document.querySelector('#strip polyline').getAttribute('points').split(' ').length")
    assert drawn == len(decisions)
    assert page.evaluate("[...document.querySelectorAll('#strip a.blunder')].map(a => +a.dataset.at)") == [blunder]
    page.click("#strip a.blunder-link")
    page.wait_for_function(f"sgz.state().n === {blunder}")
    page.screenshot(path=str(tmp_path / "strip.png"))
    # Another seat's view shows no strip: the win chance came from what seat 1 saw.
    page.select_option("#persp", "2")
    assert not page.is_visible("#strip")
    page.select_option("#persp", "review")
    assert page.is_visible("#strip")
    # A page for seat 2 alone holds no review of seat 1 at all.
    two = tmp_path / "seat2.html"
    _sgz("html", rec, "--out", two, "--as", "2")
    page.goto(two.as_uri())
    assert page.evaluate("sgz.data.analysis") == [] and not page.is_visible("#strip")
    assert not page.script_errors
