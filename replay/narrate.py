"""One line of prose per event, in Chinese or English, from any seat's view.

A line says who did what to whom, in a player's words: characters by seat and
face-up general (``2号位 张辽`` / ``Zhang Liao (seat 2)``), cards by name, suit
and rank (``【杀】♠7`` / ``Slash ♠7``), never an internal id.  The narrator
follows the game it narrates (the table folded from the events it is given, and
the cards in play) so that a line can name the general of a seat, the trick a
无懈可击 is aimed at, and who took a card from whom.  A concealed general is never
named: a seat is named only by the generals face up for everyone.

Modes narrate their own events (``Ruleset.narrate``) through the helpers
``seat``, ``name``, ``card``, ``cards`` and ``zh``.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS, KINDS, SUIT_SYMBOL
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.state import State

from .words import ENDINGS, NATURES, PHASES, REASONS, ROLES, SUITS, TERMS, ZONES, word

# Kept for callers that read them directly.
ROLE_ZH = {k: v[0] for k, v in ROLES.items()}
PHASE_ZH = {k: v[0] for k, v in PHASES.items()}
ZONE_ZH = {k: v[0] for k, v in ZONES.items()}
NATURE_ZH = {k: v[0] for k, v in NATURES.items()}


class _Use(msgspec.Struct):
    """A card use still resolving: what a 无懈可击 or a response answers."""

    seat: int
    name: str
    cards: tuple[int, ...]
    targets: tuple[int, ...]
    last: int = -1  # index in targets of the last target the effect reached
    spared: frozenset[int] = frozenset()  # targets it has no effect on (藤甲 against 南蛮入侵)
    extra: dict[str, Any] = {}  # what a rule's ``affects`` may read of a use
    against: tuple[int, str, int] | None = None  # a 无懈可击's (user, what, target)


class Narrator:
    """Narrates events for ``viewer`` (None: the full review) in ``lang``.

    Feed it a game's events in order (``line``); it learns the mode from the
    GameStarted event (or ``mode``) and follows the table.  ``line(e, state)``
    narrates one event against a given table instead (a seek): names then
    come from that state.
    """

    def __init__(self, lang: str = "en", viewer: int | None = None, mode: str | None = None) -> None:
        if lang not in ("en", "zh"):
            raise ValueError(f"unknown language {lang!r} (en, zh)")
        self.lang = lang
        self._viewer = viewer
        self.asked = False  # whether a line's making read who it is for (``lines``)
        self.zh = lang == "zh"
        self.rs: Any = None
        self.table: State | None = None  # the table before the event being narrated
        self._followed: State | None = None  # the table this narrator folds itself
        self._uses: list[_Use] = []
        self._acted: dict[str, int] = {}  # a skill or card -> the seat that last used it
        self._judged: tuple[int, int] | None = None  # (seat, card) of the judgement on show
        self._suit: tuple[int, str] | None = None  # a suit just named (反间)
        self._aimed: tuple[int, str, int] | None = None  # what the 无懈可击 being narrated is aimed at
        self._decider = -1  # the seat that made the latest decision
        self._pindian: list[tuple[int, int]] = []  # the 拼点 cards shown so far: (seat, card)
        self._names: dict[str, str] = {}
        if mode is not None:
            self.learn(mode)

    def learn(self, mode: str) -> None:
        from sanguozhi.core.modes import ModeError, ruleset_of

        self._names = {}
        try:
            self.rs = ruleset_of(mode)
        except ModeError:
            self.rs = None  # a mode this sgz does not know: the core lines only

    @property
    def viewer(self) -> int | None:
        self.asked = True
        return self._viewer

    def sees(self, vis: tuple[int, ...] | None) -> bool:
        if vis is None:
            return True
        self.asked = True
        return self._viewer is None or self._viewer in vis

    # -- the helpers every line (and a mode's own lines) is made of -------------

    def seat(self, c: int) -> str:
        """A character by seat and the generals face up for everyone: 2号位 张辽 / Zhang Liao (seat 2)."""
        if c < 0:
            return "无人" if self.zh else "nobody"
        general = self.general_of(c)
        if self.zh:
            return f"{c}号位 {general}" if general else f"{c}号位"
        return f"{general} (seat {c})" if general else f"seat {c}"

    def general_of(self, c: int) -> str:
        """The face-up generals of character ``c`` ("" when none is known to everyone)."""
        st = self.table
        if st is None or not 0 <= c < len(st.chars):
            return ""
        return "/".join(self.name(sl.general) for sl in st.chars[c].slots if sl.vis is None and sl.general)

    def name(self, n: str) -> str:
        """A card, skill or general id as the reader's language (and the mode) names it."""
        got = self._names.get(n)
        if got is None:
            got = registered_name(n, self.lang, self.rs)
            if got is None:
                return word(TERMS, n, self.lang)
            self._names[n] = got  # a registered name never changes under one mode
        return got

    def quoted(self, n: str) -> str:
        """A card or skill name as it stands in a sentence: 【杀】 / Slash."""
        return f"【{self.name(n)}】" if self.zh else self.name(n)

    def card(self, c: int) -> str:
        """One card: 【杀】♠7 / Slash ♠7 (a mode's own name for it first)."""
        return card_label(c, self.lang, self.rs)

    def cards(self, cs: tuple[int, ...], vis: tuple[int, ...] | None = None) -> str:
        """Cards by name, or only how many when ``vis`` hides them from the viewer."""
        if not self.sees(vis):
            return f"{len(cs)}张牌" if self.zh else f"{len(cs)} card{'s' * (len(cs) != 1)}"
        return ("、" if self.zh else ", ").join(self.card(c) for c in cs)

    def seats(self, cs: tuple[int, ...]) -> str:
        return ("、" if self.zh else ", ").join(self.seat(c) for c in cs)

    def why(self, reason: str) -> str:
        """A movement's reason as a suffix: （突袭） / (Raid); "" for the obvious ones."""
        if not reason:
            return ""
        if reason.startswith("as:"):
            text = ("当" if self.zh else "as ") + self.quoted(reason[3:])
        elif self.rs is not None and reason in self.rs.display_names:
            text = self.name(reason)  # the mode's own words (identity: a reward for killing a rebel)
        elif reason in REASONS:
            text = word(REASONS, reason, self.lang)
        else:
            head = reason.split(":")[0]
            text = self.name(head)
            if head == "guanxing" and reason.endswith(":bottom"):
                text += "，置于牌堆底" if self.zh else ", to the bottom"
        return f"（{text}）" if self.zh else f" ({text})"

    def zone(self, z: str) -> str:
        """A zone's name, its mode's own zones (``Ruleset.zones``: tripod's general zone) included."""
        own = self.rs.zones.get(z) if self.rs is not None else None
        if own is not None:
            return own[0] if self.zh else own[1]
        return word(ZONES, z, self.lang)

    def own_zone(self, z: str) -> bool:
        return z in ("hand", "equip", "judge") or (self.rs is not None and z in self.rs.zones)

    def place(self, zone: str, c: int) -> str:
        """A zone as a place: 4号位 周瑜的手牌 / the hand of Zhou Yu (seat 4)."""
        z = self.zone(zone)
        if c < 0 or not self.own_zone(zone):
            return z
        return f"{self.seat(c)}的{z}" if self.zh else f"the {z} of {self.seat(c)}"

    # -- narrating ------------------------------------------------------------------

    def line(self, e: ev.Event, state: State | None = None) -> str | None:
        """The line for ``e`` (None: nothing to say).  ``state``: the table to
        name seats by (the one just before ``e``); without it, the followed game's."""
        self._table_for(e, state)
        text = self._text(e)
        self._follow(e, own=state is None)
        return text

    def lines(self, e: ev.Event, state: State, viewers: Sequence[int | None]) -> list[str | None]:
        """``line(e, state)`` as a narrator of each of ``viewers`` (seats, None for
        the full review) would say it, by this one narrator following the game
        for all of them.  What a narrator follows (the uses resolving, the
        judgement on show ...) comes from the events alone, never from who reads;
        so a line whose making never asked who reads it (``viewer``, ``sees``
        of something hidden) is the same for everyone and is made once."""
        self._table_for(e, state)
        if not viewers:
            self._follow(e, own=False)
            return []
        keep = self._viewer
        # What a line's making may set: each viewer's line is made from the same state.
        before = self._judged, self._pindian, self._suit, self._aimed
        reached = [u.last for u in self._uses]  # a 无懈可击's line moves on its trick's target
        try:
            self._viewer, self.asked = viewers[0], False
            out = [self._text(e)]
            if not self.asked:
                out *= len(viewers)
            else:
                for v in viewers[1:]:
                    self._judged, self._pindian, self._suit, self._aimed = before
                    for u, last in zip(self._uses, reached):
                        u.last = last
                    self._viewer = v
                    out.append(self._text(e))
        finally:
            self._viewer = keep
        self._follow(e, own=False)
        return out

    def _table_for(self, e: ev.Event, state: State | None) -> None:
        if state is not None:
            self.table = state
        elif type(e) is ev.GameStarted:
            from sanguozhi.core.evolve import initial_state

            self.learn(e.mode)
            self._followed = self.table = initial_state(e)
            self._uses.clear()
        else:
            self.table = self._followed

    def _text(self, e: ev.Event) -> str | None:
        fn = _TEXT.get(type(e))
        if fn is not None:
            return fn(self, e)
        text = self.rs.narrate(self, e) if self.rs is not None else None
        if text is None:
            return _as_data(self, e)  # an event type without prose
        return text or None  # "": the mode tells this reader nothing (a covert skill's secret)

    def note(self, e: ev.Event) -> str:
        """A short note for an event without a line of its own (a step at a time)."""
        worded = self.rs.note(self, e) if self.rs is not None else None
        if worded is not None:
            return worded
        if type(e) is ev.Decided:
            return f"（{self.decision(e)}）" if self.zh else f"({self.decision(e)})"
        if type(e) is ev.TurnEnded:
            return f"（{self.seat(e.seat)}的回合结束）" if self.zh else f"({self.seat(e.seat)}'s turn ends)"
        if type(e) is ev.SkillStateChanged:
            return f"（{self.seat(e.seat)}的【{self.name(e.skill)}】状态改变）" if self.zh else f"({self.seat(e.seat)}'s {self.name(e.skill)} changes state)"
        if type(e) is ev.CardsMoved:
            cards = self.cards(e.cards, e.vis)
            return f"（{cards}：{self.place(e.src, e.src_seat)} → {self.place(e.dst, e.dst_seat)}）" if self.zh else f"({cards}: {self.place(e.src, e.src_seat)} -> {self.place(e.dst, e.dst_seat)})"
        return "（…）" if self.zh else "(…)"

    def decision(self, e: ev.Decided) -> str:
        """A decision in words: who chose what (a secret one only to the seats that may see it)."""
        from .words import OPTIONS

        who = self.seat(e.seat)
        if not self.sees(e.vis):
            return f"{who} 暗中做出选择" if self.zh else f"{who} decides in secret"
        parts = []
        if e.option == "pass":
            parts.append("放弃" if self.zh else "pass")
        elif e.option in SUITS:
            parts.append(word(SUITS, e.option, self.lang))
        elif e.option in OPTIONS:
            parts.append(word(OPTIONS, e.option, self.lang).lower() if not self.zh else word(OPTIONS, e.option, self.lang))
        elif e.option:
            parts.append(self.quoted(e.option))
        if e.cards:
            parts.append(self.cards(e.cards))
        if e.targets:
            parts.append("→ " + self.seats(e.targets))
        what = " ".join(parts) or ("（无）" if self.zh else "nothing")
        return f"{who} 选择：{what}" if self.zh else f"{who} chooses: {what}"

    def _follow(self, e: ev.Event, own: bool) -> None:
        """After a line: the followed table and the uses still resolving."""
        t = type(e)
        if own and self._followed is not None and t is not ev.GameStarted:
            from sanguozhi.core.evolve import apply

            apply(self._followed, e)
        uses = self._uses
        if t is ev.CardUsed or (t is ev.CardPlayed and e.name == "nullification"):  # seed 000 plays one out of turn
            against, self._aimed = (self._aimed if e.name == "nullification" else None), None
            uses.append(_Use(e.seat, e.name, e.cards, getattr(e, "targets", ()), against=against))
        elif t is ev.CardsMoved:
            if e.src == "processing" and (e.reason in ("use", "play") or e.dst in ("equip", "judge")):
                for k in range(len(uses) - 1, -1, -1):
                    if set(uses[k].cards) & set(e.cards):
                        del uses[k:]
                        break
            if e.reason.startswith("pindian:") and e.dst == "processing":
                self._pindian = [*self._pindian[-1:], (e.src_seat, e.cards[0])]
            elif e.reason == "pindian" and e.dst == "discard":
                self._pindian = []
            if e.reason.startswith("judge:") and e.dst == "processing":
                self._judged = (e.dst_seat, e.cards[0])
            elif self._judged is not None and e.src == "processing" and e.dst == "hand" and self._judged[1] in e.cards:
                self._judged = None  # the judgement card is taken (洛神, 天妒): no result to tell
            for c in (e.src_seat, e.dst_seat):
                if c >= 0:
                    self._reached(c, e.reason, weak=False)
        elif t in (ev.TurnStarted, ev.PhaseStarted):
            uses.clear()
            self._judged = None
        elif t is ev.Triggered:
            self._acted[e.source] = e.seat
            use = self._trick()
            if e.w == "target_confirmed" and e.source in KINDS and use is not None and e.seat in use.targets:
                use.spared |= {e.seat}  # an armour that makes the trick miss its wearer
        elif t is ev.Damaged:
            self._reached(e.dst, e.card)
        elif t is ev.Recovered:
            self._reached(e.seat, "", e.src)
        elif t in (ev.CardPlayed, ev.ChainToggled, ev.CardsShown):
            self._reached(e.seat, "")
        elif t is ev.Decided:
            self._decider = e.seat
            if e.kind == "suit" and e.vis is None:
                self._suit = (e.seat, e.option)

    def _trick(self) -> _Use | None:
        """The innermost use being resolved, 无懈可击 aside."""
        return next((u for u in reversed(self._uses) if u.name != "nullification"), None)

    def _reached(self, c: int, by: str, src: int = -2, weak: bool = True) -> None:
        """The resolution of the innermost trick with several targets has come to ``c``:
        sure when the event names that trick (its damage, a 五谷丰登 pick) or its user
        (a recovery), otherwise only when ``c`` is the next target it can change."""
        use = self._trick()
        if use is not None and len(use.targets) > 1 and c in use.targets:
            i = use.targets.index(c)
            if by == use.name or src == use.seat:
                use.last = max(use.last, i)
            elif weak and i > use.last and self._candidate(use, self._followed) == i:
                use.last = i

    def _against(self) -> tuple[int, str, int] | None:
        """What a 无懈可击 used now is aimed at: (user, card name, target); user -1 for a delayed trick."""
        st = self._followed
        for use in reversed(self._uses):
            if use.name == "nullification":
                return (use.seat, "nullification", use.against[2] if use.against else -1)
            if KINDS.get(use.name) is not None and KINDS[use.name].type == "trick" and use.targets:
                target = self._next_target(use, st)
                return (use.seat, use.name, target)
            break
        if st is not None and st.phase == "judge" and 0 <= st.current < len(st.chars) and st.chars[st.current].judge:
            p = st.chars[st.current]
            card = p.judge[-1]  # resolved last placed first
            return (-1, p.judge_names.get(card, CARDS[card].name), st.current)
        return None

    def _next_target(self, use: _Use, st: State | None) -> int:
        """The target a trick's resolution has come to: the next one its effect can change."""
        i = self._candidate(use, st)
        if i < 0:
            return -1
        use.last = i
        return use.targets[i]

    @staticmethod
    def _candidate(use: _Use, st: State | None) -> int:
        rule = st.content.rules.get(use.name) if st is not None else None
        affects = getattr(rule, "affects", None)
        for i in range(use.last + 1, len(use.targets)):
            t = use.targets[i]
            if t in use.spared or (st is not None and not st.chars[t].alive):
                continue
            if affects is not None and st is not None and not _affects(affects, st, use, t):
                continue  # a target it would not change is not asked about (桃园结义 at full hp)
            return i
        return -1


