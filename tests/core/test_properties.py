"""Properties that hold at every point of many seeded bot games."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game
from sanguozhi.core.state import snapshot
from tests.soak import soak

SIDES = {"lord": "lord", "loyalist": "lord", "rebel": "rebel", "renegade": "renegade"}


def play_checked(seed: int, players: int, bot: str, options: dict | None = None, check_every: int = 1) -> tuple[list[ev.Event], list[tuple[int, object]]]:
    """Play a bot game, checking card conservation (every ``check_every``
    events, and at every death, damage and recovery) and hp after every event;
    return the events and live-state snapshots at a few points."""
    from sanguozhi.core.deck import deck_numbers

    snapshots: list[tuple[int, object]] = []
    holder: dict[str, object] = {}
    every = 97 + seed % 50

    def check(event: ev.Event) -> None:
        game = holder.get("game")
        if game is None:
            return
        state = game.state
        if not state.shuffles:
            return  # still choosing generals: no card is dealt yet
        if state.seq % check_every == 0 or isinstance(event, (ev.Died, ev.GameEnded, ev.Damaged, ev.Recovered)):
            where = state.zone_cards()  # raises if a card is in two zones
            expected = len(deck_numbers(state.deck))
            assert len(where) == expected, f"event {state.seq}: {len(where)} cards on the table, expected {expected}"
        for p in state.chars:
            assert p.hp <= p.max_hp, f"event {state.seq}: seat {p.seat} hp {p.hp} > max {p.max_hp}"
        if state.seq % every == 0:
            snapshots.append((state.seq, snapshot(state)))

    game = new_game("identity", players, seed, options or {}, on_event=check)
    holder["game"] = game
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    return game.events, snapshots


def check_folds(events: list[ev.Event], snapshots: list[tuple[int, object]], game: object = "") -> None:
    for seq, live in snapshots:
        assert snapshot(fold(events[:seq])) == live, f"game {game}: fold differs from the live state at event {seq}"
    assert fold(events).seq == len(events)


def check_winner(events: list[ev.Event]) -> None:
    state = fold(events)
    end = events[-1]
    assert isinstance(end, ev.GameEnded), "every bot game ends with GameEnded"
    assert sum(isinstance(e, ev.GameEnded) for e in events) == 1
    roles = {s.seat: s.role for s in state.seats}
    if not end.winners:
        assert end.reason.startswith(("turn_limit", "no_cards_left"))
        return
    sides = {SIDES[roles[s]] for s in end.winners}
    assert len(sides) == 1, f"winners from several sides: {end.winners}"
    side = sides.pop()
    lord_alive = state.chars[0].alive
    if side == "lord":
        assert lord_alive and not any(p.alive and roles[p.seat] in ("rebel", "renegade") for p in state.chars)
        assert set(end.winners) == {s for s, r in roles.items() if r in ("lord", "loyalist")}
    elif side == "rebel":
        assert not lord_alive
        assert set(end.winners) == {s for s, r in roles.items() if r == "rebel"}
    else:
        assert not lord_alive and [p.seat for p in state.chars if p.alive] == list(end.winners)


@pytest.mark.slow
@settings(max_examples=soak(200), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(4, 10), bot=st.sampled_from(["basic", "random"]))
def test_bot_games_conserve_cards_fold_exactly_and_end_with_a_consistent_winner(seed: int, players: int, bot: str) -> None:
    events, snapshots = play_checked(seed, players, bot, {"deck": "basic", "generals": "vanilla"})
    check_folds(events, snapshots, seed)
    check_winner(events)
