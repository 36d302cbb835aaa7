"""Inference from play (engine/bots/cuatrola/model.py): the past decisions the model
replays are exactly the club player's decisions on the real past views."""

import random

import pytest

from engine.bots.cuatrola import heuristic as H
from engine.bots.cuatrola.info import Info
from engine.bots.cuatrola.model import PlayModel
from engine.cuatrola import new_match

from .helpers import RULE_SETS, positions


def states_along(rules, n, seed, random_bids=True):
    """(state, actions so far) in the play of ``n`` first hands played by the heuristic,
    with random bids (Solo and Cuatrola hands too) unless ``random_bids`` is False."""
    ps = positions(rules, n, bid_rng=random.Random(7) if random_bids else None,
                   with_actions=True, seed=seed)
    out = []
    for s, actions in ps:
        if s.phase_name != "play" or len(actions) < 6:
            continue
        out.append((s, actions))
    return out


def past_states(s, actions):
    st = new_match(seed=s.cfg.seed, options=dict(s.rules))
    seen = []
    for a in actions:
        seen.append((st, a))
        st = st.apply(a)
    assert st == s
    return seen


@pytest.mark.parametrize("rules", RULE_SETS)
def test_replayed_decisions_are_the_heuristics_on_the_real_views(rules):
    checked = 0
    for s, actions in states_along(rules, 3, "model")[::3]:
        seat = s.current_player
        model = PlayModel(Info.from_view(s.view(seat)))
        real = [(st, a) for st, a in past_states(s, actions) if st.current_player != seat]
        assert len(real) == len(model.decisions)
        for k, ((st, a), d) in enumerate(zip(real, model.decisions)):
            p = st.current_player
            assert (d.seat, d.action) == (p, a)
            want = H.decide(Info.from_view(st.view(p)))[0]
            assert model.choice(k, d, s.hands[p] | d.later) == want
            assert model.choice(k, d, st.hands[p]) == want
            checked += 1
    assert checked > 100


def test_the_real_deal_of_heuristic_players_is_fully_explained():
    """Four club players: the real deal agrees with every past decision, so its
    likelihood is 1; most other deals consistent with the view explain less."""
    from engine.bots.cuatrola.sample import Sampler
    r = random.Random(3)
    lower = 0
    total = 0
    for s, _ in states_along({}, 6, "explained", random_bids=False)[::5]:
        seat = s.current_player
        info = Info.from_view(s.view(seat))
        model = PlayModel(info)
        assert model.likelihood(s.hands) == 1.0
        sampler = Sampler(info)
        for _ in range(5):
            total += 1
            lower += model.likelihood(sampler.sample(r)) < 1.0
    assert total >= 40 and lower > total // 4


def test_inference_places_the_hidden_cards_better():
    """Deals drawn by the expert with the play model put more of the other seats'
    cards where they really are than deals drawn from the card constraints alone
    (positions of four club players, so the model is right about them)."""
    from engine.bots.cuatrola.expert import draw
    from engine.bots.cuatrola.sample import Sampler
    from engine.deal import SeededStream

    def right(s, hands, seat):
        return sum((s.hands[o] & hands[o]).bit_count() for o in range(4) if o != seat)

    plain = inferred = 0
    for k, (s, _) in enumerate(states_along({}, 30, "placed", random_bids=False)[::3]):
        seat = s.current_player
        info = Info.from_view(s.view(seat))
        sampler = Sampler(info)
        model = PlayModel(info)
        for j in range(4):
            plain += right(s, draw(sampler, None, SeededStream("t", str(k), f"p{j}"))[0], seat)
            inferred += right(s, draw(sampler, model, SeededStream("t", str(k), f"i{j}"))[0],
                              seat)
    assert inferred > plain * 1.08, (inferred, plain)
