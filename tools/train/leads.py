"""Learn a correction to the Cuatrola expert's lead values from playouts in which every seat
plays from its own information (docs/bots.md, issue 17).

    python3 -m tools.train.leads --positions 240 --deals 6 --seed leads-1
    python3 -m tools.train.leads ... --out leads.json
    python3 -m tools.strength.arena cuatrola expert+leads=leads.json heuristic \
        --paired-with expert.json     # the corrected expert against the plain one, paired

Positions: every lead with a choice (a trick's first card, two or more legal cards) of
normal hands and Solos in the first hands of matches of four experts (seeds
``<seed>/<i>``). At each, the expert's own values of the candidate cards (``play``: sampled
deals solved double-dummy, the utility of ``engine.bots.cuatrola.expert``) are compared with what each
card is worth when the hand is played on: ``--deals`` deals consistent with the leader's
view (the expert's draw, with its inference), the same for every card, each played to
the end of the hand by players who see only their own cards (``--continuation``: a light
expert, the same search with ``LIGHT_BUDGET`` nodes and ``LIGHT_SAMPLES`` deals a
decision, or club players), in the same utility. Within a position both are taken
relative to their mean over the candidates; the correction is a ridge regression of
(playout value - expert value) on the card's features (``lead_model.features``,
also relative to the position's mean), fitted on all positions.

Reproducible from ``--seed`` (every random stream is named from it); prints how long it
ran. ``--out`` writes the model file (format and checksum: ``lead_model.load``); the
shipped expert has no lead correction (docs/bots.md): the arena's probe
``expert+leads=FILE`` plays one (tools/strength/probes.py).
Single machine, ``--workers`` processes (default: the cores).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import time
from pathlib import Path

from engine.bots import choose
from engine.deal import SeededStream
from tools.intervals import mean_ci
from tools.train.lead_model import FEATURES, features, save

LIGHT_BUDGET = 2_000
LIGHT_SAMPLES = 6
HANDS_PER_MATCH = 3
RIDGE = 20.0


def positions(seed: str, wanted: int) -> list[tuple[str, list[str]]]:
    """(match seed, action texts before) of lead decisions of four experts."""
    from engine.cuatrola import new_match
    from engine.cuatrola import rules as R
    out = []
    i = 0
    while len(out) < wanted:
        ms = f"{seed}/{i}"
        i += 1
        s = new_match(seed=ms)
        texts = []
        while not s.is_terminal() and s.hand_no < HANDS_PER_MATCH and len(out) < wanted:
            if s.phase_name == "play" and not s.trick and len(s.legal_actions()) > 1 and \
                    s.contract < R.CUATROLA:
                out.append((ms, list(texts)))
            t = choose(s.view(s.current_player), "expert",
                       SeededStream("train-leads", ms, str(len(texts))))
            texts.append(t)
            s = s.apply(s.parse_action(t))
    return out


def light_decide(info, rng) -> int:
    """The light expert's action: its card play with ``LIGHT_BUDGET`` nodes and
    ``LIGHT_SAMPLES`` deals a decision, its bids the expert's own."""
    from engine.bots.cuatrola import expert as E
    if len(info.legal) == 1:
        return info.legal[0]
    if info.phase == "bidding":
        return E.bid(info, rng)[0]
    return E.play(info, rng, LIGHT_BUDGET, LIGHT_SAMPLES)[0]


def playout(state, seat: int, continuation: str, rng_name: str) -> float:
    """The hand played to its end from ``state``; the leader's utility (its side's final
    margin, ``hand_utility``)."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola.info import Info
    hist = state.history
    start = state
    n = 0
    while state.history is hist and not state.is_terminal():
        s = state.current_player
        if len(state.legal_actions()) == 1:
            a = state.legal_actions()[0]
        elif continuation == "light":
            a = light_decide(Info.from_view(state.view(s)), SeededStream("train-leads", rng_name,
                                                                         str(n)))
        else:
            a = state.parse_action(choose(state.view(s), "heuristic", None))
        state = state.apply(a)
        n += 1
    rec = state.history[-1]
    me = seat % 2
    margin = rec.totals[me] - rec.totals[1 - me]
    return E.hand_utility(margin, E.hand_value(start.contract))


def work(task):
    """One position: the candidates' features, expert values and playout values."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola.info import Info
    from engine.bots.cuatrola.model import PlayModel
    from engine.bots.cuatrola.sample import Sampler
    from engine.cuatrola.play import legal_mask  # noqa: F401 (leads: the whole hand is legal)
    ms, texts, deals, continuation = task
    from engine.cuatrola import new_match
    s = new_match(seed=ms)
    for t in texts:
        s = s.apply(s.parse_action(t))
    seat = s.current_player
    info = Info.from_view(s.view(seat))
    _, scores = E.play(info, SeededStream("train-leads", ms, f"{len(texts)}/expert"))
    cands = sorted(scores)
    feats = {c: features(info, c) for c in cands}
    rng = SeededStream("train-leads", ms, f"{len(texts)}/deals")
    sampler, model = Sampler(info), PlayModel(info)
    real = dict.fromkeys(cands, 0.0)
    for k in range(deals):
        hands, _ = E.draw(sampler, model, rng)
        base = s._replace(hands=tuple(hands), legal=hands[seat])
        for c in cands:
            real[c] += playout(base.apply(c), seat, continuation,
                               f"{ms}/{len(texts)}/{k}/{c}")
    return {"seed": ms, "actions": len(texts), "contract": s.contract,
            "declarer_side": (s.declarer % 2 == seat % 2) if s.declarer >= 0 else None,
            "cards": cands, "features": [feats[c] for c in cands],
            "expert": [scores[c] for c in cands], "playout": [real[c] / deals for c in cands]}


