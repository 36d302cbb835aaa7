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
from engine.bots.cuatrola.solver import Pos, Solver
from engine.cuarenta import new_match as cuarenta_match
from engine.cuarenta import rules as CR
from engine.bots.cuarenta.search import WIN_VALUE
from engine.cuarenta.state import (CAPTURE, CAIDA, CARTON, CLAIM, DEAL, GAME, LIMPIA, NOCLAIM,
                                   TAKE_SEQ)
from engine.cuarenta.state import PLAY as CUARENTA_PLAY
from engine.cuatrola import deals_to_json, new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import PLAY
from engine.deal import SeededStream
from engine.review import REVIEW_STREAM, cuarenta as RQ, cuatrola as RC

from tests.bots.helpers import RULE_SETS, positions, replay_with_hands
from tests.bots.helpers import cuarenta_alternatives, cuatrola_alternatives

from .cuatrola_helpers import THROWN_AS_ACTIONS, THROWN_AS_DEAL, TIE_ACTIONS, TIE_DEAL
from .cuatrola_helpers import match_file as cuatrola_file
from .review_helpers import ok, played_match, refused


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
    assert checked >= 8 and {R.PASS, R.SOLO, R.CUATROLA} <= kinds


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
    # its last card was forced: no choice, no cost, nothing sampled
    last = ok({"op": "analyse", "match": m, "seat": 0, "action": 23})
    assert last["forced"] and last["cost"] == {"double_dummy": 0, "expert": 0}
    assert last["mistake"] == {"double_dummy": False, "expert": False}
    assert last["choices"] == [{"action": "10E", "double_dummy": -130, "expert": None}]


# ----- Cuarenta: every card visible ---------------------------------------------------
def _deal_gain(events, side: int, card_value: float) -> tuple[float, float, int | None]:
    """(points of caídas, limpias and the cartón, with WIN_VALUE for a won game; captured
    cards at ``card_value`` each; the side that won the game or None) for ``side`` minus
    the other side, from the engine's events up to the next deal's (the search's horizon:
    its rondas are not counted)."""
    pts = cards = 0.0
    won = None
    for e in events:
        if e.kind == DEAL:
            break
        sign = 1 if e.side == side else -1
        if e.kind in (CAIDA, LIMPIA, CARTON):
            pts += sign * e.points
        elif e.kind == CAPTURE:
            cards += sign * card_value * (e.cards.bit_count() + 1)
        elif e.kind == TAKE_SEQ:
            cards += sign * card_value * e.cards.bit_count()
        elif e.kind == GAME:
            pts += sign * WIN_VALUE
            won = e.side
    return pts, cards, won


def cuarenta_brute(state, side: int, winners: dict | None = None) -> dict:
    """{action: value} by minimax over the engine's ``apply`` (every legal action) to the
    end of the deal, valued as docs/api.md says: the change in the count of the position
    (points, and captured cards: in the hand's last deal the cartón, the engine's own
    count with every ronda claim declined, claims are not counted; in other deals half a
    point a card). A side that reaches 40 wins the game there (the engine ends it): the
    points and ``WIN_VALUE``, and no card counts any more (those held now were counted in
    the position's count). ``winners``, if given, receives per action the side that wins
    the game on the line of best play (None: no one does in the deal)."""
    deal, hand = state.deal_no, state.hand_no
    cv = 0.0 if deal + 1 == len(state.deals) else RQ.CE.CARD_VALUE
    caps = [m.bit_count() for m in state.captured]
    held = cv * (caps[side] - caps[1 - side])   # the cards in the count of the position now

    def value(s, a, pts, cards):
        """(value of the line, winner) of ``a`` in ``s`` with best play after it, ``pts``
        and ``cards`` gained before it."""
        t = s.apply(a)
        p, c, won = _deal_gain(t.recent, side, cv)
        pts, cards = pts + p, cards + c
        if won is not None:
            return pts - held, won
        if t.phase == CUARENTA_PLAY and t.hand_no == hand and t.deal_no == deal:
            rows = [value(t, b, pts, cards) for b in t.legal_actions()]
            pick = max if t.turn % 2 == side else min
            return pick(rows, key=lambda r: r[0])
        while t.phase == CLAIM:
            t = t.apply(NOCLAIM)
            p, c, won = _deal_gain(t.recent, side, cv)
            pts, cards = pts + p, cards + c
            if won is not None:
                return pts - held, won
        return pts + cards, None

    out = {}
    for a in state.legal_actions():
        out[a], won = value(state, a, 0.0, 0.0)
        if winners is not None:
            winners[a] = won
    return out


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


