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
