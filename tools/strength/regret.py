"""Double-dummy regret of Cuatrola card play: points lost against the best card with
every hand known, on fixed positions, for the heuristic and expert variants.

    python3 -m tools.strength.regret --hands 150
    python3 -m tools.strength.regret --hands 150 "b120=NODE_BUDGET:120000,MAX_SAMPLES:96" \\
        "noinf=INFERENCE:False"

Positions: every play decision with a choice in the first four tricks of ``--hands``
first hands of matches played by four heuristic players (seeds ``regret-0``...). For each,
the exact solver on the true hands gives every legal card's future point margin; a
player's regret is the best margin minus the margin of the card it picks. The oracle's
regret is 0 by definition. Every expert variant draws its deals from the same random
stream per position (common random numbers), so differences between variants are not
sampling luck. A variant is ``name=CONSTANT:value,...`` over the constants of
``engine.bots.cuatrola.expert``. Prints mean regret on leads and follows, and each
variant's paired difference from the plain expert with a 95% CI. Uses 2 processes.

A proxy, not the arena: the best card with every hand known is not always the best card
against real players; docs/bots.md says what it showed.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time

from engine.bots.cuatrola import expert as E
from engine.bots.cuatrola import heuristic as H
from engine.bots.cuatrola.info import Info
from engine.bots.cuatrola.solver import Pos, Solver
from engine.cuatrola import new_match
from engine.deal import SeededStream
from tools.intervals import mean_ci

LAST_TRICK_WITH_CHOICE = 3
POSITIONS: list = []


def positions(hands: int) -> list:
    out = []
    for i in range(hands):
        s = new_match(seed=f"regret-{i}")
        while s.hand_no == 0 and not s.is_terminal():
            if s.phase_name == "play" and len(s.legal_actions()) > 1 and \
                    len(s.tricks) <= LAST_TRICK_WITH_CHOICE:
                out.append(s)
            info = Info.from_view(s.view(s.current_player))
            s = s.apply(H.decide(info)[0])
    return out


def _set(spec: dict) -> dict:
    old = {k: getattr(E, k) for k in spec}
    for k, v in spec.items():
        setattr(E, k, v)
    return old


def _work(task):
    idx, name, spec = task
    s = POSITIONS[idx]
    seat = s.current_player
    info = Info.from_view(s.view(seat))
    vals = Solver(Pos.from_state(s)).values(list(s.legal_actions()))
    mine = {c: (v if seat % 2 == 0 else -v) for c, v in vals.items()}
    if name == "heuristic":
        card = H.decide(info)[0]
    else:
        old = _set(spec)
        try:
            card, _ = E.play(info, SeededStream("regret", str(idx), "crn"), E.NODE_BUDGET,
                             E.MAX_SAMPLES)
        finally:
            _set(old)
    return name, idx, max(mine.values()) - mine[card], not s.trick


def _init(hands):
    POSITIONS[:] = positions(hands)


def parse_variant(text: str) -> tuple[str, dict]:
    name, _, rest = text.partition("=")
    spec = {}
    for item in filter(None, rest.split(",")):
        k, _, v = item.partition(":")
        if not hasattr(E, k):
            raise SystemExit(f"no constant {k!r} in engine.bots.cuatrola.expert")
        spec[k] = type(getattr(E, k))(v) if not isinstance(getattr(E, k), bool) else v == "True"
    return name, spec


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.strength.regret",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", help="name=CONSTANT:value,...")
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    variants = {"heuristic": {}, "expert": {}}
    variants.update(parse_variant(v) for v in args.variants)
    t0 = time.time()
    n = len(positions(args.hands))
    tasks = [(i, name, spec) for i in range(n) for name, spec in variants.items()]
    res = {name: {} for name in variants}
    lead = {}
    with mp.Pool(args.workers, initializer=_init, initargs=(args.hands,)) as pool:
        for name, i, r, is_lead in pool.imap_unordered(_work, tasks, chunksize=4):
            res[name][i] = r
            lead[i] = is_lead
    print(f"{n} positions from {args.hands} hands, {time.time() - t0:.0f}s")
    base = [res["expert"][i] for i in range(n)]
    for name in variants:
        xs = [res[name][i] for i in range(n)]
        leads = [x for i, x in enumerate(xs) if lead[i]]
        follows = [x for i, x in enumerate(xs) if not lead[i]]
        m, ci = mean_ci(xs)
        dm, dci = mean_ci([x - y for x, y in zip(xs, base)])
        print(f"  {name:12s} regret {m:5.2f} ± {ci:.2f}   leads {mean_ci(leads)[0]:5.2f} "
              f"(n={len(leads)})  follows {mean_ci(follows)[0]:5.2f}   vs expert {dm:+.2f} ± {dci:.2f}")


if __name__ == "__main__":
    main()
