"""蜀 (shu) generals of the standard edition."""
from __future__ import annotations

from . import General, register

for _g in (
    General("liubei", "刘备", "shu", "male", 4, ("rende",), ("jijiang",), name_en="Liu Bei"),
    General("guanyu", "关羽", "shu", "male", 4, ("wusheng",), name_en="Guan Yu"),
    General("zhangfei", "张飞", "shu", "male", 4, ("paoxiao",), name_en="Zhang Fei"),
    General("zhugeliang", "诸葛亮", "shu", "male", 3, ("guanxing", "kongcheng"), name_en="Zhuge Liang"),
    General("zhaoyun", "赵云", "shu", "male", 4, ("longdan",), name_en="Zhao Yun"),
    General("machao", "马超", "shu", "male", 4, ("mashu", "tieji"), name_en="Ma Chao"),
    General("huangyueying", "黄月英", "shu", "female", 3, ("jizhi", "qicai"), name_en="Huang Yueying"),
):
    register(_g)
