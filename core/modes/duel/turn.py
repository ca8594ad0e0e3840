"""Setting up a duel and playing a turn (seed 003 "游戏流程").

Set-up: each player is dealt ``candidates`` (12) generals and places face
down, in a row, any of them whose points sum to ``points`` (12), choosing
them from the left end to the right (secret decisions, shown together); the
first player (seat 0) starts with 2 cards, the second with 4.

A turn is its player's (``TurnStarted.seat`` is the player's own place,
character 0 or 1), in three phases:

- draw (摸牌): 4 cards; a general's "your draw phase" skills (英姿, 裸衣) act
  in its player's draw phase, each general in turn;
- play (出牌): in any order, reveal one general (once a turn), redeploy once
  (调遣), and use any number of cards.  The request names the general acting:
  in every choice but ``end``, ``targets[0]`` is that general and the rest are
  the card's targets (``reveal``: the general; ``redeploy``: the general and
  the neighbour it moves past);
- finish (结束): a general's "your finish phase" skills (闭月) act, then the
  player discards its hand, and then its 奇兵 cards, down to the number of
  its living generals.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...deck import NAMES
from ...requests import Choice, Request
from ...rng import Draws
from . import row
from .data import GAME_DECK, QIBING_CARDS, roster_ids
from .events import RevealChosen, RowPlaced, redeploy_key, reveal_key
from .rules import QIBING_PILE, QIBING_ZONE, face_up, facing_allows, lift_qibing, points, qibing_cards, redeploy, return_qibing, reveal

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

    Flow = Generator[Any, Any, Any]

ROLES = ("first", "second")  # 先手, 后手
START_CARDS = (2, 4)
DRAW = 4


# -- set-up ----------------------------------------------------------------------------------


def pool_ids(content: Any, options: dict[str, Any]) -> list[str]:
    """The generals candidates are dealt from: those of ``generals.tsv``'s roster (``options``) the content has."""
    return [g for g in roster_ids(options) if g in content.generals]


def reachable(values: list[int], total: int) -> bool:
    """Do some of ``values`` sum to ``total`` exactly?"""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums if s + v <= total}
    return total in sums


def feasible(candidates: tuple[str, ...], chosen: list[str], left: int) -> list[str]:
    """The candidates that may be placed next so that the row can still sum to the budget exactly."""
    rest = [g for g in candidates if g not in chosen]
    out = []
    for g in rest:
        p = points(g)
        if p <= left and reachable([points(o) for o in rest if o != g], left - p):
            out.append(g)
    return out


def deal(state: "State") -> dict[int, tuple[str, ...]]:
    """Each player's candidates, dealt by the seed; dealt again until both can make the budget."""
    k, budget = state.options["candidates"], state.options["points"]
    ids = pool_ids(state.content, state.options)
    for again in range(100):
        order = list(ids)
        Draws(state.seed, "generals", again).shuffle(order)
        dealt = {s: tuple(order[s * k : (s + 1) * k]) for s in (0, 1)}
        if all(reachable([points(g) for g in dealt[s]], budget) for s in (0, 1)):
            return dealt
    raise RuntimeError(f"no deal of {k} candidates each makes {budget} points: change generals.tsv or the options")


def choose_row(engine: "Engine", seat: int, candidates: tuple[str, ...]) -> Generator[Request, Choice, list[str]]:
    """A player's row, from the left end: decisions (secret until shown), or drawn by the seed."""
    st = engine.state
    left = st.options["points"]
    chosen: list[str] = []
    rng = Draws(st.seed, "duel_rows", seat)
    while left > 0:
        options = feasible(candidates, chosen, left)
        if st.options["generals"] == "choose":
            # The prompt names the points left and the row so far (the asker's own secret), for the question's words.
            prompt = f"duel_row:{left}:{'+'.join(chosen)}"
            pick = yield from engine.ask(Request(seat, "general", prompt=prompt, choices=tuple(Choice(option=g) for g in options), vis=(seat,), together=True))
            g = pick.option
        else:
            g = rng.choice(options)
        chosen.append(g)
        left -= points(g)
    return chosen