@pytest.mark.parametrize("rules,left", [({}, 7), ({"players": 2}, 7), ({"todo_dos": True}, 6),
                                        ({"players": 2, "todo_dos": True}, 7)])
def test_cuarenta_exact_values_at_the_end_of_a_deal_equal_a_brute_force(rules, left):
    """Near the end of a deal the search is exact (docs/api.md) and each action's value
    equals the minimax over the engine's own moves and scoring (seed 004: caída 2, limpia
    2, caída y limpia 4 or todo dos 2, the cartón 6 for 20 cards ... counted at the end of
    the hand), in the hand's last deals and in earlier ones."""
    checked = 0
    last_deals = 0
    for s in cuarenta_ends(rules, 3, left):
        seat = s.turn
        vals, search = RQ.deal_values(s)
        assert search["exact"] and search["plies"] == sum(h.bit_count() for h in s.hands)
        brute = cuarenta_brute(s, seat % 2)
        assert vals == pytest.approx(brute), s
        dd, facts = RQ.double_dummy(s, seat)
        assert dd == {s.action_text(a): v for a, v in vals.items()} and facts["exact"]
        last_deals += s.deal_no + 1 == len(s.deals)
        checked += 1
    assert checked >= 6 and last_deals >= 2


def cuarenta_late(rules, seeds, cards_left, prefix="late"):
    """Positions of the first hand (club players) with at most ``cards_left`` cards to play
    in the deal and a choice to make, the score set to 36-39 for each side (a caída, a
    limpia or the cartón can end the game)."""
    r = random.Random(f"{prefix}{rules}")
    for k in range(seeds):
        s = cuarenta_match(seed=f"{prefix}{k}", options=rules)
        while not s.is_terminal() and s.hand_no == 0:
            if s.phase == CUARENTA_PLAY and sum(h.bit_count() for h in s.hands) <= cards_left \
                    and len(s.legal_actions()) > 1:
                yield s._replace(score=(r.randint(36, 39), r.randint(36, 39)))
            s = s.apply(s.parse_action(choose(s.view(s.turn), "heuristic", None)))


@pytest.mark.parametrize("rules,left", [({}, 6), ({"players": 2}, 7),
                                        ({"thirty_eight": "no_limpia"}, 6),
                                        ({"players": 2, "todo_dos": True}, 7)])
def test_cuarenta_values_near_40_end_the_game_as_the_rules_do(rules, left):
    """Seed 004: "Wer zuerst 40 Punkte hat, gewinnt. Punkte werden sofort angeschrieben –
    eine Caída kann die Partie also mitten in der Hand beenden." At 36-39 the review's
    double-dummy values equal the brute force over the engine, which ends the game when a
    side reaches 40: nothing after it counts (no cartón), the won game counts WIN_VALUE,
    and "38 que no juega" holds back what it holds back (docs/api.md)."""
    checked = ended = 0
    for s in cuarenta_late(rules, 3, left):
        seat = s.turn
        vals, facts = RQ.deal_values(s)
        assert facts["exact"]
        winners = {}
        assert vals == pytest.approx(cuarenta_brute(s, seat % 2, winners)), s
        ended += any(w is not None for w in winners.values())
        checked += 1
    assert checked >= 6 and ended >= 3, (checked, ended)


