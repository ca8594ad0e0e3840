"""Seed 001 暗将规则: "當暗置的武將牌發動技能時，將武將牌明置，然後發動相應的技能" — for the skills
that change a standing limit too (马术 咆哮 奇才 短兵 完杀 红颜): a concealed general is offered
their use, and taking it reveals the general first.  Modifiers are offered in the play request
(only the deciding seat sees it); 完杀 and 红颜 at their moments (a dying in one's turn, a spade
judgement), asked in secret like every concealed skill."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import view
from sanguozhi.replay.prompts import Asked

from .table import HgTable, hcard

QUIET = ["dodge"] * 8


def to_play(t: HgTable, seat: int = 0):
    while not (t.request.kind == "play" and t.request.seat == seat):
        t.pass_()
    return t.request


def revealing(req, skill: str) -> list[Choice]:
    return [c for c in req.choices if c.option.startswith(f"reveal:{skill}")]


def test_a_concealed_zhangfei_is_offered_a_second_slash_and_taking_it_reveals_him() -> None:
    t = HgTable(4, generals={0: ("hg_zhangfei", "blank_shu4m")}, hands={0: ["slash", "slash"]}, pile=QUIET)
    to_play(t)
    t.use("slash", 1)
    req = to_play(t)
    second = t.in_hand(0, "slash")
    assert Choice(cards=(second,), targets=(1,)) not in req.choices  # no plain second 杀
    offer = [c for c in revealing(req, "paoxiao") if c.targets == (1,)]
    assert offer == [Choice(cards=(second,), targets=(1,), option="reveal:paoxiao")]
    assert "明置武将并发动【咆哮】" in Asked(req, t.state, "zh").choice(offer[0])
    assert view(t.state, 1)["characters"][0]["generals"] == [None, None]  # nothing shown yet
    since = len(t.events)
    t.choose(offer[0])
    kinds = [type(e) for e in t.events[since:]]
    assert kinds.index(ev.GeneralRevealed) < kinds.index(ev.CardUsed)
    assert t.state.chars[0].slots[0].vis is None and "paoxiao" in t.state.chars[0].skills
    assert [e.seat for e in t.of_type(ev.CardUsed) if e.name == "slash"] == [0, 0]


def test_a_concealed_machao_is_offered_a_target_only_horsemanship_reaches() -> None:
    t = HgTable(5, generals={0: ("hg_machao", "blank_shu4m")}, hands={0: ["slash"]}, pile=QUIET)
    req = to_play(t)
    assert not [c for c in req.choices if c.targets == (2,) and not c.option]  # distance 2: out of range
    (offer,) = [c for c in revealing(req, "mashu") if c.targets == (2,)]
    t.choose(offer)
    assert "mashu" in t.state.chars[0].skills and t.of_type(ev.CardUsed)[-1].targets == (2,)


def test_a_concealed_huangyueying_is_offered_a_trick_at_any_distance() -> None:
    t = HgTable(5, generals={0: ("hg_huangyueying", "blank_shu3f")}, hands={0: ["snatch"], 2: ["dodge"], 3: ["dodge"]}, pile=QUIET)
    req = to_play(t)
    assert [c.targets for c in revealing(req, "qicai")] == [(2,), (3,)]  # the two beyond distance 1
    t.choose(revealing(req, "qicai")[0])
    assert "qicai" in t.state.chars[0].skills and t.of_type(ev.CardUsed)[-1].targets == (2,)


def test_a_concealed_dingfeng_is_offered_one_more_target_at_distance_1() -> None:
    t = HgTable(4, generals={0: ("hg_dingfeng", "blank_wu4m")}, hands={0: ["slash"]}, pile=QUIET)
    req = to_play(t)
    assert (1, 3) in [c.targets for c in revealing(req, "hg_duanbing")]
    assert not [c for c in req.choices if len(c.targets) == 2 and not c.option.startswith("reveal:")]
    t.choose(next(c for c in revealing(req, "hg_duanbing") if c.targets == (1, 3)))
    assert t.of_type(ev.CardUsed)[-1].targets == (1, 3) and t.state.chars[0].slots[0].vis is None


def jiaxu_kills(take: bool) -> HgTable:
    """A concealed 贾诩 (seat 0) puts seat 1 at death's door; seats 2 and 3 hold 桃."""
    t = HgTable(4, generals={0: ("hg_jiaxu", "blank_qun3m")}, hands={0: ["slash"], 2: ["peach"], 3: ["peach"]}, hp={1: 1}, pile=QUIET)
    to_play(t)
    t.use("slash", 1)
    while t.request.prompt != "dying:concealed":
        t.pass_()
    req = t.request
    assert (req.seat, req.vis, [c.option for c in req.choices]) == (0, (0,), ["hg_wansha", "pass"])
    t.option("hg_wansha") if take else t.pass_()
    return t


def test_a_concealed_jiaxu_may_reveal_wansha_when_another_is_dying_in_his_turn() -> None:
    t = jiaxu_kills(True)
    assert t.state.chars[0].slots[0].vis is None and [e.source for e in t.of_type(ev.Triggered)][-1] == "hg_wansha"
    assert not t.state.chars[1].alive  # nobody else could use a 桃
    assert not [e for e in t.of_type(ev.Decided) if e.kind == "save" and e.seat in (2, 3)]
    passed = jiaxu_kills(False)
    while passed.request.kind != "save":
        passed.pass_()
    assert passed.request.seat in (2, 3)  # concealed, 完杀 keeps nobody away


def test_a_concealed_xiaoqiao_may_reveal_hongyan_to_make_a_spade_judgement_a_heart() -> None:
    def judged(take: bool) -> HgTable:
        t = HgTable(4, generals={0: ("hg_xiaoqiao", "blank_wu3f")}, judge={0: ["indulgence"]}, pile=[hcard("slash", "s"), *QUIET])
        while t.request.prompt != "judge_result:concealed" or t.request.seat != 0:
            t.pass_()
        assert "hg_hongyan" in [c.option for c in t.request.choices]
        t.option("hg_hongyan") if take else t.pass_()
        t.until("play", 1)
        return t

    def skipped(t: HgTable) -> list[tuple[int, str]]:
        return [(e.seat, e.phase) for e in t.of_type(ev.PhaseSkipped)]

    shown = judged(True)
    assert skipped(shown) == [] and shown.state.chars[0].slots[0].vis is None  # a heart: 乐不思蜀 fails
    assert skipped(judged(False)) == [(0, "play")]  # a spade: the play phase is skipped


def test_under_sgz_rules_1_nothing_of_a_concealed_general_counts() -> None:
    t = HgTable(4, generals={0: ("hg_zhangfei", "blank_shu4m")}, hands={0: ["slash", "slash"]}, pile=QUIET)
    t.restart(rules="sgz-rules/1")
    to_play(t)
    t.use("slash", 1)
    assert not revealing(to_play(t), "paoxiao")
