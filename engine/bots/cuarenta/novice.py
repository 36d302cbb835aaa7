"""The novice Cuarenta player: someone new to the game, as seed 004 describes
the pitfalls, each a named rule.

It knows how to capture (the engine's legal actions) and likes a caída; what it
lacks are the seed's "Tipps für Einsteiger". Each slip is made with the
probability named next to it, drawn from the player's random stream (never from
hidden cards).

``decide(info, rng) -> (action text, rule)``. In order:

  ``guess_ronda``           at the end of the hand it names the rank of one of the
                            cards it fell on, a guess (it did not count what the
                            holder played: "Zähl mit" not followed).
  ``notice_forgotten``      a sequence the previous player forgot is taken only
                            now and then (``NOTICE_FORGOTTEN_P``), else overlooked.
  ``overlook_capture``      it lays a card although it could capture, even a caída
                            or a limpia ("Übersiehst du einen Stich ganz, passiert
                            nichts - die Karten bleiben einfach liegen").
  ``caida``                 it falls on the card just laid when it sees it can.
  ``first_capture_seen``    else the first capture it sees, going through its hand
                            (not the one that takes most or clears the table).
  ``forget_sequence``       with ``sequences = manual`` it stops at the pair or sum
                            and forgets the sequence ("Stichst du, vergisst aber eine
                            mögliche Folge, dürfen die Gegner sich diese Karten nehmen").
  ``lay_without_counting``  no capture: it lays any card, ignoring the tips
                            (aces, pairs, sequences offered, the empty table).
"""

from __future__ import annotations

from ...cuarenta import rules as R
from ..common import below
from .info import NOCLAIM, PARSE, Info, rank, sim_of

NOTICE_FORGOTTEN_P = 0.3
OVERLOOK_P = 0.25
FORGET_SEQUENCE_P = 0.5
SEQUENCE_MARK = ">"         # in a capture's text, the sequence follows this mark


def claim(info: Info, rng) -> tuple[str, str]:
    fell = sorted({rank(PARSE(t)) for t in info.claim["caida_cards"]}) if info.claim else []
    if not fell:
        return NOCLAIM, "guess_ronda"
    return f"claim:{R.DECK.ranks[fell[below(rng, len(fell))]]}", "guess_ronda"


def decide(info: Info, rng) -> tuple[str, str]:
    """The novice's action text and the name of the rule that chose it."""
    if info.phase == "claim":
        return claim(info, rng)
    legal = info.legal
    if len(legal) == 1:
        return legal[0], "forced"
    takes = [t for t in legal if t.startswith("take:")]
    if takes and rng.random() < NOTICE_FORGOTTEN_P:
        return takes[0], "notice_forgotten"
    acts = [a for a in info.actions() if a[1] >= 0]  # not the forgotten sequence
    # going through its hand; for each card, the capture that takes most
    caps = sorted(((t, c, tk) for t, c, tk in acts if tk),
                  key=lambda a: (a[1], -a[2].bit_count()))
    lays = [t for t, _, tk in acts if not tk]
    if caps and rng.random() >= OVERLOOK_P:
        sim = sim_of(info)
        caidas = [a for a in caps if sim.gain(a[1], a[2])[1]]
        text, rule = (caidas or caps)[0][0], "caida" if caidas else "first_capture_seen"
        short = text.partition(SEQUENCE_MARK)[0]
        if short != text and short in legal and rng.random() < FORGET_SEQUENCE_P:
            return short, "forget_sequence"
        return text, rule
    return lays[below(rng, len(lays))], "overlook_capture" if caps else "lay_without_counting"


def novice(view: dict, rng, work=None) -> str:
    """Computer level "novice" for Cuarenta (no search: ``work`` is not counted)."""
    return decide(Info.from_view(view), rng)[0]
