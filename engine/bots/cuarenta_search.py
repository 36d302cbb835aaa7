"""Cuarenta with every hand visible, on ranks: alpha-beta over the rest of one deal.

Suits play no part in Cuarenta (seed 004: "Die Farben spielen keine Rolle"), so a
position is kept as rank counts: each hand and the table a packed int with one
``FIELD``-bit count per rank (``rank_counts``), the rank of the card just laid (a caída
falls on it), the score and the captured-card count of each side, the seat to play.
Plays that differ only in suits are one play here: lay a rank; or take with it a pair
(one card of its rank) or a sum (number cards of lower ranks adding up to its value),
then the sequence upward from it in full. The plays and points are the engine's
(``engine.cuarenta.captures`` partitions, ``state.worth`` for "38 que no juega" and
"Rondas ab 30", ``Sim.gain``'s caída / limpia / todo dos arithmetic);
tests/bots/test_cuarenta_search.py compares them with the engine on random positions.

``RankSearch(pos, evaluate).values(moves, depth)`` gives the value of each root play for
the side to play, ``depth`` plays deep (to the end of the deal when ``depth`` covers the
cards left): negamax with a transposition table, both sides choosing their best. At the
horizon the mover adds its best immediate gain (a one-play quiescence); at the end of a
deal, and at the horizon, ``evaluate(pos, side)`` values the captured cards (the expert's
cartón estimate, or the exact cartón at the end of a hand). A side that reaches
``TARGET_POINTS`` wins the game there and then (``WIN_VALUE`` on top of the points).
``nodes`` counts the positions searched (budgets are node counts: no clock in the engine).
"""

from __future__ import annotations

from ..cuarenta import rules as R
from ..cuarenta.captures import SUMS
from ..cuarenta.state import CAIDA, LIMPIA, worth

FIELD = 4                     #: bits per rank count (counts 0..4, one guard bit)
ONE = tuple(1 << (FIELD * r) for r in range(R.RANKS))
COUNT = (1 << FIELD) - 1
GUARD = sum(8 << (FIELD * r) for r in range(R.RANKS))   #: the guard bit of every field
INF = float("inf")
EPS = 1e-6  #: a null window: values closer than this are equal
PVS = True
#: points a side gets for reaching the target (the game won) on top of its points:
#: in game points, what a won game is worth in the search against more points later
WIN_VALUE = 10.0


def rank_counts(mask: int) -> int:
    """The packed rank counts of a card mask.

    >>> rank_counts(0b11 | 1 << 10) == 2 * ONE[0] + ONE[1]
    True
    """
    out = 0
    while mask:
        low = mask & -mask
        out += ONE[(low.bit_length() - 1) % R.RANKS]
        mask ^= low
    return out


def cards_in(counts: int) -> int:
    """How many cards packed counts hold."""
    n = 0
    while counts:
        n += counts & COUNT
        counts >>= FIELD
    return n


def _sum_sigs(r: int) -> tuple:
    """(packed counts, cards) of each sum a card of rank ``r`` can make (SUMS)."""
    out = []
    for parts in SUMS[r]:
        sig = sum(n * ONE[k] for k, n in parts)
        out.append((sig, sum(n for _, n in parts)))
    return tuple(out)


SUM_SIGS = tuple(_sum_sigs(r) for r in range(R.RANKS))


def fits(table: int, sig: int) -> bool:
    """Does ``table`` hold at least the counts ``sig`` (field by field)?"""
    return (table + GUARD - sig) & GUARD == GUARD


def sequence_above(r: int, table: int) -> tuple[int, int]:
    """(packed counts, cards) of the full sequence upward from rank ``r`` on ``table``."""
    sig = n = 0
    k = r + 1
    while k < R.RANKS and table >> (FIELD * k) & COUNT:
        sig += ONE[k]
        n += 1
        k += 1
    return sig, n


