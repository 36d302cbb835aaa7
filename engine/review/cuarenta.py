"""Cuarenta decisions valued two ways (docs/api.md, ops ``analyse`` and ``hint``), in game
points of the seat's side minus the other side's.

**With every card visible** (``double_dummy(state, seat)``, for a hand that is over):

* a play (lay, capture, or taking a forgotten sequence): the expert's search
  (``cuarenta.search.RankSearch``, the bots' own) on the true hands: best play by every
  seat to the end of the deal, exactly when that fits ``DD_NODE_BUDGET`` nodes, else the
  deepest whole rounds that do (``plies``, ``exact`` in the answer), then the best
  capture of the seat to play. Points scored on the way, and the captured cards: the
  cartón exactly when the search ends the hand's last deal, else ``CARD_VALUE`` a card.
  A side that reaches the target wins the game there and then (seed 004, "eine Caída kann
  die Partie also mitten in der Hand beenden"): nothing after it counts, and the won game
  counts ``WIN_VALUE`` on top. Taking a forgotten sequence, and a capture that leaves
  one (``sequences = manual``), are searched at the root; below it sequences are taken
  in full;
* a ronda claim: the points the engine gives it (10 for the right rank, 0 otherwise,
  less under "38 que no juega" and "Rondas ab 30").

**From what the seat could know** (``expert(view, rng)``): the expert's evaluation
(``cuarenta.expert.play``: deals consistent with the view and with the others' plays,
each searched on ranks by the same search to the end of the deal or a round deep, the
points and the cartón's expectation where the search ends), counted from the expert's
value of the position now (``cuarenta.expert.position_value``). Both columns end the game
at 40 by the same rule. A claim's value is exact from the view: every card of the
holder's deal was played face up, so the ronda's rank is the one he played three times
(``claim_rank``).
"""

from __future__ import annotations

from ..bots.cuarenta import expert as CE
from ..bots.cuarenta import heuristic as H
from ..bots.cuarenta.info import NOCLAIM, Info, claim_rank
from ..bots.cuarenta.search import (OutOfBudget, Pos, RankSearch, hand_end, rank_counts,
                                    rank_move)
from ..cuarenta import rules as R
from ..cuarenta.captures import CARD_BITS, CARD_FIELD
from ..cuarenta.records import CLAIM, CLAIMED, TAKE, params_of, worth

GAME_POINTS = "game_points"
#: a decision costing at least this much is a mistake: a caída or a limpia (game points)
GAME_POINTS_MISTAKE = R.CAIDA_POINTS
DD_NODE_BUDGET = 15_000


def describe(state, action: int) -> dict:
    """What kind of decision ``action`` was in ``state`` (cheap: no search)."""
    if state.phase == CLAIM:
        kind = "claim"
    elif action & CARD_FIELD == TAKE:
        kind = "take"
    else:
        kind = "capture" if action >> CARD_BITS else "lay"
    return {"kind": kind, "deal": state.deal_no + 1}


def unit(view: dict) -> tuple[str, float]:
    """(unit, mistake threshold) of a decision: game points, a caída or limpia."""
    return GAME_POINTS, GAME_POINTS_MISTAKE


# ----- every card visible -------------------------------------------------------------
class CardCount:
    """``evaluate(pos, side)`` of the double-dummy search: ``CARD_VALUE`` a captured card,
    or (``carton``: the search reaches the end of the hand) the cartón itself there."""

    def __init__(self, params, dealer: int, carton: bool):
        self.params = params
        self.dealer_side = dealer & 1
        self.carton = carton
        self.card = 0.0 if carton else CE.CARD_VALUE

    def __call__(self, p: Pos, side: int) -> float:
        if self.carton:
            return hand_end(self.params, self.dealer_side, p.caps, p.score, side) \
                if not p.left else 0.0
        return self.card * (p.caps[side] - p.caps[1 - side])


