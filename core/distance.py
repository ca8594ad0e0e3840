"""Distance and attack range (seed 000 "确定距离"; horses and weapons).

The dead and the removed do not count.  Skills that change distance or range
register a modifier (``distance``, ``range``: ``core.content.POINTS``) in
their pack instead of editing these functions; a mode whose table is not a
ring of seats gives its own steps between two characters
(``Ruleset.table_distance``).
"""
from __future__ import annotations

from .deck import CARDS
from .state import State


def seat_distance(state: State, a: int, b: int) -> int:
    """Steps between two seats around the table, counting only those present."""
    if a == b:
        return 0
    players = state.chars
    n = len(players)
    order = state.order
    if order:  # characters moved around the table (迁都): count by place
        a, b = order.index(a), order.index(b)
        dead = [order.index(p.seat) for p in players if not p.alive]
    else:
        dead = [p.seat for p in players if not p.alive]
    steps = (b - a) % n
    if not dead:
        return min(steps, n - steps)
    forward = steps
    present = n
    for s in dead:
        if s != a and s != b:
            present -= 1
            if (s - a) % n < steps:
                forward -= 1  # a dead seat between a and b (going forward) is skipped
    return min(forward, present - forward)


def table_distance(state: State, a: int, b: int) -> int:
    """Steps between two characters as the mode's table stands them (``Ruleset.table_distance``:
    the duel's ring of generals), else around the table (``seat_distance``)."""
    own = state.rs.table_distance
    return own(state, a, b) if own is not None else seat_distance(state, a, b)


def distance(state: State, a: int, b: int) -> int:
    if a == b:
        return 0
    d = table_distance(state, a, b)
    if "offensive_horse" in state.chars[a].equip:
        d -= 1
    if "defensive_horse" in state.chars[b].equip:
        d += 1
    for mod in state.content.distance_mods:
        d += mod(state, a, b)
    return max(1, d)


def attack_range(state: State, seat: int) -> int:
    weapon = state.chars[seat].equip.get("weapon")
    r = CARDS[weapon].kind.range if weapon is not None else 1
    for mod in state.content.range_mods:
        r += mod(state, seat)
    return max(0, r)


def in_attack_range(state: State, a: int, b: int) -> bool:
    return a != b and _within(state, a, b, attack_range(state, a))


def in_reach(state: State, seat: int) -> list[int]:
    """The others ``seat`` has in attack range, in turn order from it (the range worked out once).

    ``_within`` for each target, with what does not depend on the target (the
    range, the dead, ``seat``'s horse, the modifiers) looked up once: a play
    request asks it for every 杀 and every bot scoring.
    """
    r = attack_range(state, seat)
    chars = state.chars
    content = state.content
    dist_mods, range_mods = content.distance_mods, content.in_range_mods
    n = len(chars)
    rs = state.rs
    if state.order or (rs.table_distance is not None and rs.table_steps is None):
        # Characters moved around the table (迁都), or a mode's own table without its steps at once.
        return [t for t in state.seats_from(seat) if t != seat and _within(state, seat, t, r)]
    table = rs.table_steps(state, seat) if rs.table_distance is not None else None  # the duel's ring
    dead = [p.seat for p in chars if not p.alive] if table is None else []
    off = 1 if "offensive_horse" in chars[seat].equip else 0
    out = []
    for t in state.seats_from(seat):
        if t == seat:
            continue
        if table is not None:
            d = table[t]
        elif dead:
            steps = (t - seat) % n
            forward, present = steps, n
            for s in dead:
                if s != seat and s != t:
                    present -= 1
                    if (s - seat) % n < steps:
                        forward -= 1
            d = min(forward, present - forward)
        else:
            steps = (t - seat) % n
            d = min(steps, n - steps)
        d -= off
        if "defensive_horse" in chars[t].equip:
            d += 1
        for mod in dist_mods:
            d += mod(state, seat, t)
        if max(1, d) <= r or (range_mods and any(mod(state, seat, t) for mod in range_mods)):
            out.append(t)
    return out


def _within(state: State, a: int, b: int, r: int) -> bool:
    """Is ``b`` within range ``r`` of ``a``: near enough, or counted in range whatever the distance?"""
    return distance(state, a, b) <= r or any(mod(state, a, b) for mod in state.content.in_range_mods)
