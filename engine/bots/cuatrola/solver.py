"""A fast perfect-information solver for the card play of one Cuatrola hand.

It works on four hand bitmasks, not on :class:`CuatrolaState`: a ``Pos`` holds
the remaining play of one hand (hands, trump suit, the trick on the table,
tricks done, cantes sung, the contract and the rule options that change
legality). ``Pos`` plays by the rule primitives of ``engine.cuatrola.play``
(``legal_mask``, ``winning``, ``sing``, ``next_seat``); the search inlines the
obligations and the trick winner for speed (the rest it takes from ``play``
and ``rules``), and tests/bots compare both against the engine on random states.

``Solver(pos).values(moves)`` gives the exact minimax value of each move, and
``Solver(pos).value(alpha, beta)`` the value of the position itself:

* normal hands and Solo: the future point margin of side 0 over side 1
  (cards won from now on, últimas, cantes sung from now on);
* Cuatrola/Quintola: +1 if the declarer makes the contract, -1 if not
  (from side 0's point of view).

Search: alpha-beta over single card plays, a transposition table at trick
boundaries (the remaining hands, the leader and the cante state fix the
future), the table's best move tried first, then a cheap move ordering.
``nodes`` counts the positions visited: the expert's budget is in nodes,
never in clock time (the engine has no clock).

>>> from engine.cards import mask
>>> p = Pos(hands=[mask([0]), mask([10]), mask([2]), mask([12])], trump=0, turn=0, done=4)
>>> Solver(p).values()   # 1O wins 1C, 3O, 3C: 11+11+10+10 and 10 for the last trick
{0: 52}
"""

from __future__ import annotations

from ...cards import DECK_SIZE, cards_of
from ..common import OutOfWork
from ...cuatrola import rules as R
from ...cuatrola.play import (ABOVE, CABALLO_MASK, POINTS, STRENGTH, SUIT_MASK, legal_mask,
                             next_seat, sing, sitting_out, winning)

INF = 10 ** 6
FULL_HAND = R.TRICKS_PER_HAND
LAST_TRICK = FULL_HAND - 1
CARD_OF = {1 << c: c for c in range(DECK_SIZE)}
NO_LIMIT = float("inf")


