"""identity-seed000 plays seed 000's own defaults where identity's options follow another seed."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from tests.scenario import Table

MODE = "identity-seed000"


def test_a_lord_who_kills_a_loyalist_discards_only_the_hand() -> None:
    """Seed 000: "如果殺死忠臣的是主公，那麼主公必須立即棄掉全部手牌" — the hand, not the equipment."""
    roles = ("lord", "loyalist", "rebel", "renegade")
    t = Table(4, mode=MODE, roles=roles, hands={0: ["slash", "dodge"]}, equip={0: ["axe"]}, hp={1: 1}, pile=["dodge"] * 8)
    assert t.state.options["lord_kills_loyalist"] == "hand"
    t.use("slash", 1)
    while t.request.kind in ("respond", "save"):
        t.pass_()
    assert not t.state.chars[1].alive
    assert not t.state.chars[0].hand and "weapon" in t.state.chars[0].equip  # the 贯石斧 stays
    (penalty,) = [e for e in t.of_type(ev.CardsMoved) if e.reason == "penalty"]
    assert penalty.src == "hand"


def test_the_identity_rule_stays_an_option() -> None:
    t = Table(4, mode=MODE, options={"lord_kills_loyalist": "hand_and_equip"}, hands={0: ["slash"]}, equip={0: ["axe"]}, hp={1: 1}, pile=["dodge"] * 8)
    t.use("slash", 1)
    while t.request.kind in ("respond", "save"):
        t.pass_()
    assert not t.state.chars[0].hand and not t.state.chars[0].equip


def test_each_player_chooses_from_five_generals() -> None:
    """Seed 000 "選擇人物": "按相同比例（一般每人5-6張）分給玩家"."""
    game = new_game(MODE, 5, seed=3, options={"generals": "choose"})
    while game.request.kind == "general":
        game.submit(game.request.choices[0])
    offered = [len(e.generals) for e in game.events if type(e) is ev.GeneralsOffered]
    assert offered == [5] * 5
    assert new_game("identity", 5, seed=3, options={"generals": "choose"}).state.options["candidates"] == 3  # identity keeps seed 004's three
