"""群 (qun) skills of hegemony's own: 离间 乱击 双雄 完杀 乱武 帷幕 猛进 雷击 鬼道 悲歌
断肠 雄异 名士 礼让 双刃 死谏 随势 狂斧 祸水 倾城.

(华佗 吕布 貂蝉's 闭月 and the 马术 of 庞德 and 马腾 are identity's skills.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .... import events as ev
from ....cards.base import NAMES, color_of, discard_card_of, suit_of
from ....deck import KINDS, SLASH_NAMES, SUIT
from ....distance import distance
from ....requests import Choice, Request
from ....skills.base import announce, ask_trigger, has_skill, set_state
from ....skills.common import discard_own, is_black, is_red, others_from, own_cards
from ....skills.qun import _lijian_pairs, lijian
from ..events import GeneralConcealed, RevealsBarred, SkillsLost
from ..kingdoms import fewest, members, same_kingdom
from ..ruleset import ON_DEATH, SAVERS
from .book import action, define, form, mod, trigger
from .common import aim, cancel_target, choose, damaged_one, hand_or, free_slash, pindian, reveal_only, slash_targets, source_of, stack, targets_of, turn_owner, uncounted
from .wu import _discard_n

if TYPE_CHECKING:
    from ....engine import DamageCtx, Engine, ResponseCtx, TurnCtx
    from ....state import State
    from .common import Flow


# -- 貂蝉: 离间 ---------------------------------------------------------------------------

define(
    "lijian", "Sow Dissension", "active",
    "出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，后选择的角色视为对先选择的角色使用一张【决斗】。",
    "Once per play phase, you may discard a card and choose two other male characters: the second counts as using a Duel on the first.",
)
action("hg_lijian", lambda e, seat: bool(own_cards(e.state, seat)) and bool(_lijian_pairs(e.state, seat)), lijian("hg_lijian", False), per_turn=1)


# -- 袁绍: 乱击 ---------------------------------------------------------------------------

define(
    "luanji", "Random Strike", "active",
    "你可以将两张花色相同的手牌当【万箭齐发】使用。",
    "You may use two hand cards of the same suit as Archery Attack.",
)


def _same_suit_pairs(state: "State", seat: int) -> list[tuple[int, int]]:
    hand = state.chars[seat].hand
    return [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :] if SUIT[a] == SUIT[b]]


def _luanji_pick(engine: "Engine", seat: int) -> "Flow":
    go = yield from engine.ask(Request(seat, "convert", prompt="hg_luanji:archery_attack", choices=tuple(Choice(cards=p) for p in _same_suit_pairs(engine.state, seat))))
    engine.emit(ev.Triggered(seat=seat, source="hg_luanji"))
    return go.cards


form("hg_luanji", "archery_attack", lambda c: False, play=False, count=0, when=lambda st, seat: bool(_same_suit_pairs(st, seat)), pick=_luanji_pick)


# -- 颜良文丑: 双雄 -------------------------------------------------------------------------

define(
    "shuangxiong", "Twin Heroes", "active",
    "摸牌阶段开始时，你可以放弃摸牌，改为进行一次判定，你获得生效后的判定牌，然后本回合你可以将一张与此判定牌颜色不同的手牌当【决斗】使用。",
    "At the start of your draw phase you may draw nothing and judge instead, taking the judgement card; this turn you may "
    "then use a hand card of the other colour as Duel.",
)
RED, BLACK = 1, 2


def _shuangxiong(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    ctx.draw = 0
    final = yield from engine.judge(seat, "hg_shuangxiong")
    set_state(engine, seat, "hg_shuangxiong", "color", RED if is_red(final) else BLACK, turn=True)
    if final in st.discard and st.chars[seat].alive:
        engine.move((final,), "discard", "hand", dst_seat=seat, reason="hg_shuangxiong")


def _other_colour(state: "State", seat: int) -> int:
    return state.used.get(f"hg_shuangxiong.color@{seat}", 0) if state.current == seat else 0


trigger("hg_shuangxiong", "draw_count", _shuangxiong, can=lambda e, seat, ctx: ctx.seat == seat and ctx.draw > 0, owners=turn_owner)
# A card of the colour the judgement was not: one form per colour.
form("hg_shuangxiong", "duel", is_black, play=False, when=lambda st, seat: _other_colour(st, seat) == RED, option="hg_shuangxiong:black")
form("hg_shuangxiong", "duel", is_red, play=False, when=lambda st, seat: _other_colour(st, seat) == BLACK, option="hg_shuangxiong:red")


# -- 贾诩: 完杀, 乱武, 帷幕 -------------------------------------------------------------------

define(
    "wansha", "Unmitigated Murder", "compulsory",
    "锁定技，你的回合内，除你和处于濒死状态的角色外，其他角色不能使用【桃】。",
    "Compulsory. During your turn, characters other than you and the dying one cannot use Peach.",
)


def _wansha(state: "State", dying: int, saver: int) -> bool:
    cur = state.current
    return cur < 0 or not has_skill(state, cur, "hg_wansha") or saver in (cur, dying)


SAVERS.append(_wansha)


def _wansha_concealed(engine: "Engine", seat: int, dying: int) -> bool:
    # Someone else is dying in a turn of a character that may hold 完杀 concealed: it may
    # reveal it now to keep the 桃 of the others away (sgz-rules/2; public facts only).
    st = engine.state
    return engine.fair and st.current == seat != dying and "hg_wansha" not in st.chars[seat].skills


trigger("hg_wansha", "dying", reveal_only, can=_wansha_concealed)

define(
    "luanwu", "Chaos", "limited",
    "限定技，出牌阶段，你可以令所有其他角色依次选择一项：对距离最近的另一名角色使用一张【杀】，或失去1点体力。",
    "Limited. In your play phase, every other character in turn must use a Slash on its nearest other character, or lose 1 hp.",
)


def _nearest(state: "State", seat: int) -> list[int]:
    others = others_from(state, seat)
    if not others:
        return []
    d = min(distance(state, seat, t) for t in others)
    return [t for t in others if distance(state, seat, t) == d]


def _luanwu(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    announce(engine, seat, "hg_luanwu")
    for o in others_from(st, seat):
        if not st.chars[o].alive or st.ended:
            continue
        options: list[Choice] = []
        for t in slash_targets(engine, o, _nearest(st, o)):
            options += [c for c in engine.card_options(o, SLASH_NAMES, use=True, targets=(t,)) if not c.is_pass]
        go = yield from engine.ask_hidden(o, "luanwu", f"hg_luanwu:{seat}", tuple(options))
        if go.is_pass:
            yield from engine.lose_hp(o, 1, cause="hg_luanwu")
        else:
            yield from engine.use_choice(o, go)


action("hg_luanwu", lambda e, seat: True, _luanwu)

define(
    "weimu", "Curtain", "compulsory",
    "锁定技，当你成为黑色锦囊牌的目标时，你取消此目标。",
    "Compulsory. When you become a target of a black trick card, you are removed from its targets.",
)


trigger(
    "hg_weimu", "target_confirming", cancel_target,
    can=lambda e, seat, use: seat in use.targets and seat not in use.cancelled and KINDS[use.name].type in ("trick", "delayed") and color_of(use.cards) == "black",
    owners=targets_of,
)


# -- 庞德: 猛进 ---------------------------------------------------------------------------

define(
    "mengjin", "Fierce Advance", "active",
    "当你使用的【杀】被目标角色的【闪】抵消后，你可以弃置其一张牌。",
    "When your Slash is cancelled by its target's Dodge, you may discard one of that target's cards.",
)


def _mengjin(engine: "Engine", seat: int, ctx: Any) -> "Flow":
    yield from discard_card_of(engine, seat, ctx.target, "hg_mengjin", zones=("hand", "equip"))


trigger(
    "hg_mengjin", "card_responded", _mengjin,
    can=lambda e, seat, ctx: ctx.use.seat == seat and ctx.use.name in SLASH_NAMES and e.state.chars[ctx.target].alive
    and bool(e.state.chars[ctx.target].hand or e.state.chars[ctx.target].equip),
    owners=lambda ctx: (ctx.use.seat,), target=lambda e, seat, ctx: ctx.target,
)


# -- 张角: 雷击, 鬼道 -----------------------------------------------------------------------

define(
    "leiji", "Lightning Strike", "active",
    "当你使用或打出【闪】时，你可以令一名角色进行判定：若结果为黑桃，你对其造成2点雷电伤害。",
    "When you use or play a Dodge, you may have a character judge: on a spade you deal it 2 thunder damage.",
)


def _leiji(engine: "Engine", seat: int, ctx: "ResponseCtx") -> "Flow":
    st = engine.state
    t = yield from aim(engine, seat, "hg_leiji", "card_responding", others_from(st, seat))
    if t is None:
        return
    final = yield from engine.judge(t, "hg_leiji")
    if suit_of(st, t, final) == "spade" and st.chars[t].alive:
        yield from engine.damage(seat, t, 2, "thunder")


trigger(
    "hg_leiji", "card_responding", _leiji,
    can=lambda e, seat, ctx: ctx.seat == seat and ctx.answered is not None and ctx.answered[0] == "dodge" and bool(others_from(e.state, seat)),
    owners=lambda ctx: (ctx.seat,), silent=True,
)

define(
    "guidao", "Dark Sorcery", "active",
    "当一名角色的判定牌生效前，你可以打出一张黑色牌替换之，然后你获得原判定牌。",
    "Before any character's judgement takes effect, you may play a black card (hand or equipment) to replace the judgement card, and take the old one.",
)


def _black_cards(state: "State", seat: int) -> list[int]:
    return [c for c in own_cards(state, seat) if is_black(c)]


def _guidao(engine: "Engine", seat: int, ctx: dict[str, Any]) -> "Flow":
    st = engine.state
    prompt = f"hg_guidao:{ctx['seat']}:{ctx['reason']}:{ctx['card']}"
    go = yield from choose(engine, seat, prompt, [Choice(cards=(c,)) for c in _black_cards(st, seat)], hidden=True)
    if go is None:
        return
    card = go.cards[0]
    announce(engine, seat, "hg_guidao", (ctx["seat"],), window="judge_result")
    engine.lift(seat, (card,), reason="hg_guidao")
    engine.emit(ev.CardPlayed(seat=seat, name=NAMES[card], cards=(card,)))
    old = ctx["card"]
    if old in st.processing:
        engine.move((old,), "processing", "hand", dst_seat=seat, reason="hg_guidao")
    ctx["card"] = card


def _guidao_can(engine: "Engine", seat: int, ctx: dict[str, Any]) -> bool:
    st = engine.state
    worn = any(is_black(c) for c in st.chars[seat].equip.values())  # public
    return worn or hand_or(engine, seat, bool(_black_cards(st, seat)))


trigger("hg_guidao", "judge_result", _guidao, can=_guidao_can, silent=True)


# -- 蔡文姬: 悲歌, 断肠 ---------------------------------------------------------------------

define(
    "beige", "Lament", "active",
    "当一名角色受到【杀】造成的伤害后，你可以弃置一张牌，然后令其进行判定：红桃，其回复1点体力；方块，其摸两张牌；梅花，伤害来源弃置两张牌；黑桃，伤害来源叠置。",
    "After a character takes damage from a Slash, you may discard a card to make it judge: heart, it recovers 1 hp; "
    "diamond, it draws two cards; club, the source discards two cards; spade, the source becomes stacked.",
)


def _beige(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    go = yield from choose(engine, seat, f"hg_beige:{ctx.dst}:{ctx.src}", [Choice(cards=(c,)) for c in own_cards(st, seat)])
    if go is None:
        return
    announce(engine, seat, "hg_beige", (ctx.dst,), window="damaged")
    discard_own(engine, seat, go.cards, "hg_beige")
    final = yield from engine.judge(ctx.dst, "hg_beige")
    suit = suit_of(st, ctx.dst, final)
    src_alive = ctx.src >= 0 and st.chars[ctx.src].alive
    if suit == "heart":
        yield from engine.recover(ctx.dst, 1, src=seat)
    elif suit == "diamond":
        yield from engine.draw(ctx.dst, 2, reason="hg_beige")
    elif suit == "club" and src_alive:
        yield from _discard_n(engine, ctx.src, 2, "hg_beige")
    elif suit == "spade" and src_alive:
        stack(engine, ctx.src)


trigger(
    "hg_beige", "damaged", _beige,
    can=lambda e, seat, ctx: ctx.card in SLASH_NAMES and e.state.chars[ctx.dst].alive and bool(own_cards(e.state, seat)),
    silent=True,
)

define(
    "duanchang", "Heartbreak", "compulsory",
    "锁定技，当你死亡时，你令杀死你的角色失去其一张武将牌上的所有技能。",
    "Compulsory. When you die, the character who killed you loses every skill of one of its general cards (you choose which).",
)


def _duanchang(engine: "Engine", seat: int, killer: int) -> "Flow":
    st = engine.state
    if killer < 0 or killer == seat or not st.chars[killer].alive:
        return
    slots = [i for i in range(len(st.chars[killer].slots)) if not st.chars[killer].marks.get(f"hg.lost{i}")]
    if not slots:
        return
    go = yield from engine.ask(Request(seat, "skill", prompt=f"hg_duanchang:{killer}", choices=tuple(Choice(option=("main", "deputy")[i]) for i in slots)))
    engine.emit(ev.Triggered(seat=seat, source="hg_duanchang", targets=(killer,), w="death"))
    engine.emit(SkillsLost(seat=killer, slot=0 if go.option == "main" else 1))


ON_DEATH["hg_duanchang"] = _duanchang


# -- 马腾: 雄异 ---------------------------------------------------------------------------

define(
    "xiongyi", "Heroic Rally", "limited",
    "限定技，出牌阶段，你可以令与你势力相同的所有角色各摸三张牌，然后若你的势力角色数为全场最少，你回复1点体力。",
    "Limited. In your play phase, every character of your kingdom draws three cards; then, if your kingdom has the fewest "
    "characters, you recover 1 hp.",
)


def _xiongyi(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    kin = members(st, seat)
    announce(engine, seat, "hg_xiongyi", tuple(kin))
    for t in kin:
        if st.chars[t].alive:
            yield from engine.draw(t, 3, reason="hg_xiongyi")
    if fewest(st, seat):
        yield from engine.recover(seat, 1, src=seat)


action("hg_xiongyi", lambda e, seat: True, _xiongyi)


# -- 孔融: 名士, 礼让 -----------------------------------------------------------------------

define(
    "mingshi", "Famed Scholar", "compulsory",
    "锁定技，当你受到伤害时，若伤害来源有暗置的武将牌，此伤害-1。",
    "Compulsory. When you take damage from a source that still has a concealed general, the damage is reduced by 1.",
)


def _mingshi(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.n -= 1
    return
    yield  # pragma: no cover


trigger(
    "hg_mingshi", "damage_inflicted", _mingshi,
    can=lambda e, seat, ctx: ctx.dst == seat and ctx.n > 0 and ctx.src >= 0 and any(s.vis is not None for s in e.state.chars[ctx.src].slots),
    owners=damaged_one,
)

define(
    "lirang", "Modest Yield", "active",
    "当你的牌因弃置而置入弃牌堆后，你可以将其中任意张牌交给其他角色。",
    "After cards of yours are discarded into the discard pile, you may give any of them to other characters.",
)


def _lirang(engine: "Engine", seat: int, cards: tuple[int, ...]) -> "Flow":
    st = engine.state
    asked = False
    while st.chars[seat].alive and not st.ended:
        left = [c for c in cards if c in st.discard]
        options = [Choice(cards=(c,), targets=(t,)) for c in left for t in others_from(st, seat)]
        if not asked:
            if not options or not (yield from ask_trigger(engine, seat, "hg_lirang", "cards_lost")):
                return
            announce(engine, seat, "hg_lirang", window="cards_lost")
            asked = True
        go = yield from choose(engine, seat, "hg_lirang", options)
        if go is None:
            return
        engine.move(go.cards, "discard", "hand", dst_seat=go.targets[0], reason="hg_lirang")


def _lirang_lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
    st = engine.state
    p = st.chars[seat] if seat >= 0 else None
    if p is None or not p.alive or ("hg_lirang" not in p.skills and "hg_lirang" not in p.latent):
        return
    gone = tuple(c for c in cards if c in st.discard)
    if gone:
        engine.later(lambda: _lirang(engine, seat, gone))


mod("hand_lost", _lirang_lost, "hg_lirang")
mod("equip_lost", _lirang_lost, "hg_lirang")


# -- 纪灵: 双刃 ---------------------------------------------------------------------------

define(
    "shuangren", "Double Blade", "active",
    "出牌阶段开始时，你可以与一名角色拼点：若你赢，你视为对其或与其势力相同的另一名角色使用一张【杀】；若你没赢，你结束出牌阶段。",
    "At the start of your play phase you may pindian a character: if you win, you count as using a Slash on it or on "
    "another character of its kingdom; if not, your play phase ends.",
)


def _shuangren(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    t = yield from aim(engine, seat, "hg_shuangren", "phase_before", [t for t in others_from(st, seat) if st.chars[t].hand])
    if t is None:
        return
    won = yield from pindian(engine, seat, t, "hg_shuangren")
    if not won:
        ctx.skip.add("play")
        return
    pool = [t] + [x for x in others_from(st, seat) if x != t and same_kingdom(st, x, t)]
    victims = slash_targets(engine, seat, pool)
    if victims and st.chars[seat].alive:
        to = yield from engine.ask(Request(seat, "skill", prompt="hg_shuangren:slash", choices=tuple(Choice(targets=(v,)) for v in victims)))
        yield from free_slash(engine, seat, "hg_shuangren", to.targets[0])


trigger(
    "hg_shuangren", "phase_before", _shuangren,
    can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "play" and "play" not in ctx.skip and bool(e.state.chars[seat].hand)
    and any(e.state.chars[t].hand for t in others_from(e.state, seat)),
    owners=turn_owner, silent=True,
)
uncounted("hg_shuangren")


# -- 田丰: 死谏, 随势 -----------------------------------------------------------------------

define(
    "sijian", "Dying Counsel", "active",
    "当你失去最后的手牌后，你可以弃置一名其他角色的一张牌。",
    "After you lose your last hand card, you may discard one card of another character.",
)


def _sijian(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    if not st.chars[seat].alive or st.chars[seat].hand or st.ended:
        return
    options = [Choice(targets=(t,)) for t in others_from(st, seat) if st.chars[t].hand or st.chars[t].equip]
    go = yield from choose(engine, seat, "hg_sijian", options)
    if go is None:
        return
    yield from engine.reveal_if_latent(seat, "hg_sijian")
    t = go.targets[0]
    announce(engine, seat, "hg_sijian", (t,), window="cards_lost")
    yield from discard_card_of(engine, seat, t, "hg_sijian", zones=("hand", "equip"))


def _sijian_lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
    p = engine.state.chars[seat]
    if not p.hand and p.alive and ("hg_sijian" in p.skills or "hg_sijian" in p.latent):
        engine.later(lambda: _sijian(engine, seat))


mod("hand_lost", _sijian_lost, "hg_sijian")

define(
    "suishi", "Follow the Tide", "compulsory",
    "锁定技，当其他角色因受到伤害而进入濒死状态时，若伤害来源与你势力相同，你摸一张牌；当与你势力相同的其他角色死亡后，你失去1点体力。",
    "Compulsory. When another character enters the dying state from damage whose source is of your kingdom, you draw a "
    "card; when another character of your kingdom dies, you lose 1 hp.",
)


def _suishi_draw(engine: "Engine", seat: int) -> "Flow":
    if engine.state.chars[seat].alive and not engine.state.ended:
        announce(engine, seat, "hg_suishi", window="dying")
        yield from engine.draw(seat, 1, reason="hg_suishi")


def _suishi_dying(engine: "Engine", ctx: "DamageCtx") -> None:
    # Right after the damage, before the dying window: queued to run as it opens.
    st = engine.state
    if ctx.src < 0 or st.chars[ctx.dst].hp > 0:
        return
    for h in others_from(st, ctx.dst):
        if has_skill(st, h, "hg_suishi") and same_kingdom(st, h, ctx.src):
            engine.later(lambda h=h: _suishi_draw(engine, h))


def _suishi_loss(engine: "Engine", seat: int, dead: int) -> "Flow":
    yield from engine.lose_hp(seat, 1, cause="hg_suishi")


mod("damage_applied", _suishi_dying, "hg_suishi")
trigger("hg_suishi", "death", _suishi_loss, can=lambda e, seat, dead: dead != seat and same_kingdom(e.state, seat, dead))


# -- 潘凤: 狂斧 ---------------------------------------------------------------------------

define(
    "kuangfu", "Frenzied Axe", "active",
    "当你使用【杀】对目标角色造成伤害后，你可以选择一项：将其装备区里的一张牌置入你的装备区；或弃置其装备区里的一张牌。",
    "After your Slash damages its target, you may either move one of its equipped cards into your equipment area, or discard one of its equipped cards.",
)


def _kuangfu(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    mine = st.chars[seat].equip
    options = []
    for slot, c in st.chars[ctx.dst].equip.items():
        if slot not in mine:
            options.append(Choice(cards=(c,), option="take"))
        options.append(Choice(cards=(c,), option="discard"))
    go = yield from choose(engine, seat, f"hg_kuangfu:{ctx.dst}", options)
    if go is None:
        return
    announce(engine, seat, "hg_kuangfu", (ctx.dst,), window="damage_done")
    if go.option == "take":
        engine.move(go.cards, "equip", "equip", src_seat=ctx.dst, dst_seat=seat, reason="hg_kuangfu")
    else:
        engine.move(go.cards, "equip", "discard", src_seat=ctx.dst, reason="hg_kuangfu")


trigger(
    "hg_kuangfu", "damage_done", _kuangfu,
    can=lambda e, seat, ctx: ctx.src == seat and ctx.use is not None and ctx.use.name in SLASH_NAMES and not ctx.chained
    and bool(e.state.chars[ctx.dst].equip) and e.state.chars[seat].alive,
    owners=source_of, silent=True,
)


# -- 邹氏: 祸水, 倾城 -----------------------------------------------------------------------

define(
    "huoshui", "Femme Fatale", "compulsory",
    "锁定技，你可以于出牌阶段明置此武将牌；你的回合内，其他角色不能明置武将牌。",
    "Compulsory. You may reveal this general in your play phase; during your turn other characters cannot reveal generals.",
)


def _bar(engine: "Engine", seat: int, ctx: Any = None) -> "Flow":
    if not engine.state.chars[seat].marks.get("hg.bar"):
        engine.emit(RevealsBarred(seat=seat, on=True))
    return
    yield  # pragma: no cover


def _huoshui_reveal(engine: "Engine", seat: int) -> "Flow":
    announce(engine, seat, "hg_huoshui")  # revealed by the engine before this runs
    yield from _bar(engine, seat)


def _unbar(engine: "Engine", seat: int, ctx: Any) -> "Flow":
    engine.emit(RevealsBarred(seat=seat, on=False))
    return
    yield  # pragma: no cover


action("hg_huoshui", lambda e, seat: "hg_huoshui" in e.state.chars[seat].latent and e.state.current == seat, _huoshui_reveal)
trigger("hg_huoshui", "turn_start", _bar, can=lambda e, seat, ctx: ctx.seat == seat and has_skill(e.state, seat, "hg_huoshui"), owners=turn_owner)
trigger(
    "hg_huoshui", "turn_end", _unbar, can=lambda e, seat, ctx: ctx.seat == seat and bool(e.state.chars[seat].marks.get("hg.bar")),
    owners=turn_owner, silent=True,
)

define(
    "qingcheng", "Toppling Cities", "active",
    "出牌阶段，你可以弃置一张装备牌，然后暗置一名武将牌均明置的其他角色的一张武将牌。",
    "In your play phase, you may discard an equipment card to turn face down one general of another character whose generals are both face up.",
)


def _qingcheng_options(state: "State", seat: int) -> list[Choice]:
    cards = [c for c in own_cards(state, seat) if KINDS[NAMES[c]].type == "equip"]
    if not cards:
        return []
    out = []
    for t in others_from(state, seat):
        slots = state.chars[t].slots
        if len(slots) == 2 and all(s.vis is None for s in slots):
            out += [Choice(cards=(c,), targets=(t,), option=side) for c in cards for side in ("main", "deputy")]
    return out


def _qingcheng(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    go = yield from engine.ask(Request(seat, "skill", prompt="hg_qingcheng", choices=tuple(_qingcheng_options(st, seat))))
    t = go.targets[0]
    announce(engine, seat, "hg_qingcheng", (t,))
    discard_own(engine, seat, go.cards, "hg_qingcheng")
    slot = 0 if go.option == "main" else 1
    if st.chars[t].alive:
        engine.emit(GeneralConcealed(seat=t, slot=slot, general=st.chars[t].slots[slot].general))


action("hg_qingcheng", lambda e, seat: bool(_qingcheng_options(e.state, seat)), _qingcheng)