def _affects(affects: Callable, st: State, use: _Use, t: int) -> bool:
    """A card rule's ``affects`` asked from the events alone: a rule that needs
    more of the use than the events tell counts the target as reached."""
    try:
        return bool(affects(SimpleNamespace(state=st), use, t))
    except (AttributeError, KeyError, TypeError):
        return True


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


def role_name(n: Narrator, role: str) -> str:
    """A role in words; a mode's own roles (3v3's 主将, 副将) by its names."""
    if n.rs is not None and role in n.rs.display_names:
        return n.name(role)
    return word(ROLES, role, n.lang)


def _start(n: Narrator, e: ev.GameStarted) -> str:
    rs = n.rs
    title = (rs.title_zh if n.zh else rs.title_en) if rs is not None else ""
    mode = title or e.mode
    # The seed decides every hidden fact: a seat is told it only at the end
    # (a committed deal reveals it there); the full review may see it.
    seed = "" if n.viewer is not None else (f"，随机种子{e.seed}" if n.zh else f", seed {e.seed}")
    commit = (f"（发牌承诺 {e.commit[:12]}）" if n.zh else f" (deal committed: {e.commit[:12]})") if e.commit else ""
    return f"游戏开始：{mode}，{e.players}人{seed}{commit}" if n.zh else f"Game starts: {mode}, {e.players} players{seed}{commit}"


