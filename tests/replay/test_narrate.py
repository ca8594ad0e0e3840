"""Narration names what a player needs and never an internal id.

The engine's requests are the oracle for what the narrator infers from the
events alone: a 无懈可击's request prompt says which trick, user and target it
answers, so the narrator's "against X's trick on Y" is checked against it over
seeded bot games.
"""
from __future__ import annotations

import re

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.deck import CARDS
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.seek import Timeline
from sanguozhi.replay.table import render
from tests.replay.test_prompts import ENGLISH

ID_LIKE = re.compile(r"#\d|\[[♠♥♣♦]|\b[a-z]+_[a-z_]+\b")


def nullify_game(seed: int, players: int = 6) -> tuple[list[ev.Event], dict[int, tuple[str, int, int, int]]]:
    """A bot game, and for each 无懈可击 used: the prompt of the request it answered (trick, user, target, depth)."""
    game = new_game("identity", players, seed, {"max_turns": 60})
    aimed: dict[int, tuple[str, int, int, int]] = {}
    while not game.over:
        req = game.request
        assert req is not None
        choice = bot_choice("random" if seed % 2 else "basic", game.state, req)
        before = len(game.events)
        game.submit(choice)
        if req.kind == "nullify" and not choice.is_pass:
            trick, user, target, depth = req.prompt.split(":")
            i = next(i for i in range(before, len(game.events)) if type(game.events[i]) is ev.CardUsed and game.events[i].name == "nullification")
            aimed[i] = (trick, int(user), int(target), int(depth))
    return game.events, aimed


@pytest.mark.parametrize("seed", range(1, 25))
def test_a_nullification_is_narrated_against_what_it_answers(seed: int) -> None:
    events, aimed = nullify_game(seed)
    n = Narrator("en")
    for i, e in enumerate(events):
        n.line(e)
        if i in aimed:
            trick, user, target, depth = aimed[i]
            assert n._uses[-1].against is not None, f"event {i}: no target for {trick}"
            got_user, got_what, got_target = n._uses[-1].against
            if depth == 0:
                assert (got_what, got_user, got_target) == (trick, user, target), f"event {i}"
            else:
                assert got_what == "nullification"


def test_the_nullification_oracle_sees_every_kind_of_aim() -> None:
    kinds = set()
    for seed in range(1, 25):
        _, aimed = nullify_game(seed)
        for trick, user, target, depth in aimed.values():
            kinds.add("delayed" if user < 0 else "nested" if depth else "mass" if trick in ("savage_assault", "archery_attack", "god_salvation", "amazing_grace") else "single")
    assert kinds == {"delayed", "nested", "mass", "single"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_line_shows_an_internal_id(lang: str) -> None:
    events, _ = nullify_game(3)
    n = Narrator(lang)
    lines = [t for e in events if (t := n.line(e))]
    assert len(lines) > 200
    for text in lines[1:]:  # the roles line of the full review is data-free too
        assert not ID_LIKE.search(text), text


def test_cards_read_as_a_player_says_them() -> None:
    n, z = Narrator("en"), Narrator("zh")
    chitu = next(c.number for c in CARDS if c.face == "赤兔")
    assert n.card(0) == "Slash ♠7" and z.card(0) == "【杀】♠7"
    assert n.card(chitu) == "Chitu ♥5" and z.card(chitu) == "【赤兔】♥5"


def test_a_seat_is_named_by_its_face_up_general_only() -> None:
    events = nullify_game(2, players=5)[0]
    n = Narrator("zh", viewer=1)
    for e in events[:40]:
        n.line(e)
    st = n.table
    assert st is not None
    g = st.chars[2].general
    assert n.seat(2).startswith("2号位 ") and n.seat(2).endswith(n.name(g))
    st.chars[2].slots[0].vis = (2,)  # concealed from seat 1: the name goes
    assert n.seat(2) == "2号位"


@pytest.mark.parametrize("mode", playable_modes())
def test_every_mode_reads_in_chinese(mode: str) -> None:
    """The log and the table of a bot game in every mode, in Chinese, as the whole
    review and as a seat saw it: no word left in English (an id such as "next_died")."""
    rs = ruleset_of(mode)
    game = new_game(mode, sorted(rs.players)[len(rs.players) // 2], 4, {"max_turns": 30})
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request))
    tl = Timeline(game.events)
    for seat in (None, 0):
        n = Narrator("zh", seat)
        texts = [t for e in game.events if (t := n.line(e))]
        for k in (len(game.events) // 2, len(game.events)):
            state = tl.state_at(k)
            texts.append(render(state, seat, "zh", unseen=tl.unseen(state, seat) if seat is not None else ()))
        for text in texts:
            assert not ENGLISH.search(text), (mode, seat, text)


def test_stargazing_puts_back_what_it_looked_at() -> None:
    """观星's cards go back on the pile (top, then bottom): told as a put-back, the
    cards named to the one who looked only (it was narrated as "nobody looks at the top 2 cards")."""
    from tests.scenario import Table

    t = Table(4, generals={0: "zhugeliang"}, pile=["slash", "dodge", "peach", "analeptic"], first=0)
    req = t.request
    assert req.kind == "trigger"
    t.option("guanxing")
    keep = t.request
    t.pick(*keep.cards[:2])
    moves = [e for e in t.events if type(e) is ev.CardsMoved and e.reason.startswith("guanxing")]
    mine, theirs = Narrator("en", 0), Narrator("en", 1)
    lines = {}
    for e in t.events:
        a, b = mine.line(e), theirs.line(e)
        if e in moves:
            lines[e.reason] = (a, b)
    assert "puts Slash" in lines["guanxing"][0] and "on the top of the draw pile" in lines["guanxing"][0]
    assert lines["guanxing"][1].endswith("puts 2 cards on the top of the draw pile")
    assert "bottom" in lines["guanxing:bottom"][1] and "nobody" not in " ".join(x for pair in lines.values() for x in pair)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_duels_turn_counters_are_noted_by_what_they_count(lang: str) -> None:
    """A step onto the duel's bookkeeping of a 杀 or a 酒 says what is counted, not
    "seat 4's Duel changes state" (the counters are kept under the mode's name)."""
    from tests.replay.games import bot_game

    events = bot_game(2, seed=3, mode="duel", max_turns=12)
    n = Narrator(lang, None, mode="duel")
    notes = []
    for e in events:
        n.line(e)
        if type(e) is ev.SkillStateChanged and e.skill == "duel":
            notes.append(n.note(e))
    assert notes, "no 杀 or 酒 was counted in the game"
    words = ("已使用【杀】", "已使用【酒】", "【酒】的效果", "可多使用【杀】") if lang == "zh" else ("Slashes used", "Analeptics used", "Analeptic's effect", "extra Slashes allowed")
    assert all(any(w in note for w in words) for note in notes), notes
    assert not any("Duel" in note or "决斗" in note for note in notes), notes
