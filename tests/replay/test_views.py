"""No view, no bot's SeatView and no narrated line ever shows a seat what it may not see.

In every playable mode (each registered ruleset, and the demonstration
ruleset of ``tests.core.modes.demo``), at every event of seeded bot games.
The oracle here (tests/replay/oracle.py) is independent of
``replay.visibility`` and of ``core.view``: it follows, for every seat,

- the card numbers it has seen where they now lie: a card is hidden from a
  seat once it is moved with a ``vis`` that leaves the seat out, or shuffled
  into the pile; it is seen again when it is moved or shown where the seat can
  see it (or lands in the seat's own hand).  The pile and the other seats'
  hands are never in a seat's view at all;
- the generals it has seen: a general slot chosen with a ``vis`` that leaves
  the seat out is concealed from it until a ``GeneralRevealed``; candidates
  dealt to another seat are never named to it; a general *card* it has seen
  (tripod's) names its general;
- the roles it knows: its own, those shown (天地人's earned identities are
  shown: the seed lays them face up), and all at the end; a view tells a seat
  a side only of a seat whose role it knows;
- in the duel (``HP_ON_THE_GENERAL``), the hp and max hp of a general it has
  not seen: only the hp lost (damage tokens) shows.

A secret decision (``Decided.vis``) is covered by the same oracle: what was
chosen (a general, cards) is never named to a seat outside ``vis``.

Besides real games, the property runs on games with *peeks* spliced in: a
seat looks at the top cards of the pile (pile -> processing, vis to it
alone) and puts them back, the kind of move a card family may add.  While
the cards lie in the open processing zone, the other seats must see them
face down.
"""
from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import apply, initial_state
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.core.view import SeatView, view
from sanguozhi.replay.narrate import Narrator, display_name, role_name
from sanguozhi.replay.seek import Timeline
from sanguozhi.replay.visibility import SeenTracker, Visibility, open_cards
from tests.core.modes import demo as _demo  # noqa: F401  (registers the demonstration ruleset)

from .games import bot_game
from .oracle import HP_ON_THE_GENERAL, ROLE_WORDS, CardNames, Oracle, view_cards
from tests.soak import soak

MODES = playable_modes()