def _roles(n: Narrator, e: ev.RolesDealt) -> str:
    if n.viewer is None:
        parts = [f"{n.seat(s)} {role_name(n, r)}" for s, r in enumerate(e.roles)]
        return ("身份：" if n.zh else "Roles: ") + ("，" if n.zh else ", ").join(parts)
    role = e.roles[n.viewer]
    if not role:  # a mode where identities are earned later (天地人)
        return "你还没有身份" if n.zh else "You have no role yet"
    return f"你的身份是{role_name(n, role)}" if n.zh else f"Your role is {role}"


def _general(n: Narrator, e: ev.GeneralChosen) -> str:
    if not n.sees(e.vis):
        return f"{n.seat(e.seat)} 获得一张暗置的武将牌" if n.zh else f"{n.seat(e.seat)} takes a concealed general"
    g = n.name(e.general)
    if e.slot:
        hidden = "" if e.vis is None else ("（暗置）" if n.zh else " (concealed)")
        return f"{n.seat(e.seat)} 的副将：{g}{hidden}" if n.zh else f"{n.seat(e.seat)}'s second general: {g}{hidden}"
    hidden = "" if e.vis is None else ("（暗置）" if n.zh else ", concealed")
    return f"{n.seat(e.seat)} 选择武将 {g}（体力{e.hp}/{e.max_hp}）{hidden}" if n.zh else f"{n.seat(e.seat)} plays {g} ({e.hp}/{e.max_hp} hp{hidden})"


