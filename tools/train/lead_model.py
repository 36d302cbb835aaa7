"""A learned correction to the Cuatrola expert's value of a lead (issue 17, docs/bots.md):
the model that ``tools/train/leads.py`` fits. It is not part of the shipped expert.

The expert values each card by deals solved double-dummy: every seat then plays as if it
saw every card. Leads are where that costs most. ``tools/train/leads.py`` plays leads on
with players who see only their own cards and fits, by ridge regression, how far the
double-dummy value of a lead is off on average, as a linear function of the card's
``features``. ``corrected_card`` is the expert's card with ``correction(info, card,
weights)`` added to its value of each lead (utility points,
``engine.bots.cuatrola.expert.hand_utility``); the arena plays it as the probe
``expert+leads=FILE`` (tools/strength/probes.py), paired against the plain expert. The one
model trained so far did not help on held-out positions and was never shipped, so the
expert carries no correction (docs/bots.md): a model that earns its place in a paired
arena goes into the expert then.

A model file (``save``, ``load``) is small JSON: ``format``, ``version``, the feature names
(they must be this module's ``FEATURES``, in order), the ``weights``, how they were
``trained``, and the ``sha256`` of the canonical JSON of everything else. ``load`` checks
all of it and raises ``ModelError`` for a missing, malformed or altered file
(tests/bots/test_cuatrola_leads.py).
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

from engine.cards import card
from engine.cuatrola import rules as R
from engine.cuatrola.play import POINTS, REY_CABALLO, SUIT_MASK

FORMAT = "tapete/cuatrola-leads"
VERSION = 1
SUITS = 4

FEATURES = (
    "trump",                  # the card is a trump
    "trump_master",           # ... the highest trump still out
    "trump_small",            # ... a rey, caballo or sota of trumps
    "trump_first_trick",      # a trump led to the first trick
    "side_as",                # the as of a side suit
    "side_tres",              # the tres of a side suit
    "small_under_as",         # a small side card of a suit whose as I hold
    "small_under_tres",       # ... whose tres (not as) I hold
    "small_bare",             # a small side card without as or tres of the suit
    "fresh_suit",             # no card of the suit led yet this hand
    "singleton",              # my only card of the suit
    "suit_length",            # my cards of the suit (0..5) / 5
    "opponent_void_can_trump",  # an opponent is known void in the suit and may hold trumps
    "partner_void",           # my partner is known void in the suit
    "points",                 # the card's points / 11
    "breaks_cante",           # a rey or caballo whose pair I hold, not sung yet
    "defending_solo",         # (any card) ... of a Solo I defend: trump
    "declaring_solo",         # ... of a Solo I declared: trump
)


class ModelError(RuntimeError):
    """The lead model file is missing, malformed or altered."""


def _is(x: bool) -> float:
    return 1.0 if x else 0.0


def features(info, c: int) -> list[float]:
    """The features of leading card ``c`` (in my hand) from the seat's ``info``."""
    t = info.trump
    suit = c // 10
    rank = c % 10
    hand = info.hand
    mine = hand & SUIT_MASK[suit]
    trump = suit == t
    as_c, tres_c = card(R.AS, suit), card(R.TRES, suit)
    small = rank in (R.REY, R.CABALLO, R.SOTA)
    master = trump and info.master(c)
    led_before = info.suit_played(suit)
    opp_void = any(info.void(s, suit) and info.unseen & SUIT_MASK[t] & ~info.forbidden[s]
                   for s in range(4) if info.is_opponent(s) and s != info.out)
    partner_void = info.partner != info.out and info.void(info.partner, suit)
    pair = REY_CABALLO[suit]
    breaks = rank in (R.REY, R.CABALLO) and hand & pair == pair and not info.sung >> suit & 1
    solo = info.contract == R.SOLO
    declarer = solo and info.declarer % 2 == info.seat % 2
    return [
        _is(trump), _is(master), _is(trump and small), _is(trump and not info.tricks),
        _is(not trump and rank == R.AS), _is(not trump and rank == R.TRES),
        _is(not trump and small and hand >> as_c & 1),
        _is(not trump and small and not hand >> as_c & 1 and hand >> tres_c & 1),
        _is(not trump and small and not hand & ((1 << as_c) | (1 << tres_c))),
        _is(not led_before), _is(mine.bit_count() == 1), mine.bit_count() / 5,
        _is(opp_void and not trump), _is(partner_void and not trump), POINTS[c] / 11,
        _is(breaks), _is(solo and not declarer and trump), _is(declarer and trump),
    ]


def _digest(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def save(path: Path, weights, trained: dict) -> None:
    """Write a model file (``tools/train/leads.py``)."""
    body = {"format": FORMAT, "version": VERSION, "features": list(FEATURES),
            "weights": [round(float(w), 4) for w in weights], "trained": trained}
    body["sha256"] = _digest({k: v for k, v in body.items()})
    Path(path).write_text(json.dumps(body, indent=1, sort_keys=True) + "\n")


def load(path: Path) -> tuple[float, ...]:
    """The weights of a model file, after checking its format, version, features and
    checksum; ``ModelError`` otherwise."""
    try:
        body = json.loads(Path(path).read_text("utf-8"))
    except (OSError, ValueError) as e:
        raise ModelError(f"the lead model {path} cannot be read: {e}") from None
    if not isinstance(body, dict):
        raise ModelError(f"the lead model {path} is not a JSON object")
    digest = body.pop("sha256", None)
    if body.get("format") != FORMAT or body.get("version") != VERSION:
        raise ModelError(f"the lead model {path} is not {FORMAT} version {VERSION}")
    if body.get("features") != list(FEATURES):
        raise ModelError(f"the lead model {path} was trained on other features")
    w = body.get("weights")
    if not isinstance(w, list) or len(w) != len(FEATURES) or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            for x in w):
        raise ModelError(f"the lead model {path} has malformed weights")
    if digest != _digest(body):
        raise ModelError(f"the lead model {path} does not match its checksum")
    return tuple(float(x) for x in w)


def correction(info, c: int, weights) -> float:
    """What to add to the expert's value of leading ``c`` (utility points); nothing, and
    no features computed, while every weight is zero (an untrained model)."""
    if not any(weights):
        return 0.0
    return sum(w * x for w, x in zip(weights, features(info, c)))


def corrected_card(info, rng, weights) -> int:
    """The expert's card (``engine.bots.cuatrola.expert.play``) with the correction added
    to its value of each lead of a normal hand or a Solo (ties as the expert breaks them:
    the club player's card, then the lowest); any other card is the expert's own."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola import heuristic as H
    card, scores = E.play(info, rng)
    if info.trick or info.contract >= R.CUATROLA or len(scores) < 2:
        return card
    h_card, _ = H.decide(info)
    values = {c: v + correction(info, c, weights) for c, v in scores.items()}
    return max(values, key=lambda c: (values[c], c == h_card, -c))
