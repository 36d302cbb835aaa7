"""The expert Cuarenta player: sampled deals searched on ranks, to the end of the deal when
that fits its budget.

For each decision, deals consistent with the view are drawn (``sample_hands``: the unseen
cards spread over the other hands; a seat that announced a ronda this deal held three of
a rank, the others did not) and weighed by how well they explain the other seats' plays
in this deal (``Inference``: a seat that laid a card or took something else when a caída
or a limpia was there for it probably held nothing that makes it; a deal keeps
``MISS ** k`` of its weight for ``k`` such plays, by rejection). Each deal is searched by
``cuarenta.search.RankSearch``: every seat plays its best (partners together) to the end
of the deal when the cards left fit ``EXACT_CARDS``, else ``HORIZON`` plays deep with a
one-play quiescence. The play with the best average value wins; ties go to the heuristic's
choice.

The value of a position for a side (``Evaluation``): its points minus the other side's,
a won game (``TARGET_POINTS`` reached) worth ``WIN_VALUE`` more, and the cartón: exact at
the end of a hand (table cards count for no one; "38 que no juega" by ``worth``), else
its expectation (``carton_expectation``) when the cards still to come (hands, table,
stock, less the cards usually left on the table at the end, ``LEFTOVER``) are split
evenly at random between the sides; at the end of a deal that is not the hand's last,
the table cards go first to the side that plays first in the next deal (the dealer's
side plays last): ``TABLE_EDGE`` of a card each.

The ronda claim is exact (``cuarenta.info.claim_rank``). ``oracle_action`` (measurement
only, ``engine.bots.oracle``) searches the true deal to its end with every card visible.

Budget: ``NODE_BUDGET`` searched positions per decision (no clock in the engine),
between ``MIN_SAMPLES`` and ``MAX_SAMPLES`` deals; tools/bench/bots.py shows the time.
At the table the app may cap a decision's ``Work`` as well (the ``bot`` op's
``budget``, docs/bots.md "In time on a slow phone"): positions searched and deals drawn
(``DRAW_WORK`` positions each, measured); a search that would pass the cap stops there,
and the deals already searched decide (none: the heuristic's choice). Under a cap at
least as large as the work a decision needs, it is the same decision.
"""

from __future__ import annotations

from functools import lru_cache

from ...cuarenta import rules as R
from ...cuarenta.captures import RANK_MASK
from ...cuarenta.records import params_of
from . import heuristic as H
from ..common import Work, below
from .info import PARSE, Info, claim_rank, _cards_mask
from .search import (OutOfBudget, Pos, RankSearch, hand_end, moves, rank_counts,
                               rank_move)

NODE_BUDGET = 40_000    # searched positions per decision
MAX_SAMPLES = 40
MIN_SAMPLES = 6
EXACT_CARDS = 8         # search to the end of the deal from this many cards left
HORIZON = 4             # otherwise this many plays deep (one round of four players)
MISS = 0.1              # weight kept by a deal for each caída / limpia a seat passed up
MAX_TRIES = 10          # deals drawn per sample before taking the likeliest
DRAW_WORK = 23          # a deal drawn, in searched positions of the same time (docs/bots.md)
LEFTOVER = {4: 2.2, 2: 3.4}  # cards left on the table at a hand's end (club players' mean)
CHUNK = 2               # cards a capture takes at a time, for the cartón's expectation
TABLE_EDGE = 0.0        # share of a table card's worth to the next deal's first side
MAX_REJECTS = 20        # draws for a deal with the announced rondas
CARD_VALUE = 0.5        # the review's estimate of a card (engine/review/cuarenta.py)
ORACLE_NODE_LIMIT = 300_000  # the oracle's exact search, before it falls back to
ORACLE_FALLBACK_DEPTH = 8    # this many plays deep


# ----- the value of a position ------------------------------------------------------
@lru_cache(maxsize=None)
def carton_expectation(mine: int, theirs: int, to_come: int, dealer_mine: bool) -> float:
    """Expected cartón points of my side minus the other's when ``to_come`` more cards
    are captured, ``CHUNK`` at a time, each chunk by either side with even chances
    (``rules.carton``). Captures take about two cards at a time: in club players' hands
    the split of the cards still to come varies about twice as much as card by card
    (docs/bots.md)."""
    chunks, odd = divmod(to_come, CHUNK)
    total = 0.0
    for extra in range(odd + 1):       # the odd card: to either side
        p_extra = 0.5 if odd else 1.0
        comb = 1
        for x in range(chunks + 1):
            got = CHUNK * x + extra
            side, pts = R.carton((mine + got, theirs + to_come - got), 0 if dealer_mine else 1)
            total += p_extra * comb * 0.5 ** chunks * (pts if side == 0 else -pts)
            comb = comb * (chunks - x) // (x + 1)
    return total


