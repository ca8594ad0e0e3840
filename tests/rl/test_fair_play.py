"""An agent learns nothing the rules hide: its observation is the same in every
world its seat cannot tell from the real one (``replay.determinize``: the hidden
cards, roles and concealed generals dealt again), at every kind of question."""
from __future__ import annotations

import pytest

from .util import MODES, need_rl

need_rl()

from sanguozhi.core.bots import bot_choice  # noqa: E402
from sanguozhi.core.game import decision_points, new_game  # noqa: E402
from sanguozhi.core.rng import Draws  # noqa: E402
from sanguozhi.core.view import view  # noqa: E402
from sanguozhi.replay.determinize import pending_secrets, redeal  # noqa: E402
from sanguozhi.replay.seek import Timeline  # noqa: E402
from sanguozhi.rl.actions import Factored  # noqa: E402
from sanguozhi.rl.layout import vocab  # noqa: E402
from sanguozhi.rl.observe import Observer  # noqa: E402


@pytest.mark.parametrize(("mode", "players"), MODES, ids=[m for m, _ in MODES])
def test_the_observation_does_not_change_when_what_the_seat_cannot_see_is_dealt_again(mode: str, players: int) -> None:
    game = new_game(mode, players, 11, {"max_turns": 12})
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request))
    events = game.events
    v, _ = vocab(mode, players, {"max_turns": 12})
    observer, factored = Observer(v), Factored(v)
    timeline = Timeline(events)
    points = decision_points(events)[::7][:14]
    changed = compared = 0
    for k in points:
        seat = events[k].seat
        if pending_secrets(events, k, seat)[0] < k:
            continue  # another seat's secret answer just before: the analysis draws it again
        real = timeline.resume(k)
        req = real.request
        assert req is not None and req.seat == seat
        steps = factored.start(req)
        mine = observer.encode(real.state, seat, req, steps)
        for world in range(3):
            other = timeline.resume(k)
            other.add_external(redeal(other.state, seat, timeline.visibility, k, Draws(world + 1, "fair", k), req))
            changed += view(other.state, None) != view(real.state, None)
            compared += 1
            assert (observer.encode(other.state, seat, req, factored.start(req)) == mine).all(), f"event {k}, seat {seat}, world {world}"
    assert compared and changed  # the worlds did differ where the seat cannot see