def test_cuarenta_review_columns_agree_on_who_wins_near_40():
    """Both columns search with one rule (engine/bots/cuarenta/search.py): a side reaching
    40 wins there. With two players, in the hand's last deal the seat has seen every card
    but the other's hand, so the expert's deals are the true deal: its values and the
    double-dummy values differ by one constant (each counts from its own value of the
    position now), and an action after which the seat's side wins the game (the brute
    force over the engine) is valued above one after which the other side wins, in both
    columns."""
    checked = split = 0
    for k, s in enumerate(cuarenta_late({"players": 2}, 12, 6, prefix="agree")):
        if s.deal_no + 1 != len(s.deals):
            continue
        seat = s.turn
        dd, _ = RQ.double_dummy(s, seat)
        ex = RQ.expert(s.view(seat), SeededStream(REVIEW_STREAM, "agree", str(k)))["values"]
        offset = {round(dd[t] - ex[t], 6) for t in dd}
        assert len(offset) == 1, (dd, ex)
        winners = {}
        cuarenta_brute(s, seat % 2, winners)
        mine = [s.action_text(a) for a, w in winners.items() if w == seat % 2]
        theirs = [s.action_text(a) for a, w in winners.items() if w == 1 - seat % 2]
        for a in mine:
            for b in theirs:
                assert dd[a] > dd[b] and ex[a] > ex[b], (a, b, dd, ex)
        split += bool(mine and theirs)
        checked += 1
    assert checked >= 10 and split >= 2, (checked, split)


# ----- from the seat's view only -------------------------------------------------------
def test_cuatrola_expert_values_never_depend_on_hidden_cards():
    """Fair by construction (README: "the UI and the computer players receive only what
    that seat may see"): other seats' hidden cards swapped in any way the seat's view
    allows (tests/bots/test_fairness.py) leave the expert's values of every choice, bids
    included, unchanged for the same random stream."""
    r = random.Random(3)
    ps = positions({}, 5, bid_rng=random.Random(5), with_actions=True, seed="revfair")
    tested = bids = 0
    for k, (s, actions) in enumerate(ps[::3]):
        seat = s.current_player
        if len(s.legal_actions()) < 2:
            continue
        alts = cuatrola_alternatives(s, actions, seat, r)
        if not alts:
            continue
        base = RC.expert(s.view(seat), SeededStream(REVIEW_STREAM, "fair", str(k)))
        for alt in alts:
            assert alt.hands != s.hands
            got = RC.expert(alt.view(seat), SeededStream(REVIEW_STREAM, "fair", str(k)))
            assert got == base
        tested += 1
        bids += s.phase != PLAY
    assert tested >= 8 and bids >= 1


def test_cuarenta_expert_values_never_depend_on_hidden_cards():
    """The same for Cuarenta: other hands (and the stock) changed, the view the same, the
    expert's values the same (tests/bots/helpers.py builds the alternatives)."""
    r = random.Random(4)
    tested = 0
    for m in range(3):
        s = cuarenta_match(seed=f"revfair{m}", options={"players": 4})
        k = 0
        while not s.is_terminal() and s.hand_no == 0 and k < 30:
            seat = s.turn
            if s.phase == CUARENTA_PLAY and k % 4 == 0 and len(s.legal_actions()) > 1:
                v = s.view(seat)
                base = RQ.expert(v, SeededStream(REVIEW_STREAM, str(m), str(k)))
                for alt in cuarenta_alternatives(s, seat, r):
                    assert alt.view(seat) == v and alt.hands != s.hands
                    assert RQ.expert(alt.view(seat),
                                     SeededStream(REVIEW_STREAM, str(m), str(k))) == base
                    tested += 1
            s = s.apply(s.parse_action(choose(s.view(seat), "heuristic", None)))
            k += 1
    assert tested >= 6


def _file_of(state, actions) -> dict:
    """The match file of a Cuatrola state built from an explicit deal (first hand)."""
    m = M.new_match_file("cuatrola", seed=state.cfg.seed, options=dict(state.rules))
    m["deals"] = deals_to_json(state.cfg.deals)
    m["first_dealer"] = state.cfg.first_dealer
    m["actions"] = [state.action_text(a) for a in actions]
    return m