def _reveal(n: Narrator, e: ev.GeneralRevealed) -> str:
    g = n.name(e.general)
    return f"{n.seat(e.seat)} 明置武将 {g}" if n.zh else f"{n.seat(e.seat)} reveals {g}"


def _max_hp(n: Narrator, e: ev.MaxHpChanged) -> str:
    if n.zh:
        return f"{n.seat(e.seat)} {'增加' if e.n > 0 else '减少'}{abs(e.n)}点体力上限"
    return f"{n.seat(e.seat)} {'gains' if e.n > 0 else 'loses'} {abs(e.n)} max hp"


def _turned_over(n: Narrator, e: ev.TurnedOver) -> str:
    if n.zh:
        return f"{n.seat(e.seat)} {'翻面' if e.on else '翻回正面'}"
    return f"{n.seat(e.seat)} is turned {'face down' if e.on else 'face up'}"


def _offer(n: Narrator, e: ev.GeneralsOffered) -> str:
    if not n.sees(e.vis):
        return f"{n.seat(e.seat)} 获得{len(e.generals)}张候选武将" if n.zh else f"{n.seat(e.seat)} is dealt {len(e.generals)} candidate generals"
    names = ("、" if n.zh else ", ").join(n.name(g) for g in e.generals)
    return f"{n.seat(e.seat)} 的候选武将：{names}" if n.zh else f"{n.seat(e.seat)} is dealt the candidates {names}"


def _skill_state(n: Narrator, e: ev.SkillStateChanged) -> None:
    return None  # bookkeeping of a skill whose use is told by its Triggered line


def _show_role(n: Narrator, e: ev.RoleShown) -> str:
    return f"{n.seat(e.seat)} 亮明身份：{role_name(n, e.role)}" if n.zh else f"{n.seat(e.seat)} shows the role: {e.role}"


def _shuffle(n: Narrator, e: ev.PileShuffled) -> str:
    if e.reshuffle:
        return f"弃牌堆洗入牌堆（{len(e.order)}张）" if n.zh else f"The discard pile is shuffled into a new draw pile ({len(e.order)} cards)"
    return f"洗牌（{len(e.order)}张）" if n.zh else f"The deck is shuffled ({len(e.order)} cards)"


def _turn(n: Narrator, e: ev.TurnStarted) -> str:
    r = n.table.round_of(e.seat) if n.table is not None else e.round  # from the first player's turn
    return f"—— 第{r}轮 第{e.turn}回合：{n.seat(e.seat)} ——" if n.zh else f"-- round {r}, turn {e.turn}: {n.seat(e.seat)} --"


def _phase(n: Narrator, e: ev.PhaseStarted) -> str:
    p = word(PHASES, e.phase, n.lang)
    return f"{n.seat(e.seat)} 的{p}阶段" if n.zh else f"{n.seat(e.seat)}: {p} phase"


def _skip(n: Narrator, e: ev.PhaseSkipped) -> str:
    p = word(PHASES, e.phase, n.lang)
    return f"{n.seat(e.seat)} 跳过{p}阶段" if n.zh else f"{n.seat(e.seat)} skips the {p} phase"


