"""The versioned seeded shuffle: a SHA-256 counter stream and unbiased Fisher-Yates.

It does not use Python's ``random`` (whose algorithms are not promised stable
across versions), so a seed deals the same cards in CPython, in Pyodide and in
every later release of this engine that keeps ``SHUFFLE_VERSION``.

Stream v1: block ``i`` is ``SHA-256(b"tapete-shuffle-v1\\0" + game + b"\\0" +
seed + b"\\0" + label + b"\\0" + i as 8 bytes big-endian)``; each block gives
four 64-bit big-endian words. ``below(n)`` rejects words ``>= 2**64 - 2**64 % n``
and returns ``word % n``. The shuffle walks ``i = n-1 .. 1`` and swaps ``i``
with ``below(i + 1)``.

>>> shuffled(range(5), "tapete", "demo", "doc")
(3, 4, 0, 1, 2)
"""

from __future__ import annotations

import hashlib
import struct

SHUFFLE_VERSION = 1
_WORD = 1 << 64
_PREFIX = b"tapete-shuffle-v1\0"
_UNPACK = struct.Struct(">4Q").unpack


class SeededStream:
    """Deterministic integers from (game, seed, label). Local state, never global."""

    __slots__ = ("_key", "_block", "_words")

    def __init__(self, game: str, seed: str, label: str):
        self._key = _PREFIX + b"\0".join(
            s.encode("utf-8") for s in (game, seed, label)) + b"\0"
        self._block = 0
        self._words: list[int] = []

    def word(self) -> int:
        """The next 64-bit word."""
        if not self._words:
            d = hashlib.sha256(self._key + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = list(_UNPACK(d))
            self._words.reverse()
        return self._words.pop()

    def choice(self, seq):
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.word() >> 11) / (1 << 53)

    def below(self, n: int) -> int:
        """An unbiased integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _WORD - _WORD % n
        while True:
            w = self.word()
            if w < limit:
                return w % n


def shuffled(items, game: str, seed: str, label: str) -> tuple:
    """A Fisher-Yates shuffle of ``items`` fixed by (game, seed, label).

    Same draws as ``SeededStream(game, seed, label).below(i + 1)`` for
    ``i = n-1 .. 1``, unrolled for speed.
    """
    out = list(items)
    key = SeededStream(game, seed, label)._key
    sha = hashlib.sha256
    words: list[int] = []
    block = 0
    for i in range(len(out) - 1, 0, -1):
        m = i + 1
        limit = _WORD - _WORD % m
        while True:
            if not words:
                words = list(_UNPACK(sha(key + block.to_bytes(8, "big")).digest()))
                words.reverse()
                block += 1
            w = words.pop()
            if w < limit:
                break
        j = w % m
        out[i], out[j] = out[j], out[i]
    return tuple(out)


MAX_SEED_LENGTH = 200


def check_seed(seed) -> str:
    """Validate a match seed: any short text that UTF-8 can encode (the stream hashes it).

    >>> check_seed("a" + chr(0xD800))
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: a seed must be text of 1 to 200 characters (no lone surrogates)
    """
    from .errors import RulesError
    if not isinstance(seed, str) or not seed or len(seed) > MAX_SEED_LENGTH or \
            not seed.isprintable() and not _encodable(seed):
        raise RulesError(f"a seed must be text of 1 to {MAX_SEED_LENGTH} characters "
                         f"(no lone surrogates)")
    return seed


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
