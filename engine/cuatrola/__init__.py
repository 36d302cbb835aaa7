"""Cuatrola: 4 players in 2 partnerships, the 20 counting cards of the Spanish deck."""

from __future__ import annotations

from ..cards import cards_of
from ..config import DEFAULT_SEED, MatchConfig
from ..errors import MatchFileError
from ..protocol import Game
from . import rules
from .rules import OPTIONS
from .state import REFUSALS, CuatrolaState, initial_state
from .views import match_summary, render_text

NAME = "cuatrola"


def new_match(seed: str = DEFAULT_SEED, preset: str | None = None, options: dict | None = None,
              deals: tuple = (), first_dealer: int | None = None) -> CuatrolaState:
    """The opening state of a match.

    >>> new_match(seed="x", preset="ludoteka").rules.target
    21
    """
    r = OPTIONS.resolve(options, preset)
    return initial_state(MatchConfig(NAME, r, seed, deals, first_dealer))


def parse_deals(data) -> tuple:
    """Validate explicit deals from a match file.

    Each deal is ``{"hands": [[5 cards] x 4], "trump": card}``; the 20 cards
    are Cuatrola's 20, each once; the trump card lies in the dealer's hand
    (checked when the hand starts, as the dealer follows from the rotation).
    """
    if not isinstance(data, list):
        raise MatchFileError("'deals' must be a list")
    out = []
    for i, d in enumerate(data):
        where = f"deals[{i}]"
        if not isinstance(d, dict) or set(d) != {"hands", "trump"}:
            raise MatchFileError(f"{where} must be an object with exactly 'hands' and 'trump'")
        hands = d["hands"]
        if not isinstance(hands, list) or len(hands) != rules.SEATS:
            raise MatchFileError(f"{where}.hands must list {rules.SEATS} hands")
        masks, seen = [], set()
        for s, h in enumerate(hands):
            try:
                cards = rules.DECK.parse_many(h)
            except ValueError as e:
                raise MatchFileError(f"{where}.hands[{s}]: {e}") from None
            if len(cards) != rules.HAND_SIZE:
                raise MatchFileError(f"{where}.hands[{s}] must hold {rules.HAND_SIZE} cards")
            for c in cards:
                if c not in rules.CARDS:
                    raise MatchFileError(f"{where}.hands[{s}]: {rules.DECK.text(c)} is not "
                                         f"one of Cuatrola's 20 cards")
                if c in seen:
                    raise MatchFileError(f"{where}: {rules.DECK.text(c)} is dealt twice")
                seen.add(c)
            m = 0
            for c in cards:
                m |= 1 << c
            masks.append(m)
        try:
            trump = rules.DECK.parse(d["trump"])
        except ValueError as e:
            raise MatchFileError(f"{where}.trump: {e}") from None
        if trump not in seen:
            raise MatchFileError(f"{where}.trump: {rules.DECK.text(trump)} is in no hand")
        out.append((tuple(masks), trump))
    return tuple(out)


def deals_to_json(deals: tuple) -> list:
    """The match-file form of parsed deals (inverse of :func:`parse_deals`)."""
    return [{"hands": [[rules.DECK.text(c) for c in cards_of(m)] for m in hands],
             "trump": rules.DECK.text(trump)} for hands, trump in deals]


def seats(_rules) -> int:
    """Cuatrola always has four seats."""
    return rules.SEATS


GAME = Game(name=NAME, options=OPTIONS, seats=seats, new_match=new_match,
            parse_deals=parse_deals, deals_to_json=deals_to_json, match_summary=match_summary,
            render_text=render_text, refusals=REFUSALS,
            levels={"novice": "bots.cuatrola.novice:novice",
                    "heuristic": "bots.cuatrola.heuristic:heuristic",
                    "expert": "bots.cuatrola.expert:expert"},
            # the expert shipped until issue 17 plays exactly as today's (its lead correction
            # was never trained: docs/bots.md), so it is today's file; the day the expert
            # changes, tests/bots/test_v1_levels.py says so and a frozen copy goes here
            measurement_levels={"expert@v1": "bots.cuatrola.expert:expert"},
            oracle="bots.cuatrola.expert:oracle_action", review="review.cuatrola")

__all__ = ["GAME", "CuatrolaState", "render_text", "new_match", "OPTIONS", "match_summary",
           "parse_deals", "deals_to_json", "NAME"]
