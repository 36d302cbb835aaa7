"""What a Cuatrola seat knows, read from its view (and nothing else).

``Info.from_view(view)`` turns the JSON view into bitmasks and the public
inferences every player can make:

* ``known[s]``: cards certainly in seat ``s``'s hand now (own hand; the shown
  trump card while the dealer has not played it; the rey and caballo of a
  cante a seat sang and has not played since);
* ``forbidden[s]``: cards seat ``s`` certainly does not hold now, because an
  earlier play would have been illegal with them (a void revealed by not
  following suit; no higher card when a player did not beat; no trump when a
  player discarded instead of trumping...). The deduction replays each
  trick with the engine's legality (``engine.cuatrola.state.legal_mask``);
* ``cante_checks``: the cantes that were *not* sung although the side won a
  trick; a deal is consistent only if the side could not sing them
  (checked by ``consistent``).

The rule options come from ``view["rules"]`` (public: they are in the match
file and every engine view carries them).
"""

from __future__ import annotations

from ..cuatrola import rules as R
from ..cuatrola.state import REY_CABALLO, STRENGTH, SUIT_MASK
from ..cuatrola.state import legal_mask
from . import rules_of

ALL_CARDS = 0
for _c in R.CARDS:
    ALL_CARDS |= 1 << _c
BID_INDEX = {name: i for i, name in enumerate(R.BID_NAMES)}
parse_card = R.DECK.parse
card_text = R.DECK.text


def popcount(m: int) -> int:
    return bin(m).count("1")


