"""Cuatrola decisions valued two ways (docs/api.md, ops ``analyse`` and ``hint``).

**With every card visible** (``double_dummy(state, seat)``, for a hand that is over):

* a card: the exact minimax value of each legal card (``cuatrola.solver``): in a normal
  hand or a Solo, the final point margin of the seat's side (card points, cantes and
  últimas of the whole hand, its side minus the other); in a Cuatrola or Quintola, the
  hand's match points to the seat's side minus the other's (+value if its side wins the
  trick fight, -value if not);
* a bid: what the contract it leaves standing would score with best play by everyone,
  in match points of the hand (its side minus the other): ``pass`` leaves the highest
  earlier bid (or a normal hand), a bid makes this seat declarer of it. Later bids are
  taken as passes. A normal hand or Solo tied on points counts 0 (the solver's margin
  does not say who takes the last trick then).

**From what the seat could know** (``expert(view, rng)``, the seat's view only): the
expert's evaluation (``cuatrola.expert``): deals consistent with the view (its sampler
and inference, discard weights), each solved exactly; a card's value is its average
over those deals in the same units, a bid's is ``value * (2p - 1)`` with ``p`` the share
of deals in which the seat's side wins that contract (a Solo counts as made above
``-SOLO_SLACK``, a normal hand as won above ``-NORMAL_SLACK``: the expert's model of real
defenders). ``win`` is that share (for cards: deals in which the seat's side wins the
hand; a tie on points counts half).

Budgets are solver nodes (no clock in the engine): ``CARD_NODE_BUDGET`` /
``CARD_MAX_SAMPLES`` per card decision, ``BID_NODE_BUDGET`` / ``BID_MAX_SAMPLES`` per
bid, at least ``cuatrola.expert.MIN_SAMPLES`` deals; tools/bench/review.py measures the
time (docs/performance.md).
"""

from __future__ import annotations

from ..bots.cuatrola import expert as E
from ..bots.cuatrola import heuristic as H
from ..bots.cuatrola.info import Info
from ..bots.cuatrola.model import PlayModel
from ..bots.cuatrola.sample import Sampler
from ..bots.cuatrola.solver import Pos, Solver
from ..cuatrola import rules as R
from ..cuatrola.play import first_leader
from ..cuatrola.state import BID_ACTION_BASE, BIDDING, CuatrolaState

CARD_POINTS = "card_points"
MATCH_POINTS = "match_points"
#: a decision costing at least this much is a mistake (card points of the hand's margin)
CARD_POINTS_MISTAKE = 10
#: ... in match points (bids; cards in a Cuatrola or Quintola)
MATCH_POINTS_MISTAKE = 1.0
CARD_NODE_BUDGET = E.NODE_BUDGET        # the expert's own budget for a card
CARD_MAX_SAMPLES = E.MAX_SAMPLES
BID_NODE_BUDGET = 60_000                # below the expert's 90,000: every bid is solved
BID_MAX_SAMPLES = E.BID_MAX_SAMPLES

text = CuatrolaState.action_text
TRICK_CONTRACTS = tuple(R.BID_NAMES[b] for b in range(R.CUATROLA, len(R.BID_NAMES)))


def describe(state, action: int) -> dict:
    """What kind of decision ``action`` was in ``state`` (cheap: no search)."""
    if state.phase == BIDDING:
        return {"kind": "bid", "trick": None}
    return {"kind": "card", "trick": len(state.tricks) + 1}


def unit(view: dict) -> tuple[str, float]:
    """(unit, mistake threshold) of the decision the seat of ``view`` is to take."""
    if view["phase"] == "bidding" or view["contract"] in TRICK_CONTRACTS:
        return MATCH_POINTS, MATCH_POINTS_MISTAKE
    return CARD_POINTS, CARD_POINTS_MISTAKE


def standing(bids) -> tuple[int, int]:
    """(contract, declarer) of the highest bid so far; (PASS, -1) if none."""
    contract, declarer = R.PASS, -1
    for seat, b in bids:
        if b > contract:
            contract, declarer = b, seat
    return contract, declarer


def bid_options(legal, bids, seat: int) -> dict:
    """{bid action: (contract, declarer) it leaves standing, later bids taken as passes}."""
    keep = standing(bids)
    return {a: keep if a - BID_ACTION_BASE == R.PASS else (a - BID_ACTION_BASE, seat)
            for a in legal}


