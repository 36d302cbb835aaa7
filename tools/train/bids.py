"""Learn the Cuatrola expert's bid thresholds from self-play outcomes (issue 17).

    python3 -m tools.train.bids collect --matches 300 --seed bids-1 --out /tmp/bids-1.jsonl
    python3 -m tools.train.bids fit /tmp/bids-1.jsonl [/tmp/bids-2.jsonl ...]

``collect``: matches ``<seed>/0``, ``<seed>/1``... of four experts (the current ``expert``),
their first ``--hands`` hands. At every expert bid decision where Solo is legal, the partner
has not bid and the expert would simulate at least one contract (``plausible``), it records

* what the expert's bid sees: the deals it draws (its own draw, with inference), each
  solved exactly double-dummy as this seat's Solo and as a normal hand (the point margin of
  the seat's side), and Cuatrola / Quintola made or not;
* what each branch is worth: the hand played on by the four experts after ``pass`` and
  after each simulated contract, the bid included (other seats may still bid), scored in
  the expert's match utility (``cuatrola.heuristic.match_utility``: the match points of
  the hand, or only the match in its last hand).

``fit``: a bid policy is the expert's rule (a sampled Solo counts as made above
``-SOLO_SLACK``, a normal hand as won above ``-NORMAL_SLACK``, the best expected match
utility is bid) with other constants; each decision's outcome under a policy is the
recorded outcome of the branch it picks. The grid's best constants on the first half of
the decisions (by match seed) are judged on the second half against the shipped constants,
paired decision by decision (mean gain in match utility per decision, 95% CI), and the other
way round.

Reproducible from ``--seed`` (every random stream is named from it); prints how long it ran.
Single machine, ``--workers`` processes (default: the cores).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import time

from engine.bots import choose
from engine.deal import SeededStream
from tools.intervals import mean_ci

LEVEL = "expert"
HANDS_PER_MATCH = 3
SOLO_GRID = (0, 2, 4, 6, 8, 10, 12, 14, 16, 20, 25, 30)
NORMAL_GRID = (0, 3, 6, 9, 12, 16)


def _play_out(state, tag: str, hand_no: int):
    """The hand ``hand_no`` played to its end by four experts; its record."""
    n = 0
    while len(state.history) <= hand_no and not state.is_terminal():
        seat = state.current_player
        t = choose(state.view(seat), LEVEL, SeededStream("train-bids", tag, str(n)),
                   measurement=True)
        state = state.apply(state.parse_action(t))
        n += 1
    return state.history[hand_no]


def bid_samples(info, rng) -> tuple[list[int], int, list[dict]] | None:
    """(contracts the expert would simulate, highest bid so far, samples) of a bid decision,
    or None where the expert does not simulate (no Solo legal, the partner has bid, nothing
    plausible). The samples are the expert's own draws (``cuatrola.expert.draw``) with
    ``rng``, ``BID_MAX_SAMPLES`` of them: the weight, the exact double-dummy margin of this
    seat's Solo and of a normal hand (``normal`` only while nobody has bid), and 1/0 for
    each bigger contract made."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola import heuristic as H
    from engine.bots.cuatrola.model import PlayModel
    from engine.bots.cuatrola.sample import Sampler
    from engine.bots.cuatrola.solver import INF, Solver
    from engine.cuatrola import rules as R
    from engine.cuatrola.state import BID_ACTION_BASE
    if BID_ACTION_BASE + R.SOLO not in info.legal:
        return None
    if any(s == info.partner and b > R.PASS for s, b in info.bids):
        return None
    legal = [a - BID_ACTION_BASE for a in info.legal]
    gamble_only = H.match_utility(info, 1, 0) == H.match_utility(info, 0, 1) and \
        H.match_utility(info, 0, 1) < 0
    cands = [b for b in legal if b != R.PASS and (E.plausible(info, b) or gamble_only)]
    if not cands:
        return None
    me = info.seat % 2
    sampler = Sampler(info)
    model = PlayModel(info) if E.INFERENCE else None
    highest = max((b for _, b in info.bids), default=R.PASS)
    samples = []
    for _ in range(E.BID_MAX_SAMPLES):
        hands, w = E.draw(sampler, model, rng)
        row = {"w": w}
        for b in cands:
            solver = Solver(E.contract_pos(info, hands, b))
            if b >= R.CUATROLA:
                v = solver.value(-1, 1)
                row[R.BID_NAMES[b]] = int((v > 0) == (me == 0))
            else:
                v = solver.value(-INF, INF)
                row["solo"] = v if me == 0 else -v
        if highest == R.PASS:
            v = Solver(E.contract_pos(info, hands, R.PASS)).value(-INF, INF)
            row["normal"] = v if me == 0 else -v
        samples.append(row)
    return cands, highest, samples


