"""One line of prose per event, in Chinese or English, from any seat's view."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core import events as ev
from core.deck import CARDS, KINDS
from core.state import State
from core.windows import WINDOW_ZH

ROLE_ZH = {"lord": "主公", "loyalist": "忠臣", "rebel": "反贼", "renegade": "内奸"}
PHASE_ZH = {"start": "准备", "judge": "判定", "draw": "摸牌", "play": "出牌", "discard": "弃牌", "finish": "结束"}
ZONE_ZH = {"pile": "牌堆", "discard": "弃牌堆", "processing": "处理区", "hand": "手牌", "equip": "装备区", "judge": "判定区", "removed": "移出游戏"}
NATURE_ZH = {"normal": "", "fire": "火焰", "thunder": "雷电"}


class Narrator:
    """Narrates events for ``viewer`` (None: the full review) in ``lang``.

    A mode's own events are narrated by its ruleset (``Ruleset.narrate``):
    the mode is learnt from the GameStarted event, or given as ``mode``.
    """

    def __init__(self, lang: str = "en", viewer: int | None = None, mode: str | None = None) -> None:
        if lang not in ("en", "zh"):
            raise ValueError(f"unknown language {lang!r} (en, zh)")
        self.lang = lang
        self.viewer = viewer
        self.zh = lang == "zh"
        self.rs: Any = None
        if mode is not None:
            self.learn(mode)

    def learn(self, mode: str) -> None:
        from core.modes import RULESETS

        self.rs = RULESETS.get(mode)

    def sees(self, vis: tuple[int, ...] | None) -> bool:
        return vis is None or self.viewer is None or self.viewer in vis

    def seat(self, s: int) -> str:
        if s < 0:
            return "无来源" if self.zh else "nobody"
        return f"{s}号位" if self.zh else f"seat {s}"

    def card(self, c: int) -> str:
        return card_label(c, self.lang, self.rs)

    def name(self, n: str) -> str:
        """A card, skill or general id as the reader's language (and the mode) names it."""
        return display_name(n, self.lang, self.rs)

    def zone(self, z: str) -> str:
        """A zone's name, its mode's own zones (``Ruleset.zones``) included."""
        own = self.rs.zones.get(z) if self.rs is not None else None
        if own is not None:
            return own[0] if self.zh else own[1]
        return ZONE_ZH.get(z, z) if self.zh else z

    def cards(self, cs: tuple[int, ...], vis: tuple[int, ...] | None = None) -> str:
        if vis is not None and self.viewer is not None and self.viewer not in vis:
            return f"{len(cs)}张牌" if self.zh else f"{len(cs)} card{'s' * (len(cs) != 1)}"
        return ", ".join(self.card(c) for c in cs)

    def line(self, e: ev.Event, state: State | None = None) -> str | None:
        fn = _TEXT.get(type(e))
        if fn is not None:
            return fn(self, e)
        text = self.rs.narrate(self, e) if self.rs is not None else None
        return text if text is not None else _as_data(self, e)  # an event type without prose


# Fields of an event without prose that a seat may be told: who, how much,
# when.  Anything else (card numbers, roles, generals) may be hidden from it.
_SAFE_FIELDS = ("seat", "src", "dst", "src_seat", "dst_seat", "n", "killer", "turn", "round", "phase", "source", "nature", "w")


def _as_data(n: Narrator, e: ev.Event) -> str:
    """An event type without prose: as data in the full review; for a seat, only safe fields."""
    if n.viewer is None:
        return ev.encode(e).decode()
    tag = ev.TAGS.get(type(e)) or type(e).__struct_config__.tag or type(e).__name__
    parts = []
    for f in _SAFE_FIELDS:
        v = getattr(e, f, None)
        if type(v) is int or (type(v) is str and v):
            parts.append(f"{f}={v}")
    return f"({tag}{': ' if parts else ''}{', '.join(parts)})"


def _start(n: Narrator, e: ev.GameStarted) -> str:
    n.learn(e.mode)
    return (f"游戏开始：{e.mode}，{e.players}人，种子{e.seed}" if n.zh else f"Game starts: {e.mode}, {e.players} players, seed {e.seed}")


