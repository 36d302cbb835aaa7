"""JSON-ready views and summaries of Cuatrola states.

A seat's view holds its own hand and everything public (bids, played cards,
cantes, the shown trump card while the dealer still holds it), never another
seat's hand; the public view (a watcher's) holds what every seat sees and no hand.
"""

from __future__ import annotations

from ..cards import cards_of
from . import rules as R
from .records import BIDDING, OVER, PHASE_NAMES, HandRecord

text = R.DECK.text
SUIT_LETTERS = R.DECK.suits


def _plays(plays) -> list:
    return [{"seat": s, "card": text(c)} for s, c in plays]


def _tricks(tricks) -> list:
    return [{"leader": t.leader, "cards": _plays(t.plays), "winner": t.winner} for t in tricks]


def _cantes(cantes) -> list:
    return [{"seat": k.seat, "suit": SUIT_LETTERS[k.suit], "points": k.points,
             "after_trick": k.trick + 1} for k in cantes]


def _bids(bids) -> list:
    return [{"seat": s, "bid": R.BID_NAMES[b]} for s, b in bids]


def contract_terms(rules) -> list:
    """What each contract needs and scores under ``rules`` (for bid buttons).

    ``needs`` is ``points`` (more card points, cantes and últimas than the rivals) or
    ``tricks`` (that many of the five tricks); ``value`` is the match points it scores.

    >>> from engine.cuatrola.rules import OPTIONS
    >>> [(t["contract"], t["value"], t.get("tricks")) for t in contract_terms(OPTIONS.resolve())]
    [('normal', 1, None), ('solo', 2, None), ('cuatrola', 4, 5)]
    >>> [(t["contract"], t["tricks"], t["of"]) for t in contract_terms(OPTIONS.resolve({"quintola": True}))[2:]]
    [('cuatrola', 4, 5), ('quintola', 5, 5)]
    """
    out = [{"contract": "normal", "value": R.NORMAL_HAND_VALUE, "needs": "points"},
           {"contract": R.BID_NAMES[R.SOLO], "value": R.BID_VALUE[R.SOLO], "needs": "points",
            "partner_sits_out": True}]
    for bid in (R.CUATROLA, R.QUINTOLA) if rules.quintola else (R.CUATROLA,):
        out.append({"contract": R.BID_NAMES[bid], "value": R.BID_VALUE[bid], "needs": "tricks",
                    "tricks": R.tricks_needed(bid, rules), "of": R.TRICKS_PER_HAND})
    return out


def _decided_by(rec: HandRecord) -> str:
    if rec.contract >= R.CUATROLA:
        return "tricks"
    return "ultimas_tie" if rec.totals[0] == rec.totals[1] else "points"


def hand_summary(rec: HandRecord) -> dict:
    """Per-hand summary for replays and the end-of-hand breakdown.

    ``made`` says whether the declarer's side made its contract (None in a normal hand),
    ``value`` what the hand was worth, ``decided_by`` what decided it: ``points``,
    ``ultimas_tie`` (equal totals: the side that took the last trick wins, seed 003) or
    ``tricks`` (Cuatrola, Quintola).
    """
    return {
        "hand": rec.hand_no + 1,
        "dealer": rec.dealer,
        "trump_card": text(rec.trump),
        "bids": _bids(rec.bids),
        "contract": R.BID_NAMES[rec.contract] if rec.contract else "normal",
        "declarer": rec.declarer if rec.declarer >= 0 else None,
        "tricks": _tricks(rec.tricks),
        "tricks_won": [sum(1 for t in rec.tricks if t.winner % 2 == i) for i in range(2)],
        "card_points": list(rec.card_points),
        "cantes": _cantes(rec.cantes),
        "ultimas": rec.ultimas,
        "totals": list(rec.totals),
        "winner": rec.winner,
        "points": list(rec.points),
        "made": rec.winner == rec.declarer % 2 if rec.declarer >= 0 else None,
        "value": max(rec.points),
        "decided_by": _decided_by(rec),
    }


