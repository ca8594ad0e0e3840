"""Seed 001's rules, one scenario each, with the seed's own examples."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ModeError, ruleset_of
from sanguozhi.core.modes.hegemony.events import FirstPlayer, FullyRevealed
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import view
from sanguozhi.replay.narrate import Narrator

from .table import HgTable


def reveal_at_start(t: HgTable, option: str = "both") -> None:
    assert t.request.kind == "reveal", t.request
    t.option(option)


# -- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, dealt", [(4, 7), (8, 7), (9, 5), (12, 5)])
def test_each_player_is_dealt_generals_and_chooses_two_of_one_kingdom(players: int, dealt: int) -> None:
    game = new_game("hegemony", players, seed=players)
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered]
    assert [len(e.generals) for e in offers] == [dealt] * players and all(e.vis == (e.seat,) for e in offers)
    assert len({g for e in offers for g in e.generals}) == players * dealt
    gens = game.state.content.generals
    while game.request.kind == "generals":
        req = game.request
        assert req.vis == (req.seat,)
        for c in req.choices:
            a, b = c.option.split("+")
            assert a != b and gens[a].kingdom == gens[b].kingdom
        game.submit(req.choices[-1])
    st = game.state
    chosen = [e for e in game.events if type(e) is ev.GeneralChosen]
    assert len(chosen) == 2 * players and all(e.vis == (e.seat,) for e in chosen)
    for p in st.chars:
        a, b = (gens[s.general].max_hp for s in p.slots)
        assert p.max_hp == p.hp == (a + b) // 2  # whole yin-yang fish: halves summed, rounded down
        assert len(p.hand) == 4 and not p.kingdom and not p.gender and not p.skills
    first = next(e.seat for e in game.events if type(e) is FirstPlayer)
    assert next(e.seat for e in game.events if type(e) is ev.TurnStarted) == first


def test_the_first_player_is_random() -> None:
    firsts = set()
    for seed in range(12):
        game = new_game("hegemony", 5, seed)
        while game.request.kind == "generals":
            game.submit(game.request.choices[0])
        firsts.add(next(e.seat for e in game.events if type(e) is FirstPlayer))
    assert len(firsts) >= 3


def test_options_are_checked() -> None:
    rs = ruleset_of("hegemony")
    assert rs.check(4, {}) == {"edition": "original", "deck": "hegemony", "chain_carry": "standard", "candidates": 0, "early_end": False, "max_turns": 300}
    with pytest.raises(ModeError, match="edition=revised needs .* revised skills not built yet"):
        rs.check(4, {"edition": "revised"})
    with pytest.raises(ModeError, match="at least 5"):
        rs.check(4, {"candidates": 4})
    with pytest.raises(ModeError, match="need 84 generals"):
        rs.check(12, {"candidates": 7})
    with pytest.raises(ModeError, match="takes 4-12 players"):
        rs.check(3, {})


def test_the_standard_deck_option_plays_the_160_standard_cards() -> None:
    game = new_game("hegemony", 4, 1, {"deck": "standard"})
    while game.request.kind == "generals":
        game.submit(game.request.choices[0])
    assert len(game.state.zone_cards()) == 160 and max(game.state.zone_cards()) < 160
    hg = new_game("hegemony", 4, 1)
    while hg.request.kind == "generals":
        hg.submit(hg.request.choices[0])
    assert len(hg.state.zone_cards()) == 108 and min(hg.state.zone_cards()) >= 200


# -- concealed generals: no skills, gender or kingdom ----------------------------------------------


def test_a_concealed_general_has_no_skills_gender_or_kingdom() -> None:
    t = HgTable(4, generals={0: ("hg_zhenji", "hg_caocao")})
    p = t.state.chars[0]
    assert (p.kingdom, p.gender, p.skills) == ("", "", frozenset())
    assert p.latent == {"qingguo", "luoshen", "jianxiong"}
    for other in (1, 2, 3):
        v = view(t.state, other)["characters"][0]
        assert v["generals"] == [None, None] and v["kingdom"] == "" and v["gender"] == ""
    assert view(t.state, 0)["characters"][0]["generals"] == ["hg_zhenji", "hg_caocao"]


def test_one_face_up_general_gives_its_kingdom_and_gender_both_give_the_mains() -> None:
    t = HgTable(4, generals={1: ("hg_zhenji", "hg_caocao")}, reveals=[(1, 1)])
    p = t.state.chars[1]
    assert (p.kingdom, p.gender, p.skills) == ("wei", "male", {"jianxiong"})
    t2 = HgTable(4, generals={1: ("hg_zhenji", "hg_caocao")}, shown=[1])
    assert (t2.state.chars[1].gender, t2.state.chars[1].skills) == ("female", {"qingguo", "luoshen", "jianxiong"})


# -- revealing -------------------------------------------------------------------------------------


def test_a_character_may_reveal_at_the_start_of_its_start_phase() -> None:
    t = HgTable(4, generals={0: ("hg_zhangliao", "hg_xuchu")})
    req = t.request
    assert req.kind == "reveal" and req.seat == 0
    assert {c.option for c in req.choices} == {"main", "deputy", "both", "pass"}
    t.option("deputy")
    revealed = t.of_type(ev.GeneralRevealed)
    assert [(e.seat, e.slot, e.general) for e in revealed] == [(0, 1, "hg_xuchu")]
    assert t.kingdom(0) == "wei" and "luoyi" in t.state.chars[0].skills


def test_using_a_concealed_generals_skill_reveals_it_first() -> None:
    t = HgTable(4, generals={1: ("hg_caocao", "hg_zhangliao")}, hands={0: ["slash"]}, first=0)
    t.pass_()  # seat 0 does not reveal
    since = len(t.events)
    t.use("slash", 1)
    # Asked in secret, as every concealed character that could act here is (so being asked says nothing).
    req = t.request
    assert req.kind == "trigger" and req.prompt == "damaged:concealed" and req.vis == (1,)
    assert [c.option for c in req.choices] == ["jianxiong", "pass"]
    t.option("jianxiong")
    kinds = [type(e).__name__ for e in t.events[since:]]
    assert kinds.index("GeneralRevealed") < kinds.index("Triggered")
    assert t.kingdom(1) == "wei" and t.state.chars[1].slots[1].vis == (1,)


def test_declining_a_concealed_skill_keeps_the_general_concealed() -> None:
    t = HgTable(4, generals={1: ("hg_caocao", "hg_zhangliao")}, hands={0: ["slash"]})
    t.pass_()
    t.use("slash", 1)
    t.pass_()
    assert not t.of_type(ev.GeneralRevealed) and t.kingdom(1) == ""


# -- careerists ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, nth", [(4, 3), (5, 3), (6, 4), (7, 4), (8, 5), (9, 5), (10, 6), (11, 6), (12, 7)])
def test_the_character_whose_reveal_makes_a_kingdom_more_than_half_is_a_careerist(players: int, nth: int) -> None:
    """Seed 001: 6-7 players, the 4th of a kingdom; 8-9 players, the 5th (more than half the players)."""
    wei = {s: ("blank_wei4m", "blank_wei4f") for s in range(players)}
    order = [(s, 0) for s in reversed(range(players))]  # reveals in an order of their own
    t = HgTable(players, generals=wei, reveals=order)
    kingdoms = [t.kingdom(s) for s, _ in order]
    assert kingdoms == ["wei"] * (nth - 1) + ["careerist"] * (players - nth + 1)


def test_careerists_are_each_a_kingdom_of_their_own() -> None:
    from sanguozhi.core.modes.hegemony.kingdoms import same_kingdom

    wei = {s: ("blank_wei4m", "blank_wei4f") for s in range(4)}
    t = HgTable(4, generals=wei, reveals=[(0, 0), (1, 0), (2, 0), (3, 0)])
    assert [t.kingdom(s) for s in range(4)] == ["wei", "wei", "careerist", "careerist"]
    assert same_kingdom(t.state, 0, 1) and not same_kingdom(t.state, 2, 3) and not same_kingdom(t.state, 2, 2)
    assert [ruleset_of("hegemony").side(t.state, s) for s in range(4)] == ["wei", "wei", "careerist", "careerist"]


def test_a_reveal_at_the_start_phase_can_make_a_careerist() -> None:
    gens = {s: ("blank_shu4m", "blank_shu4f") for s in range(4)}
    t = HgTable(4, generals=gens, reveals=[(1, 0), (2, 0)])
    reveal_at_start(t, "main")
    assert t.kingdom(0) == "careerist"
    line = Narrator("en", 3).line(t.of_type(ev.GeneralRevealed)[-1])
    assert "seat 0 reveals" in line


# -- death: reveal, discard, rewards and penalties -------------------------------------------------


def kill(t: HgTable, killer: int, victim: int) -> int:
    """``killer`` (asked to play) slashes ``victim`` at 1 hp; nobody saves.  Returns where the events began."""
    if t.request.kind == "reveal":
        t.pass_()
    since = len(t.events)
    t.use("slash", victim)
    while t.game.request is not None and t.request.kind in ("respond", "save", "trigger") and t.state.chars[victim].alive:
        t.pass_()
    assert not t.state.chars[victim].alive
    return since


def reward_cards(t: HgTable, since: int = 0) -> list[int]:
    return [c for e in t.events[since:] if type(e) is ev.CardsMoved and e.reason == "reward" for c in e.cards]


def test_shu_kills_wei_with_two_other_wei_alive_and_draws_three() -> None:
    """Seed 001's example: 蜀 kills 魏 while two other 魏 live: the 蜀 draws three."""
    gens = {0: ("blank_shu4m", "blank_shu4f"), 1: ("blank_wei4m", "blank_wei4f"), 2: ("blank_wei4m", "blank_wei4f"),
            3: ("blank_wei4m", "blank_wei4f"), 4: ("blank_wu4m", "blank_wu4f"), 5: ("blank_qun4m", "blank_qun4f")}
    t = HgTable(6, generals=gens, shown=[0, 1, 2, 3, 4, 5], hands={0: ["slash"], 1: ["peach"]}, equip={1: ["silver_lion"]}, hp={1: 1})
    drawn = len(t.hand(0)) - 1  # the draw phase's cards, besides the 杀
    since = kill(t, 0, 1)
    assert len(reward_cards(t, since)) == 3 and len(t.hand(0)) == drawn + 3
    assert not t.state.chars[1].hand and not t.state.chars[1].equip


