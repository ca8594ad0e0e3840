"""Content packs, and the content one game plays with.

A *pack* is printed material with its rules: card rules by card name, skills
with their hooks, forms, actions and modifiers, and generals.  Modules fill a
pack when they are imported (``core.cards`` fills ``standard-cards``,
``core.skills`` fills ``standard-generals``), and nothing in a pack is global:
a game plays with the *content* its ruleset builds from the packs it installs
(``Content(packs)``), so two games in one process may give one card name two
different rules.

Everything registered in a pack has an *owner*: the card name or skill id it
belongs to.  When a later pack registers an owner again (a mode's own text
for 万箭齐发), everything the earlier packs registered for that owner (its rule,
hooks, forms, actions, modifiers, bans) is dropped from the content.  So a
rule lives in one place, and a variant replaces it whole.

Modifier points (``POINTS``) are plain functions the engine or a card calls
at one place in the rules:

- ``slash_limit`` (state, seat, limit) -> limit: 杀 per turn (诸葛连弩, 咆哮)
- ``slash_extra_targets`` (state, seat, card) -> n: more targets for a 杀 (方天画戟);
  ``card`` is the hand card used as the 杀, None for a 杀 a form makes before its
  cards are picked, and the tuple of its cards once they are (``Engine.use_choice``)
- ``damage_applied`` (engine, ctx): right after a Damaged event, before dying (铁索连环)
- ``after_damage`` (engine, ctx) -> flow: after each damage resolution (chains pass it on)
- ``equip_lost`` / ``hand_lost`` (engine, seat, cards): cards left a seat's zone (白银狮子, 连营)
- ``hand_divert`` (engine, cards, src, src_seat, seat, reason) -> cards: cards about to go
  into a hand; the function moves those that go elsewhere instead (tripod's general
  cards go to the general zone) and returns the rest
- ``trick_distance_free`` (state, seat) -> bool: tricks have no distance limit (奇才)
- ``card_distance_free`` (state, seat, name) -> bool: one trick has none (Hero Kill's
  飞贼: 探囊取物)
- ``distance`` (state, a, b) -> change; ``range`` (state, seat) -> change (马术)
- ``keeps_alive`` (state, seat) -> bool: a character below 1 hp after its dying
  window is not asked to be saved and does not die (不屈)
- ``suit`` (state, seat, card) -> suit or "": what suit ``seat``'s card or
  judgement counts as (红颜: spades are hearts); read through ``core.cards.base.suit_of``
- ``in_range`` (state, a, b) -> bool: ``b`` counts as in ``a``'s attack range whatever
  the distance (seed 000's liaison building)
- ``hand_limit`` (state, seat, limit) -> limit: cards kept in the discard phase
  (seed 000's economy building: +1)
- ``max_hp_bonus`` (content, general, bonus) -> bonus: the lord's (a captain's) extra
  max hp when it takes ``general`` (Hero Kill's 狂禅: none); read from the content, as
  it applies before the general is on the table

Target bans are kept by card name: (state, user, target) -> True when the
target may not be chosen (空城, 谦逊).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards.base import CardRule
    from .generals import General
    from .skills.base import Action, Skill
    from .windows import Form, Hook

POINTS = (
    "slash_limit",
    "slash_extra_targets",
    "damage_applied",
    "after_damage",
    "equip_lost",
    "hand_lost",
    "hand_divert",
    "trick_distance_free",
    "card_distance_free",
    "distance",
    "range",
    "keeps_alive",
    "suit",
    "in_range",
    "hand_limit",
    "max_hp_bonus",
)


class ContentError(ValueError):
    """A pack registered something twice, or a game's packs do not fit together."""