class Pos:
    """One deal's position on ranks (see the module doc); mutable, copied by the search."""

    __slots__ = ("hands", "table", "last", "score", "caps", "turn", "n", "params", "dealer",
                 "last_deal", "stock", "left", "on_table")

    def __init__(self, hands, table: int, last: int, score, caps, turn: int, params,
                 dealer: int, last_deal: bool, stock: int):
        self.hands = list(hands)      # packed rank counts per seat
        self.table = table            # packed rank counts
        self.last = last              # rank of the card just laid, or -1
        self.score = list(score)
        self.caps = list(caps)        # captured cards per side
        self.turn = turn
        self.n = params.players
        self.params = params
        self.dealer = dealer
        self.last_deal = last_deal    # the deal ends the hand (cartón then)
        self.stock = stock            # cards still to be dealt after this deal
        self.left = sum(cards_in(h) for h in self.hands)  # plays to the end of the deal
        self.on_table = cards_in(table)


def gain(params, score_before: int, caida: bool, limpia: bool) -> int:
    """Points of a capture (``Sim.gain``'s arithmetic, by the engine's ``worth``)."""
    pts = 0
    if caida:
        pts += worth(params, CAIDA, R.CAIDA_POINTS, score_before)[0]
    if limpia:
        if caida and params.todo_dos:
            pts += R.TODO_DOS_POINTS - R.CAIDA_POINTS
        else:
            pts += worth(params, LIMPIA, R.LIMPIA_POINTS, score_before)[0]
    return pts


_MEMO: dict = {}
_CAPTURES: dict = {}
MEMO_SIZE = 1 << 16  #: move lists kept (a memo is emptied when full)


def moves(hand: int, table: int, last: int, nxt: int = 0) -> tuple:
    """Rank plays of ``hand`` on ``table``: (rank, taken counts, cards taken, caída), the
    captures first (caídas, then most cards first), then the lays (first the ranks the
    next hand ``nxt``, if known, cannot fall on). Memoised."""
    key = (hand, table, last)
    out = _MEMO.get(key)
    if out is None:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        out = _MEMO[key] = _moves(hand, table, last)
    caps, lays = out
    if nxt and len(lays) > 1:
        safe = [m for m in lays if not nxt >> (FIELD * m[0]) & COUNT]
        if safe and len(safe) < len(lays):
            return caps + tuple(safe) + tuple(m for m in lays if nxt >> (FIELD * m[0]) & COUNT)
    return caps + lays


def captures(r: int, table: int) -> tuple:
    """(taken counts, cards, pair) of every capture a card of rank ``r`` makes on ``table``:
    a pair or a sum, then the sequence upward in full."""
    key = (r, table)
    out = _CAPTURES.get(key)
    if out is None:
        if len(_CAPTURES) >= MEMO_SIZE:
            _CAPTURES.clear()
        mains = []
        if table >> (FIELD * r) & COUNT:
            mains.append((ONE[r], 1, True))
        for sig, k in SUM_SIGS[r]:
            if (table + GUARD - sig) & GUARD == GUARD:
                mains.append((sig, k, False))
        if mains:
            seq, ns = sequence_above(r, table)
            out = tuple((sig + seq, k + ns, pair) for sig, k, pair in mains)
        else:
            out = ()
        _CAPTURES[key] = out
    return out


def _moves(hand: int, table: int, last: int) -> tuple[tuple, tuple]:
    """(captures, lays) of ``moves`` before the lays are ordered."""
    caps = []
    lays = []
    r = 0
    h = hand
    while h:
        if h & COUNT:
            lays.append((r, 0, 0, False))
            for taken, k, pair in captures(r, table):
                caps.append((r, taken, k, pair and r == last))
        h >>= FIELD
        r += 1
    caps.sort(key=lambda m: (-m[3], -m[2]))
    return tuple(caps), tuple(lays)


