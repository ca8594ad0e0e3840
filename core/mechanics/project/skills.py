"""The skills of the project's generals for seed 000's kinds (see the package doc).

Each is written on the mechanics of ``core.mechanics``: the rule text of a
kind lives there, the skill only says when and on whom.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...cards.base import pick_card_of
from ...deck import SLASH_NAMES
from ...events import ChainToggled
from ...requests import PASS_CHOICE, Choice, Request
from ...skills.base import SkillBook, announce
from ...skills.common import discard_own, hurt, is_black, own_cards, pay_and_aim
from ...windows import Hook
from .. import build, covert, formation, legislate, party, staged
from ..damage import WATER, can_execute, execute, explode
from ..events import NAMES
from ..gambit import gambit
from . import PROJECT

if TYPE_CHECKING:
    from ...engine import Engine, TurnCtx, UseCtx
    from ...state import State

Flow = Generator[Any, Any, Any]

BOOK = SkillBook(PROJECT)
define, trigger, action = BOOK.define, BOOK.trigger, BOOK.action


def others(state: "State", seat: int) -> list[int]:
    return [c for c in state.seats_from(seat) if c != seat]


def _discard_one_of(engine: "Engine", seat: int, target: int, reason: str) -> Flow:
    """``seat`` discards one card of ``target``'s hand (unseen) or equipment."""
    got = yield from pick_card_of(engine, seat, target, reason, zones=("hand", "equip"))
    if got is not None:
        card, zone = got
        engine.move((card,), zone, "discard", src_seat=target, reason=reason)


# -- 筑建技: four buildings, one of each attribute ---------------------------------------------

_EFFECT_ZH = {
    "defense": "满进度的角色受到致命伤害时，可以令其完成度减少一半，防止此伤害。",
    "economy": "满进度的角色摸牌阶段多摸一张牌，手牌上限+1。",
    "attack": "满进度的角色造成伤害令一名角色进入濒死时，可以令其完成度减少一半，令此伤害+1。",
    "liaison": "满进度的角色出牌阶段限一次，可以令其完成度减少一半，然后本回合处于此范围内其他角色攻击范围内的角色视为在其攻击范围内。",
}
_EFFECT_EN = {
    "defense": "A full member taking fatal damage may halve its completion to prevent it.",
    "economy": "A full member draws one more card in its draw phase, and its hand limit is +1.",
    "attack": "A full member whose damage would bring a character to dying may halve its completion to make it +1.",
    "liaison": "Once in its play phase a full member may halve its completion; then this turn whoever is in the attack range "
    "of another member counts as in its attack range.",
}


