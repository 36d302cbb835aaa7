"""The solver's rules agree with the engine's (legality, tricks, cantes, scoring)."""

import random

import pytest

from engine.cuatrola import new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import BID_ACTION_BASE, PLAY
from engine.bots.cuatrola.solver import Pos, Solver

from .helpers import RULE_SETS


def random_play_states(rules, seed, n, bid_weights=(8, 2, 1, 1)):
    """Engine states in the play phase reached by random bids and cards."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        s = new_match(seed=f"solver-{seed}-{i}", options=rules)
        while s.phase != PLAY:
            legal = s.legal_actions()
            w = [bid_weights[a - BID_ACTION_BASE] for a in legal]
            s = s.apply(rng.choices(legal, w)[0])
        for _ in range(rng.randrange(0, 16)):
            if s.phase != PLAY or s.hand_no:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if s.phase == PLAY and s.hand_no == 0:
            out.append(s)
    return out


def engine_value(s, margin0):
    """Exact minimax by brute force over CuatrolaState.apply (slow; small positions)."""
    if s.hand_no > 0 or s.phase != PLAY:
        rec = s.history[-1]
        if rec.contract >= R.CUATROLA:
            return 1 if rec.winner == 0 else -1
        return rec.totals[0] - rec.totals[1] - margin0
    vals = [engine_value(s.apply(a), margin0) for a in s.legal_actions()]
    return max(vals) if s.turn % 2 == 0 else min(vals)


def margin_so_far(s):
    cp = [s.card_points[0], s.card_points[1]]
    for k in s.cantes:
        cp[k.seat % 2] += k.points
    return cp[0] - cp[1]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_legal_moves_match_engine(rules):
    for s in random_play_states(rules, 1, 60):
        assert Pos.from_state(s).legal() == s._legal_mask()


@pytest.mark.parametrize("rules", RULE_SETS)
def test_playouts_score_like_engine(rules):
    """Pos.play along a random playout settles the engine's totals and contract."""
    rng = random.Random(2)
    for s in random_play_states(rules, 2, 40):
        p = Pos.from_state(s)
        margin = margin_so_far(s)
        settled = 0
        while s.hand_no == 0:
            assert p.legal() == s._legal_mask()
            a = rng.choice(s.legal_actions())
            s = s.apply(a)
            settled += p.play(a)
        rec = s.history[-1]
        if rec.contract >= R.CUATROLA:
            assert p.contract_result() == (1 if rec.winner == 0 else -1)
        else:
            assert margin + settled == rec.totals[0] - rec.totals[1]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_solver_values_match_brute_force(rules):
    checked = 0
    for s in random_play_states(rules, 3, 400):
        cards_left = sum(h.bit_count() for h in s.hands)
        if cards_left > 12 or s.hands[s.turn] == 0:
            continue
        p = Pos.from_state(s)
        vals = Solver(p).values()
        margin = margin_so_far(s)
        for a in s.legal_actions():
            assert vals[a] == engine_value(s.apply(a), margin), (rules, s.trick, a)
        checked += 1
        if checked >= 25:
            break
    assert checked >= 5
