"""`expert@v1`: the Cuarenta expert as it was shipped until issue 17, kept unchanged as a
measurement level (``engine.bots.MEASUREMENT_LEVELS``, tools/strength/arena.py). Never offered by the
app (not in ``engine.bots.LEVELS``); tests/bots/test_v1_levels.py pins its choices.

The expert Cuarenta player: sampled deals searched a round ahead.

For each legal play, deals consistent with the view are drawn (the unseen
cards spread over the other hands and the stock; a seat that announced a ronda
this deal held three of a rank, the others did not), and each is searched to
the end of the round: the next players answer in turn (opponents minimizing,
the partner maximizing; each considers its best few plays by a quick score),
and the position is scored as the point difference, plus half a point per
captured card (the cartón), plus the best capture this seat then has. The
play with the best average wins; ties go to the heuristic's choice.

The ronda claim is exact (``cuarenta.info.claim_rank``).

Budget: ``NODE_BUDGET`` simulated plays per decision (no clock in the engine);
tools/bench/bots.py shows the time it takes.
"""

from __future__ import annotations

from ...cuarenta import rules as R
from ...cuarenta.captures import RANK_MASK
from . import heuristic as H
from .info import Info, Sim, claim_rank
from ..common import below

NODE_BUDGET = 24_000
MAX_SAMPLES = 40
MIN_SAMPLES = 4
BRANCH = 3           # plays considered per reply
CARD_VALUE = 0.5     # a captured card, towards the cartón
MAX_REJECTS = 20


def quick(sim: Sim, c: int, taken: int) -> float:
    """Cheap ordering score of a play for the mover."""
    if taken:
        pts, _, _ = sim.gain(c, taken)
        return 10 + 3 * pts + taken.bit_count()
    return -(sim.table & RANK_MASK[c % R.RANKS]).bit_count()


class Search:
    def __init__(self, side: int):
        self.side = side
        self.nodes = 0

    def leaf(self, sim: Sim) -> float:
        me = self.side
        v = (sim.score[me] - sim.score[1 - me]) + CARD_VALUE * (sim.caps[me] - sim.caps[1 - me])
        if sim.hands[sim.turn] and (sim.turn & 1) == me:
            best = 0.0
            for c, t in sim.moves():
                if t:
                    pts, _, _ = sim.gain(c, t)
                    best = max(best, pts + CARD_VALUE * (t.bit_count() + 1))
            v += best
        return v

    def value(self, sim: Sim, plies: int, alpha: float, beta: float) -> float:
        if plies == 0 or not sim.hands[sim.turn]:
            return self.leaf(sim)
        moves = sim.moves()
        moves.sort(key=lambda m: -quick(sim, *m))
        moves = moves[:BRANCH]
        maxi = (sim.turn & 1) == self.side
        best = -1e9 if maxi else 1e9
        for c, t in moves:
            nxt = sim.copy()
            nxt.play(c, t)
            self.nodes += 1
            v = self.value(nxt, plies - 1, alpha, beta)
            if maxi:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def sample_hands(info: Info, rng) -> list[int]:
    """Other seats' hands, consistent with sizes and rondas (stock not needed)."""
    pool = [c for c in range(40) if info.unseen >> c & 1]
    ronda_now = {s for d, s in info.rondas if d == info.deal_no}
    played_now = [0] * info.n
    for d, s, c in info.plays:
        if d == info.deal_no:
            played_now[s] |= 1 << c
    hands = None
    for _ in range(MAX_REJECTS):
        cards = list(pool)
        for i in range(len(cards) - 1, 0, -1):
            j = below(rng, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        hands = [0] * info.n
        hands[info.seat] = info.hand
        k = 0
        for s in range(info.n):
            if s == info.seat:
                continue
            for c in cards[k:k + info.hand_sizes[s]]:
                hands[s] |= 1 << c
            k += info.hand_sizes[s]
        if all(_ronda_ok(hands[s] | played_now[s], s in ronda_now)
               for s in range(info.n) if s != info.seat):
            return hands
    return hands


def _ronda_ok(deal_hand: int, announced: bool) -> bool:
    has = any((deal_hand & RANK_MASK[k]).bit_count() >= 3 for k in range(R.RANKS))
    return has == announced


def play(info: Info, rng, budget: int = NODE_BUDGET, max_samples: int = MAX_SAMPLES,
         acts=None, stats: dict | None = None):
    """(best play text, {play text: average leaf value}) over ``acts`` (default: every
    legal play, ``info.actions()``; the review passes the plays without ``take:``).
    ``stats``, if given, receives the samples drawn and the plays simulated."""
    if acts is None:
        acts = info.actions()
    h_text, _ = H.decide(info)
    plies = info.n  # me, then each other player once, then my best reply (in leaf)
    totals = {t: 0.0 for t, _, _ in acts}
    nodes = n = 0
    while n < max_samples and (nodes < budget or n < MIN_SAMPLES):
        hands = sample_hands(info, rng)
        n += 1
        base = Sim(hands, info.table, info.last, info.score, info.captured, info.seat,
                   info.rules, info.dealer)
        search = Search(info.side)
        for t, c, tk in acts:
            sim = base.copy()
            sim.play(c, tk)
            totals[t] += search.value(sim, plies - 1, -1e9, 1e9)
        nodes += search.nodes + len(acts)
    if stats is not None:
        stats.update(samples=n, nodes=nodes)
    best = max(totals, key=lambda t: (round(totals[t] / n, 6), t == h_text))
    return best, {t: v / n for t, v in totals.items()}


def decide(info: Info, rng) -> str:
    if info.phase == "claim":
        return claim_rank(info)
    if len(info.legal) == 1:
        return info.legal[0]
    takes = [t for t in info.legal if t.startswith("take:")]
    if takes:
        return takes[0]
    return play(info, rng)[0]


def expert(view: dict, rng) -> str:
    """Measurement level "expert@v1" for Cuarenta."""
    return decide(Info.from_view(view), rng)
