"""Capture arithmetic on bitmasks: pairs, sums, sequences; what a card may take.

A capture is the set of table cards a played card takes (a bitmask). It is a pair
(one table card of the played rank) or a sum (two or more number cards whose values
add up to the played number card), then optionally a sequence: one card of each
rank upward from the played rank while the next rank lies on the table.

Seed 004 example: table 2 3 4 5 7 J; a 2 pairs the 2 and takes 3 4 5; a 6 adds
2 + 4 and takes 7 J.

>>> from engine.cards import FRENCH, mask, cards_of
>>> table = mask(FRENCH.parse(t) for t in "2H 3H 4H 5H 7H JH".split())
>>> [" ".join(FRENCH.text(c) for c in cards_of(s))
...  for s in capture_sets(FRENCH.parse("2S"), table, manual=False)]
['2H 3H 4H 5H']
>>> [" ".join(FRENCH.text(c) for c in cards_of(s))
...  for s in capture_sets(FRENCH.parse("6S"), table, manual=False)]
['2H 4H 7H JH']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..cards import SUITS, card, cards_of, mask, single_masks
from ..errors import Refusal
from . import rules as R

TEXT = R.DECK.text
CARD_BITS = 6                       #: a play's card sits in the low 6 bits, its capture above
CARD_FIELD = (1 << CARD_BITS) - 1
RANK_MASK = tuple(mask(card(k, s) for s in range(SUITS)) for k in range(R.RANKS))
BELOW = tuple(sum(RANK_MASK[:k]) for k in range(R.RANKS))         # ranks lower than k
ABOVE = tuple(sum(RANK_MASK[k + 1:]) for k in range(R.RANKS))     # ranks higher than k
#: table cards that may take part in a sum made by a card of rank k (none for J Q K)
SUM_BELOW = tuple(BELOW[k] if R.rank_value(k) else 0 for k in range(R.RANKS))
CARD_VALUE = tuple(R.rank_value(c % R.RANKS) for c in range(R.RANKS * SUITS))


def _partitions(total: int, largest: int) -> list[tuple]:
    """Ways to write ``total`` as values <= ``largest``, as ((rank, count), ...)."""
    if total == 0:
        return [()]
    out = []
    for value in range(min(total, largest), 0, -1):
        for count in range(1, SUITS + 1):
            if value * count > total:
                break
            for rest in _partitions(total - value * count, value - 1):
                out.append(((value - 1, count),) + rest)
    return out


#: SUMS[rank]: for a number card, the rank multisets (two or more cards) adding up to
#: its value; empty for J Q K.
SUMS = tuple(
    tuple(p for p in _partitions(R.rank_value(k), R.rank_value(k) - 1)
          if sum(n for _, n in p) >= 2) if R.rank_value(k) else ()
    for k in range(R.RANKS))


def _choose(m: int, count: int) -> list[int]:
    if count == 1:
        return single_masks(m)
    return [sum(c) for c in combinations(single_masks(m), count)]


def main_captures(rank: int, table: int) -> list[int]:
    """Every pair and every sum a card of ``rank`` can take from ``table``."""
    out = single_masks(table & RANK_MASK[rank])
    low = table & SUM_BELOW[rank]
    if low & (low - 1):  # a sum needs two number cards below the played rank
        out.extend(_sums(rank, low))
    return out


@lru_cache(maxsize=1 << 15)
def _sums(rank: int, low: int) -> tuple[int, ...]:
    """The sums a card of ``rank`` can take from the table cards ``low`` below it."""
    out = []
    for parts in SUMS[rank]:
        options = [0]
        for k, n in parts:
            here = low & RANK_MASK[k]
            if here.bit_count() < n:
                break
            options = [o | c for o in options for c in _choose(here, n)]
        else:
            out.extend(options)
    return tuple(out)


def sequences(rank: int, table: int, full: bool) -> list[int]:
    """Sequence sets continuing upward from ``rank`` (exclusive) on ``table``.

    One card of each consecutive rank; with ``full`` only the longest (every choice
    of suits), otherwise every prefix including the empty one.

    >>> from engine.cards import FRENCH, mask
    >>> t = mask(FRENCH.parse(x) for x in "7H JH JS KH".split())
    >>> len(sequences(5, t, full=True)), len(sequences(5, t, full=False))
    (2, 4)
    """
    levels = []
    k = rank + 1
    while k < R.RANKS:
        here = table & RANK_MASK[k]
        if not here:
            break
        levels.append(here)
        k += 1
    out = [0]
    if full:
        for here in levels:
            if here & (here - 1):
                out = [o | b for o in out for b in single_masks(here)]
            else:
                out = [o | here for o in out]
        return out
    layer = [0]
    for here in levels:
        layer = [o | b for o in layer for b in single_masks(here)]
        out.extend(layer)
    return out


def capture_sets(c: int, table: int, manual: bool) -> list[int]:
    """Every capture (non-empty mask) card ``c`` may make on ``table``."""
    rank = c % R.RANKS
    mains = main_captures(rank, table)
    if not mains or rank == R.KING or not table & RANK_MASK[rank + 1]:
        return mains  # nothing to continue a sequence with
    # Pairs and sums lie at or below ``rank``, sequences above: they never share a card.
    seqs = sequences(rank, table, full=not manual)
    return [m | s for m in mains for s in seqs]


def plays(hand: int, table: int, manual: bool) -> list[int]:
    """Every play of ``hand`` on ``table``, by card: laying it down, then each capture it
    may make (``capture_sets``). A play is one int, ``card | taken << CARD_BITS``
    (``taken``: the mask of the table cards it captures; 0 lays the card down), the
    state's action encoding.

    >>> from engine.cards import FRENCH, mask
    >>> M = lambda s: mask(FRENCH.parse(x) for x in s.split())
    >>> [(FRENCH.text(a & CARD_FIELD), _names(a >> CARD_BITS))
    ...  for a in plays(M("2S 6S"), M("2H 3H 4H"), False)]
    [('2S', ''), ('2S', '2H+3H+4H'), ('6S', ''), ('6S', '2H+4H')]
    """
    out = []
    while hand:
        low = hand & -hand
        hand ^= low
        c = low.bit_length() - 1
        out.append(c)
        r = c % R.RANKS
        if table & RANK_MASK[r] or (x := table & SUM_BELOW[r]) & (x - 1):
            for s in capture_sets(c, table, manual):
                out.append(c | s << CARD_BITS)
    return out


def next_sequence_rank(rank: int, taken: int, table: int) -> int:
    """The rank a sequence could still continue with after ``taken``, or -1.

    ``taken`` is the capture of a card of ``rank``; ``table`` what is left after it.
    """
    k = rank + 1 + (taken & ABOVE[rank]).bit_count()
    return k if k < R.RANKS and table & RANK_MASK[k] else -1


def _names(m: int) -> str:
    """Notation of the cards of ``m``, joined by '+' in notation order: ``2S+4C``."""
    return "+".join(TEXT(x) for x in sorted(cards_of(m), key=sort_key))


def sort_key(c: int) -> tuple[int, int]:
    """Order of cards in the notation: by rank, then suit (H D C S)."""
    return c % R.RANKS, c // R.RANKS


def capture_problem(c: int, taken: int, table: int, manual: bool) -> Refusal | None:
    """Why card ``c`` may not take ``taken`` from ``table`` (None when it may).

    ``taken`` must be non-empty; holding ``c`` is checked by the caller.

    >>> from engine.cards import FRENCH, mask
    >>> P, M = FRENCH.parse, lambda s: mask(FRENCH.parse(x) for x in s.split())
    >>> r = capture_problem(P("6H"), M("2S 3C"), M("2S 3C 4D"), False)
    >>> r.reason
    '2S+3C add up to 5, not 6: a sum takes table cards whose values make exactly the played card'
    >>> r.code, r.params
    ('sum_wrong', {'cards': ['2S', '3C'], 'total': 5, 'card': '6H'})
    """
    if taken >> R.DECK_SIZE:
        return Refusal("outside_deck", {},
                       "that is not a capture: it names cards outside the 40-card deck")
    rank = c % R.RANKS
    name = TEXT(c)
    missing = taken & ~table
    if missing:
        first = _names(missing & -missing)
        return Refusal("not_on_table", {"card": first}, f"{first} is not on the table")
    same = taken & RANK_MASK[rank]
    low = taken & BELOW[rank]
    high = taken & ABOVE[rank]
    if same:
        if same & (same - 1):
            return Refusal("pair_one", {"card": name, "cards": card_texts(same)},
                           f"{name} pairs one table card, not {same.bit_count()} "
                           f"({_names(same)})")
        if low:
            return Refusal("pair_or_sum", {"card": name, "pair": card_texts(same), "cards": card_texts(low)},
                           f"a card pairs once or adds up once, never both: {_names(same)} "
                           f"pairs {name}, so {_names(low)} cannot be added up with it")
    elif low:
        if rank > R.SEVEN:
            return Refusal("face_no_sum", {"card": name, "cards": card_texts(low)},
                           f"{name} has no number value: J, Q and K only pair or take a "
                           f"sequence, they cannot add up {_names(low)}")
        total = sum(CARD_VALUE[x.bit_length() - 1] for x in single_masks(low))
        value = R.rank_value(rank)
        if not low & (low - 1):
            return Refusal("sum_single", {"cards": card_texts(low), "total": total, "card": name},
                           f"{_names(low)} alone is worth {total}, not {value}: a sum takes "
                           f"two or more table cards adding up to {value}")
        if total != value:
            return Refusal("sum_wrong", {"cards": card_texts(low), "total": total, "card": name},
                           f"{_names(low)} add up to {total}, not {value}: a sum takes table "
                           f"cards whose values make exactly the played card")
    elif high:
        return Refusal("sequence_alone", {"card": name, "cards": card_texts(high)},
                       f"a sequence never stands alone: {_names(high)} can only follow a "
                       f"pair or a sum made by {name}")
    k = rank + 1
    rest = high
    while rest:
        here = rest & RANK_MASK[k]
        if not here:
            first = _names(rest & -rest)
            return Refusal("sequence_gap", {"card": name, "rank": R.DECK.ranks[k], "next": first},
                           f"a sequence runs without a gap upward from {name}: the next card "
                           f"must be a {R.DECK.ranks[k]}, so {first} cannot be taken")
        if here & (here - 1):
            return Refusal("sequence_one_each", {"cards": card_texts(here)},
                           f"a sequence takes one card of each rank, not {_names(here)}")
        rest ^= here
        k += 1
    if not manual and k < R.RANKS:
        more = table & ~taken & RANK_MASK[k]
        if more:
            first = _names(more & -more)
            return Refusal("sequence_in_full", {"next": first},
                           f"sequences are taken in full (rule option sequences = auto): "
                           f"{first} continues it")
    return None


def card_texts(m: int) -> list[str]:
    """The card texts of a mask, in notation order."""
    return [TEXT(x) for x in sorted(cards_of(m), key=sort_key)]
