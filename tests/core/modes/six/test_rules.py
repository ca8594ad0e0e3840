"""hegemony-six (seed 000's 国战, rules 1-9): one scenario a rule."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import NAMES
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ModeError, ruleset_of
from sanguozhi.core.modes.six import events as sev
from sanguozhi.core.modes.six.plots import PLOT_CARDS
from sanguozhi.core.view import view
from tests.core.skills.util import take

from .table import SixTable

MODE = "hegemony-six"


def choose_all(game, pick=lambda req: req.choices[0]) -> None:
    while game.request.kind == "generals":
        game.submit(pick(game.request))


# -- 1-3: forces, players, set-up ---------------------------------------------------------------


@pytest.mark.parametrize("players, dealt", [(4, 6), (10, 6), (11, 6), (12, 5)])
def test_six_generals_are_dealt_five_when_they_would_not_fit(players: int, dealt: int) -> None:
    game = new_game(MODE, players, seed=players)
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered]
    assert [len(e.generals) for e in offers] == [dealt] * players
    forces = {game.state.content.generals[g].kingdom for e in offers for g in e.generals}
    assert forces <= {"han", "yi", "rong", "man", "di"}
    assert ruleset_of(MODE).players == range(4, 13)


def test_the_stand_in_pool_is_twelve_generals_a_force_and_two_rulers() -> None:
    from sanguozhi.core.modes.six.generals import RULERS, SIX_GENERALS

    kinds = [g.kingdom for g in SIX_GENERALS.generals.values() if g.id not in RULERS]
    assert sorted(set(kinds)) == ["di", "han", "man", "rong", "yi"] and all(kinds.count(k) == 12 for k in set(kinds))
    assert sorted(RULERS.values()) == sorted(["han", "yi", "rong", "man", "di"] * 2)
    assert SIX_GENERALS.generals["six_caocao"].max_hp == 4 and SIX_GENERALS.generals["six_guanyu"].max_hp == 5


def test_options_are_checked() -> None:
    rs = ruleset_of(MODE)
    assert rs.check(4, {}) == {"deck": "hegemony", "chain_carry": "seed000", "play_or_use": "seed000", "candidates": 0, "plots": True, "max_turns": 300}
    with pytest.raises(ModeError, match="need 84 generals"):
        rs.check(12, {"candidates": 7})
    with pytest.raises(ModeError, match="takes 4-12 players"):
        rs.check(3, {})


# -- 4: main and deputy; hp is the main's; main dies: out ------------------------------------------


def test_the_character_has_its_main_generals_hp() -> None:
    game = new_game(MODE, 5, seed=3)
    choose_all(game, lambda req: req.choices[-1])
    gens = game.state.content.generals
    for p in game.state.chars:
        assert p.max_hp == p.hp == gens[p.slots[0].general].max_hp  # not the yin-yang fish of the two


def test_when_the_main_general_dies_the_character_is_out() -> None:
    t = SixTable(5, generals={1: ("sixblank_yi3", "sixblank_yi5")}, hp={1: 1}, hands={0: ["slash"]}, shown=[0, 1], plots={1: [plot("plot_relief")]})
    t.until("play", 0)
    t.use("slash", 1)
    while t.request.kind in ("respond", "save", "trigger"):
        t.pass_()
    p = t.state.chars[1]
    assert not p.alive and p.max_hp == 3  # the deputy's 5 never counted
    assert not p.zones.get("plot") and int(plot("plot_relief")[1:]) in t.state.discard  # its plots are discarded


# -- 6: careerists ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, fine", [(4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (10, 6), (12, 7)])
def test_a_force_exceeding_half_the_characters_makes_its_later_reveals_careerists(players: int, fine: int) -> None:
    """Rule 6b: "當某勢力人數超過全場角色數的二分之一（向下取整）時" — half the living, rounded as
    term 41 says 向下取整 is (四舍五入): half of 5 is 3, so a fifth of five is the first careerist."""
    gens = {s: ("sixblank_han4", "sixblank_han3") for s in range(fine + 1)}
    t = SixTable(players, generals=gens, reveals=[(s, 0) for s in range(fine + 1)])
    kingdoms = [t.state.chars[s].kingdom for s in range(fine + 1)]
    assert kingdoms == ["han"] * fine + ["careerist"]  # more than (living + 1) // 2 shown: the next one is a careerist


def fourth_han_after_two_deaths(rules: str = "") -> str:
    """Six players: three of 汉 shown, two others dead; seat 5, of 汉, reveals at its start phase."""
    gens = {s: ("sixblank_han4", "sixblank_han3") for s in (0, 1, 2, 5)}
    t = SixTable(6, generals=gens, reveals=[(0, 0), (1, 0), (2, 0)], first=5, hands={3: ["dodge"], 4: ["dodge"]})
    if rules:
        t.restart(rules=rules)
    for seat in (3, 4):
        t.game.engine.emit(ev.Died(seat=seat, role=""))
    t.until("reveal", 5)
    take(t, "main")
    return t.state.chars[5].kingdom


def test_the_threshold_counts_the_living_only() -> None:
    """Term 36: "全場：在場且存活的所有角色" — four living, so three shown of 汉 are past half (2)."""
    assert fourth_han_after_two_deaths() == "careerist"
    assert fourth_han_after_two_deaths("sgz-rules/1") == "han"  # the old count: 3 shown of 6 characters is not past half


def test_two_generals_of_different_forces_make_a_careerist_marked_by_surname() -> None:
    game = new_game(MODE, 4, seed=5)
    req = game.request
    gens = game.state.content.generals
    mixed = [c for c in req.choices if len({gens[g].kingdom for g in c.option.split("+")}) == 2]
    assert mixed, "two generals of different forces may be chosen"
    t = SixTable(4, generals={0: ("six_caocao", "six_guanyu")}, hands={0: []})
    assert t.request.kind == "reveal" and t.request.seat == 0
    take(t, "main")
    p = t.state.chars[0]
    assert p.kingdom == "careerist" and t.of_type(sev.CareeristMarked)[0].slot == 0
    v = view(t.state, 1)
    rs = t.state.rs
    assert rs.kingdom_label(v, 0, "zh") == "野心家·曹" and rs.kingdom_label(v, 0, "en") == "careerist·Cao"
    assert rs.known_side(t.state, 1, 0) == "careerist:0"


# -- 7: 谋攻 -----------------------------------------------------------------------------------------


def plot(kind: str, nth: int = 0) -> str:
    return f"#{[c for c in PLOT_CARDS if NAMES[c] == kind][nth]}"


def test_a_drawn_plot_is_shown_and_put_beside_its_generals_and_the_force_shares_it() -> None:
    gens = {0: ("sixblank_han4", "sixblank_han3"), 1: ("sixblank_han4", "sixblank_han3"), 2: ("sixblank_yi4", "sixblank_yi3")}
    t = SixTable(5, generals=gens, shown=[0, 1, 2], pile=[plot("plot_stockpile"), "dodge", "dodge", "dodge"], hands={1: ["slash"], 2: ["slash"]})
    t.until("play", 0)
    st = t.state
    card = int(plot("plot_stockpile")[1:])
    assert card in st.chars[0].zones["plot"] and card not in st.chars[0].hand
    assert t.of_type(sev.PlotDrawn)[0].card == card
    assert len(st.chars[0].hand) == 1  # the draw phase's other card
    # The holder and its force may carry it out, once a turn each; another force may not.
    assert any(c.option == "six_stockpile" for c in t.request.choices)
    take(t, "six_stockpile")
    t.pick(t.state.chars[0].hand[0])
    assert not any(c.option == "six_stockpile" for c in t.request.choices)
    from sanguozhi.core.modes.six.plots import holders

    assert holders(st, 1, "plot_stockpile") == [0] and holders(st, 2, "plot_stockpile") == []


def test_drawing_a_second_plot_recasts_it_or_replaces_the_old_one() -> None:
    gens = {0: ("sixblank_han4", "sixblank_han3"), 1: ("sixblank_han4", "sixblank_han3")}
    for answer in ("recast", "replace"):
        t = SixTable(5, generals=gens, shown=[0, 1], pile=[plot("plot_relief"), "dodge", "dodge", "dodge", "dodge"], plots={1: [plot("plot_harass")]})
        old = int(plot("plot_harass")[1:])
        new = int(plot("plot_relief")[1:])
        req = t.until("plot", 0)
        assert {c.option for c in req.choices} == {"recast", "replace"}
        take(t, answer)
        z0, z1 = t.state.chars[0].zones.get("plot", []), t.state.chars[1].zones.get("plot", [])
        if answer == "recast":
            assert new in t.state.discard and z1 == [old] and not z0
        else:
            assert old in t.state.discard and z0 == [new] and not z1


# -- 8: rulers -------------------------------------------------------------------------------------


def test_a_ruler_gains_one_max_hp_when_its_force_has_three_characters() -> None:
    gens = {0: ("six_ruler_liuxie", "sixblank_han3"), 1: ("sixblank_han4", "sixblank_han3"), 2: ("sixblank_han4", "sixblank_han3")}
    t = SixTable(6, generals=gens, reveals=[(1, 0)])
    take(t, "main")  # seat 0 reveals its ruler: two of 汉
    assert t.of_type(sev.RulerShown) and not t.of_type(sev.Crowned) and t.state.chars[0].max_hp == 3
    t.until("reveal", 2)
    take(t, "main")  # a third character of 汉 shows itself
    assert [e.seat for e in t.of_type(sev.Crowned)] == [0] and t.state.chars[0].max_hp == 4


def test_the_last_force_with_two_rulers_splits_and_the_others_may_join() -> None:
    gens = {
        0: ("six_ruler_liuxie", "sixblank_han3"), 1: ("sixblank_han4", "sixblank_han3"), 2: ("six_ruler_liubian", "sixblank_han3"),
        3: ("sixblank_yi4", "sixblank_yi3"),
    }
    t = SixTable(4, generals=gens, shown=[0, 1, 2, 3], hp={3: 1}, hands={0: ["slash"]})
    st = t.state
    # The rulers' order is the order of their RulerShown events: seat 0 first.
    t.game.engine.emit(sev.RulerShown(seat=0))
    t.game.engine.emit(sev.RulerShown(seat=2))
    t.until("play", 0)
    t.use("slash", 3)
    while t.request.kind in ("respond", "save", "trigger"):
        t.pass_()
    assert not st.chars[3].alive and not st.ended  # 汉 alone, with two rulers: no victory yet
    req = t.until("guifu")
    assert st.chars[2].kingdom == "careerist" and st.chars[0].kingdom == "han"
    assert [c.targets for c in req.choices if not c.is_pass] == [(2,)]
    joined = req.seat
    assert joined == 1
    take(t, "join", (2,))
    assert st.chars[joined].kingdom == "careerist" and st.rs.side(st, joined) == "careerist:2"
    while t.request.kind == "guifu":
        t.pass_()
    assert not st.ended


# -- narration ---------------------------------------------------------------------------------------


def test_the_modes_events_are_narrated_with_names_in_both_languages() -> None:
    from sanguozhi.replay.narrate import Narrator

    card = [c for c in PLOT_CARDS if NAMES[c] == "plot_relief"][0]
    lines = {
        lang: [
            Narrator(lang, mode=MODE).line(e)
            for e in (
                sev.CareeristMarked(seat=1, slot=0, general="six_xiahoudun"),
                sev.Joined(seat=2, leader=1),
                sev.PlotDrawn(seat=3, card=card),
                sev.Crowned(seat=0),
                sev.RulerShown(seat=0),
            )
        ]
        for lang in ("zh", "en")
    }
    assert "野心家·夏侯" in lines["zh"][0] and "careerist·Xiahou" in lines["en"][0]
    assert "归附" in lines["zh"][1] and "joins" in lines["en"][1]
    assert "抚民" in lines["zh"][2] and "Relief" in lines["en"][2]
    assert "体力上限" in lines["zh"][3] and "max hp" in lines["en"][3]
    assert not any("six_" in line or "plot_" in line for ls in lines.values() for line in ls)


def first_ruler_dead_then_a_second_revealed(rules: str = ""):
    gens = {0: ("six_ruler_liuxie", "sixblank_han3"), 1: ("sixblank_han4", "sixblank_han3"), 2: ("six_ruler_liubian", "sixblank_han3"), 3: ("sixblank_yi4", "sixblank_yi3")}
    t = SixTable(4, generals=gens, shown=[0, 1, 3], hp={3: 1}, hands={1: ["slash"]}, first=1)
    if rules:
        t.restart(rules=rules)
    e = t.game.engine
    e.emit(sev.RulerShown(seat=0))
    e.emit(ev.Died(seat=0, role=""))  # the first ruler is dead
    t.until("play", 1)
    t.use("slash", 3)  # the last of 夷 dies: 汉 is the only force left, seat 2 still concealed
    while t.request.kind in ("respond", "save", "trigger"):
        t.pass_()
    t.until("reveal", 2)
    take(t, "main")  # seat 2 reveals the second ruler of 汉
    return t


def test_a_ruler_revealed_after_the_first_one_died_becomes_a_careerist() -> None:
    """Rule 8: "當場上僅剩一個勢力且該勢力有至少一個君主武將（須為主將）時，則不是第一個明置君主武將牌的角色成為野心家"
    — one living ruler is enough, when it is not the first to have been revealed."""
    t = first_ruler_dead_then_a_second_revealed()
    st = t.state
    assert st.chars[2].kingdom == "careerist" and [e.seat for e in t.of_type(sev.CareeristMarked)] == [2]
    req = t.until("guifu")
    assert req.seat == 1 and [c.targets for c in req.choices if not c.is_pass] == [(2,)]
    take(t, "join", (2,))
    assert st.ended and set(st.winners) == {1, 2}  # the camp is the last side standing


def test_under_the_old_rules_one_living_ruler_kept_the_force() -> None:
    t = first_ruler_dead_then_a_second_revealed("sgz-rules/1")
    st = t.state
    assert st.chars[2].kingdom == "han" and st.ended and set(st.winners) == {0, 1, 2}


def test_a_ruler_counts_only_as_the_main_general() -> None:
    gens = {0: ("sixblank_han4", "six_ruler_liuxie"), 1: ("sixblank_han4", "sixblank_han3"), 2: ("sixblank_han4", "sixblank_han3")}
    t = SixTable(6, generals=gens, reveals=[(1, 0), (2, 0)])
    take(t, "both")
    assert not t.of_type(sev.RulerShown) and not t.of_type(sev.Crowned) and t.state.chars[0].max_hp == 4


def test_a_member_of_a_careerist_camp_shows_its_leaders_mark() -> None:
    t = SixTable(4, generals={0: ("six_ruler_liubian", "sixblank_han3")}, shown=[0, 1, 2, 3])
    e = t.game.engine
    e.emit(sev.CareeristMarked(seat=0, slot=0, general="six_ruler_liubian"))
    e.emit(sev.Joined(seat=1, leader=0))
    v = view(t.state, 3)
    assert t.state.rs.kingdom_label(v, 1, "zh") == "野心家·刘" and t.state.rs.side(t.state, 1) == "careerist:0"
    assert t.state.rs.same_side(t.state, 0, 1) and not t.state.rs.same_side(t.state, 1, 2)


def test_relief_and_harass_do_what_their_texts_say() -> None:
    gens = {0: ("sixblank_han4", "sixblank_han3"), 1: ("sixblank_yi4", "sixblank_yi3")}
    t = SixTable(5, generals=gens, shown=[0, 1], hp={0: 2}, pile=["dodge", "dodge"], hands={0: ["slash", "slash", "peach", "dodge"], 1: ["dodge", "analeptic"]},
                 plots={0: [plot("plot_relief"), plot("plot_harass")]})
    t.until("play", 0)
    take(t, "six_relief")
    t.discard("slash", "slash")
    assert t.hp(0) == 3 and not any(c.option == "six_relief" for c in t.request.choices)
    take(t, "six_harass")
    assert t.request.kind == "six_target" and [c.targets for c in t.request.choices] == [(1,)]
    t.choose(t.request.choices[0])
    t.discard("peach")
    assert t.request.seat == 1 and t.request.kind == "discard"
    t.discard("dodge")
    assert t.hand(1) == ["analeptic"] and "peach" not in t.hand(0)


# -- seed 001's 暗将规则 where seed 000 is silent: a concealed standing skill is offered --------------


def test_a_concealed_machao_is_offered_a_target_only_horsemanship_reaches_revealing_him() -> None:
    t = SixTable(5, generals={0: ("six_machao", "sixblank_rong3")}, hands={0: ["slash"]}, pile=["dodge"] * 8)
    while not (t.request.kind == "play" and t.request.seat == 0):
        t.pass_()
    offer = [c for c in t.request.choices if c.option == "reveal:mashu"]
    assert [c.targets for c in offer] == [(2,), (3,)]  # at distance 2, reached by 马术 alone
    t.choose(offer[0])
    assert t.state.chars[0].slots[0].vis is None and t.of_type(ev.CardUsed)[-1].targets == (2,)
