"""The factored encoding reaches every legal answer of a request and nothing else;
the flat one lists them; the steps are the table's (card or skill, targets, form)."""
from __future__ import annotations

import copy
from itertools import combinations

import pytest

from .util import MODES, need_rl

need_rl()

from sanguozhi.core.bots import bot_choice  # noqa: E402
from sanguozhi.core.game import new_game  # noqa: E402
from sanguozhi.core.requests import Choice, Request  # noqa: E402
from sanguozhi.rl.actions import Factored, Flat  # noqa: E402
from sanguozhi.rl.layout import action_segments, vocab  # noqa: E402


def reachable(factored: Factored, request: Request, limit: int = 20_000) -> tuple[set[Choice], int]:
    """Every answer the masks lead to (depth first), and the most steps one took."""
    found: set[Choice] = set()
    deepest = 0
    todo = [(factored.start(request), 1)]
    while todo and len(found) < limit:
        steps, depth = todo.pop()
        deepest = max(deepest, depth)
        for action in factored.mask(steps).nonzero()[0]:
            branch = copy.deepcopy(steps)
            answer = factored.take(branch, int(action))
            if answer is None:
                todo.append((branch, depth + 1))
            else:
                assert request.check(answer) is None, f"{answer} is not legal"
                found.add(answer)
    return found, deepest


def requests_of(mode: str, players: int, seed: int = 6, most: int = 60) -> list[Request]:
    game = new_game(mode, players, seed, {"max_turns": 20})
    out = []
    while not game.over and len(out) < most:
        out.append(game.request)
        game.submit(bot_choice("random", game.state, game.request))
    return out


@pytest.mark.parametrize(("mode", "players"), MODES, ids=[m for m, _ in MODES])
def test_every_legal_answer_and_only_those_are_reachable(mode: str, players: int) -> None:
    v, _ = vocab(mode, players, {"max_turns": 20})
    factored = Factored(v)
    for req in requests_of(mode, players):
        found, _ = reachable(factored, req)
        if req.choices:
            assert found == set(req.choices), req
        elif len(req.cards) <= 8:
            want = {frozenset(c) for k in range(req.min, req.max + 1) for c in combinations(req.cards, k)}
            assert {frozenset(a.cards) for a in found} == want, req


def test_a_card_then_its_targets_one_at_a_time_then_its_form() -> None:
    v, _ = vocab("identity", 5, {})
    seg = {name: at for name, at, _ in action_segments(v)}
    chain, other = v.deck[0], v.deck[1]
    req = Request(0, "play", prompt="play", choices=(
        Choice(cards=(chain,), targets=(1,)), Choice(cards=(chain,), targets=(1, 2)), Choice(cards=(chain,), targets=(2, 3)),
        Choice(cards=(chain,), option="recast"), Choice(cards=(other,), targets=(4,)), Choice(option="zhiheng"), Choice(option="end"),
    ))  # fmt: skip
    f = Factored(v)
    steps = f.start(req)
    what = set(f.mask(steps).nonzero()[0])
    assert what == {seg["card"] + 0, seg["card"] + 1, seg["option"] + v.options.index("zhiheng"), seg["pass"]}
    assert f.take(steps, seg["card"]) is None and steps.stage == "targets"
    assert set(f.mask(steps).nonzero()[0]) == {seg["target"] + 1, seg["target"] + 2, seg["done"]}  # done: the recast
    assert f.take(steps, seg["target"] + 1) is None
    assert set(f.mask(steps).nonzero()[0]) == {seg["target"] + 2, seg["done"]}
    assert f.take(steps, seg["done"]) == Choice(cards=(chain,), targets=(1,))
    steps = f.start(req)
    f.take(steps, seg["card"])
    assert f.take(steps, seg["target"] + 2) == Choice(cards=(chain,), targets=(2, 3))  # one choice goes on from there
    steps = f.start(req)
    assert f.take(steps, seg["card"] + 1) == Choice(cards=(other,), targets=(4,))  # a group of one
    with pytest.raises(ValueError, match="not legal at this step"):
        f.take(f.start(req), seg["target"])


def test_a_pick_takes_cards_one_at_a_time_and_is_done_from_min() -> None:
    v, _ = vocab("identity", 5, {})
    f = Factored(v)
    seg = {name: at for name, at, _ in action_segments(v)}
    req = Request(0, "discard", prompt="discard", cards=(5, 9, 30), min=1, max=2)
    steps = f.start(req)
    assert set(f.mask(steps).nonzero()[0]) == {seg["card"] + 5, seg["card"] + 9, seg["card"] + 30}
    assert f.take(steps, seg["card"] + 9) is None
    assert set(f.mask(steps).nonzero()[0]) == {seg["card"] + 5, seg["card"] + 30, seg["done"]}
    assert f.take(steps, seg["card"] + 30) == Choice(cards=(9, 30))


def test_flat_numbers_the_answers_and_a_picks_card_sets() -> None:
    flat = Flat()
    req = Request(0, "discard", prompt="discard", cards=(5, 9, 30), min=1, max=2)
    answers = flat.answers(req)
    assert [a.cards for a in answers] == [(5,), (9,), (30,), (5, 9), (5, 30), (9, 30)]
    assert flat.mask(answers).sum() == 6 and len(flat.mask(answers)) == Flat.size
