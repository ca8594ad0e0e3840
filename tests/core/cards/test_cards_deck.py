"""The deck as data, every card's rule and text, and `sgz cards`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.core.cards import STANDARD_CARDS
from sanguozhi.core.deck import KINDS, STANDARD as CARDS
from sanguozhi.core.game import new_game

REFERENCE = Path(__file__).resolve().parents[4] / "shared" / "reference" / "deck-standard-maneuvering.tsv"


def reference_rows() -> list[tuple[str, str, int, str]]:
    rows = []
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("pack\t"):
            continue
        pack, card_id, _zh, suit, rank = line.split("\t")
        rows.append((card_id, suit, int(rank), pack))
    return rows


@pytest.mark.skipif(not REFERENCE.exists(), reason=f"the shared reference deck is not at {REFERENCE}")
def test_deck_matches_the_reference_file_card_by_card() -> None:
    ref = reference_rows()
    assert len(ref) == len(CARDS) == 160
    for card, (card_id, suit, rank, pack) in zip(CARDS, ref, strict=True):
        assert (card.name, card.suit, card.rank, card.pack) == (card_id, suit, rank, pack), f"card {card.number}"
    # Chinese names agree too, except the horses, which each have their own (赤兔, 的卢 ...).
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) == 5 and cols[0] != "pack" and not cols[1].endswith("_horse"):
            assert KINDS[cols[1]].zh == cols[2]


def test_every_card_name_has_a_rule_with_texts_in_both_languages() -> None:
    for name in {c.name for c in CARDS}:
        rule = STANDARD_CARDS.rules[name]
        assert rule.name == name
        assert rule.text_zh and rule.text_en, name


def test_identity_plays_the_full_deck_by_default() -> None:
    game = new_game("identity", 5, seed=1)
    assert game.state.options["deck"] == "full"
    assert game.state.options["chain_carry"] == "seed000"  # seed 000's reading of chained damage
    assert len(game.state.zone_cards()) == 160


def test_sgz_cards_json_lists_all_160_with_suit_rank_type_and_texts() -> None:
    from sanguozhi.cli.cmd_cards import cards

    result = CliRunner().invoke(cards, ["--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["number"] for r in rows] == list(range(160))
    for r, c in zip(rows, CARDS):
        assert (r["id"], r["suit"], r["rank"], r["type"]) == (c.name, c.suit, c.rank, c.kind.type)
        assert r["suit"] in ("spade", "heart", "club", "diamond") and 1 <= r["rank"] <= 13
        assert r["text_zh"] and r["text_en"]
    assert {r["id"] for r in rows if r["type"] == "delayed"} == {"indulgence", "supply_shortage", "lightning"}
    assert next(r for r in rows if r["id"] == "kylin_bow")["range"] == 5


@pytest.mark.parametrize("lang, needle", [("en", "Kylin Bow (kylin_bow), equip/weapon (range 5)"), ("zh", "【麒麟弓】 装备牌·武器（攻击范围5）")])
def test_sgz_cards_text_in_each_language(lang: str, needle: str) -> None:
    from sanguozhi.cli.cmd_cards import cards

    result = CliRunner().invoke(cards, ["--lang", lang])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 160 and any(needle in line for line in lines)


def test_packs_print_cards_at_their_own_numbers_in_any_order(monkeypatch: pytest.MonkeyPatch) -> None:
    from sanguozhi.core import deck

    for name in ("CARDS", "NAMES", "SUIT", "RANK"):
        monkeypatch.setattr(deck, name, list(getattr(deck, name)))
    monkeypatch.setattr(deck, "KINDS", dict(deck.KINDS))
    deck.add_kind(deck.Kind("test_token", "测试", "basic"))
    top = len(deck.CARDS) + 100
    assert deck.add_cards(top, [("test_token", "spade", 1, "test")]) == (top,)
    # A pack imported later may still print below it, in numbers left blank.
    assert deck.add_cards(top - 50, [("test_token", "heart", 2, "test"), ("test_token", "", 0, "test")]) == (top - 50, top - 49)
    assert (deck.CARDS[top - 49].suit, deck.NAMES[top - 50], deck.CARDS[top - 48].name) == ("", "test_token", "")
    with pytest.raises(deck.DeckError, match="are taken"):
        deck.add_cards(top - 49, [("test_token", "club", 3, "test")])
    with pytest.raises(deck.DeckError, match="no printed kind"):
        deck.add_cards(top + 5, [("test_nothing", "club", 3, "test")])
    assert len(deck.CARDS) == top + 1  # a refused print changes nothing
    assert deck.CARDS[top - 49].label("en") == "Test Token" and deck.CARDS[top - 49].label("zh") == "【测试】"  # no suit, no rank
