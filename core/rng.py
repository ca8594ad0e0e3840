"""Counter-based randomness: every draw is keyed by (seed, stream, index).

Nothing here keeps hidden state.  A shuffle, a role deal or a bot's choice asks
for the numbers of one named stream at one index (the index is a counter kept
in the game state, so the position of the generator follows from the log).
That is what lets a game be resumed from any point of its record.
"""
from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    # splitmix64 finaliser: a fast, well-distributed 64-bit bijection.
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _stream_key(name: str) -> int:
    # A stable (PYTHONHASHSEED-independent) key for a stream name.
    key = 0
    for ch in name.encode():
        key = _mix(key ^ ch)
    return key


_STREAM_KEYS: dict[str, int] = {}


def stream(seed: int, name: str, index: int) -> Iterator[int]:
    """Endless 64-bit numbers for one (seed, stream name, index)."""
    key = _STREAM_KEYS.get(name)
    if key is None:
        key = _STREAM_KEYS[name] = _stream_key(name)
    base = _mix((seed & _MASK) ^ key) ^ _mix((index * _GOLDEN) & _MASK)
    n = 0
    while True:
        n += 1
        yield _mix((base + n * _GOLDEN) & _MASK)


class Draws:
    """Convenience wrapper over one stream: below(n), shuffle(seq), choice(seq)."""

    __slots__ = ("_it",)

    def __init__(self, seed: int, name: str, index: int) -> None:
        self._it = stream(seed, name, index)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # 64-bit draws against bounds < 2**16: the modulo bias is < 2**-48.
        return next(self._it) % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        return items[self.below(len(items))]