def test_the_dead_reveals_then_discards_then_the_killer_is_rewarded() -> None:
    gens = {0: ("blank_shu4m", "blank_shu4f"), 1: ("blank_wei4m", "blank_wei4f"), 2: ("blank_wei4m", "blank_wei4f"), 3: ("blank_wu4m", "blank_wu4f")}
    t = HgTable(4, generals=gens, reveals=[(0, 0), (2, 0)], hands={0: ["slash"], 1: ["dodge"]}, hp={1: 1})
    since = kill(t, 0, 1)
    after = t.events[since:]
    died = next(i for i, e in enumerate(after) if type(e) is ev.Died)
    reveals = [i for i, e in enumerate(after) if type(e) is ev.GeneralRevealed and e.seat == 1]
    discards = [i for i, e in enumerate(after) if type(e) is ev.CardsMoved and e.reason == "death"]
    rewards = [i for i, e in enumerate(after) if type(e) is ev.CardsMoved and e.reason == "reward"]
    assert died < reveals[0] < reveals[1] < discards[0] < rewards[0]
    assert t.kingdom(1) == "wei" and len(reward_cards(t, since)) == 2  # the dead one and seat 2


def test_killing_ones_own_kingdom_discards_hand_and_equipment() -> None:
    gens = {0: ("blank_wei4m", "blank_wei4f"), 1: ("blank_wei4m", "blank_wei4f")}
    t = HgTable(4, generals=gens, shown=[0, 1], hands={0: ["slash", "peach", "dodge"]}, equip={0: ["eight_diagram"]}, judge={0: []}, hp={1: 1})
    since = kill(t, 0, 1)
    assert not t.state.chars[0].hand and not t.state.chars[0].equip and not reward_cards(t, since)
    assert any(type(e) is ev.CardsMoved and e.reason == "kin_penalty" for e in t.events[since:])


