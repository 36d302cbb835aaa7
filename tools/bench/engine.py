"""Random-play speed of each game, in CPython and under Pyodide (Node).

    python3 -m tools.bench.engine [--hands N] [--repeat R] [--no-pyodide]

For each game of ``engine.games.GAMES``, plays N random legal hands
(``engine.selfplay.random_hands_count``, fresh matches as needed) and reports hands per second
(best of R timed runs, after a short warm-up) in this CPython and under Pyodide, and the ratio
Pyodide / CPython. Alongside, the experts' searches in nodes per second: Cuatrola's exact
solver (``cuatrola.solver``) on the whole card play of ``SOLVER_DEALS`` fixed deals, and
Cuarenta's rank search (``cuarenta.search``) to the end of the deal from ``RANK_CARDS`` cards
left on fixed deals. Prints a table, then one JSON line. The Pyodide side runs this same
file with ``--inner`` through tools/build/pyodide_run.mjs (one boot for all games).
Timing is done here with time.perf_counter, never inside engine/.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

DEFAULT_HANDS = 20_000
WARMUP_HANDS = 300
SOLVER_DEALS = 40   # Cuatrola deals solved from the first lead
RANK_DEALS = 12     # Cuarenta deals searched exactly
RANK_CARDS = 12     # ... from this many cards left
TARGETS = {"cuatrola": {"cpython": 25_000, "pyodide": 10_000}}  # hands/s


def new_state_factory(name: str, game):
    if name == "cuatrola":
        return lambda i: game.new_match(seed=f"bench-{i}", options={"end": "hands", "hands": 99})
    return lambda i: game.new_match(seed=f"bench-{i}")


def measure(hands: int, repeat: int) -> dict:
    """Hands/s of every importable game in the running interpreter."""
    from engine.games import GAMES
    from engine.selfplay import random_hands_count
    games, skipped = {}, {}
    for name, game in GAMES.items():
        new_state = new_state_factory(name, game)
        try:
            random_hands_count(new_state, WARMUP_HANDS, random.Random(-1))
        except Exception as e:  # measure the other games anyway
            skipped[name] = f"random play failed: {type(e).__name__}: {e}"
            continue
        best = None
        for r in range(repeat):
            t0 = time.perf_counter()
            actions = random_hands_count(new_state, hands, random.Random(r))
            dt = time.perf_counter() - t0
            if best is None or dt < best[0]:
                best = (dt, actions)
        dt, actions = best
        games[name] = {"hands": hands, "actions": actions, "seconds": round(dt, 4),
                       "hands_per_s": round(hands / dt, 1), "actions_per_s": round(actions / dt, 1)}
    return {"python": platform.python_version(), "platform": sys.platform,
            "games": games, "skipped": skipped, "search": search_speed()}


def search_speed() -> dict:
    """Nodes per second of the experts' searches on fixed positions (best of two runs)."""
    from engine.bots.cuarenta import expert as CE
    from engine.bots.cuarenta.info import Info
    from engine.bots.cuatrola.solver import Pos
    from engine.cuarenta import new_match as cuarenta_match
    from engine.cuatrola import new_match as cuatrola_match
    solver_pos = []
    for i in range(SOLVER_DEALS):
        s = cuatrola_match(seed=f"bench-solver-{i}")
        for _ in range(4):  # four passes: a normal hand
            s = s.apply(s.parse_action("pass"))
        solver_pos.append(Pos.from_state(s))
    rank_pos = []
    for i in range(RANK_DEALS):
        s = cuarenta_match(seed=f"bench-rank-{i}")
        rng = random.Random(i)
        while sum(h.bit_count() for h in s.hands) > RANK_CARDS or s.phase_name != "play":
            s = s.apply(rng.choice(s.legal_actions()))
        info = Info.from_view(s.view(s.turn))
        moves = list(dict.fromkeys(CE.root_move(info, c, t) for _, c, t in info.actions()))
        rank_pos.append((CE.position(info, s.hands), CE.Evaluation(s.params, s.dealer), moves))
    out = {}
    for name, run in (("cuatrola_solver", lambda: [_solve(p) for p in solver_pos]),
                      ("cuarenta_rank_search", lambda: [_rank(*x) for x in rank_pos])):
        best = None
        for _ in range(2):
            t0 = time.perf_counter()
            nodes = sum(run())
            dt = time.perf_counter() - t0
            if best is None or nodes / dt > best[0]:
                best = (nodes / dt, nodes, dt)
        out[name] = {"nodes": best[1], "seconds": round(best[2], 3),
                     "nodes_per_s": round(best[0])}
    return out


