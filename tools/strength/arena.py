"""Arena: duplicate matches between two computer levels, with 95% confidence intervals.

    python3 -m tools.strength.arena cuatrola expert heuristic --pairs 1000
    python3 -m tools.strength.arena cuatrola expert heuristic --pairs 1000 --gap   # + oracle run
    python3 -m tools.strength.arena cuarenta heuristic novice --pairs 1000

Duplicate: match ``i`` is played twice from the same seed, once with level A on
side 0 (seats 0 and 2) and once with A on side 1. Every hand's deal depends
only on the seed and the hand number, so hand ``k`` of both matches is the
same deal with the sides swapped: a *deal pair*. Luck of the cards cancels.

Figures (A's point of view, mean over deal pairs, 95% CI = 1.96 standard errors):

* points per hand: Cuatrola card points (cards + cantes + últimas, the totals
  that decide the hand), Cuarenta game points scored in the hand;
* match points per hand (Cuatrola: 1, 2, 4 or 5 for the hand's winner;
  Cuarenta: the same game points - they are the match score);
* hand win rate and match win rate;
* Cuatrola: the match points per hand split by how the hand was played
  (normal, Solo, Cuatrola, Quintola; declared by A or by B): where a margin
  comes from; and how often each contract was declared (share of all hands
  played) and how often the declaring side made it.

``--gap`` (Cuatrola): also plays ``oracle`` (sees every card; measurement only)
against B on the same deals, and prints the share of the B->oracle margin
that A achieves (delta-method CI).

Comparing two versions of the expert: ``--expert NAME=VALUE,...`` changes constants of
``engine.bots.cuatrola.expert`` (or ``cuarenta.expert``) for this run, ``--json FILE`` keeps each match pair's
totals, and ``--paired-with FILE`` prints this run's margin minus that run's, match pair
by match pair (same seeds and opponent). Two runs on the same deals make the same
decisions wherever the change does not matter, so this difference is far less noisy than
either run's own interval.

Levels are those of ``engine.bots.LEVELS``, the earlier experts kept for measurement
(``engine.bots.MEASUREMENT_LEVELS``, named by each game's ``Game`` record: ``expert@v1``,
the experts shipped until issue 17: Cuarenta's a frozen copy, Cuatrola's today's expert,
which still plays exactly as it did; ``python3 -m tools.strength.arena cuarenta expert
expert@v1`` pairs the new against the old on the same deals), ``oracle`` and, for Cuatrola, two
measurement-only hybrids that split the expert->oracle gap: ``oracle-bids`` (the
oracle bids, the expert plays the cards) and ``oracle-play`` (the expert bids, the
oracle plays the cards), and the probes of ``tools/strength/probes.py`` (the oracle plays the
cards of one kind of hand, ``oracle@normal``...; the expert is told its partner's hand,
``expert+partner@later``...), which draw the expert's random stream so that
``--paired-with`` an expert run compares the same decisions, and ``expert@cap=N`` (the
expert with each decision's work capped at N units, as the table plays it on a phone whose
budget is N; its stream is the expert's too). Uses all cores
(``--workers``); each worker plays whole match pairs.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

from engine.bots import choose
from engine.bots.common import Work
from engine.games import GAMES
from engine.bots.oracle import oracle
from engine.deal import SeededStream
from engine.games import get_game
from tools.intervals import mean_ci, ratio_ci
from tools.strength import probes


# Measurement-only Cuatrola levels that split the expert->oracle gap into bidding and card play:
# (level that bids, level that plays the cards).
HYBRIDS = {"oracle-bids": ("oracle", "expert"), "oracle-play": ("expert", "oracle")}


#: ``expert@cap=N``: the expert with each decision's work capped at N units (``Work``), as
#: the table plays it on a phone whose budget is N (docs/bots.md, "In time on a slow phone");
#: it draws the expert's random stream, so a run pairs with an ``expert`` run (--paired-with).
CAP_PREFIX = "expert@cap="


def capped(level: str) -> int | None:
    """The cap of an ``expert@cap=N`` level (None: another level)."""
    if not level.startswith(CAP_PREFIX):
        return None
    n = level[len(CAP_PREFIX):]
    if not n.isdigit() or int(n) < 1:
        raise SystemExit(f"arena: {level!r}: the cap is a whole number of work units, at least 1")
    return int(n)


def stream_name(level: str) -> str:
    """The name a level's random stream is drawn under (the expert's for its probes and caps)."""
    return probes.RNG_LEVEL if probes.parse(level) or capped(level) is not None else level


def act(state, seat, level, rng):
    cap = capped(level)
    if cap is not None:
        return choose(state.view(seat), "expert", rng, work=Work(cap))
    if probes.parse(level):
        return probes.act(state, seat, level, rng)
    if level in HYBRIDS:
        bidding = getattr(state, "phase_name", None) == "bidding"
        level = HYBRIDS[level][0 if bidding else 1]
    if level == "oracle":
        return oracle(state, seat, rng)
    return choose(state.view(seat), level, rng, measurement=True)


def hand_results(game: str, state, start: int) -> list[tuple]:
    """Per finished hand since ``start``: (points margin, match points margin, side-0 won,
    contract) from side 0's point of view; contract (Cuatrola) is (bid name, declaring
    side or -1), None in Cuarenta."""
    out = []
    if game == "cuatrola":
        from engine.cuatrola.rules import BID_NAMES
        for rec in state.history[start:]:
            pts = rec.totals[0] - rec.totals[1]
            mp_ = rec.points[0] - rec.points[1]
            side = rec.declarer % 2 if rec.declarer >= 0 else -1
            out.append((pts, mp_, 1.0 if rec.winner == 0 else 0.0,
                        (BID_NAMES[rec.contract], side)))
        return out
    from engine.bots.cuarenta.info import hand_margins
    return [(*r, None) for r in hand_margins(state, start)]


def contract_label(contract, a_side: int) -> str | None:
    """``solo by A`` ... for a hand's contract seen from level A on side ``a_side``."""
    if contract is None:
        return None
    name, side = contract
    return name if side < 0 else f"{name} by {'A' if side == a_side else 'B'}"


