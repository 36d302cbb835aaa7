"""Decision-level measures of the computer levels, for both games (docs/bots.md).

    python3 -m tools.strength.decisions cuatrola --hands 60 --deals 32
    python3 -m tools.strength.decisions cuarenta --hands 30 --deals 24

Positions: every decision with a choice in the first hand of matches of club players (the
heuristic at every seat; seeds ``decisions/<game>/<i>``). At each, every level named by
``--levels`` chooses from the seat's view (a random stream per position, the same for
every level), and each legal action is valued two ways:

* **double-dummy** (every card visible): Cuatrola, the exact solver
  (``engine.review.cuatrola.double_dummy``: the hand's final card-point margin of the
  seat's side, match points for bids and in a Cuatrola or Quintola); Cuarenta, the rank
  search of the true deal to its end (``cuarenta.search.RankSearch``, the oracle's
  search and evaluation; a deal's first plays beyond ``ORACLE_NODE_LIMIT`` positions are
  searched two rounds deep, counted in the output);
* **for the seat's information**: ``--deals`` deals consistent with the seat's view
  (the expert's own draw, with its inference from play), the same deals for every
  action, each played to the end of the hand by club players at every seat after the
  action ("realistic play after the decision"): the mean outcome in the same units
  (Cuarenta: the game points the seat's side scores minus the other's, from the
  decision to the end of the hand). The best action by that mean is the best choice
  for what the seat knows.

Printed per level: the share of opening leads (a hand's first card in Cuatrola, a
deal's first card in Cuarenta) that lose nothing against double-dummy play, and per
decision kind the mean double-dummy regret and the mean **avoidable regret** (the
information-best action's mean outcome minus that of the level's choice), with 95% CIs.
``--json FILE`` keeps every position's figures. Uses ``--workers`` processes.
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
from engine.games import GAMES, get_game
from tools.intervals import mean_ci

LEVELS = ("novice", "heuristic", "expert@v1", "expert")
EPS = 1e-6


# ----- positions -------------------------------------------------------------------------
def positions(game: str, hands: int) -> list[tuple[str, list[str]]]:
    """(seed, action texts before) of every decision with a choice in the first hand of
    ``hands`` matches of club players."""
    g = get_game(game)
    out = []
    for i in range(hands):
        seed = f"decisions/{game}/{i}"
        s = g.new_match(seed=seed)
        texts = []
        while not s.is_terminal() and s.hand_no == 0:
            if len(s.legal_actions()) > 1:
                out.append((seed, list(texts)))
            t = choose(s.view(s.current_player), "heuristic", None)
            texts.append(t)
            s = s.apply(s.parse_action(t))
    return out


def replay(game: str, seed: str, texts: list[str]):
    s = get_game(game).new_match(seed=seed)
    for t in texts:
        s = s.apply(s.parse_action(t))
    return s


def club_playout(state, seat: int, value) -> float:
    """Play ``state`` to the end of its hand with club players at every seat;
    ``value(state_before_the_hand_ended, state_after)`` in the seat's units."""
    from engine.bots import choose as ch
    hist = state.history
    start = state
    while state.history is hist and not state.is_terminal():
        state = state.apply(state.parse_action(ch(state.view(state.current_player),
                                                  "heuristic", None)))
    return value(start, state, seat)


# ----- Cuatrola ---------------------------------------------------------------------------
def cuatrola_kind(state) -> str:
    if state.phase_name == "bidding":
        return "bid"
    if state.trick:
        return "follow"
    return "first lead" if not state.tricks else "lead"


def cuatrola_result(start, end, seat: int) -> float:
    """The hand's result for the seat's side: match points of a bid decision or of a
    Cuatrola/Quintola, else the final card-point margin (cards, cantes, últimas)."""
    from engine.cuatrola import rules as R
    rec = end.history[-1]
    me = seat % 2
    if start.phase_name == "bidding" or rec.contract >= R.CUATROLA:
        return rec.points[me] - rec.points[1 - me]
    return rec.totals[me] - rec.totals[1 - me]


def cuatrola_with_hands(state, hands):
    from engine.cuatrola.play import legal_mask
    legal = state.legal
    if state.phase_name == "play":
        h = hands[state.turn]
        legal = legal_mask(state.rules, h, state.trick, state.trump // 10, state.win_seat,
                           state.win_card, state.turn) if state.trick else h
    return state._replace(hands=tuple(hands), legal=legal)