class Evaluation:
    """``evaluate(pos, side)`` for ``RankSearch``: the cartón part of a position's value
    (points are added by the search)."""

    def __init__(self, params, dealer: int):
        self.params = params
        self.dealer_side = dealer & 1
        self.leftover = LEFTOVER.get(params.players, 2.0)
        self.caida_only = params.caida_only

    def __call__(self, p: Pos, side: int) -> float:
        in_play = p.left
        caps = p.caps
        mine, theirs = caps[side], caps[1 - side]
        dealer_mine = self.dealer_side == side
        if not in_play and p.last_deal:  # the hand is over: the cartón itself
            return hand_end(self.params, self.dealer_side, caps, p.score, side)
        on_table = p.on_table
        to_come = in_play + on_table + p.stock - self.leftover
        to_come = round(to_come) if to_come > 0 else 0
        v = carton_expectation(mine, theirs, to_come, dealer_mine)
        if not in_play and TABLE_EDGE:  # end of a deal: the next deal's first side
            first_side = (self.dealer_side + 1) & 1
            edge = TABLE_EDGE * on_table * (
                carton_expectation(mine + 1, theirs, to_come - 1, dealer_mine)
                - carton_expectation(mine, theirs + 1, to_come - 1, dealer_mine)) / 2
            v += edge if first_side == side else -edge
        if self.caida_only:  # "38 que no juega": no cartón for that side
            score = p.score
            if score[side] == R.THIRTY_EIGHT:
                v = min(v, 0.0)
            if score[1 - side] == R.THIRTY_EIGHT:
                v = max(v, 0.0)
        return v


# ----- inference from play ----------------------------------------------------------
class Inference:
    """The other seats' plays of this deal, with what lay on the table before each: a
    sampled deal that gives a seat a caída or a limpia it did not make explains that
    play badly (``MISS``)."""

    def __init__(self, info: Info):
        self.seat = info.seat
        self.decisions = []  # (seat, table counts, last rank, played card, caída made, limpia made)
        self.played_after = []  # per decision: the seat's cards played from then on (mask)
        table, last, deal = 0, -1, -1
        rows = []
        for e in info.view["hand_events"]:
            k = e["kind"]
            if k == "deal":
                deal, last = e["deal"] - 1, -1
            elif k == "lay":
                c = PARSE(e["card"])
                rows.append((deal, e["seat"], table, last, c, 0))
                table |= 1 << c
                last = c
            elif k == "capture":
                c = PARSE(e["card"])
                taken = _cards_mask("+".join(e["takes"]))
                rows.append((deal, e["seat"], table, last, c, taken))
                table &= ~taken
                last = -1
            elif k == "take":
                table &= ~_cards_mask("+".join(e["cards"]))
        now = info.deal_no
        later = {}
        for deal, seat, tbl, lst, c, taken in reversed(rows):
            if deal != now:
                continue
            later[seat] = later.get(seat, 0) | 1 << c
            if seat == self.seat:
                continue
            caida = lst >= 0 and bool((taken & RANK_MASK[c % R.RANKS]) >> lst & 1)
            limpia = bool(taken) and taken == tbl
            self.decisions.append((seat, rank_counts(tbl), lst % R.RANKS if lst >= 0 else -1,
                                   caida, limpia))
            self.played_after.append(later[seat])
        self.memo: dict = {}
        self.draws = 0      # deals drawn for this decision (the work at the table: DRAW_WORK)

    def misses(self, hands) -> int:
        """How many plays of the others a deal explains badly."""
        k = 0
        for (seat, tbl, lst, caida, limpia), after in zip(self.decisions, self.played_after):
            if caida and limpia:
                continue
            then = hands[seat] | after
            key = (seat, tbl, lst, then)
            miss = self.memo.get(key)
            if miss is None:
                miss = False
                for _, taken, _, c_ in moves(rank_counts(then), tbl, lst):
                    if not taken:
                        break
                    if (c_ and not caida) or (taken == tbl and not limpia and not caida):
                        miss = True
                        break
                self.memo[key] = miss
            k += miss
        return k


def sample_hands(info: Info, rng) -> list[int]:
    """Other seats' hands, consistent with sizes and rondas (v1's draw)."""
    pool = [c for c in range(R.DECK_SIZE) if info.unseen >> c & 1]
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


def draw(info: Info, inference: Inference, rng) -> list[int]:
    """A deal kept with probability ``MISS ** misses`` (rejection); after ``MAX_TRIES``
    refusals the one with the fewest misses."""
    best, best_k = None, None
    for _ in range(MAX_TRIES):
        inference.draws += 1
        hands = sample_hands(info, rng)
        k = inference.misses(hands) if inference.decisions else 0
        if k == 0 or rng.random() < MISS ** k:
            return hands
        if best_k is None or k < best_k:
            best, best_k = hands, k
    return best


# ----- the search ---------------------------------------------------------------------
def position(info: Info, hands) -> Pos:
    """The rank position of the seat's decision in a sampled deal."""
    params = params_of(info.rules)
    last_deal = info.deal_no + 1 == R.deals_per_hand(info.n)
    return Pos([rank_counts(h) for h in hands], rank_counts(info.table),
               info.last % R.RANKS if info.last >= 0 else -1, info.score, info.captured,
               info.seat, params, info.dealer, last_deal, info.to_deal)