def play_match(game, seed, levels, rules, max_hands):
    """Play one match; per-hand results (side 0 view) and the match winner side."""
    g = get_game(game)
    state = g.new_match(seed=seed, options=rules)
    n = 0
    # a probe draws the expert's stream (tools/strength/probes.py)
    names = [stream_name(x) for x in levels]
    while not state.is_terminal():
        seat = state.current_player
        level = levels[seat % 2]
        rng = SeededStream("arena", seed, f"{names[0]}|{names[1]}/{n}/{seat}")
        state = state.apply(state.parse_action(act(state, seat, level, rng)))
        n += 1
        if max_hands and len(state.history) >= max_hands:
            break
    winner = getattr(state, "winner", -1)
    if winner is None or winner < 0:
        rets = state.returns()
        winner = 0 if rets[0] > 0 else 1 if rets[0] < 0 else -1
    return hand_results(game, state, 0), winner


def match_pair(task):
    game, seed, a, b, rules, max_hands = task
    h1, w1 = play_match(game, seed, (a, b), rules, max_hands)   # A on side 0
    h2, w2 = play_match(game, seed, (b, a), rules, max_hands)   # A on side 1
    pairs = []
    for x, y in zip(h1, h2):
        by, made = {}, {}
        for a_side, r, mp_ in ((0, x, x[1]), (1, y, -y[1])):
            label = contract_label(r[3], a_side)
            if label is None:
                continue
            by[label] = by.get(label, 0.0) + mp_ / 2
            side = r[3][1]
            n, ok = made.get(label, (0, 0))
            made[label] = (n + 1, ok + (side >= 0 and r[2] == (1.0 if side == 0 else 0.0)))
        pairs.append(((x[0] - y[0]) / 2, (x[1] - y[1]) / 2, (x[2] + (1 - y[2])) / 2, by, made))
    match = ((w1 == 0) + (w2 == 1)) / 2 if w1 >= 0 and w2 >= 0 else None
    return seed, pairs, match


def expert_module(game: str):
    """The module whose constants ``--expert`` changes: the game's expert
    (``engine.bots.cuatrola.expert`` or ``engine.bots.cuarenta.expert``)."""
    from engine.bots import level_module
    return level_module(game, "expert")


def parse_expert(spec: str, game: str = "cuatrola") -> dict:
    """``"NODE_BUDGET=120000,INFERENCE=False"`` -> constants of the game's expert.

    >>> parse_expert("NODE_BUDGET=120000,INFERENCE=False")
    {'NODE_BUDGET': 120000, 'INFERENCE': False}
    >>> parse_expert("MAX_SAMPLES=80,MISS=0.05", "cuarenta")
    {'MAX_SAMPLES': 80, 'MISS': 0.05}
    """
    E = expert_module(game)
    out = {}
    for item in filter(None, spec.split(",")):
        name, _, value = item.partition("=")
        old = getattr(E, name, None)
        if old is None or not name.isupper():
            raise SystemExit(f"--expert: no constant {name!r} in {E.__name__}")
        out[name] = value == "True" if isinstance(old, bool) else type(old)(value)
    return out


def set_expert(constants: dict, game: str = "cuatrola") -> None:
    E = expert_module(game)
    for name, value in constants.items():
        setattr(E, name, value)