def setup(engine: "Engine") -> "Flow":
    st = engine.state
    engine.emit(ev.RolesDealt(roles=ROLES))
    for seat, role in enumerate(ROLES):
        engine.emit(ev.RoleShown(seat=seat, role=role))
    dealt = deal(st)
    for seat in (0, 1):
        engine.emit(ev.GeneralsOffered(seat=seat, generals=dealt[seat], vis=(seat,)))
    rows = {}
    for seat in (0, 1):
        rows[seat] = yield from choose_row(engine, seat, dealt[seat])
    for seat in (0, 1):  # placed together, face down
        engine.emit(RowPlaced(seat=seat, count=len(rows[seat])))
        first = len(st.chars) - len(rows[seat])
        for c, gid in enumerate(rows[seat], first):
            hp = st.content.general(gid).max_hp
            engine.emit(ev.GeneralChosen(seat=c, general=gid, max_hp=hp, hp=hp, vis=(seat,)))
    game = list(GAME_DECK)
    Draws(st.seed, "shuffle", st.shuffles).shuffle(game)
    qibing = tuple(QIBING_CARDS)
    # The 奇兵 cards start at the bottom and are set aside at once: the 奇兵 pile.
    engine.emit(ev.PileShuffled(order=qibing + tuple(game)))
    engine.move(qibing, "pile", QIBING_PILE, reason="qibing")
    for seat in (0, 1):
        yield from engine.draw(seat, START_CARDS[seat], reason="deal")


def next_turn(engine: "Engine") -> Generator[Any, Any, int]:
    st = engine.state
    return 0 if st.current < 0 else 1 - st.current
    yield  # pragma: no cover


# -- the phases ---------------------------------------------------------------------------------


def each_general(engine: "Engine", seat: int, window: str, phase: str, draw: int = 0) -> Generator[Any, Any, int]:
    """Run ``window`` of ``phase`` for each living general of ``seat``, as if it
    were that general's own (a draw count passes from one to the next)."""
    from ...engine import TurnCtx

    for g in row.generals(engine.state, seat):
        ctx = TurnCtx(g, phase=phase, draw=draw)
        yield from engine.window(window, ctx)
        draw = ctx.draw
    return draw


def draw_phase(engine: "Engine", seat: int) -> "Flow":
    n = yield from each_general(engine, seat, "draw_count", "draw", engine.turn_ctx.draw)
    if n > 0:
        yield from engine.draw(seat, n, reason="draw")


class SeatFrame:
    """What one ``State.epoch`` fixes of a player's play requests (kept in ``row.Layout.memo``):
    each living general with its facing and the forms (and their rules) it may use as
    faced, and the reveal and redeploy choices."""

    __slots__ = ("engine", "generals", "reveals", "redeploys")

    def __init__(self, engine: "Engine", seat: int) -> None:
        st, rules = engine.state, engine.rules
        self.engine = engine
        # The forms a general face up, or face down, may use (in the engine's order).
        up = [(f, rules[f.name]) for f in engine.forms if f.use]
        down = [(f, rule) for f, rule in up if facing_allows(False, f.name)]
        self.generals = [(c, facing, up if facing else down) for c in row.generals(st, seat) for facing in (face_up(st, c),)]
        self.reveals = tuple(Choice(option="reveal", targets=(c,)) for c, facing, _ in self.generals if not facing)
        self.redeploys = tuple(Choice(option="redeploy", targets=(c, n)) for c, n in row.layout(st).redeploys(seat))


def seat_frame(engine: "Engine", seat: int) -> SeatFrame:
    memo = row.layout(engine.state).memo
    key = ("play", seat)
    frame = memo.get(key)
    if frame is None or frame.engine is not engine:  # type: ignore[attr-defined]
        frame = memo[key] = SeatFrame(engine, seat)
    return frame  # type: ignore[return-value]


