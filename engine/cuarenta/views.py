"""JSON-ready views and summaries of Cuarenta states.

A seat's view holds its own hand and everything public: the table, how many cards
every hand holds, how many cards each side has captured (captures are made openly,
so the count is common knowledge even though the piles lie face down), the score,
the events (caídas, limpias, rondas announced, cartón), and, on its turn, the legal
actions with the table cards each capture takes. It never holds another seat's
hand, the cards still to be dealt, or the rank of another seat's ronda. The public
view (a watcher's) holds what every seat sees: no hand, no ronda's rank.
"""

from __future__ import annotations

from ..cards import DECK_SIZE, cards_of
from . import rules as R
from .captures import ABOVE, RANK_MASK, sort_key
from .captures import CARD_BITS, CARD_FIELD
from .dealing import first_dealer, first_dealer_draw
from .records import (CAIDA, CAPTURE, CARTON, CLAIMED, DEAL, DECLINED, FOUR, LAY, LIMPIA, OVER,
                      PHASE_NAMES, PLAY, RONDA, TAKE_SEQ, HandRecord)

text = R.DECK.text
RANK_TEXT = R.DECK.ranks


def _cards(m: int) -> list[str]:
    return [text(c) for c in sorted(cards_of(m), key=sort_key)]


def capture_parts(card: int, taken: int) -> dict:
    """The pair, the sum and the sequence of a capture, as card texts.

    >>> P = R.DECK.parse
    >>> capture_parts(P("6H"), (1 << P("2S")) | (1 << P("4C")) | (1 << P("7D")))
    {'pair': None, 'sum': ['2S', '4C'], 'sequence': ['7D']}
    """
    rank = card % R.RANKS
    pair = taken & RANK_MASK[rank]
    seq = taken & ABOVE[rank]
    low = taken & ~pair & ~seq
    return {"pair": text(pair.bit_length() - 1) if pair else None, "sum": _cards(low),
            "sequence": _cards(seq)}


def event_json(e, reveal: int | None = None) -> dict:
    """One event for the UI. A ronda's rank is shown only to its holder (``reveal``),
    or to everyone when ``reveal`` is None (replay summaries of finished hands)."""
    d = {"kind": e.kind}
    if e.seat >= 0:
        d["seat"] = e.seat
    if e.side >= 0:
        d["side"] = e.side
    k = e.kind
    if k == DEAL:
        d["deal"] = e.deal + 1
    elif k == LAY:
        d["card"] = text(e.card)
    elif k == CAPTURE:
        d["card"] = text(e.card)
        d["takes"] = _cards(e.cards)
        d.update(capture_parts(e.card, e.cards))
    elif k == CAIDA:
        d.update(card=text(e.card), against=e.against, points=e.points)
    elif k == LIMPIA:
        d["points"] = e.points
    elif k == RONDA:
        d.update(deal=e.deal + 1, points=e.points)
        if reveal is None or reveal == e.seat:
            d["rank"] = RANK_TEXT[e.rank]
    elif k == FOUR:
        d.update(deal=e.deal + 1, rank=RANK_TEXT[e.rank], cards=_cards(e.cards))
    elif k == TAKE_SEQ:
        d.update(cards=_cards(e.cards), against=e.against)
    elif k == CLAIMED:
        d.update(against=e.against, deal=e.deal + 1, rank=RANK_TEXT[e.rank],
                 right=e.note != "wrong", points=e.points)
    elif k == DECLINED:
        d.update(against=e.against, deal=e.deal + 1)
    elif k == CARTON:
        d.update(cards=e.count, points=e.points)
    if e.note:
        d["note"] = e.note
    return d


