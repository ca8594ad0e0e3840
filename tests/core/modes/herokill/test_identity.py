"""herokill-identity (seed 004, 五人场/八人场), rule by rule."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.game import new_game
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes import ModeError
from sanguozhi.replay.narrate import Narrator
from tests.scenario import Table

MODE = "herokill-identity"


@pytest.mark.parametrize(("players", "counts"), [(5, (1, 1, 2, 1)), (8, (1, 2, 4, 1))])
def test_five_and_eight_player_role_sets(players: int, counts: tuple[int, ...]) -> None:
    for seed in range(1, 4):
        seats = new_game(MODE, players, seed).state.seats
        assert tuple(sum(s.role == r for s in seats) for r in ("lord", "loyalist", "rebel", "renegade")) == counts
        assert seats[0].role == "lord" and seats[0].role_shown and not any(s.role_shown for s in seats[1:])


@pytest.mark.parametrize("players", [4, 6, 7, 9])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ModeError, match="5 or 8 players"):
        new_game(MODE, players, 1)


def test_the_deck_is_the_108_card_standard_deck() -> None:
    game = new_game(MODE, 5, 1)
    deck = game.events[0].deck
    assert len(deck) == 108 and {CARDS[c].pack for c in deck} == {"standard"}


def _choose_all(game, pick: int = 0) -> None:
    while game.request is not None and game.request.kind == "general":
        game.submit(game.request.choices[pick])


@pytest.mark.parametrize("players", [5, 8])
def test_the_lord_chooses_from_five_and_shows_it_then_the_others_from_three_at_once(players: int) -> None:
    game = new_game(MODE, players, 11)
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered]
    assert [(e.seat, len(e.generals), e.vis) for e in offers] == [(0, 5, (0,))]  # nobody else is dealt before the lord chose
    assert game.request.seat == 0 and game.request.kind == "general"
    game.submit(game.request.choices[2])
    lord = offers[0].generals[2]
    chosen = [e for e in game.events if type(e) is ev.GeneralChosen]
    assert [(e.seat, e.general, e.vis) for e in chosen] == [(0, lord, None)]  # shown at once
    assert chosen[0].max_hp == GENERALS[lord].max_hp + 1  # the lord: 1 more hp
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered][1:]
    assert [(e.seat, len(e.generals), e.vis) for e in offers] == [(s, 3, (s,)) for s in range(1, players)]
    dealt = [g for e in offers for g in e.generals]
    assert len(dealt) == len(set(dealt)) and lord not in dealt  # no hero twice
    _choose_all(game, pick=1)
    picks = [e for e in game.events if type(e) is ev.Decided and e.kind == "general"][1:]
    assert all(e.vis == (e.seat,) for e in picks)  # chosen secretly ...
    shown = [e for e in game.events if type(e) is ev.GeneralChosen][1:]
    first_shown = game.events.index(shown[0])
    assert all(game.events.index(p) < first_shown for p in picks)  # ... and shown together
    assert [(e.seat, e.general, e.max_hp) for e in shown] == [(s, offers[s - 1].generals[1], GENERALS[offers[s - 1].generals[1]].max_hp) for s in range(1, players)]


def test_the_hero_pool_is_hero_kills_heroes_or_with_heroes_sanguosha_the_standard_generals() -> None:
    game = new_game(MODE, 8, 2)
    _choose_all(game)
    offered = {g for e in game.events if type(e) is ev.GeneralsOffered for g in e.generals}
    assert offered and all(GENERALS[g].pack == "herokill" for g in offered)
    game = new_game(MODE, 8, 2, {"heroes": "sanguosha"})
    _choose_all(game)
    offered = {g for e in game.events if type(e) is ev.GeneralsOffered for g in e.generals}
    assert offered and all(GENERALS[g].pack == "standard" for g in offered)


# The draw phase takes the two topmost cards (slashes); a reward draws the dodges.
PILE = ["slash", "slash", "dodge", "dodge", "dodge"]


@pytest.mark.parametrize(
    "roles",
    [("loyalist", "rebel", "lord", "rebel", "renegade"), ("renegade", "rebel", "lord", "rebel", "loyalist"), ("rebel", "rebel", "lord", "loyalist", "renegade")],
    ids=["loyalist", "renegade", "rebel"],
)
def test_whoever_kills_a_rebel_draws_three(roles: tuple[str, ...]) -> None:
    t = Table(5, mode=MODE, roles=roles, shown=(2,), hands={0: ["slash"]}, hp={1: 1}, pile=PILE)
    t.use("slash", 1)
    t.until("play", 0)
    assert t.of_type(ev.Died)[0].role == "rebel"
    assert sorted(t.hand(0)) == ["dodge"] * 3 + ["slash"] * 2


@pytest.mark.parametrize("victim", ["loyalist", "renegade"])
def test_killing_a_loyalist_or_renegade_draws_nothing(victim: str) -> None:
    t = Table(5, mode=MODE, roles=("rebel", victim, "lord", "rebel", ({"loyalist", "renegade"} - {victim}).pop()), shown=(2,), hands={0: ["slash"]}, hp={1: 1}, pile=PILE)
    t.use("slash", 1)
    t.until("play", 0)
    assert t.of_type(ev.Died)[0].role == victim and t.hand(0) == ["slash", "slash"]


def test_a_lord_who_kills_a_loyalist_discards_its_hand_and_equipment() -> None:
    t = Table(5, mode=MODE, roles=("lord", "loyalist", "rebel", "rebel", "renegade"), hands={0: ["slash", "dodge", "nullification"]}, equip={0: ["axe", "defensive_horse"]}, hp={1: 1}, pile=["dodge", "dodge"])
    t.use("slash", 1)
    assert t.of_type(ev.Died)[0].role == "loyalist"
    p = t.state.chars[0]
    assert p.hand == [] and p.equip == {}
    assert {e.reason for e in t.of_type(ev.CardsMoved) if e.src_seat == 0 and e.dst == "discard" and e.src in ("hand", "equip")} == {"penalty"}


def test_cards_are_narrated_under_hero_kills_names() -> None:
    t = Table(5, mode=MODE, hands={0: ["peach", "savage_assault"]}, hp={0: 3})
    since = len(t.events)
    t.use("peach")
    t.use("savage_assault")
    zh = " ".join(Narrator("zh", 0, mode=MODE).line(e) or "" for e in t.events[since:])
    assert "【药】" in zh and "【烽火狼烟】" in zh and "桃" not in zh and "南蛮" not in zh
    en = " ".join(Narrator("en", 0, mode=MODE).line(e) or "" for e in t.events[since:])
    assert "Potion ♥" in en and "Beacon Smoke ♠" in en and "Peach" not in en and "Savage" not in en


def test_the_table_and_the_choices_a_person_sees_use_hero_kills_names() -> None:
    from sanguozhi.replay.prompts import Asked
    from sanguozhi.replay.table import render

    t = Table(5, mode=MODE, hands={0: ["peach", "savage_assault"]}, hp={0: 3})
    screen = render(t.state, 0, "zh")
    assert "【药】" in screen and "【烽火狼烟】" in screen and "【桃】" not in screen
    asked = Asked(t.request, t.state, "zh")
    lines = [asked.choice(c) for c in t.request.choices if c.cards]
    assert any("【药】" in line for line in lines) and not any("【桃】" in line for line in lines)


# -- 全局评价: the verdict of a game -------------------------------------------------------------------

HK5 = ("lord", "loyalist", "rebel", "rebel", "renegade")


def last_blow(winner: str, rules: str = "") -> Table:
    """Seat ``first`` kills the last one standing in the winner's way with a 杀 at 1 hp."""
    if winner == "lord":  # the lord kills the renegade, the rebels being dead
        first, victim, dead = 0, 4, (2, 3)
    elif winner == "rebels":  # a rebel kills the lord
        first, victim, dead = 2, 0, ()
    else:  # the renegade, alone with the lord, kills it
        first, victim, dead = 4, 0, (1, 2, 3)
    extra = [ev.Died(seat=s, role=HK5[s]) for s in dead]
    t = Table(5, mode=MODE, roles=HK5, hands={first: ["slash"]}, equip={first: ["offensive_horse"]}, hp={victim: 1}, pile=PILE, first=first, extra=extra)
    if rules:
        t.restart(rules=rules)
    t.use("slash", victim)
    while not t.state.ended:
        t.pass_()
    return t


@pytest.mark.parametrize(
    ("winner", "verdict", "zh", "en"),
    [
        ("lord", "pingding_tianxia", "平定天下", "The realm is pacified"),
        ("rebels", "qunxiong_bingqi", "群雄并起", "Warlords rise"),
        ("renegade", "jianchen_dangdao", "奸臣当道", "A traitor holds power"),
    ],
)
def test_the_game_ends_with_seed_004s_verdict(winner: str, verdict: str, zh: str, en: str) -> None:
    """Seed 004 "主忠方获胜全局评价——平定天下 反贼方获胜全局评价——群雄并起 内奸获胜全局评价——奸臣当道"."""
    from sanguozhi.replay.table import render

    t = last_blow(winner)
    end = t.events[-1]
    assert type(end) is ev.GameEnded and end.reason == verdict and end.points
    assert zh in Narrator("zh", mode=MODE).line(end) and en in Narrator("en", mode=MODE).line(end)
    assert zh in render(t.state, 1, "zh").splitlines()[-1] and en in render(t.state, 1, "en").splitlines()[-1]
    assert last_blow(winner, "sgz-rules/1").events[-1].reason == winner  # older records keep identity's reasons
