"""The basic bot in hegemony: it judges sides only by revealed kingdoms, and
reveals by a rule of thumb."""
from __future__ import annotations

import pytest

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game
from sanguozhi.core.requests import Choice

from .table import HgTable


def swap_concealed(state, me: int):  # -> State
    """A copy of ``state`` where the generals concealed from seat ``me`` are dealt
    out again in another order (and the other hands and the pile changed)."""
    other = state.clone()
    slots = [sl for p in other.chars if p.owner != me for sl in p.slots if sl.vis is not None and me not in sl.vis]
    names = [sl.general for sl in slots]
    for sl, g in zip(slots, names[1:] + names[:1]):
        sl.general = g
    hidden = [c for s in other.seats if s.seat != me for c in s.hand][::-1]
    for s in other.seats:
        if s.seat != me:
            s.hand[:], hidden = hidden[: len(s.hand)], hidden[len(s.hand) :]
    other.pile.reverse()
    for p in other.chars:
        if p.slots:
            other.rs.refresh(other, p.seat)
    return other, len(slots)


@pytest.mark.parametrize("mode", ["hegemony", "hegemony-six"])
def test_the_bot_judges_sides_only_by_what_is_revealed(mode: str) -> None:
    checked = swapped = 0
    for seed in range(40):
        if checked >= 600:
            break
        game = new_game(mode, 4 + seed % 9, seed)
        while not game.over:
            req = game.request
            choice = bot_choice("basic", game.state, req)
            if game.state.shuffles:  # generals chosen: the game is on
                other, n = swap_concealed(game.state, req.seat)
                assert bot_choice("basic", other, req) == choice, (seed, game.state.seq, req)
                swapped += n > 1
                checked += 1
            game.submit(choice)
    assert checked >= 600 and swapped > 120  # decisions where two or more concealed generals were exchanged


def test_the_bot_reveals_both_at_once_when_companions_pay() -> None:
    t = HgTable(4, generals={0: ("hg_caocao", "hg_dianwei")})
    assert bot_choice("basic", t.state, t.request) == Choice(option="both")


def test_the_bot_keeps_concealed_early_without_a_reward() -> None:
    t = HgTable(4, generals={0: ("hg_caocao", "hg_zhangliao")})
    assert bot_choice("basic", t.state, t.request) == Choice(option="pass")


def test_the_bot_reveals_once_a_kingdom_mate_has() -> None:
    t = HgTable(6, generals={0: ("hg_caocao", "hg_zhangliao"), 3: ("blank_wei4m", "blank_wei4f")}, shown=[3])
    assert bot_choice("basic", t.state, t.request) == Choice(option="both")


def test_the_bot_takes_the_half_fish_and_recovers_when_low() -> None:
    t = HgTable(4, generals={0: ("blank_wei3m", "blank_wei4f")})
    t.option("both")
    assert t.request.prompt == "half_fish" and bot_choice("basic", t.state, t.request) == Choice(option="draw")


def test_the_bot_chooses_companions_when_dealt_them() -> None:
    picks = 0
    for seed in range(30):
        game = new_game("hegemony", 4, seed)
        req = game.request
        pairs = {c.option for c in req.choices}
        from sanguozhi.core.modes.hegemony.generals import companions

        paired = [p for p in pairs if companions(*p.split("+"))]
        if paired:
            assert companions(*bot_choice("basic", game.state, req).option.split("+"))
            picks += 1
    assert picks >= 3


def test_the_bot_uses_assault_when_no_target_is_a_known_enemy() -> None:
    """强袭 chosen (the action scores it) while every other character is still
    concealed: the bot aims at someone not known to be an ally (it failed with
    ``min() arg is an empty sequence`` in hegemony-six)."""
    from sanguozhi.core.modes.hegemony.policy import _qiangxi
    from sanguozhi.core.requests import Choice, Request
    from sanguozhi.core.rng import Draws
    from sanguozhi.core.view import SeatView

    game = new_game("hegemony-six", 5, 4)
    while game.request.kind == "generals":
        game.submit(game.request.choices[0])
    view = SeatView(game.state, 0)
    req = Request(0, "skill", prompt="hg_qiangxi", choices=tuple(Choice(option="hp", targets=(t,)) for t in (1, 2)))
    assert not any(view.kingdom(t) for t in (1, 2))  # nobody's side is known yet
    assert _qiangxi(view, req, Draws(1, "bot", 0)) in req.choices
