"""The cards as data: the 160-card standard + 军争 deck of the reference file.

A *card* is one physical card, numbered 0..159 in reference-file order.  Its
*name* (``slash``, ``peach`` …) is the glossary id of what it is.  Rules for a
name live in ``core.cards``; this module only knows what is printed.
"""
from __future__ import annotations

import msgspec

from .data import data_text

SUITS = ("spade", "heart", "club", "diamond")
RED_SUITS = frozenset({"heart", "diamond"})
SUIT_SYMBOL = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦", "": ""}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


class Kind(msgspec.Struct, frozen=True, gc=False):
    """What every card of one name shares."""

    name: str
    zh: str
    type: str  # basic | trick | delayed | equip
    subtype: str = ""  # weapon | armor | defensive_horse | offensive_horse | treasure
    range: int = 0  # a weapon's attack range
    en: str = ""  # the English name a player reads ("" : the id, title-cased)

    @property
    def name_en(self) -> str:
        return self.en or self.name.replace("_", " ").title()

    def title(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.name_en


class Card(msgspec.Struct, frozen=True, gc=False):
    number: int
    name: str
    suit: str
    rank: int
    pack: str
    face: str = ""  # its own printed name where it differs from its kind's (the horses: 赤兔, 的卢 …)

    @property
    def color(self) -> str:
        return "red" if self.suit in RED_SUITS else "black" if self.suit else "none"

    @property
    def kind(self) -> Kind:
        return KINDS[self.name]

    @property
    def face_text(self) -> str:
        """Suit and rank as printed: ♠7, ♥A ("" for a card printed without them: a Hero Kill general card)."""
        if not self.rank:
            return ""
        return f"{SUIT_SYMBOL[self.suit]}{RANK_TEXT.get(self.rank, str(self.rank))}"

    def title(self, lang: str = "en") -> str:
        """The card's own name: its kind's, or a horse's printed name."""
        if self.face:
            return self.face if lang == "zh" else FACE_EN.get(self.face, self.face)
        return KINDS[self.name].title(lang)

    def label(self, lang: str = "en", name: str | None = None) -> str:
        """The card as a player reads it: 【杀】♠7 / Slash ♠7.  ``name``: what a
        mode calls it (Hero Kill's names) instead of its own name."""
        if name is None:
            name = self.title(lang)
        face = self.face_text
        if lang == "zh":
            return f"【{name}】{face}"
        return f"{name} {face}" if face else name


def _k(name: str, zh: str, type_: str, subtype: str = "", range_: int = 0, en: str = "") -> tuple[str, Kind]:
    return name, Kind(name, zh, type_, subtype, range_, en)


# The horses' printed names in English (pinyin, as players say them).
FACE_EN = {"的卢": "Dilu", "绝影": "Jueying", "爪黄飞电": "Zhuahuang Feidian", "赤兔": "Chitu", "大宛": "Dayuan", "紫骍": "Zixing", "骅骝": "Hualiu"}


KINDS: dict[str, Kind] = dict(
    [
        _k("slash", "杀", "basic"),
        _k("fire_slash", "火杀", "basic"),
        _k("thunder_slash", "雷杀", "basic"),
        _k("dodge", "闪", "basic"),
        _k("peach", "桃", "basic"),
        _k("analeptic", "酒", "basic", en="Analeptic"),
        _k("nullification", "无懈可击", "trick"),
        _k("dismantlement", "过河拆桥", "trick"),
        _k("snatch", "顺手牵羊", "trick"),
        _k("duel", "决斗", "trick"),
        _k("savage_assault", "南蛮入侵", "trick"),
        _k("archery_attack", "万箭齐发", "trick"),
        _k("god_salvation", "桃园结义", "trick"),
        _k("amazing_grace", "五谷丰登", "trick"),
        _k("ex_nihilo", "无中生有", "trick"),
        _k("collateral", "借刀杀人", "trick"),
        _k("fire_attack", "火攻", "trick"),
        _k("iron_chain", "铁索连环", "trick"),
        _k("indulgence", "乐不思蜀", "delayed"),
        _k("supply_shortage", "兵粮寸断", "delayed"),
        _k("lightning", "闪电", "delayed"),
        _k("crossbow", "诸葛连弩", "equip", "weapon", 1, "Zhuge Crossbow"),
        _k("qinggang_sword", "青釭剑", "equip", "weapon", 2),
        _k("double_sword", "雌雄双股剑", "equip", "weapon", 2, "Double Swords"),
        _k("ice_sword", "寒冰剑", "equip", "weapon", 2),
        _k("guding_blade", "古锭刀", "equip", "weapon", 2),
        _k("axe", "贯石斧", "equip", "weapon", 3, "Stone Axe"),
        _k("blade", "青龙偃月刀", "equip", "weapon", 3, "Green Dragon Blade"),
        _k("spear", "丈八蛇矛", "equip", "weapon", 3, "Serpent Spear"),
        _k("halberd", "方天画戟", "equip", "weapon", 4, "Sky Halberd"),
        _k("fan", "朱雀羽扇", "equip", "weapon", 4, "Feather Fan"),
        _k("kylin_bow", "麒麟弓", "equip", "weapon", 5),
        _k("eight_diagram", "八卦阵", "equip", "armor"),
        _k("renwang_shield", "仁王盾", "equip", "armor"),
        _k("vine", "藤甲", "equip", "armor", en="Vine Armour"),
        _k("silver_lion", "白银狮子", "equip", "armor"),
        _k("defensive_horse", "+1马", "equip", "defensive_horse", en="+1 Horse"),
        _k("offensive_horse", "-1马", "equip", "offensive_horse", en="-1 Horse"),
    ]
)

SLASH_NAMES = frozenset({"slash", "fire_slash", "thunder_slash"})
BASIC_NAMES = frozenset(n for n, k in KINDS.items() if k.type == "basic")
EQUIP_SLOTS = ("weapon", "armor", "defensive_horse", "offensive_horse")


class DeckError(ValueError):
    pass


def parse_deck(text: str) -> tuple[Card, ...]:
    """Parse the reference TSV (comment lines start with '#', then a header)."""
    cards: list[Card] = []
    header_seen = False
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if not header_seen:
            if cols[:5] != ["pack", "id", "name_zh", "suit", "rank"]:
                raise DeckError(f"deck line {lineno}: unexpected header {cols!r}")
            header_seen = True
            continue
        if len(cols) != 5:
            raise DeckError(f"deck line {lineno}: expected 5 columns, got {len(cols)}")
        pack, name, zh, suit, rank = cols
        if name not in KINDS:
            raise DeckError(f"deck line {lineno}: unknown card id {name!r}")
        if suit not in SUITS or not rank.isdigit() or not 1 <= int(rank) <= 13:
            raise DeckError(f"deck line {lineno}: bad suit/rank {suit!r} {rank!r}")
        cards.append(Card(len(cards), name, suit, int(rank), pack, zh if zh != KINDS[name].zh else ""))
    return tuple(cards)


def load_deck() -> tuple[Card, ...]:
    return parse_deck(data_text(__file__, "deck.tsv"))


# The catalogue of every printed card, by number.  The standard + 军争 deck is
# 0..159; a content pack with cards of its own adds them at numbers of its
# own (``add_cards``), so a number means one card in every record.  The lists
# are extended in place: modules may keep references to them.
STANDARD: tuple[Card, ...] = load_deck()
CARDS: list[Card] = list(STANDARD)
NAMES: list[str] = [c.name for c in CARDS]  # hot paths index these
SUIT: list[str] = [c.suit for c in CARDS]
RANK: list[int] = [c.rank for c in CARDS]
STANDARD_DECK: tuple[int, ...] = tuple(range(len(STANDARD)))


def deck_numbers(deck: tuple[int, ...]) -> tuple[int, ...]:
    """A game's card numbers (a GameStarted's ``deck``; empty: the standard 160)."""
    return deck or STANDARD_DECK


def add_kind(kind: Kind) -> Kind:
    """A card name a pack prints (its type, slot, weapon range)."""
    known = KINDS.get(kind.name)
    if known is not None and known != kind:
        raise DeckError(f"card {kind.name!r} is already printed as {known}")
    KINDS[kind.name] = kind
    return kind


def add_cards(first: int, cards: list[tuple[str, str, int, str]], faces: list[str] | None = None) -> tuple[int, ...]:
    """Print a pack's cards (name, suit, rank, pack) at numbers ``first``, ``first + 1`` ….
    ``faces``: each card's own printed name where it differs from its kind's (a horse's: 赤兔), or "".

    The numbers are part of the record format: a pack keeps its ``first``
    for ever.  Numbers that no pack uses are left blank, and a pack may fill
    blank numbers below those of a pack printed before it (the packs of the
    modes are imported in any order).
    """
    numbers = range(first, first + len(cards))
    unknown = [name for name, _, _, _ in cards if name not in KINDS]
    if unknown:
        raise DeckError(f"card {unknown[0]!r} has no printed kind (add_kind first)")
    taken = [n for n in numbers if n < len(CARDS) and CARDS[n].name]
    if taken:
        raise DeckError(f"card numbers {taken[0]}-{taken[-1]} are taken (by {CARDS[taken[0]].pack!r})")
    while len(CARDS) < numbers.stop:
        CARDS.append(Card(len(CARDS), "", "", 0, ""))
        NAMES.append("")
        SUIT.append("")
        RANK.append(0)
    for k, (n, (name, suit, rank, pack)) in enumerate(zip(numbers, cards)):
        CARDS[n] = Card(n, name, suit, rank, pack, faces[k] if faces else "")
        NAMES[n] = name
        SUIT[n] = suit
        RANK[n] = rank
    return tuple(numbers)
