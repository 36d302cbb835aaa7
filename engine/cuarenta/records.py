"""The values a Cuarenta state is made of besides cards: its phases, the action numbers of
claims and takes, the events of a hand (``Event``), the rule options as plain fields
(``Params``), a finished hand's record, and what a score is worth under the options
(``worth``). The state (``state.py``), its views (``views.py``) and the computer players
read them, so they live apart from the state.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import DECK_SIZE
from . import rules as R
from .captures import CARD_FIELD

PLAY, CLAIM, OVER = 0, 1, 2
PHASE_NAMES = ("play", "claim", "over")

NOCLAIM = DECK_SIZE                 #: 40: decline the ronda claim
CLAIM_BASE = DECK_SIZE + 1          #: 41..50: claim that the ronda's rank is ``a - 41``
TAKE = CARD_FIELD                   #: low field 63: take a forgotten sequence
CLAIM_ACTIONS = (NOCLAIM,) + tuple(CLAIM_BASE + k for k in range(R.RANKS))

# Event kinds (docs/rules-cuarenta.md, "Events").
DEAL, RONDA, FOUR, LAY, CAPTURE, CAIDA, LIMPIA = (
    "deal", "ronda", "four", "lay", "capture", "caida", "limpia")
TAKE_SEQ, CLAIMED, DECLINED, CARTON, GAME, MATCH = (
    "take", "claim", "noclaim", "carton", "game", "match")
NOTE_38 = "38 no juega"
NOTE_30 = "rondas from 30"
NOTE_TODO_DOS = "todo dos"
NOTE_ZAPATERO = "zapatero"


class Event(NamedTuple):
    """Something that happened, in order; ``points`` are what was actually written."""

    kind: str
    seat: int = -1      # acting seat
    side: int = -1
    card: int = -1      # played card; the card fallen for a caída
    cards: int = 0      # mask: captured / taken / shown cards
    points: int = 0
    note: str = ""
    rank: int = -1      # ronda rank (secret), four's rank, claimed rank
    deal: int = -1      # deal of the hand (0-based)
    against: int = -1   # seat whose card or ronda is concerned
    count: int = 0      # cartón: the side's captured cards


class Params(NamedTuple):
    """The rules as plain fields, read on every action (Rules lookups are slower)."""

    players: int
    manual: bool
    todo_dos: bool
    rondas_from_30: bool
    caida_only: bool
    mesa: bool


class HandRecord(NamedTuple):
    """A hand that is over (played out, or cut short when a side won), kept in history."""

    hand_no: int
    chica: int
    dealer: int
    deals: tuple        # the deals dealt, each a tuple of per-seat masks
    events: tuple       # Events, oldest first
    captured: tuple     # captured-card count per side
    points: tuple       # points written per side during the hand
    score: tuple        # score per side at its end
    finished: bool      # played out and counted (False: the game ended during it)


def params_of(rules) -> Params:
    return Params(rules.players, rules.sequences == "manual", rules.todo_dos,
                  rules.rondas_from_30, rules.thirty_eight == "caida_only", rules.mesa)


def worth(params: Params, kind: str, base: int, before: int) -> tuple[int, str]:
    """Points a side at ``before`` gets for a ``kind`` worth ``base``, and why less:
    "38 que no juega" (a side at 38 scores no limpia; with ``thirty_eight =
    caida_only`` only a caída) and "Rondas ab 30" (no ronda points from 30 on)."""
    if before == R.THIRTY_EIGHT:
        if params.caida_only:
            if kind != CAIDA:
                return 0, NOTE_38
        elif kind == LIMPIA:
            return 0, NOTE_38
    if params.rondas_from_30 and kind in (RONDA, CLAIMED) and before >= R.RONDAS_LIMIT:
        return 0, NOTE_30
    return base, ""
