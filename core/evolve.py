"""evolve(state, event) -> state: the deterministic fold of a game's events.

``apply`` updates a state the caller owns, in place (a fold, a live game);
``evolve`` is the pure form and copies first.  Handlers are looked up in a
dict keyed by event type, which folds several times faster than ``match``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from . import events as ev
from .state import Slot, State


class FoldError(ValueError):
    """An event that cannot apply to the state it follows."""


def initial_state(start: ev.GameStarted) -> State:
    from .modes import ruleset_of

    rs = ruleset_of(start.mode)
    seats, chars = rs.table(start)
    n = len(chars)
    return State(
        mode=start.mode,
        seed=start.seed,
        rules=start.rules,
        options=dict(start.options),
        seats=seats,
        chars=chars,
        deck=start.deck,
        damage_dealt=[[0] * n for _ in range(n)],
        seq=1,
        commit=start.commit,
        start_seed=start.seed,
        rs=rs,
        content=rs.content(start.options),
    )


def _refresh_all(s: State) -> None:
    for p in s.chars:
        if p.slots:
            s.rs.refresh(s, p.seat)


def _roles(s: State, e: ev.RolesDealt) -> None:
    for seat, role in zip(s.seats, e.roles, strict=True):
        seat.role = role
    _refresh_all(s)  # lord skills follow the role


def _general(s: State, e: ev.GeneralChosen) -> None:
    p = s.chars[e.seat]
    slots = p.slots
    if e.slot < len(slots):
        slots[e.slot] = Slot(e.general, e.vis)
    elif e.slot == len(slots):
        slots.append(Slot(e.general, e.vis))
    else:
        raise FoldError(f"seat {e.seat} has no general slot {e.slot - 1} yet")
    p.max_hp, p.hp = e.max_hp, e.hp
    s.rs.refresh(s, e.seat)


def _reveal(s: State, e: ev.GeneralRevealed) -> None:
    slot = s.chars[e.seat].slots[e.slot]
    if slot.general != e.general:
        raise FoldError(f"seat {e.seat}'s slot {e.slot} holds {slot.general!r}, not {e.general!r}")
    slot.vis = None
    s.rs.refresh(s, e.seat)


def _show_role(s: State, e: ev.RoleShown) -> None:
    seat = s.seats[e.seat]
    seat.role, seat.role_shown = e.role, True
    _refresh_all(s)


def _max_hp(s: State, e: ev.MaxHpChanged) -> None:
    p = s.chars[e.seat]
    p.max_hp += e.n
    p.hp = min(p.hp, p.max_hp)


def _turned_over(s: State, e: ev.TurnedOver) -> None:
    s.chars[e.seat].flipped = e.on


def _redeal(s: State, e: ev.Redealt) -> None:
    swap = dict(zip(e.cards, e.dealt, strict=True))
    if sorted(swap) != sorted(swap.values()):
        raise FoldError("a re-deal must permute the hidden cards among themselves")
    if swap:
        for zone in (s.pile, s.discard, s.processing, *(seat.hand for seat in s.seats)):
            zone[:] = [swap.get(c, c) for c in zone]  # in place: a character's hand is its seat's
        s.face_down = {swap.get(c, c): saw for c, saw in s.face_down.items()}
    for seat, role in zip(s.seats, e.roles):
        seat.role = role
    for c, slot, general in e.generals:
        s.chars[c].slots[slot].general = general
    _refresh_all(s)


def _shuffle(s: State, e: ev.PileShuffled) -> None:
    if e.reshuffle:
        s.discard.clear()
    s.pile = list(e.order)
    s.shuffles += 1


def _turn(s: State, e: ev.TurnStarted) -> None:
    s.table_round = s.round_of(e.seat)
    if s.opener < 0:
        s.opener = e.seat
    s.current, s.turn, s.round = e.seat, e.turn, e.round
    s.phase = ""
    s.used.clear()
    s.drunk = 0


def _phase(s: State, e: ev.PhaseStarted) -> None:
    s.phase = e.phase


def _turn_end(s: State, e: ev.TurnEnded) -> None:
    s.phase = ""
    s.drunk = 0


def _source(s: State, zone: str, seat: int, cards: tuple[int, ...]) -> list[int] | None:
    """The list to remove ``cards`` from, for the zones ``_move`` does not inline;
    None when they are taken already (equipment, judgement)."""
    if zone == "judge":
        p = s.chars[seat]
        try:
            for c in cards:
                p.judge.remove(c)
                p.judge_names.pop(c, None)
        except ValueError:
            raise FoldError(f"card {cards} not in judge (seat {seat})") from None
        return None
    if zone == "equip":
        eq = s.chars[seat].equip
        for c in cards:
            slot = next((k for k, v in eq.items() if v == c), None)
            if slot is None:
                raise FoldError(f"card {c} is not in seat {seat}'s equipment")
            del eq[slot]
        return None
    if zone == "removed":
        return s.removed
    if zone in s.rs.zones:
        return s.chars[seat].zones.get(zone, [])
    raise FoldError(f"unknown zone {zone!r}")


def _put(s: State, zone: str, seat: int, cards: tuple[int, ...], reason: str) -> None:
    """Put ``cards`` into the zones ``_move`` does not inline."""
    if zone == "pile":
        if reason.endswith(":bottom"):
            # Put at the bottom (观星), the first listed nearest the top.
            s.pile[0:0] = reversed(cards)
        else:
            # Cards put back on the pile go on top, the first listed topmost.
            s.pile.extend(reversed(cards))
    elif zone == "equip":
        from .deck import CARDS

        eq = s.chars[seat].equip
        for c in cards:
            slot = CARDS[c].kind.subtype
            if slot in eq:
                raise FoldError(f"seat {seat} already has a {slot}")
            eq[slot] = c
    elif zone == "judge":
        s.chars[seat].judge.extend(cards)
        if reason.startswith("as:"):
            for c in cards:
                s.chars[seat].judge_names[c] = reason[3:]
    elif zone == "removed":
        s.removed.extend(cards)
    elif zone in s.rs.zones:
        # A zone of the character's own that its ruleset names (tripod's general zone).
        s.chars[seat].zones.setdefault(zone, []).extend(cards)
    else:
        raise FoldError(f"unknown zone {zone!r}")


def _move(s: State, e: ev.CardsMoved) -> None:
    # The common zones (hand, pile, processing, discard) are inlined, and a single
    # card is removed without a loop: moves are most of a record, and this
    # is the fold's hot path (~8% of a replay's decode + fold).
    cards, src = e.cards, e.src
    if src == "hand":
        lst = s.seats[e.src_seat].hand
    elif src == "pile":
        lst = s.pile
        # Draws come off the top (the end); other removals search the pile.
        if lst[-len(cards):] == list(reversed(cards)):
            del lst[-len(cards):]
            lst = None
    elif src == "processing":
        lst = s.processing
    elif src == "discard":
        lst = s.discard
    else:
        lst = _source(s, src, e.src_seat, cards)
    if lst is not None:
        try:
            if len(cards) == 1:
                lst.remove(cards[0])
            else:
                for c in cards:
                    lst.remove(c)
        except ValueError:
            raise FoldError(f"card {cards} not in {src} (seat {e.src_seat})") from None
    dst = e.dst
    if dst == "hand":
        s.seats[e.dst_seat].hand.extend(cards)
    elif dst == "discard":
        s.discard.extend(cards)
    elif dst == "processing":
        s.processing.extend(cards)
    else:
        _put(s, dst, e.dst_seat, cards, e.reason)
    face_down = s.face_down
    if e.vis is not None and dst != "hand" and dst != "pile":
        saw = frozenset(e.vis)  # face down in an open zone: only these seats know the cards
        for c in cards:
            face_down[c] = saw
    elif face_down:
        for c in cards:
            face_down.pop(c, None)


def _shown_cards(s: State, cards: tuple[int, ...]) -> None:
    """Cards used, played or shown are seen by everyone where they lie."""
    face_down = s.face_down
    for c in cards:
        face_down.pop(c, None)


def _shown(s: State, e: ev.CardsShown) -> None:
    if s.face_down:
        _shown_cards(s, e.cards)


def _use(s: State, e: ev.CardUsed) -> None:
    if s.face_down:
        _shown_cards(s, e.cards)
    if e.seat == s.current:
        if e.name == "analeptic" and (s.phase != "play" or s.chars[e.seat].hp <= 0):
            return  # only a 酒 used as a card in the play phase is the turn's one 酒 (not one drunk while dying)
        used = s.used
        used[e.name] = used.get(e.name, 0) + 1
        if e.name in ("slash", "fire_slash", "thunder_slash"):
            used["slash_any"] = used.get("slash_any", 0) + 1
            s.drunk = 0
        elif e.name == "analeptic":
            s.drunk += 1


def _damage(s: State, e: ev.Damaged) -> None:
    p = s.chars[e.dst]
    p.hp -= e.n
    if e.src >= 0:
        s.damage_dealt[e.src][e.dst] += e.n


def _hp_loss(s: State, e: ev.HpLost) -> None:
    s.chars[e.seat].hp -= e.n


def _recover(s: State, e: ev.Recovered) -> None:
    p = s.chars[e.seat]
    p.hp = min(p.max_hp, p.hp + e.n)


def _death(s: State, e: ev.Died) -> None:
    p = s.chars[e.seat]
    p.alive = False
    p.chained = False
    p.killer = e.killer
    s.epoch += 1  # what may act changes (``Engine._concealing``)
    if e.role:
        seat = s.seats[p.owner]
        seat.role, seat.role_shown = e.role, True


def _end(s: State, e: ev.GameEnded) -> None:
    s.ended, s.winners, s.end_reason, s.points = True, e.winners, e.reason, e.points
    for seat in s.seats:  # at the end every role is shown
        seat.role_shown = seat.role_shown or bool(seat.role)
    for i, pts in enumerate(e.points):
        s.seats[i].points = pts


def _decided(s: State, e: ev.Decided) -> None:
    s.decisions += 1


def _reseed(s: State, e: ev.Reseeded) -> None:
    s.seed = e.seed


def _chain(s: State, e: ev.ChainToggled) -> None:
    s.chars[e.seat].chained = e.on


def _played(s: State, e: ev.CardPlayed) -> None:
    if s.face_down:
        _shown_cards(s, e.cards)
    # 克己 asks whether the current player played a 杀 this turn (in a 决斗, 南蛮入侵).
    if e.seat == s.current and e.name in ("slash", "fire_slash", "thunder_slash"):
        s.used["slash_played"] = s.used.get("slash_played", 0) + 1


def _triggered(s: State, e: ev.Triggered) -> None:
    # Uses this turn of a skill or equipment, by seat (出牌阶段限一次, 裸衣's +1).
    key = f"{e.source}@{e.seat}"
    s.used[key] = s.used.get(key, 0) + 1


def _skill_state(s: State, e: ev.SkillStateChanged) -> None:
    key = f"{e.skill}.{e.key}"
    if e.turn:
        s.used[f"{key}@{e.seat}"] = e.value
        return
    marks = s.chars[e.seat].marks
    if e.value:
        marks[key] = e.value
    else:
        marks.pop(key, None)


def _nothing(s: State, e: ev.Event) -> None:
    pass


HANDLERS: dict[type, Callable[[State, ev.Event], None]] = {
    ev.RolesDealt: _roles,
    ev.GeneralChosen: _general,
    ev.RoleShown: _show_role,
    ev.PileShuffled: _shuffle,
    ev.TurnStarted: _turn,
    ev.PhaseStarted: _phase,
    ev.PhaseSkipped: _nothing,
    ev.TurnEnded: _turn_end,
    ev.CardsMoved: _move,
    ev.CardUsed: _use,
    ev.CardPlayed: _played,
    ev.Triggered: _triggered,
    ev.Damaged: _damage,
    ev.HpLost: _hp_loss,
    ev.Recovered: _recover,
    ev.Dying: _nothing,
    ev.Died: _death,
    ev.GameEnded: _end,
    ev.Decided: _decided,
    ev.Reseeded: _reseed,
    ev.ChainToggled: _chain,
    ev.CardsShown: _shown,
    ev.GeneralsOffered: _nothing,
    ev.SkillStateChanged: _skill_state,
    ev.GeneralRevealed: _reveal,
    ev.MaxHpChanged: _max_hp,
    ev.TurnedOver: _turned_over,
    ev.GameQuit: _nothing,
    ev.Handover: _nothing,
    ev.Redealt: _redeal,
}


def handlers_of(state: State) -> dict[type, Callable[[State, ev.Event], None]]:
    """The folds of a game: the core events' and its ruleset's own."""
    return state.rs.fold_handlers(HANDLERS)


def apply(state: State, event: ev.Event) -> None:
    """Fold one event into ``state`` in place."""
    try:
        handlers_of(state)[type(event)](state, event)
    except KeyError:
        if isinstance(event, ev.GameStarted):
            raise FoldError("a game cannot start twice") from None
        raise FoldError(f"no fold for event {type(event).__name__}") from None
    state.seq += 1


def evolve(state: State, event: ev.Event) -> State:
    """The pure step: a new state, the given one untouched."""
    new = state.clone()
    apply(new, event)
    return new


def fold(events: Iterable[ev.Event], state: State | None = None) -> State:
    """Fold events into a state: a copy of ``state``, or a new game's."""
    it = iter(events)
    if state is None:
        first = next(it, None)
        if not isinstance(first, ev.GameStarted):
            raise FoldError("a record must begin with a GameStarted event")
        state = initial_state(first)
    else:
        state = state.clone()
    handlers = handlers_of(state)
    n = 0
    try:
        for n, e in enumerate(it, 1):  # cheaper than a counter updated in the loop
            handlers[type(e)](state, e)
    except (KeyError, ValueError, IndexError) as exc:
        raise FoldError(f"event {state.seq + n - 1}: cannot apply {type(e).__name__}: {exc}") from None
    state.seq += n
    return state
