"""3v3-casual (seed 004, 3V3休闲), rule by rule."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game, resume
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes import ModeError
from sanguozhi.core.modes.herokill.common import DiceRolled
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import SeatView
from sanguozhi.replay.narrate import Narrator, display_name

from .tables import casual

MODE = "3v3-casual"


def _picks_done(seed: int, pick: int = 0):
    game = new_game(MODE, 6, seed)
    while game.request.kind == "general":
        game.submit(game.request.choices[pick % len(game.request.choices)])
    return game


def test_six_players_only() -> None:
    for n in (5, 7):
        with pytest.raises(ModeError, match="6 players"):
            new_game(MODE, n, 1)


def test_the_teams_sit_alternately_all_loyalists_against_all_rebels_in_public() -> None:
    st = new_game(MODE, 6, 1).state
    assert [s.team for s in st.seats] == [0, 1, 0, 1, 0, 1]
    assert [s.role for s in st.seats] == ["loyalist", "rebel"] * 3
    assert all(s.role_shown for s in st.seats)
    assert SeatView(st, 1).side(0) == "loyalist" and SeatView(st, 0).side(3) == "rebel"


def test_each_team_is_dealt_nine_heroes_that_only_it_sees() -> None:
    game = new_game(MODE, 6, 4)
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered]
    assert [(e.seat, e.vis) for e in offers] == [(s, (0, 2, 4) if s % 2 == 0 else (1, 3, 5)) for s in range(6)]
    team0, team1 = offers[0].generals, offers[1].generals
    assert len(team0) == len(team1) == 9 and not set(team0) & set(team1)
    assert all(e.generals == (team0 if e.seat % 2 == 0 else team1) for e in offers)
    assert all(GENERALS[g].pack == "herokill" for g in team0 + team1)  # Hero Kill's heroes by default
    old = [e for e in new_game(MODE, 6, 4, {"heroes": "sanguosha"}).events if type(e) is ev.GeneralsOffered]
    assert all(GENERALS[g].pack == "standard" for e in old for g in e.generals)


def test_a_team_chooses_secretly_no_hero_twice_and_all_six_are_shown_together() -> None:
    game = new_game(MODE, 6, 4)
    team0 = next(e for e in game.events if type(e) is ev.GeneralsOffered).generals
    taken: dict[int, set[str]] = {0: set(), 1: set()}
    while game.request.kind == "general":
        req = game.request
        team = req.seat % 2
        assert req.vis == ((0, 2, 4) if team == 0 else (1, 3, 5))
        assert not {c.option for c in req.choices} & taken[team]  # a teammate's hero is taken
        assert len(req.choices) == 9 - len(taken[team])
        game.submit(req.choices[0])
        taken[team].add(req.choices[0].option)
    picks = [e for e in game.events if type(e) is ev.Decided and e.kind == "general"]
    assert [(e.seat, e.vis) for e in picks] == [(s, (0, 2, 4) if s % 2 == 0 else (1, 3, 5)) for s in range(6)]
    shown = [i for i, e in enumerate(game.events) if type(e) is ev.GeneralChosen]
    last_pick = max(game.events.index(e) for e in picks)
    assert shown == list(range(last_pick + 1, last_pick + 7))  # together, after the last choice
    chosen = [game.events[i] for i in shown]
    assert all(e.vis is None and e.max_hp == e.hp == GENERALS[e.general].max_hp for e in chosen)  # nobody gets +1
    assert {e.general for e in chosen if e.seat % 2 == 0} <= set(team0)


def test_the_other_team_learns_nothing_of_a_teams_heroes_until_they_are_shown() -> None:
    game = new_game(MODE, 6, 4)
    offers = {e.seat % 2: e.generals for e in game.events if type(e) is ev.GeneralsOffered}
    while game.request.kind == "general":
        game.submit(game.request.choices[-1])
    first_shown = next(i for i, e in enumerate(game.events) if type(e) is ev.GeneralChosen)
    for seat in range(6):
        other = offers[1 - seat % 2]
        for lang in ("en", "zh"):
            n = Narrator(lang, seat)
            text = " ".join(n.line(e) or "" for e in game.events[:first_shown])
            assert not [g for g in other if display_name(g, lang) in text], (seat, lang)
            mine = " ".join(n.line(e) or "" for e in game.events[:first_shown] if type(e) is ev.GeneralsOffered and e.seat == seat)
            assert all(display_name(g, lang) in mine for g in offers[seat % 2])


def test_a_die_roll_decides_who_plays_first_and_a_tie_rolls_again() -> None:
    tie = None
    for seed in range(1, 60):
        game = _picks_done(seed)
        rolls = [e for e in game.events if type(e) is DiceRolled]
        assert rolls and all(e.reason == "first" for e in rolls)
        first = next(e for e in game.events if type(e) is ev.TurnStarted)
        last = rolls[-1]
        top = max(last.rolls)
        assert last.rolls.count(top) == 1 and first.seat == last.seats[last.rolls.index(top)]
        assert rolls[0].seats == tuple(range(6))
        for a, b in zip(rolls, rolls[1:]):  # only the tied highest roll again
            assert b.seats == tuple(s for s, r in zip(a.seats, a.rolls) if r == max(a.rolls))
        if len(rolls) > 1:
            tie = game
        assert game.events.index(last) < game.events.index(first)
    assert tie is not None, "no seed in 1-59 rolled a tie"
    # The roll is an event: re-running the decisions gives it again.
    again = resume(tie.events, from_start=True)
    assert again.events == tie.events


def test_nobody_has_lord_skills() -> None:
    t = casual(generals={0: "hk_liubang", 1: "hk_yuefei", 2: "hk_wusong"})
    for seat, lord_skill in ((0, "hk_jijiang"), (1, "hk_huzhu"), (2, "hk_jiuyuan")):
        assert lord_skill in GENERALS[t.state.chars[seat].general].lord_skills
        assert lord_skill not in t.state.chars[seat].skills
        assert set(GENERALS[t.state.chars[seat].general].skills) <= t.state.chars[seat].skills
    t = casual(generals={0: "liubei", 1: "caocao", 2: "sunquan"}, options={"heroes": "sanguosha"})
    for seat, lord_skill in ((0, "jijiang"), (1, "hujia"), (2, "jiuyuan")):
        assert lord_skill not in t.state.chars[seat].skills


def test_a_dying_character_asks_only_its_own_team_for_potions() -> None:
    t = casual(hands={0: ["slash"], 2: ["peach"], 3: ["peach"], 4: ["peach"], 5: ["peach"]}, hp={1: 1})
    t.use("slash", 1)
    asked = []
    while t.request.kind == "save":
        asked.append(t.request.seat)
        t.pass_()
    assert asked == [3, 5]  # its teammates, in turn order; seats 2 and 4 hold 药 but are not asked
    assert not t.state.chars[1].alive


def test_a_dead_character_may_give_its_hand_and_equipment_to_living_teammates() -> None:
    t = casual(hands={0: ["slash"], 1: ["peach", "duel", "nullification"]}, equip={1: ["axe", "offensive_horse"]}, hp={1: 1}, pile=["dodge", "dodge"])
    t.use("slash", 1)
    t.until("save", 1)
    t.pass_()  # seat 1 does not drink its own 药
    req = t.request
    assert (req.seat, req.kind) == (1, "bequest")
    assert [c.targets for c in req.choices if not c.is_pass] == [(3,), (5,)]
    t.choose(Choice(targets=(3,)))
    cards = t.request.cards
    p = t.state.chars[1]
    hand = [c for c in cards if c in p.hand]
    axe = p.equip["weapon"]
    assert sorted(cards) == sorted(p.hand + list(p.equip.values()))
    t.pick(hand[0], axe)
    t.choose(Choice(targets=(5,)))
    t.pick(hand[1])
    t.pass_()  # keep the rest: it is discarded at death
    moves = [e for e in t.events if type(e) is ev.CardsMoved and e.reason == "bequest"]
    assert [(e.src, e.dst, e.src_seat, e.dst_seat, e.vis) for e in moves] == [
        ("hand", "hand", 1, 3, (1, 3)),  # hand cards in secret: the others see how many
        ("equip", "hand", 1, 3, None),
        ("hand", "hand", 1, 5, (1, 5)),
    ]
    assert hand[0] in t.state.chars[3].hand and axe in t.state.chars[3].hand and hand[1] in t.state.chars[5].hand
    assert t.state.chars[1].hand == [] and t.state.chars[1].equip == {}
    assert [e.source for e in t.of_type(ev.Triggered) if e.seat == 1] == ["bequest"]
    line = Narrator("en", 0, mode=MODE).line(moves[0])
    assert line is not None and "#" not in line  # seat 0 is told a card moved, not which


def test_a_dead_character_without_living_teammates_or_cards_is_not_asked() -> None:
    t = casual(hands={0: ["slash", "slash"]}, hp={1: 1, 3: 1}, pile=["dodge", "dodge"])
    t.game.engine.emit(ev.Died(seat=5, role="rebel", killer=-1))
    t.game.engine.emit(ev.Died(seat=3, role="rebel", killer=-1))
    t.use("slash", 1)  # the last rebel: the game ends, nobody is asked
    assert t.state.ended and t.game.request is None
    t = casual(hands={0: ["slash"]}, hp={1: 1}, pile=["dodge", "dodge"])
    t.use("slash", 1)  # no cards left to give
    assert t.request.kind == "play" and t.request.seat == 0


def test_a_team_wins_when_all_three_opponents_are_dead_not_before() -> None:
    t = casual(hands={0: ["slash", "slash", "slash"]}, equip={0: ["crossbow"]}, hp={1: 1, 5: 1}, pile=["dodge", "dodge"])
    t.game.engine.emit(ev.Died(seat=3, role="rebel", killer=-1))
    t.use("slash", 1)
    assert not t.state.ended
    t.use("slash", 5)
    assert t.state.ended and t.state.winners == (0, 2, 4) and t.state.end_reason == "loyalists"


def test_the_rebels_win_when_every_loyalist_is_dead() -> None:
    t = casual(first=1, hands={1: ["slash"]}, hp={0: 1})
    for s in (2, 4):
        t.game.engine.emit(ev.Died(seat=s, role="loyalist", killer=-1))
    t.use("slash", 0)
    assert t.state.winners == (1, 3, 5) and t.state.end_reason == "rebels"


def test_killing_a_rebel_draws_three_and_killing_a_loyalist_draws_nothing() -> None:
    t = casual(hands={0: ["slash"]}, hp={1: 1}, pile=["slash", "slash", "dodge", "dodge", "dodge"])
    t.use("slash", 1)
    t.until("play", 0)
    assert sorted(t.hand(0)) == ["dodge"] * 3 + ["slash"] * 2
    t = casual(first=1, hands={1: ["slash"]}, hp={2: 1}, pile=["slash", "slash", "dodge"])
    t.use("slash", 2)
    t.until("play", 1)
    assert t.hand(1) == ["slash", "slash"]


def test_the_rebel_kill_reward_can_be_turned_off() -> None:
    t = casual(hands={0: ["slash"]}, hp={1: 1}, pile=["slash", "slash", "dodge"], options={"rebel_kill_draws": 0})
    t.use("slash", 1)
    t.until("play", 0)
    assert t.hand(0) == ["slash", "slash"]


def test_play_goes_on_in_seat_order_after_the_first_player() -> None:
    t = casual(first=3)
    for _ in range(4):
        t.until("play")
        t.end()
    t.until("play")
    assert [e.seat for e in t.of_type(ev.TurnStarted)][-5:] == [3, 4, 5, 0, 1]
