"""群 (qun) generals of the standard edition."""
from __future__ import annotations

from . import General, register

for _g in (
    General("huatuo", "华佗", "qun", "male", 3, ("jijiu", "qingnang"), name_en="Hua Tuo"),
    General("lvbu", "吕布", "qun", "male", 4, ("wushuang",), name_en="Lü Bu"),
    General("diaochan", "貂蝉", "qun", "female", 3, ("lijian", "biyue"), name_en="Diao Chan"),
):
    register(_g)