def hand_value(contract: int) -> int:
    return R.BID_VALUE.get(contract, R.NORMAL_HAND_VALUE)


def _sign(x) -> int:
    return (x > 0) - (x < 0)


# ----- every card visible -------------------------------------------------------------
def double_dummy(state, seat: int) -> tuple[dict, dict]:
    """({action text: value}, search facts) of the decision of ``seat`` in ``state``."""
    me = seat % 2
    legal = state.legal_actions()
    nodes = 0
    out = {}
    if state.phase == BIDDING:
        for a, (contract, declarer) in bid_options(legal, state.bids, seat).items():
            pos = Pos(state.hands, state.trump_suit, first_leader(state.dealer, declarer), (),
                      0, (0, 0), 0, contract, declarer, state.rules)
            solver = Solver(pos)
            v = solver.value(-1, 1)  # the sign of side 0's result is enough
            nodes += solver.nodes
            out[text(a)] = hand_value(contract) * _sign(v if me == 0 else -v)
        return out, {"exact": True, "nodes": nodes}
    solver = Solver(Pos.from_state(state))
    vals = solver.values(list(legal))
    if state.contract >= R.CUATROLA:
        value = hand_value(state.contract)
        out = {text(c): value * (v if me == 0 else -v) for c, v in vals.items()}
    else:
        m0 = margin_so_far(state, me)
        out = {text(c): m0 + (v if me == 0 else -v) for c, v in vals.items()}
    return out, {"exact": True, "nodes": solver.nodes}


def margin_so_far(state, side: int) -> int:
    """Card points and cantes of ``side`` minus the other side's, this hand so far."""
    m = state.card_points[side] - state.card_points[1 - side]
    for k in state.cantes:
        m += k.points if k.seat % 2 == side else -k.points
    return m


# ----- what the seat could know -----------------------------------------------------------
def expert(view: dict, rng) -> dict | None:
    """The expert's evaluation of each legal action of the seat whose ``view`` this is:
    {"values": {text: value}, "win": {text: share}, "search": {...}, "tie": text the
    expert prefers among equals}; None when the action is forced."""
    info = Info.from_view(view)
    if len(info.legal) < 2:
        return None
    if info.phase == "bidding":
        return _bid_values(info, rng)
    return _card_values(info, rng)


def _card_values(info: Info, rng) -> dict:
    moves = [a for a in info.legal if a < BID_ACTION_BASE]
    me = info.seat % 2
    m0 = E.current_margin(info)
    tricks_mode = info.contract >= R.CUATROLA
    value = hand_value(info.contract)
    total = dict.fromkeys(moves, 0.0)
    wins = dict.fromkeys(moves, 0.0)
    wsum = 0.0
    n = nodes = 0
    for w, vals, nodes in E.solved_samples(info, rng, moves, CARD_NODE_BUDGET,
                                           CARD_MAX_SAMPLES):
        n += 1
        wsum += w
        for c, v in vals.items():
            mine = v if me == 0 else -v
            if tricks_mode:
                total[c] += w * value * mine
                wins[c] += w * (mine > 0)
            else:
                total[c] += w * (m0 + mine)
                wins[c] += w * (1.0 if m0 + mine > 0 else 0.5 if m0 + mine == 0 else 0.0)
    return {"values": {text(c): total[c] / wsum for c in moves},
            "win": {text(c): wins[c] / wsum for c in moves},
            "search": {"samples": n, "nodes": nodes},
            "tie": text(H.decide(info)[0])}


def _bid_values(info: Info, rng) -> dict:
    options = bid_options(info.legal, info.bids, info.seat)
    sampler = Sampler(info)
    model = PlayModel(info) if E.INFERENCE else None
    wins = dict.fromkeys(options, 0.0)
    wsum = 0.0
    n = nodes = 0
    while n < BID_MAX_SAMPLES and (nodes < BID_NODE_BUDGET or n < E.MIN_SAMPLES):
        hands, w = E.draw(sampler, model, rng)
        n += 1
        wsum += w
        for a, (contract, declarer) in options.items():
            ok, k = E.contract_success(info, hands, contract, declarer)
            wins[a] += w * ok
            nodes += k
    out = {}
    win = {}
    for a, (contract, _) in options.items():
        p = wins[a] / wsum
        win[text(a)] = p
        out[text(a)] = hand_value(contract) * (2 * p - 1)
    return {"values": out, "win": win, "search": {"samples": n, "nodes": nodes},
            "tie": text(H.decide(info)[0])}
