"""Cards as small ints and the text notation of both decks.

A card is ``suit * RANKS_PER_SUIT + rank_index``: 40 ints, 0..39, in two
isomorphic 40-card decks. The Spanish deck (Cuatrola uses its 20 counting
cards) writes rank then suit: ``1O`` (as de oros), ``12B`` (rey de bastos).
The French 40-card deck of Cuarenta writes ``7H``, ``QS``.

>>> SPANISH.parse("10e")
27
>>> SPANISH.text(SPANISH.parse("10e"))
'10E'
>>> FRENCH.text(FRENCH.parse("qs"))
'QS'
"""

from __future__ import annotations

from .errors import CardError

RANKS_PER_SUIT = 10
SUITS = 4
DECK_SIZE = RANKS_PER_SUIT * SUITS


def card(rank_index: int, suit: int) -> int:
    """The card int of a rank index (0..9) and a suit (0..3)."""
    return suit * RANKS_PER_SUIT + rank_index


def suit_of(c: int) -> int:
    """The suit (0..3) of a card int."""
    return c // RANKS_PER_SUIT


def rank_of(c: int) -> int:
    """The rank index (0..9) of a card int."""
    return c % RANKS_PER_SUIT


class Deck:
    """A 40-card deck: rank and suit symbols, names, text notation."""

    __slots__ = ("name", "ranks", "suits", "rank_names", "suit_names", "_by_text")

    def __init__(self, name: str, ranks: tuple[str, ...], suits: tuple[str, ...],
                 rank_names: tuple[str, ...], suit_names: tuple[str, ...]):
        assert len(ranks) == RANKS_PER_SUIT and len(suits) == SUITS
        self.name = name
        self.ranks = ranks
        self.suits = suits
        self.rank_names = rank_names
        self.suit_names = suit_names
        self._by_text = {r + s: card(ri, si)
                         for si, s in enumerate(suits) for ri, r in enumerate(ranks)}

    def parse(self, text: str) -> int:
        """Card int of ``text`` (case-insensitive, surrounding spaces ignored)."""
        if not isinstance(text, str):
            raise CardError(f"a card must be text like {self.example()!r}, not {text!r}")
        c = self._by_text.get(text.strip().upper())
        if c is None:
            raise CardError(f"{text!r} is not a card of the {self.name} deck "
                            f"(rank {'/'.join(self.ranks)} then suit {'/'.join(self.suits)}, "
                            f"e.g. {self.example()!r})")
        return c

    def text(self, c: int) -> str:
        """Canonical text of a card int."""
        return self.ranks[rank_of(c)] + self.suits[suit_of(c)]

    def name_of(self, c: int) -> str:
        """Long name, e.g. ``'rey de bastos'``."""
        return f"{self.rank_names[rank_of(c)]} de {self.suit_names[suit_of(c)]}"

    def example(self) -> str:
        return self.text(card(RANKS_PER_SUIT - 1, SUITS - 1))

    def parse_many(self, texts) -> tuple[int, ...]:
        """Parse a list of card texts, rejecting duplicates."""
        if not isinstance(texts, (list, tuple)):
            raise CardError(f"expected a list of cards, got {type(texts).__name__}")
        cards = tuple(self.parse(t) for t in texts)
        if len(set(cards)) != len(cards):
            dup = next(t for i, t in enumerate(texts) if cards[i] in cards[:i])
            raise CardError(f"card {dup!r} appears twice")
        return cards

    def __repr__(self) -> str:
        return f"Deck({self.name!r})"


SPANISH = Deck(
    "Spanish",
    ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12"),
    ("O", "C", "E", "B"),
    ("as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey"),
    ("oros", "copas", "espadas", "bastos"),
)

FRENCH = Deck(
    "French 40-card",
    ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
    ("H", "D", "C", "S"),
    ("ace", "two", "three", "four", "five", "six", "seven", "jack", "queen", "king"),
    ("hearts", "diamonds", "clubs", "spades"),
)


def mask(cards) -> int:
    """Bitmask of an iterable of card ints."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(m: int) -> tuple[int, ...]:
    """Card ints of a bitmask, ascending (``single_masks`` gives one-card masks).

    >>> cards_of(mask([3, 0, 39]))
    (0, 3, 39)
    """
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return tuple(out)


def single_masks(m: int) -> list[int]:
    """One-card masks of a bitmask, lowest first (``cards_of`` gives card ints).

    >>> single_masks(mask([1, 3]))
    [2, 8]
    """
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out
