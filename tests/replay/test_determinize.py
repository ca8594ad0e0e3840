"""Determinization never moves what the analysing seat has seen, and changes only what it has not."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import apply, fold
from sanguozhi.core.rng import Draws
from sanguozhi.core.view import view
from sanguozhi.replay.determinize import hidden_cards, redeal
from sanguozhi.replay.visibility import Visibility, open_cards

from .games import bot_game


def seat_view(state, seat: int, seen: Visibility, k: int) -> dict:
    v = view(state, seat, seen.unseen(seat, k, open_cards(state)))
    v.pop("seq")
    return v


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(4, 8), where=st.floats(0.05, 0.95), generals=st.sampled_from(["random", "choose"]))
def test_a_redeal_keeps_everything_the_seat_has_seen(seed: int, players: int, where: float, generals: str) -> None:
    events = bot_game(players, seed, "basic", max_turns=25, generals=generals)
    seen = Visibility(events)
    k = max(2, int(len(events) * where))
    before = fold(events[:k])
    for seat in range(players):
        deal = redeal(before, seat, seen, k, Draws(seed, "test", seat))
        after = before.clone()
        apply(after, deal)
        # What the seat sees is the same: its hand, open cards, shown roles, generals, counts.
        assert seat_view(after, seat, seen, k) == seat_view(before, seat, seen, k)
        # Only cards it has not seen moved, among the places it could not see.
        hidden = set(hidden_cards(before, seat, seen, k))
        assert set(deal.cards) == hidden and sorted(deal.dealt) == sorted(deal.cards)
        for c, where_before in before.zone_cards().items():
            if c not in hidden:
                assert after.zone_cards()[c] == where_before, f"card {c} the seat knew moved"
        assert Counter(s.role for s in after.seats) == Counter(s.role for s in before.seats)
        for s in before.seats:
            if s.seat == seat or s.role_shown:
                assert after.seats[s.seat].role == s.role
        assert len(after.pile) == len(before.pile) and all(len(a.hand) == len(b.hand) for a, b in zip(after.seats, before.seats))


def test_a_redeal_really_deals_again() -> None:
    events = bot_game(5, 3, "basic", max_turns=10)
    seen = Visibility(events)
    k = len(events) // 2
    state = fold(events[:k])
    deals = {redeal(state, 0, seen, k, Draws(1, "test", i)).dealt for i in range(5)}
    assert len(deals) == 5  # five different worlds
    deal = redeal(state, 0, seen, k, Draws(1, "test", 0))
    assert deal.roles and deal.roles[0] == "lord" and deal.vis == ()


def test_a_redeal_is_an_event_that_replays() -> None:
    from sanguozhi.core.game import resume

    events = bot_game(5, 5, "basic", max_turns=12)
    k = len(events) // 2
    game = resume(events, k)
    seen = Visibility(events)
    seat = game.request.seat
    game.add_external(redeal(game.state, seat, seen, k, Draws(9, "test", 0)))
    game.add_external(ev.Reseeded(seed=77))
    while not game.over:
        from sanguozhi.core.bots import bot_choice

        game.submit(bot_choice("basic", game.state, game.request))
    again = resume(game.events, from_start=True)
    assert again.events == game.events
