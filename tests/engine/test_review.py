"""The review ops (docs/api.md, "analyse" and "hint"; issue 16): every decision of a seat
valued with every card visible and from the seat's view alone.

Double-dummy values are checked against the engine itself (minimax over ``state.apply``
with the hand's own scoring, or the solver's best play scored by the engine); the
expert's values must not change when other seats' hidden cards do; bad requests are
refusals with the facade's codes.
"""

from __future__ import annotations

import random

import pytest

from engine import api
from engine import match as M
from engine.bots import choose
from engine.bots.cuatrola_solver import Pos, Solver
from engine.cuarenta import new_match as cuarenta_match
from engine.cuarenta import rules as CR
from engine.cuarenta.state import CAPTURE, CAIDA, CARTON, CLAIM, GAME, LIMPIA, NOCLAIM
from engine.cuarenta.state import PLAY as CUARENTA_PLAY
from engine.cuatrola import deals_to_json, new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import PLAY
from engine.deal import SeededStream
from engine.review import REVIEW_STREAM, cuarenta as RQ, cuatrola as RC
from engine.review.cuarenta_search import DealSearch

from tests.bots.helpers import RULE_SETS, positions, replay_with_hands
from tests.bots.test_cuarenta_bots import alternatives as cuarenta_alternatives
from tests.bots.test_fairness import alternatives as cuatrola_alternatives

from .cuatrola_helpers import TIE_ACTIONS, TIE_DEAL
from .cuatrola_helpers import match_file as cuatrola_file


def ok(req):
    out = api.handle(req)
    assert out["ok"], out
    return out


def refused(req, code):
    out = api.handle(req)
    assert out["ok"] is False and out["code"] == code, out
    assert set(out["params"]) == set(api.refusal_codes()[code])
    return out


def played_match(game: str, seed: str, rules=None, hands: int = 1) -> dict:
    """A match file whose first ``hands`` hands were played by club players."""
    m = M.new_match_file(game, seed=seed, options=rules)
    s = M.replay(m)
    while s.hand_no < hands and not s.is_terminal():
        a = choose(s.view(s.current_player), "heuristic", None)
        m["actions"].append(a)
        s = s.apply(s.parse_action(a))
    return m


# ----- Cuatrola: every card visible ----------------------------------------------------
def hand_result(state, hand_no: int, side: int) -> int:
    """What the finished hand gave ``side`` (the engine's record): the margin of totals
    (cards, cantes, últimas) in a normal hand or Solo, of match points in a Cuatrola or
    Quintola."""
    rec = next(h for h in state.history if h.hand_no == hand_no)
    if rec.contract >= R.CUATROLA:
        return rec.points[side] - rec.points[1 - side]
    return rec.totals[side] - rec.totals[1 - side]


def cuatrola_brute(state, side: int) -> int:
    """Minimax over the engine's ``apply`` to the end of the hand (no pruning)."""
    hand_no = state.hand_no
    if state.hand_no != hand_no or state.is_terminal():
        return hand_result(state, hand_no, side)

    def rec(s):
        if s.hand_no != hand_no or s.is_terminal():
            return hand_result(s, hand_no, side)
        vals = [rec(s.apply(a)) for a in s.legal_actions()]
        return max(vals) if s.current_player % 2 == side else min(vals)
    return rec(state)


def solver_playout(state, hand_no: int) -> object:
    """The rest of hand ``hand_no`` played by the solver's best card for every seat."""
    while state.hand_no == hand_no and not state.is_terminal():
        state = state.apply(Solver(Pos.from_state(state)).best()[0])
    return state


@pytest.mark.parametrize("rules", RULE_SETS)
def test_double_dummy_card_values_equal_a_brute_force_over_the_engine(rules):
    """Late in the hand (three cards or fewer each) the value of every legal card is the
    minimax, over the engine's own moves and scoring, of what the hand gives the seat's
    side: the margin of totals (docs/rules-cuatrola.md: cards, cantes, 10 de últimas) in
    a normal hand or Solo, the match points in a Cuatrola or Quintola. Random bids bring
    Solo and Cuatrola hands."""
    checked = 0
    kinds = set()
    for s in positions(rules, 10, bid_rng=random.Random(7), seed="rev"):
        if s.phase != PLAY or len(s.tricks) < 2 or len(s.legal_actions()) < 2:
            continue
        seat = s.current_player
        dd, search = RC.double_dummy(s, seat)
        assert search["exact"]
        for a in s.legal_actions():
            assert dd[s.action_text(a)] == cuatrola_brute(s.apply(a), seat % 2), (s, a)
        kinds.add(s.contract)
        checked += 1
    assert checked >= 8 and R.PASS in kinds


