"""No message to a connection holds what its seat may not see.

In every mode, a live table whose every seat is a person — a small bot behind a
real WebSocket client, answering at random — plays a whole game on a server
on 127.0.0.1, and a spectator watches.  Every message each connection was sent
is then checked against an oracle of what that seat had seen when it was sent
(tests/replay/oracle.py, independent of the server's own rules of sight): no
card it has not seen, no concealed general, no role not shown, no other seat's
question, no seed before the end, nothing named in a line it may not know.
"""
from __future__ import annotations

import json

import pytest

from sanguozhi.cli.web.app import make_app
from sanguozhi.core.evolve import apply, initial_state
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.records import read_record
from sanguozhi.replay.narrate import Narrator, display_name
from tests.browser import served
from tests.replay.oracle import ROLE_WORDS, CardNames, Oracle, view_cards

from .tables_util import make_room, play_room

MODES = [m for m in playable_modes() if m != "demo"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    d = tmp_path_factory.mktemp("leaks")
    app = make_app(str(d / "a.duckdb"), d / "rec")
    with served(app) as url:
        yield url, d / "rec"


def check_messages(events: list, seat: int, messages: list[dict], seed: int) -> int:
    """Every message to ``seat`` (-1: a spectator) against what it had seen then."""
    state = initial_state(events[0])
    oracle = Oracle(state)
    names = {lang: CardNames(Narrator(lang, mode=state.mode)) for lang in ("en", "zh")}
    generals = state.content.generals
    fed = 0
    checked = 0
    for m in messages:
        if m.get("t") != "table" or "view" not in m:
            continue
        n = m["events"]
        while fed < n:
            e = events[fed]
            if fed:
                apply(state, e)
            oracle.feed(e)
            fed += 1
        known = oracle.known[seat] if seat >= 0 else set.intersection(*oracle.known)
        v = m["view"]
        where = f"seat {seat}, message at event {n}"
        assert set(view_cards(v)) <= known, f"{where}: cards {sorted(set(view_cards(v)) - known)}"
        for other in v["seats"]:
            if other["seat"] != seat:
                assert other["hand"] is None, where
                if other["role"] is not None and not m.get("end"):
                    assert state.seats[other["seat"]].role_shown, f"{where}: the role of seat {other['seat']}"
        for p in v["characters"]:
            for slot, g in enumerate(p["generals"]):
                seen = seat >= 0 and (p["seat"], slot) in oracle.slots[seat] or state.chars[p["seat"]].slots[slot].vis is None
                assert g is None or seen, f"{where}: the concealed general {g} of {p['seat']}"
        ask = m.get("ask")
        if ask is not None:
            assert seat >= 0, f"{where}: a spectator is asked"
            offered = {c for ch in ask.get("choices", []) for c in ch["cards"]} | {c["card"] for c in ask.get("pick", {}).get("cards", [])}
            # A question may show its seat the top of the draw pile (观星 looks without moving): no other unseen card.
            top = set(state.pile[-len(offered) :]) if offered else set()
            assert offered <= known or offered <= top, f"{where}: a question offers unseen cards {sorted(offered - known)}: {ask}"
        blob = json.dumps(m, ensure_ascii=False)
        if not m.get("end"):
            assert str(seed) not in blob, f"{where}: the seed"
        seen_names = oracle.names[seat] if seat >= 0 else set()
        for _, en, zh in m.get("lines", []):
            for lang, line in (("en", en), ("zh", zh)):
                assert not names[lang].leaked(line, known), f"{where}: {line}"
                bare = line
                for name in sorted((display_name(g, lang) for g in seen_names), key=len, reverse=True):
                    bare = bare.replace(name, "")
                for g in generals:
                    if g not in seen_names and seat >= 0 and not any(sl.vis is None and sl.general == g for p in state.chars for sl in p.slots):
                        assert display_name(g, lang) not in bare or state.ended, f"{where}: the hidden general {g}: {line}"
                for role, pattern in ROLE_WORDS.items():
                    if pattern.search(line) and seat >= 0:
                        assert role in oracle.roles[seat], f"{where}: a hidden role: {line}"
        checked += 1
    return checked


@pytest.mark.parametrize("mode", MODES)
def test_no_message_holds_what_its_seat_may_not_see(server, mode: str) -> None:
    url, folder = server
    players = min(ruleset_of(mode).players)
    room, keys = make_room(url, mode, players, list(range(players)), options="max_turns=8")
    seats = play_room(url, room, keys, seed=len(mode))
    rec = read_record(folder / f"{room}.jsonl")
    assert all(s.end is not None for s in seats)
    checked = sum(check_messages(rec.events, s.seat, s.messages, rec.header.seed) for s in seats)
    assert checked >= 3 * len(seats)
