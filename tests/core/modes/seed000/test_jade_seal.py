"""逐鹿天下 (jade-seal, seed 000): the seal, 结盟 and 毁盟, the victory — rule by rule."""
from __future__ import annotations

from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.seed000.jade_pack import SEAL, SEAL_CARD, Allied, AllianceEnded, ally_of
from sanguozhi.core.requests import Choice
from sanguozhi.replay.narrate import Narrator
from tests.core.skills.util import accept, take, triggered
from tests.scenario import Table

MODE = "jade-seal"
SEAL_REF = f"#{SEAL_CARD}"


def table(players: int = 5, **kwargs: Any) -> Table:
    """A jade-seal table; the pile's top cards are plain ones unless given (the seal,
    card 600, would otherwise lie on top)."""
    kwargs.setdefault("pile", ["dodge", "dodge", "analeptic", "analeptic", "dodge", "dodge"])
    return Table(players, mode=MODE, roles=("",) * players, **kwargs)


def allied(a: int, b: int) -> list[ev.Event]:
    return [Allied(seat=a, other=b)]


def dead(*seats: int) -> list[ev.Event]:
    return [ev.Died(seat=s, role="") for s in seats]


# -- the set-up -----------------------------------------------------------------------------------


def test_the_deck_holds_the_seal_a_treasure_without_suit_or_rank() -> None:
    card = CARDS[SEAL_CARD]
    assert (card.name, card.suit, card.rank, card.kind.type, card.kind.subtype) == (SEAL, "", 0, "equip", "treasure")
    assert card.label("zh") == "【玉玺】"  # no suit or rank to print
    rs = ruleset_of(MODE)
    opts = rs.check(5, {})
    assert rs.deck(opts) == (*range(160), SEAL_CARD)
    assert rs.players == range(5, 11)


def test_a_game_starts_with_generals_four_cards_each_and_everyone_may_ally() -> None:
    g = new_game(MODE, 6, 11)
    st = g.state
    assert all(len(s.hand) == 4 or SEAL_CARD in st.chars[s.seat].equip.values() for s in st.seats)
    assert all(p.general and p.hp == p.max_hp for p in st.chars)
    assert all({"jiemeng", "huimeng"} <= p.skills for p in st.chars)
    assert not any(s.role for s in st.seats)
    assert [e.seat for e in g.events if type(e) is ev.TurnStarted] == [0]


# -- 玉玺 ------------------------------------------------------------------------------------------------


def test_whoever_draws_the_seal_shows_and_wears_it_and_draws_two_more_from_then_on() -> None:
    t = table(pile=["dodge", SEAL_REF, "dodge", "dodge", "dodge", "dodge"])
    st = t.state
    assert st.chars[0].equip.get("treasure") == SEAL_CARD  # drawn in the draw phase, shown and worn at once
    (shown,) = t.of_type(ev.CardsShown)
    assert shown.cards == (SEAL_CARD,)
    use = next(e for e in t.of_type(ev.CardUsed) if e.name == SEAL)
    assert t.events.index(shown) < t.events.index(use)
    t.end()
    t.until("play", 0)
    draws = [e for e in t.of_type(ev.CardsMoved) if e.src == "pile" and e.dst_seat == 0 and e.reason == "draw"]
    assert [len(e.cards) for e in draws] == [2, 4]
    assert [e.w for e in triggered(t, SEAL)] == ["draw_count"]


def test_a_wearer_with_an_ally_breaks_the_alliance_at_once() -> None:
    t = table(pile=["dodge", SEAL_REF, "peach", "peach"], extra=allied(0, 3))
    t.pass_()  # not now: 毁盟 is offered as the turn starts
    assert ally_of(t.state, 0) < 0 and ally_of(t.state, 3) < 0
    (seal,) = triggered(t, SEAL)
    assert (seal.seat, seal.targets, seal.w) == (0, (3,), "card_used")
    (end,) = t.of_type(AllianceEnded)
    assert (end.seat, end.other) == (0, 3)
    slash = next(e for e in t.of_type(ev.CardUsed) if e.name == "slash")
    assert (slash.seat, slash.cards, slash.targets) == (0, (), (3,))
    # Seat 3 survives the 杀: the breaker loses 1 hp.
    assert t.hp(3) == 3 and t.hp(0) == 3


def test_the_seal_moves_to_its_holders_killer_and_a_killer_claims_it_when_it_is_on_nobody() -> None:
    t = table(equip={1: [SEAL_REF]}, hands={0: ["slash"]}, hp={1: 1})
    t.use("slash", 1)
    t.until("play", 0)
    assert not t.state.chars[1].alive and t.state.chars[0].equip["treasure"] == SEAL_CARD
    move = next(e for e in t.of_type(ev.CardsMoved) if e.cards == (SEAL_CARD,) and e.reason == SEAL)
    assert (move.src, move.src_seat, move.dst, move.dst_seat) == ("equip", 1, "equip", 0)
    t2 = table(hands={0: ["slash"]}, hp={1: 1})  # the seal is somewhere in the pile
    t2.use("slash", 1)
    t2.until("play", 0)
    assert t2.state.chars[0].equip.get("treasure") == SEAL_CARD
    assert triggered(t2, SEAL)[0].w == "death"


