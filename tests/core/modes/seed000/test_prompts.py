"""Every question seed 000's modes ask reads in words, in both languages: over
seeded bot games, each request's question and answers name no internal id."""
from __future__ import annotations

import pytest

from sanguozhi.core.game import new_game
from sanguozhi.replay.prompts import Asked
from tests.replay.test_prompts import INTERNAL, Row, asked_in, in_words


@pytest.fixture(scope="module")
def questions() -> list[Row]:
    rows = []
    for seed in range(1, 7):
        mode, options = ("jade-seal", {"generals": "choose"}) if seed % 2 else ("identity-seed000", {"pool": "project"})
        game = new_game(mode, 5 + seed % 3, seed, {"max_turns": 60, **options})
        rows += asked_in(game, "random" if seed % 3 == 0 else "basic")
    return rows


def test_the_modes_own_questions_are_asked(questions) -> None:
    kinds = {k for k, *_ in questions}
    assert {"general", "play", "skill", "ally", "join", "declare", "covert"} <= kinds, kinds


def test_every_question_and_answer_is_in_words(questions) -> None:
    in_words(questions)


def test_a_gamble_asks_in_words() -> None:
    from tests.core.mechanics.table import table
    from tests.core.skills.util import take

    t = table(4, generals={0: "sgz_shuike"}, hands={1: ["peach"]})
    take(t, "sgz_shezhan")
    take(t, "", (1,))
    zh, en = Asked(t.request, t.state, "zh"), Asked(t.request, t.state, "en")
    assert zh.title.startswith("博弈：舌战") and zh.options == ["攻", "谋", "守"]
    assert en.options == ["attack", "scheme", "defend"] and not INTERNAL.search(en.title)
