"""The project's generals for seed 000's kinds (see the package doc)."""
from __future__ import annotations

from ...generals import General, register
from . import PACK_ID, PROJECT

for _g in (
    General("sgz_dajiang", "大匠", "han", "male", 4, ("sgz_zhucheng",), name_en="Master Builder", pack=PACK_ID),
    General("sgz_tuntian_duwei", "屯田都尉", "han", "male", 4, ("sgz_tuntian",), name_en="Farm Commandant", pack=PACK_ID),
    General("sgz_wukuling", "武库令", "rong", "male", 4, ("sgz_wuku",), name_en="Armoury Keeper", pack=PACK_ID),
    General("sgz_yicheng", "驿丞", "yi", "female", 3, ("sgz_yichuan", "sgz_mitan"), name_en="Post Mistress", pack=PACK_ID),
    General("sgz_tingwei", "廷尉", "han", "male", 3, ("sgz_yuefa",), name_en="Chief Justice", pack=PACK_ID),
    General("sgz_dangkui", "党魁", "di", "male", 4, ("sgz_jiedang",), name_en="Faction Leader", pack=PACK_ID),
    General("sgz_zhenjiang", "阵将", "rong", "male", 4, ("sgz_weigong", "sgz_changshe"), name_en="Formation General", pack=PACK_ID),
    General("sgz_huoqiying", "火器营", "man", "male", 4, ("sgz_pili",), name_en="Gunpowder Captain", pack=PACK_ID),
    General("sgz_shuijun_dudu", "水军都督", "yi", "male", 4, ("sgz_shuiyan",), name_en="Admiral", pack=PACK_ID),
    General("sgz_zhanjiang", "斩将", "man", "male", 4, ("sgz_zhanshou", "sgz_lianzhan"), name_en="Headsman", pack=PACK_ID),
    General("sgz_shuike", "说客", "di", "female", 3, ("sgz_shezhan",), name_en="Persuader", pack=PACK_ID),
):
    register(_g, PROJECT)
