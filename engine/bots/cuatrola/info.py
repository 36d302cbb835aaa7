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
  trick with the engine's legality (``engine.cuatrola.play.legal_mask``);
* ``cante_record``: what was sung after each trick; a deal is consistent only if
  the engine's cante rule (``engine.cuatrola.play.sing``) sings exactly that on
  the hands the deal gives the side then (checked by ``consistent``).

The rule options come from ``view["rules"]`` (public: they are in the match
file and every engine view carries them).
"""

from __future__ import annotations

from ...cards import mask, single_masks
from ...cuatrola import rules as R
from ...cuatrola.play import ABOVE, REY_CABALLO, SUIT_MASK, legal_mask, sing, winning
from ...cuatrola.state import CuatrolaState
from ..common import rules_of

ALL_CARDS = mask(R.CARDS)
BID_INDEX = {name: i for i, name in enumerate(R.BID_NAMES)}
parse_card = R.DECK.parse
view_action = CuatrolaState.parse_action  #: action int of a legal action text


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
        # what each trick's winners sang: (side, its tricks then, suits sung before,
        # {(seat, suit) sung after it}, cards each seat played later) -> checked per deal
        record = []
        sung_before = 0
        side_won = [0, 0]
        for idx, (_, plays, winner) in enumerate(self.tricks):
            side = winner % 2
            side_won[side] += 1
            now = {(s, suit) for (s, suit, _, k) in self.cantes if k == idx}
            later = [self.later_plays(seat, idx) for seat in range(4)]
            record.append((side, side_won[side], sung_before, now, later))
            for _, suit in now:
                sung_before |= 1 << suit
        self.cante_record = record

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
        """Do full hands (4 masks, current) agree with the cantes sung and not sung?"""
        every = self.rules.cantes == "every_trick"
        for side, side_won, sung_before, now, later in self.cante_record:
            then = [hands[seat] | later[seat] for seat in range(4)]
            sung = sing(then, side, side_won, sung_before, self.trump, self.out, self.contract,
                        every)
            if len(sung) != len(now) or any((seat, suit) not in now for seat, suit, _ in sung):
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
        return not (self.unseen & SUIT_MASK[c // 10] & ABOVE[c])

    def suit_played(self, suit: int) -> bool:
        """Was ``suit`` led in a completed trick of this hand?"""
        return any(plays[0][1] // 10 == suit for _, plays, _ in self.tricks)

    def void(self, seat: int, suit: int) -> bool:
        """Is ``seat`` known (from the public record) to hold no card of ``suit``?"""
        return not (SUIT_MASK[suit] & self.unseen & ~self.forbidden[seat]) and \
            not (self.known[seat] & SUIT_MASK[suit])


def _not_held(prefix, seat, c, trump, rules) -> int:
    """Cards ``seat`` cannot have held when it played ``c`` after ``prefix``.

    Every legal set in Cuatrola is "the cards of some set X in the hand, or
    else a wider set"; playing outside X proves the hand held nothing of X.
    """
    led = prefix[0][1] // 10
    ws, wc = winning(prefix, trump)
    out = 0
    # try each candidate "forbidden" set: if adding one card of it to a hand made of
    # just c would make c illegal, the player did not hold that card.
    candidates = SUIT_MASK[led] | SUIT_MASK[trump]
    for x in single_masks(candidates & ~(1 << c)):
        if not legal_mask(rules, (1 << c) | x, prefix, trump, ws, wc, seat) >> c & 1:
            out |= x
    return out
