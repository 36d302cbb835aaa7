"""Cuarenta with every hand visible, on ranks: alpha-beta over the rest of one deal.

Suits play no part in Cuarenta (seed 004: "Die Farben spielen keine Rolle"), so a
position is kept as rank counts: each hand and the table a packed int with one
``FIELD``-bit count per rank (``rank_counts``), the rank of the card just laid (a caída
falls on it), the score and the captured-card count of each side, the seat to play.
Plays that differ only in suits are one play here: lay a rank; or take with it a pair
(one card of its rank) or a sum (number cards of lower ranks adding up to its value),
then the sequence upward from it in full. At the root only, a play may also be a capture
that stops its sequence short (``sequences = manual``: the next seat may then take the
forgotten cards before it plays), or a take of a forgotten sequence (``TAKE_RANK``: the
seat then plays, no play used up); below the root sequences are taken in full. The plays and points are the engine's
(``engine.cuarenta.captures`` partitions, ``records.worth`` for "38 que no juega" and
"Rondas ab 30", ``Sim.gain``'s caída / limpia / todo dos arithmetic);
tests/bots/test_cuarenta_search.py compares them with the engine on random positions.

``RankSearch(pos, evaluate).values(moves, depth)`` gives the value of each root play for
the side to play, ``depth`` plays deep (to the end of the deal when ``depth`` covers the
cards left): negamax with a transposition table, both sides choosing their best. At the
horizon the mover adds its best immediate gain (a one-play quiescence); at the end of a
deal, and at the horizon, ``evaluate(pos, side)`` values the captured cards (the expert's
cartón estimate, or the exact cartón at the end of a hand). A side that reaches
``TARGET_POINTS`` wins the game there and then (``WIN_VALUE`` on top of the points; no
cartón or anything else is counted after it: seed 004, "eine Caída kann die Partie also
mitten in der Hand beenden"); a cartón that takes a side to the target wins the game
too (``hand_end``). The bots and the review (``engine.review.cuarenta``) both search
with it.
``nodes`` counts the positions searched (budgets are node counts: no clock in the engine).
"""

from __future__ import annotations

from ...cuarenta import rules as R
from ...cuarenta.captures import RANK_MASK, SUMS
from ...cuarenta.records import CAIDA, CARTON, LIMPIA, worth

FIELD = 4                     #: bits per rank count (counts 0..4, one guard bit)
ONE = tuple(1 << (FIELD * r) for r in range(R.RANKS))
COUNT = (1 << FIELD) - 1
GUARD = sum(8 << (FIELD * r) for r in range(R.RANKS))   #: the guard bit of every field
LOW = sum(1 << (FIELD * r) for r in range(R.RANKS))     #: the low bit of every field
INF = float("inf")
EPS = 1e-6  #: a null window: values closer than this are equal
PVS = True
#: points a side gets for reaching the target (the game won) on top of its points:
#: in game points, what a won game is worth in the search against more points later
WIN_VALUE = 10.0
TAKE_RANK = -1  #: the "rank" of a root play that takes a forgotten sequence (manual)


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


def rank_move(c: int, taken: int, last: int) -> tuple:
    """The rank play (a ``moves`` item) of an engine play: card ``c`` taking the cards of
    mask ``taken`` (0: laid down) when ``last`` is the card just laid (-1: none); with ``c``
    negative, taking the forgotten sequence ``taken`` (``TAKE_RANK``).

    >>> from engine.cards import FRENCH
    >>> P = FRENCH.parse
    >>> rank_move(P("6H"), 1 << P("6S"), P("6S")) == (5, ONE[5], 1, True)
    True
    >>> rank_move(-1, 1 << P("7D"), -1) == (TAKE_RANK, ONE[6], 1, False)
    True
    """
    if c < 0:
        return TAKE_RANK, rank_counts(taken), taken.bit_count(), False
    r = c % R.RANKS
    caida = last >= 0 and bool((taken & RANK_MASK[r]) >> last & 1)
    return r, rank_counts(taken), taken.bit_count(), caida