def _turn_end(n: Narrator, e: ev.TurnEnded) -> None:
    return None


def _actor(n: Narrator, reason: str) -> int:
    """Who a movement's reason acts for: the user of the card being resolved, or the last user of the skill."""
    for use in reversed(n._uses):
        if use.name == reason:
            return use.seat
    return n._acted.get(reason.split(":")[0], -1)


def _move(n: Narrator, e: ev.CardsMoved) -> str | None:
    src, dst, reason = e.src, e.dst, e.reason
    if reason in ("use", "play") and dst in ("processing", "discard") and src != "equip":
        return None  # told by the use/play line
    if src == "processing" and (reason in ("use", "equip") or reason.startswith("as:")) and dst in ("equip", "judge"):
        return None  # an equipment or delayed trick taking its place: told by the use line
    if src == "judge" and dst == "processing":
        return None  # a delayed trick's turn to be judged: told by the judgement line
    if src == "hand" and dst == "processing" and n._judged is not None:
        return None  # a card played to replace a judgement (鬼才): told by the play line
    cards = n.cards(e.cards, e.vis)
    zh = n.zh
    why = n.why(reason)
    if reason.startswith("judge:") and dst == "processing":
        what = n.quoted(reason[6:])
        result = _judgement(n, reason[6:], e.cards[0]) if n.sees(e.vis) else ""
        return f"{n.seat(e.dst_seat)} 的判定（{what}）：{cards}{result}" if zh else f"Judgement for {n.seat(e.dst_seat)} ({what}): {cards}{result}"
    if reason == "judge" and src == "processing":
        shown = n._judged
        n._judged = None
        if shown is None or shown[1] in e.cards:
            return None  # the judgement card shown is the result: told when it was shown
        return f"{n.seat(shown[0])} 的判定结果：{cards}" if zh else f"Judgement result for {n.seat(shown[0])}: {cards}"
    if n.rs is not None and dst in n.rs.zones and e.dst_seat >= 0:  # a zone of the character's own
        frm = "" if src in ("pile", "processing") else (f"从{n.place(src, e.src_seat)}" if zh else f" from {n.place(src, e.src_seat)}")
        return f"{n.seat(e.dst_seat)} {frm}将{cards}置入{n.zone(dst)}{why}" if zh else f"{n.seat(e.dst_seat)} puts {cards} into its {n.zone(dst)}{frm}{why}"
    if src == "pile" and dst == "hand":
        who = n.seat(e.dst_seat)
        if reason == "deal":
            return f"{who} 获得起始手牌：{cards}" if zh else f"{who} is dealt {cards}"
        return f"{who} 摸了{cards}{'' if reason == 'draw' else why}" if zh else f"{who} draws {cards}{'' if reason == 'draw' else why}"
    if src == "pile" and dst != "pile":  # (pile to pile is a put-back, 观星: below)
        if e.vis is None:
            return f"亮出牌堆顶的{cards}{why}" if zh else f"From the top of the draw pile: {cards}{why}"
        c = e.dst_seat if e.dst_seat >= 0 else _actor(n, reason)
        who = n.seat(c) if c >= 0 else ("有人" if zh else "someone")
        k = len(e.cards)
        if n.sees(e.vis):
            return f"{who} 观看牌堆顶的{k}张牌：{cards}{why}" if zh else f"{who} looks at the top {k} cards of the draw pile: {cards}{why}"
        return f"{who} 观看牌堆顶的{k}张牌{why}" if zh else f"{who} looks at the top {k} card{'s' * (k != 1)} of the draw pile{why}"
    if dst == "pile":
        c = e.src_seat if e.src_seat >= 0 else _actor(n, reason)
        where = ("牌堆底" if zh else "the bottom of the draw pile") if reason.endswith(":bottom") else ("牌堆顶" if zh else "the top of the draw pile")
        if c < 0:  # no one put them there (a rule did): no subject
            return f"{cards}置于{where}{why}" if zh else f"{cards} {'go' if len(e.cards) > 1 else 'goes'} on {where}{why}"
        return f"{n.seat(c)} 将{cards}置于{where}" if zh else f"{n.seat(c)} puts {cards} on {where}"
    actor = _actor(n, reason)
    owner = e.src_seat
    if dst == "discard":
        if reason == "pindian" and len(e.cards) == 2 and len(n._pindian) == 2:
            return _pindian_result(n, e)
        if owner < 0:
            return f"{cards}置入弃牌堆{why}" if zh else f"{cards} go{'es' * (len(e.cards) == 1)} to the discard pile{why}"
        if reason == "replace":
            return f"{n.seat(owner)} 的{cards}被替换，置入弃牌堆" if zh else f"{n.seat(owner)}'s {cards} is replaced and discarded"
        zone = "" if src == "hand" else n.zone(src)
        # The owner's own answer (a 决斗's 杀 discarded, a cost) is its doing, not the card's user's.
        if actor >= 0 and actor != owner and n._decider != owner:
            if zh:
                return f"{n.seat(actor)} 弃置 {n.seat(owner)} {zone or '手牌'}中的{cards}{why}"
            return f"{n.seat(actor)} discards {cards} from the {zone or 'hand'} of {n.seat(owner)}{why}"
        if zh:
            return f"{n.seat(owner)} 弃置{zone + '中的' if zone else ''}{cards}{why}"
        return f"{n.seat(owner)} discards {cards}{' from the ' + zone if zone else ''}{why}"
    if dst == "hand" and e.dst_seat >= 0:
        to = e.dst_seat
        text = cards + _named_suit(n, e)
        # Who acted: the one who decided it (snatch, 突袭, a 五谷丰登 pick) takes; otherwise the user gives.
        gives = n._decider != to and (actor == owner or (actor >= 0 and actor != to and n._decider == actor))
        if owner >= 0 and owner != to:
            if gives:
                return f"{n.seat(owner)} 将{text}交给 {n.seat(to)}{why}" if zh else f"{n.seat(owner)} gives {text} to {n.seat(to)}{why}"
            if src == "hand":
                return f"{n.seat(to)} 获得 {n.seat(owner)} 的{text}{why}" if zh else f"{n.seat(to)} takes {text} from {n.seat(owner)}{why}"
            zone = n.zone(src)
            return f"{n.seat(to)} 获得 {n.seat(owner)} {zone}中的{text}{why}" if zh else f"{n.seat(to)} takes {text} from the {zone} of {n.seat(owner)}{why}"
        if src == "processing" and gives:
            return f"{n.seat(actor)} 将{text}交给 {n.seat(to)}{why}" if zh else f"{n.seat(actor)} gives {text} to {n.seat(to)}{why}"
        frm = "" if src == "processing" else (f"从{n.place(src, owner)}" if zh else f" from {n.place(src, owner)}")
        return f"{n.seat(to)} {frm}获得{text}{why}" if zh else f"{n.seat(to)} takes {text}{frm}{why}"
    if src == "judge" and dst == "judge":
        return f"{cards}从 {n.seat(owner)} 的判定区移至 {n.seat(e.dst_seat)} 的判定区" if zh else f"{cards} moves on from {n.seat(owner)} to the judge zone of {n.seat(e.dst_seat)}"
    if dst == "processing" and owner >= 0:
        return f"{n.seat(owner)} 将{cards}置入处理区{why}" if zh else f"{n.seat(owner)} puts {cards} into play{why}"
    if zh:
        return f"{cards}：{n.place(src, owner)} → {n.place(dst, e.dst_seat)}{why}"
    return f"{cards}: {n.place(src, owner)} -> {n.place(dst, e.dst_seat)}{why}"


