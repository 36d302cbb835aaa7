"""What a Cuarenta seat knows (from its view), and a compact simulator of the play.

``Info.from_view(view)``: own hand, table, the card just laid (caída target),
score, captured counts, the cards seen this hand (every lay and capture is
public), per-rank counts of cards gone, rondas announced, and the legal
actions as (card, taken) pairs, and the rule options (``view["rules"]``).

``Sim``: the play of one deal on bitmasks (hands, table, last laid card,
score, captured counts) with the engine's plays (``engine.cuarenta.captures.plays``)
and scoring (caída, limpia, todo dos, and ``engine.cuarenta.records.worth`` for
38 que no juega) - tests/bots compare it with the engine.
"""

from __future__ import annotations

from ...cuarenta import rules as R
from ...cards import DECK_SIZE
from ...cuarenta.captures import CARD_BITS, CARD_FIELD, RANK_MASK, plays
from ...cuarenta.records import CAIDA, LIMPIA, params_of, worth
from ..common import rules_of

TEXT = R.DECK.text
PARSE = R.DECK.parse
FULL = (1 << DECK_SIZE) - 1
CLAIM, NOCLAIM = "claim", "noclaim"
ARENA_HANDS_PER_MATCH = 4  # rough hands per game to 40, to size arena runs


def parse_play(text: str) -> tuple[int, int]:
    """(card, taken mask) of a play text such as ``6H:2S+4C>7D+JC`` (-1 for take:...)."""
    head, colon, rest = text.partition(":")
    if head.lower() == "take":
        return -1, _cards_mask(rest.replace(">", "+"))
    c = PARSE(head)
    if not colon:
        return c, 0
    return c, _cards_mask(rest.replace(">", "+"))


def _cards_mask(s: str) -> int:
    m = 0
    for t in s.split("+"):
        if t.strip():
            m |= 1 << PARSE(t)
    return m


def rank(c: int) -> int:
    return c % R.RANKS


class Info:
    @classmethod
    def from_view(cls, view: dict) -> "Info":
        self = cls()
        self.view = view
        self.rules = rules_of(view, R.OPTIONS)
        self.n = view["players"]
        self.seat = view["seat"]
        self.side = self.seat % 2
        self.phase = view["phase"]
        self.dealer = view["dealer"]
        self.hand = _cards_mask("+".join(view["hand"]))
        self.table = _cards_mask("+".join(view["table"]))
        self.last = PARSE(view["last_played"]) if view.get("last_played") else -1
        self.score = tuple(view["score"])
        self.captured = tuple(view["captured"])
        self.hand_sizes = list(view["hand_sizes"])
        self.to_deal = view["cards_to_deal"]
        self.deal_no = view["deal_no"] - 1
        self.legal = list(view["legal"])
        self.claim = view.get("claim")
        # cards seen this hand, and who played what in which deal
        seen = 0
        plays = []  # (deal, seat, card)
        deal = -1
        for e in view["hand_events"]:
            k = e["kind"]
            if k == "deal":
                deal = e["deal"] - 1
            elif k == "lay":
                c = PARSE(e["card"])
                seen |= 1 << c
                plays.append((deal, e["seat"], c))
            elif k == "capture":
                c = PARSE(e["card"])
                seen |= 1 << c
                seen |= _cards_mask("+".join(e["takes"]))
                plays.append((deal, e["seat"], c))
            elif k == "take":
                seen |= _cards_mask("+".join(e["cards"]))
        self.seen = seen | self.table
        self.plays = plays
        self.unseen = FULL & ~self.seen & ~self.hand
        self.rondas = [(r["deal"] - 1, r["seat"]) for r in view.get("rondas", ())]
        return self

    def gone(self, r: int) -> int:
        """Cards of rank ``r`` no other player can still hold (seen or mine)."""
        return 4 - (self.unseen & RANK_MASK[r]).bit_count()

    def unseen_of(self, r: int) -> int:
        return (self.unseen & RANK_MASK[r]).bit_count()

    def actions(self) -> list[tuple[str, int, int]]:
        """Legal plays as (text, card, taken)."""
        out = []
        for t in self.legal:
            if t.startswith(("claim", "noclaim")):
                continue
            c, taken = parse_play(t)
            out.append((t, c, taken))
        return out