class Info:
    """A seat's knowledge, as bitmasks. Build with ``Info.from_view``."""

    def __init__(self):
        pass

    @classmethod
    def from_view(cls, view: dict) -> "Info":
        self = cls()
        self.view = view
        self.rules = rules_of(view, R.OPTIONS)
        self.seat = seat = view["seat"]
        self.partner = (seat + 2) % 4
        self.phase = view["phase"]
        self.dealer = view["dealer"]
        self.mano = view["mano"]
        self.turn = view["turn"]
        self.hand = 0
        for t in view["hand"]:
            self.hand |= 1 << parse_card(t)
        self.hand_sizes = list(view["hand_sizes"])
        self.trump_card = parse_card(view["trump_card"])
        self.trump = self.trump_card // 10
        self.bids = [(b["seat"], BID_INDEX[b["bid"]]) for b in view["bids"]]
        contract = view.get("contract")
        self.contract = BID_INDEX.get(contract, R.PASS) if contract not in (None, "normal") else R.PASS
        self.declarer = view["declarer"] if view.get("declarer") is not None else -1
        self.out = view["out"] if view.get("out") is not None else -1
        self.trick = tuple((p["seat"], parse_card(p["card"])) for p in view["trick"])
        self.tricks = [(t["leader"], tuple((p["seat"], parse_card(p["card"])) for p in t["cards"]),
                        t["winner"]) for t in view["tricks"]]
        self.won = tuple(view["tricks_won"])
        self.card_points = tuple(view["card_points"])
        self.cantes = [(k["seat"], R.DECK.suits.index(k["suit"]), k["points"], k["after_trick"] - 1)
                       for k in view["cantes"]]
        self.score = tuple(view["score"])
        self.hands_played = view.get("hands_played", 0)
        self.legal = [view_action(a) for a in view["legal"]]
        self.sung = 0
        for _, s, _, _ in self.cantes:
            self.sung |= 1 << s
        self.played_by = [0, 0, 0, 0]
        for _, plays, _ in self.tricks:
            for s, c in plays:
                self.played_by[s] |= 1 << c
        for s, c in self.trick:
            self.played_by[s] |= 1 << c
        self.played = self.played_by[0] | self.played_by[1] | self.played_by[2] | self.played_by[3]
        self.unseen = ALL_CARDS & ~self.hand & ~self.played
        self._deduce()
        return self

    # ----- public deductions ---------------------------------------------
    def _deduce(self) -> None:
        known = [0, 0, 0, 0]
        known[self.seat] = self.hand
        if not self.played >> self.trump_card & 1:
            known[self.dealer] |= 1 << self.trump_card
        for s, suit, _, _ in self.cantes:
            known[s] |= REY_CABALLO[suit] & ~self.played
        forbidden = [0, 0, 0, 0]
        r = self.rules
        for _, plays, _ in self.tricks + [(None, self.trick, None)]:
            for i in range(1, len(plays)):
                seat, c = plays[i]
                prefix = plays[:i]
                forbidden[seat] |= _not_held(prefix, seat, c, self.trump, r)
        for s in range(4):
            if s != self.seat:
                forbidden[s] &= ~known[s]
                forbidden[s] |= known[self.seat] | self.played
                for o in range(4):
                    if o != s:
                        forbidden[s] |= known[o]
        self.known = known
        self.forbidden = forbidden
        # cantes a side could have sung but did not: (side, trick index, suits allowed to be
        # sung at that time) -> checked per sampled deal
        checks = []
        if self.contract < R.CUATROLA:
            every = r.cantes == "every_trick"
            sung_before = 0
            side_won = [0, 0]
            for idx, (_, plays, winner) in enumerate(self.tricks):
                side = winner % 2
                side_won[side] += 1
                now = [(s, suit) for (s, suit, _, k) in self.cantes if k == idx]
                now_mask = 0
                for _, suit in now:
                    now_mask |= 1 << suit
                if idx < R.TRICKS_PER_HAND - 1 and (every or side_won[side] == 1):
                    if every and now:
                        sung_suit = now[0][1]
                        # suits that would have been sung before the one that was
                        higher = [x for x in _cante_order(self.trump) if x != sung_suit]
                        higher = higher[:_cante_order(self.trump).index(sung_suit)]
                        barred = [x for x in higher if not sung_before >> x & 1]
                    elif every:
                        barred = [x for x in range(4) if not sung_before >> x & 1]
                    else:
                        barred = [x for x in range(4)
                                  if not (sung_before | now_mask) >> x & 1]
                    if barred:
                        checks.append((side, idx, tuple(barred)))
                sung_before |= now_mask
        self.cante_checks = checks

    def later_plays(self, seat: int, trick_index: int) -> int:
        """Cards ``seat`` played after trick ``trick_index`` (0-based) was complete."""
        m = 0
        for _, plays, _ in self.tricks[trick_index + 1:]:
            for s, c in plays:
                if s == seat:
                    m |= 1 << c
        for s, c in self.trick:
            if s == seat:
                m |= 1 << c
        return m

    def consistent(self, hands) -> bool:
        """Do full hands (4 masks, current) agree with the cantes not sung?"""
        for side, idx, barred in self.cante_checks:
            for seat in (side, side + 2):
                if seat == self.out:
                    continue
                then = hands[seat] | self.later_plays(seat, idx)
                for suit in barred:
                    if then & REY_CABALLO[suit] == REY_CABALLO[suit]:
                        return False
        return True

    # ----- helpers for the players ----------------------------------------
    @property
    def leading(self) -> bool:
        return not self.trick

    def side(self, seat: int) -> int:
        return seat % 2

    def is_opponent(self, seat: int) -> bool:
        return (seat - self.seat) % 2 == 1

    def active_seats(self) -> list[int]:
        return [s for s in range(4) if s != self.out]

    def trumps_out(self) -> int:
        """Trumps neither played nor in my hand (held by someone else or sitting out)."""
        return SUIT_MASK[self.trump] & self.unseen

    def master(self, c: int) -> bool:
        """Is ``c`` the highest card of its suit still unplayed (besides my own)?"""
        return not (self.unseen & SUIT_MASK[c // 10] & above(c))

    def suit_played(self, suit: int) -> bool:
        """Was ``suit`` led in a completed trick of this hand?"""
        return any(plays[0][1] // 10 == suit for _, plays, _ in self.tricks)

    def void(self, seat: int, suit: int) -> bool:
        """Is ``seat`` known (from the public record) to hold no card of ``suit``?"""
        return not (SUIT_MASK[suit] & self.unseen & ~self.forbidden[seat]) and \
            not (self.known[seat] & SUIT_MASK[suit])

    def leads_by(self, seat: int) -> list[int]:
        """Suits ``seat`` led in completed tricks, in order."""
        return [plays[0][1] // 10 for _, plays, _ in self.tricks if plays[0][0] == seat]


def above(c: int) -> int:
    from ..cuatrola.state import ABOVE
    return ABOVE[c]


def _cante_order(trump: int) -> list[int]:
    return [trump] + [s for s in range(4) if s != trump]


def _not_held(prefix, seat, c, trump, rules) -> int:
    """Cards ``seat`` cannot have held when it played ``c`` after ``prefix``.

    Every legal set in Cuatrola is "the cards of some set X in the hand, or
    else a wider set"; playing outside X proves the hand held nothing of X.
    """
    led = prefix[0][1] // 10
    ws, wc = prefix[0]
    for s, x in prefix[1:]:
        if (x // 10 == wc // 10 and STRENGTH[x] > STRENGTH[wc]) or (
                x // 10 == trump and wc // 10 != trump):
            ws, wc = s, x
    out = 0
    # try each candidate "forbidden" set: if adding one card of it to a hand made of
    # just c would make c illegal, the player did not hold that card.
    candidates = SUIT_MASK[led] | SUIT_MASK[trump]
    m = candidates & ~(1 << c)
    while m:
        low = m & -m
        x = low.bit_length() - 1
        m ^= low
        hand = (1 << c) | (1 << x)
        if not legal_mask(rules, hand, prefix, trump, ws, wc, seat) >> c & 1:
            out |= 1 << x
    return out


def view_action(text: str) -> int:
    """Action int of a legal action text (bids are 100 + bid)."""
    t = text.strip().lower()
    if t in BID_INDEX:
        return 100 + BID_INDEX[t]
    return parse_card(t)