# Judgements whose result the card alone decides: source -> (test on the suit and rank, what passing means, what failing means).
_JUDGEMENTS: dict[str, tuple[Callable[[str, int], bool], tuple[str, str], tuple[str, str]]] = {
    "eight_diagram": (lambda suit, rank: suit in ("heart", "diamond"), ("红色，视为打出【闪】", "red: it counts as a Dodge"), ("黑色，无效", "black: no effect")),
    "indulgence": (lambda suit, rank: suit == "heart", ("红桃，【乐不思蜀】无效", "a heart: Indulgence fails"), ("不是红桃，跳过出牌阶段", "not a heart: the play phase is skipped")),
    "supply_shortage": (lambda suit, rank: suit == "club", ("梅花，【兵粮寸断】无效", "a club: Supply Shortage fails"), ("不是梅花，跳过摸牌阶段", "not a club: the draw phase is skipped")),
    "lightning": (lambda suit, rank: suit == "spade" and 2 <= rank <= 9, ("黑桃2-9，【闪电】生效", "a spade 2-9: Lightning strikes"), ("【闪电】未生效，移至下家", "Lightning misses and moves on")),
}


def _judgement(n: Narrator, source: str, card: int) -> str:
    """What a judgement card means for the rule judging (八卦阵: red is a 闪), "" when the card alone does not say."""
    rule = _JUDGEMENTS.get(source)
    st = n._followed if n._followed is not None else n.table
    if rule is None or st is None:
        return ""
    from sanguozhi.core.cards.base import suit_of

    test, good, bad = rule
    try:
        suit = suit_of(st, card)
    except (AttributeError, KeyError, TypeError):
        suit = CARDS[card].suit
    text = (good if test(suit, CARDS[card].rank) else bad)[0 if n.zh else 1]
    return f"（{text}）" if n.zh else f" ({text})"


def _pindian_result(n: Narrator, e: ev.CardsMoved) -> str:
    """Both 拼点 cards shown and discarded: who won (the first to show wins on a higher rank only)."""
    (a, ca), (b, cb) = n._pindian
    n._pindian = []
    won = CARDS[ca].rank > CARDS[cb].rank
    if n.zh:
        return f"拼点结果：{n.seat(a)} 的{n.card(ca)}对 {n.seat(b)} 的{n.card(cb)}，{n.seat(a) if won else n.seat(b)}赢"
    return f"Pindian: {n.card(ca)} of {n.seat(a)} against {n.card(cb)} of {n.seat(b)}: {n.seat(a) if won else n.seat(b)} wins"


def _named_suit(n: Narrator, e: ev.CardsMoved) -> str:
    """After a suit was named (反间): whether the card taken has it."""
    named = n._suit
    if named is None or named[0] != e.dst_seat or len(e.cards) != 1:
        return ""
    n._suit = None  # the card is taken, whoever may see it
    if not n.sees(e.vis):
        return ""
    suit = CARDS[e.cards[0]].suit
    same = suit == named[1]
    sym = SUIT_SYMBOL.get(named[1], named[1])
    if n.zh:
        return f"（所选花色{sym}，{'相同' if same else '不同'}）"
    return f" (named {sym}: {'the same suit' if same else 'a different suit'})"


def _converted(n: Narrator, name: str, cards: tuple[int, ...]) -> bool:
    return bool(cards) and (len(cards) > 1 or CARDS[cards[0]].name != name)


