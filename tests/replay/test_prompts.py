"""Every question a seat is asked reads in words, in both languages: over seeded
bot games, each request's question and answers name no internal id or prompt."""
from __future__ import annotations

import re

import pytest

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import Game, new_game
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.core.requests import PASS_CHOICE, Choice, Request
from sanguozhi.replay.prompts import Asked

# A card or skill id (fire_slash, double_sword), a raw prompt (slash:2), a card number, a Python literal.
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+:-?\d|#\d|\(\)|\[\]|None\b")


Row = tuple[str, str, str, list[str], str]  # kind, lang, question, answers, hint


def asked_in(game: Game, bot: str) -> list[Row]:
    """Every question of ``game`` played to its end by ``bot``, in en and zh."""
    rows = []
    while not game.over:
        req = game.request
        for lang in ("en", "zh"):
            a = Asked(req, game.state, lang)
            rows.append((req.kind, lang, a.title, a.options, a.hint))
        game.submit(bot_choice(bot, game.state, req))
    return rows


@pytest.fixture(scope="module")
def questions() -> list[Row]:
    """Every question of a few identity games, in en and zh."""
    rows = []
    for seed in range(1, 9):
        game = new_game("identity", 5 + seed % 4, seed, {"max_turns": 40, "generals": "choose"})
        rows += asked_in(game, "random" if seed % 2 else "basic")
    return rows


def test_the_games_ask_every_common_kind_of_question(questions) -> None:
    kinds = {k for k, *_ in questions}
    assert {"general", "play", "respond", "save", "discard", "nullify", "pick_card", "trigger", "skill"} <= kinds, kinds


def test_every_question_and_answer_is_in_words(questions) -> None:
    in_words(questions)


def in_words(questions: list[Row]) -> None:
    """Each (kind, lang, question, answers, hint) names no internal id; a Chinese question is in Chinese."""
    for kind, lang, title, options, hint in questions:
        assert title and options and hint, (kind, title)
        for text in (title, *options):
            assert text and not INTERNAL.search(text), (kind, lang, text)
        if lang == "zh":
            assert re.search(r"[\u4e00-\u9fff]", title), (kind, title)  # the question itself is in Chinese
            for text in (title, *options):
                assert not ENGLISH.search(text), (kind, text)  # no word left in English (an id: "deputy", "act_order")


# Two Latin letters in a row: an English word or an id (a card's rank is one letter: ♠K).
ENGLISH = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("mode", playable_modes())
def test_every_mode_asks_in_words(mode: str) -> None:
    """Every playable mode's questions, over short bot games at its smallest and a middle table size."""
    rs = ruleset_of(mode)
    sizes = sorted({min(rs.players), sorted(rs.players)[len(rs.players) // 2]})
    rows = []
    for seed, players in enumerate(sizes * 2, start=1):
        rows += asked_in(new_game(mode, players, seed, {"max_turns": 24}), "random" if seed % 2 else "basic")
    in_words(rows)


RARE = [
    # Questions the short games above seldom reach, as the rules ask them.
    ("hegemony", 4, Request(0, "skill", prompt="known_both:1", choices=(Choice(option="hand"), Choice(option="general:0"), Choice(option="general:1")))),
    ("hegemony", 4, Request(0, "option", prompt="heg_nullification:1", choices=(Choice(option="kingdom"), Choice(option="one")))),
    ("hegemony", 4, Request(0, "option", prompt="hg_guzheng:rest:1", choices=(Choice(option="take"), PASS_CHOICE))),
    ("hegemony", 4, Request(0, "reward", prompt="companions", choices=(Choice(option="draw"), Choice(option="recover"), PASS_CHOICE))),
    ("tripod", 3, Request(0, "discard_generals", prompt="discard_generals:1", cards=(1, 2), min=1, max=1)),
]


@pytest.mark.parametrize("mode, players, req", RARE, ids=[r.prompt for _, _, r in RARE])
def test_rare_questions_are_in_words(mode: str, players: int, req: Request) -> None:
    state = new_game(mode, players, 1, {}).state
    rows = [(req.kind, lang, a.title, a.options, a.hint) for lang in ("en", "zh") for a in (Asked(req, state, lang),)]
    in_words(rows)
    if req.choices:
        assert len(set(rows[0][3])) == len(req.choices)  # no two answers read alike


def test_a_draft_says_its_picks_are_public_and_a_secret_pick_says_it_is_secret() -> None:
    draft = Asked(Request(0, "general", prompt="general:pool", choices=(Choice(option="caocao"),)), new_game("3v3-competitive", 6, 1, {}).state, "zh")
    secret = Asked(Request(0, "general", prompt="general", choices=(Choice(option="caocao"),)), new_game("identity", 5, 1, {}).state, "zh")
    assert "所有人可见" in draft.title and "暗中" not in draft.title
    assert "暗中" in secret.title


def test_xiaoguo_says_its_target_its_cost_and_the_choice_it_leaves() -> None:
    """骁果: "你可以弃置一张基本牌，然后其选择一项：弃置一张装备牌，或受到你造成的1点伤害"."""
    state = new_game("hegemony-six", 5, 1, {}).state
    ask = Request(0, "skill", prompt="hg_xiaoguo:2", choices=(Choice(cards=(1,)), PASS_CHOICE))
    pay = Request(2, "skill", prompt="hg_xiaoguo:pay:0", choices=(Choice(cards=(5,)), Choice(option="damage")))
    zh, en = Asked(ask, state, "zh").title, Asked(ask, state, "en").title
    assert "2号位" in zh and "基本牌" in zh and "装备牌" in zh and "1点伤害" in zh
    assert "seat 2" in en and "basic card" in en and "1 damage" in en
    paid = Asked(pay, state, "zh").title
    assert paid.startswith("0号位") and "弃置一张装备牌" in paid and "受到" in paid
