"""The delayed tricks: 乐不思蜀, 兵粮寸断, 闪电, and the judge zone."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import IllegalDecision
from tests.scenario import Table

QUIET = ["#131", "#132"]
SPADE_7, SPADE_10, HEART_3, CLUB_2, DIAMOND_6 = "#0", "#5", "#45", "#7", "#24"


def delayed_targets(t: Table, name: str) -> set[tuple[int, ...]]:
    return {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == name}


def test_indulgence_goes_into_the_targets_judge_zone() -> None:
    t = Table(4, hands={0: ["indulgence"]}, pile=QUIET)
    assert delayed_targets(t, "indulgence") == {(1,), (2,), (3,)}
    t.use("indulgence", 2)
    card = t.state.chars[2].judge[0]
    assert CARDS[card].name == "indulgence" and not t.state.processing


def test_a_judge_zone_never_holds_two_cards_of_one_name_seed_000() -> None:
    t = Table(4, hands={0: ["indulgence", "supply_shortage"]}, judge={1: ["indulgence"], 3: ["supply_shortage"]}, pile=QUIET)
    assert delayed_targets(t, "indulgence") == {(2,), (3,)}
    assert delayed_targets(t, "supply_shortage") == {(1,)}
    with pytest.raises(IllegalDecision):
        t.use("indulgence", 1)


def test_indulgence_not_heart_skips_the_play_phase() -> None:
    t = Table(4, first=1, judge={1: ["indulgence"]}, pile=[SPADE_7] + QUIET)
    skipped = t.of_type(ev.PhaseSkipped)
    assert [(e.seat, e.phase) for e in skipped] == [(1, "play")]
    assert t.state.chars[1].judge == [] and t.state.discard[-1] in (0, *[c.number for c in CARDS if c.name == "indulgence"])


def test_indulgence_heart_lets_the_play_phase_happen() -> None:
    t = Table(4, first=1, judge={1: ["indulgence"]}, pile=[HEART_3] + QUIET)
    assert not t.of_type(ev.PhaseSkipped)
    assert (t.request.kind, t.request.seat) == ("play", 1)
    assert t.state.chars[1].judge == []


def test_supply_shortage_only_at_distance_one() -> None:
    t = Table(5, hands={0: ["supply_shortage"]}, pile=QUIET)
    assert delayed_targets(t, "supply_shortage") == {(1,), (4,)}


def test_supply_shortage_not_club_skips_the_draw_phase() -> None:
    t = Table(4, first=1, judge={1: ["supply_shortage"]}, pile=[DIAMOND_6] + QUIET)
    assert [(e.seat, e.phase) for e in t.of_type(ev.PhaseSkipped)] == [(1, "draw")]
    assert not [e for e in t.of_type(ev.CardsMoved) if e.reason == "draw"]


def test_supply_shortage_club_lets_the_draw_happen() -> None:
    t = Table(4, first=1, judge={1: ["supply_shortage"]}, pile=[CLUB_2] + QUIET)
    assert not t.of_type(ev.PhaseSkipped)
    assert [e for e in t.of_type(ev.CardsMoved) if e.reason == "draw"][0].dst_seat == 1


def test_judge_zone_resolves_the_last_placed_first() -> None:
    t = Table(4, first=1, judge={1: ["supply_shortage", "indulgence"]}, pile=[HEART_3, CLUB_2] + QUIET)
    judged = [e.reason for e in t.of_type(ev.CardsMoved) if e.reason.startswith("judge:")]
    assert judged == ["judge:indulgence", "judge:supply_shortage"]
    assert not t.of_type(ev.PhaseSkipped)  # ♥ for 乐, ♣ for 兵粮


def test_lightning_is_placed_in_ones_own_judge_zone_only() -> None:
    t = Table(4, hands={0: ["lightning"]}, pile=QUIET)
    assert delayed_targets(t, "lightning") == {(0,)}
    t.use("lightning", 0)
    assert [CARDS[c].name for c in t.state.chars[0].judge] == ["lightning"]


def test_lightning_on_spade_two_to_nine_deals_three_thunder_damage_without_source() -> None:
    t = Table(4, first=1, judge={1: ["lightning"]}, hp={1: 4}, max_hp={1: 5}, pile=[SPADE_7] + QUIET)
    dmg = t.of_type(ev.Damaged)
    assert [(d.src, d.dst, d.n, d.nature, d.card) for d in dmg] == [(-1, 1, 3, "thunder", "lightning")]
    assert t.state.chars[1].judge == [] and 84 in t.state.discard


def test_lightning_death_has_no_killer() -> None:
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), first=1, judge={1: ["lightning"]}, hp={1: 2}, pile=[SPADE_7] + QUIET)
    died = t.of_type(ev.Died)
    assert [(d.seat, d.killer, d.cause) for d in died] == [(1, -1, "lightning")]
    assert 84 in t.state.discard


def test_lightning_that_misses_moves_to_the_next_seat() -> None:
    t = Table(4, first=1, judge={1: ["lightning"]}, pile=[SPADE_10] + QUIET)
    assert not t.of_type(ev.Damaged)
    assert t.state.chars[1].judge == [] and [CARDS[c].name for c in t.state.chars[2].judge] == ["lightning"]


def test_lightning_passes_a_seat_that_already_has_a_lightning() -> None:
    t = Table(4, first=1, judge={1: ["lightning"], 2: ["lightning"]}, pile=[SPADE_10] + QUIET)
    first, second = t.state.chars[3].judge, t.state.chars[2].judge
    assert [CARDS[c].name for c in first] == ["lightning"] and len(second) == 1
    move = [e for e in t.of_type(ev.CardsMoved) if e.dst == "judge" and e.reason == "lightning"][0]
    assert (move.src, move.dst_seat) == ("processing", 3)


def test_lightning_nullified_moves_on_without_a_judgement() -> None:
    t = Table(4, first=1, hands={1: ["nullification"]}, judge={1: ["lightning"]}, pile=QUIET)
    t.use("nullification")
    assert [CARDS[c].name for c in t.state.chars[2].judge] == ["lightning"]
    assert not [e for e in t.of_type(ev.CardsMoved) if e.reason.startswith("judge:")]


def test_lightning_that_nobody_else_can_hold_comes_back_and_waits() -> None:
    # Every other judge zone holds a 闪电 (two printed, two converted ones).
    judge = {1: ["#84"], 2: ["#85"], 3: ["slash>lightning"], 0: ["dodge>lightning"]}
    t = Table(4, first=1, judge=judge, pile=[SPADE_10] + QUIET)
    assert t.state.chars[1].judge == [84]
    assert t.state.chars[3].judge_names == {t.state.chars[3].judge[0]: "lightning"}
    assert (t.request.kind, t.request.seat) == ("play", 1)  # judged once, then it waits
    assert len([e for e in t.of_type(ev.CardsMoved) if e.reason == "judge:lightning"]) == 1


def test_a_converted_lightning_keeps_its_name_when_it_moves_on() -> None:
    t = Table(4, first=1, judge={1: ["slash>lightning"]}, pile=[SPADE_10] + QUIET)
    card = t.state.chars[2].judge[0]
    assert CARDS[card].name == "slash" and t.state.chars[2].judge_names == {card: "lightning"}
