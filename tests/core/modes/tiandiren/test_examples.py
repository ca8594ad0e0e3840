"""Seed 002's own examples, first: the player-count table, 单刀赴会's two cases,
除暴安良's 3 and 5, 卧虎藏龙's rewards shared among any number, and the later
reveal earning more."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.modes.tiandiren.events import GouyuChanged
from sanguozhi.core.modes.tiandiren.identity import row_for
from tests.core.skills.util import triggered

from .table import table

WEI, SHU, WU = "xiahoudun", "zhangfei", "lvmeng"  # one general of each kingdom, few questions


def gouyu(t, since: int = 0) -> list[tuple[int, int, str]]:
    return [(e.seat, e.n, e.reason) for e in t.of_type(GouyuChanged, since)]


@pytest.mark.parametrize(
    ("players", "six_roles", "row"),
    [
        (4, "1-1-3-1", "忠内反"),  # 主公*1 忠臣*1 反贼*1 内奸*1
        (5, "1-1-3-1", "忠内反反"),  # 主公*1 忠臣*1 反贼*2 内奸*1
        (6, "1-1-3-1", "忠内反反反"),  # 主公*1 忠臣*1 反贼*3 内奸*1
        (6, "1-1-2-2", "忠内内反反"),  # 或 主公*1 忠臣*1 反贼*2 内奸*2
        (7, "1-1-3-1", "忠忠内反反反"),  # 主公*1 忠臣*2 反贼*3 内奸*1: the seed's row
    ],
)
def test_the_row_by_player_count(players: int, six_roles: str, row: str) -> None:
    zh = {"loyalist": "忠", "renegade": "内", "rebel": "反"}
    assert "".join(zh[r] for r in row_for(players, six_roles)) == row


def test_lone_blade_pays_when_no_loyalist_has_been_taken_yet() -> None:
    # 单刀赴会, case one: the loyalist card is still in the row.
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: WU}, first=1)
    t.option("liangjiang")
    assert t.state.seats[1].role == "rebel"
    assert triggered(t, "dandao_fuhui") and gouyu(t) == [(1, 1, "reveal"), (0, 1, "dandao_fuhui")]


def test_lone_blade_pays_when_the_loyalist_is_dead() -> None:
    # 单刀赴会, case two: the loyalist was taken and has died.
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI, 2: SHU}, revealed={1: WEI}, concealed={2: WU}, dead=(1,), first=2)
    t.option("liangjiang")
    assert t.state.seats[2].role == "rebel"
    assert (0, 1, "dandao_fuhui") in gouyu(t)


def test_lone_blade_is_silent_while_a_loyalist_lives() -> None:
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI, 2: SHU}, revealed={1: WEI}, concealed={2: WU}, first=2)
    t.option("liangjiang")
    assert t.state.seats[2].role == "rebel"
    assert not triggered(t, "dandao_fuhui") and gouyu(t) == [(2, 2, "reveal")]  # the 2nd to earn one


def _kill_rebel(killer_role: str) -> list[tuple[int, int, str]]:
    """Seat 1 (``killer_role``) kills seat 2, a rebel at 1 hp, with a 杀 (5 players)."""
    roles = ("lord", killer_role, "rebel", "", "")
    revealed = {1: SHU} if killer_role else {}
    concealed = {} if killer_role else {1: SHU}
    t = table(5, roles=roles, generals={0: WEI}, revealed={2: SHU, **revealed}, concealed=concealed, hands={1: ["slash"]}, hp={2: 1}, first=1)
    since = len(t.events)
    t.use("slash", 2)
    t.until("play", 1)
    assert not t.state.chars[2].alive
    return [g for g in gouyu(t, since) if g[0] == 1]


def test_a_rebel_killing_a_rebel_still_gains_three() -> None:
    assert _kill_rebel("rebel") == [(1, 3, "kill")]


@pytest.mark.parametrize("killer", ["renegade", ""])
def test_a_non_rebel_killing_a_rebel_gains_five(killer: str) -> None:
    # 除暴安良 adds 2 to the 3: 勾玉*5 (a seat without an identity is no rebel).
    assert _kill_rebel(killer) == [(1, 3, "kill"), (1, 2, "chubao_anliang")]


def test_a_loyalist_adds_its_own_reward_for_killing_a_rebel() -> None:
    # 5 as above, and 拳拳盛意: 1 for killing a character of another side.
    assert _kill_rebel("loyalist") == [(1, 3, "kill"), (1, 2, "chubao_anliang"), (1, 1, "quanquan_shengyi")]


def test_the_renegades_rewards_may_go_to_any_number_of_characters() -> None:
    t = table(4, roles=("lord", "", "", "renegade"), generals={0: WEI}, revealed={3: SHU}, gouyu={3: 3}, first=3, pile=["dodge"] * 6)
    hands = [len(t.state.chars[s].hand) for s in range(4)]
    t.option("duihuan")
    t.option("3")
    for to in (0, 2, 0):
        assert t.request.kind == "recipient"
        t.choose(next(c for c in t.request.choices if c.targets == (to,)))
    after = [len(t.state.chars[s].hand) for s in range(4)]
    assert [a - b for a, b in zip(after, hands)] == [2, 0, 1, 0]
    assert t.state.seats[3].points == 0


def test_the_renegades_limited_skill_pays_two_once() -> None:
    t = table(4, roles=("lord", "", "", "renegade"), generals={0: WEI}, revealed={3: SHU}, first=3)
    t.option("wohu_canglong")
    assert t.state.seats[3].points == 2
    assert not any(c.option == "wohu_canglong" for c in t.request.choices)


def test_the_later_the_reveal_the_more_gouyu() -> None:
    # 第X名亮将 gains X: the seats reveal in turn, 1, 2, 3, 4.
    t = table(5, generals={0: WEI, 1: SHU, 2: SHU, 3: WU, 4: WU}, concealed={1: WEI, 2: SHU, 3: WU, 4: SHU}, first=1)
    for seat in (1, 2, 3, 4):
        t.until("play", seat)
        since = len(t.events)
        t.option("liangjiang")
        assert gouyu(t, since)[0] == (seat, seat, "reveal")
    assert [s.points for s in t.state.seats] == [0, 1, 2, 3, 4]
    assert [e.role for e in t.of_type(ev.RoleShown)][-4:] == ["loyalist", "rebel", "rebel", "renegade"]
