"""Cuarenta: Ecuador's fishing game for 2 players or 4 in partnerships, French 40-card deck.

>>> s = new_match(seed="doc", options={"players": 2})
>>> GAME.seats(s.rules), len(s.legal_actions()) >= 5
(2, True)
"""

from __future__ import annotations

from ..cards import DECK_SIZE, cards_of
from ..config import DEFAULT_SEED, MatchConfig
from ..deal import check_seed
from ..errors import MatchFileError
from ..protocol import Game
from . import rules
from .rules import OPTIONS
from .state import REFUSALS, CuarentaState, initial_state
from .views import match_summary, render_text

NAME = "cuarenta"


def seats(rules_) -> int:
    """Seats of a match under ``rules_``: the ``players`` option."""
    return rules_.players


def new_match(seed: str = DEFAULT_SEED, preset: str | None = None, options: dict | None = None,
              deals: tuple = (), first_dealer: int | None = None) -> CuarentaState:
    """The opening state of a match (first deal dealt, rondas already announced).

    >>> new_match(seed="x", preset="pagat").rules.clockwise
    True
    """
    r = OPTIONS.resolve(options, preset)
    return initial_state(MatchConfig(NAME, r, check_seed(seed), tuple(deals), first_dealer))


def parse_deals(data) -> tuple:
    """Validate explicit deals from a match file.

    ``data`` lists hands; a hand lists its deals (4 with 2 players, 2 with 4); a deal
    lists every seat's 5 cards, seat 0 first. Each hand uses all 40 cards exactly once.
    The player count must match the rules (checked when the match starts).

    >>> d = parse_deals([[["AH 2H 3H 4H 5H".split(), "6H 7H JH QH KH".split()],
    ...                   ["AD 2D 3D 4D 5D".split(), "6D 7D JD QD KD".split()],
    ...                   ["AC 2C 3C 4C 5C".split(), "6C 7C JC QC KC".split()],
    ...                   ["AS 2S 3S 4S 5S".split(), "6S 7S JS QS KS".split()]]])
    >>> len(d), len(d[0]), deals_to_json(d)[0][0][1]
    (1, 4, ['6H', '7H', 'JH', 'QH', 'KH'])
    """
    if not isinstance(data, list):
        raise MatchFileError("'deals' must be a list of hands")
    out = []
    players = None
    for h, hand in enumerate(data):
        where = f"deals[{h}]"
        if not isinstance(hand, list) or not hand:
            raise MatchFileError(f"{where} must be a list of deals (each a list of every "
                                 f"player's 5 cards)")
        seen = 0
        deals = []
        for d, deal in enumerate(hand):
            at = f"{where}[{d}]"
            if not isinstance(deal, list) or len(deal) not in rules.PLAYER_COUNTS:
                raise MatchFileError(f"{at} must list the cards of 2 or 4 players")
            if players is None:
                players = len(deal)
            if len(deal) != players:
                raise MatchFileError(f"{at} lists {len(deal)} players, the first deal "
                                     f"{players}")
            masks = []
            for s, cards_text in enumerate(deal):
                try:
                    cards = rules.DECK.parse_many(cards_text)
                except ValueError as e:
                    raise MatchFileError(f"{at}[{s}]: {e}") from None
                if len(cards) != rules.HAND_SIZE:
                    raise MatchFileError(f"{at}[{s}] must hold {rules.HAND_SIZE} cards")
                m = 0
                for c in cards:
                    if seen >> c & 1:
                        raise MatchFileError(f"{where}: {rules.DECK.text(c)} is dealt twice")
                    seen |= 1 << c
                    m |= 1 << c
                masks.append(m)
            deals.append(tuple(masks))
        if len(deals) != rules.deals_per_hand(players):
            raise MatchFileError(f"{where} must hold {rules.deals_per_hand(players)} deals "
                                 f"for {players} players (all 40 cards)")
        if seen != (1 << DECK_SIZE) - 1:
            raise MatchFileError(f"{where} must deal all 40 cards exactly once")
        out.append(tuple(deals))
    return tuple(out)


def deals_to_json(deals: tuple) -> list:
    """The match-file form of parsed deals (inverse of :func:`parse_deals`)."""
    return [[[[rules.DECK.text(c) for c in cards_of(m)] for m in deal] for deal in hand]
            for hand in deals]


GAME = Game(name=NAME, options=OPTIONS, seats=seats, new_match=new_match,
            parse_deals=parse_deals, deals_to_json=deals_to_json, match_summary=match_summary,
            render_text=render_text, refusals=REFUSALS,
            levels={"novice": "bots.cuarenta.novice:novice",
                    "heuristic": "bots.cuarenta.heuristic:heuristic",
                    "expert": "bots.cuarenta.expert:expert"},
            measurement_levels={"expert@v1": "bots.cuarenta.expert_v1:expert"},
            oracle="bots.cuarenta.expert:oracle_action", review="review.cuarenta")

__all__ = ["GAME", "CuarentaState", "new_match", "OPTIONS", "match_summary", "parse_deals",
           "deals_to_json", "render_text", "NAME", "seats"]
