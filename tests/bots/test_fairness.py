"""Fair by construction: a computer player sees a seat's view and a random
generator, nothing else. Changing the hidden cards of the other seats in any way
consistent with the view (the same public record replayed from another deal)
never changes a player's choice for the same random stream."""

import random

import pytest

from engine.bots import LEVELS, choose, levels
from engine.deal import SeededStream

from .helpers import cuatrola_alternatives, positions


@pytest.mark.parametrize("level", [pytest.param(lv, marks=pytest.mark.slow) if lv == "expert" else lv
                                   for lv in levels("cuatrola")])
def test_hidden_cards_never_change_the_choice(level):
    r = random.Random(11)
    ps = positions({}, 6, bid_rng=random.Random(4), with_actions=True, seed="fair")
    step = 1 if level != "expert" else 4
    tested = 0
    for k, (s, actions) in enumerate(ps[::step]):
        seat = s.current_player
        alts = cuatrola_alternatives(s, actions, seat, r)
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