def _use(n: Narrator, e: ev.CardUsed) -> str:
    zh = n.zh
    who = n.seat(e.seat)
    what = n.quoted(e.name)
    if e.name == "nullification":
        return _nullify(n, e, who)
    others = tuple(t for t in e.targets if t != e.seat) if e.targets != (e.seat,) else ()
    on = n.seats(e.targets) if others else ""
    kind = KINDS.get(e.name)
    if kind is not None and kind.type == "equip" and not _converted(n, e.name, e.cards) and not others:
        return f"{who} 装备了{n.cards(e.cards)}" if zh else f"{who} equips {n.cards(e.cards)}"
    if _converted(n, e.name, e.cards):
        if zh:
            return f"{who} 将{n.cards(e.cards)}当{what}" + (f"对 {on} 使用" if on else "使用")
        return f"{who} uses {n.cards(e.cards)} as {what}" + (f" on {on}" if on else "")
    shown = n.cards(e.cards) if e.cards else what
    if zh:
        return f"{who} 对 {on} 使用{shown}" if on else f"{who} 使用{shown}"
    return f"{who} uses {shown}" + (f" on {on}" if on else "")


def _nullify(n: Narrator, e: ev.CardUsed | ev.CardPlayed, who: str, played: bool = False) -> str:
    zh = n.zh
    card = n.cards(e.cards) if e.cards and not _converted(n, e.name, e.cards) else n.quoted(e.name)
    if _converted(n, e.name, e.cards):
        card = (f"将{n.cards(e.cards)}当" if zh else f"{n.cards(e.cards)} as ") + n.quoted(e.name)
    against = n._aimed = n._against()
    verb = ("打出" if played else "使用") if zh else ("plays" if played else "uses")
    head = (f"{who} {card}" + ("打出" if played else "") if card.startswith("将") else f"{who} {verb}{card}") if zh else f"{who} {verb} {card}"
    if against is None:
        return head
    user, what, target = against
    if zh:
        owner = f" {n.seat(user)} 的" if user >= 0 else ""
        on = f"对 {n.seat(target)} " if target >= 0 and what != "nullification" else ""
        return f"{head}，抵消{owner}{n.quoted(what)}{on}的效果" if on else f"{head}，抵消{owner}{n.quoted(what)}"
    owner = f"{n.seat(user)}'s " if user >= 0 else ("the " if what != "nullification" else "")
    on = f" on {n.seat(target)}" if target >= 0 and what != "nullification" else ""
    return f"{head} against {owner}{n.quoted(what)}{on}"


def _play(n: Narrator, e: ev.CardPlayed) -> str:
    zh = n.zh
    who = n.seat(e.seat)
    if e.name == "nullification":  # played, not used (seed 000 注意事项 1): aimed as a use is
        return _nullify(n, e, who, played=True)
    if _converted(n, e.name, e.cards):
        card = (f"将{n.cards(e.cards)}当{n.quoted(e.name)}打出" if zh else f"plays {n.cards(e.cards)} as {n.quoted(e.name)}")
    else:
        shown = n.cards(e.cards) if e.cards else n.quoted(e.name)
        card = f"打出{shown}" if zh else f"plays {shown}"
    ctx = ""
    use = n._trick()
    if n._judged is not None:  # played while a judgement is on show: it replaces the judgement card (鬼才)
        ctx = "（改判）" if zh else " to replace the judgement card"
    elif use is not None:
        if use.seat == e.seat:
            ctx = f"（自己的{n.quoted(use.name)}）" if zh else f" in its own {n.quoted(use.name)}"
        else:
            ctx = f"（响应 {n.seat(use.seat)} 的{n.quoted(use.name)}）" if zh else f" in answer to {n.seat(use.seat)}'s {n.quoted(use.name)}"
    return f"{who} {card}{ctx}"


def _trig(n: Narrator, e: ev.Triggered) -> str:
    zh = n.zh
    who = n.seat(e.seat)
    on = n.seats(e.targets) if e.targets and e.targets != (e.seat,) else ""
    if e.source in KINDS:  # an equipment or card effect
        use = n._trick()
        if e.w == "target_confirmed" and use is not None and e.seat in use.targets:
            what = n.quoted(use.name)
            return f"{who} 的{n.quoted(e.source)}生效：{what}对其无效" if zh else f"{who}'s {n.quoted(e.source)} takes effect: {what} has no effect on it"
        # Used, not yet effective: a judgement may follow and fail (八卦阵); its line tells the result.
        if zh:
            return f"{who} 发动{n.quoted(e.source)}" + (f"，目标 {on}" if on else "")
        return f"{who} uses {n.quoted(e.source)}" + (f" on {on}" if on else "")
    if zh:
        return f"{who} 发动{n.quoted(e.source)}" + (f"，目标 {on}" if on else "")
    return f"{who} uses {n.quoted(e.source)}" + (f" on {on}" if on else "")


def _damage(n: Narrator, e: ev.Damaged) -> str:
    nature = word(NATURES, e.nature, n.lang)
    if n.zh:
        by = f"（{n.quoted(e.card)}）" if e.card else ""
        if e.src < 0:
            return f"{n.seat(e.dst)} 受到{e.n}点{nature}伤害{by}"
        return f"{n.seat(e.src)} 对 {n.seat(e.dst)} 造成{e.n}点{nature}伤害{by}"
    by = f" ({n.quoted(e.card)})" if e.card else ""
    nature = f"{nature} " if nature else ""
    if e.src < 0:
        return f"{n.seat(e.dst)} takes {e.n} {nature}damage{by}"
    return f"{n.seat(e.src)} deals {e.n} {nature}damage to {n.seat(e.dst)}{by}"