class Pack:
    """Cards' rules, skills and generals, registered by the modules that define them."""

    def __init__(self, id: str, title_zh: str, title_en: str) -> None:
        self.id, self.title_zh, self.title_en = id, title_zh, title_en
        self.rules: dict[str, CardRule] = {}
        self.skills: dict[str, Skill] = {}
        self.generals: dict[str, General] = {}
        # (owner, thing) in registration order.
        self.hooks: list[tuple[str, Hook]] = []
        self.forms: list[tuple[str, Form]] = []
        self.actions: list[tuple[str, Action]] = []
        self.mods: dict[str, list[tuple[str, Callable[..., Any]]]] = {p: [] for p in POINTS}
        self.bans: dict[str, list[tuple[str, Callable[..., bool]]]] = {}

    def __repr__(self) -> str:
        return f"Pack({self.id!r})"

    # -- registering ----------------------------------------------------------

    def card(self, rule: "CardRule", *names: str) -> "CardRule":
        """The rule of a card name (or of each of ``names``)."""
        for name in names or (rule.name,):
            if name in self.rules:
                raise ContentError(f"pack {self.id!r}: card {name!r} has two rules")
            self.rules[name] = rule
        return rule

    def hook(self, hook: "Hook", owner: str = "") -> "Hook":
        from .windows import WINDOW_ZH

        if hook.window not in WINDOW_ZH:
            raise ContentError(f"unknown window {hook.window!r}; windows are listed in core.windows")
        self.hooks.append((owner or hook.skill or hook.source, hook))
        return hook

    def form(self, form: "Form", owner: str = "") -> "Form":
        if any(f.option == form.option for _, f in self.forms):
            raise ContentError(f"pack {self.id!r}: form {form.option!r} is registered twice")
        self.forms.append((owner or form.skill or form.option, form))
        return form

    def action(self, action: "Action", owner: str = "") -> "Action":
        """A play-phase action; its ``owner`` (by default its own skill) decides when it can
        matter, as for hooks and forms: a party's members may impeach though only the
        founder has the party skill."""
        if any(a.skill == action.skill for _, a in self.actions):
            raise ContentError(f"pack {self.id!r}: skill {action.skill!r} has two actions")
        self.actions.append((owner or action.skill, action))
        return action

    def mod(self, point: str, fn: Callable[..., Any], owner: str) -> Callable[..., Any]:
        if point not in self.mods:
            raise ContentError(f"unknown modifier point {point!r} (points: {', '.join(POINTS)})")
        self.mods[point].append((owner, fn))
        return fn

    def ban(self, card_names: Iterable[str], fn: Callable[..., bool], owner: str) -> None:
        for name in card_names:
            self.bans.setdefault(name, []).append((owner, fn))

    def skill(self, skill: "Skill") -> "Skill":
        if skill.id in self.skills:
            raise ContentError(f"pack {self.id!r}: skill {skill.id!r} is registered twice")
        self.skills[skill.id] = skill
        return skill

    def general(self, general: "General") -> "General":
        if general.id in self.generals:
            raise ContentError(f"pack {self.id!r}: general {general.id!r} is registered twice")
        self.generals[general.id] = general
        return general

    def owners(self) -> set[str]:
        """Every card name and skill id this pack gives a rule."""
        return set(self.rules) | set(self.skills)

    def reuse(self, other: "Pack", *owners: str) -> None:
        """Take ``other``'s registrations for ``owners`` as they are (a skill whose text is the same)."""
        for owner in owners:
            found = False
            if owner in other.rules:
                self.card(other.rules[owner], owner)
                found = True
            if owner in other.skills:
                self.skill(other.skills[owner])
                found = True
            if not found:
                raise ContentError(f"pack {other.id!r} has no card or skill {owner!r} to reuse")
            self.hooks += [(o, h) for o, h in other.hooks if o == owner]
            self.forms += [(o, f) for o, f in other.forms if o == owner]
            self.actions += [(o, a) for o, a in other.actions if o == owner]
            for point, entries in other.mods.items():
                self.mods[point] += [(o, f) for o, f in entries if o == owner]
            for name, entries in other.bans.items():
                self.bans.setdefault(name, []).extend((o, f) for o, f in entries if o == owner)


class ByOwner:
    """Entries of one kind (the hooks at a window, the forms, a point's modifiers), each
    with its owner, in content order.  A card's or the mode's always matter; a skill's
    only at a table where some character has the skill (or may use it by revealing)."""

    __slots__ = ("entries", "skills", "fixed", "owners")

    def __init__(self, entries: Iterable[tuple[str, Any]], skills: Collection[str]) -> None:
        self.entries = tuple(entries)
        self.skills = skills
        self.fixed = tuple(x for o, x in self.entries if o not in skills)
        self.owners = frozenset(o for o, _ in self.entries if o in skills)  # the skills with an entry here

    def live(self, present: Collection[str]) -> tuple[Any, ...]:
        """The entries that matter at a table whose characters have the skills ``present``."""
        if self.owners.isdisjoint(present):
            return self.fixed
        skills = self.skills
        return tuple(x for o, x in self.entries if o in present or o not in skills)

    def any_live(self, present: Collection[str]) -> bool:
        return bool(self.fixed) or not self.owners.isdisjoint(present)


def hand_limit(state: Any, seat: int, mods: Iterable[Callable[..., int]] | None = None) -> int:
    """The cards ``seat`` keeps in its discard phase: its ruleset's limit through the
    ``hand_limit`` modifiers (``mods``: the engine's, kept for the skills at the table;
    by default worked out here from the state, as a table shown from a record needs)."""
    if mods is None:
        present: set[str] = set()
        for p in state.chars:
            present |= p.skills
            present |= p.latent
        mods = state.content.live_mods["hand_limit"].live(present)
    limit = state.rs.hand_limit(state, seat)
    for mod in mods:
        limit = mod(state, seat, limit)
    return max(0, limit)


