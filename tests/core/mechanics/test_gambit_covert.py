"""博弈 (gambit: secret simultaneous choices) and 隐匿技 (covert skills)."""
from __future__ import annotations

import itertools

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.covert import covert_choice
from sanguozhi.core.mechanics.events import CovertChosen, GambitShown
from sanguozhi.core.mechanics.gambit import winner
from sanguozhi.core.mechanics.project.skills import SHEZHAN_BEATS
from sanguozhi.core.view import view
from sanguozhi.replay.narrate import Narrator
from tests.core.skills.util import take, triggered

from .table import MODE, table


@pytest.mark.parametrize("chose, answer", list(itertools.product(SHEZHAN_BEATS, repeat=2)))
def test_the_one_gambled_against_wins_only_by_countering(chose: str, answer: str) -> None:
    counters = SHEZHAN_BEATS[answer] == chose  # 攻克谋，谋克守，守克攻
    assert winner(0, 1, chose, answer, SHEZHAN_BEATS) == (1 if counters else 0)
    if chose == answer:
        assert winner(0, 1, chose, answer, SHEZHAN_BEATS) == 0  # a tie is the starter's


def gamble(chose: str, answer: str):
    t = table(4, generals={0: "sgz_shuike"}, hands={1: ["peach"]}, pile=["dodge"] * 6)
    take(t, "sgz_shezhan")
    take(t, "", (1,))
    req = t.request
    assert (req.kind, req.seat, req.vis) == ("gambit", 0, (0,))
    take(t, chose)
    req = t.request
    assert (req.kind, req.seat, req.vis) == ("gambit", 1, (1,))
    take(t, answer)
    return t


def test_both_choices_are_secret_until_shown_together() -> None:
    t = gamble("gong", "shou")  # 守克攻: the one gambled against wins
    first, second = [e for e in t.events if isinstance(e, ev.Decided) and e.kind == "gambit"]
    assert (first.seat, first.vis, first.option) == (0, (0,), "gong")
    assert (second.seat, second.vis, second.option) == (1, (1,), "shou")
    (shown,) = t.of_type(GambitShown)
    assert (shown.chose, shown.answer, shown.winner) == ("gong", "shou", 1)
    assert t.events.index(shown) > t.events.index(second)
    for seat in (2, 3):  # nobody else is told a choice before they are shown
        assert Narrator("en", seat, MODE).line(first) is None and Narrator("en", seat, MODE).line(second) is None
    line = Narrator("zh", 2, MODE).line(shown)
    assert "攻" in line and "守" in line and "1号位胜" in line
    assert t.hand(1).count("dodge") == 2  # the winner, gambled against, draws two


def test_the_starter_who_wins_takes_a_card() -> None:
    t = gamble("mou", "shou")  # 谋克守: no counter, the starter wins
    assert t.of_type(GambitShown)[0].winner == 0
    take(t, "hand")
    assert "peach" in t.hand(0) and not t.state.chars[1].hand


# -- 隐匿技: 密探 -------------------------------------------------------------------------------------


def spy(pick: int):
    t = table(4, generals={1: "sgz_yicheng"}, hands={0: ["slash"]}, pile=["dodge"] * 8)
    req = t.request  # seat 0's turn starts: the spy is asked, in secret
    assert (req.kind, req.seat, req.vis, req.prompt) == ("covert", 1, (1,), "sgz_mitan:covert")
    take(t, "", (pick,))
    return t


def test_a_covert_choice_is_seen_by_its_owner_alone() -> None:
    t = spy(2)
    (chosen,) = t.of_type(CovertChosen)
    assert (chosen.seat, chosen.targets, chosen.value, chosen.vis) == (1, (2,), 4, (1,))
    assert covert_choice(t.state, 1, "sgz_mitan") == (2, 4)
    assert not triggered(t, "sgz_mitan")  # nothing announced
    decided = next(e for e in t.events if isinstance(e, ev.Decided) and e.kind == "covert")
    assert decided.vis == (1,)
    for seat in (0, 2, 3):
        assert Narrator("en", seat, MODE).line(chosen) is None and Narrator("zh", seat, MODE).line(chosen) is None
        assert "sgz_mitan" not in str(view(t.state, seat))
    assert Narrator("en", 1, MODE).line(chosen) == "seat 1 secretly uses Spy on seat 2"


def test_the_spy_shows_itself_and_draws_two_when_its_pick_lost_hp() -> None:
    t = spy(1)  # the spy picks itself, at distance 1 from seat 0
    t.use("slash", 1)
    t.end()
    (shown,) = triggered(t, "sgz_mitan")
    assert (shown.seat, shown.targets, shown.w) == (1, (1,), "turn_end")
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == "sgz_mitan"] == [2]


def test_a_missed_guess_is_never_shown() -> None:
    t = spy(2)
    t.use("slash", 1)
    t.end()
    assert not triggered(t, "sgz_mitan") and not [e for e in t.of_type(ev.CardsMoved) if e.reason == "sgz_mitan"]
    assert t.state.current == 1 and covert_choice(t.state, 1, "sgz_mitan") is None  # forgotten with the turn


def test_another_seat_sees_the_same_whether_the_covert_skill_was_used_or_not() -> None:
    """隐匿技: "其他角色無法知道你是否發動了此技能" — a seat other than the spy sees the same view,
    the same event count and the same ``seq`` after a use as after a pass, to the turn's end
    (a missed guess never shows itself)."""
    used = table(4, generals={1: "sgz_yicheng"}, hands={0: ["slash"]}, pile=["dodge"] * 8)
    passed = table(4, generals={1: "sgz_yicheng"}, hands={0: ["slash"]}, pile=["dodge"] * 8)
    take(used, "", (2,))
    passed.pass_()
    assert [type(e) for e in used.events] == [type(e) for e in passed.events]

    def seen(t, seat: int):
        n = Narrator("en", seat, MODE)
        return len(t.events), t.state.seq, view(t.state, seat), [n.line(e) for e in t.events]

    for step in range(3):
        for seat in (0, 2, 3):
            assert seen(used, seat) == seen(passed, seat), (step, seat)
        assert seen(used, 1) != seen(passed, 1)  # the spy itself knows
        if step < 2:
            for t in (used, passed):
                t.end() if step == 0 else t.until("play", 1)


def test_under_the_old_rules_a_pass_left_one_event_fewer() -> None:
    counts = []
    for answer in ("use", "pass"):
        t = table(4, generals={1: "sgz_yicheng"}, hands={0: ["slash"]}, pile=["dodge"] * 8)
        t.restart(rules="sgz-rules/1")
        take(t, "", (2,)) if answer == "use" else t.pass_()
        counts.append(len(t.events))
    assert counts[0] == counts[1] + 1  # what another seat could count (sgz-rules/1 records replay so)