def test_an_unrevealed_killer_gets_nothing() -> None:
    gens = {1: ("blank_wei4m", "blank_wei4f")}
    t = HgTable(4, generals=gens, shown=[1], hands={0: ["slash", "peach"]}, hp={1: 1})
    t.pass_()  # seat 0 stays concealed
    before = len(t.hand(0))
    since = kill(t, 0, 1)
    assert not reward_cards(t, since) and len(t.hand(0)) == before - 1
    assert not any(type(e) is ev.CardsMoved and e.reason == "kin_penalty" for e in t.events[since:])


def test_killing_a_careerist_draws_one() -> None:
    wei = {s: ("blank_wei4m", "blank_wei4f") for s in range(4)}
    wei[0] = ("blank_shu4m", "blank_shu4f")
    t = HgTable(4, generals=wei, reveals=[(0, 0), (1, 0), (2, 0), (3, 0)], hands={0: ["slash"]}, hp={3: 1})
    assert t.kingdom(3) == "careerist"
    since = kill(t, 0, 3)
    assert len(reward_cards(t, since)) == 1


# -- the outcome --------------------------------------------------------------------------------


def test_the_game_is_judged_only_once_every_living_kingdom_is_known() -> None:
    gens = {0: ("blank_wei4m", "blank_wei4f"), 1: ("blank_shu4m", "blank_shu4f"), 2: ("blank_wei4m", "blank_wei4f"), 3: ("blank_wei3m", "blank_wei3f"),
            4: ("blank_qun4m", "blank_qun4f"), 5: ("blank_wu4m", "blank_wu4f")}
    t = HgTable(6, generals=gens, shown=[0, 1, 3, 4, 5], hands={0: ["slash"]}, hp={1: 1})
    for dead in (4, 5):
        t.game.engine.emit(ev.Died(seat=dead, role="", killer=-1))
    kill(t, 0, 1)
    assert not t.state.ended  # seat 2's kingdom is not known: nobody has won yet
    t.until("reveal", 2)
    t.option("main")
    assert t.state.ended and t.state.winners == (0, 2, 3) and t.state.end_reason == "wei"
    assert isinstance(t.events[-1], ev.GameEnded)


