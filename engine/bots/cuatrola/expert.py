"""The expert Cuatrola player: sampled determinizations solved exactly.

Card play (perfect-information Monte Carlo): draw deals consistent with the
view (``sample``), solve each with the alpha-beta solver
(``solver``) for every legal card, and play the card with the best
average utility. The utility of a final point margin ``m`` (of my side) is
``m + WIN_BONUS * hand_value * sign(m)``: points count, winning the hand
counts more. Samples are weighted by how well they explain the discards seen
so far (a player who throws away the cheapest card of a suit, as the seed's
signalling tip describes, seldom holds its as or tres). Ties go to the
heuristic's choice.

Bidding: for each legal bid, the same sampled deals are played out by the
solver as Solo / Cuatrola / Quintola with this seat as declarer, and as a
normal hand; each bid gets its success rate and the bid with the best
expected match utility (``heuristic.match_utility``) is made. The
solver's defenders see every card; defenders at a real table do not and give
away points: a Solo (or a normal hand) counts as won in a sample when its
double-dummy margin is above ``-SOLO_SLACK`` (``-NORMAL_SLACK``), set from the
points measured between double-dummy and real play (docs/bots.md). Each such test
is a null-window search, several times cheaper than the exact margin.

A good partner: when the partner is winning the trick and the rules allow a
card that does not overtake him, only such cards are considered.

Budget: no clock in the engine. The search stops after ``NODE_BUDGET``
solver nodes (checked between samples, so one sample may overrun by its
size) or ``MAX_SAMPLES`` samples; tools/bench/bots.py shows the time this
takes in CPython and Pyodide (docs/bots.md). At the table the app may cap a
decision's ``Work`` as well (the ``bot`` op's ``budget``: what the phone does in
its time bound, docs/bots.md "In time on a slow phone"): positions searched,
and the deals drawn and the play model's decisions at their cost in positions
(``DRAW_WORK``, ``DECIDE_WORK``, measured); a search that would pass the cap
stops there, and the samples already solved decide (none: the heuristic's
choice). Under a cap at least as large as the work a decision needs, it is the
same decision.
"""

from __future__ import annotations

from ...cuatrola import rules as R
from ...cuatrola.play import POINTS, beats, first_leader, winning
from ...cuatrola.state import BID_ACTION_BASE, BIDDING, CuatrolaState
from . import heuristic as H
from .info import Info
from .model import PlayModel
from .sample import Sampler
from .solver import INF, Pos, Solver
from ..common import OutOfWork, Work

NODE_BUDGET = 60_000
MAX_SAMPLES = 48
MIN_SAMPLES = 4
BID_NODE_BUDGET = 90_000
BID_MAX_SAMPLES = 32
WIN_BONUS = 30
SOLO_SLACK = 10         # half of what a Solo declarer gains in real play over double-dummy defence
NORMAL_SLACK = 6        # the same for a normal hand (the expert's side against club players)
OPPONENT_SOLO_P = 0.65  # assumed success of an opponent's bid we let stand
DISCARD_WEIGHT = 0.35   # weight of a deal where a discarder kept as/tres of the suit
INFERENCE = True        # weigh deals by how well they explain the others' decisions
MAX_TRIES = 12          # deals drawn per sample before taking the likeliest
DRAW_WORK = 17          # a deal drawn, in solver positions of the same time (docs/bots.md)
DECIDE_WORK = 15        # a club-player decision replayed by the play model, the same


def current_margin(info: Info) -> int:
    """Points of my side minus theirs so far (cards and cantes)."""
    me = info.seat % 2
    m = info.card_points[me] - info.card_points[1 - me]
    for s, _, pts, _ in info.cantes:
        m += pts if s % 2 == me else -pts
    return m


def hand_value(contract: int) -> int:
    return R.BID_VALUE.get(contract, R.NORMAL_HAND_VALUE)


def hand_utility(margin: int, value: int) -> float:
    """Utility of a final point margin of my side in a normal hand or Solo."""
    return margin + WIN_BONUS * value * ((margin > 0) - (margin < 0))


