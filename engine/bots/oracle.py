"""The oracle: a player that sees every card. For measurement only.

It is not a level (not in ``LEVELS``, not offered by the api): it reads the
whole state, which no player may. tools/arena.py uses it to measure how much
of the gap between the heuristic and perfect information the expert closes.

``oracle(state, seat, rng) -> action text``.

Cuatrola: card play by the exact solver on the true hands (maximizing the
hand's point margin, or the contract); bids: the most valuable contract the
solver proves makes, when it is worth more than the normal hand's proven
result.
"""

from __future__ import annotations


def oracle(state, seat: int, rng) -> str:
    game = state.cfg.game
    if game == "cuatrola":
        return _cuatrola(state, seat)
    if game == "cuarenta":
        from .cuarenta_expert import oracle_action
        return oracle_action(state, seat, rng)
    raise ValueError(f"no oracle for {game!r}")


def _cuatrola(state, seat: int) -> str:
    from ..cuatrola import rules as R
    from ..cuatrola.state import BIDDING
    from .cuatrola_solver import INF, Pos, Solver
    from . import cuatrola_heuristic as H
    from .cuatrola_info import Info

    if state.phase == BIDDING:
        info = Info.from_view(state.view(seat))
        legal = [b - 100 for b in state.legal_actions()]
        me = seat % 2
        if any(s == (seat + 2) % 4 and b > R.PASS for s, b in state.bids):
            return "pass"
        highest = max((b for _, b in state.bids), default=R.PASS)

        def result(contract):
            declarer = seat if contract != R.PASS else -1
            mano = (state.dealer + 1) % 4
            lead = (mano + 1) % 4 if declarer >= 0 and mano == (declarer + 2) % 4 else mano
            pos = Pos(state.hands, state.trump // 10, lead, (), 0, (0, 0), 0, contract, declarer,
                      state.rules)
            s = Solver(pos)
            v = s._search(pos.copy(), -2, 2) if contract >= R.CUATROLA else \
                s._search(pos.copy(), -INF, INF)
            return v if me == 0 else -v

        if highest == R.PASS:
            n = result(R.PASS)
            best_ev = H.match_utility(info, 1, 0) if n > 0 else H.match_utility(info, 0, 1)
        else:
            v = R.BID_VALUE[highest]
            best_ev = H.match_utility(info, 0, v)  # an opponent's bid: assume it makes
        best = R.PASS
        for b in sorted((b for b in legal if b != R.PASS), reverse=True):
            ok = result(b) > 0
            v = R.BID_VALUE[b]
            ev = H.match_utility(info, v, 0) if ok else H.match_utility(info, 0, v)
            if ev > best_ev:
                best, best_ev = b, ev
        return R.BID_NAMES[best]
    card, _ = Solver(Pos.from_state(state)).best()
    return state.action_text(card)