def match_utilities(info, cands, highest) -> dict:
    """The match utility of each result the bid rule weighs (``match_utility``)."""
    from engine.bots.cuatrola import heuristic as H
    from engine.cuatrola import rules as R
    mu = {"win": H.match_utility(info, 1, 0), "lose": H.match_utility(info, 0, 1)}
    for b in set(cands) | ({highest} if highest else set()):
        v = R.BID_VALUE[b]
        mu[R.BID_NAMES[b]] = [H.match_utility(info, v, 0), H.match_utility(info, 0, v)]
    return mu


def _decision(state, seat: int, seed: str, k: int) -> dict | None:
    """The record of one bid decision (None if the expert would not simulate a bid)."""
    from engine.bots.cuatrola import heuristic as H
    from engine.bots.cuatrola.info import Info
    from engine.cuatrola import rules as R
    from engine.cuatrola.state import BID_ACTION_BASE
    info = Info.from_view(state.view(seat))
    found = bid_samples(info, SeededStream("train-bids", seed, f"draw/{k}"))
    if found is None:
        return None
    cands, highest, samples = found
    me = seat % 2
    outcomes = {}
    for b in [R.PASS] + cands:
        after = state.apply(BID_ACTION_BASE + b)
        rec = _play_out(after, f"{seed}/{k}/{R.BID_NAMES[b]}", state.hand_no)
        outcomes[R.BID_NAMES[b]] = {
            "utility": H.match_utility(info, rec.points[me], rec.points[1 - me]),
            "contract": R.BID_NAMES[rec.contract] if rec.contract else "normal",
            "declarer_side": (rec.declarer % 2 == me) if rec.declarer >= 0 else None,
            "margin": rec.totals[me] - rec.totals[1 - me]}
    return {"seed": seed, "k": k, "seat": seat, "hand_no": state.hand_no,
            "highest": R.BID_NAMES[highest] if highest else "pass",
            "cands": [R.BID_NAMES[b] for b in cands],
            "mu": match_utilities(info, cands, highest),
            "trumps": list(H.trump_strength(info)),
            "samples": samples, "outcomes": outcomes}


def _collect_match(task) -> list[dict]:
    seed, hands = task
    from engine.cuatrola import new_match
    s = new_match(seed=seed)
    out = []
    n = 0
    while not s.is_terminal() and s.hand_no < hands:
        seat = s.current_player
        if s.phase_name == "bidding":
            rec = _decision(s, seat, seed, n)
            if rec is not None:
                out.append(rec)
        t = choose(s.view(seat), LEVEL, SeededStream("train-bids", seed, f"main/{n}"),
                   measurement=True)
        s = s.apply(s.parse_action(t))
        n += 1
    return out


def collect(args) -> int:
    t0 = time.time()
    tasks = [(f"{args.seed}/{i}", args.hands) for i in range(args.matches)]
    n = 0
    with open(args.out, "w") as f, mp.Pool(args.workers) as pool:
        for rows in pool.imap_unordered(_collect_match, tasks):
            for r in rows:
                f.write(json.dumps(r) + "\n")
                n += 1
    dt = time.time() - t0
    print(f"collect: {args.matches} matches ({args.seed}), {n} bid decisions, "
          f"{dt:.0f} s ({dt / 60:.1f} min), {args.workers} workers")
    return 0


