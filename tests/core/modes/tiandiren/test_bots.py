"""The `basic` bot in 天地人: it earns an identity when that helps, judges sides
only from what it sees, and spends its 勾玉."""
from __future__ import annotations

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.bots.basic import is_ally, is_enemy
from sanguozhi.core.modes.tiandiren.policy import expected_identity
from sanguozhi.core.view import SeatView

from .table import table

WEI, SHU = "xiahoudun", "zhangfei"


def test_a_seat_of_the_lords_kingdom_expects_to_be_loyal_and_reveals_at_once() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: WEI, 2: SHU}, first=1)
    v = SeatView(t.state, 1)
    assert expected_identity(v) == "loyalist"
    assert is_ally(SeatView(t.state, 1), 0) and not is_enemy(SeatView(t.state, 1), 0)
    assert bot_choice("basic", t.state, t.request).option == "liangjiang"


def test_a_seat_of_another_kingdom_expects_the_rebel_end_and_waits() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: SHU}, first=1, pile=["peach", "peach"])
    assert expected_identity(SeatView(t.state, 1)) == "rebel"
    assert is_enemy(SeatView(t.state, 1), 0)
    assert bot_choice("basic", t.state, t.request).option != "liangjiang"  # round 1: it keeps its secret


def test_the_row_left_decides_what_it_expects() -> None:
    # The loyalist card is taken: a seat of the lord's kingdom would get the renegade's.
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI, 2: WEI}, revealed={1: WEI}, concealed={2: WEI}, first=2)
    assert expected_identity(SeatView(t.state, 2)) == "renegade"


def test_others_without_an_identity_are_unknown_to_it() -> None:
    t = table(4, generals={0: WEI, 1: SHU, 2: WEI}, concealed={1: WEI, 2: WEI}, first=1)
    v = SeatView(t.state, 1)
    assert v.side(2) is None and not is_ally(v, 2) and not is_enemy(v, 2)  # seat 2's general is hidden from seat 1


def test_it_cashes_every_gouyu() -> None:
    t = table(4, generals={0: WEI}, gouyu={0: 3}, pile=["peach", "peach"])
    assert bot_choice("basic", t.state, t.request).option == "duihuan"
    t.option("duihuan")
    assert bot_choice("basic", t.state, t.request).option == "3"


def test_it_keeps_lightning_when_it_would_likely_strike_itself_or_a_friend() -> None:
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI}, revealed={1: WEI}, hands={0: ["lightning"]}, pile=["peach", "peach"])
    card = t.in_hand(0, "lightning")
    assert bot_choice("basic", t.state, t.request).cards != (card,)
