"""Identity mode and the basic cards, scenario by scenario (seeds 000, 002, 004)."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS, STANDARD
from sanguozhi.core.distance import attack_range, distance
from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ModeError
from sanguozhi.core.modes.identity import roles_for
from sanguozhi.core.requests import Choice, IllegalDecision
from tests.scenario import Table


# -- set-up ---------------------------------------------------------------------

@pytest.mark.parametrize(
    "players, counts",
    [
        (4, (1, 1, 1, 1)),
        (5, (1, 1, 2, 1)),
        (6, (1, 1, 3, 1)),
        (7, (1, 2, 3, 1)),
        (8, (1, 2, 4, 1)),
        (9, (1, 3, 4, 1)),
        (10, (1, 3, 4, 2)),
    ],
)
def test_role_sets_by_player_count(players: int, counts: tuple[int, int, int, int]) -> None:
    game = new_game("identity", players, seed=players)
    roles = game.state.seats
    got = tuple(sum(p.role == r for p in roles) for r in ("lord", "loyalist", "rebel", "renegade"))
    assert got == counts
    assert roles[0].role == "lord" and roles[0].role_shown
    assert not any(p.role_shown for p in roles[1:])


def test_six_players_may_have_two_renegades_seed_002() -> None:
    assert sorted(roles_for(6, "1-1-2-2")) == sorted(["lord", "loyalist", "rebel", "rebel", "renegade", "renegade"])
    game = new_game("identity", 6, seed=1, options={"six_roles": "1-1-2-2"})
    assert sum(s.role == "renegade" for s in game.state.seats) == 2


def test_three_or_eleven_players_are_refused() -> None:
    with pytest.raises(ModeError, match="4-10 players"):
        new_game("identity", 3, seed=1)
    with pytest.raises(ModeError, match="4-10 players"):
        new_game("identity", 11, seed=1)


def test_unknown_option_is_refused_with_its_name() -> None:
    with pytest.raises(ModeError, match="colour"):
        new_game("identity", 5, seed=1, options={"colour": "red"})


def test_lord_has_one_extra_max_hp() -> None:
    players = new_game("identity", 5, seed=3, options={"generals": "vanilla"}).state.chars
    assert players[0].max_hp == players[0].hp == 5
    assert all(p.max_hp == p.hp == 4 for p in players[1:])
    # With real generals (the default deals them at random): the general's max hp, +1 for the lord.
    from sanguozhi.core.generals import general

    players = new_game("identity", 5, seed=3).state.chars
    assert players[0].max_hp == players[0].hp == general(players[0].general).max_hp + 1
    assert all(p.max_hp == p.hp == general(p.general).max_hp for p in players[1:])


def test_four_starting_cards_dealt_from_the_lord_in_turn_order() -> None:
    game = new_game("identity", 5, seed=11)
    deals = [e for e in game.events if isinstance(e, ev.CardsMoved) and e.reason == "deal"]
    assert [e.dst_seat for e in deals] == [0, 1, 2, 3, 4]
    assert all(len(e.cards) == 4 and e.vis == (e.dst_seat,) for e in deals)


def test_basic_deck_holds_only_basic_cards() -> None:
    game = new_game("identity", 5, seed=2, options={"deck": "basic"})
    in_play = set(game.state.zone_cards())
    assert in_play and all(CARDS[c].kind.type == "basic" for c in in_play)


def test_full_deck_is_refused_while_a_card_lacks_its_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    from sanguozhi.core.cards import STANDARD_CARDS
    from sanguozhi.core.modes import ruleset_of

    assert all(c.name in STANDARD_CARDS.rules for c in STANDARD)  # today every card has its rule
    new_game("identity", 5, seed=1, options={"deck": "full"})
    monkeypatch.delitem(STANDARD_CARDS.rules, "lightning")
    monkeypatch.setattr(ruleset_of("identity"), "_content", {})  # built again without it
    with pytest.raises(ModeError, match="rules not built yet: lightning"):
        new_game("identity", 5, seed=1, options={"deck": "full"})


# -- turn structure -------------------------------------------------------------

def test_phases_run_in_order_and_draw_phase_draws_two() -> None:
    t = Table(4, pile=["peach", "dodge"])
    phases = [e.phase for e in t.of_type(ev.PhaseStarted)]
    assert phases == ["start", "judge", "draw", "play"]
    draw = [e for e in t.of_type(ev.CardsMoved) if e.reason == "draw"]
    assert [CARDS[c].name for c in draw[0].cards] == ["peach", "dodge"]
    t.end()
    phases = [e.phase for e in t.of_type(ev.PhaseStarted)]
    assert phases[4:7] == ["discard", "finish", "start"]  # then seat 1's turn
    assert t.state.current == 1


def test_discard_phase_discards_down_to_hp() -> None:
    t = Table(4, hands={0: ["slash"] * 3 + ["dodge"]}, hp={0: 2}, pile=["dodge", "dodge"])
    t.end()
    req = t.request
    assert req.kind == "discard" and req.min == req.max == 4
    with pytest.raises(IllegalDecision, match="pick 4 cards"):
        t.discard("slash")
    t.discard("slash", "slash", "slash", "dodge")
    assert len(t.state.chars[0].hand) == 2


def test_dead_hp_zero_hand_limit_is_zero_not_negative() -> None:
    t = Table(4)
    assert t.game.engine.hand_limit(0) == 4


# -- distance and range (seed 000 "确定距离") ------------------------------------

def test_distance_counts_only_the_living() -> None:
    t = Table(5)
    s = t.state
    assert distance(s, 0, 2) == 2 and distance(s, 0, 3) == 2 and distance(s, 0, 4) == 1
    t.game.engine.emit(ev.Died(seat=1, role="loyalist"))
    assert distance(t.state, 0, 2) == 1


def test_horses_change_distance_and_weapon_changes_range() -> None:
    t = Table(5, equip={0: ["offensive_horse", "spear"], 2: ["defensive_horse"]})
    s = t.state
    assert distance(s, 0, 2) == 2  # 2 - 1 (offensive) + 1 (defensive)
    assert distance(s, 0, 3) == 1
    assert attack_range(s, 0) == 3 and attack_range(s, 1) == 1


def test_slash_targets_only_seats_in_attack_range() -> None:
    t = Table(6, hands={0: ["slash"]}, options={"deck": "basic"})
    targets = {c.targets for c in t.request.choices if c.cards}
    assert targets == {(1,), (5,)}


# -- 杀 闪 ---------------------------------------------------------------------

def test_slash_unanswered_deals_one_damage() -> None:
    t = Table(4, hands={0: ["slash"], 1: []})
    t.use("slash", 1)
    dmg = t.of_type(ev.Damaged)
    assert [(d.src, d.dst, d.n, d.nature, d.card) for d in dmg] == [(0, 1, 1, "normal", "slash")]
    assert t.hp(1) == 3


def test_dodge_cancels_slash() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    assert t.request.kind == "respond" and t.request.seat == 1
    t.use("dodge")
    assert not t.of_type(ev.Damaged) and t.hp(1) == 4
    assert [e.name for e in t.of_type(ev.CardPlayed)] == ["dodge"]


def test_target_may_keep_its_dodge() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    t.pass_()
    assert t.hp(1) == 3 and t.hand(1) == ["dodge"]


def test_only_one_slash_per_turn() -> None:
    t = Table(4, hands={0: ["slash", "slash"], 1: []}, options={"deck": "basic"})
    t.use("slash", 1)
    assert not any(c.cards for c in t.request.choices)
    with pytest.raises(IllegalDecision):
        t.use("slash", 1)


def test_fire_and_thunder_slash_deal_nature_damage() -> None:
    for name, nature in (("fire_slash", "fire"), ("thunder_slash", "thunder")):
        t = Table(4, hands={0: [name]})
        t.use(name, 1)
        assert [d.nature for d in t.of_type(ev.Damaged)] == [nature]


# -- 桃 酒 -----------------------------------------------------------------------

def test_peach_only_when_hurt_in_own_turn() -> None:
    t = Table(4, hands={0: ["peach"]}, options={"deck": "basic"})
    assert not any(c.cards for c in t.request.choices)
    t2 = Table(4, hands={0: ["peach"]}, hp={0: 2})
    t2.use("peach")
    assert t2.hp(0) == 3


def test_analeptic_adds_one_to_the_next_slash_only() -> None:
    t = Table(4, hands={0: ["analeptic", "slash"]}, options={})
    t.use("analeptic")
    assert t.state.drunk == 1
    t.use("slash", 1)
    assert [d.n for d in t.of_type(ev.Damaged)] == [2]
    assert t.state.drunk == 0


def test_analeptic_once_per_turn() -> None:
    t = Table(4, hands={0: ["analeptic", "analeptic"]})
    t.use("analeptic")
    assert not any(c.cards and CARDS[c.cards[0]].name == "analeptic" for c in t.request.choices)


def test_analeptic_bonus_ends_with_the_turn() -> None:
    t = Table(4, hands={0: ["analeptic"]})
    t.use("analeptic")
    t.end()
    t.until("play", seat=1)
    assert t.state.drunk == 0


# -- dying and death ------------------------------------------------------------

def test_dying_asks_every_living_seat_for_peach_from_the_current_player() -> None:
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={0: ["slash", "peach"], 2: ["peach"], 3: ["peach"]}, hp={1: 1})
    t.use("slash", 1)
    asked = []
    while t.request.kind == "save":
        asked.append(t.request.seat)
        t.pass_()
    assert asked == [0, 2, 3]  # seat 1 has no 桃; the order starts at the current player
    assert not t.state.chars[1].alive


def test_peach_saves_a_dying_character() -> None:
    t = Table(4, hands={0: ["slash"], 2: ["peach"]}, hp={1: 1})
    t.use("slash", 1)
    assert t.request.kind == "save" and t.request.seat == 2
    t.use("peach")
    assert t.hp(1) == 1 and t.state.chars[1].alive


def test_dying_character_may_drink_analeptic() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["analeptic"]}, hp={1: 1})
    t.use("slash", 1)
    req = t.request
    assert (req.kind, req.seat) == ("save", 1)
    t.use("analeptic")
    assert t.hp(1) == 1


def test_others_cannot_save_with_analeptic() -> None:
    t = Table(4, hands={0: ["slash"], 2: ["analeptic"]}, hp={1: 1})
    t.use("slash", 1)
    assert not t.state.chars[1].alive


def test_death_shows_role_and_discards_everything() -> None:
    t = Table(4, roles=("lord", "loyalist", "rebel", "renegade"), hands={0: ["slash"], 1: ["slash", "slash"]}, equip={1: ["spear"]}, hp={1: 1})
    t.use("slash", 1)
    death = t.of_type(ev.Died)[0]
    assert (death.seat, death.role, death.killer, death.cause) == (1, "loyalist", 0, "slash")
    p = t.state.chars[1]
    assert t.state.seats[1].role_shown and not p.hand and not p.equip


def test_killer_of_a_rebel_draws_three() -> None:
    t = Table(5, roles=("lord", "loyalist", "rebel", "rebel", "renegade"), hands={0: ["slash"]}, hp={4: 1}, pile=["dodge", "dodge"])
    before = len(t.state.chars[0].hand)  # after the draw phase
    t.use("slash", 4)  # the renegade, not a rebel: no reward
    assert len(t.state.chars[0].hand) == before - 1
    t2 = Table(5, roles=("lord", "loyalist", "renegade", "rebel", "rebel"), hands={0: ["slash"]}, hp={4: 1})
    before = len(t2.state.chars[0].hand)
    t2.use("slash", 4)
    rewards = [e for e in t2.of_type(ev.CardsMoved) if e.reason == "reward"]
    assert len(rewards) == 1 and len(rewards[0].cards) == 3 and rewards[0].dst_seat == 0
    assert len(t2.state.chars[0].hand) == before - 1 + 3


@pytest.mark.parametrize("rule, kept_equip", [("hand_and_equip", False), ("hand", True)])
def test_lord_who_kills_a_loyalist_discards(rule: str, kept_equip: bool) -> None:
    t = Table(5, roles=("lord", "loyalist", "rebel", "rebel", "renegade"), hands={0: ["slash", "dodge"]}, equip={0: ["spear"]}, hp={1: 1}, options={"lord_kills_loyalist": rule})
    t.use("slash", 1)
    lord = t.state.chars[0]
    assert lord.hand == []
    assert bool(lord.equip) is kept_equip


# -- who wins (seeds 000, 004) --------------------------------------------------

def test_lord_and_loyalists_win_when_rebels_and_renegade_are_dead() -> None:
    t = Table(4, roles=("lord", "loyalist", "rebel", "renegade"), hands={0: ["slash"]}, hp={1: 1})
    e = t.game.engine
    e.emit(ev.Died(seat=2, role="rebel"))
    t2 = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={0: ["slash"]}, hp={1: 1})
    t2.game.engine.emit(ev.Died(seat=3, role="renegade"))
    t2.use("slash", 1)
    end = t2.of_type(ev.GameEnded)[0]
    assert end.winners == (0, 2) and end.reason == "lord"
    assert t2.game.over


def test_rebels_win_when_the_lord_dies_even_if_all_rebels_are_dead() -> None:
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={3: ["slash"]}, hp={0: 1}, first=3)
    t.game.engine.emit(ev.Died(seat=1, role="rebel"))
    t.use("slash", 0)
    end = t.of_type(ev.GameEnded)[0]
    assert end.winners == (1,) and end.reason == "rebels"


def test_renegade_wins_as_the_last_one_standing() -> None:
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={3: ["slash"]}, hp={0: 1}, first=3)
    engine = t.game.engine
    engine.emit(ev.Died(seat=1, role="rebel"))
    engine.emit(ev.Died(seat=2, role="loyalist"))
    t.use("slash", 0)
    end = t.of_type(ev.GameEnded)[0]
    assert end.winners == (3,) and end.reason == "renegade"


# -- the draw pile --------------------------------------------------------------

def test_empty_pile_reshuffles_the_discard_pile_with_the_seed() -> None:
    runs = []
    for _ in range(2):
        game = new_game("identity", 4, seed=5, options={"deck": "basic"})
        from sanguozhi.core.bots import bot_choice

        while not game.over and not any(isinstance(e, ev.PileShuffled) and e.reshuffle for e in game.events):
            game.submit(bot_choice("basic", game.state, game.request))
        shuffles = [e for e in game.events if isinstance(e, ev.PileShuffled) and e.reshuffle]
        assert shuffles, "the game should run long enough to reshuffle"
        runs.append(shuffles[0].order)
    assert runs[0] == runs[1]


def test_turn_limit_ends_the_game_without_winners() -> None:
    t = Table(4, options={"max_turns": 2})
    t.end()
    t.until("play", seat=1)
    t.end()
    while not t.game.over:
        t.until("play") if t.request.kind != "play" else t.end()
    end = t.of_type(ev.GameEnded)[0]
    assert end.winners == () and end.reason == "turn_limit:2"


# -- decisions ------------------------------------------------------------------

def test_illegal_decision_is_refused_and_changes_nothing() -> None:
    t = Table(4, hands={0: ["slash"], 3: ["dodge"]})
    before = len(t.events)
    with pytest.raises(IllegalDecision, match="not one of the"):
        t.choose(Choice(cards=(t.in_hand(0, "slash"),), targets=(2,)))  # seat 2 is out of range
    assert len(t.events) == before and t.request.kind == "play"


def test_fold_equals_live_state_through_a_scenario() -> None:

    t = Table(4, hands={0: ["analeptic", "slash"], 2: ["peach"]}, hp={1: 1})
    t.use("analeptic")
    t.use("slash", 1)
    assert snapshot(fold(t.events)) == snapshot(t.state)


def test_analeptic_drunk_to_survive_dying_does_not_use_up_the_turns_analeptic() -> None:
    # Seat 0 loses a 决斗 in its own play phase, drinks a 酒 to survive, and may
    # still use its one 酒 of the play phase afterwards.
    t = Table(4, hands={0: ["duel", "analeptic", "analeptic"], 1: ["slash"]}, hp={0: 1})
    t.use("duel", 1)
    t.use("slash")
    assert (t.request.kind, t.request.seat) == ("save", 0)
    t.use("analeptic")
    assert t.hp(0) == 1 and t.request.kind == "play"
    assert any(c.cards and CARDS[c.cards[0]].name == "analeptic" for c in t.request.choices)
    t.use("analeptic")
    assert t.state.drunk == 1
