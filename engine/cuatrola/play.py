"""Cuatrola's trick rules as pure functions on card ints and bitmasks.

One statement of each rule, used by the state (``engine.cuatrola.state``) and by
the computer players (``engine.bots``): which card beats which, who is winning a
trick, the obligations (what a seat may play), the cantes a side sings after a
trick, who leads first and who plays next when a partner sits out. Only the
exact solver's inner loop (``engine.bots.cuatrola.solver``) restates some of
them for speed, and tests/bots compare it with these.

Cards are ints (``suit * 10 + rank index``); a trick is ``((seat, card), ...)``
in playing order; ``trump`` is a suit. Sources: docs/rules-cuatrola.md.

>>> from engine.cards import SPANISH
>>> P = SPANISH.parse
>>> beats(P("1C"), P("3C"), trump=0), beats(P("10O"), P("1C"), trump=0)
(True, True)
>>> winning(((0, P("3C")), (1, P("1C")), (2, P("10O"))), trump=0) == (2, P("10O"))
True
"""

from __future__ import annotations

from ..cards import DECK_SIZE, RANKS_PER_SUIT, SUITS, card, mask, rank_of, suit_of
from . import rules as R

SEATS = R.SEATS

POINTS = [0] * DECK_SIZE
STRENGTH = list(POINTS)
for _c in R.CARDS:
    POINTS[_c] = R.RANK_POINTS[rank_of(_c)]
    STRENGTH[_c] = R.RANK_STRENGTH[rank_of(_c)]
POINTS = tuple(POINTS)          #: card points of each card (0 for the cards not played)
STRENGTH = tuple(STRENGTH)      #: rank strength within a suit, as 5 .. sota 1
SUIT_MASK = tuple(mask(c for c in R.CARDS if suit_of(c) == s) for s in range(SUITS))
#: the same-suit cards stronger than each card
ABOVE = tuple(mask(d for d in R.CARDS if suit_of(d) == suit_of(c) and STRENGTH[d] > STRENGTH[c])
              if c in R.CARDS else 0 for c in range(DECK_SIZE))
#: the rey and caballo of each suit: the pair of a cante
REY_CABALLO = tuple(mask((card(R.REY, s), card(R.CABALLO, s))) for s in range(SUITS))
#: the caballos; rey = caballo + 1, so ``h & h >> 1 & CABALLO_MASK`` finds a pair in ``h``
CABALLO_MASK = mask(card(R.CABALLO, s) for s in range(SUITS))
#: suits in the order cantes are sung: trump (forty) first, then by suit
CANTE_ORDER = tuple((t,) + tuple(s for s in range(SUITS) if s != t) for t in range(SUITS))


def beats(c: int, best: int, trump: int) -> bool:
    """Does card ``c`` beat ``best`` (the card winning so far)? A higher card of the
    same suit, or a trump on a non-trump (000 'Die höchste Trumpfkarte gewinnt den
    Stich, sonst die höchste Karte der ausgespielten Farbe')."""
    cs, bs = c // RANKS_PER_SUIT, best // RANKS_PER_SUIT
    return (cs == bs and STRENGTH[c] > STRENGTH[best]) or (cs == trump and bs != trump)


#: BEATEN_BY[trump][best]: the mask of the cards that beat ``best`` (``beats``, as a table)
BEATEN_BY = tuple(tuple(mask(c for c in R.CARDS if beats(c, best, t)) if best in R.CARDS else 0
                        for best in range(DECK_SIZE)) for t in range(SUITS))


def winning(trick, trump: int) -> tuple[int, int]:
    """(seat, card) winning the non-empty ``trick`` so far."""
    ws, wc = trick[0]
    for s, c in trick[1:]:
        if beats(c, wc, trump):
            ws, wc = s, c
    return ws, wc