# -- 结盟 -------------------------------------------------------------------------------------------------


def test_an_alliance_is_offered_and_agreed_once_per_play_phase() -> None:
    t = table()
    take(t, "jiemeng")
    assert [c.targets for c in t.request.choices] == [(1,), (2,), (3,), (4,)]
    take(t, "", (2,))
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("ally", 2, "ally:0")
    take(t, "agree")
    assert ally_of(t.state, 0) == 2 and ally_of(t.state, 2) == 0
    assert ruleset_of(MODE).side(t.state, 2) == "alliance:0-2" and ruleset_of(MODE).side(t.state, 1) == "seat1"
    assert "jiemeng" in [c.option for c in t.request.choices]  # now the aid, once, with a card to pay
    assert Narrator("zh", 1, MODE).line(t.of_type(Allied)[0]) == "0号位与2号位结盟"


def test_an_offer_declined_is_the_phases_one_offer_and_the_allied_are_not_offered() -> None:
    t = table(extra=allied(3, 4))
    take(t, "jiemeng")
    assert [c.targets for c in t.request.choices] == [(1,), (2,)]
    take(t, "", (1,))
    t.pass_()
    assert ally_of(t.state, 0) < 0 and "jiemeng" not in [c.option for c in t.request.choices]


def test_allies_pay_a_card_for_a_card_each() -> None:
    t = table(hands={0: ["dodge"]}, extra=allied(0, 1), pile=["peach"] * 4)
    t.pass_()  # no 毁盟
    take(t, "jiemeng")
    req = t.request
    assert req.kind == "discard" and req.min == req.max == 1
    t.choose(Choice(cards=(t.in_hand(0, "dodge"),)))
    draws = [(e.dst_seat, len(e.cards)) for e in t.of_type(ev.CardsMoved) if e.reason == "jiemeng" and e.src == "pile"]
    assert draws == [(0, 1), (1, 1)]
    assert "jiemeng" not in [c.option for c in t.request.choices]


# -- 毁盟 -------------------------------------------------------------------------------------------------


def test_breaking_draws_two_slashes_the_ally_and_costs_one_hp_if_it_lives() -> None:
    t = table(extra=allied(0, 2), hands={2: ["dodge"]}, pile=["peach"] * 6)
    req = t.request
    assert req.kind == "trigger" and req.prompt == "turn_start:huimeng" and req.choices[0].targets == (2,)
    accept(t, "huimeng")
    t.use("dodge")  # seat 2 answers the 杀
    assert ally_of(t.state, 0) < 0
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == "huimeng"] == [2]
    assert t.hp(0) == 3 and t.hp(2) == 4
    assert t.state.used.get("slash_any") == 1  # seed 000: a 杀 used in the turn counts (每回合只能使用一张)


def test_breaking_that_kills_the_ally_recovers_one() -> None:
    t = table(extra=allied(0, 2), hp={0: 2, 2: 1}, pile=["peach"] * 6)
    accept(t, "huimeng")
    t.until("play", 0)
    assert not t.state.chars[2].alive and t.hp(0) == 3


# -- the victory ---------------------------------------------------------------------------------------------


def test_the_last_survivor_holding_the_seal_wins_at_the_death() -> None:
    t = table(equip={0: [SEAL_REF]}, hands={0: ["slash"]}, hp={1: 1}, extra=dead(2, 3, 4))
    t.use("slash", 1)
    assert t.state.ended and t.state.winners == (0,) and t.state.end_reason == "jade_seal"


def test_a_lone_survivor_without_the_seal_wins_when_a_card_movement_brings_it() -> None:
    t = table(pile=["dodge", SEAL_REF], extra=dead(1, 2, 3, 4))
    assert t.state.ended and t.state.winners == (0,)
    before = t.events[t.events.index(t.of_type(ev.GameEnded)[0]) - 1]
    assert type(before) is ev.CardsMoved and SEAL_CARD in before.cards and before.dst == "hand"


def test_nobody_wins_a_game_nobody_survives_and_none_while_two_live() -> None:
    t = table(extra=dead(2, 3, 4))
    st = t.state
    rs = ruleset_of(MODE)
    assert rs.outcome(st) is None
    gone = fold([*t.events[: t.events.index(t.of_type(ev.TurnStarted)[0])], *dead(0, 1)])
    assert rs.outcome(gone) == ((), "no_survivor")


def test_a_lone_survivor_without_the_seal_is_offered_no_flood() -> None:
    """水淹 chains one or two *other* characters: alone at the table (the seal still
    elsewhere), it is not offered (it failed with IndexError: sgz sim --mode
    jade-seal --seed 8 --bots random -o pool=project -o max_turns=30)."""
    from sanguozhi.core.bots import bot_choice
    from sanguozhi.core.game import new_game

    lone = 0
    for seed in range(8, 14):
        game = new_game("jade-seal", 5, seed, {"pool": "project", "max_turns": 30})
        while not game.over:
            req = game.request
            if len(game.state.alive_seats()) == 1 and req.kind == "play":
                lone += 1
                assert all(c.option != "sgz_shuiyan" for c in req.choices)
            game.submit(bot_choice("random", game.state, req))
    assert lone  # the case was met