def with_peeks(events: list[ev.Event], every: int, seed: int) -> list[ev.Event]:
    """``events`` with a peek at the top 1-3 pile cards spliced in every ``every`` events."""
    out: list[ev.Event] = []
    state = None
    players = len(initial_state(events[0]).seats)
    for i, e in enumerate(events):
        out.append(e)
        state = initial_state(e) if state is None else state
        if i:
            apply(state, e)
        if i % every == every - 1 and len(state.pile) >= 3 and not state.ended:
            seat = (i // every + seed) % players
            top = tuple(state.pile[-1 : -1 - (1 + i % 3) : -1])  # topmost first
            out.append(ev.CardsMoved(cards=top, src="pile", dst="processing", dst_seat=seat, reason="peek", vis=(seat,)))
            out.append(ev.CardsMoved(cards=top, src="processing", dst="pile", src_seat=seat, reason="peek", vis=(seat,)))
    return out


_name = functools.cache(display_name)  # the same names, looked up for every event and seat


@functools.cache
def _longest_first(generals: frozenset[str], lang: str) -> tuple[str, ...]:
    return tuple(sorted((_name(g, lang) for g in generals), key=len, reverse=True))


def check_game(events: list[ev.Event], langs: tuple[str, ...] = ("en",)) -> int:
    """Check every view, SeatView and narrated line of every seat at every point; return the checks made."""
    state = initial_state(events[0])
    seats = len(state.seats)
    oracle = Oracle(state)
    vis = Visibility(events)
    tracker = SeenTracker(seats)
    narrators = [[Narrator(lang, s) for s in range(seats)] for lang in langs]
    names = {lang: CardNames(Narrator(lang, mode=state.mode)) for lang in langs}
    generals = state.content.generals
    checks = 0
    for i, e in enumerate(events):
        if i:
            apply(state, e)
        oracle.feed(e)
        tracker.feed(e)
        shown = open_cards(state)
        for s in range(seats):
            known = oracle.known[s]
            unseen = vis.unseen(s, i + 1, shown)
            assert unseen == tracker.unseen[s].intersection(shown), (i, s)
            v = view(state, s, unseen)
            assert v["pile"] is None
            for other in v["seats"]:
                if other["seat"] != s:
                    assert other["hand"] is None
                    assert other["role"] is None or state.seats[other["seat"]].role_shown, (i, s, other["seat"])
                if other["side"] is not None and state.seats[other["seat"]].role:  # a side told is a role seen
                    assert other["seat"] in oracle.role_of[s] or oracle.ended, f"event {i}: seat {s} is told the side of {other['seat']}"
            sv = SeatView(state, s)
            for p in v["characters"]:
                c = p["seat"]
                for slot, g in enumerate(p["generals"]):
                    sees = (c, slot) in oracle.slots[s]
                    assert (g is not None) == sees, f"event {i}: seat {s} sees general slot {slot} of {c}: {g}"
                    assert sv.general(c, slot) == g
                if state.mode in HP_ON_THE_GENERAL:
                    # The duel's hp is printed on the general: face down to a seat, only its damage tokens show.
                    seen = all((c, slot) in oracle.slots[s] for slot in range(len(p["generals"])))
                    true = state.chars[c]
                    assert (p["hp"], p["max_hp"]) == ((true.hp, true.max_hp) if seen else (None, None)), f"event {i}: seat {s} sees the hp of {c}"
                    assert p["lost"] == true.max_hp - true.hp
                    assert seen or (sv.max_hp(c), sv.hp(c)) == (p["lost"] + 1, 1 if true.alive else 0)
                if p["kingdom"] or p["gender"]:
                    assert any(sl.vis is None for sl in state.chars[c].slots), f"event {i}: kingdom/gender of {c} without a face-up general"
            leaked = set(view_cards(v)) - known
            assert not leaked, f"event {i}: seat {s}'s view shows hidden cards {sorted(leaked)}"
            hidden_names = [g for g in generals if g not in oracle.names[s]]
            for by_lang in narrators:
                n = by_lang[s]
                line = n.line(e) or ""
                # A seen general's name may hold a hidden one's (卧龙诸葛亮, 诸葛亮): take the seen ones out first.
                bare = line
                for name in _longest_first(frozenset(oracle.names[s]), n.lang):
                    bare = bare.replace(name, "")
                leaked = names[n.lang].leaked(line, known)
                assert not leaked, f"event {i}: seat {s} is told hidden cards {leaked}: {line}"
                for role, pattern in ROLE_WORDS.items():
                    if pattern.search(line):
                        assert role in oracle.roles[s], f"event {i}: seat {s} is told a hidden role: {line}"
                for g in hidden_names:
                    assert _name(g, n.lang) not in bare, f"event {i}: seat {s} is told the hidden general {g}: {line}"
                if type(e) is ev.RolesDealt:
                    role = e.roles[s]
                    assert line in ((f"Your role is {role}", f"你的身份是{role_name(n, role)}") if role else ("You have no role yet", "你还没有身份"))
            checks += 1
    return checks


def mode_game(mode: str, seed: int, bot: str, max_turns: int) -> list[ev.Event]:
    players = ruleset_of(mode).players
    # Generals chosen at the same time are secret decisions (identity, 天地人): half the games.
    options = {"generals": "choose"} if mode in ("identity", "tiandiren") and seed % 2 else {}
    return bot_game(players[seed % len(players)], seed, bot, max_turns=max_turns, mode=mode, **options)


def test_every_playable_mode_is_checked() -> None:
    assert "identity" in MODES and "demo" in MODES


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=soak(12), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), bot=st.sampled_from(["basic", "random"]), peek=st.booleans())
def test_no_view_or_line_shows_a_seat_what_it_may_not_see(mode: str, seed: int, bot: str, peek: bool) -> None:
    events = mode_game(mode, seed, bot, max_turns=16)
    if peek:
        events = with_peeks(events, 7 + seed % 13, seed)
    assert check_game(events, ("en", "zh") if seed % 4 == 0 else ("en",)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=soak(8), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), bot=st.sampled_from(["basic", "random"]), peek=st.booleans())