def legal_mask(rules, hand: int, trick, trump: int, win_seat: int, win_card: int,
               seat: int) -> int:
    """The cards of ``hand`` that ``seat`` may play to ``trick`` (the obligations).

    Follow suit; when following, beat the winning card if you can; void in the
    led suit, trump; a trump already in the trick, over-trump if you can. The
    rule options decide the disputed cases (docs/rules-cuatrola.md).
    ``win_seat``/``win_card``: ``winning(trick, trump)`` (unused if the trick is empty).
    """
    if not trick:
        return hand
    led = trick[0][1] // RANKS_PER_SUIT
    partner_winning = (not rules.beat_partner) and (win_seat - seat) % 2 == 0
    follow = hand & SUIT_MASK[led]
    if follow:
        if partner_winning:
            return follow
        if win_card // RANKS_PER_SUIT == led:  # not trumped (or trumps led)
            return (follow & ABOVE[win_card]) or follow
        if rules.beat_led_after_trump:
            top_led = max((c for _, c in trick if c // RANKS_PER_SUIT == led),
                          key=STRENGTH.__getitem__)
            return (follow & ABOVE[top_led]) or follow
        return follow
    trumps = hand & SUIT_MASK[trump]
    if not trumps or partner_winning:
        return hand
    if win_card // RANKS_PER_SUIT == trump:
        over = trumps & ABOVE[win_card]
        if over:
            return over
        return hand if rules.discard_if_cannot_overtrump else trumps
    return trumps


def cante_points(suit: int, trump: int) -> int:
    """Forty in trumps, twenty in another suit (000)."""
    return R.CANTE_TRUMP_POINTS if suit == trump else R.CANTE_POINTS


def sing(hands, side: int, side_tricks: int, sung: int, trump: int, out: int, contract: int,
         every: bool) -> tuple[tuple[int, int, int], ...]:
    """The cantes ``side`` sings having just won a trick: ((seat, suit, points), ...).

    A seat of the side still holding the rey and caballo of a suit not yet sung
    (``sung``: mask of suits) sings it, trump first; the seat sitting out
    (``out``, -1 if none) never does, and there are no cantes in Cuatrola or
    Quintola (003). ``every`` (option ``cantes = every_trick``, 000 'Pro gewonnenem
    Stich kann nur ein cante angesagt werden'): one cante per trick won; otherwise
    (``first_trick``, 003) all of them, when ``side_tricks`` (tricks the side has
    won, this one included) is 1.

    >>> from engine.cards import SPANISH
    >>> h = [mask(SPANISH.parse(t) for t in "12O 11O 12C 11C".split()), 0, 0, 0]
    >>> sing(h, 0, 1, 0, 0, -1, R.PASS, True), sing(h, 0, 1, 0, 0, -1, R.PASS, False)
    (((0, 0, 40),), ((0, 0, 40), (0, 1, 20)))
    """
    if contract >= R.CUATROLA or (not every and side_tricks != 1):
        return ()
    found = []
    for s in CANTE_ORDER[trump]:
        if sung >> s & 1:
            continue
        pair = REY_CABALLO[s]
        for seat in (side, side + 2):
            if seat != out and hands[seat] & pair == pair:
                found.append((seat, s, cante_points(s, trump)))
                if every:
                    return tuple(found)
                break
    return tuple(found)


def next_seat(seat: int, out: int) -> int:
    """The seat that plays after ``seat``, skipping ``out``, the partner sitting out
    (000: the declarer's partner 'legt seine Karten verdeckt ab')."""
    n = (seat + 1) % SEATS
    return (n + 1) % SEATS if n == out else n


def sitting_out(declarer: int) -> int:
    """The declarer's partner, who sits out a contract; -1 in a normal hand."""
    return (declarer + 2) % SEATS if declarer >= 0 else -1


def first_leader(dealer: int, declarer: int) -> int:
    """Who leads the first trick: the mano (the dealer's right-hand neighbour), or
    the next player when the mano is the partner sitting out (docs/rules-cuatrola.md).

    >>> first_leader(0, -1), first_leader(0, 3), first_leader(0, 1)
    (1, 2, 1)
    """
    return next_seat(dealer, sitting_out(declarer))
