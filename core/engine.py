"""The rules engine: runs a game, emitting events and asking for decisions.

Rules are written as generators that read like the rule text: a step that
needs a decision does ``choice = yield from engine.ask(request)``.  Every
change of state goes through ``emit``, which folds the event into the state
(``core.evolve.apply``), so the live state is always the fold of the events.

The engine's own position inside a resolution (which target of a 南蛮入侵 is
being asked) lives only in the running generator.  Between two turns it is
empty, so a game can be resumed from the state after any ``TurnEnded`` by
re-running the recorded decisions of the turn in progress (``core.game``).
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from . import events as ev
from .cards.base import NAMES, CardRule, played_not_used
from .content import Content, hand_limit
from .deck import SLASH_NAMES
from .distance import in_attack_range, in_reach
from .evolve import FoldError, handlers_of
from .modes.base import PHASES, Ruleset
from .requests import PASS, PASS_CHOICE, Choice, IllegalDecision, Request, reveal_first, revealing
from .rng import Draws
from .state import State
from .windows import CARD_WINDOWS, Form, Hook

if TYPE_CHECKING:
    from .skills.base import Action

Flow = Generator[Request, Choice, Any]


class GameOver(Exception):
    """Raised inside the rules when a GameEnded event has been emitted."""


class DamageCtx(msgspec.Struct):
    src: int
    dst: int
    n: int
    nature: str = "normal"
    card: str = ""
    cards: tuple[int, ...] = ()
    prevented: bool = False
    chained: bool = False  # passed on by an iron chain
    use: "UseCtx | None" = None  # the card use dealing it directly (None: chained, judged, skill)
    base: int = 0  # the amount before any window changed it
    was_chained: bool = False  # the character was chained when it took this nature damage
    extra: dict[str, Any] = {}  # what a rule marks on one damage for a later window (duel: transferred)


class UseCtx(msgspec.Struct):
    seat: int
    name: str
    cards: tuple[int, ...]
    targets: list[int]
    bonus: int = 0  # extra damage (酒, skills)
    cancelled: set[int] = set()  # targets the effect no longer reaches
    ignore_armor: set[int] = set()  # targets whose armour does not count (青釭剑)
    extra: dict[str, Any] = {}


class ResponseCtx(msgspec.Struct):
    seat: int
    names: tuple[str, ...]
    prompt: str
    answered: tuple[str, tuple[int, ...]] | None = None  # (name, cards) once satisfied
    source: UseCtx | None = None  # the card use being answered, if any


class TurnCtx(msgspec.Struct):
    seat: int
    phase: str = ""
    skip: set[str] = set()
    draw: int = 2


class Engine:
    """One running game.  ``request`` is what it waits for; ``submit`` answers."""

    def __init__(self, state: State, *, fresh: bool, sink: Callable[[ev.Event], None] | None = None, formal: frozenset[int] = frozenset()) -> None:
        self.state = state
        self.rs: Ruleset = state.rs
        self.content: Content = state.content
        self.rules = self.content.rules  # card name -> its rule in this game
        self.sink = sink
        self.turn_ctx = TurnCtx(-1)
        self.request: Request | None = None
        # sgz-rules/2 and later: questions whose existence would tell what is
        # hidden are recorded in secret whatever the hand holds (``ask``).
        self.fair = ev.rules_level(state.rules) >= 2
        # Seats asked even a secret question they can only pass (a person at a
        # live table, whose wait the others see); the others pass at once.  The
        # record is the same either way.
        self.formal: frozenset[int] = formal
        # The skills a concealed general could lend (fair rules only): their hooks
        # make a character that may hold one answer a secret question at each
        # window where one could act for it (``window``), used or not.
        self._concealable = self.rs.concealable(state) if self.fair else frozenset()
        # Skills changing a standing limit whose uses a concealed general is offered in
        # its play request, revealing it (``play_request``; hegemony's 马术 咆哮 奇才 短兵).
        self._latent_mods = self.rs.latent_modifiers if self.fair else frozenset()
        self._hidden_hooks: dict[str, tuple[Hook, ...]] = {}
        self._concealed: tuple[int, ...] = ()
        self._concealing_epoch = -1  # ``_concealing``'s, kept for the epoch it was worked out in
        self._concealing_now: tuple[int, ...] = ()
        self._handlers = handlers_of(state)
        self._outcome_events = self.rs.outcome_events
        # Event types after which the mode looks at the table: the outcome, and
        # rules that follow from an event at once (``Ruleset.react``).
        self._reacts = self.rs.reacts_to
        self._after = self._outcome_events | self._reacts
        self._phase_flows = {**PHASE_FLOWS, **self.rs.phase_flows}
        # Flows queued by a non-flow point (a card leaving a hand: 连营) to
        # run at the next timing window; empty between turns.
        self._later: list[Callable[[], Flow]] = []
        # The characters in their dying window: (source, cause) of their dying.
        self._dying: dict[int, tuple[int, str]] = {}
        # The skills the characters in this game have, and the hooks, forms,
        # actions and modifiers that can therefore matter (recomputed when a
        # character's skills change: ``State.epoch``).
        self._epoch = -1
        self._present: frozenset[str] = frozenset()
        self._in_play()
        self._flow = self._main(fresh)
        self._resume(None)

    # -- the driving loop ---------------------------------------------------

    def _resume(self, choice: Choice | None) -> None:
        try:
            self.request = self._flow.send(choice)  # type: ignore[arg-type]
        except StopIteration:
            self.request = None

    def submit(self, choice: Choice) -> None:
        """Answer the pending request.  An illegal choice changes nothing."""
        req = self.request
        if req is None:
            raise IllegalDecision("the game is over: there is nothing to decide")
        why = req.check(choice)
        if why is not None:
            raise IllegalDecision(f"seat {req.seat} ({req.kind}): {why}")
        self.emit(ev.Decided(seat=req.seat, kind=req.kind, cards=choice.cards, targets=choice.targets, option=choice.option, vis=req.vis))
        self._resume(choice)

    @property
    def over(self) -> bool:
        return self.request is None

    def emit(self, event: ev.Event) -> None:
        st = self.state
        cls = event.__class__
        try:
            self._handlers[cls](st, event)
        except KeyError:
            raise FoldError(f"no fold for event {cls.__name__} in mode {self.rs.id!r}") from None
        st.seq += 1
        if self.sink is not None:
            self.sink(event)
        if st.epoch != self._epoch:
            self._in_play()
        if cls in self._after and not st.ended:
            if cls in self._outcome_events:
                result = self.rs.outcome(st)
                if result is not None:
                    self.end_game(*result)
            if cls in self._reacts:
                self.rs.react(self, event)

    def end_game(self, winners: tuple[int, ...], reason: str) -> None:
        """The game is decided: the mode's end-of-game flow, then stop."""
        self.rs.finish(self, winners, reason)
        raise GameOver

    def game_ended(self, winners: tuple[int, ...], reason: str, points: tuple[int, ...] = ()) -> None:
        """Emit the end of the game; a committed deal reveals its seed in it (``core.commit``)."""
        st = self.state
        self.emit(ev.GameEnded(winners=winners, reason=reason, points=points, seed=st.start_seed if st.commit else None))

    def ask(self, req: Request) -> Flow:
        """Ask for a decision; a request whose only legal answer is to pass is not asked.

        ``req.seat`` may name a character: the seat that decides for it is asked.
        A *secret* question (``req.vis``) with one legal answer (pass, or a pick
        of every card offered) is still recorded under fair rules: the seat
        gives that answer in secret at once (asked anyway if it is ``formal``),
        so that whether it had anything else to answer with changes no event
        another seat sees.
        """
        forced = _only(req)
        if forced is not None:
            if req.vis is None or not self.fair:
                return forced
            owner = self.state.chars[req.seat].owner
            if owner not in self.formal:
                self.emit(ev.Decided(seat=owner, kind=req.kind, cards=forced.cards, option=forced.option, vis=req.vis))
                return forced
        owner = self.state.chars[req.seat].owner
        if owner != req.seat:
            req = msgspec.structs.replace(req, seat=owner)
        return (yield req)

    def forced(self, req: Request) -> Choice | None:
        """The answer of a secret question with one legal answer, which the rules
        record by themselves for a seat not asked formally (``ask``); None otherwise."""
        return _only(req) if req.vis is not None and self.fair else None

    def secret(self, seat: int) -> tuple[int, ...] | None:
        """The ``vis`` of a question to ``seat`` whose answers come from what it
        hides (its hand, a concealed general): its owner alone, under fair rules."""
        return (self.state.chars[seat].owner,) if self.fair else None

    def ask_hidden(self, seat: int, kind: str, prompt: str, options: tuple[Choice, ...]) -> Flow:
        """Ask ``seat`` a question offering what it hides (``options``, without pass;
        empty: nothing to offer).  Under fair rules it is asked in secret whatever
        the options, so that being asked tells nothing; under older rules it is
        not asked when there is nothing to offer."""
        if not options:
            if not self.fair:
                return PASS_CHOICE
            owner = self.state.chars[seat].owner
            if owner not in self.formal:  # what ``ask`` records of a pass-only secret question, without building it
                self.emit(ev.Decided(seat=owner, kind=kind, option=PASS, vis=(owner,)))
                return PASS_CHOICE
        choices = options if options and options[-1] == PASS_CHOICE else (*options, PASS_CHOICE)
        return (yield from self.ask(Request(seat, kind, prompt=prompt, choices=choices, vis=self.secret(seat))))

    def _main(self, fresh: bool) -> Flow:
        st = self.state
        try:
            if fresh:
                yield from self.rs.setup(self)
            max_turns = int(st.options.get("max_turns", 0) or 0)
            while not st.ended:
                if max_turns and st.turn >= max_turns:
                    self.end_game((), f"turn_limit:{max_turns}")
                seat = yield from self.rs.next_turn(self)
                yield from self.play_turn(seat)
        except GameOver:
            pass

    # -- turns and phases ---------------------------------------------------

    def play_turn(self, seat: int) -> Flow:
        st = self.state
        new_round = st.current < 0 or st.place(seat) <= st.place(st.current)
        self.emit(ev.TurnStarted(seat=seat, turn=st.turn + 1, round=st.round + 1 if new_round else st.round))
        ctx = self.turn_ctx = TurnCtx(seat, draw=self.rs.draw_count(st, seat))
        if st.chars[seat].flipped:
            # Face down (翻面, 叠置): turn face up, and the turn is skipped.
            self.emit(ev.TurnedOver(seat=seat, on=False))
            self.emit(ev.TurnEnded(seat=seat))
            return
        yield from self.window("turn_start", ctx)
        before = self.opens("phase_before")
        flows = self._phase_flows
        for phase in self.rs.phases(st, seat):
            if not st.chars[seat].alive and not self.acting(seat):
                break
            ctx.phase = phase
            if before:
                yield from self.window("phase_before", ctx)
            if phase in ctx.skip:
                self.emit(ev.PhaseSkipped(seat=seat, phase=phase))
                continue
            self.emit(ev.PhaseStarted(seat=seat, phase=phase))
            yield from self.window("phase_start", ctx)
            yield from flows[phase](self, seat)
            yield from self.window("phase_end", ctx)
        if st.chars[seat].alive or self.acting(seat):
            yield from self.window("turn_end", ctx)
        if self._later:
            yield from self.flush()
        self.emit(ev.TurnEnded(seat=seat))

    def acting(self, seat: int) -> bool:
        """Does the turn of ``seat`` go on: has its seat a living character?  (A duel
        player's turn goes on while one of its generals lives.)"""
        chars = self.state.chars
        p = chars[seat]
        return p.alive or any(q.alive and q.owner == p.owner for q in chars)

    def judge_phase(self, seat: int) -> Flow:
        # Delayed tricks resolve last placed first (each may be nullified).
        # A card that comes back (a 闪电 nobody else can hold) waits for the next turn.
        p = self.state.chars[seat]
        done: set[int] = set()
        while p.alive:
            card = next((c for c in reversed(p.judge) if c not in done), None)
            if card is None:
                break
            done.add(card)
            name = p.judge_names.get(card, NAMES[card])
            rule = self.rules.get(name)
            if rule is None:
                raise NotImplementedError(f"the delayed trick {name!r} has no rule")
            yield from rule.resolve_delayed(self, seat, card)

    def draw_phase(self, seat: int) -> Flow:
        ctx = self.turn_ctx
        yield from self.window("draw_count", ctx)
        if ctx.draw > 0:
            yield from self.draw(seat, ctx.draw, reason="draw")

    def play_phase(self, seat: int) -> Flow:
        st = self.state
        while st.chars[seat].alive and not st.ended:
            if self._later:
                yield from self.flush()
                if not st.chars[seat].alive:
                    return
            choice = yield from self.ask(self.play_request(seat))
            if choice.option == "end":
                return
            yield from self.use_choice(seat, choice, more_targets=True)

    def discard_phase(self, seat: int) -> Flow:
        p = self.state.chars[seat]
        excess = len(p.hand) - self.hand_limit(seat)
        if excess > 0:
            choice = yield from self.ask(Request(seat, "discard", prompt=f"discard:{excess}", cards=tuple(p.hand), min=excess, max=excess))
            self.move(choice.cards, "hand", "discard", src_seat=seat, reason="discard")

    def nothing(self, seat: int) -> Flow:
        return
        yield  # pragma: no cover

    def hand_limit(self, seat: int) -> int:
        return hand_limit(self.state, seat, self._hand_limit)

    # -- what may be played -------------------------------------------------

    def _in_play(self) -> None:
        """What of the content can matter: cards' and equipment's rules, and the
        skills some character at the table has (or may use by revealing)."""
        st = self.state
        present: set[str] = set()
        for p in st.chars:
            present |= p.skills
            present |= p.latent
        # Is some character not its seat's only one (a duel player's generals)?
        self._shared = any(p.owner != p.seat for p in st.chars)
        if self._concealable:
            self._concealed = tuple(p.seat for p in st.chars if any(sl.vis is not None for sl in p.slots))
        fresh = self._epoch < 0
        self._epoch = st.epoch
        if not fresh and present == self._present:
            return  # a general revealed, a death: the same skills at the table, so the same of the rest
        self._present = frozenset(present)
        content = self.content
        self._hooks = {}
        self._forms = content.live_forms.live(present)
        self._actions = content.live_actions.live(present)
        bans = {name: entries.live(present) for name, entries in content.live_bans.items()}
        self._bans = {name: fns for name, fns in bans.items() if fns}
        mods = {point: entries.live(present) for point, entries in content.live_mods.items()}
        self._hand_lost, self._equip_lost = mods["hand_lost"], mods["equip_lost"]
        self._hand_divert = mods["hand_divert"]
        self._slash_limit = mods["slash_limit"]
        self._damage_applied, self._after_damage = mods["damage_applied"], mods["after_damage"]
        self._keeps_alive = mods["keeps_alive"]
        self._hand_limit = mods["hand_limit"]
        # The card-use windows where something could act in this game: the others are
        # passed without a call (most games have hooks at few of the seventeen).
        hooks = content.live_hooks
        self._card_live = frozenset(w for w in CARD_WINDOW_NAMES if (w in hooks and hooks[w].any_live(present)) or (self._concealable and self._hidden_at(w)))

    @property
    def forms(self) -> tuple[Form, ...]:
        """The forms that can matter in this game (equipment ones, and the skills' of its characters)."""
        return self._forms

    @property
    def actions(self) -> tuple[tuple[str, Action], ...]:
        """The play-phase actions that can matter in this game (skill id, action), in the content's order."""
        return self._actions

    def targets_for(self, rule: CardRule, seat: int, card: int | None) -> list[tuple[int, ...]]:
        """The legal target tuples of ``seat``'s card of ``rule``, without those a skill forbids (空城, 谦逊)."""
        targets = rule.target_choices(self, seat, card)
        bans = self._bans.get(rule.name)
        if bans:
            st = self.state
            targets = [t for t in targets if not any(ban(st, seat, x) for x in t for ban in bans)]
        return targets

    def has_bans(self, name: str) -> bool:
        """Does a skill at the table forbid some targets of a card named ``name`` (``targets_for``)?"""
        return name in self._bans

    def play_request(self, seat: int) -> Request:
        choices = self._play_choices(seat)
        latent = self.state.chars[seat].latent
        if latent and self._latent_mods:
            hidden = latent & self._latent_mods
            if hidden:
                choices += self._revealing_choices(seat, choices, hidden)
        choices.append(Choice(option="end"))
        return Request(seat, "play", prompt="play", choices=tuple(choices))

    def _revealing_choices(self, seat: int, choices: list[Choice], hidden: frozenset[str]) -> list[Choice]:
        """Uses only a concealed general's standing-limit skill allows (a second 杀 for a
        concealed 张飞): each offered as revealing the general first (seed 001: "當暗置的
        武將牌發動技能時，將武將牌明置，然後發動相應的技能").  Worked out as the request would
        be with the skill face up; only the deciding seat sees what it is offered."""
        p = self.state.chars[seat]
        known = set(choices)
        actions = self.content.actions
        out: list[Choice] = []
        skills = p.skills
        for sid in sorted(hidden):
            p.skills = skills | {sid}
            try:
                more = self._play_choices(seat)
            finally:
                p.skills = skills
            for c in more:
                if c not in known and c.option != "recast" and c.option not in actions:
                    known.add(c)
                    out.append(reveal_first(sid, c))
        return out

    def _play_choices(self, seat: int) -> list[Choice]:
        """The play request's choices but ``end``."""
        choices: list[Choice] = []
        seen: dict[str, list[tuple[int, ...]]] = {}
        bans = self._bans
        rules = self.rules
        for card in self.state.chars[seat].hand:
            name = NAMES[card]
            rule = rules.get(name)
            if rule is None:
                continue  # a card without a built rule is never played
            targets = seen.get(name)
            if targets is None:
                if rule.usable(self, seat):
                    targets = self.targets_for(rule, seat, card) if name in bans else rule.target_choices(self, seat, card)
                else:
                    targets = []
                seen[name] = targets
            if targets:
                cards = (card,)
                choices += [Choice(cards=cards, targets=t) for t in targets]
            if rule.recastable:
                choices.append(Choice(cards=(card,), option="recast"))
        forms = self._forms
        if forms:
            st = self.state
            for form in forms:
                if form.use and form.available(st, seat):
                    rule = rules[form.name]
                    if rule.usable(self, seat):
                        for t in self.targets_for(rule, seat, None):
                            choices.append(Choice(targets=t, option=form.option))
        for sid, act in self._actions:
            if act.available(self, seat):
                choices.append(Choice(option=sid))
        return choices

    def use_choice(
        self, seat: int, choice: Choice, extra: dict[str, Any] | None = None, *, played: bool = False, more_targets: bool = False
    ) -> Generator[Request, Choice, "UseCtx | None"]:
        """Carry out a chosen use: a card from the hand, a recast, a form (丈八蛇矛, 武圣 …)
        or a skill's play-phase action (制衡 …).  ``played``: the card resolves as played
        (打出), not used (seed 000 注意事项 1: ``core.cards.base.played_not_used``).
        ``more_targets`` (a play-phase use): a form's 杀 whose cards, once picked, allow
        more targets than the form offered (方天画戟: the last hand cards) may take them."""
        option = choice.option
        hidden = revealing(option) if option else None
        if hidden is not None:  # a use a concealed general's standing skill allows: reveal it first
            yield from self.reveal_if_latent(seat, hidden[0])
            option = hidden[1]
            choice = Choice(cards=choice.cards, targets=choice.targets, option=option)
        if not option:
            return (yield from self.use_card(seat, NAMES[choice.cards[0]], choice.cards, choice.targets, extra, played=played))
        if option == "recast":
            yield from self.recast(seat, choice.cards)
            return None
        act = self.content.actions.get(option)
        if act is not None:
            yield from self.reveal_if_latent(seat, act.skill)
            yield from act.run(self, seat)
            return None
        form = self.content.forms[option]
        if form.skill:
            yield from self.reveal_if_latent(seat, form.skill)
        cards = yield from form.pick(self, seat)
        if cards is None:
            return None  # called off (nobody gave 激将 a 杀)
        targets = choice.targets
        if more_targets and self.fair and form.name in SLASH_NAMES and targets:
            targets = yield from self._more_targets(seat, form.name, cards, targets)
        if form.announce:
            self.emit(ev.Triggered(seat=seat, source=form.source, targets=targets))
        return (yield from self.use_card(seat, form.name, cards, targets, extra, played=played))

    def _more_targets(self, seat: int, name: str, cards: tuple[int, ...], targets: tuple[int, ...]) -> Generator[Request, Choice, tuple[int, ...]]:
        """The targets of a form's 杀 once its cards are known: the form was offered the
        targets of a 杀 of unknown cards; if these cards allow more (方天画戟), ``seat`` may
        add them (``slash_extra_targets`` asked with the cards)."""
        st = self.state
        mods = self.content.slash_extra
        if sum(m(st, seat, cards) for m in mods) <= sum(m(st, seat, None) for m in mods):
            return targets
        chosen = set(targets)
        wider = [t for t in self.targets_for(self.rules[name], seat, cards) if chosen < set(t)]  # type: ignore[arg-type]
        if not wider:
            return targets
        go = yield from self.ask(Request(seat, "skill", prompt="slash_extra_targets", choices=(*(Choice(targets=t) for t in wider), PASS_CHOICE)))
        return targets if go.is_pass else go.targets

    use_from_hand = use_choice

    def recast(self, seat: int, cards: tuple[int, ...]) -> Flow:
        """重铸: put the card into the discard pile, then draw one."""
        self.move(cards, "hand", "discard", src_seat=seat, reason="recast")
        yield from self.draw(seat, 1, reason="recast")

    def ask_use_slash(self, seat: int, targets: tuple[int, ...], prompt: str, source: str = "") -> Generator[Request, Choice, bool]:
        """Ask ``seat`` to use a 杀 on ``targets`` now (借刀杀人, 青龙偃月刀); True if it did."""
        options = self.card_options(seat, SLASH_NAMES, use=True, targets=targets)
        choice = yield from self.ask_hidden(seat, "use_slash", prompt, options)
        if choice.is_pass:
            return False
        if source:
            self.emit(ev.Triggered(seat=seat, source=source, targets=targets))
        use = yield from self.use_choice(seat, choice)
        return use is not None  # a form may be called off (nobody answered 激将)

    def card_options(self, seat: int, names: Iterable[str], *, use: bool, targets: tuple[int, ...] = ()) -> tuple[Choice, ...]:
        """A hand card named in ``names``, or a form (武圣, 丈八蛇矛 …) that makes
        one, to use (at ``targets``) or to play; then pass.  Empty: nothing to offer."""
        st = self.state
        options = [Choice(cards=(c,), targets=targets) for c in st.chars[seat].hand if NAMES[c] in names]
        for form in self.forms:
            if (form.use if use else form.play) and form.name in names and form.available(st, seat):
                options.append(Choice(targets=targets, option=form.option))
        if not options:
            return ()
        options.append(PASS_CHOICE)
        return tuple(options)

    def slash_limit(self, seat: int) -> int:
        limit = 1
        for mod in self._slash_limit:
            limit = mod(self.state, seat, limit)
        return limit

    def can_slash(self, seat: int) -> bool:
        return self.state.used.get("slash_any", 0) < self.slash_limit(seat)

    def in_range(self, a: int, b: int) -> bool:
        return in_attack_range(self.state, a, b)

    def reach(self, seat: int) -> list[int]:
        """The others in ``seat``'s attack range, in turn order from it."""
        return in_reach(self.state, seat)

    # -- using a card -------------------------------------------------------

    def use_card(
        self, seat: int, name: str, cards: tuple[int, ...], targets: Iterable[int], extra: dict[str, Any] | None = None, *, played: bool = False
    ) -> Generator[Request, Choice, UseCtx]:
        """The card-use resolution of seed 000 ("卡牌使用顺序"), its windows in the seed's
        order (``core.windows.CARD_WINDOWS``): 选择使用牌时 … 即将使用牌指定目标时 (the card
        and targets chosen), the ``CardUsed``, 使用牌指定目标时, 使用牌时, 成为牌的目标时,
        指定目标后, 成为目标后, the effect (in which 响应牌时 … 牌被响应后 open where a
        card answers it), then 结算效果时 and 使用牌后 (the seed joins them with a comma:
        one step), 牌因结算进入弃牌堆时, 牌进入弃牌堆后.

        The used cards wait in the processing zone; an equipment or delayed
        trick moves itself on from there in its effect.  Returns the context
        (a 无懈可击 reads whether it took effect).  A card ``played`` (打出) with an
        effect of its own (seed 000's 无懈可击 out of turn) resolves the same way
        without being used: a ``CardPlayed``, 打出牌时, its effect, no use window.
        """
        st = self.state
        rule: CardRule = self.rules[name]
        ctx = UseCtx(seat, name, tuple(cards), list(targets))
        if extra:
            ctx.extra.update(extra)
        if played:
            return (yield from self._played_card(rule, ctx))
        fair = self.fair  # sgz-rules/1 records opened only the windows from 使用牌时 on, in their order
        live = self._card_live
        if fair and (live or self._later):
            for window in USE_CHOICE_WINDOWS:  # the card and its targets chosen, before it is used
                if window in live or self._later:
                    yield from self.window(window, ctx)
        if name in SLASH_NAMES and seat == st.current:
            ctx.bonus = st.drunk  # read before CardUsed consumes it
        if cards:
            if len(cards) == 1 and cards[0] in st.chars[seat].hand:
                self.move(cards, "hand", "processing", src_seat=seat, reason="use")
            else:
                self.lift(seat, cards, reason="use")
        self.emit(ev.CardUsed(seat=seat, name=name, cards=ctx.cards, targets=tuple(ctx.targets)))
        for window in USE_TARGET_WINDOWS if fair else USE_TARGET_WINDOWS_V1:
            if window in live or self._later:  # the others would open nothing (``_card_live``)
                yield from self.window(window, ctx)
        yield from rule.effect(self, ctx)
        if fair and ("card_effect" in live or self._later):
            # "结算效果时，使用牌后": one step (a comma, not >), after the answers (响应) the effect met.
            yield from self.window("card_effect", ctx)
        yield from self.window("card_used", ctx)
        if fair and ("card_to_discard" in live or self._later):
            yield from self.window("card_to_discard", ctx)
        left = tuple(c for c in ctx.cards if c in st.processing)
        if left:
            self.move(left, "processing", "discard", reason="use")
        if fair and ("card_discarded" in live or self._later):
            yield from self.window("card_discarded", ctx)
        return ctx

    def _played_card(self, rule: CardRule, ctx: UseCtx) -> Generator[Request, Choice, UseCtx]:
        st = self.state
        if ctx.cards:
            self.lift(ctx.seat, ctx.cards, reason="play")
        self.emit(ev.CardPlayed(seat=ctx.seat, name=ctx.name, cards=ctx.cards))
        if self.opens("card_responding"):
            yield from self.window("card_responding", ResponseCtx(ctx.seat, (ctx.name,), "", answered=(ctx.name, ctx.cards)))
        yield from rule.effect(self, ctx)
        left = tuple(c for c in ctx.cards if c in st.processing)
        if left:
            self.move(left, "processing", "discard", reason="play")
        return ctx

    def respond(self, seat: int, names: tuple[str, ...], prompt: str, source: UseCtx | None = None) -> Generator[Request, Choice, bool]:
        """Ask ``seat`` to play (打出) a card named in ``names``; True if it did.

        ``source`` is the card use being answered (青釭剑 makes 八卦阵 idle).
        """
        played = yield from self.play_for(seat, names, prompt, source, keep=False)
        return played is not None

    def play_for(
        self, seat: int, names: Iterable[str], prompt: str, source: UseCtx | None = None, *, keep: bool = True
    ) -> Generator[Request, Choice, tuple[int, ...] | None]:
        """Ask ``seat`` to play a card named in ``names``: the cards played, or None.

        With ``keep`` the played cards stay in the processing zone for the
        caller (激将: the 杀 another seat plays becomes the lord's 杀).
        """
        st = self.state
        names = tuple(names)
        if not st.chars[seat].alive:
            return None
        ctx = ResponseCtx(seat, names, prompt, source=source)
        yield from self.window("response_needed", ctx)
        if ctx.answered is not None:
            if self.opens("card_responding"):
                yield from self.window("card_responding", ctx)
            return ctx.answered[1]
        options = self.card_options(seat, names, use=False)
        choice = yield from self.ask_hidden(seat, "respond", prompt, options)
        if choice.is_pass:
            return None
        if choice.option:
            form = self.content.forms[choice.option]
            if form.skill:
                yield from self.reveal_if_latent(seat, form.skill)
            cards = yield from form.pick(self, seat)
            if cards is None:
                return None
            if form.announce:
                self.emit(ev.Triggered(seat=seat, source=form.source))
            name = form.name
        else:
            cards = choice.cards
            name = NAMES[cards[0]]
        self.lift(seat, cards, reason="play")
        self.emit(ev.CardPlayed(seat=seat, name=name, cards=cards))
        if not keep:
            self.move(cards, "processing", "discard", reason="play")
        if self.opens("card_responding"):  # 打出牌时 (雷击); a game without such hooks opens no window
            ctx.answered = (name, cards)
            yield from self.window("card_responding", ctx)
        return cards

    # -- damage, dying, death ----------------------------------------------

    def damage(
        self,
        src: int,
        dst: int,
        n: int,
        nature: str = "normal",
        card: str = "",
        cards: tuple[int, ...] = (),
        *,
        use: UseCtx | None = None,
        chained: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> Generator[Request, Choice, int]:
        """Damage resolution (seed 000 "伤害结算"); returns the damage dealt.

        ``use`` is the card use that deals it directly (weapons and armour
        read it); damage passed on by an iron chain has ``chained`` set;
        ``extra`` is what a rule marks on this damage for the hooks that read
        it (duel: a transferred damage is not transferred again).
        """
        st = self.state
        if not st.chars[dst].alive:
            return 0
        ctx = DamageCtx(src, dst, n, nature, card, cards, chained=chained, use=use, base=n)
        if extra:
            ctx.extra = dict(extra)
        for window in ("damage_pending", "damage_causing", "damage_caused", "damage_inflicted"):
            yield from self.window(window, ctx)
            if ctx.prevented or ctx.n <= 0:
                return 0
        self.emit(ev.Damaged(src=ctx.src, dst=dst, n=ctx.n, nature=ctx.nature, card=ctx.card))
        for applied in self._damage_applied:
            applied(self, ctx)
        if st.chars[dst].hp <= 0:
            yield from self.dying(dst, ctx.src, ctx.card)
        yield from self.window("damage_done", ctx)
        yield from self.window("damaged", ctx)
        for after in self._after_damage:
            yield from after(self, ctx)
        return ctx.n

    def lose_hp(self, seat: int, n: int, cause: str = "") -> Flow:
        self.emit(ev.HpLost(seat=seat, n=n))
        if self.state.chars[seat].hp <= 0:
            yield from self.dying(seat, -1, cause)

    def recover(self, seat: int, n: int, src: int = -1) -> Flow:
        p = self.state.chars[seat]
        n = min(n, p.max_hp - p.hp)
        if n > 0 and p.alive:
            self.emit(ev.Recovered(seat=seat, n=n, src=src))
            yield from self.window("recovered", seat)

    def dying_source(self, seat: int) -> tuple[int, str]:
        """Who and what brought ``seat`` to the dying state it is in (for a rule of
        its dying window that kills it at once: 诀别)."""
        return self._dying[seat]

    def dying(self, seat: int, src: int, cause: str) -> Flow:
        """Dying is an inserted resolution: ask those who may save (by default
        every living character in turn order) for 桃."""
        st = self.state
        player = st.chars[seat]
        self.emit(ev.Dying(seat=seat, src=src))
        self._dying[seat] = (src, cause)
        yield from self.window("dying", seat)
        del self._dying[seat]
        if not player.alive:
            return  # it died in its dying window, unsaved (Hero Kill's 诀别)
        if player.hp <= 0 and self._kept_alive(seat):
            return  # a rule keeps it alive below 1 hp (不屈)
        for saver in self.rs.savers(st, seat):
            while player.hp <= 0 and st.chars[saver].alive:
                names = SAVE_NAMES_SELF if saver == seat else SAVE_NAMES
                options = [Choice(cards=(c,)) for c in st.chars[saver].hand if NAMES[c] in names]
                for form in self.forms:
                    if form.use and form.name in names and form.available(st, saver):
                        options.append(Choice(option=form.option))  # 急救: a red card as 桃
                choice = yield from self.ask_hidden(saver, "save", f"dying:{seat}", tuple(options))
                if choice.is_pass:
                    break
                name = NAMES[choice.cards[0]] if choice.cards else self.content.forms[choice.option].name
                played = name == "analeptic" and played_not_used(st, saver, drunk=True)
                yield from self.use_choice(saver, Choice(cards=choice.cards, targets=(seat,), option=choice.option), played=played)
            if player.hp > 0:
                return
        if player.hp <= 0:
            yield from self.kill(seat, src, cause)

    def kill(self, seat: int, killer: int, cause: str) -> Flow:
        """Death: the Died event (the mode checks the outcome after it), then the
        death window, the cards discarded, and the mode's rewards and penalties.

        A hand belongs to a seat: it is discarded with the seat's last living
        character (a duel player keeps its hand while a general lives)."""
        st = self.state
        role = st.seats[st.chars[seat].owner].role
        self.emit(ev.Died(seat=seat, role=role, killer=killer, cause=cause))
        yield from self.rs.on_death(self, seat, killer)
        yield from self.window("death", seat)
        zones = ("hand", "equip", "judge") if not self.acting(seat) else ("equip", "judge")
        self.discard_all(seat, reason="death", zones=zones)
        yield from self.rs.after_death(self, seat, killer)

    def change_max_hp(self, seat: int, n: int, cause: str = "") -> Flow:
        """Max hp goes up or down by ``n`` (hp is cut down to it); at 0 the character dies."""
        self.emit(ev.MaxHpChanged(seat=seat, n=n))
        p = self.state.chars[seat]
        if p.max_hp <= 0 and p.alive:
            yield from self.kill(seat, -1, cause)

    def reveal_if_latent(self, seat: int, skill: str) -> Flow:
        """Using a skill of a concealed general reveals the general first (a flow:
        what the reveal sets off is resolved before the skill, 珠联璧合)."""
        if skill not in self.state.chars[seat].skills and skill in self.state.chars[seat].latent:
            yield from self.rs.reveal_for_skill(self, seat, skill)

    def _kept_alive(self, seat: int) -> bool:
        for keep in self._keeps_alive:
            if keep(self.state, seat):
                return True
        return False

    def discard_all(self, seat: int, reason: str, zones: tuple[str, ...] = ("hand", "equip", "judge")) -> None:
        p = self.state.chars[seat]
        for zone in zones:
            cards = tuple(p.hand if zone == "hand" else p.equip.values() if zone == "equip" else p.judge)
            if cards:
                self.move(cards, zone, "discard", src_seat=seat, reason=reason)

    # -- cards between zones ------------------------------------------------

    def move(self, cards: Iterable[int], src: str, dst: str, *, src_seat: int = -1, dst_seat: int = -1, reason: str = "", vis: tuple[int, ...] | None = None) -> None:
        """Move cards between zones; ``src_seat``/``dst_seat`` name the characters
        whose zones they are (a hand is named by its seat in the event); ``vis``
        names the characters whose seats may see the cards (the event lists the
        seats)."""
        cards = tuple(cards)
        if dst == "hand" and self._hand_divert:
            for divert in self._hand_divert:
                cards = divert(self, cards, src, src_seat, dst_seat, reason)
            if not cards:
                return
        chars = self.state.chars
        if vis is not None and self._shared:
            vis = tuple(dict.fromkeys(chars[c].owner for c in vis))
        of = chars[src_seat].owner if src == "hand" else src_seat
        at = chars[dst_seat].owner if dst == "hand" else dst_seat
        self.emit(ev.CardsMoved(cards=cards, src=src, dst=dst, src_seat=of, dst_seat=at, reason=reason, vis=vis))
        if src == "hand":
            if self._hand_lost:
                for lost in self._hand_lost:
                    lost(self, src_seat, cards)
        elif src == "equip":
            for lost in self._equip_lost:
                lost(self, src_seat, cards)

    def lift(self, seat: int, cards: tuple[int, ...], reason: str) -> None:
        """Move ``seat``'s cards into the processing zone from wherever they are
        (hand; equipment for 武圣 and the like; already there for 激将)."""
        p = self.state.chars[seat]
        hand = p.hand
        for c in cards:
            if c not in hand:
                break
        else:
            self.move(cards, "hand", "processing", src_seat=seat, reason=reason)
            return
        from_hand = tuple(c for c in cards if c in hand)
        equip = p.equip.values()
        from_equip = tuple(c for c in cards if c in equip)
        if from_hand:
            self.move(from_hand, "hand", "processing", src_seat=seat, reason=reason)
        if from_equip:
            self.move(from_equip, "equip", "processing", src_seat=seat, reason=reason)
        lost = [c for c in cards if c not in from_hand and c not in from_equip and c not in self.state.processing]
        if lost:
            raise ValueError(f"seat {seat} cannot use or play cards {lost}: not in its hand, equipment or the processing zone")

    def later(self, make: Callable[[], Flow]) -> None:
        """Queue a flow to run at the next timing window (what a card leaving a hand triggers)."""
        self._later.append(make)

    def flush(self) -> Flow:
        """Run the queued flows (连营, 枭姬), oldest first."""
        while self._later:
            make = self._later.pop(0)
            yield from make()

    def hidden_hand_card(self, seat: int) -> int:
        """A hand card of ``seat`` taken unseen (过河拆桥, 顺手牵羊): drawn with the seed."""
        hand = self.state.chars[seat].hand
        st = self.state
        return hand[Draws(st.seed, "hand_pick", st.decisions * 16 + seat).below(len(hand))]

    def ensure_pile(self) -> None:
        """Reshuffle the discard pile into an empty draw pile (seeded)."""
        st = self.state
        if st.pile:
            return
        if not st.discard:
            self.end_game((), "no_cards_left")
        order = list(st.discard)
        Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
        self.emit(ev.PileShuffled(order=tuple(order), reshuffle=True))

    def draw(self, seat: int, n: int, reason: str = "draw") -> Flow:
        st = self.state
        while n > 0:
            self.ensure_pile()
            k = min(n, len(st.pile))
            cards = tuple(st.pile[-1 : -k - 1 : -1])
            self.move(cards, "pile", "hand", dst_seat=seat, reason=reason, vis=(seat,))
            n -= k
        return
        yield  # pragma: no cover  (a flow, so skills may hook draws later)

    def judge(self, seat: int, reason: str) -> Generator[Request, Choice, int]:
        """A judgement: the top card of the pile is shown; returns the final card."""
        self.ensure_pile()
        card = self.state.pile[-1]
        self.move((card,), "pile", "processing", dst_seat=seat, reason=f"judge:{reason}")
        ctx = {"seat": seat, "card": card, "reason": reason}
        yield from self.window("judge_result", ctx)
        yield from self.window("judged", ctx)
        final = ctx["card"]
        if final in self.state.processing:
            self.move((final,), "processing", "discard", reason="judge")
        return final

    # -- windows --------------------------------------------------------------

    def window(self, name: str, ctx: Any) -> Flow:
        """Run the hooks attached at window ``name``, in seat order from the current player.

        Callers ``yield from`` it.  A window where no hook can act returns an
        empty tuple instead of a generator, which keeps the many idle windows
        of a resolution cheap.
        """
        if self._later:
            return self._flush_then(name, ctx)
        hooks = self._hooks.get(name)  # emptied when the skills at the table change
        if hooks is None:
            hooks = self.hooks_at(name)
        asked: tuple[int, ...] = ()
        if self._concealed:
            asked = self._may_act_concealed(name, ctx)
        if not hooks and not asked:
            return ()  # type: ignore[return-value]
        st = self.state
        # A hook that names its possible owners is only checked for them; if
        # none holds it, the window costs nothing more.
        pending: list[tuple[Hook, Any]] = []
        for h in hooks:
            if h.owners is None:
                pending.append((h, None))
                continue
            owners = h.owners(ctx)
            for s in owners:
                if s >= 0 and h.holds(st, s):
                    pending.append((h, owners))
                    break
        if not pending and not asked:
            return ()  # type: ignore[return-value]
        return self._run_window(name, ctx, pending, asked)

    def idle(self, name: str) -> bool:
        """Would card-use window ``name`` do nothing now: no hook of this game there, none a
        concealed general could lend, and no queued flow to run at it?  (Then it is passed
        without a call; opening it would change nothing.)"""
        return not self._later and name not in self._card_live

    def opens(self, name: str) -> bool:
        """Is window ``name`` opened at all: some hook there can matter in this
        game (a window nothing listens at is skipped, for speed).  Under fair
        rules the hooks a concealed general *could* have count too, so that
        whether a window opens says nothing of what is concealed."""
        return bool(self.hooks_at(name)) or bool(self._concealed and self._hidden_at(name))

    def _hidden_at(self, name: str) -> tuple[Hook, ...]:
        """The hooks at window ``name`` of the skills a concealed general could lend."""
        hooks = self._hidden_hooks.get(name)
        if hooks is None:
            concealable = self._concealable
            hooks = self._hidden_hooks[name] = tuple(h for _, h in self.content.hooks.get(name, ()) if h.skill in concealable)
        return hooks

    def _may_act_concealed(self, name: str, ctx: Any) -> tuple[int, ...]:
        """The characters that, for all a seat not seeing their concealed slots
        knows, could hold a concealed skill able to act at window ``name`` now:
        each is asked in secret (``_run_window``) whether or not it does."""
        hooks = self._hidden_at(name)
        if not hooks:
            return ()
        named = [(h, None if h.owners is None else h.owners(ctx)) for h in hooks]  # whom each hook names, read once
        out = []
        for c in self._concealing():
            for h, owners in named:
                if (owners is None or c in owners) and h.can(self, c, ctx):
                    out.append(c)
                    break
        return tuple(out)

    def _concealing(self) -> tuple[int, ...]:
        """The concealed characters that may use a concealed skill now (``Ruleset.may_conceal``):
        worked out once per ``State.epoch``, since what it reads (who lives, the slots, the
        skills lost or barred) changes only with the skills or a death, which bump it."""
        st = self.state
        if self._concealing_epoch != st.epoch:
            self._concealing_now = tuple(c for c in self._concealed if self.rs.may_conceal(st, c))
            self._concealing_epoch = st.epoch
        return self._concealing_now

    def hooks_at(self, name: str) -> tuple[Hook, ...]:
        """The hooks at window ``name`` that can matter in this game: cards' and
        equipment's, and those of skills some character at the table has."""
        hooks = self._hooks.get(name)
        if hooks is None:
            live = self.content.live_hooks.get(name)
            hooks = self._hooks[name] = live.live(self._present) if live is not None else ()
        return hooks

    def _flush_then(self, name: str, ctx: Any) -> Flow:
        yield from self.flush()
        yield from self.window(name, ctx)

    def _run_window(self, name: str, ctx: Any, pending: list[tuple[Hook, Any]], concealed: tuple[int, ...] = ()) -> Flow:
        st = self.state
        if concealed:
            seats = st.turn_order()
            if not pending:  # only the secret questions: the other seats would find nothing ready
                seats = [s for s in seats if s in concealed]
        else:
            seats = _owning(st, pending)
        for seat in seats:
            if concealed:
                used = None
                if seat in concealed:
                    used = yield from self._concealed_turn(name, ctx, pending, seat)
                    if not st.chars[seat].alive:
                        continue
                # Concealed skills were offered in secret above; what is left is face up.
                latent = st.chars[seat].latent
                ready = [
                    h for h, owners in pending
                    if h is not used and h.skill not in latent and (owners is None or seat in owners) and h.holds(st, seat) and h.can(self, seat, ctx)
                ]
            else:
                ready = [h for h, owners in pending if (owners is None or seat in owners) and h.holds(st, seat) and h.can(self, seat, ctx)]
            while ready:
                hook = ready[0]
                if len(ready) > 1:
                    pick = yield from self.ask(Request(seat, "order", prompt=name, choices=tuple(Choice(option=h.source) for h in ready)))
                    hook = next(h for h in ready if h.source == pick.option)
                ready.remove(hook)
                on = (hook.target(self, seat, ctx),) if hook.target is not None else ()
                latent = hook.skill and hook.skill not in st.chars[seat].skills
                if hook.optional or latent:
                    # A concealed general's skill is used only by choice, revealing it.
                    go = yield from self.ask(Request(seat, "trigger", prompt=f"{name}:{hook.source}", choices=(Choice(option=hook.source, targets=on), PASS_CHOICE)))
                    if go.is_pass:
                        continue
                if latent:
                    yield from self.rs.reveal_for_skill(self, seat, hook.skill)
                if not hook.silent:
                    self.emit(ev.Triggered(seat=seat, source=hook.source, targets=on, w=name))
                yield from hook.run(self, seat, ctx)
                if not st.chars[seat].alive:
                    break
                # A hook run may take the others away (断肠: skills lost; equipment gone).
                ready = [h for h in ready if h.holds(st, seat) and h.can(self, seat, ctx)]


    def _concealed_turn(self, name: str, ctx: Any, pending: list[tuple[Hook, Any]], seat: int) -> Generator[Request, Choice, Hook | None]:
        """Ask ``seat`` in secret whether to use a concealed skill at window ``name``
        (the ones able to act, or nothing but pass): revealing it, then using it;
        returns the hook used.  Asked once a window, so how often it is asked
        says nothing either."""
        st = self.state
        latent = st.chars[seat].latent
        ready = [h for h, owners in pending if h.skill in latent and (owners is None or seat in owners) and h.holds(st, seat) and h.can(self, seat, ctx)]
        on = {h.source: ((h.target(self, seat, ctx),) if h.target is not None else ()) for h in ready}
        options = tuple(Choice(option=h.source, targets=on[h.source]) for h in ready)
        go = yield from self.ask(Request(seat, "trigger", prompt=f"{name}:concealed", choices=(*options, PASS_CHOICE), vis=self.secret(seat)))
        if go.is_pass:
            return None
        hook = next(h for h in ready if h.source == go.option)
        yield from self.rs.reveal_for_skill(self, seat, hook.skill)
        if not hook.silent:
            self.emit(ev.Triggered(seat=seat, source=hook.source, targets=on[hook.source], w=name))
        yield from hook.run(self, seat, ctx)
        return hook


def _owning(st: State, pending: list[tuple[Hook, Any]]) -> list[int]:
    """The living seats, in turn order from the current player's, that a pending hook of
    a window names as a possible owner; all of them when a hook names none or names a
    list (a use's targets may grow while the window runs).  The others would find nothing
    ready."""
    can: set[int] = set()
    for _, owners in pending:
        if type(owners) is not tuple:
            return st.turn_order()
        can.update(owners)
    if len(can) == 1 and not st.order:  # one seat named (无懈可击·国's, a use's user): no turn order to build
        (s,) = can
        return [s] if 0 <= s < len(st.chars) and st.chars[s].alive else []
    return [s for s in st.turn_order() if s in can]


def _only(req: Request) -> Choice | None:
    """The one legal answer of a pass-only question or of a pick of every card offered."""
    if req.choices:
        return PASS_CHOICE if len(req.choices) == 1 and req.choices[0].option == PASS else None
    return Choice(cards=req.cards) if req.min == req.max == len(req.cards) else None


PHASE_FLOWS: dict[str, Callable[[Engine, int], Flow]] = {
    "start": Engine.nothing,
    "judge": Engine.judge_phase,
    "draw": Engine.draw_phase,
    "play": Engine.play_phase,
    "discard": Engine.discard_phase,
    "finish": Engine.nothing,
}

# Seed 000's card-use windows as ``use_card`` opens them (sgz-rules/2; sgz-rules/1
# records opened 使用牌时 first and none before it nor after 使用牌后).
CARD_WINDOW_NAMES = tuple(w for w, _ in CARD_WINDOWS)
USE_CHOICE_WINDOWS = ("card_choosing", "card_about_to_use", "card_about_to_choose_targets", "card_choosing_targets", "card_about_to_specify")
USE_TARGET_WINDOWS = ("target_specifying", "card_using", "target_confirming", "target_specified", "target_confirmed")
USE_TARGET_WINDOWS_V1 = ("card_using", "target_specifying", "target_confirming", "target_specified", "target_confirmed")

SAVE_NAMES = ("peach",)
SAVE_NAMES_SELF = ("peach", "analeptic")

# The modifier points (the 杀 limit, after-damage flows …) are core.content.POINTS,
# registered in a pack; the engine reads them from its content (``_in_play``).

__all__ = ["Engine", "GameOver", "DamageCtx", "UseCtx", "ResponseCtx", "TurnCtx", "Hook", "PHASES"]
