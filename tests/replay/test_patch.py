"""replay.patch: the operations between two views turn one into the other."""
from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from sanguozhi.core.evolve import apply as fold_one
from sanguozhi.core.evolve import initial_state
from sanguozhi.replay.page import page_view
from sanguozhi.replay.patch import SPLICE, apply, diff
from sanguozhi.replay.visibility import SeenTracker

from .games import bot_game

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3))
json = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=3), inner, max_size=5)), max_leaves=25)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(a=json, b=json)
def test_the_patch_turns_a_into_b_and_leaves_b_alone(a, b) -> None:
    ops = diff(a, b)
    before = copy.deepcopy(b)
    out = apply(copy.deepcopy(a), ops)
    assert out == b and type(out) is type(b)
    assert b == before  # values are copied in, never shared with the patch


def test_equal_views_need_no_patch_and_a_growing_pile_is_one_splice() -> None:
    v = {"discard": [1, 2, 3], "seats": [{"hand": [4, 5]}]}
    assert diff(v, copy.deepcopy(v)) == []
    w = {"discard": [1, 2, 3, 9], "seats": [{"hand": [5]}]}
    ops = diff(v, w)
    assert [SPLICE, ["discard"], 3, [9]] in ops
    assert [SPLICE, ["seats", 0, "hand"], 0, [5]] in ops


def test_patches_between_the_views_of_a_game_rebuild_every_view() -> None:
    events = bot_game(5, 4, max_turns=12)
    state = initial_state(events[0])
    tracker = SeenTracker(5)
    last = None
    for i, e in enumerate(events):
        if i:
            fold_one(state, e)
        tracker.feed(e)
        v = page_view(state, 2, tracker.unseen[2])
        if last is not None:
            assert apply(copy.deepcopy(last), diff(last, v)) == v
        last = v