def _hp_loss(n: Narrator, e: ev.HpLost) -> str:
    return f"{n.seat(e.seat)} 失去{e.n}点体力" if n.zh else f"{n.seat(e.seat)} loses {e.n} hp"


def _recover(n: Narrator, e: ev.Recovered) -> str:
    return f"{n.seat(e.seat)} 回复{e.n}点体力" if n.zh else f"{n.seat(e.seat)} recovers {e.n} hp"


def _dying(n: Narrator, e: ev.Dying) -> str:
    return f"{n.seat(e.seat)} 进入濒死状态，需要{n.quoted('peach')}" if n.zh else f"{n.seat(e.seat)} is dying and needs a {n.quoted('peach')}"


def _death(n: Narrator, e: ev.Died) -> str:
    if n.zh:
        role = f"（{role_name(n, e.role)}）" if e.role else ""
        by = f"，凶手：{n.seat(e.killer)}" if e.killer >= 0 else ""
        return f"{n.seat(e.seat)}{role}阵亡{by}"
    role = f", {'an' if e.role[:1] in 'aeiou' else 'a'} {e.role}," if e.role else ""
    by = f"; killed by {n.seat(e.killer)}" if e.killer >= 0 else ""
    return f"{n.seat(e.seat)}{role} dies{by}"


def _end(n: Narrator, e: ev.GameEnded) -> str:
    zh = n.zh
    head = e.reason.split(":")[0]
    how = word(ENDINGS, head, n.lang) if head in ENDINGS else n.name(head)  # a mode's own ending: its display_names
    winners = n.seats(e.winners)
    points = ("，" if zh else ", ").join(f"{n.seat(s)} {p}" for s, p in enumerate(e.points))
    seed = "" if e.seed is None else (f"；发牌的随机种子：{e.seed}" if zh else f"; the deal's seed: {e.seed}")
    if zh:
        return f"游戏结束：{how}" + (f"（{winners}）" if winners else "") + (f"；积分：{points}" if points else "") + seed
    return f"Game over: {how}" + (f" ({winners})" if winners else "") + (f"; points: {points}" if points else "") + seed


def _dec(n: Narrator, e: ev.Decided) -> str | None:
    if e.kind == "suit" and e.vis is None and e.option in SUITS:
        return f"{n.seat(e.seat)} 选择了{word(SUITS, e.option, 'zh')}" if n.zh else f"{n.seat(e.seat)} names {word(SUITS, e.option, 'en')}"
    if n.rs is not None and n.sees(e.vis):
        told = n.rs.narrate(n, e)  # a decision the mode tells, whose consequence is nothing (an alliance refused)
        if told:
            return told
    return None  # the consequence is narrated


def _redeal(n: Narrator, e: ev.Redealt) -> str:
    if n.zh:
        return f"（分析：{n.seat(e.seat)}看不到的牌与身份重新发放）"
    return f"(analysis: what {n.seat(e.seat)} could not see is dealt again)"


def _reseed(n: Narrator, e: ev.Reseeded) -> str:
    return f"（分支：新的随机种子 {e.seed}）" if n.zh else f"(fork: new random seed {e.seed})"


def _quit(n: Narrator, e: ev.GameQuit) -> str:
    return f"{n.seat(e.seat)} 退出了游戏（未完）" if n.zh else f"{n.seat(e.seat)} quit the game (unfinished)"


def _chain(n: Narrator, e: ev.ChainToggled) -> str:
    if n.zh:
        return f"{n.seat(e.seat)} {'被横置（连环）' if e.on else '被重置'}"
    return f"{n.seat(e.seat)} is {'chained' if e.on else 'unchained'}"


def _shown(n: Narrator, e: ev.CardsShown) -> str:
    # Shown to everyone (展示), so every seat may read the cards.
    return f"{n.seat(e.seat)} 展示了{n.cards(e.cards)}" if n.zh else f"{n.seat(e.seat)} shows {n.cards(e.cards)}"


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
    ev.Redealt: _redeal,
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
    """A card as a player reads it (【杀】♠7 / Slash ♠7), under the name its mode gives it (Hero Kill calls 桃 药)."""
    card = CARDS[c]
    own = rs.display_names.get(card.name) if rs is not None else None
    return card.label(lang, None if own is None else own[0] if lang == "zh" else own[1])


def display_name(name: str, lang: str = "en", rs: Any = None) -> str:
    """Card kinds, skills and generals by id, in Chinese or English; a mode's
    own names first (``Ruleset.display_names``: Hero Kill calls 桃 药)."""
    known = registered_name(name, lang, rs)
    return word(TERMS, name, lang) if known is None else known


def _skills() -> dict[str, Any]:
    """The skills' table, imported on first need: importing the skills loads their
    rules and every card's (~40 ms), which most readers of a record never need."""
    global _SKILL_TABLE
    if _SKILL_TABLE is None:
        from sanguozhi.core.skills.base import SKILLS

        _SKILL_TABLE = SKILLS
    return _SKILL_TABLE


_SKILL_TABLE: dict[str, Any] | None = None


def registered_name(name: str, lang: str = "en", rs: Any = None) -> str | None:
    """``display_name`` of a card kind, skill or general some table registers (None
    for any other word: a pack loaded later may still register it)."""
    zh = lang == "zh"
    if rs is not None:
        local = rs.display_names.get(name)
        if local is not None:
            return local[0] if zh else local[1]
    kind = KINDS.get(name)
    if kind is not None:
        return kind.title(lang)
    g = GENERALS.get(name)
    if g is not None:
        return g.name_zh if zh else (g.name_en or g.id)
    sk = _skills().get(name)
    if sk is not None:
        return sk.name_zh if zh else (sk.name_en or sk.id)
    return None