def test_hint_reads_only_the_seats_view():
    """The hint op through the facade: the same position with other hidden cards (match
    files with other explicit deals, the same actions and the same view) gives the same
    answer."""
    r = random.Random(9)
    ps = positions({}, 4, with_actions=True, seed="hintfair")
    tested = 0
    for s, actions in ps[5::4]:
        seat = s.current_player
        base_state = replay_with_hands(s, actions, s.hands)
        alts = cuatrola_alternatives(s, actions, seat, r)
        if not alts or base_state is None:
            continue
        base = ok({"op": "hint", "match": _file_of(base_state, actions), "seat": seat})
        for alt in alts:
            got = ok({"op": "hint", "match": _file_of(alt, actions), "seat": seat})
            assert got == base
        tested += 1
    assert tested >= 4


# ----- the facade: listing, hint, determinism, refusals ---------------------------------
@pytest.mark.parametrize("game,rules", [("cuatrola", None), ("cuarenta", {"players": 4}),
                                        ("cuarenta", {"players": 2})])
def test_listing_names_every_decision_of_the_seat_in_the_hand(game, rules):
    """`analyse` with `hand` lists, in order, exactly the actions the seat took in that
    hand (their index in the log), with the number of legal choices each had; no search."""
    m = played_match(game, f"list-{game}", rules, hands=2)
    seats = 4 if game == "cuatrola" else rules["players"]
    states = []
    s = M.initial(m)
    for t in m["actions"]:
        states.append(s)
        s = s.apply(s.parse_action(t))
    for seat in range(seats):
        for hand in (1, 2):
            if not (hand - 1 < s.hand_no or s.is_terminal()):
                continue
            got = ok({"op": "analyse", "match": m, "seat": seat, "hand": hand})
            want = [i for i, st in enumerate(states)
                    if st.hand_no == hand - 1 and st.current_player == seat]
            assert [d["action"] for d in got["decisions"]] == want and want
            for d in got["decisions"]:
                st = states[d["action"]]
                assert d["played"] == m["actions"][d["action"]]
                assert d["choices"] == len(st.legal_actions())
                assert d["forced"] == (d["choices"] == 1)
                assert d["kind"] in ("bid", "card", "lay", "capture", "take", "claim")


def test_analyse_answers_every_choice_both_ways_and_is_deterministic():
    """One decision: every legal choice with both values, the best of each kind, the cost
    of the choice made and the mistake flags; the same request gives the same answer."""
    m = played_match("cuatrola", "answer")
    listing = ok({"op": "analyse", "match": m, "seat": 1, "hand": 1})
    for d in listing["decisions"]:
        req = {"op": "analyse", "match": m, "seat": 1, "action": d["action"]}
        a = ok(req)
        assert a == ok(req)
        s = M.replay(m, upto=d["action"])
        assert [c["action"] for c in a["choices"]] == [s.action_text(x) for x in
                                                        s.legal_actions()]
        for kind in ("double_dummy", "expert"):
            if a["forced"] and kind == "expert":
                assert all(c["expert"] is None for c in a["choices"])
                assert a["cost"]["expert"] == 0
                continue
            vals = {c["action"]: c[kind] for c in a["choices"]}
            assert a["best"][kind] == [t for t, v in vals.items() if v == max(vals.values())]
            assert a["cost"][kind] == pytest.approx(max(vals.values()) - vals[d["played"]],
                                                    abs=0.011)
            assert a["mistake"][kind] == (a["cost"][kind] >= a["threshold"])
        assert a["unit"] == ("match_points" if d["kind"] == "bid" else "card_points")


