"""魏 (wei) generals of the standard edition."""
from __future__ import annotations

from . import General, register

for _g in (
    General("caocao", "曹操", "wei", "male", 4, ("jianxiong",), ("hujia",), name_en="Cao Cao"),
    General("simayi", "司马懿", "wei", "male", 3, ("fankui", "guicai"), name_en="Sima Yi"),
    General("xiahoudun", "夏侯惇", "wei", "male", 4, ("ganglie",), name_en="Xiahou Dun"),
    General("zhangliao", "张辽", "wei", "male", 4, ("tuxi",), name_en="Zhang Liao"),
    General("xuchu", "许褚", "wei", "male", 4, ("luoyi",), name_en="Xu Chu"),
    General("guojia", "郭嘉", "wei", "male", 3, ("tiandu", "yiji"), name_en="Guo Jia"),
    General("zhenji", "甄姬", "wei", "female", 3, ("qingguo", "luoshen"), name_en="Zhen Ji"),
):
    register(_g)