def position(state) -> Pos:
    """The rank position of a state's play, every hand visible."""
    n = state.params.players
    stock = R.HAND_SIZE * n * (len(state.deals) - state.deal_no - 1)
    return Pos([rank_counts(h) for h in state.hands], rank_counts(state.table),
               state.last % R.RANKS if state.last >= 0 else -1, state.score,
               [m.bit_count() for m in state.captured], state.turn, state.params,
               state.dealer, state.deal_no + 1 == len(state.deals), stock)


def deal_values(state, budget: int | None = None) -> tuple[dict, dict]:
    """({action: value for the side to play}, search facts: exact, plies, nodes) of the
    plays of ``state``: the search deepened a round of plays (one per seat) at a time while
    the next round fits ``budget`` nodes (``DD_NODE_BUDGET``; the first round always
    searched), to the end of the deal at most. A value is how much the play changes the
    count of the position (points, and the captured cards by ``CardCount``: the cartón in
    full when the search ends the hand); a game won on the way counts its points and
    ``WIN_VALUE``, no cards."""
    budget = DD_NODE_BUDGET if budget is None else budget
    pos = position(state)
    side = state.turn & 1
    root = {}
    for a in state.legal_actions():
        code, taken = a & CARD_FIELD, a >> CARD_BITS
        root[a] = rank_move(-1 if code == TAKE else code, taken, state.last)
    distinct = list(dict.fromkeys(root.values()))
    n, left = pos.n, pos.left
    depth = min(n, left)
    nodes = 0
    out = facts = None
    while True:
        exact = depth >= left
        count = CardCount(state.params, state.dealer, exact and pos.last_deal)
        search = RankSearch(pos, count, None if out is None else budget - nodes)
        try:
            vals = search.values(distinct, depth)
        except OutOfBudget:
            nodes += search.nodes
            break
        nodes += search.nodes
        base = pos.score[side] - pos.score[1 - side] + \
            count.card * (pos.caps[side] - pos.caps[1 - side])
        out = {a: vals[m] - base for a, m in root.items()}
        facts = {"exact": exact, "plies": depth}
        if exact:
            break
        depth = min(depth + n, left)
    facts["nodes"] = nodes
    return out, facts


def double_dummy(state, seat: int) -> tuple[dict, dict]:
    """({action text: value}, search facts) of the decision of ``seat`` in ``state``."""
    legal = state.legal_actions()
    me = seat & 1
    if state.phase == CLAIM:
        out = {}
        for a in legal:
            out[state.action_text(a)] = sum(e.points if e.side == me else -e.points
                                            for e in state.apply(a).recent
                                            if e.kind == CLAIMED)
        return out, {"exact": True, "plies": 0, "nodes": 0}
    vals, facts = deal_values(state)
    return {state.action_text(a): v for a, v in vals.items()}, facts


# ----- what the seat could know -----------------------------------------------------------
def expert(view: dict, rng) -> dict | None:
    """The expert's evaluation of each legal action of the seat whose ``view`` this is:
    {"values": {text: value}, "search": {...}, "tie": text preferred among equals}; None
    when the action is forced. Taking a forgotten sequence is searched at the root, like
    every other play."""
    info = Info.from_view(view)
    if len(info.legal) < 2:
        return None
    tie = H.decide(info)[0]
    if info.phase == "claim":
        right = claim_rank(info)
        pts = worth(params_of(info.rules), CLAIMED, R.RONDA_CLAIM_POINTS,
                    info.score[info.side])[0]
        values = {t: (pts if t == right and t != NOCLAIM else 0) for t in info.legal}
        return {"values": values, "search": {"samples": 0, "nodes": 0}, "tie": tie}
    base = CE.position_value(info)
    stats = {}
    _, vals = CE.play(info, rng, stats=stats)
    return {"values": {t: vals[t] - base for t in info.legal},
            "search": {"samples": stats["samples"], "nodes": stats["nodes"]}, "tie": tie}