# ----- fitting ----------------------------------------------------------------------
def choice(rec: dict, solo_slack: float, normal_slack: float, opp_p: float) -> str:
    """The branch the expert's bid rule picks with these constants."""
    samples = rec["samples"]
    wsum = sum(s["w"] for s in samples)
    mu = rec["mu"]
    if rec["highest"] == "pass":
        p = sum(s["w"] for s in samples if s["normal"] > -normal_slack) / wsum
        best_ev = p * mu["win"] + (1 - p) * mu["lose"]
    else:
        theirs_fail, theirs_make = mu[rec["highest"]]  # (v, 0) and (0, v) to my side
        best_ev = (1 - opp_p) * theirs_fail + opp_p * theirs_make
    best = "pass"
    for b in rec["cands"]:
        if b == "solo":
            p = sum(s["w"] for s in samples if s["solo"] > -solo_slack) / wsum
        else:
            p = sum(s["w"] * s[b] for s in samples) / wsum
        win, lose = mu[b]
        ev = p * win + (1 - p) * lose
        if ev > best_ev + 1e-9:
            best, best_ev = b, ev
    return best


def fit(args) -> int:
    from engine.bots.cuatrola import expert as E
    recs = [json.loads(line) for p in args.files for line in open(p)]
    seeds = sorted({r["seed"] for r in recs})
    half = set(seeds[: len(seeds) // 2])
    parts = {"first": [r for r in recs if r["seed"] in half],
             "second": [r for r in recs if r["seed"] not in half]}
    base = (E.SOLO_SLACK, E.NORMAL_SLACK, E.OPPONENT_SOLO_P)
    print(f"{len(recs)} decisions from {len(seeds)} matches; shipped constants "
          f"SOLO_SLACK={base[0]} NORMAL_SLACK={base[1]}")
    best_of = {}
    for name, part in parts.items():
        scored = []
        for ss in SOLO_GRID:
            for ns in NORMAL_GRID:
                tot = sum(r["outcomes"][choice(r, ss, ns, base[2])]["utility"] for r in part)
                scored.append((tot / max(1, len(part)), ss, ns))
        scored.sort(reverse=True)
        best_of[name] = scored[0]
        print(f"  {name} half ({len(part)}): best SOLO_SLACK={scored[0][1]} "
              f"NORMAL_SLACK={scored[0][2]}: {scored[0][0]:+.4f} a decision; top 5: " +
              ", ".join(f"({s},{n}) {v:+.4f}" for v, s, n in scored[:5]))
    for fit_on, judge_on in (("first", "second"), ("second", "first")):
        _, ss, ns = best_of[fit_on]
        diffs = [r["outcomes"][choice(r, ss, ns, base[2])]["utility"] -
                 r["outcomes"][choice(r, *base)]["utility"] for r in parts[judge_on]]
        m, ci = mean_ci(diffs)
        changed = sum(1 for r in parts[judge_on] if choice(r, ss, ns, base[2]) != choice(r, *base))
        print(f"  fitted on the {fit_on} half ({ss}, {ns}), judged on the {judge_on}: "
              f"{m:+.4f} ± {ci:.4f} match utility a decision vs shipped ({changed} of "
              f"{len(diffs)} decisions changed)")
    # every branch's mean, and the hindsight best
    allr = parts["first"] + parts["second"]
    shipped = sum(r["outcomes"][choice(r, *base)]["utility"] for r in allr) / len(allr)
    hind = sum(max(o["utility"] for o in r["outcomes"].values()) for r in allr) / len(allr)
    always_pass = sum(r["outcomes"]["pass"]["utility"] for r in allr) / len(allr)
    print(f"  all {len(allr)}: shipped {shipped:+.4f}, always pass {always_pass:+.4f}, "
          f"best branch in hindsight {hind:+.4f} a decision")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.train.bids",
                                 description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--matches", type=int, default=100)
    c.add_argument("--hands", type=int, default=HANDS_PER_MATCH)
    c.add_argument("--seed", default="bids-1")
    c.add_argument("--out", required=True)
    c.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    return collect(args) if args.cmd == "collect" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