class Pos:
    """The remaining card play of one hand, everything visible (a determinization).

    ``trick`` is a tuple of (seat, card) already on the table; ``turn`` the seat
    to play. ``done`` tricks are complete, ``won`` is tricks per side,
    ``sung`` a bitmask of suits whose cante has been sung.
    """

    __slots__ = ("hands", "trump", "turn", "trick", "done", "won", "sung", "contract", "rules",
                 "declarer", "out", "beat_partner", "discard_ok", "beat_led_after_trump",
                 "cantes_every")

    def __init__(self, hands, trump: int, turn: int, trick=(), done: int = 0, won=(0, 0),
                 sung: int = 0, contract: int = R.PASS, declarer: int = -1, rules=None):
        self.hands = list(hands)
        self.trump = trump  # suit
        self.turn = turn
        self.trick = tuple(trick)
        self.done = done
        self.won = tuple(won)
        self.sung = sung
        self.contract = contract
        self.declarer = declarer
        self.out = sitting_out(declarer)
        if rules is None:
            rules = R.OPTIONS.resolve()
        self.rules = rules
        self.beat_partner = rules.beat_partner
        self.discard_ok = rules.discard_if_cannot_overtrump
        self.beat_led_after_trump = rules.beat_led_after_trump
        self.cantes_every = rules.cantes == "every_trick"

    @classmethod
    def from_state(cls, state, hands=None) -> "Pos":
        """The play position of an engine state (optionally with other hands)."""
        sung = 0
        for k in state.cantes:
            sung |= 1 << k.suit
        return cls(hands if hands is not None else state.hands, state.trump // 10, state.turn,
                   state.trick, len(state.tricks), state.tricks_won, sung, state.contract,
                   state.declarer, state.rules)

    def copy(self) -> "Pos":
        p = object.__new__(Pos)
        for k in Pos.__slots__:
            setattr(p, k, getattr(self, k))
        p.hands = list(self.hands)
        return p

    # ----- rules (mirror the engine) -------------------------------------
    @property
    def active(self) -> int:
        return R.SEATS - 1 if self.declarer >= 0 else R.SEATS

    def winning(self) -> tuple[int, int]:
        return winning(self.trick, self.trump)

    def legal(self) -> int:
        """Bitmask of the cards the seat to play may play."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        ws, wc = self.winning()
        return legal_mask(self.rules, hand, self.trick, self.trump, ws, wc, self.turn)

    def tricks_needed(self) -> int:
        return R.tricks_needed(self.contract, self.rules)

    def play(self, c: int) -> int:
        """Play ``c`` in place; the margin (side 0 minus side 1) it settles.

        Cuatrola/Quintola settle no points (see ``contract_result``);
        ``finished`` tells when the hand ends.
        """
        seat = self.turn
        self.hands[seat] &= ~(1 << c)
        self.trick = self.trick + ((seat, c),)
        if len(self.trick) < self.active:
            self.turn = next_seat(seat, self.out)
            return 0
        ws, _ = self.winning()
        side = ws % 2
        pts = sum(POINTS[x] for _, x in self.trick)
        self.done += 1
        won = list(self.won)
        won[side] += 1
        self.won = tuple(won)
        self.trick = ()
        self.turn = ws
        if self.contract >= R.CUATROLA:
            return 0
        if self.done == FULL_HAND:
            pts += R.ULTIMAS_POINTS
        else:
            for _, suit, cante in sing(self.hands, side, self.won[side], self.sung, self.trump,
                                       self.out, self.contract, self.cantes_every):
                self.sung |= 1 << suit
                pts += cante
        return pts if side == 0 else -pts

    def finished(self) -> bool:
        return self.done == FULL_HAND

    def contract_result(self) -> int:
        """Cuatrola/Quintola: +1 if side 0 has won the contract's fight, -1 if side 1
        has, 0 while undecided."""
        dside = self.declarer % 2
        need = self.tricks_needed()
        if self.won[dside] >= need:
            ok = True
        elif self.won[1 - dside] > FULL_HAND - need:
            ok = False
        else:
            return 0
        return 1 if ok == (dside == 0) else -1


class Solver:
    """Exact minimax values of the moves of one perfect-information position.

    The transposition table is kept across calls on positions of the same hand.
    With a ``limit`` of nodes, a search that would visit more raises ``OutOfWork``
    (``nodes`` then counts what it visited): the cap of a decision at the table.
    """

    def __init__(self, pos: Pos, limit: int | None = None):
        self.pos = pos
        self.nodes = 0
        self.limit = limit
        self.tt: dict = {}
        self.order: dict = {}

    def values(self, moves=None, budget: int | None = None) -> dict:
        """{card: exact value} for ``moves`` (default: every legal card).

        Values are from side 0's point of view (see the module doc). With a
        ``budget`` of nodes the search stops early and returns only the moves
        it finished (at least the first one).
        """
        p = self.pos
        if moves is None:
            moves = cards_of(p.legal())
        out = {}
        for c in moves:
            q = p.copy()
            settled = q.play(c)
            if p.contract >= R.CUATROLA:
                r = q.contract_result()
                out[c] = r if r else self._search(q, -2, 2)
            elif q.finished():
                out[c] = settled
            else:
                out[c] = settled + self._search(q, -INF, INF)
            if budget is not None and self.nodes >= budget:
                break
        return out

    def best(self) -> tuple[int, int]:
        """(card, value) best for the seat to play (ties: lowest card)."""
        vals = self.values()
        sign = 1 if self.pos.turn % 2 == 0 else -1
        card = max(sorted(vals), key=lambda c: sign * vals[c])
        return card, vals[card]

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The minimax value of the position itself (side 0's point of view, see the
        module doc), searched in the window (``alpha``, ``beta``): exact inside it;
        at most ``alpha`` when the value is at most ``alpha``, at least ``beta`` when
        it is at least ``beta`` (a null window ``(b, b + 1)`` tells which side of
        ``b`` it lies, cheaply)."""
        return self._search(self.pos, alpha, beta)

    # ----- the search ----------------------------------------------------
    def _search(self, pos: Pos, alpha: int, beta: int) -> int:
        trump = pos.trump
        out = pos.out
        active = pos.active
        nxt = [next_seat(s, out) for s in range(R.SEATS)]
        bp, dok, blat = pos.beat_partner, pos.discard_ok, pos.beat_led_after_trump
        every = pos.cantes_every
        tricks_mode = pos.contract >= R.CUATROLA
        dside = pos.declarer % 2
        allowed = FULL_HAND - pos.tricks_needed()  # defender tricks the declarer can afford
        win_val = 1 if dside == 0 else -1
        hands = pos.hands
        tt = self.tt
        T = SUIT_MASK[trump]
        STR = STRENGTH
        PTS = POINTS
        AB = ABOVE
        SM = SUIT_MASK
        contract = pos.contract
        count = [0]
        by_strength = sorted(range(DECK_SIZE), key=lambda c: (c // 10 == trump, STR[c]),
                             reverse=True)
        order = self.order.setdefault(trump, {})
        cap = NO_LIMIT if self.limit is None else self.limit - self.nodes

        def cantes(side, sung, won_side):
            """(points, suits sung) after ``side`` won a trick (``play.sing``)."""
            a, b = hands[side], hands[side + 2]
            if not (a & a >> 1 | b & b >> 1) & CABALLO_MASK:
                return 0, sung  # no rey-caballo pair in the side's hands
            pts = 0
            for _, suit, cante in sing(hands, side, won_side, sung, trump, out, contract, every):
                pts += cante
                sung |= 1 << suit
            return pts, sung

        def last_trick(turn, w0, w1):
            # one card each: every play is forced
            wsx = turn
            wcx = c0 = CARD_OF[hands[turn]]
            tp = PTS[c0]
            s_ = nxt[turn]
            while s_ != turn:
                c = CARD_OF[hands[s_]]
                tp += PTS[c]
                wsuit = wcx // 10
                cs = c // 10
                if (cs == wsuit and STR[c] > STR[wcx]) or (cs == trump and wsuit != trump):
                    wsx, wcx = s_, c
                s_ = nxt[s_]
            side = wsx & 1
            if tricks_mode:
                nw0, nw1 = (w0 + 1, w1) if side == 0 else (w0, w1 + 1)
                dt = nw1 if dside == 0 else nw0
                return -win_val if dt > allowed else win_val
            gain = tp + R.ULTIMAS_POINTS
            return gain if side == 0 else -gain

        def node(turn, n, led, ws, wc, top, tpts, done, sung, w0, w1, alpha, beta):
            count[0] += 1
            if count[0] > cap:
                raise OutOfWork
            hand = hands[turn]
            key = None
            ttbest = -1
            if n == 0:
                if done == LAST_TRICK:
                    return last_trick(turn, w0, w1)
                key = (hands[0], hands[1], hands[2], hands[3], turn, sung,
                       (w0, w1) if tricks_mode else (0 if every else (w0 > 0, w1 > 0)))
                e = tt.get(key)
                if e is not None:
                    lo, hi, ttbest = e
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
                moves = hand
            else:
                follow = hand & SM[led]
                partner_winning = (not bp) and (ws - turn) % 2 == 0
                if follow:
                    if partner_winning:
                        moves = follow
                    elif wc // 10 == led:
                        moves = (follow & AB[wc]) or follow
                    elif blat:
                        moves = (follow & AB[top]) or follow
                    else:
                        moves = follow
                else:
                    trumps = hand & T
                    if not trumps or partner_winning:
                        moves = hand
                    elif wc // 10 == trump:
                        over = trumps & AB[wc]
                        moves = over or (hand if dok else trumps)
                    else:
                        moves = trumps
            # order: table move first, then strongest first for the side to play
            cards = order.get(moves)
            if cards is None:
                cards = order[moves] = [c for c in by_strength if moves >> c & 1]
            if ttbest >= 0 and cards[0] != ttbest and moves >> ttbest & 1:
                cards = [ttbest] + [c for c in cards if c != ttbest]
            maxi = turn % 2 == 0
            a0, b0 = alpha, beta
            best = -INF if maxi else INF
            best_card = cards[0]
            last = n + 1 == active
            for c in cards:
                bit = 1 << c
                hands[turn] = hand ^ bit
                cs = c // 10
                if n == 0:
                    nled, nws, nwc, ntop = cs, turn, c, c
                else:
                    nled = led
                    wsuit = wc // 10
                    if (cs == wsuit and STR[c] > STR[wc]) or (cs == trump and wsuit != trump):
                        nws, nwc = turn, c
                    else:
                        nws, nwc = ws, wc
                    ntop = c if (cs == led and STR[c] > STR[top]) else top
                npts = tpts + PTS[c]
                if last:
                    side = nws & 1
                    nd = done + 1
                    if tricks_mode:
                        nw0, nw1 = (w0 + 1, w1) if side == 0 else (w0, w1 + 1)
                        dt = nw1 if dside == 0 else nw0
                        if dt > allowed:
                            val = -win_val
                        elif nd == FULL_HAND:
                            val = win_val
                        else:
                            val = node(nws, 0, 0, 0, 0, 0, 0, nd, sung, nw0, nw1, alpha, beta)
                    else:
                        if side == 0:
                            nw0, nw1 = w0 + 1, w1
                        else:
                            nw0, nw1 = w0, w1 + 1
                        if nd == FULL_HAND:
                            gain = npts + R.ULTIMAS_POINTS
                            val = gain if side == 0 else -gain
                        else:
                            cp, nsung = cantes(side, sung, nw0 if side == 0 else nw1)
                            gain = npts + cp
                            d = gain if side == 0 else -gain
                            val = d + node(nws, 0, 0, 0, 0, 0, 0, nd, nsung, nw0, nw1,
                                           alpha - d, beta - d)
                else:
                    val = node(nxt[turn], n + 1, nled, nws, nwc, ntop, npts, done, sung, w0, w1,
                               alpha, beta)
                hands[turn] = hand
                if maxi:
                    if val > best:
                        best, best_card = val, c
                        if val > alpha:
                            alpha = val
                            if alpha >= beta:
                                break
                else:
                    if val < best:
                        best, best_card = val, c
                        if val < beta:
                            beta = val
                            if alpha >= beta:
                                break
            if key is not None:
                e = tt.get(key)
                lo, hi = (e[0], e[1]) if e is not None else (-INF, INF)
                if best <= a0:
                    hi = min(hi, best)
                elif best >= b0:
                    lo = max(lo, best)
                else:
                    lo = hi = best
                tt[key] = (lo, hi, best_card)
            return best

        # resume from pos (possibly mid-trick)
        try:
            if pos.trick:
                led = pos.trick[0][1] // 10
                ws, wc = pos.winning()
                top = pos.trick[0][1]
                for _, c in pos.trick:
                    if c // 10 == led and STR[c] > STR[top]:
                        top = c
                tpts = sum(PTS[c] for _, c in pos.trick)
                return node(pos.turn, len(pos.trick), led, ws, wc, top, tpts, pos.done,
                            pos.sung, pos.won[0], pos.won[1], alpha, beta)
            return node(pos.turn, 0, 0, 0, 0, 0, 0, pos.done, pos.sung, pos.won[0], pos.won[1],
                        alpha, beta)
        finally:
            self.nodes += count[0]
