"""Seed 002 ①-④: the lord alone is known, three generals each (the others keep
two stacked, the top one turned up), hp from the face-up general, starting
hands by seat."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ModeError, ruleset_of
from sanguozhi.core.view import SeatView, view

MODE = "tiandiren"


def dealt(players: int, seed: int = 3, **options):
    """The events of a new game up to the first decision of the first turn."""
    game = new_game(MODE, players, seed, options)
    while game.request is not None and game.request.kind == "general":
        game.submit(game.request.choices[-1])
    return game.events, game.state


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_only_the_lord_is_known_at_the_start(players: int) -> None:
    events, st = dealt(players)
    assert not any(type(e) is ev.RolesDealt for e in events)
    assert [(e.seat, e.role) for e in events if type(e) is ev.RoleShown] == [(0, "lord")]
    assert [s.role for s in st.seats] == ["lord"] + [""] * (players - 1)
    for seat in range(players):
        v = view(st, seat)
        assert [s["role"] for s in v["seats"]] == ["lord"] + [None] * (players - 1)
        assert [s["side"] for s in v["seats"]] == ["lord"] + [None] * (players - 1)
        assert SeatView(st, seat).side(seat) == (None if seat else "lord")


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_starting_hands_by_seat(players: int) -> None:
    # 主公（一号位）4；二/三号位 3；四/五号位 4；六/七号位 5 — dealt from the lord on.
    events, st = dealt(players)
    deal = [(e.dst_seat, len(e.cards)) for e in events if type(e) is ev.CardsMoved and e.reason == "deal"]
    assert deal == list(enumerate((4, 3, 3, 4, 4, 5, 5)[:players]))


def test_the_lord_shows_one_general_and_the_others_keep_two_stacked() -> None:
    events, st = dealt(6, seed=11)
    lord = st.chars[0]
    g = st.content.general(lord.general)
    assert len(lord.slots) == 1 and lord.slots[0].vis is None
    assert lord.max_hp == lord.hp == g.max_hp + 1  # the lord's 1, as in the standard game
    seen = {lord.general}
    for c in st.chars[1:]:
        top, under = c.slots
        assert top.vis is None and under.vis == (c.seat,)  # the top one face up, the other seen by its own seat
        assert c.max_hp == st.content.general(top.general).max_hp  # hp from the face-up general only
        assert c.kingdom == st.content.general(top.general).kingdom
        seen |= {top.general, under.general}
    assert len(seen) == 11  # nobody shares a general


def test_choosing_deals_three_each_and_the_non_lords_choose_in_secret() -> None:
    game = new_game(MODE, 5, 9, {"generals": "choose"})
    offers = {e.seat: e for e in game.events if type(e) is ev.GeneralsOffered}
    assert sorted(offers) == [0, 1, 2, 3, 4] and all(len(o.generals) == 3 and o.vis == (s,) for s, o in offers.items())
    asked = []
    while game.request is not None and game.request.kind == "general":
        req = game.request
        asked.append((req.seat, req.prompt, req.vis))
        game.submit(req.choices[1])  # the second candidate each time
    assert asked[0] == (0, "general:lord", None)  # the lord shows its choice
    assert asked[1:] == [(s, p, (s,)) for s in range(1, 5) for p in ("general:top", "general:concealed")]
    st = game.state
    assert st.chars[0].general == offers[0].generals[1]
    for s in range(1, 5):
        cands = offers[s].generals
        top = cands[1]
        under = [g for g in cands if g != top][1]
        assert [sl.general for sl in st.chars[s].slots] == [top, under]
    # Nothing of a secret choice is shown before the top generals are turned up together.
    chosen = [i for i, e in enumerate(game.events) if type(e) is ev.GeneralChosen and e.seat > 0]
    decided = [i for i, e in enumerate(game.events) if type(e) is ev.Decided and e.seat > 0]
    assert max(decided) < min(chosen)


def test_a_person_chooses_generals() -> None:
    assert ruleset_of(MODE).person_options == {"generals": "choose"}


def test_the_lords_deputy_variant_for_six_players_with_three_rebels() -> None:
    _, st = dealt(6, seed=4, lord_deputy=True)
    lord = st.chars[0]
    main, deputy = (st.content.general(sl.general) for sl in lord.slots)
    assert all(sl.vis is None for sl in lord.slots)
    assert lord.max_hp == (main.max_hp + deputy.max_hp) // 2 + 1  # hegemony's count, then the lord's 1
    assert set(main.skills) | set(deputy.skills) <= lord.skills
    assert lord.kingdom == main.kingdom and lord.gender == main.gender  # the 副手's are ignored
    assert "force_" + main.kingdom in lord.skills  # its force skill as usual


@pytest.mark.parametrize(("players", "opts"), [(5, {}), (6, {"six_roles": "1-1-2-2"}), (7, {})])
def test_the_deputy_variant_is_refused_elsewhere(players: int, opts: dict) -> None:
    with pytest.raises(ModeError, match="lord_deputy"):
        ruleset_of(MODE).check(players, {"lord_deputy": True, **opts})


def test_what_a_character_has_at_the_start() -> None:
    _, st = dealt(5, seed=8)
    lord = st.chars[0]
    assert {"dandao_fuhui", f"force_{lord.kingdom}"} <= lord.skills  # identity and force skill from the start
    for c in st.chars[1:]:
        assert "liangjiang" in c.skills
        assert not {s for s in c.skills if s.startswith("force_")}
        assert not c.skills & {"quanquan_shengyi", "chubao_anliang", "wohu_canglong"}
        hidden = set(st.content.general(c.slots[1].general).skills) - set(st.content.general(c.general).skills)
        assert not hidden & c.skills  # the concealed general lends nothing


def test_no_force_skills_with_the_option() -> None:
    _, st = dealt(4, force_skills="none")
    assert not any(s.startswith("force_") for c in st.chars for s in c.skills)


@pytest.mark.parametrize("players", [3, 8])
def test_four_to_seven_players(players: int) -> None:
    with pytest.raises(ModeError, match="4-7 players"):
        ruleset_of(MODE).check(players, {})
