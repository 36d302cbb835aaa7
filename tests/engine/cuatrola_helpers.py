"""Helpers for Cuatrola scenario tests: explicit deals written as card text."""

from engine import match as M
from engine.cuatrola import new_match, parse_deals

DEALER = 3  # with the first dealer at seat 3, seat 0 is the mano


def deal(hands: list[str], trump: str) -> tuple:
    """One explicit deal from four space-separated hands."""
    return parse_deals([{"hands": [h.split() for h in hands], "trump": trump}])[0]


def start(hands: list[str], trump: str, dealer: int = DEALER, **options):
    """The opening state of a match whose first hand is the given deal."""
    return new_match(seed="test", options=options or None, deals=(deal(hands, trump),),
                     first_dealer=dealer)


def act(state, *texts):
    """Apply action texts in order."""
    for t in texts:
        state = state.apply(state.parse_action(t))
    return state


def legal(state) -> set[str]:
    return {state.action_text(a) for a in state.legal_actions()}


def match_file(hands, trump, actions, dealer=DEALER, **options) -> dict:
    m = M.new_match_file("cuatrola", seed="test", options=options or None)
    m["deals"] = [{"hands": [h.split() for h in hands], "trump": trump}]
    m["first_dealer"] = dealer
    m["actions"] = list(actions)
    return m
