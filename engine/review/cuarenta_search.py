"""Cuarenta with every hand visible: minimax over the rest of one deal.

``DealSearch(state, side, budget).values(actions)`` gives, for each legal action
of the seat to play, what the side ``side`` gains over the other side from that
action to the end of the deal (the search horizon) with best play by every
seat (partners together, opponents against), in game points:

* the points scored on the way (caída, limpia, caída y limpia, todo dos, with the
  limits of "38 que no juega" and "Rondas ab 30": the bots' ``Sim.gain``, which
  follows ``engine.cuarenta.state.worth``);
* the captured cards: in the last deal of a hand, when the search reaches its end,
  the cartón exactly (``rules.carton``, ``worth``; table cards count for no one);
  otherwise ``CARD_VALUE`` per captured card, an estimate of its worth toward
  the cartón (the expert's ``CARD_VALUE``).

Not counted: a ronda claim a caída may open at the end of the hand, and the
game ending at 40 (play goes on to the end of the deal). With ``sequences =
manual`` the first action may stop a sequence short and the next seat may
take the forgotten cards; below that, sequences are taken in full.

The search deepens a round of plays at a time (one play per seat) and stops
when the next round does not fit in ``budget`` nodes (positions searched; no
clock in the engine): ``plies`` says how many plays deep the values are,
``exact`` whether that is the end of the deal. The first round is always
searched. Suits play no part in Cuarenta (seed 004: "Die Farben spielen keine
Rolle"), so positions are compared by the ranks in each hand and on the table
(and the rank of the card a caída can fall on), and of plays that differ only
in suits one is searched: alpha-beta with a transposition table on those keys.
"""

from __future__ import annotations

from ..bots.cuarenta_common import Sim
from ..bots.cuarenta_expert import CARD_VALUE
from ..cuarenta import rules as R
from ..cuarenta.captures import (CARD_BITS, CARD_FIELD, RANK_MASK, next_sequence_rank, plays,
                                 sequences)
from ..cuarenta.state import CARTON, TAKE, worth

INF = float("inf")
_RANK_BITS = 3   # a rank count (0..4) in a signature
_SUIT_FIELD = (1 << R.RANKS) - 1
#: SPREAD[m]: for a mask of ranks m (one suit), the signature with count 1 at each rank
SPREAD = tuple(sum(1 << (_RANK_BITS * r) for r in range(R.RANKS) if m >> r & 1)
               for m in range(1 << R.RANKS))
SUITS = 4


_HAND_BITS = _RANK_BITS * R.RANKS   # one hand's signature in the signature of all hands
#: RANK_SIG[c]: the signature of card c alone
RANK_SIG = tuple(1 << (_RANK_BITS * (c % R.RANKS)) for c in range(R.DECK_SIZE))


def signature(m: int) -> int:
    """How many cards of each rank the mask holds (3 bits a rank): suits forgotten.

    >>> from engine.cards import FRENCH, mask
    >>> signature(mask(FRENCH.parse(t) for t in "AH AD 2S".split())) == 2 + (1 << 3)
    True
    """
    return (SPREAD[m & _SUIT_FIELD] + SPREAD[m >> R.RANKS & _SUIT_FIELD]
            + SPREAD[m >> 2 * R.RANKS & _SUIT_FIELD] + SPREAD[m >> 3 * R.RANKS & _SUIT_FIELD])


class OutOfBudget(Exception):
    """The node budget ran out in the middle of a round."""