def _roles(n: Narrator, e: ev.RolesDealt) -> str:
    if n.viewer is None:
        parts = [f"{n.seat(s)}{ROLE_ZH[r] if n.zh else ' ' + r}" for s, r in enumerate(e.roles)]
        return ("身份：" if n.zh else "Roles: ") + ", ".join(parts)
    role = e.roles[n.viewer]
    return f"你的身份是{ROLE_ZH[role]}" if n.zh else f"Your role is {role}"


def _general(n: Narrator, e: ev.GeneralChosen) -> str:
    if not n.sees(e.vis):
        return f"{n.seat(e.seat)}获得一张暗置的武将牌" if n.zh else f"{n.seat(e.seat)} takes a concealed general"
    g = n.name(e.general)
    if e.slot:
        hidden = "" if e.vis is None else ("（暗置）" if n.zh else " (concealed)")
        return f"{n.seat(e.seat)}的副将：{g}{hidden}" if n.zh else f"{n.seat(e.seat)}'s second general: {g}{hidden}"
    return f"{n.seat(e.seat)}选择武将{g}（体力{e.hp}/{e.max_hp}）" if n.zh else f"{n.seat(e.seat)} plays {g} ({e.hp}/{e.max_hp} hp)"


def _reveal(n: Narrator, e: ev.GeneralRevealed) -> str:
    g = n.name(e.general)
    return f"{n.seat(e.seat)}明置武将{g}" if n.zh else f"{n.seat(e.seat)} reveals {g}"


def _max_hp(n: Narrator, e: ev.MaxHpChanged) -> str:
    if n.zh:
        return f"{n.seat(e.seat)}{'增加' if e.n > 0 else '减少'}{abs(e.n)}点体力上限"
    return f"{n.seat(e.seat)} {'gains' if e.n > 0 else 'loses'} {abs(e.n)} max hp"


def _turned_over(n: Narrator, e: ev.TurnedOver) -> str:
    if n.zh:
        return f"{n.seat(e.seat)}{'翻面' if e.on else '翻回正面'}"
    return f"{n.seat(e.seat)} is turned {'face down' if e.on else 'face up'}"


def _offer(n: Narrator, e: ev.GeneralsOffered) -> str:
    if e.vis is not None and n.viewer is not None and n.viewer not in e.vis:
        return f"{n.seat(e.seat)}获得{len(e.generals)}张候选武将" if n.zh else f"{n.seat(e.seat)} is dealt {len(e.generals)} candidate generals"
    names = ", ".join(n.name(g) for g in e.generals)
    return f"{n.seat(e.seat)}的候选武将：{names}" if n.zh else f"{n.seat(e.seat)} is dealt the candidates {names}"


def _skill_state(n: Narrator, e: ev.SkillStateChanged) -> None:
    return None  # bookkeeping of a skill whose use is told by its Triggered line


def _show_role(n: Narrator, e: ev.RoleShown) -> str:
    return f"{n.seat(e.seat)}亮明身份：{ROLE_ZH[e.role]}" if n.zh else f"{n.seat(e.seat)} shows role: {e.role}"


def _shuffle(n: Narrator, e: ev.PileShuffled) -> str:
    if e.reshuffle:
        return f"弃牌堆洗入牌堆（{len(e.order)}张）" if n.zh else f"The discard pile is shuffled into a new draw pile ({len(e.order)} cards)"
    return f"洗牌（{len(e.order)}张）" if n.zh else f"The deck is shuffled ({len(e.order)} cards)"


def _turn(n: Narrator, e: ev.TurnStarted) -> str:
    return f"—— 第{e.round}轮 第{e.turn}回合：{n.seat(e.seat)} ——" if n.zh else f"-- round {e.round}, turn {e.turn}: {n.seat(e.seat)} --"


def _phase(n: Narrator, e: ev.PhaseStarted) -> str:
    return f"{n.seat(e.seat)}的{PHASE_ZH[e.phase]}阶段" if n.zh else f"{n.seat(e.seat)}: {e.phase} phase"


def _skip(n: Narrator, e: ev.PhaseSkipped) -> str:
    return f"{n.seat(e.seat)}跳过{PHASE_ZH[e.phase]}阶段" if n.zh else f"{n.seat(e.seat)} skips the {e.phase} phase"


