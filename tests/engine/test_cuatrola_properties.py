"""Property tests over thousands of random legal Cuatrola hands (Hypothesis).

Invariants from the issue: 20 cards conserved, 5 tricks, points sum to 130 plus
cantes, every applied action was legal (and every other card refused), replaying
the log reproduces the state, no view shows a hidden card. The play obligations
are checked against a second, deliberately naive reading of the rules.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import match as M
from engine.cards import SPANISH, cards_of
from engine.cuatrola import OPTIONS, new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import PLAY, STRENGTH
from engine.errors import IllegalActionError

HANDS_PER_EXAMPLE = 8
EXAMPLES = 300  # x 8 hands = 2,400 random hands per run

rules_st = st.fixed_dictionaries({
    "quintola": st.booleans(),
    "cantes": st.sampled_from(["every_trick", "first_trick"]),
    "beat_led_after_trump": st.booleans(),
    "discard_if_cannot_overtrump": st.booleans(),
    "beat_partner": st.booleans(),
    "bid_limits": st.booleans(),
    "end": st.just("target"),
    "target": st.integers(1, 30),
})


def naive_legal(hand, trick, trump, rules, seat):
    """The obligations read straight from the rule text, card by card (slow, obvious)."""
    if not trick:
        return set(hand)
    led = trick[0][1] // 10

    def stronger(a, b):  # does a beat b?
        if a // 10 == b // 10:
            return STRENGTH[a] > STRENGTH[b]
        return a // 10 == trump

    winner_seat, winner = trick[0]
    for s, c in trick[1:]:
        if stronger(c, winner):
            winner_seat, winner = s, c
    partner_wins = not rules["beat_partner"] and (winner_seat % 2 == seat % 2)
    same = [c for c in hand if c // 10 == led]
    if same:
        if partner_wins:
            return set(same)
        trumped = winner // 10 == trump and led != trump
        target = winner
        if trumped:
            if not rules["beat_led_after_trump"]:
                return set(same)
            target = max((c for _, c in trick if c // 10 == led), key=lambda c: STRENGTH[c])
        higher = [c for c in same if STRENGTH[c] > STRENGTH[target]]
        return set(higher or same)
    trumps = [c for c in hand if c // 10 == trump]
    if not trumps or partner_wins:
        return set(hand)
    if winner // 10 == trump:
        over = [c for c in trumps if STRENGTH[c] > STRENGTH[winner]]
        if over:
            return set(over)
        return set(hand) if rules["discard_if_cannot_overtrump"] else set(trumps)
    return set(trumps)


def hidden_cards(state, seat):
    """Texts of the cards in other seats' hands that ``seat`` may not see."""
    out = set()
    for s in range(4):
        if s != seat:
            for c in cards_of(state.hands[s]):
                if s == state.dealer and c == state.trump:
                    continue  # the shown trump card is public while the dealer holds it
                out.add(SPANISH.text(c))
    return out


def check_view(state, seat):
    v = state.view(seat)
    text = json.dumps(v)
    assert set(v["hand"]) == {SPANISH.text(c) for c in cards_of(state.hands[seat])}
    strings = set()

    def walk(x):
        if isinstance(x, dict):
            for y in x.values():
                walk(y)
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, str):
            strings.add(x)
    walk({k: x for k, x in v.items() if k != "last_hand"})  # earlier hands: public history
    leaked = hidden_cards(state, seat) & (strings - set(v["hand"]))
    played = {p["card"] for t in v["tricks"] for p in t["cards"]} | {p["card"] for p in v["trick"]}
    assert not (leaked - played - {v["trump_card"]}), (leaked, text)


def play_and_check(seed, options, rng_seed):
    s = new_match(seed=seed, options=options)
    m = M.new_match_file("cuatrola", seed=seed, options=options)
    rng = random.Random(rng_seed)
    hands_done = 0
    while not s.is_terminal() and hands_done < HANDS_PER_EXAMPLE:
        # cards conserved: hands + tricks + current trick (+ the out partner's hand)
        in_play = [c for h in s.hands for c in cards_of(h)]
        taken = [c for t in s.tricks for _, c in t.plays] + [c for _, c in s.trick]
        assert sorted(in_play + taken) == sorted(R.CARDS)
        legal = s.legal_actions()
        assert legal
        if s.phase == PLAY:
            hand = cards_of(s.hands[s.turn])
            expect = naive_legal(hand, s.trick, s.trump // 10, options, s.turn)
            assert set(legal) == expect
            for c in hand:
                if c not in expect:
                    try:
                        s.apply(c)
                        raise AssertionError("illegal card accepted")
                    except IllegalActionError as e:
                        assert e.reason and "must" in e.reason
        seat = rng.randrange(4)
        check_view(s, seat)
        a = rng.choice(legal)
        m["actions"].append(s.action_text(a))
        before = len(s.history)
        s = s.apply(a)
        if len(s.history) > before:
            hands_done += 1
            rec = s.history[-1]
            assert len(rec.tricks) == R.TRICKS_PER_HAND
            cantes = sum(k.points for k in rec.cantes)
            out_points = 0
            if rec.declarer >= 0:
                assert rec.cantes == () or rec.contract == R.SOLO
                assert all(len(t.plays) == 3 for t in rec.tricks)
                out_seat = (rec.declarer + 2) % 4
                assert all(p[0] != out_seat for t in rec.tricks for p in t.plays)
                played = {c for t in rec.tricks for _, c in t.plays}
                out_points = sum(R.RANK_POINTS[c % 10] for c in R.CARDS
                                 if c not in played)
            assert sum(rec.totals) == R.HAND_TOTAL - out_points + cantes
            assert sum(rec.card_points) == R.DECK_POINTS - out_points
            assert sum(rec.points) == R.BID_VALUE.get(rec.contract, R.NORMAL_HAND_VALUE)
            if rec.contract < R.CUATROLA:
                t = rec.totals
                assert rec.winner == (rec.ultimas if t[0] == t[1] else (0 if t[0] > t[1] else 1))
            assert rec.ultimas == rec.tricks[-1].winner % 2
    assert M.replay(m) == s
    return s


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=12), options=rules_st, rng_seed=st.integers(0, 2**32))
def test_random_hands_keep_every_invariant(seed, options, rng_seed):
    play_and_check(seed, options, rng_seed)


def test_default_rules_many_seeds():
    """The default (quick) rules over 150 seeded matches."""
    for k in range(150):
        play_and_check(f"p{k}", dict(OPTIONS.resolve()), k)


def test_states_are_immutable_values():
    s = new_match(seed="imm")
    t = s.apply(s.legal_actions()[0])
    assert s != t and s.bids == () and hash(s) != hash(t)
    try:
        s.hands = ()
        raise AssertionError("state mutated")
    except AttributeError:
        pass
