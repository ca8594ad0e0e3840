"""Legislate skills (立法技) and party skills (结党技) with impeachment (弹劾)."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.events import Enacted, Impeached, Joined, Left
from sanguozhi.core.mechanics.legislate import in_force, members
from sanguozhi.core.mechanics.party import impeached, party_of
from sanguozhi.core.mechanics.project.skills import JINSHA, QUANNONG, YUEFA
from sanguozhi.core.requests import Choice
from tests.core.skills.util import accept, take, triggered, until_kind

from .table import table

ROLES = ("lord", "rebel", "loyalist", "renegade")


def system(rule: str, *member_seats: int, legislator: int = 0) -> list[ev.Event]:
    return [*(Joined(seat=c, group=YUEFA, leader=legislator) for c in member_seats), Enacted(seat=legislator, group=YUEFA, rule=rule)]


# -- 立法技: 约法 ------------------------------------------------------------------------------------


def test_a_system_takes_members_one_by_one_then_one_rule() -> None:
    t = table(4, generals={0: "sgz_tingwei"})
    take(t, YUEFA)
    req = t.request
    assert req.prompt == f"{YUEFA}:member" and all(c.targets for c in req.choices)  # at least one member
    take(t, "", (1,))
    assert any(c.option == "done" for c in t.request.choices)
    take(t, "", (3,))
    take(t, "done")
    req = t.request
    assert req.prompt == f"{YUEFA}:rule" and [c.option for c in req.choices] == [JINSHA, QUANNONG]
    take(t, JINSHA)
    assert members(t.state, YUEFA) == [1, 3] and in_force(t.state, YUEFA) == JINSHA


def test_a_member_who_breaks_the_decree_may_be_punished() -> None:
    t = table(4, generals={0: "sgz_tingwei"}, hands={1: ["slash", "dodge"]}, extra=system(JINSHA, 1, 2), first=1)
    t.use("slash", 2)
    req = t.request
    assert req.kind == "trigger" and req.seat == 0 and req.prompt == f"card_using:{YUEFA}" and req.choices[0].targets == (1,)
    accept(t, YUEFA)
    take(t, "hand")
    assert len(t.state.chars[1].hand) == 4 - 2  # two dealt, two drawn: the 杀 used, one card discarded
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == YUEFA] == [1]
    (e,) = triggered(t, YUEFA)
    assert (e.seat, e.targets, e.w) == (0, (1,), "card_using")


def test_a_non_member_and_the_policy_break_nothing() -> None:
    t = table(4, generals={0: "sgz_tingwei"}, hands={3: ["slash", "dodge"]}, extra=system(JINSHA, 1), first=3)
    t.use("slash", 2)
    assert not triggered(t, YUEFA)


def test_the_policy_gives_its_members_one_more_card() -> None:
    t = table(4, generals={0: "sgz_tingwei"}, extra=system(QUANNONG, 1), first=1, pile=["dodge"] * 3)
    assert t.hand(1) == ["dodge"] * 3
    (e,) = triggered(t, QUANNONG)
    assert (e.seat, e.w) == (1, "draw_count")


def test_a_new_system_replaces_the_old_and_a_dead_legislators_system_is_gone() -> None:
    t = table(4, generals={0: "sgz_tingwei"}, extra=system(QUANNONG, 1, 2))
    take(t, YUEFA)
    assert [e.seat for e in t.of_type(Left)] == [1, 2]
    take(t, "", (3,))
    take(t, "done")
    take(t, JINSHA)
    assert members(t.state, YUEFA) == [3]
    st = table(4, roles=ROLES, generals={3: "sgz_tingwei"}, extra=[*system(QUANNONG, 1, legislator=3), ev.Died(seat=3, role="renegade")]).state
    assert in_force(st, YUEFA) == ""


# -- 结党技: 结党, 弹劾 --------------------------------------------------------------------------------


def test_a_character_chooses_whether_to_join_and_the_founder_is_always_in() -> None:
    t = table(4, generals={0: "sgz_dangkui"})
    assert party_of(t.state, 0) == 0 and party_of(t.state, 1) == -1
    take(t, "sgz_jiedang")
    take(t, "", (2,))
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("join", 2, "join:0")
    take(t, "join")
    assert party_of(t.state, 2) == 0
    assert all(c.option != "sgz_jiedang" for c in t.request.choices)  # once per play phase


def test_declining_leaves_it_out_and_a_party_is_gone_with_its_founder() -> None:
    t = table(4, generals={0: "sgz_dangkui"})
    take(t, "sgz_jiedang")
    take(t, "", (1,))
    t.pass_()
    assert party_of(t.state, 1) == -1 and not t.of_type(Joined)
    st = table(4, roles=ROLES, generals={3: "sgz_dangkui"}, extra=[Joined(seat=1, group="party", leader=3), ev.Died(seat=3, role="renegade")]).state
    assert party_of(st, 1) == -1


def party_table(target_hand: list[str], **kwargs) -> object:
    """Seat 0 founded a party that seat 2 joined; it is seat 2's turn."""
    return table(4, generals={0: "sgz_dangkui"}, hands={1: target_hand, 2: ["dodge"]}, extra=[Joined(seat=2, group="party", leader=0)], first=2, **kwargs)