def hand_summary(rec: HandRecord, reveal: int | None = None, deals: bool = True) -> dict:
    """Per-hand summary: every event in order with the points as written, and tallies."""
    ev = rec.events
    out = {
        "hand": rec.hand_no + 1,
        "chica": rec.chica + 1,
        "dealer": rec.dealer,
        "events": [event_json(e, reveal) for e in ev],
        "captures": sum(1 for e in ev if e.kind == CAPTURE),
        "caidas": [event_json(e) for e in ev if e.kind == CAIDA],
        "limpias": [event_json(e) for e in ev if e.kind == LIMPIA],
        "rondas": [event_json(e, reveal) for e in ev if e.kind in (RONDA, FOUR)],
        "claims": [event_json(e) for e in ev if e.kind in (CLAIMED, DECLINED)],
        "carton": next((event_json(e) for e in ev if e.kind == CARTON), None),
        "captured": list(rec.captured),
        "points": list(rec.points),
        "score": list(rec.score),
        "finished": rec.finished,
    }
    if deals:
        out["deals"] = [[_cards(m) for m in deal] for deal in rec.deals]
    return out


def _capture_options(state, actions) -> list:
    out = []
    for a in actions:
        code = a & CARD_FIELD
        taken = a >> CARD_BITS
        if code >= DECK_SIZE or not taken:
            continue
        parts = capture_parts(code, taken)
        pair = taken & RANK_MASK[code % R.RANKS]
        out.append({"action": state.action_text(a), "card": text(code), "takes": _cards(taken),
                    **parts,
                    "caida": bool(state.last >= 0 and pair >> state.last & 1),
                    "limpia": taken == state.table})
    return out


def seat_view(state, seat: int) -> dict:
    n = state.params.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1}")
    rules = state.rules
    mine = state.current_player == seat
    actions = state.legal_actions() if mine else ()
    claim = None
    if state.phase != OVER and state.pending:
        claimer, holder, d = state.pending[0]
        claim = {"seat": claimer, "against": holder, "deal": d + 1,
                 "caida_cards": _cards(state.caida_cards(claimer, holder, d))}
    forgotten = None
    if state.phase == PLAY and state.forgot >= 0:
        from .captures import sequences
        forgotten = {"seat": state.turn, "from_rank": RANK_TEXT[state.forgot],
                     "cards": [_cards(s) for s in sequences(state.forgot - 1, state.table, True)]}
    dealt = R.HAND_SIZE * n * (state.deal_no + 1)
    draw = None
    if state.hand_no == 0 and state.cfg.first_dealer is None:
        draw = [{"seat": s, "card": text(c)} for s, c in first_dealer_draw(state.cfg, n)]
    return {
        "game": "cuarenta",
        "seat": seat,
        "side": seat % 2,
        "partner": (seat + 2) % n if n == 4 else None,
        "players": n,
        "rules": rules.to_json(),
        "direction": "clockwise" if rules.clockwise else "counterclockwise",
        "next_seat_sits": "left" if rules.clockwise else "right",
        "phase": PHASE_NAMES[state.phase],
        "hand_no": state.hand_no + 1,
        "chica": state.chica + 1 if rules.mesa else None,
        "deal_no": state.deal_no + 1,
        "deals_per_hand": R.deals_per_hand(n),
        "cards_to_deal": max(0, DECK_SIZE - dealt) if state.phase != OVER else 0,
        "dealer": state.dealer,
        "first_player": (state.dealer + 1) % n,
        "first_dealer_draw": draw,
        "turn": state.current_player,
        "hand": _cards(state.hands[seat]),
        "hand_sizes": [h.bit_count() for h in state.hands],
        "table": _cards(state.table),
        "last_played": text(state.last) if state.last >= 0 else None,
        "captured": [m.bit_count() for m in state.captured],
        "score": list(state.score),
        "target": R.TARGET_POINTS,
        "chicas": list(state.chicas) if rules.mesa else None,
        "rondas": [{"seat": s, "side": s % 2, "deal": d + 1,
                    **({"rank": RANK_TEXT[k]} if s == seat else {})}
                   for d, s, k in state.rondas],
        "events": [event_json(e, seat) for e in state.recent],
        "hand_events": [event_json(e, seat) for e in state.events()],
        "forgotten_sequence": forgotten,
        "claim": claim,
        "legal": [state.action_text(a) for a in actions],
        "captures": _capture_options(state, actions) if state.phase == PLAY else [],
        # a hand that is over shows every ronda's rank (its cards were all played openly)
        "last_hand": hand_summary(state.history[-1], deals=False) if state.history else None,
        "hands_played": len(state.history),
        "winner": state.winner if state.winner >= 0 else None,
    }


