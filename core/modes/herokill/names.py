"""Hero Kill's card names (seed 004), for the Sanguosha cards they are played as.

The mapping follows the QYXS port of Hero Kill (``shared/reference/modes-notes.md``
§4.3): a Hero Kill mode plays the standard card rules and narrates them under
these names (``Ruleset.display_names``).  English names are the project's
own renderings of the Chinese.  The horses keep one name per slot (Hero Kill
prints several: 赤兔 乌骓 的卢 / 忽雷驳 蹑影 追风 骅骝).
"""
from __future__ import annotations

CARD_NAMES: dict[str, tuple[str, str]] = {
    "peach": ("药", "Potion"),
    "dismantlement": ("釜底抽薪", "Pull the Firewood"),
    "snatch": ("探囊取物", "Pocket Pick"),
    "savage_assault": ("烽火狼烟", "Beacon Smoke"),
    "god_salvation": ("休养生息", "Rest and Recover"),
    "indulgence": ("画地为牢", "Circle Prison"),
    "lightning": ("手捧雷", "Hand Thunder"),
    "crossbow": ("虎符", "Tiger Tally"),
    "ice_sword": ("龙鳞刀", "Dragon Scale Blade"),
    "qinggang_sword": ("鱼肠剑", "Fish Gut Sword"),
    "blade": ("盘龙棍", "Coiled Dragon Staff"),
    "spear": ("芦叶枪", "Reed Leaf Spear"),
    "axe": ("博浪锤", "Bolang Hammer"),
    "halberd": ("狼牙棒", "Wolf Fang Mace"),
    "kylin_bow": ("霸王弓", "Overlord Bow"),
    "eight_diagram": ("玉如意", "Jade Ruyi"),
    "offensive_horse": ("赤兔", "Red Hare"),
    "defensive_horse": ("忽雷驳", "Thunder Steed"),
}

# The Hero Kill modes' own words for the log: how a game ends, why a card moves.
TERMS: dict[str, tuple[str, str]] = {
    "loyalists": ("忠臣获胜", "the loyalists win"),
    "next_died": ("下家阵亡，其上家获胜", "a seat whose next seat has died wins"),
    "replaced": ("被替换", "replaced"),
    "swap": ("更换", "swapped"),
    "pindian": ("拼点", "compare points"),  # 侠胆
}