class Content:
    """What one game plays with: the merge of its ruleset's packs, in order."""

    def __init__(self, packs: Iterable[Pack]) -> None:
        self.packs = tuple(packs)
        self.id = "+".join(p.id for p in self.packs)
        rules: dict[str, CardRule] = {}
        skills: dict[str, Skill] = {}
        generals: dict[str, General] = {}
        hooks: list[tuple[str, Hook]] = []
        forms: list[tuple[str, Form]] = []
        actions: list[tuple[str, Action]] = []
        mods: dict[str, list[tuple[str, Callable[..., Any]]]] = {p: [] for p in POINTS}
        bans: dict[str, list[tuple[str, Callable[..., bool]]]] = {}
        for pack in self.packs:
            again = pack.owners() & (set(rules) | set(skills))
            if again:  # a later pack's own text replaces the earlier rule whole
                hooks = [(o, h) for o, h in hooks if o not in again]
                forms = [(o, f) for o, f in forms if o not in again]
                actions = [(o, a) for o, a in actions if o not in again]
                mods = {p: [(o, f) for o, f in es if o not in again] for p, es in mods.items()}
                bans = {n: [(o, f) for o, f in es if o not in again] for n, es in bans.items()}
            rules.update(pack.rules)
            skills.update(pack.skills)
            generals.update(pack.generals)
            hooks += pack.hooks
            forms += pack.forms
            actions += pack.actions
            for p, es in pack.mods.items():
                mods[p] += es
            for n, es in pack.bans.items():
                bans.setdefault(n, []).extend(es)
        self.rules = rules
        self.skills = skills
        self.generals = generals
        self.hooks: dict[str, tuple[tuple[str, Hook], ...]] = {}
        for owner, hook in hooks:
            self.hooks[hook.window] = (*self.hooks.get(hook.window, ()), (owner, hook))
        self.forms: dict[str, Form] = {f.option: f for _, f in forms}
        self.form_owners: dict[str, str] = {f.option: o for o, f in forms}
        self.actions: dict[str, Action] = {a.skill: a for _, a in actions}
        self.action_owners: dict[str, str] = {a.skill: o for o, a in actions}
        self.mods = mods
        self.bans = {n: es for n, es in bans.items() if es}
        # What of it can matter at a table, by the skills there (``ByOwner.live``; the
        # engine asks again whenever a character's skills change).
        self.live_hooks = {w: ByOwner(es, skills) for w, es in self.hooks.items()}
        self.live_forms = ByOwner([(self.form_owners[f.option], f) for f in self.forms.values()], skills)
        self.live_actions = ByOwner([(self.action_owners[sid], (sid, a)) for sid, a in self.actions.items()], skills)
        self.live_mods = {p: ByOwner(es, skills) for p, es in mods.items()}
        self.live_bans = {n: ByOwner(es, skills) for n, es in self.bans.items()}
        # The state-only modifier points, ready to call (distance is hot).
        self.distance_mods: tuple[Callable[..., int], ...] = tuple(f for _, f in mods["distance"])
        self.range_mods: tuple[Callable[..., int], ...] = tuple(f for _, f in mods["range"])
        self.trick_free: tuple[Callable[..., bool], ...] = tuple(f for _, f in mods["trick_distance_free"])
        self.card_free: tuple[Callable[..., bool], ...] = tuple(f for _, f in mods["card_distance_free"])
        self.slash_extra: tuple[Callable[..., int], ...] = tuple(f for _, f in mods["slash_extra_targets"])
        self.suit_mods: tuple[Callable[..., str], ...] = tuple(f for _, f in mods["suit"])
        self.in_range_mods: tuple[Callable[..., bool], ...] = tuple(f for _, f in mods["in_range"])
        self.ban_fns: dict[str, tuple[Callable[..., bool], ...]] = {n: tuple(f for _, f in es) for n, es in self.bans.items()}
        self._check()

    def _check(self) -> None:
        for g in self.generals.values():
            for sid in g.skills + g.lord_skills:
                if sid not in self.skills:
                    raise ContentError(f"general {g.id!r} names skill {sid!r}, which no installed pack implements")
            for sid in g.lord_skills:
                if self.skills[sid].kind != "lord_skill":
                    raise ContentError(f"general {g.id!r}: {sid!r} is listed as a lord skill but is {self.skills[sid].kind}")

    def general(self, gid: str) -> "General":
        try:
            return self.generals[gid]
        except KeyError:
            raise KeyError(f"unknown general {gid!r}") from None

    def is_skill(self, owner: str) -> bool:
        return owner in self.skills

    def target_banned(self, state: Any, user: int, target: int, name: str) -> bool:
        """May ``target`` not be chosen as a target of ``user``'s card ``name`` (空城, 谦逊)?"""
        for ban in self.ban_fns.get(name, ()):
            if ban(state, user, target):
                return True
        return False

    def trick_distance_free(self, state: Any, seat: int, name: str = "") -> bool:
        """Has ``seat``'s trick no distance limit (奇才; ``name``: this trick only, 飞贼)?"""
        for free in self.trick_free:
            if free(state, seat):
                return True
        if name:
            for free in self.card_free:
                if free(state, seat, name):
                    return True
        return False

    def max_hp_bonus(self, general: str, bonus: int) -> int:
        """The extra max hp a lord (or captain) gets with ``general`` (狂禅: none)."""
        for _, mod in self.mods["max_hp_bonus"]:
            bonus = mod(self, general, bonus)
        return bonus
