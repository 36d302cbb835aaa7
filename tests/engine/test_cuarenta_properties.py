"""Property tests over random legal Cuarenta play (Hypothesis), kept to a few seconds.

* the 40 cards are conserved: hands, table, both capture piles and the stock;
* scores change only through the events (caída, limpia, ronda, claim, cartón), the
  "38 no juega" rule holds (seed 004: 'eine Partei mit genau 38 Punkten [kann] nur noch mit
  einer Caída punkten') and points are written at once;
* legal actions and the validator agree, and every legal action's text round-trips;
* replaying the log through engine.match reproduces the state;
* no view shows another seat's hand, the stock, or another seat's ronda rank.
"""

import json
import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import match as M
from engine.cards import cards_of
from engine.cuarenta import new_match
from engine.cuarenta import rules as R
from engine.cuarenta.views import hand_summary
from engine.cuarenta.state import (CAIDA, CARD_BITS, GAME, LIMPIA, MATCH, OVER, PLAY, RONDA,
                                   CLAIMED, CARTON)

FULL = (1 << 40) - 1
SCORING = {CAIDA, LIMPIA, RONDA, CLAIMED, CARTON}

options = st.fixed_dictionaries({
    "players": st.sampled_from([2, 4]),
    "sequences": st.sampled_from(["auto", "manual"]),
    "todo_dos": st.booleans(),
    "rondas_from_30": st.booleans(),
    "thirty_eight": st.sampled_from(["caida_only", "no_limpia"]),
    "mesa": st.booleans(),
    "clockwise": st.booleans(),
})
seeds = st.text(alphabet="abcñ0123 ♠", min_size=1, max_size=12)
FAST = settings(max_examples=50, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def conserved(s) -> bool:
    parts = list(s.hands) + [s.table, s.captured[0], s.captured[1]]
    parts += [h for deal in s.deals[s.deal_no + 1:] for h in deal] if s.phase != OVER else []
    total = 0
    for p in parts:
        if total & p:
            return False
        total |= p
    return total == FULL or s.phase == OVER


def check_scores(old, new, caida_only: bool):
    """Walk the events of one action: every point is an event's, and 38 is respected."""
    score = list(old.score)
    events = new.recent
    before = score[:]  # a caída y limpia is one scoring: both judged on the score before it
    for i, e in enumerate(events):
        if e.kind not in (CAIDA, LIMPIA):
            before = score[:]
        if e.points:
            assert e.kind in SCORING
            if before[e.side] == R.THIRTY_EIGHT:
                assert e.kind == CAIDA if caida_only else e.kind != LIMPIA
            assert e.points > 0
            score[e.side] += e.points
        if e.kind == GAME:
            assert max(score) >= R.TARGET_POINTS or any(x.kind == "four" for x in events)
            if i + 1 == len(events) or events[i + 1].kind != MATCH:
                score = [0, 0]  # the next chica
    assert tuple(score) == new.score


def hidden_ok(s):
    n = s.params.players
    for seat in range(n):
        v = s.view(seat)
        json.dumps(v)
        assert v["hand"] == sorted(v["hand"], key=lambda t: (
            R.DECK.ranks.index(t[:-1]), R.DECK.suits.index(t[-1])))
        v = dict(v)
        v.pop("first_dealer_draw")  # a separate shuffle, dealt face up
        last = v.pop("last_hand")   # a finished hand: every card in it was played openly
        recent = v.pop("events")    # may end the previous hand: each is in a public record
        earlier = [e for rec in s.history[-2:] for e in hand_summary(rec, seat)["events"]]
        assert (last is None) == (not s.history)
        assert all(e in v["hand_events"] or e in earlier for e in recent)
        blob = json.dumps(v)
        hidden = [h for o, h in enumerate(s.hands) if o != seat]
        if s.phase != OVER:
            hidden += [h for d in s.deals[s.deal_no + 1:] for h in d]
        shown = 0  # a four of a kind is shown: 'Zeig sie'
        for e in s.events():
            if e.kind == "four":
                shown |= e.cards
        for h in hidden:
            for c in cards_of(h & ~shown):
                assert f'"{R.DECK.text(c)}"' not in blob
        for e in recent + earlier + v["hand_events"] + v["rondas"]:
            if e.get("kind", "ronda") == "ronda" and e.get("seat") != seat:
                assert "rank" not in e


def validator_agrees(s, rng):
    """For a sample of (card, table subset) actions, apply accepts exactly the legal ones."""
    legal = set(s.legal_actions())
    table = list(cards_of(s.table))
    hand = list(cards_of(s.hands[s.turn]))
    subsets = [()]
    for k in range(1, min(len(table), 4) + 1):
        subsets += list(combinations(table, k))
    rng.shuffle(subsets)
    for c in hand:
        for sub in subsets[:40]:
            a = c | sum(1 << x for x in sub) << CARD_BITS
            reason = s.explain(a)
            assert (reason == "") == (a in legal), (s.action_text(a), reason)
            if a not in legal:
                try:
                    s.apply(a)
                except Exception as e:  # noqa: BLE001 - checking the kind
                    assert type(e).__name__ == "IllegalActionError" and e.reason == reason
                else:
                    raise AssertionError(f"{s.action_text(a)} was accepted")


@FAST
@given(seed=seeds, opts=options, choices=st.integers(0, 2**32))
def test_random_play_invariants(seed, opts, choices):
    pick = random.Random(choices)
    s = new_match(seed=seed, options=opts)
    caida_only = opts["thirty_eight"] == "caida_only"
    texts = []
    checked = 0
    for step in range(160):
        assert conserved(s)
        if s.is_terminal():
            break
        legal = s.legal_actions()
        assert legal and list(legal) == sorted(set(legal))
        for a in legal:
            assert s.parse_action(s.action_text(a)) == a
        if s.phase == PLAY and step % 7 == 0 and checked < 6:
            validator_agrees(s, pick)
            checked += 1
        if step % 11 == 0:
            hidden_ok(s)
        a = pick.choice(legal)
        texts.append(s.action_text(a))
        new = s.apply(a)
        check_scores(s, new, caida_only)
        assert len(new.history) >= len(s.history)
        s = new
    hidden_ok(s)
    m = M.new_match_file("cuarenta", seed=seed, options=opts)
    m["actions"] = texts
    assert M.replay(m) == s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=st.sampled_from([2, 4]), choices=st.integers(0, 2**32))
def test_whole_matches_end_with_a_winner_at_forty(seed, players, choices):
    """'Wer zuerst 40 Punkte hat, gewinnt.' Random matches end; the winner reached 40 (or
    showed four of a kind), and every finished hand conserved 40 cards."""
    pick = random.Random(choices)
    s = new_match(seed=seed, options={"players": players})
    for _ in range(5000):
        if s.is_terminal():
            break
        s = s.apply(pick.choice(s.legal_actions()))
    assert s.is_terminal()
    four = any(e.kind == "four" for e in s.history[-1].events)
    assert s.score[s.winner] >= R.TARGET_POINTS or four
    assert s.score[1 - s.winner] < R.TARGET_POINTS
    assert s.returns()[0] == (1.0 if s.winner == 0 else -1.0)
    for rec in s.history:
        if rec.finished:
            assert sum(rec.captured) <= 40
            assert sum(sum(d) for d in rec.deals) == FULL


def test_random_play_is_deterministic():
    """Same seed and same choices, same match (no hidden global state)."""
    def run():
        rng = random.Random(7)
        s = new_match(seed="det", options={"players": 2})
        for _ in range(200):
            if s.is_terminal():
                break
            s = s.apply(rng.choice(s.legal_actions()))
        return s
    assert run() == run()