def test_double_dummy_values_equal_the_solvers_play_on_fixed_hands():
    """On fixed hands (explicit deal, docs/match-format.md), each choice's value in the
    `analyse` answer is what the hand gives the seat's side when that choice is made and
    every seat then plays the solver's best card, scored by the engine."""
    m = cuatrola_file(TIE_DEAL["hands"], TIE_DEAL["trump"], TIE_ACTIONS)
    rp_state = M.replay(m)
    assert rp_state.hand_no == 1
    checked = 0
    for seat in range(4):
        listing = ok({"op": "analyse", "match": m, "seat": seat, "hand": 1})
        for d in listing["decisions"]:
            if d["kind"] != "card":
                continue
            a = ok({"op": "analyse", "match": m, "seat": seat, "action": d["action"]})
            before = M.replay(m, upto=d["action"])
            for row in a["choices"]:
                after = solver_playout(before.apply(before.parse_action(row["action"])), 0)
                assert row["double_dummy"] == hand_result(after, 0, seat % 2)
                checked += 1
    assert checked >= 20


def test_a_bid_is_valued_by_the_contract_it_leaves_standing_played_by_the_solver():
    """A bid's value is what the contract it leaves standing (later bids taken as passes)
    scores in match points, the seat's side minus the other, with best play: seed 000
    values a normal hand 1, Solo 2, Cuatrola 4. A tie on points counts 0 (docs/api.md)."""
    checked = 0
    for k in range(6):
        s = new_match(seed=f"bids{k}")
        while s.phase != PLAY:
            seat = s.current_player
            dd, _ = RC.double_dummy(s, seat)
            for a in s.legal_actions():
                t = s.apply(a)
                while t.phase != PLAY:
                    t = t.apply(t.parse_action("pass"))
                after = solver_playout(t, 0)
                rec = after.history[0]
                got = rec.points[seat % 2] - rec.points[1 - seat % 2]
                if rec.contract < R.CUATROLA and rec.totals[0] == rec.totals[1]:
                    assert dd[s.action_text(a)] == 0 and abs(got) == R.NORMAL_HAND_VALUE
                else:
                    assert dd[s.action_text(a)] == got
                checked += 1
            s = s.apply(s.parse_action("pass"))
    assert checked >= 40


# the first hand of seed "find84" (dealer seat 3, trump 1O) played by club players, except
# that seat 0, void in bastos and without trumps at trick 4, throws away its 1E (action
# 17) instead of the 10E
THROWN_AS_DEAL = [["11O 11C 1E 10E 11B", "3O 10C 3E 12E 1B", "1C 3C 12C 10B 12B",
                   "1O 10O 12O 11E 3B"], "1O"]
THROWN_AS_ACTIONS = ["pass", "pass", "pass", "pass", "11C", "10C", "12C", "10O", "1O", "11O",
                     "3O", "10B", "12O", "11B", "3E", "12B", "3B", "1E", "1B", "3C", "12E",
                     "1C", "11E", "10E"]


def test_a_thrown_away_as_is_a_mistake_with_its_cost():
    """Seat 0 discards its as de espadas on a trick its rivals win (seat 1's 1B) instead of
    the sota: the rivals take 42 points there and then the last trick (12E, 1C, 11E, 10E:
    20 points and the 10 de últimas, seed 000), where the as would have won 12E 1C 11E 1E
    (29 points and últimas); with the sota they take 33 in trick 4. The margin is 78
    points worse: a mistake (at least CARD_POINTS_MISTAKE card points), by both values."""
    m = cuatrola_file(*THROWN_AS_DEAL, THROWN_AS_ACTIONS)
    a = ok({"op": "analyse", "match": m, "seat": 0, "action": 17})
    assert a["played"] == "1E" and a["kind"] == "card" and a["trick"] == 4
    assert a["unit"] == "card_points" and a["threshold"] == RC.CARD_POINTS_MISTAKE
    before = M.replay(m, upto=17)
    brute = {t: cuatrola_brute(before.apply(before.parse_action(t)), 0) for t in ("1E", "10E")}
    assert brute["10E"] - brute["1E"] == 78
    assert a["cost"]["double_dummy"] == 78 and a["best"]["double_dummy"] == ["10E"]
    assert {r["action"]: r["double_dummy"] for r in a["choices"]} == brute
    assert a["mistake"] == {"double_dummy": True, "expert": True}
    assert a["best"]["expert"] == ["10E"] and a["cost"]["expert"] >= RC.CARD_POINTS_MISTAKE
    # the right card is no mistake
    other = ok({"op": "analyse", "match": m, "seat": 0, "action": 4})
    assert other["cost"]["double_dummy"] == 0 or other["played"] in other["best"]["double_dummy"]


