"""How many points real Cuatrola play gives away against double-dummy play: the
expert's ``SOLO_SLACK`` and ``NORMAL_SLACK``.

    python3 -m tools.strength.bid_slack --seeds 400       # about 2 min on 2 cores

For the first hand of matches ``slack/0``, ``slack/1``... with the expert on one side
and club players (``heuristic``) on the other (both ways round), the bidding is played
by the bots up to the first expert decision where Solo is legal, the partner has not
bid and the expert holds at least two trumps. There the hand is played out twice, once
after ``pass`` and once after ``solo``, by the same bots. For each branch that ends as
that contract (a normal hand, or this seat's Solo) the tool compares the expert side's
real point margin (cards, cantes, últimas) with the exact double-dummy margin of the
same deal from the start of the play (``cuatrola.solver``, every hand known). It prints
the mean difference with a 95% CI per contract, and how often the expert's side won
the branch (the Solo is forced at every such decision, so weak hands are in it too).
The expert's bid estimate counts a sampled deal as won when its double-dummy margin is
above minus a slack set from these figures: ``NORMAL_SLACK`` is the normal-hand figure,
``SOLO_SLACK`` half the Solo figure (docs/bots.md, "Bidding").
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time

from engine.bots import choose
from engine.bots.cuatrola import expert as E
from engine.bots.cuatrola import heuristic as H
from engine.bots.cuatrola.info import Info
from engine.bots.cuatrola.solver import Solver
from engine.cuatrola import new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import BID_ACTION_BASE
from engine.deal import SeededStream
from tools.intervals import mean_ci

MIN_TRUMPS = 2


OTHERS = "heuristic"  # the other side's level (``--others``)


def _level(seat: int, side: int) -> str:
    return "expert" if seat % 2 == side else OTHERS


def _play_out(state, side: int, tag: str):
    n = 0
    while state.hand_no == 0 and not state.is_terminal():
        seat = state.current_player
        action = choose(state.view(seat), _level(seat, side), SeededStream("slack", tag, str(n)),
                        measurement=True)
        state = state.apply(state.parse_action(action))
        n += 1
    return state.history[0]


def _dd_margin(state, info: Info, contract: int) -> int:
    v = Solver(E.contract_pos(info, state.hands, contract)).value()
    return v if info.seat % 2 == 0 else -v


def _work(task):
    """[(contract, real margin - double-dummy margin, made)] of one match seed and side."""
    global OTHERS
    seed_name, OTHERS, i, side = task
    seed = f"{seed_name}/{i}"
    s = new_match(seed=seed)
    k = 0
    while s.phase_name == "bidding":
        seat = s.current_player
        view = s.view(seat)
        if seat % 2 == side:
            info = Info.from_view(view)
            partner_bid = any(x == info.partner and b > R.PASS for x, b in info.bids)
            if BID_ACTION_BASE + R.SOLO in info.legal and not partner_bid and \
                    H.trump_strength(info)[0] >= MIN_TRUMPS:
                out = []
                for contract in (R.PASS, R.SOLO):
                    after = s.apply(s.parse_action(R.BID_NAMES[contract]))
                    rec = _play_out(after, side, f"{seed}/{contract}")
                    declarer_ok = contract == R.PASS or rec.declarer == seat
                    if rec.contract != contract or not declarer_ok:
                        continue  # someone else's bid changed the hand
                    real = rec.totals[side] - rec.totals[1 - side]
                    made = rec.winner == side
                    out.append((contract, real - _dd_margin(s, info, contract), made))
                return out
        action = choose(view, _level(seat, side), SeededStream("slack", seed, f"bid{k}"),
                        measurement=True)
        s = s.apply(s.parse_action(action))
        k += 1
    return []


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.strength.bid_slack",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=300)
    ap.add_argument("--workers", type=int, default=mp.cpu_count())
    ap.add_argument("--others", default=OTHERS,
                    help="the other side's level (default heuristic: club players; "
                         "expert or expert@v1: self-play)")
    ap.add_argument("--seed", default="slack", help="match seeds <seed>/0, <seed>/1...")
    args = ap.parse_args(argv)
    t0 = time.time()
    tasks = [(args.seed, args.others, i, side) for i in range(args.seeds) for side in (0, 1)]
    with mp.Pool(args.workers) as pool:
        rows = [r for chunk in pool.imap_unordered(_work, tasks, chunksize=4) for r in chunk]
    print(f"{args.seeds} seeds x 2 sides, expert against {args.others}, "
          f"{time.time() - t0:.0f}s")
    for contract, name, const in ((R.PASS, "normal hand", "NORMAL_SLACK"),
                                  (R.SOLO, "Solo", "SOLO_SLACK")):
        diffs = [d for c, d, _ in rows if c == contract]
        if len(diffs) < 2:
            print(f"  {name}: too few hands")
            continue
        m, ci = mean_ci(diffs)
        made = sum(1 for c, _, ok in rows if c == contract and ok) / len(diffs)
        print(f"  {name:12s} {len(diffs):5d} hands  real - double-dummy margin {m:+.1f} ± {ci:.1f}"
              f"  (expert's side won {made:.0%}; {const} = {getattr(E, const)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
