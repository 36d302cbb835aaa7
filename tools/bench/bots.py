"""Per-move time of each computer level, in CPython and under Pyodide (Node).

    python3 -m tools.bench.bots                       # both games, all levels, both runtimes
    python3 -m tools.bench.bots --game cuatrola --levels expert --hands 20
    python3 -m tools.bench.bots --no-pyodide

Every seat of a match is played by the level being measured; each decision
(``engine.bots.choose`` on the seat's view, view building excluded) is timed
with ``time.perf_counter`` (after one untimed warm-up call per level, which
imports the level's modules: a page loads them once). Prints p50 / p95 / max in milliseconds per level
and runtime. The Pyodide run uses ``tools/build/pyodide.py`` (``run_in_pyodide``):
this same file is run inside Pyodide with ``--inner`` and prints JSON.

The engine itself has no clock: the expert's budget is a number of solver
nodes (``engine.bots.cuatrola.expert.NODE_BUDGET`` ...). This tool is how that
number is checked against the time targets (docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.games import GAMES


def bench(game: str, level: str, hands: int, seed: str = "bench", rules=None) -> list[float]:
    """Seconds per decision of ``level`` over ``hands`` hands (fresh matches as needed)."""
    from engine.bots import choose
    from engine.deal import SeededStream
    from engine.games import get_game
    g = get_game(game)
    warm = g.new_match(seed=f"{seed}/warm-up", options=rules or {})
    choose(warm.view(warm.current_player), level, SeededStream("bench", seed, "warm-up"))
    times = []
    done = 0
    m = 0
    while done < hands:
        state = g.new_match(seed=f"{seed}/{m}", options=rules or {})
        m += 1
        n = 0
        while not state.is_terminal() and done < hands:
            seat = state.current_player
            view = state.view(seat)
            rng = SeededStream("bench", f"{seed}/{m}", f"{n}/{seat}")
            t0 = time.perf_counter()
            a = choose(view, level, rng)
            times.append(time.perf_counter() - t0)
            before = len(state.history)
            state = state.apply(state.parse_action(a))
            n += 1
            if len(state.history) != before:
                done += 1
    return times


def stats(times: list[float]) -> dict:
    xs = sorted(times)
    n = len(xs)

    def q(p):
        return xs[min(n - 1, int(p * n))] * 1000

    return {"moves": n, "p50_ms": round(q(0.5), 2), "p95_ms": round(q(0.95), 2),
            "max_ms": round(xs[-1] * 1000, 2), "mean_ms": round(sum(xs) / n * 1000, 2)}


def measure(games, levels, hands, rules) -> dict:
    from engine.bots import levels as known
    out = {}
    for game in games:
        for level in levels:
            if level not in known(game):
                continue
            out[f"{game}/{level}"] = stats(bench(game, level, hands, rules=rules))
    return out


def show(title: str, res: dict) -> None:
    print(title)
    print(f"  {'game/level':22s} {'moves':>6s} {'p50 ms':>8s} {'p95 ms':>8s} {'max ms':>8s}")
    for k, s in res.items():
        print(f"  {k:22s} {s['moves']:6d} {s['p50_ms']:8.2f} {s['p95_ms']:8.2f} {s['max_ms']:8.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench.bots",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=tuple(GAMES))
    ap.add_argument("--levels", default="novice,heuristic,expert")
    ap.add_argument("--hands", type=int, default=12, help="hands per level (default 12)")
    ap.add_argument("--rules", default="{}")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    games = args.game or list(GAMES)
    levels = args.levels.split(",")
    rules = json.loads(args.rules)
    if args.inner:
        print(json.dumps(measure(games, levels, args.hands, rules)))
        return
    if not args.no_cpython:
        show(f"CPython {sys.version.split()[0]}", measure(games, levels, args.hands, rules))
    if not args.no_pyodide:
        from tools.build.pyodide import PyodideUnavailable, run_in_pyodide
        inner = ["--inner", "--levels", args.levels, "--hands", str(args.hands),
                 "--rules", args.rules]
        for g in games:
            inner += ["--game", g]
        try:
            r = run_in_pyodide(str(Path(__file__).resolve()), *inner, timeout=3600)
        except PyodideUnavailable as e:
            print(f"Pyodide: not run ({e})")
            return
        if r.returncode != 0:
            print("Pyodide run failed:\n" + r.stderr[-3000:])
            sys.exit(1)
        show("Pyodide (Node)", json.loads(r.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