def seat_view(state, seat: int) -> dict:
    if not isinstance(seat, int) or not 0 <= seat < R.SEATS:
        raise ValueError(f"seat must be 0..{R.SEATS - 1}")
    dealer = state.dealer
    trump_held = state.phase != OVER and state.hands[dealer] >> state.trump & 1 and \
        dealer != state.out
    legal = [state.action_text(a) for a in state.legal_actions()] \
        if state.current_player == seat else []
    return {
        "game": "cuatrola",
        "seat": seat,
        "partner": (seat + 2) % R.SEATS,
        "phase": PHASE_NAMES[state.phase],
        "hand_no": state.hand_no + 1,
        "dealer": dealer,
        "mano": (dealer + 1) % R.SEATS,
        "turn": state.current_player,
        "hand": [text(c) for c in cards_of(state.hands[seat])],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "trump_suit": SUIT_LETTERS[state.trump_suit],
        "trump_card": text(state.trump),
        "trump_card_held_by_dealer": bool(trump_held),
        "bids": _bids(state.bids),
        "contract": None if state.phase == BIDDING else (
            R.BID_NAMES[state.contract] if state.contract else "normal"),
        "declarer": state.declarer if state.declarer >= 0 else None,
        "out": state.out if state.out >= 0 else None,
        "trick": _plays(state.trick),
        "tricks": _tricks(state.tricks),
        "tricks_won": list(state.tricks_won),
        "card_points": list(state.card_points),
        "cantes": _cantes(state.cantes),
        "score": list(state.score),
        "last_hand": hand_summary(state.history[-1]) if state.history else None,
        "hands_played": len(state.history),
        "winner": state.winner if state.winner >= 0 else None,
        "legal": legal,
        "rules": state.rules.to_json(),
        "contract_terms": contract_terms(state.rules),
    }


def public_view(state) -> dict:
    """What every seat sees (a watcher's view): the bids, the played cards, the cantes,
    the shown trump card, the score; no hand and no legal actions. ``seat`` and
    ``partner`` are None: it is nobody's seat.

    >>> from engine.cuatrola import new_match
    >>> v = public_view(new_match(seed="doc"))
    >>> v["seat"], v["hand"], v["legal"], v["hand_sizes"]
    (None, [], [], [5, 5, 5, 5])
    """
    # every field of a seat's view but these is the same for every seat (a test checks it)
    return {**seat_view(state, 0), "seat": None, "partner": None, "hand": [], "legal": []}


def match_summary(state) -> dict:
    """Replay summary: every finished hand, the score and the winner."""
    return {
        "game": "cuatrola",
        "hands": [hand_summary(r) for r in state.history],
        "score": list(state.score),
        "finished": state.phase == OVER,
        "winner": state.winner if state.winner >= 0 else None,
        "in_progress": None if state.phase == OVER else {
            "hand": state.hand_no + 1, "phase": PHASE_NAMES[state.phase],
            "tricks_played": len(state.tricks)},
    }


def render_text(view: dict) -> str:
    """A compact terminal rendering of a seat's view."""
    seat = view["seat"]
    names = {s: ("you" if s == seat else "partner" if s == view["partner"] else f"seat {s}")
             for s in range(R.SEATS)}
    lines = [f"hand {view['hand_no']} · score {view['score'][seat % 2]}-"
             f"{view['score'][1 - seat % 2]} (you-them) · dealer {names[view['dealer']]} · "
             f"trump {view['trump_card']}"
             + (" (dealer still holds it)" if view["trump_card_held_by_dealer"] else "")]
    if view["bids"]:
        lines.append("bids: " + ", ".join(f"{names[b['seat']]} {b['bid']}" for b in view["bids"]))
    if view["contract"] and view["contract"] != "normal":
        lines.append(f"contract: {view['contract']} by {names[view['declarer']]}; "
                     f"{names[view['out']]} sits out")
    if view["tricks"]:
        t = view["tricks"][-1]
        lines.append("last trick: " + " ".join(c["card"] for c in t["cards"]) +
                     f" -> {names[t['winner']]}")
    for k in view["cantes"]:
        lines.append(f"cante: {names[k['seat']]} sang {k['points']} in {k['suit']}")
    if view["trick"]:
        lines.append("trick: " + " ".join(f"{names[p['seat']]}:{p['card']}"
                                           for p in view["trick"]))
    if view["last_hand"] and not view["trick"] and not view["tricks"]:
        h = view["last_hand"]
        lines.append(f"last hand: {h['contract']}, totals {h['totals']}, points {h['points']}")
    lines.append("your hand: " + " ".join(view["hand"]))
    if view["winner"] is not None:
        lines.append("the match is won by " + ("your side" if view["winner"] == seat % 2
                                              else "the rivals"))
    return "\n".join(lines)
