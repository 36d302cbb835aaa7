"""Helpers for Cuatrola scenario tests: explicit deals written as card text, and fixed
hands found by search."""

from engine import match as M
from engine.cuatrola import new_match, parse_deals

from .helpers import act, legal  # noqa: F401  (the Cuatrola tests import them from here)

DEALER = 3  # with the first dealer at seat 3, seat 0 is the mano


def deal(hands: list[str], trump: str) -> tuple:
    """One explicit deal from four space-separated hands."""
    return parse_deals([{"hands": [h.split() for h in hands], "trump": trump}])[0]


def start(hands: list[str], trump: str, dealer: int = DEALER, **options):
    """The opening state of a match whose first hand is the given deal."""
    return new_match(seed="test", options=options or None, deals=(deal(hands, trump),),
                     first_dealer=dealer)


def match_file(hands, trump, actions, dealer=DEALER, **options) -> dict:
    m = M.new_match_file("cuatrola", seed="test", options=options or None)
    m["deals"] = [{"hands": [h.split() for h in hands], "trump": trump}]
    m["first_dealer"] = dealer
    m["actions"] = list(actions)
    return m


# A normal hand whose totals tie at 65: seed "tie11752", dealer 3,
# random legal play (random.Random(11752)).
TIE_DEAL = {"hands": ['1C 11C 1B 3B 10B', '1O 10C 10E 12E 11B', '3O 11O 3C 1E 3E', '10O 12O 12C 11E 12B'], "trump": '12O'}
TIE_ACTIONS = ('pass', 'pass', 'pass', 'pass', '3B', '11B', '11O', '12B', '3C', '12C', '1C', '10C', '1B', '1O', '3O', '12O', '10E', '1E', '11E', '10B', '3E', '10O', '11C', '12E')
