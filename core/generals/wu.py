"""吴 (wu) generals of the standard edition."""
from __future__ import annotations

from . import General, register

for _g in (
    General("sunquan", "孙权", "wu", "male", 4, ("zhiheng",), ("jiuyuan",), name_en="Sun Quan"),
    General("ganning", "甘宁", "wu", "male", 4, ("qixi",), name_en="Gan Ning"),
    General("lvmeng", "吕蒙", "wu", "male", 4, ("keji",), name_en="Lü Meng"),
    General("huanggai", "黄盖", "wu", "male", 4, ("kurou",), name_en="Huang Gai"),
    General("zhouyu", "周瑜", "wu", "male", 3, ("yingzi", "fanjian"), name_en="Zhou Yu"),
    General("daqiao", "大乔", "wu", "female", 3, ("guose", "liuli"), name_en="Da Qiao"),
    General("luxun", "陆逊", "wu", "male", 3, ("qianxun", "lianying"), name_en="Lu Xun"),
    General("sunshangxiang", "孙尚香", "wu", "female", 3, ("jieyin", "xiaoji"), name_en="Sun Shangxiang"),
):
    register(_g)
