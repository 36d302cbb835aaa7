"""The Cuarenta rank search (engine/bots/cuarenta/search.py) against the engine: its plays
are the engine's legal plays with suits forgotten, a play leaves the position the engine
reaches, and its values are those of a brute-force minimax over the engine's plays (the
bots' ``Sim``, itself checked against the engine in test_cuarenta_bots.py)."""

import random

import pytest

from engine.bots.cuarenta import expert as E
from engine.bots.cuarenta.info import Info, Sim, parse_play
from engine.bots.cuarenta.search import (INF, WIN_VALUE, Pos, RankSearch, cards_in, child, moves,
                                         rank_counts)
from engine.cuarenta import new_match
from engine.cuarenta import rules as R
from engine.cuarenta.captures import next_sequence_rank, sequences
from engine.cuarenta.state import PLAY

RULES = [{}, {"players": 2}, {"todo_dos": True}, {"thirty_eight": "no_limpia"},
         {"rondas_from_30": True}]


def _positions(rules, n, seed):
    """Play positions of random matches (the 38 rule visited now and then)."""
    r = random.Random(seed)
    out = []
    m = 0
    while len(out) < n:
        s = new_match(seed=f"rank-{seed}-{m}", options=rules)
        m += 1
        while not s.is_terminal() and len(out) < n:
            if s.phase == PLAY:
                if r.random() < 0.1:
                    s = s._replace(score=(R.THIRTY_EIGHT, r.choice((0, 30, R.THIRTY_EIGHT))))
                out.append(s)
            s = s.apply(r.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize("rules", RULES)
def test_rank_plays_are_the_engines_plays_without_suits(rules):
    for s in _positions(rules, 150, 1):
        info = Info.from_view(s.view(s.turn))
        engine = {E.root_move(info, c, tk) for t, c, tk in info.actions()}
        pos = E.position(info, s.hands)
        mine = set(moves(pos.hands[s.turn], pos.table, pos.last))
        assert mine <= engine
        # left out: pairing the other card of the rank just laid instead of falling on it
        # (the same table after it, and the caída's points are never negative)
        for r, taken, k, caida in engine - mine:
            assert not caida and (r, taken, k, True) in mine
        # each play leaves the position the engine reaches (within the deal)
        for t, c, tk in info.actions():
            s2 = s.apply(s.parse_action(t))
            q = child(pos, E.root_move(info, c, tk))
            if s2.hand_no != s.hand_no or s2.deal_no != s.deal_no or s2.is_terminal():
                continue
            assert q.table == rank_counts(s2.table)
            assert q.hands == [rank_counts(h) for h in s2.hands]
            assert q.score == list(s2.score)
            assert q.caps == [m.bit_count() for m in s2.captured]
            assert q.last == (s2.last % R.RANKS if s2.last >= 0 else -1)
            assert q.turn == s2.turn and q.left == cards_in(sum(q.hands))


def _brute(sim: Sim, info, evaluation, me_side, depth_left, last_deal, stock):
    """Minimax over every play with suits (``Sim``) to the end of the deal, valued like
    the rank search (points, a won game, the evaluation of the cards)."""
    side = sim.turn & 1
    if not any(sim.hands):
        return _static(sim, evaluation, side, last_deal, stock, info)
    best = -INF
    for c, taken in sim.moves():
        nxt = sim.copy()
        nxt.play(c, taken)
        if nxt.score[side] >= R.TARGET_POINTS:   # the game is over: no cartón after it
            v = nxt.score[side] - nxt.score[1 - side] + WIN_VALUE
        else:
            v = -_brute(nxt, info, evaluation, me_side, depth_left - 1, last_deal, stock)
        best = max(best, v)
    return best


def _static(sim, evaluation, side, last_deal, stock, info):
    pos = E.Pos([rank_counts(h) for h in sim.hands], rank_counts(sim.table),
                sim.last % R.RANKS if sim.last >= 0 else -1, sim.score, sim.caps, sim.turn,
                evaluation.params, info.dealer, last_deal, stock)
    return sim.score[side] - sim.score[1 - side] + evaluation(pos, side)


@pytest.mark.parametrize("rules", RULES)
def test_exact_values_are_brute_force_minimax_over_the_engines_plays(rules):
    checked = 0
    for s in _positions(rules, 400, 2):
        left = sum(h.bit_count() for h in s.hands)
        if left > 6:
            continue
        info = Info.from_view(s.view(s.turn))
        pos = E.position(info, s.hands)
        evaluation = E.Evaluation(pos.params, info.dealer)
        root = {E.root_move(info, c, tk): (c, tk) for t, c, tk in info.actions()}
        vals = RankSearch(pos, evaluation).values(list(root), left)
        sim = Sim(s.hands, s.table, s.last, s.score, [m.bit_count() for m in s.captured],
                  s.turn, s.rules, s.dealer)
        side = s.turn & 1
        for m, (c, tk) in root.items():
            nxt = sim.copy()
            nxt.play(c, tk)
            if nxt.score[side] >= R.TARGET_POINTS:   # the game is over: no cartón after it
                want = nxt.score[side] - nxt.score[1 - side] + WIN_VALUE
            else:
                want = -_brute(nxt, info, evaluation, side, left - 1, pos.last_deal, pos.stock)
            assert vals[m] == pytest.approx(want), (m, rules)
        best_m, best_v = RankSearch(pos, evaluation).best(list(root), left)
        assert best_v == pytest.approx(max(vals.values()))
        checked += 1
    assert checked >= 20


def _reference(p, evaluation, depth):
    """The search's definition, plainly: negamax without a table or pruning over
    ``child`` positions, ``depth`` plays deep, then the mover's best immediate capture."""
    side = p.turn & 1

    def static(q):
        return q.score[side] - q.score[1 - side] + evaluation(q, side)

    def won(q):  # the game is over: points and the won game, nothing after it
        return q.score[side] - q.score[1 - side] + WIN_VALUE

    if not p.left:
        return static(p)
    depth = min(depth, p.left)
    ms = moves(p.hands[p.turn], p.table, p.last)
    if depth <= 0:
        best = static(p)
        for m in ms:
            if m[1]:
                q = child(p, m)
                best = max(best, won(q) if q.score[side] >= R.TARGET_POINTS else static(q))
        return best
    best = -INF
    for m in ms:
        q = child(p, m)
        if q.score[side] >= R.TARGET_POINTS:
            v = won(q)
        else:
            v = -_reference(q, evaluation, depth - 1)
        best = max(best, v)
    return best


@pytest.mark.parametrize("rules", RULES)
def test_horizon_values_are_plain_negamax_and_the_position_is_left_as_it_was(rules):
    """The search plays and takes back on one working position (make / unmake): its
    values at a horizon, with the quiescence, are those of a plain negamax over fresh
    positions, and the position it was given is unchanged."""
    checked = 0
    for s in _positions(rules, 120, 3):
        left = sum(h.bit_count() for h in s.hands)
        if left < 7:
            continue
        info = Info.from_view(s.view(s.turn))
        pos = E.position(info, s.hands)
        before = (list(pos.hands), pos.table, pos.last, list(pos.score), list(pos.caps),
                  pos.turn, pos.left, pos.on_table)
        evaluation = E.Evaluation(pos.params, info.dealer)
        root = list(dict.fromkeys(E.root_move(info, c, tk) for t, c, tk in info.actions()))
        search = RankSearch(pos, evaluation)
        depth = 3
        vals = search.values(root, depth)
        assert (list(pos.hands), pos.table, pos.last, list(pos.score), list(pos.caps),
                pos.turn, pos.left, pos.on_table) == before
        for m in root:
            q = child(pos, m)
            side = pos.turn & 1
            want = (q.score[side] - q.score[1 - side] + WIN_VALUE
                    if q.score[side] >= R.TARGET_POINTS
                    else -_reference(q, evaluation, depth - 1))
            assert vals[m] == pytest.approx(want), (m, rules)
        assert search.values(root, depth) == vals  # the working copy was restored
        checked += 1
    assert checked >= 20


def test_no_cartón_after_a_game_won_in_play():
    """Seed 004: "Wer zuerst 40 Punkte hat, gewinnt. Punkte werden sofort angeschrieben –
    eine Caída kann die Partie also mitten in der Hand beenden." 36-36, two players, the
    last four cards known (seat 0: Q K; the dealer, seat 1: 4 K; on the table 3 Q A, the
    ace just laid). Taking the Q leaves the dealer the limpia (4 = 3 + A: 38), then a caída
    on my K: 40, and the game is over there; my cartón (21 cards) is never counted. Laying
    the K keeps the dealer from the limpia with a caída to follow. The search once added
    the cartón after the lost game and took the Q (found by the match-equity experiment,
    docs/bots.md)."""
    from engine.cuarenta.state import Params
    params = Params(2, False, False, False, True, False)   # ecuador (caida_only), two players
    counts = lambda ranks: sum(rank_counts(1 << r) for r in ranks)  # noqa: E731
    Q, K, ACE, THREE, FOUR = R.QUEEN, R.KING, R.ACE, 2, 3
    pos = Pos([counts([Q, K]), counts([FOUR, K])], counts([THREE, Q, ACE]), ACE, (36, 36),
              (19, 14), 0, params, 1, True, 0)
    evaluation = E.Evaluation(params, 1)
    ms = list(dict.fromkeys(moves(pos.hands[0], pos.table, pos.last)))
    vals = RankSearch(pos, evaluation).values(ms, pos.left)
    take_q = (Q, rank_counts(1 << Q), 1, False)
    assert take_q in vals
    assert vals[take_q] == pytest.approx(36 - 40 - WIN_VALUE)   # lost there, 36-40
    assert max(vals, key=vals.get) == (K, 0, 0, False)          # lay the K


MANUAL = [{"sequences": "manual"}, {"sequences": "manual", "players": 2}]


def _next_seat_best(sim: Sim, info, evaluation, last_deal, stock, forgot: int) -> float:
    """For the seat to play in ``sim``: its best value, taking the forgotten sequence
    first (every way the engine allows) when ``forgot`` names one."""
    best = _brute(sim, info, evaluation, None, 0, last_deal, stock)
    if forgot >= 0:
        side = sim.turn & 1
        for t in sequences(forgot - 1, sim.table, True):
            took = sim.copy()
            took.table &= ~t
            took.caps[side] += t.bit_count()
            best = max(best, _brute(took, info, evaluation, None, 0, last_deal, stock))
    return best


@pytest.mark.parametrize("rules", MANUAL)
def test_a_forgotten_sequence_at_the_root_is_searched_as_the_engine_plays_it(rules):
    """Option sequences = manual (seed 004: "Stichst du, vergisst aber eine mögliche Folge,
    dürfen die Gegner sich diese Karten nehmen"; docs/rules-cuarenta.md: the next player
    may take the forgotten cards, in full, as the first thing of the turn, then plays). At
    the root the search takes every legal play of the engine: a capture that stops its
    sequence short (the next seat may then take the rest) and a take of a forgotten
    sequence (then the same seat plays); its values are those of a brute force over the
    engine's plays (full sequences below the root, as the search)."""
    checked = short = takes = 0
    for s in _positions(rules, 1500, 4):
        left = sum(h.bit_count() for h in s.hands)
        if left > 6 or checked >= 200 and s.forgot < 0:
            continue
        info = Info.from_view(s.view(s.turn))
        pos = E.position(info, s.hands)
        evaluation = E.Evaluation(pos.params, info.dealer)
        root = {}
        for t, c, tk in info.actions():
            root.setdefault(E.root_move(info, c, tk), (c, tk))
        vals = RankSearch(pos, evaluation).values(list(root), left)
        sim = Sim(s.hands, s.table, s.last, s.score, [m.bit_count() for m in s.captured],
                  s.turn, s.rules, s.dealer)
        side = s.turn & 1
        for m, (c, tk) in root.items():
            nxt = sim.copy()
            if c < 0:   # take, then play
                nxt.table &= ~tk
                nxt.caps[side] += tk.bit_count()
                want = _brute(nxt, info, evaluation, side, left, pos.last_deal, pos.stock)
                takes += 1
            else:
                nxt.play(c, tk)
                if nxt.score[side] >= R.TARGET_POINTS:
                    want = nxt.score[side] - nxt.score[1 - side] + WIN_VALUE
                else:
                    forgot = next_sequence_rank(c % R.RANKS, tk, nxt.table) \
                        if tk and left > 1 else -1
                    short += forgot >= 0
                    want = -_next_seat_best(nxt, info, evaluation, pos.last_deal, pos.stock,
                                            forgot)
            assert vals[m] == pytest.approx(want), (m, rules)
        checked += 1
    assert checked >= 20 and short >= 5 and takes >= 3, (checked, short, takes)