def run(game, a, b, pairs_wanted, rules, seed, workers, max_hands, hands_per_match,
        expert=None):
    """Play match pairs (seeds ``seed/0``, ``seed/1``...) until ``pairs_wanted`` deal
    pairs are done; the same seeds for every pair of levels. ``expert``: constants of
    the game's expert for this run (``parse_expert``)."""
    results = []
    t0 = time.time()
    next_match = 0
    done_pairs = 0
    with mp.Pool(workers, initializer=set_expert, initargs=(expert or {}, game)) as pool:
        while done_pairs < pairs_wanted:
            missing = pairs_wanted - done_pairs
            n = max(workers, math.ceil(missing / hands_per_match))
            tasks = [(game, f"{seed}/{i}", a, b, rules, max_hands)
                     for i in range(next_match, next_match + n)]
            next_match += n
            got = {}
            for k, (s, pairs, match) in enumerate(pool.imap_unordered(match_pair, tasks)):
                got[s] = (pairs, match)
                if (k + 1) % max(1, n // 10) == 0:
                    print(f"  {a} vs {b}: {len(results) + k + 1} match pairs, "
                          f"{time.time() - t0:.0f}s", file=sys.stderr, flush=True)
            batch = [got[t[1]] for t in tasks]
            results.extend(batch)
            done_pairs += sum(len(p) for p, _ in batch)
            # measured hands per match for the next batch
            hands_per_match = max(1.0, done_pairs / len(results))
    return results, time.time() - t0


def summarize(ordered):
    deal_pairs = [p for pairs, _ in ordered for p in pairs]
    matches = [m for _, m in ordered if m is not None]
    out = {"deal_pairs": len(deal_pairs), "match_pairs": len(matches)}
    for i, name in enumerate(("points_per_hand", "match_points_per_hand", "hand_win_rate")):
        m, ci = mean_ci([p[i] for p in deal_pairs])
        out[name] = (m, ci)
    out["match_win_rate"] = mean_ci(matches)
    by: dict = {}
    for p in deal_pairs:
        for label, v in p[3].items():
            by[label] = by.get(label, 0.0) + v
    out["match_points_by_contract"] = {k: v / len(deal_pairs) for k, v in sorted(by.items())}
    made: dict = {}
    for p in deal_pairs:
        for label, (n, ok) in p[4].items():
            tot = made.setdefault(label, [0, 0])
            tot[0] += n
            tot[1] += ok
    hands = 2 * len(deal_pairs)  # each deal pair is two hands
    out["contracts"] = {k: {"hands": n, "share": n / hands, "made": ok / n}
                        for k, (n, ok) in sorted(made.items()) if not k.startswith("pass")}
    return out


def match_pair_totals(ordered) -> list:
    """Per match pair: [deal pairs, points, match points (A's margins, summed), A's share
    of the two matches won (None if one was not decided)]."""
    return [[len(pairs), sum(p[0] for p in pairs), sum(p[1] for p in pairs), match]
            for pairs, match in ordered]


def paired_difference(mine: list, other: list) -> dict:
    """Per-hand margin of one run minus another's on the same match pairs, with 95% CIs
    over match pairs (rows of ``match_pair_totals``).

    >>> d = paired_difference([[10, 50, 3], [12, 24, 2]], [[10, 40, 2], [12, 12, 2]])
    >>> [round(x, 2) for x in d["points_per_hand"]], d["match_pairs"]
    ([1.0, 0.0], 2)
    >>> d = paired_difference([[10, 50, 3, 1.0], [12, 24, 2, 0.5], [9, 1, 1, 0.5]],
    ...                       [[10, 40, 2, 0.5], [12, 12, 2, 0.5], [9, 1, 1, 1.0]])
    >>> round(d["match_win_rate"][0], 3)
    0.0

    Rows with A's match share (runs since 2026-12-05) also give the paired difference of
    the match win rate.
    """
    rows = [(a, b) for a, b in zip(mine, other) if a[0] and b[0]]
    out = {"match_pairs": len(rows)}
    for i, name in ((1, "points_per_hand"), (2, "match_points_per_hand")):
        out[name] = mean_ci([a[i] / a[0] - b[i] / b[0] for a, b in rows])
    wins = [a[3] - b[3] for a, b in zip(mine, other)
            if len(a) > 3 and len(b) > 3 and a[3] is not None and b[3] is not None]
    if wins:
        out["match_win_rate"] = mean_ci(wins)
    return out


def fmt(name, mci, pct=False):
    m, ci = mci
    if pct:
        return f"  {name:24s} {100 * m:7.1f}% ± {100 * ci:.1f}%   [{100 * (m - ci):.1f}%, {100 * (m + ci):.1f}%]"
    return f"  {name:24s} {m:+8.2f} ± {ci:.2f}   [{m - ci:+.2f}, {m + ci:+.2f}]"


def report(game, a, b, s, secs):
    unit = "card points" if game == "cuatrola" else "game points"
    print(f"{game}: {a} vs {b} ({s['deal_pairs']} deal pairs in {s['match_pairs']} match pairs, "
          f"{secs:.0f}s)")
    print(fmt(f"{unit}/hand", s["points_per_hand"]))
    print(fmt("match points/hand", s["match_points_per_hand"]))
    print(fmt("hand win rate", s["hand_win_rate"], pct=True))
    print(fmt("match win rate", s["match_win_rate"], pct=True))
    if s["match_points_by_contract"]:
        print("  match points/hand by contract: " + ", ".join(
            f"{k} {v:+.3f}" for k, v in s["match_points_by_contract"].items()))
    if s.get("contracts"):
        print("  contracts declared (share of hands, made): " + ", ".join(
            f"{k} {100 * c['share']:.1f}% ({c['hands']}, {100 * c['made']:.0f}% made)"
            for k, c in s["contracts"].items()))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.strength.arena",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=tuple(GAMES))
    ap.add_argument("a", help="level A (novice, heuristic, expert, expert@v1, expert@cap=N, oracle, "
                              "oracle-bids, oracle-play, probes)")
    ap.add_argument("b", help="level B")
    ap.add_argument("--pairs", type=int, default=1000, help="deal pairs wanted (default 1000)")
    ap.add_argument("--rules", default="{}", help="rule options as JSON")
    ap.add_argument("--seed", default="arena")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--gap", action="store_true",
                    help="Cuatrola: also oracle vs B, and the share of that margin A reaches")
    ap.add_argument("--json", help="write the figures (and each match pair's totals) to this file")
    ap.add_argument("--expert", default="", metavar="NAME=VALUE,...",
                    help="constants of engine.bots.cuatrola.expert or cuarenta.expert for this run")
    ap.add_argument("--paired-with", metavar="FILE",
                    help="a --json file of an earlier run on the same seeds and opponent: "
                         "print this run's margin minus that one's, match pair by match pair")
    args = ap.parse_args(argv)
    rules = json.loads(args.rules)
    expert = parse_expert(args.expert, args.game)
    other = None
    if args.paired_with:
        other = json.loads(Path(args.paired_with).read_text())
        mine = {"game": args.game, "b": args.b, "seed": args.seed, "rules": rules}
        differ = [k for k, v in mine.items() if other.get(k) != v]
        if differ or "match_pair_totals" not in other:
            raise SystemExit(f"--paired-with {args.paired_with}: not a run on the same deals "
                             f"(differs in {', '.join(differ) or 'match_pair_totals'})")
    max_hands = 0
    if args.game == "cuatrola":
        hands_per_match = rules.get("hands", 11)
    else:
        from engine.bots.cuarenta.info import ARENA_HANDS_PER_MATCH
        hands_per_match = ARENA_HANDS_PER_MATCH
    ordered, secs = run(args.game, args.a, args.b, args.pairs, rules, args.seed, args.workers,
                        max_hands, hands_per_match, expert)
    s = summarize(ordered)
    report(args.game, args.a, args.b, s, secs)
    figures = {"game": args.game, "a": args.a, "b": args.b, "rules": rules, "seed": args.seed,
               "expert": expert, "seconds": secs, **s,
               "match_pair_totals": match_pair_totals(ordered)}
    if other is not None:
        d = paired_difference(figures["match_pair_totals"], other["match_pair_totals"])
        print(f"  minus {args.paired_with} ({other['a']}, expert {other.get('expert') or {}}), "
              f"paired over {d['match_pairs']} match pairs:")
        unit = "card points" if args.game == "cuatrola" else "game points"
        print(fmt(f"{unit}/hand", d["points_per_hand"]))
        print(fmt("match points/hand", d["match_points_per_hand"]))
        if "match_win_rate" in d:
            print(fmt("match win rate", d["match_win_rate"], pct=True))
        figures["paired_with"] = {"file": args.paired_with, **d}
    if args.gap:
        ordered_o, secs_o = run(args.game, "oracle", args.b, args.pairs, rules, args.seed,
                                args.workers, max_hands, hands_per_match)
        so = summarize(ordered_o)
        so["match_pair_totals"] = match_pair_totals(ordered_o)
        report(args.game, "oracle", args.b, so, secs_o)
        # per match pair: mean over its deal pairs, paired across the two runs
        both = [(a, o) for a, o in zip(figures["match_pair_totals"], so["match_pair_totals"])
                if a[0] and o[0]]
        for i, name in ((1, "points"), (2, "match points")):
            r, ci = ratio_ci([a[i] / a[0] for a, _ in both], [o[i] / o[0] for _, o in both])
            print(f"  share of the {args.b}->oracle gap closed by {args.a} ({name}/hand): "
                  f"{100 * r:.0f}% ± {100 * ci:.0f}%")
            figures[f"gap_share_{name.replace(' ', '_')}"] = (r, ci)
        figures["oracle"] = so
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
