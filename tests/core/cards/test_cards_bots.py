"""The `basic` bot uses the tricks and equipment sensibly (and only through its SeatView)."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.bots.basic import OPTION_SCORES, PLAY_SCORES
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import SeatView
from tests.scenario import Table

QUIET = ["#131", "#132"]
ROLES = ("lord", "rebel", "loyalist", "rebel")


def shown(t: Table, *seats: int) -> Table:
    for s in seats:
        t.game.engine.emit(ev.RoleShown(seat=s, role=t.state.seats[s].role))
    return t


def answer(t: Table):
    return bot_choice("basic", t.state, t.request)


def test_basic_nullifies_an_indulgence_on_itself() -> None:
    t = Table(4, roles=ROLES, first=1, hands={1: ["nullification"]}, judge={1: ["indulgence"]}, pile=QUIET)
    assert t.request.kind == "nullify"
    assert answer(t).cards == (t.in_hand(1, "nullification"),)


def test_basic_does_not_nullify_its_own_ex_nihilo() -> None:
    t = Table(4, roles=ROLES, hands={0: ["ex_nihilo", "nullification"]}, pile=QUIET)
    t.use("ex_nihilo")
    assert t.request.kind == "nullify" and answer(t).is_pass


def test_basic_counters_a_nullification_that_saves_a_known_enemy() -> None:
    t = shown(Table(4, roles=ROLES, hands={0: ["dismantlement", "nullification"], 1: ["dodge", "nullification"]}, pile=QUIET), 1)
    t.use("dismantlement", 1)
    assert answer(t).is_pass  # depth 0: its own trick on an enemy stands
    t.pass_()
    t.use("nullification")  # the rebel saves itself
    assert t.request.prompt == "dismantlement:0:1:1"
    assert answer(t).cards == (t.in_hand(0, "nullification"),)


def test_basic_nullifies_a_savage_assault_on_a_wounded_ally_it_cannot_otherwise_help() -> None:
    t = shown(Table(4, roles=ROLES, first=1, hands={1: ["savage_assault"], 2: [], 0: ["nullification"]}, hp={2: 1}, pile=QUIET), 1, 2)
    t.use("savage_assault")
    while t.request.kind == "nullify" and not t.request.prompt.startswith("savage_assault:1:2:"):
        t.choose(answer(t))
    assert t.request.prompt == "savage_assault:1:2:0" and not answer(t).is_pass


def test_basic_chains_enemies_when_it_holds_fire_and_unchains_friends() -> None:
    t = shown(Table(4, roles=ROLES, hands={0: ["iron_chain", "fire_slash"]}, pile=QUIET), 1, 3)
    view = SeatView(t.state, 0)
    chain = PLAY_SCORES["iron_chain"]
    with_fire = chain(view, Choice(cards=(t.in_hand(0, "iron_chain"),), targets=(1, 3)))
    assert with_fire > OPTION_SCORES["recast"](view, Choice())
    assert chain(view, Choice(cards=(0,), targets=(0,))) < 0  # never chains itself
    cold = shown(Table(4, roles=ROLES, hands={0: ["iron_chain"]}, pile=QUIET), 1, 3)
    assert PLAY_SCORES["iron_chain"](SeatView(cold.state, 0), Choice(cards=(0,), targets=(1, 3))) < with_fire
    hot = Table(4, roles=ROLES, hands={0: ["iron_chain"]}, chained=(0,), pile=QUIET)
    assert PLAY_SCORES["iron_chain"](SeatView(hot.state, 0), Choice(cards=(0,), targets=(0,))) > 0


def test_basic_keeps_its_dodge_when_discarding() -> None:
    t = Table(4, roles=ROLES, hands={0: ["dodge", "iron_chain", "lightning", "savage_assault"]}, hp={0: 1}, pile=QUIET)
    t.end()
    req = t.request
    assert req.kind == "discard"
    kept = set(req.cards) - set(answer(t).cards)
    assert [CARDS[c].name for c in kept] == ["dodge"]


def test_basic_equips_better_armour_but_never_a_worse_one() -> None:
    t = Table(4, roles=ROLES, hands={0: ["eight_diagram", "vine"]}, equip={0: ["renwang_shield"]}, pile=QUIET)
    choice = answer(t)
    assert CARDS[choice.cards[0]].name == "eight_diagram"
    t.choose(choice)
    after = answer(t)
    assert not (after.cards and CARDS[after.cards[0]].name == "vine")


def test_basic_never_wastes_a_plain_slash_on_vine() -> None:
    t = shown(Table(4, roles=ROLES, hands={0: ["slash"]}, equip={1: ["vine"]}, pile=QUIET), 1)
    view = SeatView(t.state, 0)
    assert PLAY_SCORES["slash"](view, Choice(cards=(t.in_hand(0, "slash"),), targets=(1,))) == 0


def test_basic_holder_of_a_collateral_attacks_an_enemy_but_spares_a_friend() -> None:
    t = shown(Table(4, roles=ROLES, first=1, hands={1: ["collateral"], 0: ["slash"]}, equip={0: ["blade"]}, pile=QUIET), 1, 2)
    t.use("collateral", 0, 1)  # the rebel wants the lord to attack the rebel itself
    assert t.request.kind == "use_slash" and not answer(t).is_pass
    t2 = shown(Table(4, roles=ROLES, first=1, hands={1: ["collateral"], 0: ["slash"]}, equip={0: ["blade"]}, pile=QUIET), 1, 2)
    t2.use("collateral", 0, 3)
    assert t2.request.kind == "use_slash"
    assert not answer(t2).is_pass  # seat 3's side is unknown, so not spared


def test_basic_gives_its_weapon_rather_than_slash_a_known_ally() -> None:
    roles = ("lord", "rebel", "loyalist", "loyalist")
    t = shown(Table(4, roles=roles, first=1, hands={1: ["collateral"], 3: ["slash"]}, equip={3: ["blade"]}, pile=QUIET), 0)
    t.use("collateral", 3, 0)
    assert t.request.seat == 3 and answer(t).is_pass


def test_basic_bot_games_end_and_use_equipment() -> None:
    from sanguozhi.core.game import new_game

    equipped = 0
    for seed in range(10):
        game = new_game("identity", 5, 800 + seed)
        while not game.over:
            game.submit(bot_choice("basic", game.state, game.request))
        equipped += sum(1 for e in game.events if isinstance(e, ev.CardsMoved) and e.dst == "equip")
        assert game.state.ended
    assert equipped > 10
