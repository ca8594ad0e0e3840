"""3v3-competitive (seed 004, 3V3竞技), rule by rule."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.game import new_game
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes.herokill.common import DiceRolled
from sanguozhi.core.modes.herokill.competitive import ActionRight
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import SeatView
from sanguozhi.replay.narrate import Narrator

from .tables import competitive

MODE = "3v3-competitive"


def test_two_teams_sit_together_each_a_captain_between_two_vices_in_public() -> None:
    st = new_game(MODE, 6, 1).state
    assert [s.team for s in st.seats] == [0, 0, 0, 1, 1, 1]
    assert [s.role for s in st.seats] == ["vice", "captain", "vice"] * 2
    assert all(s.role_shown for s in st.seats)
    assert [SeatView(st, 0).side(c) for c in range(6)] == ["warm"] * 3 + ["cool"] * 3


def test_no_lightning_in_the_deck() -> None:
    deck = new_game(MODE, 6, 1).events[0].deck
    names = [CARDS[c].name for c in deck]
    assert len(deck) == 106 and "lightning" not in names and {CARDS[c].pack for c in deck} == {"standard"}
    assert "lightning" in [CARDS[c].name for c in new_game("3v3-casual", 6, 1).events[0].deck]


@pytest.mark.parametrize("order", ["first", "second"])
def test_the_higher_rolling_captain_chooses_whether_its_team_picks_first(order: str) -> None:
    game = new_game(MODE, 6, 5)
    rolls = [e for e in game.events if type(e) is DiceRolled]
    assert rolls[0].seats == (1, 4) and all(e.reason == "order" for e in rolls)
    last = rolls[-1]
    high = last.seats[last.rolls.index(max(last.rolls))]
    assert last.rolls.count(max(last.rolls)) == 1
    assert (game.request.seat, game.request.kind) == (high, "pick_order")
    game.submit(Choice(option=order))
    first = high // 3 if order == "first" else 1 - high // 3
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered]
    assert [e.seat for e in offers] == list(range(6))
    pool = offers[0].generals
    assert len(pool) == 12 and len(set(pool)) == 12 and all(e.generals == pool and e.vis is None for e in offers)
    pickers = []
    while game.request.kind == "general":
        req = game.request
        pickers.append(req.seat)
        game.submit(req.choices[-1])
        shown = game.events[-1]
        assert type(shown) is ev.GeneralChosen and shown.vis is None and shown.seat == req.seat  # public at once
        bonus = 1 if req.seat in (1, 4) else 0  # a captain has 1 more hp
        assert shown.max_hp == shown.hp == GENERALS[shown.general].max_hp + bonus
    a, b = 3 * first, 3 * (1 - first)
    assert pickers == [a + 1, b + 1, a, b, a + 2, b + 2]  # one at a time, captains first
    chosen = [e.general for e in game.events if type(e) is ev.GeneralChosen]
    assert len(set(chosen)) == 6 and set(chosen) <= set(pool)
    assert all(e.vis is None for e in game.events if type(e) is ev.Decided)


@pytest.mark.parametrize("acts", ["first", "second"])
def test_the_later_chooser_picks_who_acts_first_and_the_first_action_is_a_captains(acts: str) -> None:
    game = new_game(MODE, 6, 5)
    game.submit(Choice(option="first"))
    high = next(e.seat for e in game.events if type(e) is ev.Decided)
    while game.request.kind == "general":
        game.submit(game.request.choices[0])
    later = 4 if high == 1 else 1
    assert (game.request.seat, game.request.kind) == (later, "act_order")
    game.submit(Choice(option=acts))
    team = later // 3 if acts == "first" else 1 - later // 3
    right = next(e for e in game.events if type(e) is ActionRight)
    assert (right.team, right.seats, right.turn) == (team, (3 * team + 1,), 1)
    assert next(e for e in game.events if type(e) is ev.TurnStarted).seat == 3 * team + 1


def _end_turn(t) -> None:
    t.until("play")
    t.end()


def test_the_action_right_alternates_a_captain_alone_or_both_vices_in_a_row() -> None:
    t = competitive(first=1)
    assert t.request.seat == 1
    _end_turn(t)
    req = t.until("action")
    assert req.seat == 4 and req.prompt == "action:cool"
    assert [(c.option, c.targets) for c in req.choices] == [("captain", (4,)), ("vices", (3, 5)), ("vices", (5, 3))]
    t.choose(Choice(option="vices", targets=(5, 3)))
    _end_turn(t)
    _end_turn(t)
    req = t.until("action")
    assert req.seat == 1 and [(c.option, c.targets) for c in req.choices] == [("captain", (1,)), ("vices", (0, 2)), ("vices", (2, 0))]
    t.choose(Choice(option="captain", targets=(1,)))
    _end_turn(t)
    assert t.until("action").seat == 4
    assert [e.seat for e in t.of_type(ev.TurnStarted)] == [1, 5, 3, 1]
    rights = t.of_type(ActionRight)
    assert [(e.team, e.seats, e.turn) for e in rights] == [(0, (1,), 1), (1, (5, 3), 2), (0, (1,), 4)]


def test_a_dead_vice_leaves_the_other_to_act_alone_and_with_none_the_captain_acts() -> None:
    t = competitive(first=1)
    t.game.engine.emit(ev.Died(seat=3, role="vice", killer=-1))
    _end_turn(t)
    req = t.until("action")
    assert [(c.option, c.targets) for c in req.choices] == [("captain", (4,)), ("vices", (5,))]
    t.choose(Choice(option="vices", targets=(5,)))
    _end_turn(t)
    t.until("action", 1)
    t.choose(Choice(option="captain", targets=(1,)))
    t.game.engine.emit(ev.Died(seat=5, role="vice", killer=-1))
    _end_turn(t)
    t.until("play")
    assert t.request.seat == 4  # no vice left: no question
    assert t.of_type(ActionRight)[-1].seats == (4,)


def test_a_vice_that_dies_in_its_own_turn_still_leaves_the_other_vices_turn() -> None:
    t = competitive(first=1, hands={5: ["duel"], 4: ["slash"]}, hp={5: 1})
    _end_turn(t)
    t.until("action", 4)
    t.choose(Choice(option="vices", targets=(5, 3)))
    t.until("play", 5)
    t.use("duel", 4)
    t.use("slash")  # its own captain answers, and the vice falls in its own turn
    assert not t.state.chars[5].alive
    t.until("play")
    assert t.request.seat == 3
    t = competitive(first=1)
    _end_turn(t)
    t.until("action", 4)
    t.choose(Choice(option="vices", targets=(5, 3)))
    t.until("play", 5)
    t.game.engine.emit(ev.Died(seat=3, role="vice", killer=-1))  # the second vice falls first
    t.end()
    assert t.until("action").seat == 1  # the right passes


def test_a_fork_between_two_vice_turns_knows_the_second_vice_is_next() -> None:
    from sanguozhi.core.game import resume

    t = competitive(first=1)
    _end_turn(t)
    t.until("action", 4)
    t.choose(Choice(option="vices", targets=(5, 3)))
    _end_turn(t)
    t.until("play", 3)
    cut = max(i for i, e in enumerate(t.events) if type(e) is ev.TurnEnded) + 1
    game = resume(t.events, cut)  # the engine starts again between the two vices' turns
    assert (game.request.seat, game.request.kind) == (3, "play")
    assert game.events == t.events[: len(game.events)] and len(game.events) > cut


@pytest.mark.parametrize("name", ["savage_assault", "archery_attack"])
def test_a_volley_resolves_in_the_direction_its_user_chooses(name: str) -> None:
    t = competitive(first=1, hands={1: [name]})
    card = t.in_hand(1, name)
    offered = [c.targets for c in t.request.choices if c.cards == (card,)]
    assert offered == [(2, 3, 4, 5, 0), (0, 5, 4, 3, 2)]  # counter-clockwise (play order), clockwise
    t.choose(Choice(cards=(card,), targets=(0, 5, 4, 3, 2)))
    assert [e.dst for e in t.of_type(ev.Damaged)] == [0, 5, 4, 3, 2]


def test_rest_and_recover_and_harvest_keep_their_user_first_either_way() -> None:
    t = competitive(first=1, hands={1: ["god_salvation", "amazing_grace"]}, hp={s: 3 for s in range(6)})
    card = t.in_hand(1, "god_salvation")
    assert [c.targets for c in t.request.choices if c.cards == (card,)] == [(1, 2, 3, 4, 5, 0), (1, 0, 5, 4, 3, 2)]
    t.choose(Choice(cards=(card,), targets=(1, 0, 5, 4, 3, 2)))
    assert [e.seat for e in t.of_type(ev.Recovered)] == [1, 0, 5, 4, 3, 2]
    card = t.in_hand(1, "amazing_grace")
    t.choose(Choice(cards=(card,), targets=(1, 0, 5, 4, 3, 2)))
    pickers = []
    while t.request.kind == "grace":
        pickers.append(t.request.seat)
        t.choose(t.request.choices[0])
    assert pickers == [1, 0, 5, 4, 3, 2]
    assert "逆时针或顺时针" in t.game.engine.rules["amazing_grace"].text_zh


def test_the_other_modes_keep_one_direction() -> None:
    from .tables import casual

    t = casual(hands={0: ["savage_assault"]})
    card = t.in_hand(0, "savage_assault")
    assert [c.targets for c in t.request.choices if c.cards == (card,)] == [(1, 2, 3, 4, 5)]


@pytest.mark.parametrize(("killer", "victim"), [(2, 3), (1, 0)], ids=["the other teams vice", "its own vice"])
def test_killing_any_vice_draws_three(killer: int, victim: int) -> None:
    t = competitive(first=killer, hands={killer: ["slash"]}, hp={victim: 1}, pile=["slash", "slash", "dodge", "dodge", "dodge"])
    t.use("slash", victim)
    while t.request.kind == "save":
        t.pass_()
    t.until("play", killer)
    assert sorted(t.hand(killer)) == ["dodge"] * 3 + ["slash"] * 2


def test_a_dying_character_asks_every_character_for_potions() -> None:
    t = competitive(first=3, hands={3: ["slash"], 0: ["peach"], 1: ["peach"], 4: ["peach"], 5: ["peach"]}, hp={2: 1})
    t.use("slash", 2)
    asked = []
    while t.request.kind == "save":
        asked.append(t.request.seat)
        t.pass_()
    assert asked == [4, 5, 0, 1]  # from the current player on, enemies too


def test_a_captains_death_loses_the_game_for_its_team() -> None:
    t = competitive(first=5, hands={5: ["slash", "slash"]}, equip={5: ["crossbow"]}, hp={0: 1, 4: 1}, pile=["dodge", "dodge"])
    t.use("slash", 0)  # a vice: the game goes on
    assert not t.state.ended
    t = competitive(first=3, hands={3: ["slash"]}, hp={4: 1})
    t.use("slash", 4)  # its own captain
    assert t.state.ended and t.state.winners == (0, 1, 2) and t.state.end_reason == "warm"


def test_the_captain_has_no_lord_skill() -> None:
    t = competitive(generals={1: "hk_liubang", 4: "hk_wusong"})
    assert "hk_jijiang" not in t.state.chars[1].skills and "hk_jiuyuan" not in t.state.chars[4].skills
    t = competitive(generals={1: "liubei", 4: "sunquan"}, options={"heroes": "sanguosha"})
    assert "jijiang" not in t.state.chars[1].skills and "jiuyuan" not in t.state.chars[4].skills


def test_action_rights_and_rolls_are_narrated_with_the_modes_names() -> None:
    game = new_game(MODE, 6, 5)
    line = Narrator("zh", 0, mode=MODE).line(next(e for e in game.events if type(e) is DiceRolled))
    assert line.startswith("掷点：1号位") and "4号位" in line
    right = ActionRight(team=1, seats=(5, 3), turn=2)
    assert Narrator("zh", 0, mode=MODE).line(right) == "冷色方行动：5号位, 3号位"
    assert Narrator("en", 0, mode=MODE).line(right) == "The cool team acts: seat 5, seat 3"
    roles = Narrator("zh", 1, mode=MODE).line(next(e for e in game.events if type(e) is ev.RolesDealt))
    assert roles == "你的身份是主将"
