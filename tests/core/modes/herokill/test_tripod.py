"""三足鼎立 (tripod, seed 004): every rule of the seed's section as a scenario,
its max-hp examples word for word, and bot games that hold card conservation."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.deck import CARDS, STANDARD, deck_numbers
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.herokill.tripod_pack import GENERAL_CARDS, GENERAL_SLOT, GENERAL_ZONE, HERO_CARDS, NO_GENERAL
from sanguozhi.core.requests import Choice
from sanguozhi.core.state import snapshot
from sanguozhi.core.view import SeatView, view
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.table import render

from .tripod_table import TripodTable, general_card

QUIET = ["#131", "#132"]  # two 闪 on top of the pile: a draw of no consequence
QUIET2 = ["#131", "#132", "#133", "#134"]  # two such draws


def kinds(t: TripodTable, since: int = 0) -> list[tuple[str, str, str]]:
    return [(e.src, e.dst, e.reason) for e in t.of_type(ev.CardsMoved, since)]


def equip_choice(t: TripodTable, gid: str) -> Choice:
    return next(c for c in t.request.choices if c.cards == (t.gcard(gid),))


# -- the deck ------------------------------------------------------------------------------------


def test_one_general_card_per_standard_general_is_printed_at_400_and_shuffled_in() -> None:
    assert GENERAL_CARDS == tuple(range(400, 425))
    names = [CARDS[c].name for c in GENERAL_CARDS]
    assert len(set(names)) == 25 and "general:caocao" in names and "general:diaochan" in names
    assert all(CARDS[c].kind.type == "general" and CARDS[c].suit == "" for c in GENERAL_CARDS)
    game = new_game("tripod", 3, 1, {"heroes": "sanguosha"})
    assert len(game.state.zone_cards()) == len(deck_numbers(game.state.deck)) == 160 + 25
    basic = ruleset_of("tripod").deck(ruleset_of("tripod").check(3, {"deck": "basic", "heroes": "sanguosha"}))
    assert set(GENERAL_CARDS) <= set(basic) and all(CARDS[c].kind.type in ("basic", "general") for c in basic)


def test_by_default_the_hero_cards_are_hero_kills_heroes_but_wu_zetian_printed_at_430() -> None:
    assert HERO_CARDS == tuple(range(430, 462))
    names = [CARDS[c].name for c in HERO_CARDS]
    assert names[0] == "general:hk_yingzheng" and names[-1] == "general:hk_likui"  # card-number order: JUN0001 … MIN0010
    assert "general:hk_wuzetian" not in names  # 三足鼎立场备选武将中没有武则天
    assert len(names) == 32 and all(CARDS[c].kind.type == "general" for c in HERO_CARDS)
    game = new_game("tripod", 3, 1)
    assert game.state.options["heroes"] == "herokill"
    assert len(deck_numbers(game.state.deck)) == 160 + 32 and set(HERO_CARDS) <= set(deck_numbers(game.state.deck))
    assert not set(GENERAL_CARDS) & set(deck_numbers(game.state.deck))


def test_three_players_only() -> None:
    from sanguozhi.core.modes import ModeError

    for n in (2, 4):
        with pytest.raises(ModeError, match="3-3 players"):
            ruleset_of("tripod").check(n, {})


# -- the general zone ------------------------------------------------------------------------------


def test_a_general_drawn_goes_face_up_to_the_general_zone_not_the_hand() -> None:
    t = TripodTable(pile=["slash", general_card("guanyu")])
    assert t.request.kind == "swap_generals"
    assert t.hand(0) == ["slash"] and t.zone(0) == ["guanyu"]
    move = next(e for e in t.of_type(ev.CardsMoved) if e.dst == GENERAL_ZONE)
    assert (move.src, move.dst_seat, move.vis, move.reason) == ("pile", 0, None, "draw")
    for seat in (1, 2):  # the general zone is open to everyone
        assert view(t.state, seat)["characters"][0]["zones"][GENERAL_ZONE] == [t.gcard("guanyu")]
        assert SeatView(t.state, seat).zone(0, GENERAL_ZONE) == [t.gcard("guanyu")]
    assert t.state.zone_cards()[t.gcard("guanyu")] == f"{GENERAL_ZONE}:0"
    assert snapshot(fold(t.events)) == snapshot(t.state)


def test_a_general_gained_any_other_way_goes_to_the_general_zone_too() -> None:
    # 五谷丰登: the general card revealed and taken goes to the taker's general zone.
    t = TripodTable(hands={0: ["amazing_grace"]}, pile=QUIET + [general_card("zhaoyun"), "dodge", "dodge"])
    t.until("play", 0)
    t.use("amazing_grace")
    t.choose(Choice(cards=(t.gcard("zhaoyun"),)))
    assert t.zone(0) == ["zhaoyun"] and "general:zhaoyun" not in t.hand(0)


def test_without_a_general_a_character_has_4_max_hp_no_gender_no_kingdom_and_no_skill_but_equipping_and_swapping() -> None:
    t = TripodTable(pile=QUIET)
    p = t.state.chars[1]
    assert (p.general, p.max_hp, p.hp, p.gender, p.kingdom) == (NO_GENERAL, 4, 4, "none", "")
    assert p.skills == {"zhuangbei", "huanjiang"}  # the two rules of the mode every character has
    game = new_game("tripod", 3, 5)  # and so every character starts
    started = [e for e in game.events if type(e) is ev.GeneralChosen][:3]
    assert [(e.general, e.max_hp, e.hp) for e in started] == [(NO_GENERAL, 4, 4)] * 3


def test_skills_about_gender_do_not_reach_the_genderless() -> None:
    # 离间 takes two male characters: seat 1 (no general) is not one; the only male is seat 2.
    t = TripodTable(generals={0: "diaochan", 2: "lvbu"}, hands={0: ["peach"]}, zones={1: ["xuchu"]}, pile=QUIET)
    t.until("play", 0)
    assert not any(c.option == "lijian" for c in t.request.choices)  # two males are needed
    # 雌雄双股剑 against the genderless: no question.
    t = TripodTable(generals={0: "diaochan"}, hands={0: ["slash"]}, equip={0: ["double_sword"]}, pile=QUIET)
    t.until("play", 0)
    t.use("slash", 1)
    assert t.request.kind != "trigger" and not t.of_type(ev.Triggered)
    # ... while a male general is reached by it.
    t = TripodTable(generals={0: "diaochan", 1: "lvbu"}, hands={0: ["slash"]}, equip={0: ["double_sword"]}, pile=QUIET)
    t.until("play", 0)
    t.use("slash", 1)
    assert (t.request.kind, t.request.choices[0].option) == ("trigger", "double_sword")


# -- equipping a general --------------------------------------------------------------------------


def test_a_general_is_equipped_in_the_play_phase_replacing_the_old_one_and_its_skills() -> None:
    t = TripodTable(generals={0: "guanyu"}, zones={0: ["zhangfei"]}, pile=QUIET)
    t.until("play", 0)
    assert "wusheng" in t.state.chars[0].skills
    since = len(t.events)
    t.option("zhuangbei")
    assert (t.request.kind, t.request.prompt) == ("equip_general", "equip_general:play")
    t.choose(equip_choice(t, "zhangfei"))
    p = t.state.chars[0]
    assert p.general == "zhangfei" and "paoxiao" in p.skills and "wusheng" not in p.skills
    assert t.zone(0, GENERAL_SLOT) == ["zhangfei"] and t.zone(0) == []
    assert t.gcard("guanyu") in t.state.discard
    assert kinds(t, since) == [(GENERAL_SLOT, "discard", "replaced"), (GENERAL_ZONE, GENERAL_SLOT, "zhuangbei")]
    chosen = t.of_type(ev.GeneralChosen, since)
    assert [(e.seat, e.general, e.slot) for e in chosen] == [(0, "zhangfei", 0)]
    assert t.request.kind == "play" and not any(c.option == "zhuangbei" for c in t.request.choices)  # the zone is empty


def test_equipping_is_offered_only_in_ones_own_play_phase_with_a_general_in_the_zone() -> None:
    t = TripodTable(zones={1: ["zhangfei"]}, hands={0: ["savage_assault"], 1: ["slash"]}, pile=QUIET2)
    t.until("play", 0)
    assert not any(c.option == "zhuangbei" for c in t.request.choices)
    t.use("savage_assault")
    assert (t.request.kind, t.request.seat) == ("respond", 1)  # asked for a 杀, with no equipping on offer
    assert not any(c.option == "zhuangbei" for c in t.request.choices)
    t.until("play", 1)
    assert any(c.option == "zhuangbei" for c in t.request.choices)
    assert not [e for e in t.events if type(e) is ev.Decided and e.kind == "equip_general"]


def test_seed_example_full_4_hp_equipping_a_3_hp_general_gives_3_of_3() -> None:
    # "当你是4血满血时装备3血武将,则此时你的上限变为3血,同时血量变为3血。"
    t = TripodTable(zones={0: ["zhugeliang"]}, pile=QUIET)
    t.until("play", 0)
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (4, 4)
    since = len(t.events)
    t.option("zhuangbei")
    t.choose(equip_choice(t, "zhugeliang"))
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (3, 3)
    assert [e.n for e in t.of_type(ev.MaxHpChanged, since)] == [-1]


def test_seed_example_full_3_hp_equipping_a_4_hp_general_gives_3_of_4() -> None:
    # "当你是3血满血时装备4血武将,则此时血量上限变为4血,血量为3血。"
    t = TripodTable(generals={0: "zhouyu"}, zones={0: ["zhaoyun"]}, pile=QUIET)
    t.until("play", 0)
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (3, 3)
    t.option("zhuangbei")
    t.choose(equip_choice(t, "zhaoyun"))
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (3, 4)


def test_hp_below_the_new_max_stays_and_the_same_max_changes_nothing() -> None:
    t = TripodTable(generals={0: "guanyu"}, hp={0: 2}, zones={0: ["zhangfei", "huatuo"]}, pile=QUIET)
    t.until("play", 0)
    since = len(t.events)
    t.option("zhuangbei")
    t.choose(equip_choice(t, "zhangfei"))
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (2, 4) and not t.of_type(ev.MaxHpChanged, since)
    t.option("zhuangbei")
    t.choose(equip_choice(t, "huatuo"))
    assert (t.state.chars[0].hp, t.state.chars[0].max_hp) == (2, 3)


def test_general_cards_among_the_starting_cards_may_be_equipped_chosen_at_the_same_time() -> None:
    for seed in range(1, 200):
        game = new_game("tripod", 3, seed)
        if game.request.kind == "equip_general":
            break
    else:
        raise AssertionError("no seed in 1-199 deals a general card")
    asked: list[int] = []
    worn: dict[int, int] = {}
    while game.request.kind == "equip_general":
        req = game.request
        assert req.prompt == "equip_general:start" and req.vis == (req.seat,) and req.choices[-1].is_pass
        # Nothing is carried out before every seat has chosen.
        assert all(p.general == NO_GENERAL for p in game.state.chars)
        asked.append(req.seat)
        worn[req.seat] = req.choices[0].cards[0]
        game.submit(req.choices[0])
        decided = next(e for e in reversed(game.events) if type(e) is ev.Decided)
        assert decided.vis == (req.seat,)
        for other in range(3):
            if other != req.seat:
                line = Narrator("en", other, mode="tripod").line(decided)
                assert line is None or "General" not in line
    assert asked == sorted(asked)
    for seat, card in worn.items():
        assert game.state.chars[seat].zones[GENERAL_SLOT] == [card]
        assert game.state.chars[seat].general == CARDS[card].name.partition(":")[2]
    assert game.state.turn == 1  # then the first turn


# -- the draw phase: swapping drawn generals once ----------------------------------------------------


def test_generals_drawn_in_the_draw_phase_may_be_swapped_once_for_as_many_cards() -> None:
    # The seed's example: two generals drawn, both swapped; a general drawn again stays.
    pile = [general_card("caocao"), general_card("simayi"), "slash", general_card("zhangliao")]
    t = TripodTable(pile=pile)
    req = t.request
    assert (req.kind, req.seat) == ("swap_generals", 0)
    both = (t.gcard("caocao"), t.gcard("simayi"))
    assert {c.cards for c in req.choices if not c.is_pass} == {both, both[:1], both[1:]}
    since = len(t.events)
    t.choose(Choice(cards=both))
    assert kinds(t, since)[0] == (GENERAL_ZONE, "discard", "swap")
    assert t.hand(0) == ["slash"] and t.zone(0) == ["zhangliao"]
    assert t.request.kind == "play"  # no second swap


def test_only_some_drawn_generals_may_be_swapped_and_a_general_held_before_is_not_offered() -> None:
    t = TripodTable(zones={0: ["lvbu"]}, pile=[general_card("xuchu"), "dodge", "slash"])
    req = t.request
    assert [c.cards for c in req.choices if not c.is_pass] == [(t.gcard("xuchu"),)]
    t.pass_()
    assert t.zone(0) == ["lvbu", "xuchu"] and t.hand(0) == ["dodge"] and t.request.kind == "play"


def test_the_drawn_generals_may_be_swapped_later_in_the_turn_once() -> None:
    """Seed 004: "則在本回合內可以將武將牌棄掉再摸取一張牌" — in the turn, not only right after the draw."""
    t = TripodTable(pile=[general_card("xuchu"), "slash", general_card("lvbu"), "dodge"])
    assert t.request.kind == "swap_generals"
    t.pass_()  # not now
    req = t.request
    assert req.kind == "play" and Choice(option="huanjiang") in req.choices
    t.option("huanjiang")
    req = t.request
    assert (req.kind, [c.cards for c in req.choices]) == ("swap_generals", [(t.gcard("xuchu"),)])
    t.choose(req.choices[0])
    assert t.zone(0) == ["lvbu"] and t.hand(0) == ["slash"]  # the general drawn in exchange stays
    assert Choice(option="huanjiang") not in t.request.choices  # once a turn
    t.end()
    t.until("play", 1)
    assert Choice(option="huanjiang") not in t.request.choices  # only the draw phase's generals of one's own turn


def test_a_general_held_before_the_draw_is_never_swapped_in_the_play_phase() -> None:
    t = TripodTable(zones={0: ["lvbu"]}, pile=QUIET)
    assert t.request.kind == "play" and Choice(option="huanjiang") not in t.request.choices


def test_no_swap_is_asked_without_a_general_drawn() -> None:
    t = TripodTable(zones={0: ["lvbu"]}, pile=QUIET)
    assert t.request.kind == "play"


# -- the end of the turn: hand limit and at most two general cards --------------------------------


def test_at_the_end_of_every_turn_a_general_zone_keeps_at_most_two() -> None:
    t = TripodTable(zones={0: ["lvbu", "xuchu", "zhangfei"], 1: ["huatuo", "diaochan", "machao", "zhaoyun"]}, pile=QUIET)
    t.end()
    req = t.request
    assert (req.kind, req.seat, req.prompt, req.min) == ("discard_generals", 0, "discard_generals:1", 1)
    t.pick(t.gcard("xuchu"))
    req = t.request  # the other seat too, at the end of seat 0's turn
    assert (req.kind, req.seat, req.min) == ("discard_generals", 1, 2)
    t.pick(t.gcard("huatuo"), t.gcard("machao"))
    assert t.zone(0) == ["lvbu", "zhangfei"] and t.zone(1) == ["diaochan", "zhaoyun"]
    assert ("general_zone", "discard", "general_limit") in kinds(t)
    assert t.of_type(ev.TurnEnded)[-1].seat == 0


def test_the_hand_limit_is_the_current_max_hp_or_hp_by_option() -> None:
    # seat 0: 2 of 4 hp and 5 cards (3 + 2 drawn); the seed keeps 4 (max hp), the standard rule 2.
    for option, keep in (("max_hp", 4), ("hp", 2)):
        t = TripodTable(hp={0: 2}, hands={0: ["dodge"] * 3}, pile=QUIET, options={"hand_limit": option})
        t.end()
        req = t.request
        assert (req.kind, req.min) == ("discard", 5 - keep), option


# -- 釜底抽薪 --------------------------------------------------------------------------------------------


def test_dismantlement_reaches_any_distance() -> None:
    t = TripodTable(hands={0: ["dismantlement"], 1: ["dodge"]}, equip={1: ["defensive_horse"]}, pile=QUIET)
    t.until("play", 0)
    assert SeatView(t.state, 0).distance(0, 1) == 2
    assert any(c.targets == (1,) for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "dismantlement")


def test_dismantlement_takes_a_general_card_for_one_of_ones_own_general_zone() -> None:
    t = TripodTable(hands={0: ["dismantlement"]}, zones={0: ["lvbu", "huatuo"], 1: ["zhaoyun"]}, generals={1: "zhugeliang"}, pile=QUIET)
    t.until("play", 0)
    t.use("dismantlement", 1)
    req = t.request
    assert req.kind == "pick_card"
    offered = {c.cards[0] for c in req.choices if c.cards}
    assert offered == {t.gcard("zhaoyun"), t.gcard("zhugeliang")} and not any(c.option for c in req.choices)  # no hand card
    since = len(t.events)
    t.choose(Choice(cards=(t.gcard("zhugeliang"),)))
    # The equipped general is gone: no general, 4 max hp, hp kept (3 of 4), its skills gone.
    p = t.state.chars[1]
    assert (p.general, p.max_hp, p.hp, p.gender) == (NO_GENERAL, 4, 3, "none") and not {"guanxing", "kongcheng"} & p.skills
    req = t.request
    assert (req.kind, req.seat, req.cards, req.min) == ("discard_generals", 0, (t.gcard("lvbu"), t.gcard("huatuo")), 1)
    t.pick(t.gcard("huatuo"))
    assert t.zone(0) == ["lvbu"] and t.zone(1) == ["zhaoyun"]
    assert {t.gcard("zhugeliang"), t.gcard("huatuo")} <= set(t.state.discard)
    assert [m[:2] for m in kinds(t, since) if m[2] == "dismantlement"] == [(GENERAL_SLOT, "discard"), (GENERAL_ZONE, "discard")]


def test_dismantlement_offers_no_general_card_without_one_of_ones_own_and_the_usual_cards_with() -> None:
    # No general of one's own: a character holding only general cards is no target at all.
    t = TripodTable(hands={0: ["dismantlement"]}, zones={1: ["zhaoyun"]}, generals={2: "lvbu"}, pile=QUIET)
    t.until("play", 0)
    assert not any(c.cards and CARDS[c.cards[0]].name == "dismantlement" for c in t.request.choices)
    # With one: the usual hand/equipment/judge cards stay on offer beside the general cards.
    t = TripodTable(hands={0: ["dismantlement"], 1: ["dodge"]}, equip={1: ["crossbow"]}, zones={0: ["lvbu"], 1: ["zhaoyun"]}, pile=QUIET)
    t.until("play", 0)
    t.use("dismantlement", 1)
    options = t.request.choices
    assert {c.option for c in options if c.option} == {"hand"}
    assert {CARDS[c.cards[0]].name for c in options if c.cards} == {"crossbow", "general:zhaoyun"}
    t.choose(next(c for c in options if c.cards and CARDS[c.cards[0]].name == "crossbow"))
    assert t.zone(0) == ["lvbu"] and t.request.kind == "play"  # nothing of one's own is discarded for a plain card


def test_no_other_card_reaches_a_general_card() -> None:
    # 顺手牵羊 at distance 1: a character with only general cards is no target.
    t = TripodTable(hands={0: ["snatch"]}, zones={1: ["zhaoyun"], 0: ["lvbu"]}, generals={1: "machao", 2: "xuchu"}, pile=QUIET)
    t.until("play", 0)
    assert not any(c.cards and CARDS[c.cards[0]].name == "snatch" for c in t.request.choices)


# -- winning and points --------------------------------------------------------------------------------


def test_the_next_players_death_wins_and_the_first_death_ends_the_game() -> None:
    t = TripodTable(hands={0: ["slash"]}, hp={1: 1}, pile=QUIET)
    t.until("play", 0)
    t.use("slash", 1)  # nobody holds a 闪 or a 药
    assert t.game.request is None
    end = t.events[-1]
    assert type(end) is ev.GameEnded and (end.winners, end.reason) == ((0,), "next_died")
    assert end.points == (10, 2, 2)
    assert t.state.chars[2].alive and t.state.chars[0].alive


def test_killing_ones_previous_player_loses_it_and_costs_two_points() -> None:
    # Seat 1's previous player is seat 0: killing it makes seat 2 (seat 0's previous) win.
    t = TripodTable(hands={1: ["slash"]}, hp={0: 1}, pile=QUIET2, first=1)
    t.until("play", 1)
    t.use("slash", 0)
    assert t.game.request is None
    end = t.events[-1]
    assert (end.winners, end.points) == ((2,), (2, 0, 10))
    assert t.state.chars[0].killer == 1


def test_a_game_stopped_by_the_turn_limit_has_no_winner_and_no_points() -> None:
    game = new_game("tripod", 3, 3, {"max_turns": 2})
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request))
    end = game.events[-1]
    if end.reason.startswith("turn_limit"):
        assert end.winners == () and end.points == ()
    else:  # someone died within two turns
        assert len(end.winners) == 1 and sorted(end.points) in ([2, 2, 10], [0, 2, 10])


# -- names and screens ------------------------------------------------------------------------------------


def test_cards_are_narrated_under_hero_kill_names_and_the_general_zone_is_on_the_screen() -> None:
    t = TripodTable(hands={0: ["dismantlement", "peach"]}, zones={0: ["lvbu"], 1: ["zhaoyun"]}, hp={0: 3}, pile=QUIET)
    t.until("play", 0)
    t.use("peach")
    t.use("dismantlement", 1)
    t.choose(Choice(cards=(t.gcard("zhaoyun"),)))
    zh = " ".join(Narrator("zh", 2, mode="tripod").line(e) or "" for e in t.events)
    en = " ".join(Narrator("en", 2, mode="tripod").line(e) or "" for e in t.events)
    assert "【药】" in zh and "【釜底抽薪】" in zh and "武将牌·赵云" in zh and "【桃】" not in zh
    assert "General·Zhao Yun" in en and "general:zhaoyun" not in en
    t2 = TripodTable(zones={1: ["zhaoyun"]}, generals={0: "lvbu"}, pile=QUIET)
    screen = render(t2.state, 2, "en")
    assert "general zone: General·Zhao Yun" in screen and "equipped general: General·Lü Bu" in screen


# -- bot games ----------------------------------------------------------------------------------------------


def play(seed: int, bot: str, check: bool = True) -> list[ev.Event]:
    """A bot game; with ``check``, every card is in exactly one zone and hp <= max hp at every event."""
    total = 160 + 32  # the Sanguosha deck and the hero cards (no 武则天)
    holder: dict = {}

    def on_event(e: ev.Event) -> None:
        game = holder.get("game")
        if game is None or not check or not game.state.shuffles:
            return
        st = game.state
        assert len(st.zone_cards()) == total, f"seed {seed}, event {st.seq}"
        assert all(p.hp <= p.max_hp for p in st.chars)
        assert not any(c in GENERAL_CARDS for s in st.seats for c in s.hand), "a general card in a hand"

    game = holder["game"] = new_game("tripod", 3, seed, on_event=on_event)
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    return game.events


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_bot_games_conserve_cards_keep_generals_out_of_hands_and_fold_exactly(bot: str) -> None:
    for seed in range(8):
        events = play(100 + seed, bot)
        state = fold(events)
        end = events[-1]
        assert type(end) is ev.GameEnded and state.ended
        if end.winners:
            (w,) = end.winners
            assert state.chars[w].alive and not state.chars[(w + 1) % 3].alive
            assert sum(1 for p in state.chars if not p.alive) == 1


def test_a_game_resumed_anywhere_gives_the_same_events() -> None:
    from sanguozhi.core.game import resume

    events = play(41, "basic", check=False)
    for upto in (5, len(events) // 3, len(events) // 2, len(events) - 1):
        game = resume(events, upto)  # the turn in progress is re-run: every event must match
        while not game.over:
            game.submit(bot_choice("basic", game.state, game.request))
        assert game.events == events, upto


def test_basic_bots_equip_generals_swap_and_finish_their_games() -> None:
    equipped = swapped = 0
    for seed in range(20):
        events = play(300 + seed, "basic", check=False)
        assert type(events[-1]) is ev.GameEnded and events[-1].winners, seed
        equipped += sum(1 for e in events if type(e) is ev.GeneralChosen and e.general != NO_GENERAL)
        swapped += sum(1 for e in events if type(e) is ev.CardsMoved and e.reason == "swap" and e.src == GENERAL_ZONE)
    assert equipped >= 20 and swapped >= 1


def test_the_basic_bot_attacks_its_next_player_and_saves_its_previous_one() -> None:
    t = TripodTable(hands={0: ["slash", "slash"]}, pile=QUIET)
    t.until("play", 0)
    assert bot_choice("basic", t.state, t.request).targets == (1,)
    t = TripodTable(hands={0: ["peach", "dodge"], 1: ["slash"]}, hp={2: 1}, pile=QUIET2, first=1)
    t.until("play", 1)
    t.use("slash", 2)
    req = t.until("save", 0)
    assert not bot_choice("basic", t.state, req).is_pass  # seat 2's death would make seat 1 win


def test_standard_cards_alone_are_unchanged_in_the_deck() -> None:
    assert [c.name for c in CARDS[:160]] == [c.name for c in STANDARD]


@pytest.mark.slow
def test_soak_forty_recorded_bot_games_end_and_validate_complete(tmp_path) -> None:
    """The bounded soak (``sgz sim --mode tripod --games 300`` is the full one, see docs/modes/tripod.md)."""
    from sanguozhi.records.check import check
    from sanguozhi.records.session import run_bots, start_recorded

    for k in range(40):
        bots = {s: ("basic", "random")[(k + s) % 2 if k % 4 == 3 else 0] for s in range(3)}
        path = tmp_path / f"tripod-{k}.jsonl"
        game, writer = start_recorded(path, "tripod", 3, 9000 + k, {}, bots)
        with writer:
            assert run_bots(game, bots)
        checked = check(path)
        assert checked.ok and checked.finished, checked.error
        assert type(checked.events[-1]) is ev.GameEnded
