"""无懈可击: every seat asked in turn order, chains to any depth, one target at a time."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from tests.scenario import Table

QUIET = ["#131", "#132"]


def test_nullification_is_never_played_on_its_own() -> None:
    t = Table(4, hands={0: ["nullification"]}, pile=QUIET)
    assert not any(c.cards and CARDS[c.cards[0]].name == "nullification" for c in t.request.choices)


def test_nullification_cancels_a_single_target_trick() -> None:
    t = Table(4, hands={0: ["dismantlement"], 2: ["dodge", "nullification"]}, pile=QUIET)
    t.use("dismantlement", 2)
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("nullify", 2, "dismantlement:0:2:0")
    t.use("nullification")
    assert t.hand(2) == ["dodge"] and t.request.kind == "play"
    used = t.of_type(ev.CardUsed)
    assert [u.name for u in used] == ["dismantlement", "nullification"]


def test_nullification_asks_every_living_seat_in_turn_order_from_the_current_player() -> None:
    t = Table(5, first=2, hands={2: ["snatch", "nullification"], 3: ["dodge"], 4: ["nullification"], 0: ["nullification"], 1: ["nullification"]}, pile=QUIET)
    t.use("snatch", 3)
    asked = []
    while t.request.kind == "nullify":
        asked.append(t.request.seat)
        t.pass_()
    assert asked == [2, 4, 0, 1]  # seat 3 holds none and is not asked
    t.option("hand")
    assert t.hand(3) == []


def test_nullification_chain_of_three_cancels_the_trick() -> None:
    # 0 dismantles 1; 1 nullifies; 2 nullifies that; 3 nullifies the second one.
    t = Table(4, hands={0: ["dismantlement"], 1: ["dodge", "nullification"], 2: ["nullification"], 3: ["nullification"]}, pile=QUIET)
    t.use("dismantlement", 1)
    prompts = []
    for seat in (1, 2, 3):
        while t.request.seat != seat:
            assert t.request.kind == "nullify"
            t.pass_()
        prompts.append(t.request.prompt)
        t.use("nullification")
    assert prompts == ["dismantlement:0:1:0", "dismantlement:0:1:1", "dismantlement:0:1:2"]
    # Nobody is left to answer the third: it stands, the second falls, the first stands.
    assert t.request.kind == "play"
    assert t.hand(1) == ["dodge"]
    assert [u.name for u in t.of_type(ev.CardUsed)] == ["dismantlement"] + ["nullification"] * 3


def test_nullification_of_a_nullification_lets_the_trick_through() -> None:
    t = Table(4, hands={0: ["dismantlement", "nullification"], 1: ["dodge", "nullification"]}, pile=QUIET)
    t.use("dismantlement", 1)
    assert t.request.seat == 0
    t.pass_()
    t.use("nullification")  # seat 1
    assert (t.request.seat, t.request.prompt) == (0, "dismantlement:0:1:1")
    t.use("nullification")
    assert t.request.kind == "pick_card"
    t.option("hand")
    assert t.hand(1) == []


def test_nullification_against_an_area_trick_cancels_it_for_one_target_only() -> None:
    t = Table(4, hands={0: ["archery_attack"], 1: [], 2: ["nullification"], 3: []}, pile=QUIET)
    t.use("archery_attack")
    assert t.request.prompt == "archery_attack:0:1:0"
    t.pass_()  # seat 2 lets seat 1 be hit
    assert t.request.prompt == "archery_attack:0:2:0"
    t.use("nullification")  # and saves itself
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1, 3]


def test_nullification_against_a_delayed_trick_in_the_judge_phase() -> None:
    t = Table(4, first=1, hands={1: ["nullification"]}, judge={1: ["indulgence"]}, pile=["#0"] + QUIET)
    # Seat 1's judge phase: it nullifies its 乐不思蜀; no judgement, the card is discarded.
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("nullify", 1, "indulgence:-1:1:0")
    t.use("nullification")
    assert t.request.kind == "play" and t.request.seat == 1
    assert t.state.chars[1].judge == [] and not [e for e in t.of_type(ev.CardsMoved) if e.reason.startswith("judge")]