def _building(sid: str, zh: str, en: str, attribute: str) -> None:
    attr_zh, attr_en = build.ATTRIBUTES[attribute]
    define(
        sid, zh, en, "build",
        f"筑建技（{attr_zh}）：出牌阶段限一次，你可以选择一项：1.选择一名不在「{zh}」范围内的角色，令其进入范围；"
        f"2.弃置一张牌，令「{zh}」范围内一名未满进度的角色完成度+1。「{zh}」范围内未满进度的角色的结束阶段，其完成度+1"
        f"（完成度达到其体力值时为满进度）。{_EFFECT_ZH[attribute]}",
        f"Build ({attr_en}): once per play phase, either add a character to {en}'s range, or discard a card to give "
        f"a member that is not yet full +1 completion.  A member not yet full gains +1 completion in its finish phase "
        f"(full: completion at its hp).  {_EFFECT_EN[attribute]}",
    )  # fmt: skip
    build.building(BOOK, sid, attribute)

    def choices(state: "State", seat: int) -> list[Choice]:
        out = [Choice(option="select", targets=(c,)) for c in state.seats_from(seat) if not build.in_range(state, c, sid)]
        if own_cards(state, seat):
            out += [Choice(option="build", targets=(c,)) for c in build.members(state, sid) if not build.is_full(state, c, sid)]
        return out

    def run(engine: "Engine", seat: int) -> Flow:
        st = engine.state
        pick = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(choices(st, seat))))
        target = pick.targets[0]
        if pick.option == "build":
            cost = yield from engine.ask(Request(seat, "discard", prompt=sid, cards=own_cards(st, seat), min=1, max=1))
            announce(engine, seat, sid, (target,))
            discard_own(engine, seat, cost.cards, sid)
            build.raise_progress(engine, target, sid)
        else:
            announce(engine, seat, sid, (target,))
            build.select(engine, seat, target, sid)

    action(sid, lambda engine, seat: bool(choices(engine.state, seat)), run, per_turn=1)

    def grow(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
        build.raise_progress(engine, seat, sid)
        return
        yield  # pragma: no cover

    def growing(state: "State", seat: int) -> bool:
        return build.in_range(state, seat, sid) and not build.is_full(state, seat, sid) and build.builder(state, sid) >= 0

    PROJECT.hook(
        Hook("phase_start", sid, grow, growing, can=lambda engine, seat, ctx: ctx.phase == "finish", owners=lambda ctx: (ctx.seat,)), owner=sid
    )


_building("sgz_zhucheng", "筑城", "Walls", "defense")
_building("sgz_tuntian", "屯田", "Farmland", "economy")
_building("sgz_wuku", "武库", "Armoury", "attack")
_building("sgz_yichuan", "驿传", "Relay Post", "liaison")
NAMES.update({"select": ("选择", "select"), "build": ("修筑", "build")})


# -- 隐匿技: 密探 ----------------------------------------------------------------------------------

define(
    "sgz_mitan", "密探", "Spy", "covert",
    "隐匿技，其他角色的回合开始时，你可以秘密选择一名角色，记录其体力值。此回合结束时，若其体力值小于记录值，你展示此技能并摸两张牌。",
    "Covert: when another character's turn starts, you may secretly choose a character, noting its hp.  When that turn ends, "
    "if its hp is below what you noted, you show this skill and draw two cards.",
)  # fmt: skip


def _mitan_targets(engine: "Engine", seat: int, ctx: "TurnCtx") -> list[int]:
    return engine.state.seats_from(ctx.seat) if ctx.seat != seat else []


covert.covert_trigger(BOOK, "sgz_mitan", "turn_start", _mitan_targets, value=lambda engine, seat, target: engine.state.chars[target].hp)


def _mitan_hit(engine: "Engine", seat: int, ctx: "TurnCtx") -> bool:
    got = covert.covert_choice(engine.state, seat, "sgz_mitan")
    return got is not None and engine.state.chars[got[0]].hp < got[1]


def _mitan_show(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
    yield from engine.draw(seat, 2, reason="sgz_mitan")


trigger("sgz_mitan", "turn_end", _mitan_show, can=_mitan_hit, optional=False, target=lambda engine, seat, ctx: covert.covert_choice(engine.state, seat, "sgz_mitan")[0])


# -- 立法技: 约法 ----------------------------------------------------------------------------------

YUEFA = "sgz_yuefa"
JINSHA, QUANNONG = "sgz_yuefa_jinsha", "sgz_yuefa_quannong"
define(
    YUEFA, "约法", "Covenant", "legislate",
    "立法技，出牌阶段限一次，你可以制定体制「约法」：选择任意名角色进入体制，然后选择执行一项规则：法令「禁杀」，体制内的角色使用【杀】时违反法令，"
    "你可以执法：弃置其一张牌；新政「劝农」，体制内的角色摸牌阶段多摸一张牌。你再次制定体制时，原体制解散。",
    "Legislate: once per play phase, you may lay down the system Covenant: choose any characters to enter it, then put one rule "
    "in force — the decree No Slash (a member who uses a Slash breaks it, and you may enforce it: discard one of its cards) or the "
    "policy Encourage Farming (members draw one more card in their draw phase).  A new system replaces the old one.",
)  # fmt: skip
legislate.system(BOOK, YUEFA, (legislate.LawRule(JINSHA, "decree", "禁杀", "No Slash"), legislate.LawRule(QUANNONG, "policy", "劝农", "Encourage Farming")))
NAMES.update({JINSHA: ("禁杀", "No Slash"), QUANNONG: ("劝农", "Encourage Farming"), "done": ("完成", "done")})


def _yuefa(engine: "Engine", seat: int) -> Flow:
    announce(engine, seat, YUEFA)
    yield from legislate.legislate(engine, seat, YUEFA)


action(YUEFA, lambda engine, seat: True, _yuefa, per_turn=1)


def _breaks_decree(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    st = engine.state
    return use.seat != seat and use.name in SLASH_NAMES and legislate.under(st, use.seat, YUEFA, JINSHA) and bool(own_cards(st, use.seat))


def _enforce(engine: "Engine", seat: int, use: "UseCtx") -> Flow:
    yield from _discard_one_of(engine, seat, use.seat, YUEFA)


trigger(YUEFA, "card_using", _enforce, can=_breaks_decree, target=lambda engine, seat, use: use.seat)


def _farming(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
    ctx.draw += 1
    return
    yield  # pragma: no cover


PROJECT.hook(Hook("draw_count", QUANNONG, _farming, legislate.under_rule(YUEFA, QUANNONG), owners=lambda ctx: (ctx.seat,)), owner=YUEFA)


# -- 结党技: 结党 (and the party's effect, 弹劾) ------------------------------------------------------

JIEDANG = "sgz_jiedang"
define(
    JIEDANG, "结党", "Faction", "party",
    "结党技，出牌阶段限一次，你可以令一名不在党派中的其他角色选择是否加入你的党派。你党派内的角色出牌阶段限一次，可以弹劾一名不在此党派中的角色。",
    "Party: once per play phase, you may ask another character in no party whether it joins your party.  Once in its play phase "
    "each member of your party may impeach a character outside it.",
)  # fmt: skip
NAMES["join"] = ("加入", "Join")


def _unaffiliated(state: "State", seat: int) -> list[int]:
    return [c for c in others(state, seat) if party.party_of(state, c) < 0]


def _jiedang(engine: "Engine", seat: int) -> Flow:
    pick = yield from engine.ask(Request(seat, "skill", prompt=JIEDANG, choices=tuple(Choice(targets=(c,)) for c in _unaffiliated(engine.state, seat))))
    target = pick.targets[0]
    announce(engine, seat, JIEDANG, (target,))
    yield from party.invite(engine, seat, target)


action(JIEDANG, lambda engine, seat: bool(_unaffiliated(engine.state, seat)), _jiedang, per_turn=1)
party.impeach_action(BOOK, JIEDANG)


# -- 阵法技: 围攻, 长蛇 ------------------------------------------------------------------------------

define(
    "sgz_weigong", "围攻", "Siege", "formation",
    "阵法技（围攻；条件：与你性别相同），你或与你共同围攻一名角色的角色的出牌阶段开始时，你可以弃置一名被你们围攻的角色的一张牌。",
    "Formation (siege; condition: your gender): when your play phase starts, or that of a character besieging someone with you, "
    "you may discard one card of a character the two of you besiege.",
)  # fmt: skip


def _besieged(engine: "Engine", seat: int, ctx: "TurnCtx") -> list[int]:
    st = engine.state
    if ctx.phase != "play":
        return []
    return [t for t in formation.siege_targets(st, seat, ctx.seat, formation.same_gender) if own_cards(st, t)]


def _weigong(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
    options = tuple(Choice(targets=(t,)) for t in _besieged(engine, seat, ctx))
    pick = yield from engine.ask(Request(seat, "skill", prompt="sgz_weigong", choices=(*options, PASS_CHOICE)))
    if pick.is_pass:
        return
    target = pick.targets[0]
    announce(engine, seat, "sgz_weigong", (target,), window="phase_start")
    yield from _discard_one_of(engine, seat, target, "sgz_weigong")


trigger("sgz_weigong", "phase_start", _weigong, can=lambda engine, seat, ctx: bool(_besieged(engine, seat, ctx)), silent=True)

define(
    "sgz_changshe", "长蛇", "Long Snake", "formation",
    "阵法技（队列；条件：与你性别相同），摸牌阶段，若你处于一个队列中，你可以多摸一张牌。",
    "Formation (queue; condition: your gender): in your draw phase, if you are in a queue, you may draw one more card.",
)  # fmt: skip


def _one_more(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
    ctx.draw += 1
    return
    yield  # pragma: no cover


trigger("sgz_changshe", "draw_count", _one_more, can=lambda engine, seat, ctx: formation.in_queue(engine.state, seat, formation.same_gender), owners=lambda ctx: (ctx.seat,))


# -- 爆炸: 霹雳; 水: 水淹 --------------------------------------------------------------------------

define(
    "sgz_pili", "霹雳", "Thunderclap", "active",
    "出牌阶段限一次，你可以弃置两张手牌，对攻击范围内的一名其他角色造成爆炸伤害（2点火焰伤害；无论是否造成伤害，与其距离为1的其他角色各受到1点火焰伤害）。",
    "Once per play phase, you may discard two hand cards to deal explosion damage to another character in your attack range "
    "(2 fire damage; whatever it deals, every other character at distance 1 from it takes 1 fire damage).",
)  # fmt: skip


def _pili_targets(state: "State", seat: int) -> list[int]:
    from ...distance import in_attack_range

    return [c for c in others(state, seat) if in_attack_range(state, seat, c)]


def _pili(engine: "Engine", seat: int) -> Flow:
    target = yield from pay_and_aim(engine, seat, "sgz_pili", 2, _pili_targets(engine.state, seat))
    yield from explode(engine, seat, target)


action("sgz_pili", lambda engine, seat: len(engine.state.chars[seat].hand) >= 2 and bool(_pili_targets(engine.state, seat)), _pili, per_turn=1)

define(
    "sgz_shuiyan", "水淹", "Flood", "active",
    "出牌阶段限一次，你可以弃置一张黑色手牌，令一至两名其他角色横置，然后对其中第一名角色造成1点水属性伤害。",
    "Once per play phase, you may discard a black hand card to chain one or two other characters, then deal 1 water damage "
    "to the first of them.",
)  # fmt: skip


def _shuiyan(engine: "Engine", seat: int) -> Flow:
    st = engine.state
    black = tuple(c for c in st.chars[seat].hand if is_black(c))
    paid = yield from engine.ask(Request(seat, "discard", prompt="sgz_shuiyan", cards=black, min=1, max=1, vis=engine.secret(seat)))
    first = yield from engine.ask(Request(seat, "skill", prompt="sgz_shuiyan:first", choices=tuple(Choice(targets=(c,)) for c in others(st, seat))))
    target = first.targets[0]
    second = yield from engine.ask(
        Request(seat, "skill", prompt="sgz_shuiyan:second", choices=(*(Choice(targets=(c,)) for c in others(st, seat) if c != target), PASS_CHOICE))
    )
    chained = (target, *second.targets)
    announce(engine, seat, "sgz_shuiyan", chained)
    engine.move(paid.cards, "hand", "discard", src_seat=seat, reason="sgz_shuiyan")
    for c in chained:
        if not st.chars[c].chained:
            engine.emit(ChainToggled(seat=c, on=True))
    yield from engine.damage(seat, target, 1, WATER)


# Usable with a black hand card and someone else alive to chain (逐鹿天下: a lone survivor without the seal plays on).
action("sgz_shuiyan", lambda engine, seat: any(map(is_black, engine.state.chars[seat].hand)) and bool(others(engine.state, seat)), _shuiyan, per_turn=1)


# -- 斩杀: 斩首; 段技: 连斩 ----------------------------------------------------------------------------

EXECUTE_DECAY = 1
define(
    "sgz_zhanshou", "斩首", "Behead", "limited",
    "限定技，出牌阶段，你可以对一名体力值小于其体力上限的一半且不高于你的其他角色执行斩杀：对其造成等同于其体力值+2的伤害；"
    "若其在你的攻击范围外，你与其距离每超出你的攻击范围1，伤害-1（衰减值1）。",
    "Limited: in your play phase, you may execute another character whose hp is below half its max hp and not above yours: "
    "deal damage equal to its hp + 2, less 1 for each step of distance beyond your attack range (decay 1).",
)  # fmt: skip


def _executable(state: "State", seat: int) -> list[int]:
    return [c for c in others(state, seat) if can_execute(state, seat, c)]


def _zhanshou(engine: "Engine", seat: int) -> Flow:
    pick = yield from engine.ask(Request(seat, "skill", prompt="sgz_zhanshou", choices=tuple(Choice(targets=(c,)) for c in _executable(engine.state, seat))))
    target = pick.targets[0]
    announce(engine, seat, "sgz_zhanshou", (target,))
    yield from execute(engine, seat, target, EXECUTE_DECAY)


action("sgz_zhanshou", lambda engine, seat: bool(_executable(engine.state, seat)), _zhanshou)

LIANZHAN = "sgz_lianzhan"
define(
    LIANZHAN, "连斩", "Chain Strikes", "staged",
    "[3]段，出牌阶段限一次，你可以弃置一张手牌，然后执行第x段（x为你本局发动此技能的次数除以3的余数，余数为0则为3）：一段，摸两张牌；"
    "二段，对攻击范围内的一名其他角色造成1点伤害（没有则摸一张牌）；三段，回复1点体力（未受伤则摸一张牌）。",
    "[3] stages: once per play phase, you may discard a hand card, then carry out stage x (your uses this game modulo 3; 3 when "
    "that is 0): 1, draw two cards; 2, deal 1 damage to another character in your attack range (none: draw one); "
    "3, recover 1 hp (unhurt: draw one).",
)  # fmt: skip
staged.staged(BOOK, LIANZHAN, 3)


def _lianzhan(engine: "Engine", seat: int) -> Flow:
    st = engine.state
    paid = yield from engine.ask(Request(seat, "discard", prompt=LIANZHAN, cards=tuple(st.chars[seat].hand), min=1, max=1))
    announce(engine, seat, LIANZHAN)
    engine.move(paid.cards, "hand", "discard", src_seat=seat, reason=LIANZHAN)
    stage = staged.use_stage(engine, seat, LIANZHAN)
    if stage == 1:
        yield from engine.draw(seat, 2, reason=LIANZHAN)
    elif stage == 2:
        reach = _pili_targets(st, seat)
        if not reach:
            yield from engine.draw(seat, 1, reason=LIANZHAN)
            return
        pick = yield from engine.ask(Request(seat, "skill", prompt=f"{LIANZHAN}:2", choices=tuple(Choice(targets=(c,)) for c in reach)))
        yield from engine.damage(seat, pick.targets[0], 1)
    elif hurt(st, seat):
        yield from engine.recover(seat, 1, src=seat)
    else:
        yield from engine.draw(seat, 1, reason=LIANZHAN)


action(LIANZHAN, lambda engine, seat: bool(engine.state.chars[seat].hand), _lianzhan, per_turn=1)


# -- 博弈: 舌战 --------------------------------------------------------------------------------------

SHEZHAN = "sgz_shezhan"
# 攻克谋，谋克守，守克攻: each option -> the one it counters.
SHEZHAN_BEATS = {"gong": "mou", "mou": "shou", "shou": "gong"}
NAMES.update({"gong": ("攻", "attack"), "shou": ("守", "defend"), "mou": ("谋", "scheme")})
define(
    SHEZHAN, "舌战", "War of Words", "active",
    "出牌阶段限一次，你可以与一名有牌的其他角色博弈（攻、守、谋：攻克谋，谋克守，守克攻）：若你胜，你获得其一张牌；若其胜，其摸两张牌。",
    "Once per play phase, you may gamble against another character with cards (attack, defend, scheme: attack beats scheme, "
    "scheme beats defend, defend beats attack).  If you win, take one of its cards; if it wins, it draws two cards.",
)  # fmt: skip


def _with_cards(state: "State", seat: int) -> list[int]:
    return [c for c in others(state, seat) if own_cards(state, c)]


def _shezhan(engine: "Engine", seat: int) -> Flow:
    st = engine.state
    pick = yield from engine.ask(Request(seat, "skill", prompt=SHEZHAN, choices=tuple(Choice(targets=(c,)) for c in _with_cards(st, seat))))
    target = pick.targets[0]
    announce(engine, seat, SHEZHAN, (target,))
    won = yield from gambit(engine, seat, target, SHEZHAN, SHEZHAN_BEATS)
    if won == seat:
        got = yield from pick_card_of(engine, seat, target, SHEZHAN, zones=("hand", "equip"))
        if got is not None:
            card, zone = got
            engine.move((card,), zone, "hand", src_seat=target, dst_seat=seat, reason=SHEZHAN, vis=(st.chars[seat].owner, st.chars[target].owner) if zone == "hand" else None)
    else:
        yield from engine.draw(target, 2, reason=SHEZHAN)


action(SHEZHAN, lambda engine, seat: bool(_with_cards(engine.state, seat)), _shezhan, per_turn=1)
