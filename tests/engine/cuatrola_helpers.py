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


# the first hand of seed "find84" (dealer seat 3, trump 1O) played by club players, except
# that seat 0, void in bastos and without trumps at trick 4, throws away its 1E (action
# 17) instead of the 10E
THROWN_AS_DEAL = [["11O 11C 1E 10E 11B", "3O 10C 3E 12E 1B", "1C 3C 12C 10B 12B",
                   "1O 10O 12O 11E 3B"], "1O"]
THROWN_AS_ACTIONS = ["pass", "pass", "pass", "pass", "11C", "10C", "12C", "10O", "1O", "11O",
                     "3O", "10B", "12O", "11B", "3E", "12B", "3B", "1E", "1B", "3C", "12E",
                     "1C", "11E", "10E"]