def non_overtaking(info: Info, cards: list[int]) -> list[int]:
    """The cards that leave the partner's winning card winning (all if none)."""
    if not info.trick:
        return cards
    ws, wc = winning(info.trick, info.trump)
    if ws != info.partner:
        return cards
    keep = [c for c in cards if not beats(c, wc, info.trump)]
    return keep or cards


def discard_signals(info: Info) -> list[tuple[int, int]]:
    """(seat, suit): the seat discarded a cheap card of the suit on a trick it
    did not follow: as the seed's tip reads, it has nothing there."""
    out = []
    for _, plays, _ in info.tricks + [(None, info.trick, None)]:
        if not plays:
            continue
        led = plays[0][1] // 10
        for s, c in plays[1:]:
            if c // 10 not in (led, info.trump) and POINTS[c] <= 3 and s != info.seat:
                out.append((s, c // 10))
    return out


def sample_weight(signals, hands) -> float:
    w = 1.0
    for s, suit in signals:
        if hands[s] & ((1 << (suit * 10 + R.AS)) | (1 << (suit * 10 + R.TRES))):
            w *= DISCARD_WEIGHT
    return w


def draw(sampler: Sampler, model, rng):
    """(hands, weight): a deal drawn from the sampler and kept with probability
    its likelihood under the play model (rejection sampling, so kept deals
    weigh 1); after ``MAX_TRIES`` refusals the likeliest deal drawn, with its
    likelihood as its weight."""
    hands = sampler.sample(rng)
    if model is None or not model.decisions:
        return hands, 1.0
    best, best_w = hands, -1.0
    for _ in range(MAX_TRIES):
        if model.accept(hands, rng.random):
            return hands, 1.0
        w = model.likelihood(hands)
        if w > best_w:
            best, best_w = hands, w
        hands = sampler.sample(rng)
    return best, best_w


def pos_for(info: Info, hands) -> Pos:
    return Pos(hands, info.trump, info.turn, info.trick, len(info.tricks), info.won, info.sung,
               info.contract, info.declarer, info.rules)


def sampling_work(sampler: Sampler, model) -> int:
    """The work of drawing deals so far (``Work``): draws and replayed decisions."""
    return DRAW_WORK * sampler.draws + (DECIDE_WORK * model.calls if model is not None else 0)


def solved_samples(info: Info, rng, moves, budget: int, max_samples: int,
                   work: Work | None = None):
    """Yield ``(weight, {card: exact value}, nodes so far)`` for deals drawn consistent with
    the view (inference and discard weights included), each solved for ``moves`` (values from
    side 0's point of view, ``Solver.values``), until ``budget`` nodes (at least
    ``MIN_SAMPLES`` deals) or ``max_samples`` deals: the expert's card-play loop, shared
    with the review's evaluation (``engine.review``). ``work`` counts what it does, and
    its cap ends the loop (a deal whose search would pass it is left out)."""
    sampler = Sampler(info)
    model = PlayModel(info) if INFERENCE else None
    signals = discard_signals(info)
    base = work.used if work is not None else 0
    nodes = 0
    n = 0
    while n < max_samples and (nodes < budget or n < MIN_SAMPLES):
        hands, w = draw(sampler, model, rng)
        n += 1
        w *= sample_weight(signals, hands)
        limit = None
        if work is not None:
            work.used = base + nodes + sampling_work(sampler, model)
            limit = work.left()
            if limit is not None and limit <= 0:
                return
        solver = Solver(pos_for(info, hands), limit)
        try:
            vals = solver.values(moves)
        except OutOfWork:
            work.used += solver.nodes
            return
        nodes += solver.nodes
        if work is not None:
            work.used += solver.nodes
        yield w, vals, nodes


def play(info: Info, rng, budget: int | None = None, max_samples: int | None = None,
         work: Work | None = None):
    """(card, scores) of the expert's card play (budget: ``NODE_BUDGET``,
    ``MAX_SAMPLES`` unless given; ``work``: counted, and capped by its cap)."""
    budget = NODE_BUDGET if budget is None else budget
    max_samples = MAX_SAMPLES if max_samples is None else max_samples
    legal = [a for a in info.legal if a < 40]
    moves = non_overtaking(info, legal)
    h_card, _ = H.decide(info)
    if len(moves) == 1:
        return moves[0], {}
    me = info.seat % 2
    margin0 = current_margin(info)
    value = hand_value(info.contract)
    tricks_mode = info.contract >= R.CUATROLA
    totals = {c: 0.0 for c in moves}
    wsum = 0.0
    for w, vals, _ in solved_samples(info, rng, moves, budget, max_samples, work):
        for c, v in vals.items():
            mine = v if me == 0 else -v
            totals[c] += w * (mine if tricks_mode else hand_utility(margin0 + mine, value))
        wsum += w
    if wsum <= 0:   # the cap came before the first deal was solved: the heuristic's card
        return max(moves, key=lambda c: (c == h_card, -c)), {}
    scores = {c: totals[c] / wsum for c in moves}
    best = max(moves, key=lambda c: (scores[c], c == h_card, -c))
    return best, scores


# ----- bidding ----------------------------------------------------------------
def contract_pos(info: Info, hands, contract: int, declarer: int | None = None) -> Pos:
    """The play of a whole hand from its first lead, with this seat (or ``declarer``) as
    declarer of ``contract`` (PASS: a normal hand)."""
    if contract == R.PASS:
        declarer = -1
    elif declarer is None:
        declarer = info.seat
    return Pos(hands, info.trump, first_leader(info.dealer, declarer), (), 0, (0, 0), 0,
               contract, declarer, info.rules)


def contract_success(info: Info, hands, contract: int, declarer: int | None = None,
                     limit: int | None = None) -> tuple[float, int]:
    """(1.0 if my side wins ``contract`` in this deal, else 0.0; nodes searched).

    ``contract`` PASS is a normal hand; the declarer is this seat unless ``declarer``
    names another (the review values a contract bid before this seat's turn).
    Cuatrola/Quintola: the exact trick fight. Normal hand: my side's double-dummy
    margin is above ``-NORMAL_SLACK``; Solo: the declarer's side's margin is above
    ``-SOLO_SLACK`` (one null-window search). ``limit``: ``Solver``'s (``OutOfWork``).
    """
    me = info.seat % 2
    solver = Solver(contract_pos(info, hands, contract, declarer), limit)
    if contract >= R.CUATROLA:
        v = solver.value(-1, 1)
        return (1.0 if (v > 0) == (me == 0) else 0.0), solver.nodes
    slack = SOLO_SLACK if contract == R.SOLO else NORMAL_SLACK
    # the slack favours the declarer's side in a Solo and my side in a normal hand
    fav = (info.seat if declarer is None or contract == R.PASS else declarer) % 2
    # side 0's margin v; the favoured side's is v (side 0) or -v (side 1); it wins
    # when that is above -slack
    bound = -slack if fav == 0 else slack - 1
    v = solver.value(bound, bound + 1)
    fav_won = v > bound if fav == 0 else v <= bound
    return (1.0 if fav_won == (fav == me) else 0.0), solver.nodes


def plausible(info: Info, contract: int) -> bool:
    """Skip simulating hopeless contracts (saves the budget for the others)."""
    n, top, aces = H.trump_strength(info)
    if contract == R.SOLO:
        return n >= 2 and n + top + aces >= 4
    return n >= 3 and top >= 1 and n + top + aces >= 5


def bid(info: Info, rng, budget: int | None = None, max_samples: int | None = None,
        work: Work | None = None):
    """(bid action, estimates) of the expert (budget: ``BID_NODE_BUDGET``,
    ``BID_MAX_SAMPLES`` unless given; ``work``: counted, and capped by its cap: a deal
    not solved for every bid within it is left out)."""
    budget = BID_NODE_BUDGET if budget is None else budget
    max_samples = BID_MAX_SAMPLES if max_samples is None else max_samples
    legal = [a - BID_ACTION_BASE for a in info.legal]
    if any(s == info.partner and b > R.PASS for s, b in info.bids):
        return BID_ACTION_BASE + R.PASS, {}
    highest = max((b for _, b in info.bids), default=R.PASS)
    gamble_only = H.match_utility(info, 1, 0) == H.match_utility(info, 0, 1) and \
        H.match_utility(info, 0, 1) < 0
    cands = [b for b in legal if b != R.PASS and (plausible(info, b) or gamble_only)]
    if not cands:
        return BID_ACTION_BASE + R.PASS, {}
    sampler = Sampler(info)
    model = PlayModel(info) if INFERENCE else None
    wins = {b: 0.0 for b in cands}
    normal = 0.0
    need_normal = highest == R.PASS
    n = nodes = 0
    wsum = 0.0
    base = work.used if work is not None else 0
    while n < max_samples and (nodes < budget or n < MIN_SAMPLES):
        hands, w = draw(sampler, model, rng)
        n += 1
        if work is not None:
            work.used = base + nodes + sampling_work(sampler, model)
        try:
            got = {}
            for b in cands + ([R.PASS] if need_normal else []):
                limit = work.left() if work is not None else None
                if limit is not None and limit <= 0:
                    raise OutOfWork
                got[b], k = contract_success(info, hands, b, limit=limit)
                nodes += k
                if work is not None:
                    work.used += k
        except OutOfWork:   # (the search that stopped visited the rest of the cap)
            work.used = max(work.used, work.cap)
            break
        wsum += w
        for b in cands:
            wins[b] += w * got[b]
        if need_normal:
            normal += w * got[R.PASS]
    if wsum <= 0:   # the cap came before the first deal was solved: the heuristic's bid
        return H.decide(info)[0], {}
    est = {}
    if need_normal:
        p = normal / wsum
        ev_pass = p * H.match_utility(info, 1, 0) + (1 - p) * H.match_utility(info, 0, 1)
    else:
        v = R.BID_VALUE[highest]
        p = OPPONENT_SOLO_P
        ev_pass = (1 - p) * H.match_utility(info, v, 0) + p * H.match_utility(info, 0, v)
    est["pass"] = round(ev_pass, 3)
    best, best_ev = R.PASS, ev_pass
    for b in cands:
        p = wins[b] / wsum
        v = R.BID_VALUE[b]
        ev = p * H.match_utility(info, v, 0) + (1 - p) * H.match_utility(info, 0, v)
        est[R.BID_NAMES[b]] = round(ev, 3)
        if ev > best_ev + 1e-9:
            best, best_ev = b, ev
    return BID_ACTION_BASE + best, est


def decide(info: Info, rng, work: Work | None = None) -> int:
    if len(info.legal) == 1:
        return info.legal[0]
    if info.phase == "bidding":
        return bid(info, rng, work=work)[0]
    return play(info, rng, work=work)[0]


def expert(view: dict, rng, work: Work | None = None) -> str:
    """Computer level "expert" for Cuatrola (``work``: counted, and capped: ``Work``)."""
    return CuatrolaState.action_text(decide(Info.from_view(view), rng, work))


# ----- the oracle (measurement only) ----------------------------------------------
def oracle_action(state, seat: int, rng) -> str:
    """The all-seeing player (measurement only, ``engine.bots.oracle``): card play by
    the exact solver on the true hands (maximizing the hand's point margin, or the
    contract); bids: the most valuable contract the solver proves makes, when it is
    worth more than the normal hand's proven result."""
    if state.phase != BIDDING:
        card, _ = Solver(Pos.from_state(state)).best()
        return state.action_text(card)
    info = Info.from_view(state.view(seat))
    if any(s == info.partner and b > R.PASS for s, b in state.bids):
        return R.BID_NAMES[R.PASS]
    me = seat % 2

    def result(contract):
        solver = Solver(contract_pos(info, state.hands, contract))
        v = solver.value(-2, 2) if contract >= R.CUATROLA else solver.value(-INF, INF)
        return v if me == 0 else -v

    highest = max((b for _, b in state.bids), default=R.PASS)
    if highest == R.PASS:
        won = result(R.PASS) > 0
        best_ev = H.match_utility(info, 1, 0) if won else H.match_utility(info, 0, 1)
    else:
        best_ev = H.match_utility(info, 0, R.BID_VALUE[highest])  # assume it makes
    best = R.PASS
    legal = [a - BID_ACTION_BASE for a in state.legal_actions()]
    for b in sorted((b for b in legal if b != R.PASS), reverse=True):
        v = R.BID_VALUE[b]
        ev = H.match_utility(info, v, 0) if result(b) > 0 else H.match_utility(info, 0, v)
        if ev > best_ev:
            best, best_ev = b, ev
    return R.BID_NAMES[best]
