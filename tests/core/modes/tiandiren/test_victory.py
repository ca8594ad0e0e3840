"""Seed 002 ⑥ and the rewards: the identity game's winners, judged on earned
identities; 勾玉 paid, cashed and counted as the game's points."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.modes.tiandiren.events import GouyuChanged

from .table import earned_roles, table

WEI, SHU = "xiahoudun", "zhangfei"
SEVEN = ("lord", "loyalist", "", "rebel", "rebel", "rebel", "renegade")


def test_the_lord_wins_once_every_living_non_lord_has_earned_the_loyalist_identity() -> None:
    # Seat 2 has no identity yet and the row still holds a 反 card: it might be a rebel.
    roles = ("lord", "loyalist", "", "rebel", "rebel", "", "renegade")
    t = table(7, roles=roles, generals={0: WEI, 2: SHU}, revealed={1: WEI, 3: SHU, 4: SHU, 6: SHU}, concealed={2: WEI, 5: SHU}, dead=(3, 4, 5, 6), first=2)
    assert not t.state.ended and t.request.kind == "play"
    t.option("liangjiang")
    assert earned_roles(t)[2] == "loyalist"
    assert (t.state.end_reason, t.state.winners) == ("lord", (0, 1, 2))
    assert type(t.events[-2]) is ev.RoleShown  # the identity decided it


def last_rebel_dies(rules: str = ev.RULES_VERSION):
    """Seven players: seats 3-6 took the three 反 and the 内; seat 2 has not revealed.
    The lord kills the last rebel."""
    roles = ("lord", "loyalist", "", "rebel", "rebel", "rebel", "renegade")
    t = table(7, roles=roles, generals={0: WEI, 2: SHU}, revealed={1: WEI, 3: SHU, 4: SHU, 5: SHU, 6: SHU}, concealed={2: WEI}, dead=(3, 4, 6), hp={5: 1}, hands={0: ["slash"]})
    if rules != ev.RULES_VERSION:
        t.restart(rules=rules)
    t.use("slash", 5)
    while not t.state.ended and t.request.kind in ("respond", "save", "trigger"):
        t.pass_()
    return t


def test_the_lord_wins_as_soon_as_every_rebel_and_the_renegade_are_dead() -> None:
    """Seed 002 ⑥ "同原版身份规则": the lord's side wins when the rebels and the renegade are dead,
    though seat 2 has not revealed: only 忠 is left in the row for it, and it wins with them."""
    t = last_rebel_dies()
    assert (t.state.end_reason, t.state.winners) == ("lord", (0, 1, 2))
    assert not t.state.chars[5].alive and earned_roles(t)[2] == ""
    assert type(t.events[-1]) is ev.GameEnded


def test_under_the_old_rules_the_game_went_on_until_the_survivor_revealed() -> None:
    t = last_rebel_dies("sgz-rules/1")
    assert not t.state.ended and t.request.kind == "play"


def test_the_lord_alone_wins() -> None:
    roles = ("lord", "", "rebel", "renegade")
    t = table(4, roles=roles, generals={0: WEI}, revealed={2: SHU, 3: SHU}, concealed={1: SHU}, dead=(2, 3), hp={1: 1}, hands={0: ["slash"]})
    t.use("slash", 1)  # seat 1 reveals on dying: the row's last card, 忠, and the game is decided
    assert earned_roles(t)[1] == "loyalist"
    assert (t.state.end_reason, t.state.winners) == ("lord", (0, 1))


def test_a_lord_who_kills_a_loyalist_discards_its_hand_and_equipment() -> None:
    t = table(4, roles=("lord", "loyalist", "", ""), generals={0: WEI}, revealed={1: WEI}, hp={1: 1}, hands={0: ["slash", "dodge"]}, equip={0: ["axe"]}, pile=["peach", "peach"])
    t.use("slash", 1)
    t.until("play", 0)  # the lord keeps its peaches
    assert not t.state.chars[1].alive
    assert not t.state.chars[0].hand and not t.state.chars[0].equip


def test_gouyu_are_cashed_for_cards_in_the_play_phase() -> None:
    t = table(4, generals={0: WEI}, gouyu={0: 3}, pile=["peach", "peach", "dodge", "slash"])
    assert t.state.seats[0].points == 3
    t.option("duihuan")
    assert [c.option for c in t.request.choices] == ["1", "2", "3"]
    t.option("2")
    assert t.hand(0)[-2:] == ["dodge", "slash"] and t.state.seats[0].points == 1
    assert [(e.seat, e.n, e.reason) for e in t.of_type(GouyuChanged)][-1] == (0, -2, "duihuan")


def test_the_rate_of_cashing_in_is_in_the_skill_text_a_player_reads() -> None:
    """Seed 002 names 兑换 without a rate: the project's one 勾玉 for one card is said at the table."""
    from sanguozhi.replay.lookup import find_skill, skill_text

    t = table(4, generals={0: WEI})
    sid = find_skill("兑换", t.state)
    zh, en = " ".join(skill_text(sid, t.state, "zh")), " ".join(skill_text(sid, t.state, "en"))
    assert "一枚勾玉兑换一张牌" in zh and "本项目的解读" in zh
    assert "one gouyu for one card" in en and "the project's reading" in en


def test_without_gouyu_nothing_is_cashed() -> None:
    t = table(4, generals={0: WEI})
    assert not any(c.option == "duihuan" for c in t.request.choices)


def test_the_gouyu_held_at_the_end_are_the_points() -> None:
    t = table(4, roles=("lord", "rebel", "", ""), generals={0: WEI}, revealed={1: SHU}, concealed={2: SHU, 3: SHU}, gouyu={0: 2, 1: 5}, hp={0: 1}, hands={1: ["slash"]}, first=1)
    t.use("slash", 0)
    end = t.events[-1]
    assert type(end) is ev.GameEnded and end.reason == "rebels"
    assert end.points == (2, 5, 2, 3)  # seats 2 and 3 revealed at the end: the 2nd and 3rd to earn one


def test_chained_fire_damage_follows_the_standard_rule_unless_seed_000s_is_asked() -> None:
    """Seed 002 plays the standard game where it is silent: each chained character takes the original amount."""

    def taken(options: dict | None = None) -> list[tuple[int, int]]:
        t = table(4, generals={0: WEI}, hands={0: ["fire_slash"]}, equip={1: ["vine"]}, chained=(1, 3), pile=["dodge"] * 6, options=options)
        t.use("fire_slash", 1)
        while t.request.kind in ("respond", "nullify", "save"):
            t.pass_()
        return [(d.dst, d.n) for d in t.of_type(ev.Damaged)]

    assert table(4).state.options["chain_carry"] == "standard"
    assert taken() == [(1, 2), (3, 1)]
    assert taken({"chain_carry": "seed000"}) == [(1, 2), (3, 2)]