def _solve(pos) -> int:
    from engine.bots.cuatrola.solver import Solver
    s = Solver(pos)
    s.values()
    return s.nodes


def _rank(pos, evaluation, moves) -> int:
    from engine.bots.cuarenta.search import RankSearch
    s = RankSearch(pos, evaluation)
    s.values(moves, pos.left)
    return s.nodes


def run_pyodide(hands: int, repeat: int) -> dict:
    from tools.build.pyodide import run_in_pyodide
    t0 = time.perf_counter()
    proc = run_in_pyodide(str(Path(__file__).resolve()), "--inner", "--hands", str(hands),
                          "--repeat", str(repeat), timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"Pyodide run failed (exit {proc.returncode}):\n{proc.stderr}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["wall_seconds"] = round(time.perf_counter() - t0, 2)
    return out


def fmt(x) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def report(hands: int, cpy: dict, pyo: dict | None, pyodide_error: str | None) -> dict:
    rows, summary = [], {}
    for name, c in cpy["games"].items():
        p = (pyo or {}).get("games", {}).get(name)
        ph = p["hands_per_s"] if p else None
        ratio = round(ph / c["hands_per_s"], 3) if ph else None
        t = TARGETS.get(name, {})
        ok = None
        if t and ph is not None:
            ok = c["hands_per_s"] >= t["cpython"] and ph >= t["pyodide"]
        summary[name] = {"cpython_hands_per_s": c["hands_per_s"], "pyodide_hands_per_s": ph,
                         "ratio_pyodide_over_cpython": ratio,
                         "cpython_actions_per_s": c["actions_per_s"],
                         "pyodide_actions_per_s": p["actions_per_s"] if p else None,
                         "target_cpython": t.get("cpython"), "target_pyodide": t.get("pyodide"),
                         "meets_targets": ok}
        rows.append((name, fmt(c["hands_per_s"]), fmt(t.get("cpython")), fmt(ph),
                     fmt(t.get("pyodide")), "n/a" if ratio is None else f"{ratio:.2f}",
                     "-" if ok is None else ("yes" if ok else "NO")))
    head = ("game", "CPython h/s", "target", "Pyodide h/s", "target", "Pyo/CPy", "meets")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(s.ljust(w) if i == 0 else s.rjust(w)  # noqa: E731
                               for i, (s, w) in enumerate(zip(r, widths)))
    print(f"random play, {hands:,} hands per game, best of timed runs; "
          f"CPython {cpy['python']}, Pyodide {pyo['python'] if pyo else 'n/a'}")
    print(line(head))
    for r in rows:
        print(line(r))
    for name, why in cpy["skipped"].items():
        print(f"{name}: skipped ({why})")
    if pyodide_error:
        print(f"Pyodide: {pyodide_error}", file=sys.stderr)
    print("search nodes per second: " + ", ".join(
        f"{k} CPython {v['nodes_per_s']:,}" + (
            f", Pyodide {pyo['search'][k]['nodes_per_s']:,}" if pyo and "search" in pyo else "")
        for k, v in cpy["search"].items()))
    return {"bench": "random_play", "hands": hands, "cpython": cpy["python"],
            "search": {"cpython": cpy["search"], "pyodide": (pyo or {}).get("search")},
            "pyodide": pyo["python"] if pyo else None, "games": summary,
            "skipped": sorted(cpy["skipped"]), "pyodide_error": pyodide_error,
            "pyodide_wall_seconds": pyo.get("wall_seconds") if pyo else None}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench.engine",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands per game and run")
    ap.add_argument("--repeat", type=int, default=2, help="timed runs per game (best kept)")
    ap.add_argument("--no-pyodide", action="store_true", help="CPython only")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.hands < 1 or a.repeat < 1:
        ap.error("--hands and --repeat must be positive")
    if a.inner:  # the measuring side, in whatever interpreter runs this file
        print(json.dumps(measure(a.hands, a.repeat)))
        return 0
    cpy = measure(a.hands, a.repeat)
    pyo = err = None
    if not a.no_pyodide:
        try:
            pyo = run_pyodide(a.hands, a.repeat)
        except Exception as e:  # report CPython figures anyway, then fail
            err = str(e)
    print(json.dumps(report(a.hands, cpy, pyo, err)))
    return 1 if err else 0


if __name__ == "__main__":
    sys.exit(main())