def forgotten(r: int, taken: int, table: int) -> tuple[int, int]:
    """(packed counts, cards) of the sequence a capture with a card of rank ``r`` taking
    ``taken`` (packed counts) leaves forgotten on ``table`` (what lies there after it): the
    rest of the sequence upward, which the next seat may take in full; (0, 0) if none
    (seed 004, "vergisst aber eine mögliche Folge, dürfen die Gegner sich diese Karten
    nehmen"; ``captures.next_sequence_rank``).

    >>> forgotten(5, ONE[5], ONE[6] + ONE[7]) == (ONE[6] + ONE[7], 2)
    True
    >>> forgotten(5, ONE[5] + ONE[6], ONE[7]) == (ONE[7], 1)
    True
    >>> forgotten(5, ONE[5] + ONE[6], ONE[8])
    (0, 0)
    """
    k = r + 1
    while k < R.RANKS and taken >> (FIELD * k) & COUNT:
        k += 1
    if k < R.RANKS and table >> (FIELD * k) & COUNT:
        return sequence_above(k - 1, table)
    return 0, 0


def hand_end(params, dealer_side: int, caps, score, side: int) -> float:
    """The value for ``side`` of the cartón at the end of a hand (captured-card counts
    ``caps``; table cards count for no one; "38 que no juega" by ``worth``), with
    ``WIN_VALUE`` on top when it takes a side to the target: the game is won there."""
    s, base = R.carton((caps[side], caps[1 - side]), 0 if dealer_side == side else 1)
    who = side if s == 0 else 1 - side
    pts = worth(params, CARTON, base, score[who])[0]
    if pts and score[who] + pts >= R.TARGET_POINTS:
        pts += WIN_VALUE
    return pts if who == side else -pts


class Pos:
    """One deal's position on ranks (see the module doc); mutable (the search plays and takes
    back its plays on one working copy)."""

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
    held = (nxt | nxt >> 1 | nxt >> 2) & LOW  # a 1 in each field of a rank ``nxt`` holds
    key = (hand, table, last, held)
    out = _MEMO.get(key)
    if out is None:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        caps, lays = _moves(hand, table, last)
        if held and len(lays) > 1:
            safe = tuple(m for m in lays if not held >> (FIELD * m[0]) & 1)
            if safe and len(safe) < len(lays):
                lays = safe + tuple(m for m in lays if held >> (FIELD * m[0]) & 1)
        out = _MEMO[key] = caps + lays
    return out


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


_CAPMOVES: dict = {}
LAYS = tuple((r, 0, 0, False) for r in range(R.RANKS))  #: the lay of each rank


def capture_moves(r: int, table: int, last: int) -> tuple:
    """The capture plays (``moves`` items) of a card of rank ``r`` on ``table`` when the
    card just laid is of rank ``last``. Memoised."""
    key = table << 5 | r << 1 | (r == last)
    out = _CAPMOVES.get(key)
    if out is None:
        if len(_CAPMOVES) >= MEMO_SIZE:
            _CAPMOVES.clear()
        falls = r == last
        out = _CAPMOVES[key] = tuple((r, taken, k, pair and falls)
                                     for taken, k, pair in captures(r, table))
    return out


def _capture_order(m) -> tuple:
    return -m[3], -m[2]


def _moves(hand: int, table: int, last: int) -> tuple[tuple, tuple]:
    """(captures, lays) of ``moves`` before the lays are ordered."""
    caps = []
    lays = []
    r = 0
    h = hand
    while h:
        if h & COUNT:
            lays.append(LAYS[r])
            cm = capture_moves(r, table, last)
            if cm:
                caps.extend(cm)
        h >>= FIELD
        r += 1
    if len(caps) > 1:
        caps.sort(key=_capture_order)
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


def gain_table(params) -> tuple:
    """``gain`` for each score before a capture below ``GAIN_SCORES``: a 4-tuple indexed
    ``2 * caida + limpia``. Memoised per rule set."""
    out = _GAINS.get(params)
    if out is None:
        out = _GAINS[params] = tuple(
            tuple(gain(params, s, bool(i & 2), bool(i & 1)) for i in range(4))
            for s in range(GAIN_SCORES))
    return out


