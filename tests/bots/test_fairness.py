"""Fair by construction: a computer player sees a seat's view and a random
generator, nothing else. Changing the hidden cards of the other seats in any way
consistent with the view (the same public record replayed from another deal)
never changes a player's choice for the same random stream."""

import random

import pytest

from engine.bots import LEVELS, choose, levels
from engine.deal import SeededStream

from .helpers import positions, replay_with_hands


def alternatives(state, actions, seat, r, tries=40):
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


@pytest.mark.parametrize("level", levels("cuatrola"))
def test_hidden_cards_never_change_the_choice(level):
    r = random.Random(11)
    ps = positions({}, 6, bid_rng=random.Random(4), with_actions=True, seed="fair")
    step = 1 if level != "expert" else 4
    tested = 0
    for k, (s, actions) in enumerate(ps[::step]):
        seat = s.current_player
        alts = alternatives(s, actions, seat, r)
        if not alts:
            continue
        base = choose(s.view(seat), level, SeededStream("fair", str(k), level))
        for alt in alts:
            assert alt.hands != s.hands
            assert choose(alt.view(seat), level, SeededStream("fair", str(k), level)) == base
        tested += 1
    assert tested >= 8


def test_the_oracle_is_not_a_level():
    for game in LEVELS:
        assert "oracle" not in LEVELS[game]
    from engine.api import handle
    r = handle({"op": "games"})
    for game, info in r["games"].items():
        assert "oracle" not in info["levels"]
