"""What a seat knows: deductions from the view are true of the real deal, and
sampled deals agree with the view."""

import random

import pytest

from engine.bots.cuatrola.info import Info
from engine.bots.cuatrola.sample import Sampler
from engine.cuatrola.state import PLAY

from .helpers import RULE_SETS, positions, replay_with_hands


@pytest.mark.parametrize("rules", RULE_SETS)
def test_deductions_hold_for_the_real_hands(rules):
    for s in positions(rules, 25, bid_rng=random.Random(5)):
        for seat in range(4):
            info = Info.from_view(s.view(seat))
            for o in range(4):
                assert info.known[o] & s.hands[o] == info.known[o], (o, seat)
                if o != seat:
                    assert not info.forbidden[o] & s.hands[o], (rules, o, seat, s.trick)
            assert info.consistent(list(s.hands))


@pytest.mark.parametrize("rules", RULE_SETS[:1] + RULE_SETS[4:])
def test_samples_respect_the_view(rules):
    r = random.Random(7)
    for s, actions in positions(rules, 8, bid_rng=random.Random(6), with_actions=True)[::3]:
        seat = s.current_player
        info = Info.from_view(s.view(seat))
        sampler = Sampler(info)
        assert sampler.ok
        for _ in range(5):
            hands = sampler.sample(r)
            assert hands[seat] == s.hands[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in s.hands]
            assert sum(hands) == sum(s.hands)  # disjoint, same unplayed cards
            for o in range(4):
                assert info.known[o] & hands[o] == info.known[o]
                if o != seat:
                    assert not info.forbidden[o] & hands[o]
            # the sampled deal explains the public record: replayed from its start
            # with the same actions, it gives this seat exactly the same view
            alt = replay_with_hands(s, actions, hands)
            assert alt is not None and alt.view(seat) == s.view(seat)


def test_shown_trump_card_stays_with_the_dealer():
    for s in positions({}, 6):
        if s.phase == PLAY and s.hands[s.dealer] >> s.trump & 1:
            seat = (s.dealer + 1) % 4
            info = Info.from_view(s.view(seat))
            for h in (Sampler(info).sample(random.Random(k)) for k in range(5)):
                assert h[s.dealer] >> s.trump & 1


def test_sampling_is_uniform_over_consistent_deals():
    """Before any card is played, each unseen non-trump card is equally likely in
    each other hand."""
    from engine.cuatrola import new_match
    s = new_match(seed="uniform")
    seat = (s.dealer + 1) % 4
    info = Info.from_view(s.view(seat))
    sampler = Sampler(info)
    r = random.Random(3)
    counts = {}
    n = 3000
    for _ in range(n):
        h = sampler.sample(r)
        for o in range(4):
            if o != seat:
                counts[o] = counts.get(o, 0) + bool(h[o] & sampler_first(sampler))
    for o, k in counts.items():
        # the first pool card: the dealer has 4 free places, the others 5 (14 places)
        expected = n * ((4 if o == s.dealer else 5) / 14)
        assert abs(k - expected) < 4 * (expected ** 0.5), (o, k, expected)


def sampler_first(sampler):
    return 1 << sampler.pool[0]
