"""Cuarenta decisions valued two ways (docs/api.md, ops ``analyse`` and ``hint``), in game
points of the seat's side minus the other side's.

**With every card visible** (``double_dummy(state, seat)``, for a hand that is over):

* a play (lay, capture, or taking a forgotten sequence): ``DealSearch`` (module
  ``cuarenta_search``): best play by every seat to the end of the deal, exactly when
  that fits ``DD_NODE_BUDGET`` nodes, else the deepest whole rounds that do (``plies``,
  ``exact`` in the answer). Points scored on the way, and the captured cards: the
  cartón exactly when the search ends the hand's last deal, else ``CARD_VALUE`` a card;
* a ronda claim: the points the engine gives it (10 for the right rank, 0 otherwise,
  less under "38 que no juega" and "Rondas ab 30").

**From what the seat could know** (``expert(view, rng)``): the expert's evaluation
(``cuarenta_expert.play``: deals consistent with the view and with the others' plays,
each searched on ranks to the end of the deal or a round deep, the points and the
cartón's expectation where the search ends), counted from the expert's value of the
position now (``cuarenta_expert.position_value``). Taking a forgotten sequence is
valued by the best play after it (from the view the seat has after its own take). A
claim's value is exact from the view: every card of the holder's deal was played face
up, so the ronda's rank is the one he played three times (``claim_rank``).
"""

from __future__ import annotations

from ..bots import cuarenta_expert as CE
from ..bots import cuarenta_heuristic as H
from ..bots.cuarenta_common import NOCLAIM, Info, claim_rank
from ..cuarenta import rules as R
from ..cuarenta.captures import CARD_BITS, CARD_FIELD
from ..cuarenta.state import CLAIM, CLAIMED, TAKE, params_of, worth
from .cuarenta_search import DealSearch

GAME_POINTS = "game_points"
#: a decision costing at least this much is a mistake: a caída or a limpia (game points)
GAME_POINTS_MISTAKE = R.CAIDA_POINTS
DD_NODE_BUDGET = 10_000
TAKE_PREFIX = "take:"


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
    search = DealSearch(state, me, DD_NODE_BUDGET)
    vals = search.values(legal)
    return ({state.action_text(a): v for a, v in vals.items()},
            {"exact": search.exact, "plies": search.plies, "nodes": search.nodes})


# ----- what the seat could know -----------------------------------------------------------
def expert(view: dict, rng, after=None) -> dict | None:
    """The expert's evaluation of each legal action of the seat whose ``view`` this is:
    {"values": {text: value}, "search": {...}, "tie": text preferred among equals}; None
    when the action is forced. ``after(text)`` is the seat's own view after its action
    ``text`` (needed only to value taking a forgotten sequence)."""
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
    base = _position(info)
    acts = [a for a in info.actions() if not a[0].startswith(TAKE_PREFIX)]
    stats = {"samples": 0, "nodes": 0}
    values = {}
    for t in info.legal:
        if t.startswith(TAKE_PREFIX):
            then = Info.from_view(after(t))
            values[t] = max(_play(then, rng, None, stats).values()) - base
    for t, v in _play(info, rng, acts, stats).items():
        values[t] = v - base
    return {"values": {t: values[t] for t in info.legal}, "search": stats, "tie": tie}


def _play(info: Info, rng, acts, stats: dict) -> dict:
    """The expert's average value of each play (``cuarenta_expert.play``), counting its
    samples and simulated plays into ``stats``."""
    got = {}
    _, vals = CE.play(info, rng, acts=acts, stats=got)
    stats["samples"] += got["samples"]
    stats["nodes"] += got["nodes"]
    return vals


def _position(info: Info) -> float:
    """The expert's count of the position now (``cuarenta_expert.position_value``), so that
    values say what each play gains from here."""
    return CE.position_value(info)