def cuatrola_values(state, seat: int, deals: int, rng) -> tuple[dict, dict, dict]:
    """(double-dummy values, information values, facts) of every legal action text."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola.info import Info
    from engine.bots.cuatrola.model import PlayModel
    from engine.bots.cuatrola.sample import Sampler
    from engine.review import cuatrola as RC
    dd, _ = RC.double_dummy(state, seat)
    info = Info.from_view(state.view(seat))
    sampler, model = Sampler(info), PlayModel(info)
    legal = [state.action_text(a) for a in state.legal_actions()]
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(deals):
        hands, _w = E.draw(sampler, model, rng)
        base = cuatrola_with_hands(state, hands)
        for t in legal:
            after = base.apply(base.parse_action(t))
            totals[t] += club_playout(after, seat, lambda a, b, s: cuatrola_result(base, b, s))
    return dd, {t: v / deals for t, v in totals.items()}, {"exact": True}


# ----- Cuarenta ---------------------------------------------------------------------------
def cuarenta_kind(state) -> str:
    from engine.cuarenta import rules as R
    from engine.cuarenta.captures import CARD_BITS, CARD_FIELD
    if state.phase_name == "claim":
        return "claim"
    n = state.params.players
    if sum(h.bit_count() for h in state.hands) == n * R.HAND_SIZE:
        return "first lead"
    acts = state.legal_actions()
    if any(a >> CARD_BITS for a in acts):
        last = state.last
        if last >= 0 and any((a >> CARD_BITS) >> last & 1 and
                             (a & CARD_FIELD) % R.RANKS == last % R.RANKS for a in acts):
            return "caida open"
        return "capture open"
    return "lay only"


def cuarenta_result(start, end, seat: int) -> float:
    """Game points of the seat's side minus the other's from ``start`` to the hand's end."""
    me = seat % 2
    if end.history and end.history is not start.history:
        rec = end.history[-1]
        pts = rec.score
    else:
        pts = end.score
    return (pts[me] - start.score[me]) - (pts[1 - me] - start.score[1 - me])


def cuarenta_with_hands(state, info, hands, rng):
    """The state with the sampled hands of this deal and a random stock for the next."""
    from engine.bots.common import below
    from engine.cuarenta import rules as R
    n = state.params.players
    played = [0] * n
    for d, s, c in info.plays:
        if d == info.deal_no:
            played[s] |= 1 << c
    deals = [list(d) for d in state.deals]
    deals[state.deal_no] = [hands[s] | played[s] for s in range(n)]
    used = 0
    for h in hands:
        used |= h
    stock = [c for c in range(R.DECK_SIZE) if info.unseen >> c & 1 and not used >> c & 1]
    for i in range(len(stock) - 1, 0, -1):
        j = below(rng, i + 1)
        stock[i], stock[j] = stock[j], stock[i]
    k = 0
    for d in range(state.deal_no + 1, len(deals)):
        for s in range(n):
            seat = (state.dealer + 1 + s) % n
            m = 0
            for c in stock[k:k + R.HAND_SIZE]:
                m |= 1 << c
            deals[d][seat] = m
            k += R.HAND_SIZE
    return state._replace(hands=tuple(hands), deals=tuple(tuple(d) for d in deals))


def cuarenta_values(state, seat: int, deals: int, rng) -> tuple[dict, dict, dict]:
    from engine.bots.cuarenta import expert as CE
    from engine.bots.cuarenta.info import Info
    from engine.bots.cuarenta.search import OutOfBudget, RankSearch
    info = Info.from_view(state.view(seat))
    legal = [state.action_text(a) for a in state.legal_actions()]
    exact = True
    if state.phase_name == "claim":  # exact from the view: the engine's points
        dd = {}
        for t in legal:
            after = state.apply(state.parse_action(t))
            dd[t] = (after.score[seat % 2] - state.score[seat % 2]) - \
                (after.score[1 - seat % 2] - state.score[1 - seat % 2])
        return dd, dict(dd), {"exact": True}
    root = {t: CE.root_move(info, c, tk) for t, c, tk in info.actions()}
    pos = CE.position(info, state.hands)
    ev = CE.Evaluation(state.params, info.dealer)
    moves = list(dict.fromkeys(root.values()))
    try:
        vals = RankSearch(pos, ev, CE.ORACLE_NODE_LIMIT).values(moves, pos.left)
    except OutOfBudget:
        exact = False
        vals = RankSearch(pos, ev).values(moves, CE.ORACLE_FALLBACK_DEPTH)
    dd = {t: vals[root[t]] for t in root}
    inference = CE.Inference(info)
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(deals):
        hands = CE.draw(info, inference, rng)
        base = cuarenta_with_hands(state, info, hands, rng)
        for t in legal:
            after = base.apply(base.parse_action(t))
            totals[t] += club_playout(after, seat,
                                      lambda a, b, s: cuarenta_result(base, b, s))
    return dd, {t: v / deals for t, v in totals.items()}, {"exact": exact}


# ----- one position ----------------------------------------------------------------------
def set_constants(spec: dict) -> None:
    """``{"module.NAME": value}``: constants of ``engine.bots`` modules for this run."""
    from importlib import import_module
    for name, value in spec.items():
        mod, _, const = name.rpartition(".")
        setattr(import_module(f"engine.bots.{mod}"), const, value)


