"""Seed 002 ⑤: earning an identity by revealing (亮将), the two directions of the
row, the reveals on dying and at the lord's death, and what an identity brings."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.modes.tiandiren.events import GouyuChanged
from sanguozhi.core.view import view
from tests.core.skills.util import triggered

from .table import earned_roles, table

WEI, SHU, WU, QUN = "xiahoudun", "zhangfei", "lvmeng", "vanilla"


def reveal(t, seat: int) -> None:
    t.until("play", seat)
    t.option("liangjiang")


@pytest.mark.parametrize(
    ("main", "second", "role"),
    [
        (WEI, SHU, "loyalist"),  # the face-up general shares the lord's kingdom
        (SHU, "caocao", "loyalist"),  # the concealed one does
        (SHU, WU, "rebel"),  # neither: the rebel end
    ],
)
def test_at_least_one_general_of_the_lords_kingdom_takes_from_the_loyal_end(main: str, second: str, role: str) -> None:
    t = table(4, generals={0: WEI, 1: main}, concealed={1: second}, first=1)
    t.option("liangjiang")
    assert earned_roles(t)[1] == role


def test_the_loyal_direction_goes_on_to_the_next_kind_once_one_is_used_up() -> None:
    # 4 players, row 忠内反: two of the lord's kingdom take 忠 then 内; the third, 反.
    t = table(4, generals={0: WEI, 1: WEI, 2: WEI, 3: SHU}, concealed={1: WEI, 2: WEI, 3: WU}, first=1)
    for seat in (1, 2, 3):
        reveal(t, seat)
    assert earned_roles(t) == ["lord", "loyalist", "renegade", "rebel"]


def test_the_rebel_direction_goes_on_to_the_next_kind_once_one_is_used_up() -> None:
    # 5 players, row 忠内反反: four of other kingdoms take 反, 反, then 内, then 忠.
    t = table(5, generals={0: WEI, 1: SHU, 2: SHU, 3: WU, 4: WU}, concealed={1: SHU, 2: WU, 3: WU, 4: SHU}, first=1)
    for seat in (1, 2, 3, 4):
        reveal(t, seat)
    assert earned_roles(t) == ["lord", "rebel", "rebel", "renegade", "loyalist"]


def test_revealing_is_offered_only_in_ones_own_play_phase_while_without_an_identity() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: WU, 2: SHU, 3: SHU}, hp={0: 3}, hands={1: ["slash"]}, first=1)
    assert any(c.option == "liangjiang" for c in t.request.choices)
    t.use("slash", 0)  # the lord answers: no 亮将 in a response
    while t.request.seat != 1 or t.request.kind != "play":
        assert not any(c.option == "liangjiang" for c in t.request.choices)
        t._pass_on(t.request)
    t.option("liangjiang")
    assert not any(c.option == "liangjiang" for c in t.request.choices)  # done once
    t.until("play", 0)
    assert not any(c.option == "liangjiang" for c in t.request.choices)  # never the lord


def test_a_dying_character_reveals_before_anyone_is_asked_to_save_it() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: WEI}, hp={1: 1}, hands={0: ["slash"], 2: ["peach"]})
    since = len(t.events)
    t.use("slash", 1)
    req = t.until("save")
    kinds = [type(e).__name__ for e in t.events[since:]]
    assert kinds.index("Dying") < kinds.index("GeneralRevealed") < kinds.index("RoleShown")
    assert [e.w for e in triggered(t, "liangjiang", since)] == ["dying"]
    assert earned_roles(t)[1] == "loyalist" and req.prompt == "dying:1"
    # The 杀 was the only decision before (but the secret passes the rules record: no 闪, no 桃 of one's own).
    assert (req.seat, len([e for e in t.of_type(ev.Decided, since) if e.vis is None])) == (2, 1)
    t.pass_()
    assert t.of_type(ev.Died)[-1].role == "loyalist"


def test_at_the_lords_death_the_others_reveal_from_the_current_player_then_the_winner_is_judged() -> None:
    t = table(
        5,
        generals={0: WEI, 1: SHU, 2: SHU, 3: WU, 4: WEI},
        concealed={1: SHU, 2: WU, 3: WU, 4: WEI},
        hp={0: 1},
        hands={4: ["slash"]},
        first=4,
    )
    since = len(t.events)
    t.use("slash", 0)
    assert t.game.request is None
    revealed = [e.seat for e in t.of_type(ev.GeneralRevealed, since)]
    assert revealed == [4, 1, 2, 3]  # the current player first, then in turn order
    assert [(e.seat, e.n) for e in t.of_type(GouyuChanged, since)] == [(4, 1), (1, 2), (2, 3), (3, 4)]
    assert earned_roles(t) == ["lord", "rebel", "rebel", "renegade", "loyalist"]
    end = t.events[-1]
    assert type(end) is ev.GameEnded and end.reason == "rebels" and end.winners == (1, 2)
    assert type(t.events[-2]) is ev.RoleShown  # judged only once the last identity is taken
    assert end.points == (0, 2, 3, 4, 1)  # the 勾玉 are the points


def test_a_renegade_left_alone_with_the_lord_wins_by_killing_it() -> None:
    t = table(4, roles=("lord", "", "loyalist", "rebel"), generals={0: WEI, 1: SHU}, concealed={1: SHU}, revealed={2: WEI, 3: SHU}, dead=(2, 3), hp={0: 1}, hands={1: ["slash"]}, first=1)
    t.use("slash", 0)
    assert earned_roles(t)[1] == "renegade"
    assert (t.state.end_reason, t.state.winners) == ("renegade", (1,))


def test_the_rebels_win_when_the_lord_dies_with_a_loyalist_alive() -> None:
    t = table(4, roles=("lord", "rebel", "loyalist", ""), generals={0: WEI}, revealed={1: SHU, 2: WEI}, concealed={3: WU}, hp={0: 1}, hands={1: ["slash"]}, first=1)
    t.use("slash", 0)
    assert earned_roles(t)[3] == "renegade"  # the last card of the row
    assert (t.state.end_reason, t.state.winners) == ("rebels", (1,))


def test_an_identity_brings_its_identity_skill_and_the_revealed_generals_force_skill() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: "guanyu"}, first=1)
    before = t.state.chars[1].skills
    assert "liangjiang" in before and not before & {"chubao_anliang", "force_shu", "force_wei"}
    t.option("liangjiang")
    p = t.state.chars[1]
    assert earned_roles(t)[1] == "rebel"
    assert {"chubao_anliang", "force_shu"} <= p.skills  # the revealed general's kingdom, shu
    assert "wusheng" not in p.skills and "liangjiang" not in p.skills  # the revealed general is removed from play
    assert p.kingdom == "shu" and p.general == SHU


def test_an_earned_identity_is_seen_by_everyone() -> None:
    t = table(4, generals={0: WEI, 1: SHU}, concealed={1: WU}, first=1)
    for seat in range(4):
        assert view(t.state, seat)["characters"][1]["generals"] == [SHU, WU if seat == 1 else None]
    t.option("liangjiang")
    for seat in range(4):
        v = view(t.state, seat)
        assert v["seats"][1]["role"] == "rebel" and v["seats"][1]["side"] == "rebel"
        assert v["characters"][1]["generals"] == [SHU, WU]


# -- the force skills (the project's stand-ins) ----------------------------------------------


def test_wei_draws_after_damage_when_short_handed() -> None:
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI, 1: QUN}, revealed={1: WEI}, hands={0: ["slash"]}, pile=["slash", "slash", "dodge"])
    t.use("slash", 1)
    t.until("play", 0)
    assert triggered(t, "force_wei") and t.hand(1) == ["dodge"]


def test_shu_reaches_one_further() -> None:
    t = table(5, roles=("lord", "", "rebel", "", ""), generals={0: WEI, 2: QUN}, revealed={2: SHU}, hands={2: ["slash"]}, first=2)
    card = t.in_hand(2, "slash")
    reach = [c.targets for c in t.request.choices if c.cards == (card,)]
    assert (4,) in reach and (0,) in reach  # distance 2 on both sides


def test_wu_recovers_one_more_from_its_own_peach() -> None:
    t = table(4, roles=("lord", "", "rebel", ""), generals={0: WEI}, revealed={2: WU}, hands={2: ["peach"]}, hp={2: 1}, first=2)
    t.use("peach")
    assert t.hp(2) == 3


def test_qun_draws_one_more_with_an_empty_hand() -> None:
    t = table(4, roles=("lord", "", "rebel", ""), generals={0: WEI}, revealed={2: QUN}, first=2, pile=["dodge"] * 3)
    assert len(t.hand(2)) == 3 and triggered(t, "force_qun")


def test_the_lords_force_skill_follows_its_kingdom() -> None:
    t = table(4, generals={0: "liubei"})
    assert "force_shu" in t.state.chars[0].skills and "force_wei" not in t.state.chars[0].skills
