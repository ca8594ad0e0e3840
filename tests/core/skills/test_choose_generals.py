"""Choosing generals in identity mode (seed 004): the lord from 5, shown; then
the others from 3 each at the same time, no duplicates."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game, resume
from sanguozhi.core.generals import general
from sanguozhi.core.modes import ModeError
from sanguozhi.core.requests import Choice


def _choose_all(game, pick=lambda req: req.choices[0]) -> None:
    while game.request is not None and game.request.kind == "general":
        game.submit(pick(game.request))


def test_the_lord_chooses_from_five_and_it_is_shown_before_the_others_are_dealt() -> None:
    game = new_game("identity", 5, seed=3, options={"generals": "choose"})
    req = game.request
    assert req.kind == "general" and req.seat == 0 and len(req.choices) == 5
    offered = [e for e in game.events if isinstance(e, ev.GeneralsOffered)]
    assert [(e.seat, len(e.generals), e.vis) for e in offered] == [(0, 5, (0,))]
    lord_pick = req.choices[2].option
    game.submit(req.choices[2])
    chosen = [e for e in game.events if isinstance(e, ev.GeneralChosen)]
    assert [(e.seat, e.general) for e in chosen] == [(0, lord_pick)]
    assert chosen[0].max_hp == general(lord_pick).max_hp + 1
    # The others are dealt only now, each seeing only their own three.
    offered = [e for e in game.events if isinstance(e, ev.GeneralsOffered)][1:]
    assert [(e.seat, len(e.generals), e.vis) for e in offered] == [(s, 3, (s,)) for s in range(1, 5)]
    dealt = [g for e in offered for g in e.generals]
    assert len(set(dealt)) == len(dealt) and lord_pick not in dealt


def test_the_others_pick_at_the_same_time_and_are_revealed_together() -> None:
    game = new_game("identity", 5, seed=4, options={"generals": "choose"})
    _choose_all(game)
    ev_types = [type(e).__name__ for e in game.events]
    last_decision = max(i for i, e in enumerate(game.events) if isinstance(e, ev.Decided) and e.kind == "general")
    reveals = [i for i, e in enumerate(game.events) if isinstance(e, ev.GeneralChosen) and e.seat != 0]
    assert reveals == list(range(last_decision + 1, last_decision + 5)), ev_types
    kinds = [g.general for g in game.events if isinstance(g, ev.GeneralChosen)]
    assert len(set(kinds)) == 5
    decided = [e for e in game.events if isinstance(e, ev.Decided) and e.kind == "general"]
    assert [d.seat for d in decided] == [0, 1, 2, 3, 4]


def test_candidate_counts_are_options() -> None:
    game = new_game("identity", 5, seed=5, options={"generals": "choose", "lord_candidates": 4, "candidates": 2})
    assert len(game.request.choices) == 4
    game.submit(game.request.choices[0])
    assert len(game.request.choices) == 2


def test_ten_players_get_two_candidates_each_and_still_no_duplicates() -> None:
    game = new_game("identity", 10, seed=6, options={"generals": "choose"})
    game.submit(game.request.choices[0])
    offered = [e for e in game.events if isinstance(e, ev.GeneralsOffered)][1:]
    assert all(len(e.generals) == 2 for e in offered)
    dealt = [g for e in offered for g in e.generals]
    assert len(set(dealt)) == len(dealt) == 18


def test_too_many_candidates_for_the_pool_is_refused() -> None:
    with pytest.raises(ModeError, match="candidates"):
        new_game("identity", 5, seed=1, options={"generals": "choose", "lord_candidates": 30})


def test_random_generals_are_distinct_and_need_no_decision() -> None:
    game = new_game("identity", 8, seed=7, options={"generals": "random"})
    chosen = [e.general for e in game.events if isinstance(e, ev.GeneralChosen)]
    assert len(chosen) == 8 and len(set(chosen)) == 8 and "vanilla" not in chosen
    assert game.request.kind != "general"


def test_vanilla_keeps_every_seat_on_the_stand_in() -> None:
    game = new_game("identity", 5, seed=1, options={"generals": "vanilla"})
    assert {p.general for p in game.state.chars} == {"vanilla"}


def test_a_game_resumes_in_the_middle_of_choosing() -> None:
    game = new_game("identity", 5, seed=9, options={"generals": "choose"})
    game.submit(game.request.choices[1])
    game.submit(game.request.choices[0])
    again = resume(game.events)
    assert again.request == game.request


def test_bots_choose_and_a_bot_lord_prefers_a_lord_skill() -> None:
    for seed in range(5):
        game = new_game("identity", 5, seed=seed, options={"generals": "choose"})
        offered = [g for e in game.events if isinstance(e, ev.GeneralsOffered) for g in e.generals]
        pick = bot_choice("basic", game.state, game.request)
        if any(general(g).lord_skills for g in offered):
            assert general(pick.option).lord_skills
        game.submit(pick)
        while game.request.kind == "general":
            game.submit(bot_choice("random", game.state, game.request))
        assert all(p.general != "vanilla" for p in game.state.chars)


def test_the_choice_must_be_one_of_the_candidates() -> None:
    from sanguozhi.core.requests import IllegalDecision

    game = new_game("identity", 5, seed=2, options={"generals": "choose"})
    offered = {c.option for c in game.request.choices}
    other = next(g for g in ("caocao", "liubei", "sunquan", "lvbu", "diaochan", "huatuo") if g not in offered)
    with pytest.raises(IllegalDecision):
        game.submit(Choice(option=other))


def test_by_default_the_lord_is_offered_the_three_lords_and_two_more_at_random() -> None:
    others = set()
    for seed in range(6):
        game = new_game("identity", 5, seed=seed, options={"generals": "choose"})
        offered = [c.option for c in game.request.choices]
        assert offered[:3] == ["caocao", "liubei", "sunquan"] and len(set(offered)) == 5
        assert not any(general(g).lord_skills for g in offered[3:])
        others.add(tuple(offered[3:]))
        game.submit(Choice(option="liubei"))
        dealt = [g for e in game.events if isinstance(e, ev.GeneralsOffered) and e.seat for g in e.generals]
        assert "liubei" not in dealt and len(set(dealt)) == len(dealt) == 12
    assert len(others) > 1  # the two others are drawn by the seed


def test_seed_004s_five_at_random_is_an_option_and_what_old_records_replay() -> None:
    import msgspec

    new = new_game("identity", 5, seed=3, options={"generals": "choose", "lord_offer": "seed004"})
    offered = [c.option for c in new.request.choices]
    assert len(offered) == 5 and offered[:3] != ["caocao", "liubei", "sunquan"]
    new.submit(new.request.choices[0])
    # A record from before the option has no lord_offer: it replays as seed 004 dealt it.
    start = new.events[0]
    old_start = msgspec.structs.replace(start, options={k: v for k, v in start.options.items() if k != "lord_offer"})
    again = resume([old_start, *new.events[1:]], from_start=True)
    assert again.events[1:] == new.events[1:]


def test_bot_games_with_random_generals_keep_their_options_and_ids() -> None:
    from sanguozhi.core.modes import ruleset_of
    from sanguozhi.records.session import sim_game_id

    opts = ruleset_of("identity").check(5, {})
    assert "lord_offer" not in opts
    # The id `sgz sim --seed 1` gives under sgz-rules/2 (pinned: an option left out keeps the ids;
    # f256550422219892 under sgz-rules/1, the rules are part of the id).
    assert sim_game_id("identity", 5, 1, opts, {str(s): "basic" for s in range(5)}) == "047957e30b97654e"


@pytest.mark.parametrize(
    ("players", "options", "says"),
    [
        (10, {"candidates": 9}, "candidates must be 1-2 with 10 players"),
        (5, {"candidates": 0}, "candidates must be 1-6"),
        (5, {"lord_candidates": 2}, "lord_candidates must be 3-25"),
        (5, {"lord_candidates": 2, "lord_offer": "seed004"}, None),
    ],
)
def test_candidate_counts_that_cannot_be_dealt_are_refused(players: int, options: dict, says: str | None) -> None:
    if says is None:
        new_game("identity", players, seed=1, options={"generals": "choose", **options})
        return
    with pytest.raises(ModeError, match=says):
        new_game("identity", players, seed=1, options={"generals": "choose", **options})


def test_max_turns_must_allow_a_turn() -> None:
    with pytest.raises(ModeError, match="max_turns must be at least 1"):
        new_game("identity", 5, seed=1, options={"max_turns": 0})