def root_move(info: Info, c: int, taken: int) -> tuple:
    """The rank play of a legal play (card, taken mask; card -1: a take)."""
    return rank_move(c, taken, info.last)


def depth_for(cards_left: int) -> int:
    return cards_left if cards_left <= EXACT_CARDS else HORIZON


def play(info: Info, rng, budget: int | None = None, max_samples: int | None = None,
         acts=None, stats: dict | None = None, work: Work | None = None):
    """(best play text, {play text: average value}) over ``acts`` (default: every legal
    play, ``info.actions()``; the review passes the plays without ``take:``; the budget:
    ``NODE_BUDGET`` and ``MAX_SAMPLES`` unless given). Values are
    for the seat's side: its points minus the other's and the cartón (``Evaluation``)
    where the search ends (``position_value`` counts the position now the same way).
    ``stats``, if given, receives the samples drawn and the positions searched; ``work``
    counts them (``DRAW_WORK`` a deal), and its cap ends the search."""
    budget = NODE_BUDGET if budget is None else budget
    max_samples = MAX_SAMPLES if max_samples is None else max_samples
    if acts is None:
        acts = info.actions()
    h_text, _ = H.decide(info)
    root = {t: root_move(info, c, tk) for t, c, tk in acts}
    distinct = list(dict.fromkeys(root.values()))
    evaluation = Evaluation(params_of(info.rules), info.dealer)
    inference = Inference(info)
    cards_left = sum(info.hand_sizes)
    depth = depth_for(cards_left)
    totals = dict.fromkeys(distinct, 0.0)
    nodes = n = 0
    base = work.used if work is not None else 0
    while n < max_samples and (nodes < budget or n < MIN_SAMPLES):
        hands = draw(info, inference, rng)
        limit = None
        if work is not None:
            work.used = base + nodes + DRAW_WORK * inference.draws
            limit = work.left()
            if limit is not None and limit <= len(distinct):
                break
        search = RankSearch(position(info, hands), evaluation,
                            None if limit is None else limit - len(distinct))
        try:
            vals = search.values(distinct, depth)
        except OutOfBudget:
            work.used += search.nodes
            break
        n += 1
        for m, v in vals.items():
            totals[m] += v
        nodes += search.nodes + len(distinct)
        if work is not None:
            work.used += search.nodes + len(distinct)
    if stats is not None:
        stats.update(samples=n, nodes=nodes)
    if n == 0:   # the cap came before the first deal was searched: the heuristic's play
        return h_text, {}
    values = {t: totals[root[t]] / n for t in root}
    best = max(values, key=lambda t: (round(values[t], 6), t == h_text))
    return best, values


def position_value(info: Info) -> float:
    """The expert's count of the position now, for the seat's side: points and the
    cartón expectation (``Evaluation`` before any search), the zero from which the
    review reads what each play gains."""
    ev = Evaluation(params_of(info.rules), info.dealer)
    side = info.side
    to_come = max(0, round(sum(info.hand_sizes) + info.table.bit_count() + info.to_deal
                           - ev.leftover))
    return info.score[side] - info.score[1 - side] + carton_expectation(
        info.captured[side], info.captured[1 - side], to_come, ev.dealer_side == side)


def decide(info: Info, rng, work: Work | None = None) -> str:
    if info.phase == "claim":
        return claim_rank(info)
    if len(info.legal) == 1:
        return info.legal[0]
    takes = [t for t in info.legal if t.startswith("take:")]
    if takes:
        return takes[0]
    return play(info, rng, work=work)[0]


def expert(view: dict, rng, work: Work | None = None) -> str:
    """Computer level "expert" for Cuarenta (``work``: counted, and capped: ``Work``)."""
    return decide(Info.from_view(view), rng, work)


def oracle_action(state, seat: int, rng) -> str:
    """The all-seeing player (measurement only): the true deal searched to its end with
    every card visible (``RankSearch.best``), or ``ORACLE_FALLBACK_DEPTH`` plays deep when
    that takes more than ``ORACLE_NODE_LIMIT`` positions (a deal's first plays)."""
    info = Info.from_view(state.view(seat))
    if info.phase == "claim" or len(info.legal) == 1 or any(
            t.startswith("take:") for t in info.legal):
        return decide(info, rng)
    h_text, _ = H.decide(info)
    root = {t: root_move(info, c, tk) for t, c, tk in info.actions()}
    order = [root[h_text]] + [m for m in dict.fromkeys(root.values()) if m != root[h_text]]
    pos = position(info, state.hands)
    evaluation = Evaluation(state.params, info.dealer)
    try:
        m, _ = RankSearch(pos, evaluation, ORACLE_NODE_LIMIT).best(order, pos.left)
    except OutOfBudget:  # the first plays of a deal: two rounds deep
        m, _ = RankSearch(pos, evaluation).best(order, ORACLE_FALLBACK_DEPTH)
    return h_text if m == root[h_text] else next(t for t in root if root[t] == m)
