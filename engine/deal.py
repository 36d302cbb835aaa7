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
from operator import mod as _mod

SHUFFLE_VERSION = 1
_WORD = 1 << 64
_PREFIX = b"tapete-shuffle-v1\0"
_UNPACK = struct.Struct(">4Q").unpack
try:  # the interpreter's own SHA-256: the same digests, set up faster than OpenSSL's
    from _sha2 import sha256 as _sha256  # CPython 3.12+, Pyodide
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # CPython 3.11
    except ImportError:
        _sha256 = hashlib.sha256
# ``_sha256``: one name, so a test can feed chosen digests


def _stream_key(game: str, seed: str, label: str) -> bytes:
    """The bytes that every block of the (game, seed, label) stream hashes first."""
    return _PREFIX + "\0".join((game, seed, label)).encode("utf-8") + b"\0"


class SeededStream:
    """Deterministic integers from (game, seed, label). Local state, never global."""

    __slots__ = ("_key", "_block", "_words")

    def __init__(self, game: str, seed: str, label: str):
        self._key = _stream_key(game, seed, label)
        self._block = 0
        self._words: list[int] = []

    def word(self) -> int:
        """The next 64-bit word."""
        if not self._words:
            d = _sha256(self._key + self._block.to_bytes(8, "big")).digest()
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


#: _LIMITS[i]: ``below(i + 1)`` accepts the words below it (for ``i < LIMITS_FOR``)
LIMITS_FOR = 64
_LIMITS = tuple(_WORD - _WORD % (i + 1) for i in range(LIMITS_FOR))
_MAX_BLOCKS = (LIMITS_FOR + 2) // 4  # blocks for one word a draw of a LIMITS_FOR-item shuffle
_BLOCK_TAGS = tuple(b.to_bytes(8, "big") for b in range(_MAX_BLOCKS))
_UNPACK_BLOCKS = tuple(struct.Struct(f">{4 * b}Q").unpack for b in range(_MAX_BLOCKS + 1))
#: every ``below(m)`` with ``m <= LIMITS_FOR`` accepts a word that does not start with these
#: bytes (the least of ``_LIMITS`` is above ``2**64 - 2**8``); found anywhere in the hashed
#: bytes, the draws check each word (chance about ``2**-56`` a byte)
_MAY_BE_REJECTED = b"\xff" * 7
#: _DOWN[n]: the draws' ``i`` in order, ``n-1 .. 1``; _SIZES[n]: their ``i + 1``
_DOWN = tuple(range(n - 1, 0, -1) for n in range(LIMITS_FOR + 1))
_SIZES = tuple(range(n, 1, -1) for n in range(LIMITS_FOR + 1))


def shuffled(items, game: str, seed: str, label: str) -> tuple:
    """A Fisher-Yates shuffle of ``items`` fixed by (game, seed, label).

    Same draws as ``SeededStream(game, seed, label).below(i + 1)`` for
    ``i = n-1 .. 1``. Up to ``LIMITS_FOR`` items, the blocks giving one word a
    draw are hashed at once; after a rejected word (chance below ``n / 2**64``
    a draw), and for more items, the draws go on word by word (``_shuffle_on``).
    """
    out = list(items)
    n = len(out)
    key = _stream_key(game, seed, label)
    if n > LIMITS_FOR:
        return _shuffle_on(out, key, n - 1, 0)
    blocks = (n + 2) // 4  # ceil((n - 1) / 4)
    sha = _sha256
    data = b"".join([sha(key + t).digest() for t in _BLOCK_TAGS[:blocks]])
    words = _UNPACK_BLOCKS[blocks](data)
    if _MAY_BE_REJECTED in data:  # a word may be rejected: the exact walk
        limits = _LIMITS
        i = n - 1
        for w in words:
            if i < 1:
                break
            if w >= limits[i]:  # rejected: redraw from the stream (words consumed: n - i)
                return _shuffle_on(out, key, i, n - i)
            j = w % (i + 1)
            out[i], out[j] = out[j], out[i]
            i -= 1
        return tuple(out)
    # no word is rejected: draw ``i`` is ``words[n - 1 - i] % (i + 1)``
    for i, j in zip(_DOWN[n], map(_mod, words, _SIZES[n])):
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def _shuffle_on(out: list, key: bytes, i: int, used: int) -> tuple:
    """Go on shuffling ``out`` from draw ``below(i + 1)`` with the stream of ``key``
    from its word ``used`` on; the documented walk, one word at a time."""
    words = list(_UNPACK(_sha256(key + (used // 4).to_bytes(8, "big")).digest()))[used % 4:]
    words.reverse()
    block = used // 4 + 1
    for i in range(i, 0, -1):
        m = i + 1
        limit = _WORD - _WORD % m
        while True:
            if not words:
                words = list(_UNPACK(_sha256(key + block.to_bytes(8, "big")).digest()))
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
