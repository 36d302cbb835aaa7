"""Helpers for the Cuarenta tests: explicit deals written as card text
(tests/engine/test_cuarenta_helpers.py checks them).

Scenario tests start from explicit deals: ``start(["AH 2H 3H 4H 5H", "6H 7H JH QH KH"])``
deals those 5 cards to seat 0 and seat 1 as the first deal of hand 1; the rest of the
hand's 40 cards are filled in (in card order: no rondas) so that every deal is legal.
"""

from engine import match as M
from engine.cards import FRENCH, cards_of, mask
from engine.cuarenta import new_match, parse_deals
from engine.cuarenta import rules as R
from engine.cuarenta.state import PLAY

from .helpers import act, legal  # noqa: F401  (the Cuarenta tests import them from here)

P = FRENCH.parse


def M_(text: str) -> int:
    """Bitmask of space-separated card texts."""
    return mask(P(t) for t in text.split())


def texts(m: int) -> list[str]:
    return [FRENCH.text(c) for c in cards_of(m)]


def hand_json(first: list, players: int) -> list:
    """One hand for a match file: the given deals (each a list of per-seat card strings,
    or one string per deal with seats separated by '|'), then the remaining cards."""
    deals = []
    used = set()
    for d in first:
        seats = d.split("|") if isinstance(d, str) else d
        assert len(seats) == players, d
        deal = [s.split() for s in seats]
        for cs in deal:
            assert len(cs) == R.HAND_SIZE, cs
            used.update(FRENCH.text(P(c)) for c in cs)
        deals.append(deal)
    rest = [FRENCH.text(c) for c in range(40) if FRENCH.text(c) not in used]
    while len(deals) < R.deals_per_hand(players):
        deal = []
        for _ in range(players):
            deal.append(rest[:R.HAND_SIZE])
            rest = rest[R.HAND_SIZE:]
        deals.append(deal)
    assert not rest
    return deals


def start(*first, players: int = 2, dealer: int | None = None, hands=None, **options):
    """Opening state whose first hand begins with the given deals; seat 0 plays first.

    ``hands`` adds further hands (each a list of deals) after the first.
    """
    dealer = players - 1 if dealer is None else dealer
    data = [hand_json(list(first), players)] + [hand_json(h, players) for h in (hands or [])]
    return new_match(seed="test", options={"players": players, **options},
                     deals=parse_deals(data), first_dealer=dealer)


def match_file(first: list, actions: list, players: int = 2, dealer: int | None = None,
               **options) -> dict:
    m = M.new_match_file("cuarenta", seed="test", options={"players": players, **options})
    m["deals"] = [hand_json(first, players)]
    m["first_dealer"] = players - 1 if dealer is None else dealer
    m["actions"] = list(actions)
    return m


def kinds(state) -> list[str]:
    return [e.kind for e in state.recent]


def setup(state, table: str = "", seat_hand: str | None = None, **fields):
    """A directly constructed position: the table (and the current seat's hand) replaced.

    Used for capture arithmetic, where only the table and one hand matter.
    """
    st = state._replace(table=M_(table), **fields)
    if seat_hand is not None:
        hands = list(st.hands)
        hands[st.turn] = M_(seat_hand)
        st = st._replace(hands=tuple(hands))
    return st


def lay_out(state, until=None):
    """Lay down the lowest card of whoever is to play, until the play phase ends
    (or ``until(state)`` holds). Laying a card down is always legal."""
    hand_no = state.hand_no
    while state.phase == PLAY and state.hand_no == hand_no and not (until and until(state)):
        h = state.hands[state.turn]
        state = state.apply((h & -h).bit_length() - 1)
    return state


def before_last_card(state):
    """Lay cards until only the dealer's last card of the hand is left to play."""
    def last(st):
        return st.deal_no == len(st.deals) - 1 and sum(h.bit_count() for h in st.hands) == 1
    return lay_out(state, until=last)