def test_hint_is_the_best_expert_value_and_matches_the_later_analysis():
    """`hint` for the seat to act: the choice has the best expert value, `gap` is its lead
    over the next best; analysing the same position once the hand is over gives the same
    expert values (the same random stream: seed, actions before, seat)."""
    m = played_match("cuatrola", "hint")
    seen = 0
    for i, text in enumerate(m["actions"][:12]):
        part = dict(m, actions=m["actions"][:i])
        s = M.replay(part)
        seat = s.current_player
        h = ok({"op": "hint", "match": part, "seat": seat})
        if h["forced"]:
            assert h["choice"] == s.action_text(s.legal_actions()[0]) and h["gap"] is None
            continue
        vals = {c["action"]: c["expert"] for c in h["choices"]}
        assert h["choice"] in h["best"] and vals[h["choice"]] == max(vals.values())
        assert h["gap"] == pytest.approx(vals[h["choice"]] - max(
            v for t, v in vals.items() if t != h["choice"]), abs=0.011)
        a = ok({"op": "analyse", "match": m, "seat": seat, "action": i})
        assert {c["action"]: c["expert"] for c in a["choices"]} == vals
        seen += 1
    assert seen >= 4


def test_cuarenta_hint_and_claims():
    """A Cuarenta hint values every legal action in game points; at a ronda claim both
    values are exact: the rank the holder played three times scores 10 (seed 004 "Nennst
    du am Ende der Hand den Rang der Ronda, bekommt deine Partei 10 Punkte"), the others 0."""
    m = played_match("cuarenta", "chint", {"players": 2})
    part = dict(m, actions=m["actions"][:3])
    s = M.replay(part)
    h = ok({"op": "hint", "match": part, "seat": s.current_player})
    assert h["unit"] == "game_points" and h["choice"] in h["best"]
    assert [c["action"] for c in h["choices"]] == s.view(s.current_player)["legal"]
    from tests.bots.cuarenta_scenario import claim_positions
    for _, st, want in claim_positions(limit=2):
        seat = st.current_player
        dd, _ = RQ.double_dummy(st, seat)
        ex = RQ.expert(st.view(seat), SeededStream(REVIEW_STREAM, "c", "c"))
        assert dd == ex["values"]
        pts = CR.RONDA_CLAIM_POINTS if want != "noclaim" else 0
        assert dd[want] == pts and all(v == 0 for t, v in dd.items() if t != want)


def test_hint_refuses_a_seat_not_to_act_and_a_finished_match():
    m = played_match("cuatrola", "hintref")
    s = M.replay(m)
    other = (s.current_player + 1) % 4
    out = refused({"op": "hint", "match": m, "seat": other}, "not_your_turn")
    assert out["params"] == {"seat": s.current_player}
    done = M.new_match_file("cuatrola", seed="done", options={"hands": 1})
    t = M.replay(done)
    while not t.is_terminal():
        a = choose(t.view(t.current_player), "heuristic", None)
        done["actions"].append(a)
        t = t.apply(t.parse_action(a))
    refused({"op": "hint", "match": done, "seat": 0}, "match_over")
    # a finished match can still be analysed: its last hand is over
    assert ok({"op": "analyse", "match": done, "seat": 0, "hand": 1})["decisions"]


def test_analyse_refusals():
    """Bad analyse requests are refusals with the facade's codes (docs/api.md)."""
    m = played_match("cuatrola", "refuse")          # hand 1 over, hand 2 just dealt
    n = len(m["actions"])
    base = {"op": "analyse", "match": m, "seat": 0}
    refused(base, "bad_request")                    # neither action nor hand
    refused({**base, "action": 4, "hand": 1}, "bad_request")  # both
    for bad in ("4", 4.0, True, None, [4]):
        refused({**base, "action": bad}, "bad_request")
        refused({**base, "hand": bad}, "bad_request")
    assert refused({**base, "action": n}, "no_such_action")["params"] == {"count": n}
    refused({**base, "action": -1}, "no_such_action")
    assert refused({**base, "hand": 3}, "no_such_hand")["params"] == {"count": 2}
    refused({**base, "hand": 0}, "no_such_hand")
    assert refused({**base, "hand": 2}, "hand_not_over")["params"] == {"hand": 2}
    s = M.initial(m)
    seat_of_0 = s.current_player
    other = (seat_of_0 + 1) % 4
    out = refused({**base, "seat": other, "action": 0}, "not_seat_action")
    assert out["params"] == {"seat": seat_of_0}
    # an action of the hand being played: refused, its hidden cards stay hidden
    m2 = dict(m, actions=m["actions"] + ["pass"])
    refused({**base, "seat": M.replay(m).current_player, "action": n, "match": m2},
            "hand_not_over")
    refused({**base, "seat": 7, "hand": 1}, "bad_request")
    refused({"op": "analyse", "match": {"format": "x"}, "seat": 0, "hand": 1}, "bad_match")