class DealSearch:
    """The rest of one deal of a Cuarenta state, searched with every hand visible."""

    def __init__(self, state, side: int, budget: int):
        p = state.params
        self.sim = Sim(state.hands, state.table, state.last, state.score,
                       [m.bit_count() for m in state.captured], state.turn, state.rules,
                       state.dealer)
        self.params = p
        self.n = p.players
        self.manual = p.manual
        self.side = side
        self.last_deal = state.deal_no + 1 == len(state.deals)
        self.dealer_side = state.dealer & 1
        self.left = sum(h.bit_count() for h in state.hands)  # plays to the end of the deal
        # the ranks in every hand (one signature per seat) and on the table, kept up to date
        self.hsig = sum(signature(h) << (_HAND_BITS * s) for s, h in enumerate(state.hands))
        self.tsig = signature(state.table)
        self.budget = budget
        self.limit = None
        self.nodes = 0
        self.tt: dict = {}
        self.cw = CARD_VALUE
        self.plies = 0
        self.exact = False

    # ----- the root -----------------------------------------------------------
    def values(self, actions) -> dict:
        """{action: value} for the legal actions of the seat to play (see the module doc)."""
        out = None
        depth = min(self.n, self.left)
        while True:
            exact = depth >= self.left
            self.cw = 0.0 if exact and self.last_deal else CARD_VALUE
            self.limit = self.budget if out is not None else None
            try:
                vals = {}
                for a in actions:
                    vals[a] = self._root(a, depth)
            except OutOfBudget:
                break
            out, self.plies, self.exact = vals, depth, exact
            if exact:
                break
            depth = min(depth + self.n, self.left)
        return out

    def _root(self, action: int, depth: int) -> float:
        sim = self.sim
        code = action & CARD_FIELD
        taken = action >> CARD_BITS
        if code == TAKE:  # take a forgotten sequence, then play (no ply used)
            side = sim.turn & 1
            saved = sim.table, sim.caps[side], self.tsig
            self._take(taken)
            try:
                gain = self.cw * taken.bit_count()
                if side != self.side:
                    gain = -gain
                return gain + self._node(depth, -INF, INF, -1)
            finally:
                sim.table, sim.caps[side], self.tsig = saved
        return self._move(code, taken, signature(taken), depth, -INF, INF, self.manual)

    # ----- the search -----------------------------------------------------------
    def _take(self, taken: int) -> None:
        sim = self.sim
        sim.table &= ~taken
        sim.caps[sim.turn & 1] += taken.bit_count()
        self.tsig -= signature(taken)

    def _move(self, c: int, taken: int, tsig: int, depth: int, alpha: float, beta: float,
              may_forget: bool = False) -> float:
        """Value of playing (c, taken) now (``tsig``: the signature of ``taken``): its gain
        and the rest below it."""
        sim = self.sim
        seat = sim.turn
        side = seat & 1
        saved = (sim.hands[seat], sim.table, sim.last, sim.score[side], sim.caps[side],
                 self.hsig, self.tsig)
        pts = sim.play(c, taken)
        self.left -= 1
        self.hsig -= RANK_SIG[c] << (_HAND_BITS * seat)
        self.tsig += -tsig if taken else RANK_SIG[c]
        try:
            gain = pts + self.cw * (taken.bit_count() + 1 if taken else 0)
            if side != self.side:
                gain = -gain
            forgot = -1
            if may_forget and taken:
                forgot = next_sequence_rank(c % R.RANKS, taken, sim.table)
            return gain + self._node(depth - 1, alpha - gain, beta - gain, forgot)
        finally:
            (sim.hands[seat], sim.table, sim.last, sim.score[side], sim.caps[side],
             self.hsig, self.tsig) = saved
            sim.turn = seat
            self.left += 1

    def _end(self) -> float:
        """The end of the deal: the cartón when it is the hand's last and the search exact."""
        if not (self.last_deal and self.cw == 0.0):
            return 0.0
        sim = self.sim
        side, base = R.carton(tuple(sim.caps), self.dealer_side)
        pts = worth(self.params, CARTON, base, sim.score[side])[0]
        return pts if side == self.side else -pts

    def _moves(self) -> list[tuple]:
        """(class, card, taken, immediate gain for the mover) of the seat to play, one per
        class of plays that differ only in suits, likeliest best first. The class (played
        rank, ranks taken, whether the card a caída falls on is taken) fixes the gain and
        the position that follows."""
        sim = self.sim
        last = sim.last
        seen = set()
        out = []
        for a in plays(sim.hands[sim.turn], sim.table, False):
            c = a & CARD_FIELD
            taken = a >> CARD_BITS
            k = (c % R.RANKS, signature(taken), last >= 0 and taken >> last & 1)
            if k in seen:
                continue
            seen.add(k)
            if taken:
                g = sim.gain(c, taken)[0] + self.cw * (taken.bit_count() + 1)
                order = 100 + 3 * g
            else:
                g = 0.0
                order = -(sim.table & RANK_MASK[c % R.RANKS]).bit_count()
            out.append((order, k, c, taken, g))
        out.sort(key=lambda m: -m[0])
        return [m[1:] for m in out]

    def _best_gain(self) -> float:
        """The most the seat to play can gain with one play (laying a card gains 0)."""
        sim = self.sim
        cw = self.cw
        best = 0.0
        for a in plays(sim.hands[sim.turn], sim.table, False):
            taken = a >> CARD_BITS
            if taken:
                g = sim.gain(a & CARD_FIELD, taken)[0] + cw * (taken.bit_count() + 1)
                if g > best:
                    best = g
        return best

    def _node(self, depth: int, alpha: float, beta: float, forgot: int) -> float:
        if self.left == 0:
            return self._end()
        if depth == 0:
            return 0.0
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget
        sim = self.sim
        maxi = (sim.turn & 1) == self.side
        if depth == 1 and self.left > 1 and forgot < 0:  # the horizon: gains only
            g = self._best_gain()
            return g if maxi else -g
        key = None
        best_move = None
        if forgot < 0:
            last = sim.last
            key = (self.hsig, self.tsig - RANK_SIG[last] if last >= 0 else self.tsig,
                   last % R.RANKS if last >= 0 else -1, sim.turn, sim.score[0], sim.score[1],
                   tuple(sim.caps) if self.cw == 0.0 else None, min(depth, self.left))
            e = self.tt.get(key)
            if e is not None:
                lo, hi, best_move = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        best = -INF if maxi else INF
        best_found = None
        takes = [0]
        if forgot >= 0:
            takes += sequences(forgot - 1, sim.table, True)
        for t in takes:
            side = sim.turn & 1
            if t:
                saved = sim.table, sim.caps[side], self.tsig
                self._take(t)
            try:
                tg = self.cw * t.bit_count() * (1 if maxi else -1)
                moves = self._moves()
                if best_move is not None:
                    for i, m in enumerate(moves):
                        if m[0] == best_move:
                            moves.insert(0, moves.pop(i))
                            break
                for k, c, taken, _ in moves:
                    v = tg + self._move(c, taken, k[1], depth, alpha - tg, beta - tg)
                    if maxi:
                        if v > best:
                            best, best_found = v, k
                            alpha = max(alpha, v)
                    elif v < best:
                        best, best_found = v, k
                        beta = min(beta, v)
                    if alpha >= beta:
                        break
            finally:
                if t:
                    sim.table, sim.caps[side], self.tsig = saved
            if alpha >= beta:
                break
        if key is not None:
            e = self.tt.get(key)
            lo, hi = (e[0], e[1]) if e is not None else (-INF, INF)
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_found)
        return best