# ----- the simulator ------------------------------------------------------------
class Sim:
    """One deal's play on bitmasks; scoring mirrors CuarentaState (caída, limpia, 38)."""

    __slots__ = ("hands", "table", "last", "score", "caps", "turn", "n", "params", "dealer")

    def __init__(self, hands, table, last, score, caps, turn, rules, dealer):
        self.hands = list(hands)
        self.table = table
        self.last = last
        self.score = list(score)
        self.caps = list(caps)
        self.turn = turn
        self.params = params_of(rules)
        self.n = self.params.players
        self.dealer = dealer

    def copy(self) -> "Sim":
        s = object.__new__(Sim)
        for k in Sim.__slots__:
            setattr(s, k, getattr(self, k))
        s.hands = list(self.hands)
        s.score = list(self.score)
        s.caps = list(self.caps)
        return s

    def moves(self, full: bool = False) -> list[tuple[int, int]]:
        """(card, taken) plays of the seat to move (taken 0: lay the card); with
        ``sequences = manual`` the short sequences only if ``full``."""
        return [(a & CARD_FIELD, a >> CARD_BITS)
                for a in plays(self.hands[self.turn], self.table, self.params.manual and full)]

    def gain(self, c: int, taken: int) -> tuple[int, bool, bool]:
        """(points, caída, limpia) the play would score now."""
        if not taken:
            return 0, False, False
        side = self.turn & 1
        before = self.score[side]
        caida = self.last >= 0 and bool((taken & RANK_MASK[c % R.RANKS]) >> self.last & 1)
        limpia = not (self.table & ~taken)
        pts = 0
        if caida:
            pts += worth(self.params, CAIDA, R.CAIDA_POINTS, before)[0]
        if limpia:
            if caida and self.params.todo_dos:
                pts += R.TODO_DOS_POINTS - R.CAIDA_POINTS
            else:
                pts += worth(self.params, LIMPIA, R.LIMPIA_POINTS, before)[0]
        return pts, caida, limpia

    def play(self, c: int, taken: int) -> int:
        """Play in place; the points scored (for the mover's side)."""
        seat = self.turn
        side = seat & 1
        self.hands[seat] &= ~(1 << c)
        if taken:
            pts, _, _ = self.gain(c, taken)
            self.table &= ~taken
            self.caps[side] += taken.bit_count() + 1
            self.score[side] += pts
            self.last = -1
        else:
            pts = 0
            self.table |= 1 << c
            self.last = c
        self.turn = (seat + 1) % self.n
        return pts


def sim_of(info: Info) -> Sim:
    """The Sim of the seat's position, with only its own hand known."""
    hands = [0] * info.n
    hands[info.seat] = info.hand
    return Sim(hands, info.table, info.last, info.score, info.captured, info.seat, info.rules,
               info.dealer)


def hand_margins(state, start: int) -> list[tuple[float, float, float]]:
    """Arena: per finished hand, (points margin, points margin, side 0 won the hand)."""
    out = []
    for rec in state.history[start:]:
        d = rec.points[0] - rec.points[1]
        out.append((d, d, 1.0 if d > 0 else 0.5 if d == 0 else 0.0))
    return out


def claim_rank(info: Info) -> str:
    """The ronda claim: the rank the holder played three times in that deal (every
    lay and capture is public), if the claimer fell on one of them; else noclaim."""
    c = info.claim
    if not c:
        return NOCLAIM
    holder, deal = c["against"], c["deal"] - 1
    fell = {rank(PARSE(t)) for t in c["caida_cards"]}
    counts = {}
    for d, s, card in info.plays:
        if d == deal and s == holder:
            counts[rank(card)] = counts.get(rank(card), 0) + 1
    for r, k in counts.items():
        if k >= 3 and r in fell:
            return f"claim:{R.DECK.ranks[r]}"
    return NOCLAIM
