"""The 60 hegemony generals, printed into the ``hegemony-generals`` pack.

Ids are the reference file's with ``hg_`` in front (hegemony's 曹操 is not
identity's).  ``General.max_hp`` counts *half* yin-yang fish here (``halves``):
a character's max hp is the two halves summed, halved, rounded down.  A skill
of the same name and text as an identity skill is that skill (its id and
code, ``REUSED``); every other skill is hegemony's own, ``hg_`` + its id.
"""
from __future__ import annotations

from ...content import Pack
from ...generals import GENERALS, General, register
from .data import GENERALS_DATA

HG_GENERALS = Pack("hegemony-generals", "国战武将", "Hegemony generals")
UNBUILT = Pack("hegemony-unbuilt", "国战武将（未完成）", "Hegemony generals not built yet")  # never installed

# Original-edition skills that are the identity skill of the same name and
# text (the reference's ``identity`` column says "same"; 集智 "close": the
# identity code already ignores converted tricks).  tieqi is identity's tieji.
REUSED: dict[str, str] = {
    sid: sid
    for sid in (
        "jianxiong fankui guicai ganglie tuxi luoyi tiandu yiji qingguo luoshen wusheng paoxiao guanxing longdan mashu "
        "jizhi qicai qixi keji kurou yingzi fanjian guose liuli jieyin xiaoji qingnang jijiu wushuang biyue"
    ).split()
}
REUSED["tieqi"] = "tieji"

NAME_EN: dict[str, str] = {
    "caocao": "Cao Cao", "simayi": "Sima Yi", "xiahoudun": "Xiahou Dun", "zhangliao": "Zhang Liao", "xuchu": "Xu Chu",
    "guojia": "Guo Jia", "zhenji": "Zhen Ji", "xiahouyuan": "Xiahou Yuan", "zhanghe": "Zhang He", "xuhuang": "Xu Huang",
    "caoren": "Cao Ren", "dianwei": "Dian Wei", "xunyu": "Xun Yu", "caopi": "Cao Pi", "yuejin": "Yue Jin",
    "liubei": "Liu Bei", "guanyu": "Guan Yu", "zhangfei": "Zhang Fei", "zhugeliang": "Zhuge Liang", "zhaoyun": "Zhao Yun",
    "machao": "Ma Chao", "huangyueying": "Huang Yueying", "huangzhong": "Huang Zhong", "weiyan": "Wei Yan",
    "pangtong": "Pang Tong", "wolong": "Wolong Zhuge Liang", "liushan": "Liu Shan", "menghuo": "Meng Huo",
    "zhurong": "Zhu Rong", "ganfuren": "Lady Gan", "sunquan": "Sun Quan", "ganning": "Gan Ning", "lvmeng": "Lü Meng",
    "huanggai": "Huang Gai", "zhouyu": "Zhou Yu", "daqiao": "Da Qiao", "luxun": "Lu Xun", "sunshangxiang": "Sun Shangxiang",
    "sunjian": "Sun Jian", "xiaoqiao": "Xiao Qiao", "taishici": "Taishi Ci", "zhoutai": "Zhou Tai", "lusu": "Lu Su",
    "zhangzhaozhanghong": "Zhang Zhao & Zhang Hong", "dingfeng": "Ding Feng", "huatuo": "Hua Tuo", "lvbu": "Lü Bu",
    "diaochan": "Diao Chan", "yuanshao": "Yuan Shao", "yanliangwenchou": "Yan Liang & Wen Chou", "jiaxu": "Jia Xu",
    "pangde": "Pang De", "zhangjiao": "Zhang Jiao", "caiwenji": "Cai Wenji", "mateng": "Ma Teng", "kongrong": "Kong Rong",
    "jiling": "Ji Ling", "tianfeng": "Tian Feng", "panfeng": "Pan Feng", "zoushi": "Lady Zou",
}

KINGDOMS = ("wei", "shu", "wu", "qun")

# Generals left out of the pool because a skill of theirs is not built yet
# (docs/not-built.md; a test asserts this list).
NOT_BUILT: tuple[str, ...] = ()


def skill_id(ref_id: str) -> str:
    """The id a reference-file skill has in this engine."""
    return REUSED.get(ref_id) or f"hg_{ref_id}"


def general_id(ref_id: str) -> str:
    return f"hg_{ref_id}"


# Companions (珠联璧合) by general id, both ways.
COMPANIONS: dict[str, frozenset[str]] = {}

for _row in GENERALS_DATA:
    _gid = general_id(_row.id)
    COMPANIONS[_gid] = frozenset(general_id(c) for c in _row.companions)
    register(
        General(
            _gid, _row.name_zh, _row.kingdom, _row.gender, _row.hp_halves, tuple(skill_id(s) for s in _row.skills),
            name_en=NAME_EN[_row.id], pack="hegemony",
        ),
        UNBUILT if _row.id in NOT_BUILT else HG_GENERALS,
    )


# Generals of other modes that are hegemony generals under another id (hegemony-six's
# ``six_caocao`` is ``hg_caocao`` of another force): their companions are the same.
ALIASES: dict[str, str] = {}


def companions(a: str, b: str) -> bool:
    a, b = ALIASES.get(a, a), ALIASES.get(b, b)
    return b in COMPANIONS.get(a, ()) or a in COMPANIONS.get(b, ())


def halves(gid: str) -> int:
    """Half yin-yang fish printed on a hegemony general (its ``max_hp``)."""
    return GENERALS[gid].max_hp


def max_hp(a: str, b: str) -> int:
    """Whole yin-yang fish of two generals (a leftover half does not count)."""
    return (halves(a) + halves(b)) // 2


def half_left(a: str, b: str) -> bool:
    return (halves(a) + halves(b)) % 2 == 1
