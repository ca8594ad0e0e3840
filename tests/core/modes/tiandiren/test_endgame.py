"""Seed 002 终局: when the board turns over, and the seven cards' texts before and
after it (this mode only: identity in the same process keeps the standard ones)."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.cards.basic import Peach
from sanguozhi.core.cards.tricks import ArcheryAttack
from sanguozhi.core.deck import CARDS
from sanguozhi.core.modes.tiandiren.endgame import in_endgame
from sanguozhi.core.modes.tiandiren.events import EndgameStarted
from tests.scenario import Table

from .table import table

BOTH = pytest.mark.parametrize("endgame", [False, True], ids=["before", "endgame"])
DRAWN = ["peach", "peach"]  # what seat 0 draws in its first turn: nothing that answers anything


def five(endgame: bool, **kw) -> Table:
    """Five players, seat 4 (a rebel) dead; with ``endgame`` the pile has been reshuffled too."""
    return table(5, roles=("lord", "", "", "", "rebel"), revealed={4: "zhangfei"}, dead=(4,), reshuffled=endgame, **kw)


# -- when ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dead", "reshuffled", "endgame"),
    [
        (4, (), True, False),
        (4, (1,), False, False),  # the deal's shuffle does not count
        (4, (1,), True, True),  # 4-6 players: one dead and a reshuffle
        (6, (1,), True, True),
        (7, (1,), True, False),  # 7: two dead
        (7, (1, 2), True, True),
    ],
)
def test_the_board_turns_over_after_a_reshuffle_and_enough_deaths(players: int, dead: tuple, reshuffled: bool, endgame: bool) -> None:
    roles = ("lord", "rebel", "rebel") + ("",) * (players - 3)
    t = table(players, roles=roles, revealed={s: "zhangfei" for s in dead}, dead=dead, reshuffled=reshuffled)
    assert in_endgame(t.state) is endgame


def test_the_death_that_completes_the_condition_starts_the_endgame_once() -> None:
    roles = ("lord", "rebel", "", "", "rebel")
    t = table(5, roles=roles, revealed={1: "zhangfei", 4: "zhangfei"}, hp={1: 1, 4: 1}, hands={0: ["slash", "slash"]}, equip={0: ["crossbow"]}, reshuffled=True, pile=["peach", "peach"])
    t.use("slash", 1)
    t.until("play", 0)
    i = next(i for i, e in enumerate(t.events) if type(e) is ev.Died)
    assert type(t.events[i + 1]) is EndgameStarted and t.events[i + 1].deaths == 1
    t.use("slash", 4)  # a second death: the board has turned over already
    t.until("play", 0)
    assert len(t.of_type(ev.Died)) == 2 and len(t.of_type(EndgameStarted)) == 1


def test_the_reshuffle_that_completes_the_condition_starts_the_endgame() -> None:
    t = table(5, roles=("lord", "", "", "", "rebel"), revealed={4: "zhangfei"}, dead=(4,), hands={0: ["ex_nihilo"]})
    st = t.state
    assert not in_endgame(st)
    t.game.engine.emit(ev.CardsMoved(cards=tuple(st.pile[:-1]), src="pile", dst="discard", reason="test"))  # one card left
    t.use("ex_nihilo")
    t.until("play", 0)
    kinds = [type(e) for e in t.events]
    i = max(i for i, k in enumerate(kinds) if k is ev.PileShuffled)
    assert t.events[i].reshuffle and kinds[i + 1] is EndgameStarted
    assert in_endgame(st) and kinds.count(EndgameStarted) == 1


# -- 桃 -----------------------------------------------------------------------------------------


@BOTH
def test_a_peach_is_only_for_the_dying_in_the_endgame(endgame: bool) -> None:
    t = five(endgame, hands={0: ["peach", "slash"], 2: ["peach"]}, hp={0: 3, 1: 1})
    offered = [c for c in t.request.choices if c.cards == (t.in_hand(0, "peach"),)]
    assert bool(offered) is not endgame
    t.use("slash", 1)
    req = t.until("save", 0)  # in the endgame too, a dying character may be saved
    t.choose(next(c for c in req.choices if not c.is_pass))
    assert t.hp(1) == 1 and t.state.chars[1].alive


# -- 万箭齐发 南蛮入侵 ----------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize(("card", "answer"), [("archery_attack", "dodge"), ("savage_assault", "slash")])
def test_a_volley_reaches_only_the_attack_range_and_is_answered_by_a_discard(endgame: bool, card: str, answer: str) -> None:
    t = five(endgame, hands={0: [card], 1: [answer], 2: ["nullification"]}, equip={3: ["eight_diagram"]}, hp={3: 2}, pile=DRAWN)
    since = len(t.events)
    t.use(card)
    assert t.of_type(ev.CardUsed, since)[0].targets == (1, 3)  # seat 2 is out of reach; seat 4 is dead
    asked_to_nullify = 0
    while t.game.request is not None and t.request.kind != "play":
        req = t.request
        if req.kind == "nullify":
            asked_to_nullify += 1
            t.pass_()
        elif req.kind == "respond":
            assert req.seat == 1 and req.prompt == f"{card}:0"
            t.pick(t.in_hand(1, answer))
        else:
            t._pass_on(req)
    assert asked_to_nullify == (0 if endgame else 2)  # 终局: it cannot be cancelled
    moved = [e for e in t.of_type(ev.CardsMoved, since) if e.reason == card]
    assert [(e.src, e.dst, e.src_seat) for e in moved] == [("hand", "discard", 1)]  # discarded, not played
    assert not [e for e in t.of_type(ev.CardPlayed, since)]
    assert not [e for e in t.of_type(ev.CardsMoved, since) if e.reason.startswith("judge:")]  # 八卦阵 does not answer a discard
    assert [(e.dst, e.n) for e in t.of_type(ev.Damaged, since)] == [(3, 1)]


# -- 决斗 -------------------------------------------------------------------------------------


@BOTH
def test_a_duel_is_fought_with_discards_in_range_and_hurts_two_in_the_endgame(endgame: bool) -> None:
    t = five(endgame, hands={0: ["duel", "slash"], 1: ["slash", "thunder_slash"]}, pile=DRAWN)
    duel = t.in_hand(0, "duel")
    assert {c.targets for c in t.request.choices if c.cards == (duel,)} == {(1,), (3,)}  # in attack range
    since = len(t.events)
    t.use("duel", 1)
    for seat in (1, 0, 1):
        req = t.until("respond", seat)
        assert req.prompt == f"duel:{1 - seat}:0"  # the other one, and the user
        t.choose(req.choices[0])
    t.until("play", 0)
    assert [(e.src_seat, e.reason) for e in t.of_type(ev.CardsMoved, since) if e.reason == "duel"] == [(1, "duel"), (0, "duel"), (1, "duel")]
    assert [(e.src, e.dst, e.n) for e in t.of_type(ev.Damaged, since)] == [(1, 0, 2 if endgame else 1)]


# -- 闪电 -------------------------------------------------------------------------------------


@BOTH
def test_lightning_judges_from_its_user_until_a_dodge(endgame: bool) -> None:
    t = five(endgame, hands={0: ["lightning"]}, pile=["peach", "peach", "slash", "dodge", "slash"])
    since = len(t.events)
    t.use("lightning")
    t.until("play", 0)
    judged = [e.dst_seat for e in t.of_type(ev.CardsMoved, since) if e.reason == "judge:lightning"]
    assert judged == [0, 1]  # stops at the first 闪
    assert [(e.seat, e.n) for e in t.of_type(ev.HpLost, since)] == [(1, 3 if endgame else 1)]
    assert not t.state.chars[0].judge  # no longer a delayed trick


def test_lightning_may_strike_nobody() -> None:
    t = five(False, hands={0: ["lightning"]}, pile=["peach", "peach"] + ["slash"] * 4)
    since = len(t.events)
    t.use("lightning")
    t.until("play", 0)
    assert [e.dst_seat for e in t.of_type(ev.CardsMoved, since) if e.reason == "judge:lightning"] == [0, 1, 2, 3]
    assert not t.of_type(ev.HpLost, since)


# -- 桃园结义 ---------------------------------------------------------------------------------


@BOTH
def test_peach_garden_draws_instead_of_healing_in_the_endgame(endgame: bool) -> None:
    t = five(endgame, hands={0: ["god_salvation"]}, hp={0: 3, 1: 3, 2: 4, 3: 2}, pile=DRAWN)
    hands = [len(t.state.chars[s].hand) for s in range(4)]
    t.use("god_salvation")
    drawn = [len(t.state.chars[s].hand) - hands[s] for s in range(4)]
    if endgame:
        assert drawn == [1, 1, 1, 1] and [t.hp(s) for s in range(4)] == [3, 3, 4, 2]  # 2 for the user, less the card used
    else:
        assert drawn == [-1, 0, 0, 0] and [t.hp(s) for s in range(4)] == [4, 4, 4, 3]


# -- 连弩 -------------------------------------------------------------------------------------


@BOTH
def test_the_crossbow_gives_one_more_slash_and_any_number_in_the_endgame(endgame: bool) -> None:
    t = five(endgame, hands={0: ["slash"] * 4}, equip={0: ["crossbow"]}, hp={1: 8}, max_hp={1: 8}, pile=DRAWN)
    used = 0
    while any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices):
        t.use("slash", 1)
        t.until("play", 0)
        used += 1
    assert used == (4 if endgame else 2)


# -- identity keeps the standard texts --------------------------------------------------------


def test_identity_in_the_same_process_keeps_the_standard_texts() -> None:
    five(True)  # the mode's content is built
    dead = [ev.Died(seat=4, role="renegade")]
    hands = {0: ["archery_attack", "peach", "lightning", "duel", "slash", "slash", "slash"]}
    t = Table(5, hands=hands, equip={0: ["crossbow"]}, hp={0: 3, 1: 8}, max_hp={1: 8}, reshuffled=True, extra=dead, pile=DRAWN)
    rules = t.game.engine.rules
    assert type(rules["archery_attack"]) is ArcheryAttack and type(rules["peach"]) is Peach
    choices = t.request.choices
    assert any(c.cards == (t.in_hand(0, "peach"),) for c in choices)  # usable: no endgame here
    assert {c.targets for c in choices if c.cards == (t.in_hand(0, "duel"),)} == {(1,), (2,), (3,)}  # any distance
    t.use("archery_attack")
    assert t.of_type(ev.CardUsed)[-1].targets == (1, 2, 3)  # everyone, not only in range
    t.until("play", 0)
    t.use("lightning")
    assert [ev_.dst for ev_ in t.of_type(ev.CardsMoved)[-1:]] == ["judge"]  # a delayed trick
    for _ in range(3):
        t.use("slash", 1)
        t.until("play", 0)
    assert len([e for e in t.of_type(ev.CardUsed) if e.name == "slash"]) == 3  # 诸葛连弩: any number