def _turn_end(n: Narrator, e: ev.TurnEnded) -> None:
    return None


def _move(n: Narrator, e: ev.CardsMoved) -> str | None:
    if e.reason in ("use", "play") and e.dst in ("processing", "discard") and e.src != "equip":
        return None  # told by the use/play line
    if e.reason == "judge" and e.src == "processing":
        return None  # the judgement card's way out; told when it was shown
    who = n.seat(e.dst_seat if e.dst_seat >= 0 else e.src_seat)
    cards = n.cards(e.cards, e.vis)
    if e.reason.startswith("judge:") and e.dst == "processing":
        what = e.reason[6:]
        return f"{who}的判定（{n.name(what)}）：{cards}" if n.zh else f"judgement for {who} ({what}): {cards}"
    if e.src == "pile" and e.dst == "hand":
        return f"{who}摸了{cards}" if n.zh else f"{who} draws {cards}"
    if e.dst == "discard" and e.src_seat >= 0:
        return f"{n.seat(e.src_seat)}弃置{cards}（{e.reason}）" if n.zh else f"{n.seat(e.src_seat)} discards {cards} ({e.reason})"
    if n.rs is not None and e.dst in n.rs.zones:  # a zone of the character's own
        return f"{who}将{cards}置入{n.zone(e.dst)}（{e.reason}）" if n.zh else f"{who} puts {cards} into its {n.zone(e.dst)} ({e.reason})"
    if n.zh:
        return f"{cards}：{n.zone(e.src)} → {n.zone(e.dst)}（{e.reason}）"
    return f"{cards}: {n.zone(e.src)} -> {n.zone(e.dst)} ({e.reason})"


def _use(n: Narrator, e: ev.CardUsed) -> str:
    cards = f"（{n.cards(e.cards)}）" if n.zh and e.cards else f" ({n.cards(e.cards)})" if e.cards else ""
    targets = ", ".join(n.seat(t) for t in e.targets)
    if n.zh:
        return f"{n.seat(e.seat)}使用【{n.name(e.name)}】{cards}" + (f"，目标{targets}" if targets else "")
    return f"{n.seat(e.seat)} uses {e.name}{cards}" + (f" on {targets}" if targets else "")


def _play(n: Narrator, e: ev.CardPlayed) -> str:
    return f"{n.seat(e.seat)}打出【{n.name(e.name)}】" if n.zh else f"{n.seat(e.seat)} plays {e.name}"


def _trig(n: Narrator, e: ev.Triggered) -> str:
    w = WINDOW_ZH.get(e.w, e.w) if n.zh else e.w
    return f"{n.seat(e.seat)}的【{n.name(e.source)}】发动（{w}）" if n.zh else f"{n.seat(e.seat)}'s {e.source} triggers ({w})"


def _damage(n: Narrator, e: ev.Damaged) -> str:
    by = f"（{n.name(e.card)}）" if n.zh and e.card else f" by {e.card}" if e.card else ""
    if n.zh:
        return f"{n.seat(e.src)}对{n.seat(e.dst)}造成{e.n}点{NATURE_ZH.get(e.nature, e.nature)}伤害{by}"
    nature = "" if e.nature == "normal" else f"{e.nature} "
    return f"{n.seat(e.src)} deals {e.n} {nature}damage to {n.seat(e.dst)}{by}"


def _hp_loss(n: Narrator, e: ev.HpLost) -> str:
    return f"{n.seat(e.seat)}失去{e.n}点体力" if n.zh else f"{n.seat(e.seat)} loses {e.n} hp"


def _recover(n: Narrator, e: ev.Recovered) -> str:
    return f"{n.seat(e.seat)}回复{e.n}点体力" if n.zh else f"{n.seat(e.seat)} recovers {e.n} hp"


def _dying(n: Narrator, e: ev.Dying) -> str:
    return f"{n.seat(e.seat)}进入濒死状态" if n.zh else f"{n.seat(e.seat)} is dying"


def _death(n: Narrator, e: ev.Died) -> str:
    if n.zh:
        role = f"（{ROLE_ZH.get(e.role, e.role)}）" if e.role else ""
        return f"{n.seat(e.seat)}{role}阵亡，凶手：{n.seat(e.killer)}"
    role = f" ({e.role})" if e.role else ""
    return f"{n.seat(e.seat)}{role} dies, killed by {n.seat(e.killer)}"


