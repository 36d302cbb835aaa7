"""The values a Cuatrola state is made of besides cards: its phases, the action numbers of
bids, and the records of a trick, a cante and a finished hand. Both the state
(``state.py``) and its views (``views.py``) read them, so they live apart from both."""

from __future__ import annotations

from typing import NamedTuple

BIDDING, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("bidding", "play", "over")
BID_ACTION_BASE = 100  #: bid ``b`` is action ``BID_ACTION_BASE + b``; cards are 0..39


class Trick(NamedTuple):
    leader: int
    plays: tuple  # ((seat, card), ...)
    winner: int


class Cante(NamedTuple):
    seat: int
    suit: int
    points: int
    trick: int  # index of the trick after which it was sung


class HandRecord(NamedTuple):
    """The finished hand, kept in the state's history."""

    hand_no: int
    dealer: int
    trump: int
    bids: tuple
    contract: int
    declarer: int
    tricks: tuple
    card_points: tuple
    cantes: tuple
    ultimas: int
    totals: tuple
    winner: int
    points: tuple
