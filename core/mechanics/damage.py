"""Seed 000's kinds of damage: 水 (water), 斩杀 (execute), 爆炸 (explosion) and 溅射 (splash).

- **Water** (terms 27, 86) is an attribute nature, like fire and thunder
  (``core.natures``): a chained character who takes it passes it along the
  chain (``core.cards.chain``, which follows option ``chain_carry``).
- **Execute** (term 109): only a character whose hp is below half its max hp
  and not above the executor's may be executed; it takes damage equal to its
  hp + 2.  Out of the executor's attack range, the damage decays by the
  skill's decay value for each step of distance beyond the range.
- **Explosion** (term 111) is 2 fire damage; whatever it finally deals (even
  prevented) it **splashes** (term 112): every other character whose distance
  to the character hit is 1 then takes 1 fire damage from the same source.
  Reading: "hit" is being targeted (指定角色即命中); those at distance 1 are
  found when it hits, and the splash follows the explosion's resolution (its
  chain included), in seat order from the character hit.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..distance import attack_range, distance

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

Flow = Generator[Any, Any, Any]

WATER = "water"
EXECUTE = "execute"  # the Damaged event's ``card``: what dealt it
EXPLOSION = "explosion"
SPLASH = "splash"
EXPLOSION_DAMAGE = 2


def can_execute(state: "State", src: int, dst: int) -> bool:
    """May ``src`` execute ``dst``: hp below half its max hp, and not above ``src``'s?"""
    me, it = state.chars[src], state.chars[dst]
    return src != dst and me.alive and it.alive and 2 * it.hp < it.max_hp and it.hp <= me.hp


def execute_damage(state: "State", src: int, dst: int, decay: int) -> int:
    """What an execution deals: the target's hp + 2, less ``decay`` per step beyond the range."""
    beyond = max(0, distance(state, src, dst) - attack_range(state, src))
    return state.chars[dst].hp + 2 - decay * beyond


def execute(engine: "Engine", src: int, dst: int, decay: int) -> Generator[Any, Any, int]:
    """斩杀: ``src`` executes ``dst`` (the caller checked ``can_execute``); the damage dealt."""
    n = execute_damage(engine.state, src, dst, decay)
    if n <= 0:
        return 0
    return (yield from engine.damage(src, dst, n, card=EXECUTE))


def splashed(state: "State", hit: int) -> list[int]:
    """The other living characters whose distance to ``hit`` is 1, in seat order from it."""
    return [c for c in state.seats_from(hit) if c != hit and distance(state, c, hit) == 1]


def explode(engine: "Engine", src: int, dst: int) -> Flow:
    """爆炸: 2 fire damage to ``dst`` from ``src``, then the splash whatever it dealt."""
    st = engine.state
    near = splashed(st, dst)
    yield from engine.damage(src, dst, EXPLOSION_DAMAGE, "fire", card=EXPLOSION)
    for c in near:
        if st.chars[c].alive:
            yield from engine.damage(src, c, 1, "fire", card=SPLASH)