def child(p: Pos, m) -> Pos:
    """The position after the seat to play plays ``m`` (a ``moves`` item)."""
    r, taken, k, caida = m
    seat = p.turn
    side = seat & 1
    hands = list(p.hands)
    hands[seat] -= ONE[r]
    score = list(p.score)
    caps = list(p.caps)
    if taken:
        table = p.table - taken
        score[side] += gain(p.params, score[side], caida, not table)
        caps[side] += k + 1
        last = -1
        on_table = p.on_table - k
    else:
        table = p.table + ONE[r]
        last = r
        on_table = p.on_table + 1
    q = Pos.__new__(Pos)
    q.on_table = on_table
    q.hands, q.table, q.last, q.score, q.caps = hands, table, last, score, caps
    q.turn = (seat + 1) % p.n
    q.n, q.params, q.dealer, q.last_deal, q.stock = p.n, p.params, p.dealer, p.last_deal, \
        p.stock
    q.left = p.left - 1
    return q


class OutOfBudget(Exception):
    """The node budget of a search ran out."""


class RankSearch:
    """Negamax over one deal's rest on ranks, with a transposition table (module doc).

    ``evaluate(pos, side) -> float``: the value for ``side`` of the captured cards (and
    anything else not in the points) at the end of the deal or at the horizon."""

    def __init__(self, pos: Pos, evaluate, budget: int | None = None):
        self.pos = pos
        self.evaluate = evaluate
        self.nodes = 0
        self.tt: dict = {}
        self.budget = budget

    def values(self, root_moves, depth: int) -> dict:
        """{move: value for the side to play} of the given root moves (``moves`` items),
        searched ``depth`` plays deep in all (the root play included)."""
        out = {}
        for m in root_moves:
            out[m] = self._play(self.pos, m, depth, -INF, INF)
        return out

    def best(self, root_moves, depth: int) -> tuple:
        """(move, value) best for the side to play among ``root_moves`` (the first of
        equals), cheaper than ``values``: a move need only be shown no better."""
        best_m, best_v = None, -INF
        for m in root_moves:
            v = self._play(self.pos, m, depth, best_v, INF)
            if v > best_v:
                best_m, best_v = m, v
        return best_m, best_v

    # ----- the search ----------------------------------------------------------
    def _play(self, p: Pos, m, depth: int, alpha: float, beta: float) -> float:
        """Value for the mover of playing ``m`` in ``p``, then the rest ``depth - 1`` deep."""
        side = p.turn & 1
        q = child(p, m)
        if q.score[side] >= R.TARGET_POINTS:
            return self._static(q, side) + WIN_VALUE
        # the next mover is always of the other side (seats alternate sides)
        return -self._node(q, depth - 1, -beta, -alpha)

    def _static(self, p: Pos, side: int) -> float:
        """Points and the evaluation of the cards, for ``side``."""
        return p.score[side] - p.score[1 - side] + self.evaluate(p, side)

    def _node(self, p: Pos, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget
        side = p.turn & 1
        if not p.left:  # the deal is over (the dealer played the last card)
            return self._static(p, side)
        hand = p.hands[p.turn]
        if depth > p.left:
            depth = p.left
        ms = moves(hand, p.table, p.last, p.hands[(p.turn + 1) % p.n])
        if depth <= 0:  # the horizon: the mover's best immediate capture, or none
            best = self._static(p, side)
            for m in ms:
                if not m[1]:
                    break
                q = child(p, m)
                v = self._static(q, side)
                if q.score[side] >= R.TARGET_POINTS:
                    v += WIN_VALUE
                if v > best:
                    best = v
            return best
        key = (tuple(p.hands), p.table, p.last, p.turn, p.score[0], p.score[1], p.caps[0],
               p.caps[1], depth)
        e = self.tt.get(key)
        tt_move = None
        if e is not None:
            lo, hi, tt_move = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        if tt_move is not None and tt_move != ms[0]:
            ms = (tt_move,) + tuple(m for m in ms if m != tt_move)
        a0 = alpha
        best = -INF
        best_move = None
        for i, m in enumerate(ms):
            if PVS and i and alpha > -INF:  # principal variation search: is m any better?
                v = self._play(p, m, depth, alpha, alpha + EPS)
                if alpha < v < beta:
                    v = self._play(p, m, depth, v, beta)
            else:
                v = self._play(p, m, depth, alpha, beta)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        lo, hi = (e[0], e[1]) if e is not None else (-INF, INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, best_move)
        return best