def test_taking_a_forgotten_sequence_is_valued_by_the_play_after_it():
    """Option sequences = manual (seed 004 "Stichst du, vergisst aber eine mögliche Folge,
    dürfen die Gegner sich diese Karten nehmen"): seat 1 stops 6H:6C>7C short of the JC,
    so seat 0 may take it before playing. Taking scores nothing; the JC counts toward the
    cartón (CARD_VALUE before the last deal) and seat 0 then plays: the take is valued by
    the best play that follows, both ways."""
    from .cuarenta_helpers import match_file as cuarenta_file
    m = cuarenta_file(["JC 7C 6C AS KS|2D 3D 6H AH KH"],
                      ["JC", "2D", "7C", "3D", "6C", "6H:6C>7C"], sequences="manual")
    s = M.replay(m)
    assert s.current_player == 0 and "take:JC" in s.view(0)["legal"]
    h = ok({"op": "hint", "match": m, "seat": 0})
    vals = {c["action"]: c["expert"] for c in h["choices"]}
    assert set(vals) == set(s.view(0)["legal"]) and h["choice"] in h["best"]
    # every card visible: taking the JC gains half a point, but leaves 2D 3D alone on the
    # table, so that seat 1 answers AS with AH:AS>2D+3D, a caída y limpia (4 points)
    # instead of a caída (2): the take costs 1.5 points (the brute force over the engine)
    dd, facts = RQ.double_dummy(s, 0)
    assert facts["exact"]
    assert dd == {s.action_text(a): v for a, v in cuarenta_brute(s, 0).items()}
    assert dd["take:JC"] == dd["AS"] - 1.5
    # the take analysed through the facade, once the hand is over
    m["actions"].append("take:JC")
    t = M.replay(m)
    while t.hand_no == 0 and not t.is_terminal():
        a = choose(t.view(t.current_player), "heuristic", None)
        m["actions"].append(a)
        t = t.apply(t.parse_action(a))
    a = ok({"op": "analyse", "match": m, "seat": 0, "action": 6})
    assert a["kind"] == "take" and a["played"] == "take:JC" and not a["forced"]
    assert {c["action"] for c in a["choices"]} == set(vals)


def test_the_review_refusals_are_registered_and_documented():
    """docs/api.md's table of refusal codes lists every code of the review with its
    params, as `engine.api.refusal_codes()` has them."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text("utf-8")
    for code in ("no_such_action", "no_such_hand", "not_seat_action", "hand_not_over"):
        params = api.refusal_codes()[code]
        assert f"| `{code}` | {', '.join(f'`{p}`' for p in params)} |" in doc, code


def test_the_documented_examples_are_real_answers():
    """docs/api.md's `analyse` and `hint` examples are what the facade answers."""
    import json
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text("utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    m = cuatrola_file(*THROWN_AS_DEAL, THROWN_AS_ACTIONS)
    a = ok({"op": "analyse", "match": m, "seat": 0, "action": 17})
    h = ok({"op": "hint", "match": dict(m, actions=THROWN_AS_ACTIONS[:17]), "seat": 0})
    for answer in (a, h):
        answer.pop("ok")
        assert answer in blocks