def test_the_last_kingdom_wins_with_its_dead() -> None:
    gens = {0: ("blank_wei4m", "blank_wei4f"), 1: ("blank_shu4m", "blank_shu4f"), 2: ("blank_wei3m", "blank_wei3f"), 3: ("blank_shu4m", "blank_shu4f")}
    t = HgTable(4, generals=gens, shown=[0, 1, 2, 3], hands={0: ["slash"]}, hp={1: 1})
    t.game.engine.emit(ev.Died(seat=2, role="", killer=3))
    t.game.engine.emit(ev.Died(seat=3, role="", killer=-1))
    assert not t.state.ended  # the Died events of a scenario: no outcome check yet
    kill(t, 0, 1)
    assert t.state.ended and t.state.winners == (0, 2) and t.state.end_reason == "wei"


def test_a_careerist_must_be_the_only_survivor() -> None:
    wei = {s: ("blank_wei4m", "blank_wei4f") for s in range(4)}
    t = HgTable(4, generals=wei, shown=[0, 1, 2, 3], hands={3: ["slash"]}, hp={2: 1}, first=3)
    assert [t.kingdom(s) for s in range(4)] == ["wei", "wei", "careerist", "careerist"]
    t.game.engine.emit(ev.Died(seat=0, role="", killer=-1))
    t.game.engine.emit(ev.Died(seat=1, role="", killer=-1))
    assert not t.state.ended  # two careerists: two kingdoms
    kill(t, 3, 2)
    assert t.state.ended and t.state.winners == (3,) and t.state.end_reason == "careerist"