def parse_set(text: str) -> dict:
    """``"cuarenta.expert.HORIZON=6,cuatrola.expert.INFERENCE=False"`` -> typed values."""
    from importlib import import_module
    out = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        mod, _, const = name.rpartition(".")
        old = getattr(import_module(f"engine.bots.{mod}"), const)
        out[name] = value == "True" if isinstance(old, bool) else type(old)(value)
    return out


def work(task):
    game, seed, texts, levels, deals, known = task
    state = replay(game, seed, texts)
    seat = state.current_player
    kind = (cuatrola_kind if game == "cuatrola" else cuarenta_kind)(state)
    if known is not None:  # the values of an earlier run (--values)
        dd, iv, facts = known["dd"], known["info"], {"exact": known["exact"]}
    else:
        values = cuatrola_values if game == "cuatrola" else cuarenta_values
        rng = SeededStream("decisions", seed, f"{len(texts)}/deals")
        dd, iv, facts = values(state, seat, deals, rng)
    chosen = {}
    for level in levels:
        chosen[level] = choose(state.view(seat), level,
                               SeededStream("decisions", seed, f"{len(texts)}/choice"),
                               measurement=True)
    best_dd, best_iv = max(dd.values()), max(iv.values())
    return {"seed": seed, "texts": texts, "kind": kind, "exact": facts["exact"],
            "choices": len(dd), "dd": dd, "info": iv,
            "levels": {lv: {"choice": t, "dd_regret": best_dd - dd[t],
                            "avoidable": best_iv - iv[t]} for lv, t in chosen.items()}}


def report(game: str, rows: list, levels) -> dict:
    kinds = sorted({r["kind"] for r in rows})
    out = {}
    counts = ", ".join(f"{k} {sum(r['kind'] == k for r in rows)}" for k in kinds)
    print(f"{game}: {len(rows)} decisions with a choice ({counts}); "
          f"double-dummy values exact in {sum(r['exact'] for r in rows)}")
    for lv in levels:
        leads = [r for r in rows if r["kind"] == "first lead"]
        clean = [r["levels"][lv]["dd_regret"] <= EPS for r in leads]
        share = mean_ci([1.0 if c else 0.0 for c in clean])
        o = {"opening_leads": len(leads), "opening_leads_losing_nothing": share}
        line = (f"  {lv:10s} opening leads losing nothing vs double-dummy: "
                f"{100 * share[0]:.0f}% ± {100 * share[1]:.0f}% ({len(leads)})")
        for k in kinds:
            sel = [r["levels"][lv] for r in rows if r["kind"] == k]
            dd = mean_ci([x["dd_regret"] for x in sel])
            av = mean_ci([x["avoidable"] for x in sel])
            o[k] = {"n": len(sel), "dd_regret": dd, "avoidable": av}
            line += f"\n      {k:13s} dd regret {dd[0]:6.2f} ± {dd[1]:.2f}   avoidable {av[0]:6.2f} ± {av[1]:.2f}"
        if lv != levels[0]:  # the same decisions and values: paired with the first level
            diff = mean_ci([r["levels"][lv]["avoidable"] - r["levels"][levels[0]]["avoidable"]
                            for r in rows if r["kind"] != "bid"])
            o["avoidable_minus_" + levels[0]] = diff
            line += (f"\n      avoidable regret of card plays minus {levels[0]}'s, paired: "
                     f"{diff[0]:+.3f} ± {diff[1]:.3f}")
        print(line)
        out[lv] = o
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.strength.decisions",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=tuple(GAMES))
    ap.add_argument("--hands", type=int, default=40, help="first hands of club-player matches")
    ap.add_argument("--deals", type=int, default=32, help="consistent deals per decision")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json")
    ap.add_argument("--values", metavar="FILE",
                    help="take the positions and both values from an earlier --json run "
                         "(only the levels choose again): variants compared on the same values")
    ap.add_argument("--set", default="", metavar="MODULE.NAME=VALUE,...",
                    help="constants of engine.bots modules for this run (e.g. "
                         "cuarenta.expert.HORIZON=6)")
    a = ap.parse_args(argv)
    levels = a.levels.split(",")
    spec = parse_set(a.set)
    t0 = time.time()
    if a.values:
        old = json.loads(Path(a.values).read_text())
        tasks = [(a.game, r["seed"], r["texts"], levels, old["deals"], r) for r in old["rows"]]
        a.hands, a.deals = old["hands"], old["deals"]
    else:
        tasks = [(a.game, seed, texts, levels, a.deals, None)
                 for seed, texts in positions(a.game, a.hands)]
    with mp.Pool(a.workers, initializer=set_constants, initargs=(spec,)) as pool:
        rows = list(pool.imap(work, tasks, chunksize=2))
    print(f"({time.time() - t0:.0f}s, {a.workers} workers, {a.deals} deals a decision)")
    out = report(a.game, rows, levels)
    if a.json:
        Path(a.json).write_text(json.dumps({"game": a.game, "hands": a.hands, "deals": a.deals,
                                            "summary": out, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
