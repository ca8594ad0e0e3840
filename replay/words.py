"""The words a player reads for the game's terms, in Chinese and English.

One table per kind of term (roles, phases, zones, kingdoms …); ``word``
looks a term up in the reader's language and falls back to the term itself,
so a mode's own term is never lost, only left untranslated.  Card, skill and
general names are not here: they are printed data (``replay.narrate.display_name``).
"""
from __future__ import annotations

from sanguozhi.core.natures import NATURES as _NATURES
from sanguozhi.records.output import pad, width  # noqa: F401  (terminal columns, shared with the tables of sgz stats)

Words = dict[str, tuple[str, str]]  # term -> (zh, en)

ROLES: Words = {"lord": ("主公", "lord"), "loyalist": ("忠臣", "loyalist"), "rebel": ("反贼", "rebel"), "renegade": ("内奸", "renegade")}
PHASES: Words = {
    "start": ("准备", "start"),
    "judge": ("判定", "judge"),
    "draw": ("摸牌", "draw"),
    "play": ("出牌", "play"),
    "discard": ("弃牌", "discard"),
    "finish": ("结束", "finish"),
}
# A zone as a place: "{owner}的手牌" / "{owner}'s hand"; zones without an owner stand alone.
ZONES: Words = {
    "pile": ("牌堆", "the draw pile"),
    "discard": ("弃牌堆", "the discard pile"),
    "processing": ("处理区", "the processing zone"),
    "hand": ("手牌", "hand"),
    "equip": ("装备区", "equipment"),
    "judge": ("判定区", "judge zone"),
    "removed": ("移出游戏", "out of the game"),
}
NATURES = _NATURES  # damage natures name themselves (core.natures: a pack may add one)
KINGDOMS: Words = {
    "wei": ("魏", "Wei"),
    "shu": ("蜀", "Shu"),
    "wu": ("吴", "Wu"),
    "qun": ("群", "Qun"),
    "han": ("汉", "Han"),
    "yi": ("夷", "Yi"),
    "rong": ("戎", "Rong"),
    "man": ("蛮", "Man"),
    "di": ("狄", "Di"),
    "jun": ("君", "Jun"),  # Hero Kill's kingdoms: 君 臣 民
    "chen": ("臣", "Chen"),
    "min": ("民", "Min"),
    "careerist": ("野心家", "careerist"),
}
GENDERS: Words = {"male": ("男", "male"), "female": ("女", "female"), "none": ("无", "none")}
SUITS: Words = {"spade": ("♠黑桃", "♠ spade"), "heart": ("♥红桃", "♥ heart"), "club": ("♣梅花", "♣ club"), "diamond": ("♦方块", "♦ diamond")}
EQUIP_SLOTS: Words = {
    "weapon": ("武器", "weapon"),
    "armor": ("防具", "armour"),
    "defensive_horse": ("+1马", "+1 horse"),
    "offensive_horse": ("-1马", "-1 horse"),
    "treasure": ("宝物", "treasure"),
}
# Why cards moved, where the reason is a rule and not a card or skill.
REASONS: Words = {
    "draw": ("摸牌", "draw"),
    "deal": ("起始手牌", "starting hand"),
    "discard": ("弃牌阶段", "discard phase"),
    "recast": ("重铸", "recast"),
    "replace": ("替换装备", "replaced"),
    "equip": ("装备", "equipped"),
    "death": ("阵亡", "death"),
    "reward": ("击杀奖励", "a reward for the kill"),
    "penalty": ("主公误杀忠臣的惩罚", "penalty: the lord killed a loyalist"),
    "kin_penalty": ("杀死同势力角色的惩罚", "penalty: killed one of its own kingdom"),
    "nullified": ("被无懈可击抵消", "nullified"),
    "judge": ("判定", "judgement"),
    "use": ("使用", "used"),
    "play": ("打出", "played"),
}
# How a game ended (GameEnded.reason, before any ":detail").
ENDINGS: Words = {
    "lord": ("主公和忠臣获胜", "the lord and the loyalists win"),
    "rebels": ("反贼获胜", "the rebels win"),
    "renegade": ("内奸获胜", "the renegade wins"),
    "turn_limit": ("达到回合上限，和局", "the turn limit is reached: a draw"),
    "no_cards_left": ("牌堆和弃牌堆都没有牌了，和局", "no cards are left to draw: a draw"),
    "jade_seal": ("存活到最后并持有玉玺者获胜", "the last survivor holding the jade seal wins"),
    "no_survivor": ("无人存活，和局", "nobody survives: a draw"),
}
# Words whatever the mode (a mode may name them its own way in ``display_names``:
# 天地人's 勾玉): terms of the table and the log, and answers that mean
# something particular in one question ("head:option").
TERMS: Words = {
    "points": ("积分", "points"),
    "ganglie:discard": ("弃置两张手牌", "Discard two hand cards"),
    "double_sword:discard": ("弃置一张手牌", "Discard a hand card"),
    "double_sword:draw": ("令其摸一张牌", "Let it draw a card"),
    "hg_kuangfu:take": ("置入你的装备区", "Move it into your equipment"),
    "hg_kuangfu:discard": ("弃置之", "Discard it"),
    "hg_guzheng:take": ("获得其余的牌", "Take the rest"),
}
# Options of a decision that are words, not cards or skills.
OPTIONS: Words = {
    "end": ("结束出牌阶段", "End the play phase"),
    "pass": ("放弃", "Pass"),
    "hand": ("一张手牌（随机，你看不到是哪张）", "a hand card (at random: you do not see which)"),
    "discard": ("弃置一张牌", "Discard a card"),
    "draw": ("令对方摸一张牌", "Let the user draw a card"),
    "damage": ("受到1点伤害", "Take 1 damage"),
    "recast": ("重铸", "Recast"),
}


def word(table: Words, term: str, lang: str) -> str:
    """``term`` in ``lang`` from ``table`` (the term itself when the table does not know it)."""
    got = table.get(term)
    if got is None:
        return term
    return got[0] if lang == "zh" else got[1]


def ending(reason: str, winners: tuple[int, ...] | list[int], lang: str, mode: str = "") -> str:
    """How a game ended, with the winning seats: the rebels win (seats 1, 3).  An
    ending of ``mode``'s own (Hero Kill's 平定天下) reads as the mode names it."""
    head = reason.split(":")[0]
    how = word(ENDINGS, head, lang)
    if head not in ENDINGS and mode:
        from sanguozhi.core.modes import ModeError, ruleset_of

        try:
            own = ruleset_of(mode).display_names.get(head)
        except ModeError:
            own = None
        if own is not None:
            how = own[0] if lang == "zh" else own[1]
    if not winners:
        return how
    seats = ("、" if lang == "zh" else ", ").join(map(str, winners))
    return f"{how}（{seats}号位）" if lang == "zh" else f"{how} (seat{'s' * (len(winners) != 1)} {seats})"
