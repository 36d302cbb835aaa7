"""Inference from play: how well a sampled deal explains what the others did.

Every bid and card of the other seats in this hand is a decision taken with a
hand we do not see. ``PlayModel(info)`` replays each of them with the club
player's rules (``cuatrola.heuristic.decide``) on the hand a sampled deal gives
that seat at that moment: a deal under which the seat would have done what it
did is more likely than one under which it would not. ``likelihood(hands)``
is the product, over those decisions, of 1 (the rules agree) or ``miss`` (they
do not), so it is a soft model: people (and the other levels) do not always
play by the rules, and a wrong guess only lowers a deal's weight.

Everything here comes from the seat's view: the public record of the hand, the
public rules of the club player, and a sampled deal. The seat's own decisions
are not replayed.

The public part of each past position is built once (``Info`` with no hand);
for a sampled deal only the hand-dependent parts are filled in, and results
are memoised by (decision, hand then).
"""

from __future__ import annotations

from ...cards import cards_of
from ...cuatrola import rules as R
from ...cuatrola.play import POINTS, legal_mask, winning
from ...cuatrola.state import BID_ACTION_BASE, CuatrolaState
from . import heuristic as H
from .info import Info

MISS = 0.15        # relative weight of a deal under which a decision breaks the rules
HAND_SIZE = R.TRICKS_PER_HAND


class Decision:
    """One past decision of another seat: the public position and what it did."""

    __slots__ = ("seat", "template", "action", "later", "prefix", "ws", "wc", "bids")

    def __init__(self, seat, template, action, later, prefix=(), ws=-1, wc=-1, bids=None):
        self.seat = seat
        self.template = template
        self.action = action
        self.later = later        # cards the seat played after this decision (mask)
        self.prefix = prefix      # the trick so far (play decisions)
        self.ws, self.wc = ws, wc
        self.bids = bids          # legal bid actions (bid decisions), else None


def _legal_bids(info: Info, bids_before, seat: int) -> list[int]:
    """The bids ``seat`` could make after ``bids_before`` (the engine's rule)."""
    highest = max((b for _, b in bids_before), default=R.PASS)
    rules = info.rules
    top = R.QUINTOLA if rules.quintola else R.CUATROLA
    side_score = info.score[seat % 2] if rules.bid_limits else -1
    out = [R.PASS] + [b for b in range(highest + 1, top + 1)
                      if side_score < 0 or not CuatrolaState._barred(b, side_score)]
    return [BID_ACTION_BASE + b for b in out]


def _template(info: Info, seat: int, nbids: int, ntricks: int, nplays: int, sizes) -> Info:
    """The public Info of ``seat`` after ``nbids`` bids / ``ntricks`` tricks and
    ``nplays`` cards of the next trick (its hand left empty)."""
    v = info.view
    bidding = nbids < len(v["bids"]) or v["phase"] == "bidding"
    tricks = v["tricks"][:ntricks] if not bidding else []
    if bidding:
        trick = []
    elif ntricks < len(v["tricks"]):
        trick = v["tricks"][ntricks]["cards"][:nplays]
    else:
        trick = v["trick"][:nplays]
    won = [0, 0]
    pts = [0, 0]
    for t in tricks:
        side = t["winner"] % 2
        won[side] += 1
        pts[side] += sum(POINTS[R.DECK.parse(p["card"])] for p in t["cards"])
    past = {
        "seat": seat,
        "phase": "bidding" if bidding else "play",
        "dealer": v["dealer"],
        "mano": v["mano"],
        "turn": seat,
        "hand": [],
        "hand_sizes": list(sizes),
        "trump_card": v["trump_card"],
        "bids": v["bids"][:nbids],
        "contract": None if bidding else v["contract"],
        "declarer": None if bidding else v["declarer"],
        "out": None if bidding else v["out"],
        "trick": trick,
        "tricks": tricks,
        "tricks_won": won,
        "card_points": pts,
        "cantes": [] if bidding else [k for k in v["cantes"] if k["after_trick"] <= ntricks],
        "score": v["score"],
        "hands_played": v.get("hands_played", 0),
        "legal": [],
        "rules": v.get("rules"),
    }
    return Info.from_view(past)


class PlayModel:
    """The other seats' decisions of this hand, ready to be checked against deals."""

    def __init__(self, info: Info, miss: float = MISS):
        self.info = info
        self.miss = miss
        self.memo: dict = {}
        self.calls = 0      # club-player decisions replayed (work: expert.DECIDE_WORK)
        me = info.seat
        plays = []          # (trick index, position, seat, card) in order
        for t, (_, ps, _) in enumerate(info.tricks):
            for i, (s, c) in enumerate(ps):
                plays.append((t, i, s, c))
        for i, (s, c) in enumerate(info.trick):
            plays.append((len(info.tricks), i, s, c))
        played_after = [[0] * 4 for _ in range(len(plays) + 1)]
        for k in range(len(plays) - 1, -1, -1):
            row = list(played_after[k + 1])
            row[plays[k][2]] |= 1 << plays[k][3]
            played_after[k] = row
        self.decisions: list[Decision] = []
        all_later = played_after[0]
        for j, (s, b) in enumerate(info.bids):
            if s == me:
                continue
            bids_before = tuple(info.bids[:j])
            tpl = _template(info, s, j, 0, 0, [HAND_SIZE] * 4)
            self.decisions.append(Decision(s, tpl, BID_ACTION_BASE + b, all_later[s],
                                           bids=_legal_bids(info, bids_before, s)))
        for k, (t, i, s, c) in enumerate(plays):
            if s == me:
                continue
            later = played_after[k]   # includes this card
            sizes = [info.hand_sizes[o] + later[o].bit_count() for o in range(4)]
            tpl = _template(info, s, len(info.bids), t, i, sizes)
            prefix = tuple((info.tricks[t][1] if t < len(info.tricks) else info.trick)[:i])
            ws, wc = winning(prefix, info.trump) if prefix else (-1, -1)
            self.decisions.append(Decision(s, tpl, c, later[s], prefix, ws, wc))

    def choice(self, k: int, d: Decision, hand: int) -> int:
        """The club player's action at decision ``k`` holding ``hand``."""
        key = (k, hand)
        a = self.memo.get(key)
        if a is None:
            self.calls += 1
            x = Info.__new__(Info)
            x.__dict__.update(d.template.__dict__)
            x.hand = hand
            x.unseen = d.template.unseen & ~hand
            known = list(d.template.known)
            known[d.seat] = hand
            x.known = known
            x.forbidden = [f | hand if o != d.seat else f for o, f in enumerate(d.template.forbidden)]
            if d.bids is not None:
                x.legal = d.bids
            elif d.prefix:
                x.legal = cards_of(legal_mask(self.info.rules, hand, d.prefix, self.info.trump,
                                              d.ws, d.wc, d.seat))
            else:
                x.legal = cards_of(hand)
            a = self.memo[key] = H.decide(x)[0]
        return a

    def likelihood(self, hands) -> float:
        """Relative weight of a deal (current hands) given the decisions seen."""
        w = 1.0
        for k, d in enumerate(self.decisions):
            if self.choice(k, d, hands[d.seat] | d.later) != d.action:
                w *= self.miss
        return w

    def accept(self, hands, rng_random) -> bool:
        """Rejection test with acceptance probability ``likelihood(hands)``,
        stopping at the first rejection."""
        for k, d in enumerate(self.decisions):
            if self.choice(k, d, hands[d.seat] | d.later) != d.action:
                if rng_random() >= self.miss:
                    return False
        return True
