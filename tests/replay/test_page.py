"""replay.page: a replay page holds, for each view, exactly what `sgz replay --as` shows.

The page data is decoded here the way the page's script decodes it
(keyframe + patches, ``replay.patch.apply``; the browser tests check that the
script agrees) and compared with ``Timeline.view`` and the narrator at every
event.  A page made for one seat is checked with the independent oracle of
``test_views``: it never holds a card, general or role that seat had not seen.
"""
from __future__ import annotations

import json
import re

import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.records.format import Header, Record
from sanguozhi.replay.narrate import Narrator, display_name
from sanguozhi.replay.page import PageBuilder, PageError, build, page_view, perspectives
from sanguozhi.replay.patch import apply
from sanguozhi.replay.seek import Timeline
from tests.core.modes import demo as _demo  # noqa: F401  (registers the demonstration ruleset)

from .games import bot_game
from .test_views import MODES, ROLE_WORDS, CardNames, Oracle, mode_game, view_cards

DROPPED = ("seq", "mode", "viewer", "pile")


def decoded(data: dict, k: int) -> list[dict]:
    """Every view of perspective ``k`` of a page, decoded as the page's script does."""
    P = data["views"][k]
    out = []
    v = None
    # A copy through JSON (the page's data is JSON): deepcopy took most of this test's time.
    copied = lambda x: msgspec.json.decode(msgspec.json.encode(x))  # noqa: E731
    for i in range(data["events"]):
        if i % data["keyframe"] == 0:
            v = copied(P["keys"][i // data["keyframe"]])
        else:
            v = apply(v, data["patches"][P["deltas"][i]])
        out.append(copied(v))
    return out


def record_of(events: list[ev.Event], bots: dict[str, str] | None = None) -> Record:
    start = events[0]
    players = start.players
    header = Header(sgz="record", v=3, game="g" * 16, rules=start.rules, mode=start.mode, players=players, seed=start.seed, bots={str(s): "basic" for s in range(players)} if bots is None else bots)
    return Record(header, events, "/somewhere/private/game.jsonl")


def expected(tl: Timeline, n: int, seat: int | None) -> dict:
    v = tl.view(n, seat)
    for key in DROPPED:
        del v[key]
    return v


# Every playable mode (each registered ruleset, the demonstration one included), as test_views plays them.
GAMES = [(mode, seed) for mode in MODES for seed in (3, 8)]


@pytest.mark.slow
@pytest.mark.parametrize("mode,seed", GAMES)
def test_every_view_and_line_of_the_page_is_the_replays(mode: str, seed: int) -> None:
    events = mode_game(mode, seed, "basic", max_turns=14)
    players = events[0].players
    data = build(record_of(events), keyframe=16)
    assert [v["seat"] for v in data["views"]] == [None, *range(players)]
    assert data["events"] == len(events)
    # What the page holds is JSON (the script reads it as such).
    data = json.loads(msgspec.json.encode(data))
    tl = Timeline(events)
    for k, P in enumerate(data["views"]):
        seat = P["seat"]
        views = decoded(data, k)
        en, zh = Narrator("en", seat), Narrator("zh", seat)
        for n, e in enumerate(events):
            assert views[n] == expected(tl, n, seat), f"{mode}: event {n}, seat {seat}"
            lines = en.line(e), zh.line(e)
            said = data["lines"][P["lines"][n]]
            assert said == (None if lines == (None, None) else [x or "" for x in lines]), f"{mode}: event {n}, seat {seat}"
    assert data["turns"] == [i for i, e in enumerate(events) if type(e) is ev.TurnStarted]
    assert data["rounds"][0] == data["turns"][0] and len(data["rounds"]) == tl.rounds
    assert data["game"]["file"] == "game.jsonl"  # the name only, never the folder


@pytest.mark.parametrize("mode,seed", [(mode, 11) for mode in MODES])
def test_a_seats_page_holds_nothing_that_seat_did_not_see(mode: str, seed: int) -> None:
    events = mode_game(mode, seed, "basic", max_turns=20)
    players = events[0].players
    from sanguozhi.core.evolve import apply as fold_one
    from sanguozhi.core.evolve import initial_state

    for seat in range(players):
        data = build(record_of(events), asked=[str(seat)], keyframe=32)
        assert [v["seat"] for v in data["views"]] == [seat]
        views = decoded(data, 0)
        state = initial_state(events[0])
        oracle = Oracle(state)
        for n, e in enumerate(events):
            if n:
                fold_one(state, e)
            oracle.feed(e)
            v = views[n]
            leaked = set(view_cards(v)) - oracle.known[seat]
            assert not leaked, f"event {n}: seat {seat}'s page shows hidden cards {sorted(leaked)}"
            for other in v["seats"]:
                if other["seat"] != seat:
                    assert other["hand"] is None
            for c in v["characters"]:
                for slot, g in enumerate(c["generals"]):
                    assert (g is not None) == ((c["seat"], slot) in oracle.slots[seat]), (n, seat, c["seat"], slot)
        # The page as a whole: no line names a card, role or general the seat never saw,
        # and the names table holds only generals it saw.
        ever = _ever_seen(events, seat)
        names = [CardNames(Narrator(lang, mode=mode)) for lang in ("en", "zh")]
        for pair in data["lines"][1:]:
            for line, cards in zip(pair, names):
                assert not cards.leaked(line, ever), line
        assert {int(c) for c in data["cards"]} <= ever
        never = {g for g in state.content.generals if g not in oracle.names[seat]}
        assert not never & set(data["names"]), sorted(never & set(data["names"]))
        blob = msgspec.json.encode(data).decode()
        for g in never:
            for lang in ("en", "zh"):
                name = display_name(g, lang)
                if any(name in display_name(s, lang) for s in oracle.names[seat]):
                    continue  # part of a seen general's name (Zhuge Liang in Wolong Zhuge Liang)
                assert name not in blob, f"seat {seat}'s page names {g}, which it never saw"
        for role, pattern in ROLE_WORDS.items():
            if mode == "identity" and role not in oracle.roles[seat]:
                lines = " ".join(" ".join(p) for p in data["lines"][1:])
                assert not pattern.search(lines), f"seat {seat}'s page tells the hidden role {role}"


def _ever_seen(events: list[ev.Event], seat: int) -> set[int]:
    """Card numbers shown to ``seat`` at some point (a line may name a card that later went face down)."""
    from sanguozhi.core.evolve import initial_state

    seen: set[int] = set()
    oracle = Oracle(initial_state(events[0]))
    for e in events:
        oracle.feed(e)
        seen |= oracle.known[seat]
    return seen


def test_which_views_a_record_allows() -> None:
    bots = {"1": "basic", "2": "basic", "3": "basic"}
    assert perspectives(4, bots, finished=True) == [None, 0, 1, 2, 3]
    assert perspectives(4, {str(s): "basic" for s in range(4)}, finished=False) == [None, 0, 1, 2, 3]
    # A person's unfinished game: only the person's own view.
    assert perspectives(4, bots, finished=False) == [0]
    assert perspectives(4, bots, finished=False, asked=["0"]) == [0]
    for asked in (["review"], ["1"], ["0", "2"]):
        with pytest.raises(PageError, match="a person"):
            perspectives(4, bots, finished=False, asked=asked)
    assert perspectives(4, bots, finished=True, asked=["2", "review", "2"]) == [2, None]
    for bad in (["4"], ["-1"], ["all"]):
        with pytest.raises(PageError, match="seat 0-3 or 'review'"):
            perspectives(4, bots, finished=True, asked=bad)


def test_an_unfinished_person_game_gives_the_person_view_only() -> None:
    events = bot_game(5, 6, max_turns=6)
    cut = events[: len(events) // 2]
    data = build(record_of(cut, bots={str(s): "basic" for s in range(1, 5)}))
    assert [v["seat"] for v in data["views"]] == [0]
    with pytest.raises(PageError):
        build(record_of(cut, bots={str(s): "basic" for s in range(1, 5)}), asked=["review"])


def test_the_builder_fed_one_event_at_a_time_gives_the_same_page() -> None:
    events = bot_game(4, 9, max_turns=10)
    whole = build(record_of(events), asked=["1"], keyframe=8)
    live = PageBuilder(events[0], [1], keyframe=8)
    for e in events[1:]:
        live.feed(e)
        live.data({})  # a page served between two events changes nothing
    got = live.data(whole["game"])
    assert msgspec.json.encode(got) == msgspec.json.encode(whole)


def test_shared_patches_and_lines_are_stored_once() -> None:
    events = bot_game(6, 10, max_turns=12)
    data = build(record_of(events))
    deltas = sum(len(P["deltas"]) for P in data["views"])
    assert len(data["patches"]) < deltas / 3
    blobs = [msgspec.json.encode(p) for p in data["patches"]]
    assert len(set(blobs)) == len(blobs)
    assert len({tuple(x) for x in data["lines"][1:]}) == len(data["lines"]) - 1


def test_page_view_drops_only_what_the_page_has_elsewhere() -> None:
    events = bot_game(4, 2, max_turns=4)
    tl = Timeline(events)
    state = tl.after(len(events) - 1)
    v = page_view(state, None, ())
    assert "pile" not in v and v["pile_count"] == len(state.pile)
    assert set(tl.view(len(events) - 1, None)) - set(v) == set(DROPPED)
    assert not re.search(r"private", msgspec.json.encode(build(record_of(events))).decode())


@pytest.mark.parametrize("mode", ["identity", "hegemony", "duel", "tripod", "identity-seed000"])
def test_what_a_seats_page_adds_beside_its_views_is_public_or_its_own(mode: str) -> None:
    """Rule texts only of what the page names, table actions only of public events,
    a name for every mark and side it shows, a review only of a seat it sees into."""
    from sanguozhi.core.deck import CARDS
    from sanguozhi.replay.review import Point, Review

    events = mode_game(mode, 4, "basic", max_turns=16)
    reviews = [Review(game="g" * 16, seat=s, rollouts=1, threshold=0.1, bots="basic", seed=0, points=(Point(3, 0.5, 0.5),)) for s in (0, 1)]
    data = build(record_of(events), asked=["1"], keyframe=32, reviews=reviews)
    assert [r["seat"] for r in data["analysis"]] == [1]  # seat 0's win chance came from what seat 0 saw
    kinds = {CARDS[int(c)].name for c in data["cards"]}
    on_cards = {k.partition(":")[2] for k in kinds if k.startswith("general:")}
    for key in data["tips"]:
        what, _, x = key.partition(":")
        if what == "card":
            assert x in kinds, key
        elif what == "general":
            assert x in data["names"] or x in on_cards, key
    public = {i for i, e in enumerate(events) if getattr(e, "vis", None) is None}
    assert {int(i) for i in data["acts"]} <= public
    for i, act in data["acts"].items():
        assert set(act[5] if act[0] == "use" else ()) <= {int(c) for c in data["cards"]}, i
    views = decoded(data, 0)
    for v in views[::16]:
        for c in v["characters"]:
            for m in c["marks"]:
                en, zh = data["names"][f"mark:{m}"]
                assert m not in en and m not in zh, (mode, m, en, zh)
        for s in v["seats"]:
            if s["side"]:
                assert f"side:{s['side']}" in data["names"]
    full = build(record_of(events), keyframe=64, reviews=reviews)
    assert [r["seat"] for r in full["analysis"]] == [0, 1]
