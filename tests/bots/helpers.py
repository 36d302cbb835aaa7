"""Shared helpers for the bot tests: play matches with levels, collect positions."""

import random

from engine.bots import choose
from engine.cuatrola import new_match
from engine.cuatrola.rules import PASS
from engine.cuatrola.state import BID_ACTION_BASE, PLAY
from engine.deal import SeededStream


def positions(rules, n_hands, level="heuristic", seed="pos", bid_rng=None, with_actions=False):
    """Every decision point (state) of ``n_hands`` first hands played by ``level``
    (with ``with_actions``: (state, actions so far)).

    With ``bid_rng`` the bids are random (to reach Solo/Cuatrola hands too).
    """
    out = []
    for i in range(n_hands):
        s = new_match(seed=f"{seed}-{i}", options=rules)
        k = 0
        actions = []
        while s.hand_no == 0 and not s.is_terminal():
            seat = s.current_player
            out.append((s, tuple(actions)) if with_actions else s)
            if bid_rng is not None and s.phase != PLAY:
                legal = s.legal_actions()
                a = bid_rng.choices(legal, [6 if x == BID_ACTION_BASE + PASS else 1 for x in legal])[0]
            else:
                a = s.parse_action(choose(s.view(seat), level,
                                          SeededStream("test", f"{seed}-{i}", str(k))))
            s = s.apply(a)
            actions.append(a)
            k += 1
    return out


RULE_SETS = [
    {},
    {"beat_partner": False},
    {"discard_if_cannot_overtrump": False},
    {"beat_led_after_trump": True},
    {"cantes": "first_trick", "quintola": True},
    {"beat_partner": False, "discard_if_cannot_overtrump": False, "beat_led_after_trump": True,
     "cantes": "first_trick"},
]


def rng(seed=0):
    return random.Random(seed)


def replay_with_hands(state, actions, hands):
    """The state reached by the same actions from a deal whose current hands are
    ``hands`` (same played cards, same trump card, same dealer), or None if an
    action is illegal with that deal."""
    from engine.errors import IllegalActionError
    played = [0, 0, 0, 0]
    for t in state.tricks:
        for seat, c in t.plays:
            played[seat] |= 1 << c
    for seat, c in state.trick:
        played[seat] |= 1 << c
    deal = (tuple(h | p for h, p in zip(hands, played)), state.trump)
    try:
        s = new_match(seed=state.cfg.seed, options=dict(state.rules), deals=(deal,),
                      first_dealer=state.dealer)
        for a in actions:
            s = s.apply(a)
    except IllegalActionError:
        return None
    return s


def cuatrola_alternatives(state, actions, seat, r, tries=40):
    """States with other hidden cards that give ``seat`` exactly the same view."""
    out = []
    others = [s for s in range(4) if s != seat]
    for _ in range(tries):
        hands = list(state.hands)
        a, b = r.sample(others, 2)
        ca = [c for c in range(40) if hands[a] >> c & 1]
        cb = [c for c in range(40) if hands[b] >> c & 1]
        if not ca or not cb:
            continue
        x, y = r.choice(ca), r.choice(cb)
        hands[a] ^= (1 << x) | (1 << y)
        hands[b] ^= (1 << x) | (1 << y)
        alt = replay_with_hands(state, actions, hands)
        if alt is not None and alt.view(seat) == state.view(seat):
            out.append(alt)
        if len(out) >= 2:
            break
    return out


def cuarenta_alternatives(s, seat, r):
    """Cuarenta states with two hidden cards swapped between two other hands (ronda holders
    kept), which give ``seat`` the same view."""
    out = []
    n = s.params.players
    others = [x for x in range(n) if x != seat and s.hands[x]]
    for _ in range(10):
        hands = list(s.hands)
        deals = [list(d) for d in s.deals]
        if len(others) < 2:
            break
        a, b = r.sample(others, 2)
        ca = [c for c in range(40) if hands[a] >> c & 1]
        cb = [c for c in range(40) if hands[b] >> c & 1]
        x, y = r.choice(ca), r.choice(cb)
        swap = (1 << x) | (1 << y)
        hands[a] ^= swap
        hands[b] ^= swap
        d = s.deal_no
        deals[d][a] ^= swap
        deals[d][b] ^= swap
        ok = all(_three(deals[d][p]) == any(dd == d and ss == p for dd, ss, _ in s.rondas)
                 for p in (a, b))
        if ok:
            out.append(s._replace(hands=tuple(hands), deals=tuple(tuple(x) for x in deals)))
        if len(out) >= 2:
            break
    return out


def _three(m):
    return any(sum(m >> (s * 10 + k) & 1 for s in range(4)) >= 3 for k in range(10))
