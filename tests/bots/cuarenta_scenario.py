"""Build Cuarenta positions from explicit hands and actions, for rule tests."""

import random

from engine.cuarenta import new_match
from engine.cuarenta import rules as R

P = R.DECK.parse


def deal4(first, rest_seed=1):
    """A 4-player hand: deal 1 as given (seat -> 5 card texts), deal 2 the other cards."""
    masks = [sum(1 << P(c) for c in first[s]) for s in range(4)]
    used = sum(masks)
    rest = [c for c in range(40) if not used >> c & 1]
    random.Random(rest_seed).shuffle(rest)
    second = [sum(1 << c for c in rest[5 * s:5 * s + 5]) for s in range(4)]
    return ((tuple(masks), tuple(second)),)


def scenario(first, actions=(), rules=None, score=None):
    s = new_match(seed="cs", options=rules or {}, deals=deal4(first), first_dealer=3)
    for a in actions:
        s = s.apply(s.parse_action(a))
    if score is not None:
        s = s._replace(score=score)
    return s