# ----- Cuarenta: every card visible ---------------------------------------------------
def _deal_gain(events, side: int, card_value: float) -> float:
    """Points of caídas and limpias, and captured cards at ``card_value`` each, for ``side``
    minus the other side (the engine's events)."""
    v = 0.0
    for e in events:
        if e.kind in (CAIDA, LIMPIA):
            g = e.points
        elif e.kind == CAPTURE:
            g = card_value * (e.cards.bit_count() + 1)
        else:
            continue
        v += g if e.side == side else -g
    return v


def cuarenta_brute(state, side: int) -> dict:
    """{action: value} by minimax over the engine's ``apply`` (every legal action) to the
    end of the deal, valued as docs/api.md says: caídas and limpias; in the hand's last
    deal the cartón (the engine's own count, every ronda claim declined: claims are not
    counted), in other deals half a point a captured card."""
    deal, hand = state.deal_no, state.hand_no
    cv = 0.0 if deal + 1 == len(state.deals) else RQ.CE.CARD_VALUE

    def value(s, a):
        t = s.apply(a)
        v = _deal_gain(t.recent, side, cv)
        if t.phase == CUARENTA_PLAY and t.hand_no == hand and t.deal_no == deal:
            vals = [value(t, b) for b in t.legal_actions()]
            return v + (max(vals) if t.turn % 2 == side else min(vals))
        while t.phase == CLAIM:
            t = t.apply(NOCLAIM)
            v += _deal_gain(t.recent, side, cv)
        return v + sum(e.points if e.side == side else -e.points for e in t.recent
                       if e.kind == CARTON)

    return {a: value(state, a) for a in state.legal_actions()}


def _quiet(s) -> bool:
    """Nothing ends the game before the deal does: low scores, no four of a kind next."""
    nxt = s.deals[s.deal_no + 1] if s.deal_no + 1 < len(s.deals) else ()
    four = any((h >> r & 1) + (h >> (r + 10) & 1) + (h >> (r + 20) & 1) + (h >> (r + 30) & 1)
               == 4 for h in nxt for r in range(CR.RANKS))
    return max(s.score) < 30 and not four


def cuarenta_ends(rules, seeds, cards_left):
    """Positions of the first hand (club players) with at most ``cards_left`` cards to
    play in the deal."""
    for k in range(seeds):
        s = cuarenta_match(seed=f"end{k}", options=rules)
        while not s.is_terminal() and s.hand_no == 0:
            if s.phase == CUARENTA_PLAY and sum(h.bit_count() for h in s.hands) <= cards_left \
                    and len(s.legal_actions()) > 1 and _quiet(s):
                yield s
            s = s.apply(s.parse_action(choose(s.view(s.turn), "heuristic", None)))


@pytest.mark.parametrize("rules,left", [({}, 7), ({"players": 2}, 8), ({"todo_dos": True}, 6),
                                        ({"players": 2, "todo_dos": True}, 8)])
def test_cuarenta_exact_values_at_the_end_of_a_deal_equal_a_brute_force(rules, left):
    """Near the end of a deal the search is exact (docs/api.md) and each action's value
    equals the minimax over the engine's own moves and scoring (seed 004: caída 2, limpia
    2, caída y limpia 4 or todo dos 2, the cartón 6 for 20 cards ... counted at the end of
    the hand), in the hand's last deals and in earlier ones."""
    checked = 0
    last_deals = 0
    for s in cuarenta_ends(rules, 3, left):
        seat = s.turn
        search = DealSearch(s, seat % 2, RQ.DD_NODE_BUDGET)
        vals = search.values(s.legal_actions())
        assert search.exact and search.plies == sum(h.bit_count() for h in s.hands)
        brute = cuarenta_brute(s, seat % 2)
        assert vals == pytest.approx(brute), s
        dd, facts = RQ.double_dummy(s, seat)
        assert dd == {s.action_text(a): v for a, v in vals.items()} and facts["exact"]
        last_deals += s.deal_no + 1 == len(s.deals)
        checked += 1
    assert checked >= 6 and last_deals >= 2
