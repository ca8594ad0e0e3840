"""Choosing in steps (replay/steps.py): the card or skill, then its targets, then its form."""
from __future__ import annotations

import pytest

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import BUILTIN, playable_modes, ruleset_of
from sanguozhi.core.requests import Choice, Request
from sanguozhi.replay.prompts import Asked
from sanguozhi.replay.steps import Chooser, HandKeys, Refused, describe, hand_keys
from tests.scenario import Table


def test_a_card_with_several_targets_is_chosen_card_first_then_target_by_seat_number() -> None:
    t = Table(5, hands={0: ["iron_chain", "slash", "dismantlement"]})
    req = t.request
    assert req.kind == "play" and len(req.choices) > 8  # the flat list: every card x target tuple
    ch = Chooser(req, t.state, hand_keys(t.state, 0))
    first = ch.step()
    assert first.stage == "what" and len(first.items) <= len(t.state.seats[0].hand) + 1  # a card each, and ending the phase
    chain = next(it for it in first.items if ch.groups[it.group].cards == (t.in_hand(0, "iron_chain"),))
    assert ch.enter(chain.key) is None
    targets = ch.step()
    assert targets.stage == "targets"
    # One position at a time, by seat number; "ok" at no target is the card's 重铸.
    assert {it.key for it in targets.items if it.what == "seat"} == {"0", "1", "2", "3", "4"}
    done = next(it for it in targets.items if it.what == "done")
    assert req.choices[done.choices[0]].option == "recast"
    assert ch.enter("2") is None
    after = ch.step()
    assert after.picked == (2,) and "2" not in {it.key for it in after.items} and any(it.what == "done" for it in after.items)
    assert ch.enter("3") == Choice(cards=(t.in_hand(0, "iron_chain"),), targets=(2, 3))


def test_b_goes_back_a_step_and_bad_keys_are_refused() -> None:
    t = Table(5, hands={0: ["iron_chain", "slash"]})
    ch = Chooser(t.request, t.state, hand_keys(t.state, 0))
    key = next(g.key for g in ch.groups if g.cards == (t.in_hand(0, "iron_chain"),))
    assert isinstance(ch.enter("zz"), Refused)
    ch.enter(key)
    ch.enter("1")
    assert ch.step().picked == (1,)
    assert ch.back() and ch.step().picked == ()
    assert ch.back() and ch.step().stage == "what"
    assert not ch.back()
    assert ch.enter("p") == Choice(option="end")  # p ends the play phase


def test_every_answer_of_every_mode_is_reached_by_its_keys() -> None:
    """Over bot games of every mode: typing ``keys_for(choice)`` gives back exactly that choice."""
    for mode in (m for m in playable_modes() if m in BUILTIN):  # not a test's own mode
        rs = ruleset_of(mode)
        game = new_game(mode, min(rs.players), 3, {"max_turns": 6})
        keys: dict[int, HandKeys] = {}
        asked = 0
        while not game.over and asked < 400:
            req = game.request
            st = game.state
            owner = st.chars[req.seat].owner
            keys[owner] = hand_keys(st, owner, keys.get(owner))
            if req.choices:
                ch = Chooser(req, st, keys[owner])
                for choice in req.choices:
                    typed = ch.keys_for(choice)
                    assert typed, (mode, req.kind, choice)
                    fresh = Chooser(req, st, keys[owner])
                    got = None
                    for k in typed:
                        got = fresh.enter(k)
                    assert got == choice, (mode, req.kind, typed, choice, got)
                    step = fresh.step()
                    assert step.stage == "what"  # an answer leaves the chooser at its first step
                # a step is a short list: at most the table's seats, the hand, the skills and ok/pass
                words = Asked(req, st, "zh")
                assert describe(ch, words)[1]
            asked += 1
            game.submit(bot_choice("basic", st, req))


def test_a_hand_card_keeps_its_letter_while_it_stays_in_the_hand() -> None:
    keys = HandKeys().follow([10, 11, 12], (1, "play"))
    assert keys.of() == {10: "a", 11: "c", 12: "d"}
    later = keys.follow([10, 12, 13], (1, "play"))  # 11 left; 13 came: c is not given again this phase
    assert later.of() == {10: "a", 12: "d", 13: "e"}
    next_phase = later.follow([10, 12, 13, 14], (1, "discard"))
    assert next_phase.of() == {10: "a", 12: "d", 13: "e", 14: "c"}
    assert not set("bhpqtulo") & set("".join(HandKeys().follow(list(range(40)), (0, "")).of().values()))


def test_the_duel_asks_which_general_acts_first() -> None:
    game = new_game("duel", 2, 3, {})
    while game.request.kind != "play":
        game.submit(bot_choice("basic", game.state, game.request))
    req = game.request
    ch = Chooser(req, game.state, hand_keys(game.state, req.seat))
    for g in ch.groups:
        if g.passing or len({c.targets for c in (req.choices[i] for i in g.choices)}) < 2:
            continue
        firsts = {req.choices[i].targets[0] for i in g.choices}
        if len(firsts) < 2:
            continue
        ch.enter(g.key)
        step = ch.step()
        assert step.stage == "targets" and step.actor
        assert {it.seat for it in step.items if it.what == "seat"} == firsts
        assert "你的哪名武将" in describe(ch, Asked(req, game.state, "zh"))[0]
        return
    pytest.skip("no card two generals could use at this position")


def test_answers_that_differ_only_by_their_form_are_a_step_of_their_own() -> None:
    state = new_game("hegemony", 4, 1, {}).state
    hand = state.seats[0].hand or [0]
    card = hand[0] if hand else 0
    req = Request(0, "skill", prompt="x", choices=(Choice(cards=(card,), targets=(1,), option="main"), Choice(cards=(card,), targets=(1,), option="deputy"), Choice(cards=(card,), targets=(2,), option="main")))
    ch = Chooser(req, state, hand_keys(state, 0))
    assert ch.enter(ch.groups[0].key) is None and ch.step().stage == "targets"
    assert ch.enter("1") is None
    form = ch.step()
    assert form.stage == "form" and len(form.items) == 2
    assert ch.enter("2") == req.choices[1]


def test_a_pick_of_hand_cards_takes_their_letters() -> None:
    t = Table(4, hands={0: ["slash", "dodge", "peach"]})
    hand = t.state.seats[0].hand
    keys = hand_keys(t.state, 0)
    req = Request(0, "discard", prompt="discard", cards=tuple(hand), min=2, max=2)
    ch = Chooser(req, t.state, keys)
    letters = [keys.of()[c] for c in hand]
    assert ch.pick(letters[:2]) == Choice(cards=tuple(hand[:2]))
    assert ch.pick(letters[:1]).reason == "pick_count"
    assert ch.pick([letters[0], letters[0]]).reason == "pick_twice"


def test_an_answer_on_oneself_says_so() -> None:
    t = Table(4, hands={0: ["iron_chain", "ex_nihilo"]})
    req, st = t.request, t.state
    chain, nihilo = t.in_hand(0, "iron_chain"), t.in_hand(0, "ex_nihilo")
    for lang, word in (("en", "yourself"), ("zh", "自己")):
        a = Asked(req, st, lang)
        assert a.choice(Choice(cards=(chain,), targets=(0,))).endswith(word)
        assert word not in a.choice(next(c for c in req.choices if c.cards == (nihilo,)))  # 无中生有 is only ever one's own
