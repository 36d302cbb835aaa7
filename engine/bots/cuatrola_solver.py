"""A fast perfect-information solver for the card play of one Cuatrola hand.

It works on four hand bitmasks, not on :class:`CuatrolaState`: a ``Pos`` holds
the remaining play of one hand (hands, trump suit, the trick on the table,
tricks done, cantes sung, the contract and the rule options that change
legality). ``Pos.legal`` is the engine's ``legal_mask``; the search inlines the
same obligations for speed, and its trick, cante and scoring code mirrors
``CuatrolaState._play``/``_sing``/``_finish_hand``; tests/bots compare both
against the engine on random states.

``Solver(pos).values(moves)`` gives the exact minimax value of each move:

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

from ..cuatrola import rules as R
from ..cuatrola.state import ABOVE, POINTS, REY_CABALLO, STRENGTH, SUIT_MASK
from ..cuatrola.state import legal_mask as engine_legal_mask

INF = 10 ** 6
FULL_HAND = R.TRICKS_PER_HAND
LAST_TRICK = FULL_HAND - 1
ULTIMAS = R.ULTIMAS_POINTS
CARD_OF = {1 << c: c for c in range(40)}
NEED_WITH_QUINTOLA = R.TRICKS_FOR_CUATROLA_WITH_QUINTOLA
SUIT_OF = tuple(c // 10 for c in range(40))
# Move ordering: strongest first (trumps above everything).
_ORDER_KEY = tuple(STRENGTH[c] for c in range(40))


def bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


class Pos:
    """The remaining card play of one hand, everything visible (a determinization).

    ``trick`` is a tuple of (seat, card) already on the table; ``turn`` the seat
    to play. ``done`` tricks are complete, ``won`` is tricks per side,
    ``sung`` a bitmask of suits whose cante has been sung.
    """

    __slots__ = ("hands", "trump", "turn", "trick", "done", "won", "sung", "contract", "rules",
                 "declarer", "out", "beat_partner", "discard_ok", "beat_led_after_trump",
                 "cantes_every", "quintola")

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
        self.out = (declarer + 2) % 4 if declarer >= 0 else -1
        if rules is None:
            rules = R.OPTIONS.resolve()
        self.rules = rules
        self.beat_partner = rules.beat_partner
        self.discard_ok = rules.discard_if_cannot_overtrump
        self.beat_led_after_trump = rules.beat_led_after_trump
        self.cantes_every = rules.cantes == "every_trick"
        self.quintola = rules.quintola

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
        return 3 if self.declarer >= 0 else 4

    def next_seat(self, seat: int) -> int:
        n = (seat + 1) % 4
        return (n + 1) % 4 if n == self.out else n

    def winning(self) -> tuple[int, int]:
        t = self.trump
        ws, wc = self.trick[0]
        for s, c in self.trick[1:]:
            if (c // 10 == wc // 10 and STRENGTH[c] > STRENGTH[wc]) or (
                    c // 10 == t and wc // 10 != t):
                ws, wc = s, c
        return ws, wc

    def legal(self) -> int:
        """Bitmask of the cards the seat to play may play."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        ws, wc = self.winning()
        return engine_legal_mask(self.rules, hand, self.trick, self.trump, ws, wc, self.turn)

    def tricks_needed(self) -> int:
        if self.contract == R.CUATROLA and self.quintola:
            return NEED_WITH_QUINTOLA
        return FULL_HAND

    def play(self, c: int) -> int:
        """Play ``c`` in place; the margin (side 0 minus side 1) it settles.

        Cuatrola/Quintola settle no points (see ``contract_result``);
        ``finished`` tells when the hand ends.
        """
        seat = self.turn
        self.hands[seat] &= ~(1 << c)
        self.trick = self.trick + ((seat, c),)
        if len(self.trick) < self.active:
            self.turn = self.next_seat(seat)
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
            pts += self._sing(side)
        return pts if side == 0 else -pts

    def _sing(self, side: int) -> int:
        if not self.cantes_every and self.won[side] != 1:
            return 0
        found = []
        for seat in (side, side + 2):
            if seat == self.out:
                continue
            h = self.hands[seat]
            for s in range(4):
                if not self.sung >> s & 1 and h & REY_CABALLO[s] == REY_CABALLO[s]:
                    found.append((-(R.CANTE_TRUMP_POINTS if s == self.trump else R.CANTE_POINTS), s))
        found.sort()
        if self.cantes_every:
            found = found[:1]
        total = 0
        for negpts, s in found:
            if not self.sung >> s & 1:  # a suit is sung once even if found twice
                self.sung |= 1 << s
                total -= negpts
        return total

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
    """

    def __init__(self, pos: Pos):
        self.pos = pos
        self.nodes = 0
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
            moves = bits(p.legal())
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

    # ----- the search ----------------------------------------------------
    def _search(self, pos: Pos, alpha: int, beta: int) -> int:
        trump = pos.trump
        out = pos.out
        active = pos.active
        nxt = [pos.next_seat(s) for s in range(4)]
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
        RC = REY_CABALLO
        cante_seats = ([s for s in (0, 2) if s != out], [s for s in (1, 3) if s != out])
        cante_order = [trump] + [s for s in range(4) if s != trump]
        count = [0]
        by_strength = sorted(range(40), key=lambda c: (c // 10 == trump, STR[c]), reverse=True)
        order = self.order.setdefault(trump, {})

        def sing(side, sung, won_side):
            # returns (points, new sung)
            if not every and won_side != 1:
                return 0, sung
            pts = 0
            for s in cante_order:
                if sung >> s & 1:
                    continue
                pair = RC[s]
                for seat in cante_seats[side]:
                    if hands[seat] & pair == pair:
                        pts += 40 if s == trump else 20
                        sung |= 1 << s
                        break
                if pts and every:
                    break
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
            gain = tp + ULTIMAS
            return gain if side == 0 else -gain

        def node(turn, n, led, ws, wc, top, tpts, done, sung, w0, w1, alpha, beta):
            count[0] += 1
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
                            gain = npts + 10
                            val = gain if side == 0 else -gain
                        else:
                            cp, nsung = sing(side, sung, nw0 if side == 0 else nw1)
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
        if pos.trick:
            led = pos.trick[0][1] // 10
            ws, wc = pos.winning()
            top = pos.trick[0][1]
            for _, c in pos.trick:
                if c // 10 == led and STR[c] > STR[top]:
                    top = c
            tpts = sum(PTS[c] for _, c in pos.trick)
            v = node(pos.turn, len(pos.trick), led, ws, wc, top, tpts, pos.done, pos.sung,
                     pos.won[0], pos.won[1], alpha, beta)
        else:
            v = node(pos.turn, 0, 0, 0, 0, 0, 0, pos.done, pos.sung, pos.won[0], pos.won[1],
                     alpha, beta)
        self.nodes += count[0]
        return v