def fit(rows, ridge: float = RIDGE) -> tuple[list[float], dict]:
    """Ridge regression of (playout - expert), relative to each position's mean, on the
    features relative to the position's mean (normal equations, solved here)."""
    k = len(FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    ys = []
    for r in rows:
        n = len(r["cards"])
        my = sum(p - e for p, e in zip(r["playout"], r["expert"])) / n
        mx = [sum(f[j] for f in r["features"]) / n for j in range(k)]
        for f, p, e in zip(r["features"], r["playout"], r["expert"]):
            x = [f[j] - mx[j] for j in range(k)]
            y = (p - e) - my
            ys.append(y)
            for a in range(k):
                xty[a] += x[a] * y
                for b in range(k):
                    xtx[a][b] += x[a] * x[b]
    for a in range(k):
        xtx[a][a] += ridge
    w = solve(xtx, xty)
    return w, {"rows": len(ys)}


def solve(a, b):
    """Gaussian elimination with partial pivoting (small systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def choice_gain(rows, w) -> tuple[float, float]:
    """Mean playout value of the card chosen with the correction minus without (paired
    over positions, 95% CI): a held-out check when ``rows`` were not fitted on."""
    diffs = []
    for r in rows:
        plain = max(range(len(r["cards"])), key=lambda i: r["expert"][i])
        corr = max(range(len(r["cards"])), key=lambda i: r["expert"][i] +
                   sum(a * b for a, b in zip(w, r["features"][i])))
        diffs.append(r["playout"][corr] - r["playout"][plain])
    return mean_ci(diffs)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.train.leads",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=240)
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", default="leads-1")
    ap.add_argument("--continuation", choices=("light", "club"), default="light")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--data", help="keep (or, if it exists, reuse) the playout data here")
    ap.add_argument("--out", help="write the model file (for the arena's expert+leads=FILE)")
    a = ap.parse_args(argv)
    t0 = time.time()
    if a.data and Path(a.data).exists():
        rows = json.loads(Path(a.data).read_text())["rows"]
    else:
        tasks = [(ms, texts, a.deals, a.continuation) for ms, texts in positions(a.seed, a.positions)]
        print(f"{len(tasks)} lead positions ({time.time() - t0:.0f}s)", flush=True)
        with mp.Pool(a.workers) as pool:
            rows = list(pool.imap(work, tasks))
        if a.data:
            Path(a.data).write_text(json.dumps({"seed": a.seed, "deals": a.deals,
                                                "continuation": a.continuation, "rows": rows}))
    half = len(rows) // 2
    w_half, _ = fit(rows[:half])
    held = choice_gain(rows[half:], w_half)
    w, facts = fit(rows)
    secs = time.time() - t0
    print(f"{len(rows)} positions, {facts['rows']} cards; {secs:.0f}s, {a.workers} workers")
    for name, x in zip(FEATURES, w):
        print(f"  {name:22s} {x:+7.2f}")
    print(f"held-out check (fitted on the first half): playout value of the corrected choice "
          f"minus the plain one {held[0]:+.2f} ± {held[1]:.2f} utility points a lead")
    if a.out:
        save(Path(a.out), w, {"seed": a.seed, "positions": len(rows), "deals": a.deals,
                              "continuation": a.continuation, "ridge": RIDGE,
                              "seconds": round(secs), "held_out_gain": [round(held[0], 3),
                                                                        round(held[1], 3)]})
        print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