def _end(n: Narrator, e: ev.GameEnded) -> str:
    winners = ", ".join(n.seat(s) for s in e.winners) or ("无" if n.zh else "none")
    points = ", ".join(f"{n.seat(s)} {p}" for s, p in enumerate(e.points))
    if n.zh:
        return f"游戏结束（{e.reason}），胜者：{winners}" + (f"；积分：{points}" if points else "")
    return f"Game over ({e.reason}); winners: {winners}" + (f"; points: {points}" if points else "")


def _dec(n: Narrator, e: ev.Decided) -> None:
    return None  # the consequence is narrated


def _reseed(n: Narrator, e: ev.Reseeded) -> str:
    return f"（分支：新的随机种子 {e.seed}）" if n.zh else f"(fork: new random seed {e.seed})"


def _quit(n: Narrator, e: ev.GameQuit) -> str:
    return f"{n.seat(e.seat)}退出了游戏（未完）" if n.zh else f"{n.seat(e.seat)} quit the game (unfinished)"


def _chain(n: Narrator, e: ev.ChainToggled) -> str:
    if n.zh:
        return f"{n.seat(e.seat)}{'横置' if e.on else '重置'}"
    return f"{n.seat(e.seat)} is {'chained' if e.on else 'unchained'}"


def _shown(n: Narrator, e: ev.CardsShown) -> str:
    # Shown to everyone (展示), so every seat may read the cards.
    return f"{n.seat(e.seat)}展示了{n.cards(e.cards)}" if n.zh else f"{n.seat(e.seat)} shows {n.cards(e.cards)}"


_TEXT: dict[type, Callable] = {
    ev.GameStarted: _start,
    ev.RolesDealt: _roles,
    ev.GeneralChosen: _general,
    ev.RoleShown: _show_role,
    ev.PileShuffled: _shuffle,
    ev.TurnStarted: _turn,
    ev.PhaseStarted: _phase,
    ev.PhaseSkipped: _skip,
    ev.TurnEnded: _turn_end,
    ev.CardsMoved: _move,
    ev.CardUsed: _use,
    ev.CardPlayed: _play,
    ev.Triggered: _trig,
    ev.Damaged: _damage,
    ev.HpLost: _hp_loss,
    ev.Recovered: _recover,
    ev.Dying: _dying,
    ev.Died: _death,
    ev.GameEnded: _end,
    ev.Decided: _dec,
    ev.Reseeded: _reseed,
    ev.ChainToggled: _chain,
    ev.CardsShown: _shown,
    ev.GeneralsOffered: _offer,
    ev.SkillStateChanged: _skill_state,
    ev.GeneralRevealed: _reveal,
    ev.MaxHpChanged: _max_hp,
    ev.TurnedOver: _turned_over,
    ev.GameQuit: _quit,
}


def card_label(c: int, lang: str = "en", rs: Any = None) -> str:
    """A card as text (``杀[♠7]#3``), under the name its mode gives it (Hero Kill calls 桃 药)."""
    card = CARDS[c]
    own = rs.display_names.get(card.name) if rs is not None else None
    return card.label(lang, None if own is None else own[0] if lang == "zh" else own[1])


def display_name(name: str, lang: str = "en", rs: Any = None) -> str:
    """Card kinds, skills and generals by id, in Chinese or English; a mode's
    own names first (``Ruleset.display_names``: Hero Kill calls 桃 药)."""
    from core.generals import GENERALS

    zh = lang == "zh"
    if rs is not None:
        local = rs.display_names.get(name)
        if local is not None:
            return local[0] if zh else local[1]
    if name in KINDS:
        return KINDS[name].zh if zh else name
    g = GENERALS.get(name)
    if g is not None:
        return g.name_zh if zh else (g.name_en or g.id)
    # Only now: importing the skills loads their rules and every card's (~40 ms).
    from core.skills.base import SKILLS

    sk = SKILLS.get(name)
    if sk is not None:
        return sk.name_zh if zh else (sk.name_en or sk.id)
    return name