_GAINS: dict = {}
#: scores covered by ``gain_table`` (a search stops at ``TARGET_POINTS``; a capture adds
#: at most 4 points)
GAIN_SCORES = R.TARGET_POINTS + 8


class RankSearch:
    """Negamax over one deal's rest on ranks, with a transposition table (module doc).

    ``evaluate(pos, side) -> float``: the value for ``side`` of the captured cards (and
    anything else not in the points) at the end of the deal or at the horizon.

    The search plays and takes back its plays on one working copy of the position
    (``self.w``; ``child`` builds a new one, for tests and callers), which is what makes
    it fast in CPython and Pyodide: no position is allocated per node."""

    def __init__(self, pos: Pos, evaluate, budget: int | None = None):
        self.pos = pos
        self.evaluate = evaluate
        self.nodes = 0
        self.tt: dict = {}
        self.budget = budget
        self.gains = gain_table(pos.params)

    def _work(self) -> Pos:
        p = self.pos
        w = Pos.__new__(Pos)
        w.hands, w.table, w.last, w.score, w.caps = list(p.hands), p.table, p.last, \
            list(p.score), list(p.caps)
        w.turn, w.n, w.params, w.dealer, w.last_deal, w.stock = p.turn, p.n, p.params, \
            p.dealer, p.last_deal, p.stock
        w.left, w.on_table = p.left, p.on_table
        self.w = w
        return w

    def values(self, root_moves, depth: int) -> dict:
        """{move: value for the side to play} of the given root moves (``moves`` items),
        searched ``depth`` plays deep in all (the root play included)."""
        self._work()
        out = {}
        for m in root_moves:
            out[m] = self._play(m, depth, -INF, INF)
        return out

    def best(self, root_moves, depth: int) -> tuple:
        """(move, value) best for the side to play among ``root_moves`` (the first of
        equals), cheaper than ``values``: a move need only be shown no better."""
        self._work()
        best_m, best_v = None, -INF
        for m in root_moves:
            v = self._play(m, depth, best_v, INF)
            if v > best_v:
                best_m, best_v = m, v
        return best_m, best_v

    # ----- the search ----------------------------------------------------------
    def _play(self, m, depth: int, alpha: float, beta: float) -> float:
        """Value for the mover of playing the root play ``m`` in the working position, then
        the rest ``depth - 1`` deep (the working position is left as it was). A root play
        may stop a sequence short, or take a forgotten one (module doc)."""
        w = self.w
        turn, table, last, on_table, left = w.turn, w.table, w.last, w.on_table, w.left
        hands, score, caps = w.hands, w.score, w.caps
        side = turn & 1
        s0, c0, h0 = score[side], caps[side], hands[turn]
        r, taken, k, caida = m
        if r == TAKE_RANK:  # take the forgotten cards, then play: the same mover, no ply
            caps[side] = c0 + k
            w.table, w.on_table = table - taken, on_table - k
            try:
                return self._node(depth, alpha, beta)
            finally:
                caps[side], w.table, w.on_table = c0, table, on_table
        hands[turn] = h0 - ONE[r]
        left_over = 0, 0
        if taken:
            t2 = table - taken
            s1 = s0 + self.gains[s0][2 * caida + (not t2)] if s0 < GAIN_SCORES else \
                s0 + gain(w.params, s0, caida, not t2)
            score[side], caps[side] = s1, c0 + k + 1
            w.table, w.last, w.on_table = t2, -1, on_table - k
            if w.params.manual and left > 1:
                left_over = forgotten(r, taken, t2)
        else:
            s1 = s0
            w.table, w.last, w.on_table = table + ONE[r], r, on_table + 1
        w.turn = turn + 1 if turn + 1 < w.n else 0
        w.left = left - 1
        try:
            if s1 >= R.TARGET_POINTS:  # the game is won there: no cartón follows
                return s1 - score[1 - side] + WIN_VALUE
            # the next mover is always of the other side (seats alternate sides)
            v = self._node(depth - 1, -beta, -alpha)
            seq, n = left_over
            if n and v < -alpha:  # the next seat may first take what was forgotten
                other = 1 - side
                c1, t1, o1 = caps[other], w.table, w.on_table
                caps[other], w.table, w.on_table = c1 + n, t1 - seq, o1 - n
                try:
                    v = max(v, self._node(depth - 1, max(-beta, v), -alpha))
                finally:
                    caps[other], w.table, w.on_table = c1, t1, o1
            return -v
        finally:
            hands[turn], score[side], caps[side] = h0, s0, c0
            w.turn, w.table, w.last, w.on_table, w.left = turn, table, last, on_table, left

    def _node(self, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget
        w = self.w
        turn = w.turn
        side = turn & 1
        other = 1 - side
        score = w.score
        left = w.left
        if not left:  # the deal is over (the dealer played the last card)
            return score[side] - score[other] + self.evaluate(w, side)
        hands = w.hands
        caps = w.caps
        if depth > left:
            depth = left
        nt = turn + 1 if turn + 1 < w.n else 0
        table, last, on_table = w.table, w.last, w.on_table
        h0 = hands[turn]
        s0, c0 = score[side], caps[side]
        gains = self.gains[s0] if s0 < GAIN_SCORES else tuple(
            gain(w.params, s0, bool(i & 2), bool(i & 1)) for i in range(4))
        evaluate = self.evaluate
        if depth <= 0:  # the horizon: the mover's best immediate capture, or none
            best = s0 - score[other] + evaluate(w, side)
            w.turn, w.left = nt, left - 1
            h = h0
            rank = 0
            while h:
                if h & COUNT:
                    for r, taken, k, caida in capture_moves(rank, table, last):
                        t2 = table - taken
                        s1 = s0 + gains[2 * caida + (not t2)]
                        hands[turn] = h0 - ONE[r]
                        score[side], caps[side] = s1, c0 + k + 1
                        w.table, w.last, w.on_table = t2, -1, on_table - k
                        v = s1 - score[other] + (WIN_VALUE if s1 >= R.TARGET_POINTS
                                                 else evaluate(w, side))
                        if v > best:
                            best = v
                h >>= FIELD
                rank += 1
            hands[turn], score[side], caps[side] = h0, s0, c0
            w.turn, w.table, w.last, w.on_table, w.left = turn, table, last, on_table, left
            return best
        ms = moves(h0, table, last, hands[nt])
        key = (tuple(hands), table, last, turn, score[0], score[1], caps[0], caps[1], depth)
        tt = self.tt
        e = tt.get(key)
        tt_move = None
        if e is not None:
            lo, hi, tt_move = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        if tt_move is not None and tt_move != ms[0]:
            ms = (tt_move,) + tuple(m for m in ms if m != tt_move)
        a0 = alpha
        best = -INF
        best_move = None
        d1 = depth - 1
        w.turn, w.left = nt, left - 1
        first = True
        node = self._node
        for m in ms:
            r, taken, k, caida = m
            hands[turn] = h0 - ONE[r]
            if taken:
                t2 = table - taken
                s1 = s0 + gains[2 * caida + (not t2)]
                score[side], caps[side] = s1, c0 + k + 1
                w.table, w.last, w.on_table = t2, -1, on_table - k
                if s1 >= R.TARGET_POINTS:  # the game is won there: no cartón follows
                    v = s1 - score[other] + WIN_VALUE
                    first = False
                    if v > best:
                        best, best_move = v, m
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                    continue
            else:
                score[side], caps[side] = s0, c0
                w.table, w.last, w.on_table = table + ONE[r], r, on_table + 1
            if PVS and not first and alpha > -INF:  # principal variation search
                v = -node(d1, -alpha - EPS, -alpha)
                if alpha < v < beta:
                    v = -node(d1, -beta, -v)
            else:
                v = -node(d1, -beta, -alpha)
            first = False
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        hands[turn], score[side], caps[side] = h0, s0, c0
        w.turn, w.table, w.last, w.on_table, w.left = turn, table, last, on_table, left
        lo, hi = (e[0], e[1]) if e is not None else (-INF, INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = (lo, hi, best_move)
        return best
