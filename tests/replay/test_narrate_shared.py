"""One narrator for every viewer (``Narrator.lines``, what a live table uses)
says exactly what a narrator of each viewer's own would say, in every mode."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import apply, initial_state
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.replay.narrate import Narrator
from tests.replay.games import bot_game

SPECTATOR = -1  # a viewer who is no seat (the live table's watchers)


def _compare(events: list[ev.Event], lang: str) -> int:
    """Check every event's lines for every viewer; the number of lines that differ between viewers."""
    table = initial_state(events[0])
    viewers = [SPECTATOR, None, *range(len(table.seats))]
    own = [Narrator(lang, v) for v in viewers]
    shared = Narrator(lang)
    for n in (*own, shared):
        n._followed = table
    differ = 0
    for i, e in enumerate(events):
        alone = [n.line(e, table) for n in own]
        assert shared.lines(e, table, viewers) == alone, (i, e)
        differ += len(set(alone)) > 1
        if i:
            apply(table, e)
    return differ


@pytest.mark.parametrize("mode", playable_modes())
def test_one_narrator_for_every_viewer_says_what_each_viewers_own_would(mode: str) -> None:
    players = ruleset_of(mode).players.start
    events = bot_game(players, seed=3, mode=mode, max_turns=12)
    differ = sum(_compare(events, lang) for lang in ("en", "zh"))
    assert differ > 0  # some lines do depend on the viewer (a draw, a concealed general): the test sees them


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["identity", "hegemony", "duel", "3v3-casual", "tiandiren"]))
def test_shared_narration_holds_over_seeded_games(seed: int, mode: str) -> None:
    players = ruleset_of(mode).players.start
    _compare(bot_game(players, seed=seed, mode=mode, max_turns=8), "en")


@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_a_line_made_once_a_viewer_starts_each_time_from_the_same_state(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line made as if it depended on the viewer (each viewer's from the
    state before it): 无懈可击 lines move their trick's target on, 拼点 and
    judgement lines clear what they told; none of it may leak into the next viewer's line."""
    from tests.replay.test_narrate import nullify_game

    events, aimed = nullify_game(seed)
    assert aimed  # the game has nullifications to narrate
    text = Narrator._text

    def asking(self: Narrator, e: ev.Event) -> str | None:
        self.viewer  # noqa: B018 - reading it is what makes the line per viewer
        return text(self, e)

    monkeypatch.setattr(Narrator, "_text", asking)
    _compare(events, "en")