def test_the_early_end_shortcut_is_an_option() -> None:
    gens = {0: ("blank_wei4m", "blank_wei4f"), 1: ("blank_shu4m", "blank_shu4f"), 2: ("blank_wei4m", "blank_wei4f"), 3: ("blank_wei3m", "blank_wei3f")}
    t = HgTable(4, generals=gens, shown=[0, 1, 3], hands={0: ["slash"]}, hp={1: 1}, options={"early_end": True})
    kill(t, 0, 1)
    assert not t.state.ended  # seat 2 would be the third wei of four players, a careerist: no shortcut
    five = {0: ("blank_wei4m", "blank_wei4f"), 1: ("blank_shu3m", "blank_shu3f"), 2: ("blank_qun4m", "blank_qun4f"), 3: ("blank_wei4m", "blank_wei4f"), 4: ("blank_wu4m", "blank_wu4f")}
    for early, ended in ((True, True), (False, False)):
        t = HgTable(5, generals=five, shown=[0, 1, 2, 4], hands={0: ["slash"]}, hp={1: 1}, options={"early_end": early})
        for victim in (2, 4):
            t.game.engine.emit(ev.Died(seat=victim, role="", killer=-1))
        kill(t, 0, 1)
        assert t.state.ended == ended
    t = HgTable(5, generals=five, shown=[0, 1, 2, 4], hands={0: ["slash"]}, hp={1: 1}, options={"early_end": True})
    for victim in (2, 4):
        t.game.engine.emit(ev.Died(seat=victim, role="", killer=-1))
    kill(t, 0, 1)
    assert t.state.winners == (0, 3) and t.state.end_reason == "early:wei"
    assert [(e.seat, e.slot) for e in t.events if type(e).__name__ == "EndRevealed"] == [(3, 0), (3, 1)]


# -- the first full reveal: half fish, companions -------------------------------------------------


def test_a_leftover_half_fish_draws_one_the_first_time_both_are_face_up() -> None:
    t = HgTable(4, generals={0: ("blank_wei3m", "blank_wei4f")})
    assert t.state.chars[0].max_hp == 3  # 7 halves
    reveal_at_start(t, "both")
    assert t.of_type(FullyRevealed) and t.request.kind == "reward" and t.request.prompt == "half_fish"
    t.option("draw")
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == "half_fish"] == [1]
    assert [e.phase for e in t.of_type(ev.PhaseStarted)] == ["start", "judge", "draw", "play"]  # within the start phase


def test_the_rewards_are_paid_only_the_first_time() -> None:
    from sanguozhi.core.modes.hegemony.events import GeneralConcealed

    t = HgTable(4, generals={0: ("blank_wei3m", "blank_wei4f")}, shown=[0])
    t.game.engine.emit(GeneralConcealed(seat=0, slot=1, general="blank_wei4f"))
    assert t.state.chars[0].slots[1].vis is not None and t.kingdom(0) == "wei"
    t.end()
    t.until("reveal", 0)
    t.option("deputy")
    assert t.request.kind != "reward" and len(t.of_type(FullyRevealed)) == 1


def test_companions_draw_two_or_recover_one_before_the_skill_goes_on() -> None:
    """Seed 001: if the companions trigger while another event resolves, the
    choice comes first, then that event goes on."""
    t = HgTable(4, generals={1: ("hg_caocao", "hg_xuchu")}, reveals=[(1, 1)], hands={0: ["slash"]})
    t.pass_()
    slash = t.in_hand(0, "slash")
    t.use("slash", 1)
    t.option("jianxiong")  # reveals 曹操: 曹操 and 许褚 are companions
    req = t.request
    assert req.kind == "reward" and req.prompt == "companions" and {c.option for c in req.choices} == {"draw", "recover", "pass"}
    assert slash not in t.state.chars[1].hand  # 奸雄 waits for the choice
    t.option("recover")
    assert t.hp(1) == 4 and slash in t.state.chars[1].hand
    kinds = [type(e).__name__ for e in t.events]
    assert kinds.index("FullyRevealed") < kinds.index("Recovered") < max(i for i, e in enumerate(t.events) if type(e) is ev.CardsMoved and e.reason == "jianxiong")


# -- 叠置 ------------------------------------------------------------------------------------------