def test_no_view_or_line_shows_a_seat_what_it_may_not_see_whole_games(mode: str, seed: int, bot: str, peek: bool) -> None:
    events = mode_game(mode, seed, bot, max_turns=120)
    if peek:
        events = with_peeks(events, 5 + seed % 17, seed)
    check_game(events, ("en", "zh"))


def test_peeked_cards_lie_face_down_for_the_other_seats() -> None:
    events = with_peeks(bot_game(5, 7, max_turns=6), 10, 0)
    i = next(i for i, e in enumerate(events) if type(e) is ev.CardsMoved and e.reason == "peek")
    peek = events[i]
    tl = Timeline(events)
    seat = peek.dst_seat
    mine = tl.view(i, seat)
    assert mine["processing"] == list(peek.cards)
    for other in (s for s in range(5) if s != seat):
        assert tl.view(i, other)["processing"] == [None] * len(peek.cards)
    assert tl.view(i, None)["processing"] == list(peek.cards)
    line = Narrator("en", (seat + 1) % 5).line(peek)
    assert line and not CardNames(Narrator("en")).named(line)


def test_the_timeline_view_equals_the_streamed_view_at_random_points() -> None:
    events = with_peeks(bot_game(6, 8, "random", max_turns=20), 9, 1)
    tl = Timeline(events, interval=50)
    tracker = SeenTracker(6)
    state = initial_state(events[0])
    for i, e in enumerate(events):
        if i:
            apply(state, e)
        tracker.feed(e)
        if i % 13 == 0:
            for s in range(6):
                assert tl.view(i, s) == view(state, s, tracker.unseen[s].intersection(open_cards(state)))


class Peeked(ev.Event, tag="test_peek"):
    """An event type the replay code has never heard of, shown to one seat."""

    seat: int
    cards: tuple[int, ...]
    vis: tuple[int, ...] | None = None


class Secret(ev.Event, tag="test_secret"):
    """An event type without ``vis`` holding a role and card numbers."""

    seat: int
    role: str
    card: int


def test_an_event_type_without_prose_tells_a_seat_nothing_hidden() -> None:
    e = Peeked(seat=2, cards=(17, 18), vis=(2,))
    review = Narrator("en").line(e)
    assert "17" in review  # the full review shows the data
    for seat in range(4):
        line = Narrator("en", seat).line(e)
        assert line and "17" not in line and "18" not in line and "seat=2" in line
    secret = Narrator("en", 1).line(Secret(seat=3, role="renegade", card=44))
    assert "renegade" not in secret and "44" not in secret
    vis = Visibility([ev.GameStarted(mode="identity", players=4, seed=1), e])
    assert vis.unseen(0, 2, [17, 18, 19]) == {17, 18}
    assert vis.unseen(2, 2, [17, 18]) == set()


def test_a_3v3_casual_teams_heroes_and_picks_are_unseen_by_the_other_team_until_shown() -> None:
    # The team offers and picks carry the team's seats as vis; the oracle
    # follows them like any vis, and the whole game passes the check.
    events = bot_game(6, 12, "basic", max_turns=12, mode="3v3-casual")
    shown = next(i for i, e in enumerate(events) if type(e) is ev.GeneralChosen)
    oracle = Oracle(initial_state(events[0]))
    for e in events[:shown]:
        oracle.feed(e)
    offers = {e.seat % 2: set(e.generals) for e in events[:shown] if type(e) is ev.GeneralsOffered}
    picks = [e for e in events[:shown] if type(e) is ev.Decided and e.kind == "general"]
    assert len(picks) == 6 and all(e.vis == ((0, 2, 4) if e.seat % 2 == 0 else (1, 3, 5)) for e in picks)
    for seat in range(6):
        assert oracle.names[seat] == offers[seat % 2]  # its own team's nine, none of the other's
        assert not oracle.slots[seat]
    assert check_game(events, ("en", "zh")) > 0