def test_a_successful_impeachment_discards_the_named_cards_and_costs_cards_this_round() -> None:
    t = party_table(["slash", "slash", "peach"], pile=["dodge"] * 20)
    take(t, "tanhe")
    assert [c.targets for c in t.request.choices] == [(3,), (1,)]  # not the founder, its fellow
    take(t, "", (1,))
    req = t.request
    assert req.kind == "declare" and "slash" in [c.option for c in req.choices]
    take(t, "slash")
    (shown,) = t.of_type(ev.CardsShown)
    assert shown.seat == 1 and len(shown.cards) == 3
    (imp,) = t.of_type(Impeached)
    assert (imp.seat, imp.target, imp.name, imp.success) == (2, 1, "slash", True)
    assert t.hand(1) == ["peach"] and impeached(t.state, 1)
    assert not any(c.option == "tanhe" for c in t.request.choices)


def penalty_table(shooter_in_party: bool) -> object:
    """Seat 1 was impeached this round (round 1); seat 0 slashes it; the founder sits at 2."""
    extra = [ev.SkillStateChanged(seat=1, skill="tanhe", key="round", value=1 + 1)]
    if shooter_in_party:
        extra.append(Joined(seat=0, group="party", leader=2))
    return table(4, generals={2: "sgz_dangkui"}, hands={0: ["slash"], 1: ["peach", "dodge"]}, extra=extra, pile=["dodge"] * 10)


def test_the_impeached_discard_a_card_when_hurt_by_one_in_no_party() -> None:
    t = penalty_table(False)
    assert t.state.round == 1 and impeached(t.state, 1)
    t.use("slash", 1)
    t.pass_()  # no 闪 played
    req = t.request
    assert (req.kind, req.seat, req.prompt, req.min) == ("discard", 1, "impeachment:0", 1)
    t.choose(Choice(cards=(t.in_hand(1, "peach"),)))
    assert t.hand(1) == ["dodge"] and t.hp(1) == 3
    (e,) = triggered(t, "tanhe")
    assert (e.seat, e.w) == (1, "damage_inflicted")


def test_the_penalty_spares_damage_from_a_party_member_and_ends_with_the_round() -> None:
    t = penalty_table(True)
    t.use("slash", 1)
    t.pass_()
    assert t.hp(1) == 3 and t.hand(1) == ["peach", "dodge"] and not triggered(t, "tanhe")
    t.end()
    until_kind(t, "play", 0)
    assert t.state.round == 2 and not impeached(t.state, 1)


def test_a_failed_impeachment_may_be_answered_once() -> None:
    t = party_table(["peach"], pile=["dodge"] * 20)
    take(t, "tanhe")
    take(t, "", (1,))
    take(t, "slash")
    (first,) = t.of_type(Impeached)
    assert not first.success
    req = t.request
    assert (req.kind, req.seat, req.prompt, req.choices[0].targets) == ("trigger", 1, "skill_used:tanhe", (2,))
    take(t, "tanhe")
    take(t, "dodge")  # seat 2 holds its dodge and its draws (dodges)
    second = t.of_type(Impeached)[1]
    assert (second.seat, second.target, second.success) == (1, 2, True)
    assert impeached(t.state, 2)
    t3 = party_table(["peach"], pile=["dodge"] * 20)
    take(t3, "tanhe")
    take(t3, "", (1,))
    take(t3, "slash")
    take(t3, "tanhe")
    take(t3, "peach")  # the answer fails too: no answer to the answer
    assert [e.success for e in t3.of_type(Impeached)] == [False, False]
    assert t3.request.kind == "play" and t3.request.seat == 2
