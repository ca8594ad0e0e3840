"""The channels of issue "Hidden information", one test each (the two-world
property of tests/replay/test_fair_play.py covers the questions themselves).

- a decision is as secret as what it moves (仁德, 遗计, 观星, the 3v3 bequest, 好施);
- a covert skill (隐匿技) leaves the same events whether it was used or not;
- ``view(state, seat)`` alone hides the cards face down in open zones;
- analysis draws again another seat's secret answers still hidden.
"""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game
from sanguozhi.core.mechanics.events import CovertChosen
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.core.view import view
from sanguozhi.replay.determinize import pending_secrets
from sanguozhi.replay.visibility import Visibility, open_cards
from tests.scenario import Table

MODES = [m for m in playable_modes() if m != "demo"]


def games(mode: str, count: int = 2, max_turns: int = 16) -> list[list[ev.Event]]:
    rs = ruleset_of(mode)
    sizes = sorted(rs.players)
    out = []
    for seed in range(count):
        game = new_game(mode, sizes[seed % len(sizes)] if seed else sizes[len(sizes) // 2], 70 + seed, {"max_turns": max_turns})
        bot = "basic" if seed % 2 == 0 else "random"
        while not game.over:
            game.submit(bot_choice(bot, game.state, game.request))
        out.append(game.events)
    return out


def test_a_decision_is_as_secret_as_the_cards_it_moves() -> None:
    """仁德's cards go to one seat face down: the decision naming them may not be public."""
    checked = 0
    for events in (g for mode in MODES for g in games(mode)):
        for i, e in enumerate(events):
            if type(e) is not ev.Decided or not e.cards:
                continue
            for later in events[i + 1 :]:
                if type(later) is ev.Decided:
                    break  # the decision's consequences end at the next decision
                if type(later) is ev.CardsMoved and later.vis is not None and set(later.cards) & set(e.cards):
                    checked += 1
                    assert e.vis is not None and set(e.vis) <= set(later.vis), (i, e, later)
    assert checked >= 10  # decisions that moved cards face down were met


def test_rende_names_its_cards_to_the_giver_alone() -> None:
    t = Table(4, generals={0: "liubei"}, hands={0: ["peach", "dodge"]})
    req = t.until("play", 0)
    t.option("rende")
    give = t.request
    assert give.kind == "give" and give.vis == (0,)
    t.pick(*give.cards[:1])
    t.choose(t.request.choices[0])
    decided = [e for e in t.events if type(e) is ev.Decided and e.kind == "give"]
    moved = [e for e in t.events if type(e) is ev.CardsMoved and e.reason == "rende"]
    assert decided[-1].vis == (0,) and moved[-1].vis is not None and 0 in moved[-1].vis
    assert req.kind == "play"


def test_a_covert_skill_leaves_the_same_events_used_or_not() -> None:
    """隐匿技: "其他角色無法知道你是否發動了此技能" — a pass is noted in secret as a use is."""
    seen = {True: 0, False: 0}
    for seed in range(12):
        game = new_game("identity-seed000", 5, 300 + seed, {"pool": "project", "max_turns": 20})
        while not game.over:
            game.submit(bot_choice("basic" if seed % 3 else "random", game.state, game.request))
        events = game.events
        for i, e in enumerate(events):
            if type(e) is ev.Decided and e.kind == "covert":
                note = events[i + 1]
                assert type(note) is CovertChosen and note.vis == e.vis == (e.seat,), (i, e, note)
                seen[note.passed] += 1
    assert seen[True] and seen[False], seen  # both a use and a pass were met


@pytest.mark.parametrize("mode", MODES)
def test_view_of_a_seat_hides_what_lies_face_down_without_being_told(mode: str) -> None:
    """``sanguozhi.view(state, seat)`` is exactly what the seat sees (遗计's cards in processing, 再起's)."""
    from sanguozhi.core.evolve import apply, initial_state

    hidden = 0
    for events in games(mode, count=1):
        vis = Visibility(events)
        state = initial_state(events[0])
        for k, e in enumerate(events[1:], 2):
            apply(state, e)
            for seat in range(len(state.seats)):
                unseen = vis.unseen(seat, k, open_cards(state))
                hidden += bool(unseen)
                assert view(state, seat) == view(state, seat, unseen), (mode, k, seat, unseen)


def test_analysis_draws_again_the_secret_general_picks_still_hidden(tmp_path) -> None:
    """Seat 3 choosing its general after seats 1 and 2 chose theirs in secret: those picks
    are pending, so every rollout draws them again instead of re-running them as recorded."""
    from sanguozhi.records import read_record
    from sanguozhi.records.format import FORMAT_VERSION, Header
    from sanguozhi.replay.analyze import analyze

    game = new_game("identity", 5, 5, {"generals": "choose"})
    while not (game.request.kind == "general" and game.request.seat == 3):
        game.submit(game.request.choices[0])
    k = len(game.events)
    cut, redraw = pending_secrets(game.events, k, 3)
    picks = [i for i, e in enumerate(game.events) if type(e) is ev.Decided and e.kind == "general" and e.seat in (1, 2)]
    assert cut == picks[0] and redraw == frozenset(picks)
    start = game.events[0]
    header = Header(sgz="record", v=FORMAT_VERSION, game="g" * 16, rules=start.rules, mode=start.mode, players=5, seed=start.seed, options=start.options)
    analyze(game.events, k - 1, rollouts=4, keep=tmp_path, header=header)
    kept = [read_record(p).events for p in sorted(tmp_path.glob("*.jsonl"))]
    seat1 = {next(e.option for e in events[cut:] if type(e) is ev.Decided and e.seat == 1) for events in kept}
    recorded = game.events[picks[0]].option
    assert len(kept) == 12 and len(seat1) > 1 and seat1 - {recorded}, seat1
