"""Build Cuarenta positions from explicit hands and actions, for rule tests."""

import random

from engine.cuarenta import new_match
from engine.cuarenta import rules as R
from engine.cuarenta.state import CARD_BITS, CARD_FIELD, CLAIM

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



def claim_positions(limit=3, seeds=400):
    """(match number, state, the right answer) wherever a ronda claim is offered in the
    first hand of 2-player matches ``claim0``, ``claim1``... (every card that can be fallen
    on is, to make claims happen), until ``limit`` claims were seen (checked after each
    match). The right answer is then played."""
    found = 0
    for m in range(seeds):
        s = new_match(seed=f"claim{m}", options={"players": 2})
        r = random.Random(m)
        while not s.is_terminal() and s.hand_no == 0:
            if s.phase == CLAIM:
                claimer, holder, d = s.pending[0]
                rank = next(k for dd, ss, k in s.rondas if dd == d and ss == holder)
                fell = s.caida_cards(claimer, holder, d)
                want = f"claim:{R.DECK.ranks[rank]}" if fell & sum(
                    1 << (x * R.RANKS + rank) for x in range(4)) else "noclaim"
                yield m, s, want
                found += 1
                s = s.apply(s.parse_action(want))
                continue
            acts = s.legal_actions()
            caida = [a for a in acts if s.last >= 0 and (a >> CARD_BITS) >> s.last & 1 and
                     (a & CARD_FIELD) % R.RANKS == s.last % R.RANKS]
            s = s.apply(caida[0] if caida else r.choice(acts))
        if found >= limit:
            break