def play_request(engine: "Engine", seat: int) -> Request:
    """What ``seat`` may do now in its play phase; each choice names the general acting (``targets[0]``)."""
    st = engine.state
    rules = engine.rules
    frame = seat_frame(engine, seat)
    hand = [(card, NAMES[card]) for card in (*st.seats[seat].hand, *qibing_cards(st, seat))]
    # Each card name of the hand once, with its rule and its first card: a name's targets are worked out for that card.
    named: dict[str, tuple[int, Any]] = {}
    for card, name in hand:
        if name not in named:
            named[name] = (card, rules.get(name))
    # A row-wide rule's targets (``QibingRule.row_wide``), worked out for the first general that may use it.
    row_wide: dict[str, list[tuple[int, ...]]] = {}
    choices: list[Choice] = []
    for c, up, forms in frame.generals:
        usable: dict[str, bool] = {}  # by card name, for ``c``
        offered: dict[str, list[tuple[int, ...]]] = {}  # by card name: its targets, ``c`` first
        for name, (card, rule) in named.items():
            if rule is None or not facing_allows(up, name):
                continue
            ok = usable[name] = rule.usable(engine, c)
            if not ok:
                continue
            if rule.row_wide and not engine.has_bans(name):
                plain = row_wide.get(name)
                if plain is None:
                    plain = row_wide[name] = engine.targets_for(rule, c, card)
            else:
                plain = engine.targets_for(rule, c, card)
            if plain:
                offered[name] = [(c, *t) for t in plain]
        if offered:
            for card, name in hand:
                targets = offered.get(name)
                if targets:
                    cards = (card,)
                    choices += [Choice(cards=cards, targets=t) for t in targets]
        for form, rule in forms:
            ok = usable.get(form.name)
            if ok is None:
                ok = usable[form.name] = rule.usable(engine, c)
            if ok and form.available(st, c):
                choices.extend(Choice(targets=(c, *t), option=form.option) for t in engine.targets_for(rule, c, None))
        for sid, act in engine.actions:
            if act.available(engine, c):
                choices.append(Choice(targets=(c,), option=sid))
    if frame.reveals and not st.used.get(reveal_key(seat)):
        choices += frame.reveals
    if frame.redeploys and not st.used.get(redeploy_key(seat)):
        choices += frame.redeploys
    choices.append(Choice(option="end"))
    return Request(seat, "play", prompt="play", choices=tuple(choices))


def carry_out(engine: "Engine", seat: int, choice: Choice) -> "Flow":
    option, targets = choice.option, choice.targets
    if option == "reveal":
        engine.emit(RevealChosen(seat=targets[0]))
        reveal(engine, targets[0])
        return
    if option == "redeploy":
        yield from redeploy(engine, targets[0], targets[1], free=False)
        return
    c, rest = targets[0], targets[1:]
    if choice.cards and choice.cards[0] in QIBING_CARDS:
        card = choice.cards[0]
        cards = lift_qibing(engine, c, card)
        yield from engine.use_card(c, NAMES[card], cards, rest)
        return
    yield from engine.use_choice(c, Choice(cards=choice.cards, targets=rest, option=option), more_targets=True)


def play_phase(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    while engine.acting(seat) and not st.ended:
        yield from engine.flush()
        if not engine.acting(seat):
            return
        choice = yield from engine.ask(play_request(engine, seat))
        if choice.option == "end":
            return
        yield from carry_out(engine, seat, choice)


def finish_phase(engine: "Engine", seat: int) -> "Flow":
    yield from each_general(engine, seat, "phase_start", "finish")
    st = engine.state
    limit = st.rs.hand_limit(st, seat)  # the hand and the 奇兵 alike
    for zone in ("hand", QIBING_ZONE):
        cards = st.seats[seat].hand if zone == "hand" else qibing_cards(st, seat)
        excess = len(cards) - limit
        if excess <= 0 or not engine.acting(seat):
            continue
        prompt = f"discard:{excess}" if zone == "hand" else f"qibing:{excess}"
        pick = yield from engine.ask(Request(seat, "discard", prompt=prompt, cards=tuple(cards), min=excess, max=excess))
        if zone == "hand":
            engine.move(pick.cards, "hand", "discard", src_seat=seat, reason="discard")
        else:
            return_qibing(engine, pick.cards, QIBING_ZONE, seat, reason="discard")


PHASES = ("draw", "play", "finish")
PHASE_FLOWS = {"draw": draw_phase, "play": play_phase, "finish": finish_phase}