NO_SEAT = -1  #: ``event_json``'s ``reveal`` for nobody: no ronda's rank


def public_view(state) -> dict:
    """What every seat sees (a watcher's view): the table, how many cards each hand holds
    and each side has captured, the score, the events with no ronda's rank (its holder
    need not show it, seed 004), no hand, no legal actions or captures. ``seat``,
    ``side`` and ``partner`` are None: it is nobody's seat.

    >>> from engine.cuarenta import new_match
    >>> v = public_view(new_match(seed="doc", options={"players": 2}))
    >>> v["seat"], v["hand"], v["legal"], v["captures"], v["hand_sizes"]
    (None, [], [], [], [5, 5])
    """
    view = seat_view(state, 0)
    view.update(seat=None, side=None, partner=None, hand=[], legal=[], captures=[],
                rondas=[{"seat": s, "side": s % 2, "deal": d + 1} for d, s, _ in state.rondas],
                events=[event_json(e, NO_SEAT) for e in state.recent],
                hand_events=[event_json(e, NO_SEAT) for e in state.events()])
    return view


def match_summary(state) -> dict:
    """Replay summary: every hand's events and points in order, the score, the winner.

    Finished hands are shown in full (their deals and the ronda ranks); the hand in
    progress only by its public counts.
    """
    n = state.params.players
    cfg = state.cfg
    draw = None
    if cfg.first_dealer is None:
        draw = [{"seat": s, "card": text(c)} for s, c in first_dealer_draw(cfg, n)]
    first = first_dealer(cfg, n)
    return {
        "game": "cuarenta",
        "players": n,
        "rules": state.rules.to_json(),
        "first_dealer": {"seat": first, "draw": draw},
        "hands": [hand_summary(r) for r in state.history],
        "score": list(state.score),
        "chicas": list(state.chicas) if state.rules.mesa else None,
        "finished": state.phase == OVER,
        "winner": state.winner if state.winner >= 0 else None,
        "in_progress": None if state.phase == OVER else {
            "hand": state.hand_no + 1, "deal": state.deal_no + 1,
            "phase": PHASE_NAMES[state.phase],
            "table": _cards(state.table),
            "captured": [m.bit_count() for m in state.captured],
            "events": [event_json(e, -1) for e in state.events()]},
    }


def render_text(view: dict) -> str:
    """A few lines of a seat's view for the terminal (``python -m engine play``)."""
    lines = [f"hand {view['hand_no']} deal {view['deal_no']}/{view['deals_per_hand']}  "
             f"dealer {view['dealer']}  score {view['score'][0]}-{view['score'][1]}"
             f"  captured {view['captured'][0]}-{view['captured'][1]}  "
             f"phase {view['phase']}",
             f"table: {' '.join(view['table']) or '(empty)'}"
             + (f"   last played: {view['last_played']}" if view["last_played"] else ""),
             f"your hand: {' '.join(view['hand'])}   cards held: {view['hand_sizes']}"]
    for r in view["rondas"]:
        lines.append(f"ronda: seat {r['seat']}" + (f" ({r['rank']})" if "rank" in r else ""))
    for e in view["events"]:
        if e["kind"] not in (LAY, DEAL):
            lines.append("* " + " ".join(f"{k}={v}" for k, v in e.items()))
    if view["claim"]:
        c = view["claim"]
        lines.append(f"claim: seat {c['seat']} may name seat {c['against']}'s ronda rank "
                     f"(caídas on {' '.join(c['caida_cards'])})")
    if view["winner"] is not None:
        lines.append(f"winner: side {view['winner']}")
    return "\n".join(lines)