def test_a_stacked_character_skips_its_next_turn_and_is_levelled() -> None:
    t = HgTable(4, generals={0: ("hg_caoren", "hg_xuhuang")}, shown=[0])
    t.end()
    t.until("trigger", 0)
    assert t.request.prompt == "phase_start:hg_jushou"
    t.option("hg_jushou")
    assert t.state.chars[0].flipped and len(t.hand(0)) >= 3
    t.until("play", 3)
    t.end()
    t.until("play", 1)
    turns = [e.seat for e in t.of_type(ev.TurnStarted)]
    assert turns[-2:] == [0, 1] and not t.state.chars[0].flipped
    assert not any(type(e) is ev.PhaseStarted and e.seat == 0 for e in t.events[-30:])


def test_stacking_a_stacked_character_levels_it() -> None:
    t = HgTable(4, generals={1: ("hg_caopi", "hg_zhenji")}, shown=[1], hands={0: ["slash"]})
    t.game.engine.emit(ev.TurnedOver(seat=2, on=True))
    t.pass_()  # seat 0 does not reveal
    t.use("slash", 1)
    t.choose(Choice(targets=(2,)))  # 放逐 on the stacked seat 2
    assert not t.state.chars[2].flipped and t.of_type(ev.TurnedOver)[-1].on is False


def test_every_event_of_the_mode_has_prose_in_both_languages() -> None:
    from sanguozhi.core.modes.hegemony import events as hev

    samples = [
        hev.FirstPlayer(seat=1), hev.FullyRevealed(seat=1), hev.GeneralConcealed(seat=1, slot=0, general="hg_caocao"),
        hev.GeneralSeen(seat=1, slot=1, general="hg_caocao", by=2, vis=(1, 2)), hev.HandSeen(seat=1, by=2, cards=(200,), vis=(1, 2)),
        hev.EndRevealed(seat=1, slot=0, general="hg_caocao"), hev.SkillsLost(seat=1, slot=0),
        hev.ExtraTurn(seat=1, by=2), hev.ExtraTurn(seat=1, by=2, on=False), hev.RevealsBarred(seat=1), hev.RevealsBarred(seat=1, on=False),
    ]
    assert {type(e) for e in samples} == set(hev.EVENTS)
    for lang in ("en", "zh"):
        for viewer in (None, 0, 2):
            n = Narrator(lang, viewer, mode="hegemony")
            for e in samples:
                line = n.line(e)
                assert line and not line.startswith(("{", "(")), (lang, viewer, e, line)
    outsider = Narrator("en", 3, mode="hegemony")
    assert "Cao Cao" not in outsider.line(samples[3]) and "#200" not in outsider.line(samples[4])


# -- iron chains: seed 001 is silent, so the standard rule ----------------------------------------


def fire_through_a_chain(options: dict | None = None, *, old: bool = False) -> list[tuple[int, int]]:
    """A 火杀 at a 藤甲 wearer chained with seat 3: what each takes."""
    t = HgTable(4, shown="all", hands={0: ["fire_slash"]}, equip={1: ["vine"]}, pile=["dodge"] * 6, options=options)
    if old:  # a record from before the option: its start event does not name the rule
        t.restart(options={k: v for k, v in t.initial[0].options.items() if k != "chain_carry"})
    for seat in (1, 3):
        t.game.engine.emit(ev.ChainToggled(seat=seat, on=True))
    t.until("play", 0)
    t.use("fire_slash", 1)
    while t.request.kind in ("respond", "nullify", "save"):
        t.pass_()
    return [(d.dst, d.n) for d in t.of_type(ev.Damaged)]


def test_chained_fire_damage_passes_the_original_amount_by_default() -> None:
    # 藤甲 makes the 火杀 2 for its wearer; the chained seat 3 takes the original 1 (the standard rule).
    assert fire_through_a_chain() == [(1, 2), (3, 1)]
    assert fire_through_a_chain({"chain_carry": "seed000"}) == [(1, 2), (3, 2)]  # seed 000 term 27: the +1 carries on
    assert fire_through_a_chain(old=True) == [(1, 2), (3, 2)]  # what records before the option played
