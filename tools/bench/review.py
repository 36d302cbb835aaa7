"""Time of the review ops (``analyse``), in CPython and under Pyodide (Node).

    python3 -m tools.bench.review                         # both games, both runtimes
    python3 -m tools.bench.review --game cuatrola --hands 60 --no-pyodide
    python3 -m tools.bench.review --game cuarenta --players 2
    python3 -m tools.bench.review --daily 5 --no-cpython --no-pyodide   # the app, in Chromium

What is timed is what a review screen does, through the facade (``engine.api.handle``):

* Cuatrola: a whole hand of one seat: the listing call (``analyse`` with ``hand``) and
  one ``analyse`` call per decision (bid and cards, both kinds of value). Each hand is
  the first hand of a fresh match played by four club players (``heuristic``) with the
  seat reviewed turning round, so the seat sits out of some Solos and declares others;
  in every other match the bids are drawn at random so that Solos and Cuatrolas come up.
* Cuarenta: a whole deal of one seat: the listing call and one ``analyse`` call per
  decision of that seat in that deal (the seat and the deal turning round).

Prints p50 / p95 / max in seconds of a whole hand (deal), by the wall clock and in CPU
time of this process (the machine is shared: with other work running the wall clock
grows, the CPU time much less), the slowest single call, and the share of Cuarenta
decisions whose double-dummy values are exact to the end of the deal (and how deep the
others are). The engine has no clock: the budgets are node counts (engine/review/*.py);
this tool is how they are checked against the targets (docs/performance.md). The Pyodide
run uses ``tools/build/pyodide.py``: this same file runs inside Pyodide with ``--inner`` and
prints JSON.

``--daily N`` times the app (dist/ built and served on 127.0.0.1, Debian's Chromium, a
fresh profile per run, speed "instant"): once the engine is up, from the route
``#/daily/<game>`` to today's deal drawn and playable (the table mounted with the person's
cards: the ``new`` op, the record stored, the table drawn from the engine's view); and the
``duplicate`` op of that deal (the expert in every seat), called from the page as the
result screen calls it. Medians and maxima of N runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.games import GAMES

RANDOM_BIDS_EVERY = 2   # every other Cuatrola match has random bids (contracts come up)


def play_out(game: str, seed: str, rules: dict, random_bids: bool) -> dict:
    """A match file of ``game`` whose first hand is over (club players)."""
    from engine import match as M
    from engine.bots import choose
    from engine.deal import SeededStream
    m = M.new_match_file(game, seed=seed, options=rules)
    s = M.replay(m)
    rng = SeededStream("bench-review", seed, "bids")
    while s.hand_no == 0 and not s.is_terminal():
        view = s.view(s.current_player)
        if random_bids and game == "cuatrola" and view["phase"] == "bidding":
            legal = view["legal"]
            a = legal[0] if rng.below(3) else rng.choice(legal)
        else:
            a = choose(view, "heuristic", None)
        m["actions"].append(a)
        s = s.apply(s.parse_action(a))
    return m


def cpu_clock() -> float:
    """Seconds of CPU this process has used: ``time.process_time`` in CPython; under
    Pyodide (where ``process_time`` is the wall clock) Node's ``process.cpuUsage()``."""
    if sys.platform == "emscripten":
        import js
        u = js.process.cpuUsage()
        return (u.user + u.system) / 1e6
    return time.process_time()


def review_calls(m: dict, seat: int, hand: int, deal: int | None):
    """(wall seconds for the listing and every decision, CPU seconds for them, wall seconds
    of the slowest call, the answers)."""
    from engine.api import handle
    c0 = cpu_clock()
    t0 = time.perf_counter()
    listing = handle({"op": "analyse", "match": m, "seat": seat, "hand": hand})
    assert listing["ok"], listing
    slowest = time.perf_counter() - t0
    answers = []
    for d in listing["decisions"]:
        if deal is not None and d["deal"] != deal:
            continue
        t1 = time.perf_counter()
        a = handle({"op": "analyse", "match": m, "seat": seat, "action": d["action"]})
        slowest = max(slowest, time.perf_counter() - t1)
        assert a["ok"], a
        answers.append(a)
    return time.perf_counter() - t0, cpu_clock() - c0, slowest, answers


def bench_cuatrola(hands: int, seed: str) -> dict:
    from engine import match as M
    times, cpus, calls, decisions, contracts = [], [], [], 0, {}
    for k in range(hands):
        m = play_out("cuatrola", f"{seed}/{k}", {}, k % RANDOM_BIDS_EVERY == 1)
        total, cpu, slowest, answers = review_calls(m, k % 4, 1, None)
        times.append(total)
        cpus.append(cpu)
        calls.append(slowest)
        decisions += len(answers)
        c = M.summary(m)["hands"][0]["contract"]
        contracts[c] = contracts.get(c, 0) + 1
    return {"units": hands, "decisions": decisions, "contracts": contracts,
            **stats(times, "unit"), **stats(cpus, "cpu"), **stats(calls, "call")}


def bench_cuarenta(deals: int, seed: str, players: int) -> dict:
    from engine.cuarenta import rules as R
    per_hand = R.deals_per_hand(players)
    times, cpus, calls, decisions, exact, searched, short = [], [], [], 0, 0, 0, []
    k = 0
    m = None
    while len(times) < deals:
        if k % per_hand == 0:
            m = play_out("cuarenta", f"{seed}/{k}", {"players": players}, False)
        seat, deal = k % players, k % per_hand + 1
        k += 1
        total, cpu, slowest, answers = review_calls(m, seat, 1, deal)
        if not answers:   # the game ended before this deal
            continue
        times.append(total)
        cpus.append(cpu)
        calls.append(slowest)
        decisions += len(answers)
        for a in answers:
            if a["kind"] != "claim" and not a["forced"]:
                searched += 1
                dd = a["search"]["double_dummy"]
                exact += dd["exact"]
                if not dd["exact"]:
                    short.append(dd["plies"])
    return {"units": len(times), "decisions": decisions,
            "exact_share": round(exact / max(1, searched), 3),
            "plies_not_exact": {str(p): short.count(p) for p in sorted(set(short))},
            **stats(times, "unit"), **stats(cpus, "cpu"), **stats(calls, "call")}


def stats(xs: list[float], name: str) -> dict:
    xs = sorted(xs)
    n = len(xs)

    def q(p):
        return round(xs[min(n - 1, int(p * n))], 3)

    return {f"{name}_p50_s": q(0.5), f"{name}_p95_s": q(0.95), f"{name}_max_s": round(xs[-1], 3)}


def measure(games, hands: int, deals: int, players: list[int], seed: str) -> dict:
    from engine.api import handle
    handle({"op": "games"})  # imports
    out = {}
    if "cuatrola" in games:
        out["cuatrola hand"] = bench_cuatrola(hands, seed)
    if "cuarenta" in games:
        for n in players:
            out[f"cuarenta deal ({n} players)"] = bench_cuarenta(deals, seed, n)
    return out


def show(title: str, res: dict) -> None:
    print(title)
    for k, s in res.items():
        extra = f" contracts {s['contracts']}" if "contracts" in s else \
            f" exact to the end of the deal: {s['exact_share']:.0%} of the searched decisions" \
            f" (the others: plies searched {s['plies_not_exact']})"
        print(f"  {k}: {s['units']} analysed ({s['decisions']} decisions);{extra}\n"
              f"    whole, wall clock: p50 {s['unit_p50_s']:.3f} s, p95 {s['unit_p95_s']:.3f} s,"
              f" max {s['unit_max_s']:.3f} s; CPU: p50 {s['cpu_p50_s']:.3f} s,"
              f" p95 {s['cpu_p95_s']:.3f} s, max {s['cpu_max_s']:.3f} s\n"
              f"    slowest single call (wall): p95 {s['call_p95_s']:.3f} s,"
              f" max {s['call_max_s']:.3f} s")


def bench_daily(runs: int) -> None:
    """The daily deal in the app: ready time after the engine is up, and the duplicate op."""
    import shutil
    import tempfile
    import build
    from playwright.sync_api import sync_playwright

    from tools.bench.browser import CHROMIUM
    build.build(quiet=True)
    srv = build.serve_in_thread(build.DIST, log=[])
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    rows = {}
    try:
        with sync_playwright() as pw:
            for i in range(runs):
                d = tempfile.mkdtemp(prefix="tapete-bench-daily-")
                ctx = pw.chromium.launch_persistent_context(
                    d, executable_path=CHROMIUM, headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
                try:
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    page.goto(url + "#/")
                    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
                    page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
                    for game in GAMES:
                        ms = page.evaluate("""(game) => new Promise((resolve) => {
                          const t0 = performance.now();
                          const done = () => {
                            const s = document.getElementById('screen');
                            if (location.hash.startsWith('#/play/') && s.querySelector('.hand button.card')
                                && !s.dataset.preview && s.dataset.moves !== undefined) resolve(performance.now() - t0);
                            else requestAnimationFrame(done);
                          };
                          location.hash = '#/daily/' + game;
                          done();
                        })""", game)
                        rows.setdefault(f"daily {game}: ready to play", []).append(ms)
                        dup = page.evaluate("""async (game) => {
                          const { engine } = await import('./engine.js');
                          const rules = game === 'cuarenta' ? {players: 2} : {};
                          const n = await engine.call({op: 'new', game, rules, seed: 'daily-' + game + '-2026-12-03', seat: 0});
                          const t0 = performance.now();
                          const r = await engine.call({op: 'duplicate', match: n.match, seat: 0, level: 'expert'});
                          if (!r.ok) throw new Error(r.error);
                          return performance.now() - t0;
                        }""", game)
                        rows.setdefault(f"daily {game}: duplicate op (expert in every seat)", []).append(dup)
                        page.goto(url + "#/")
                finally:
                    ctx.close()
                    shutil.rmtree(d, ignore_errors=True)
    finally:
        srv.shutdown()
        srv.server_close()
    print(f"the app in Chromium, {runs} fresh profiles (ms after the engine is up):")
    for k, xs in rows.items():
        xs = sorted(xs)
        print(f"  {k}: median {xs[len(xs) // 2]:.0f} ms, max {xs[-1]:.0f} ms"
              f" (runs: {', '.join(f'{x:.0f}' for x in xs)})")


def load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench.review",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=tuple(GAMES))
    ap.add_argument("--hands", type=int, default=40, help="Cuatrola hands (default 40)")
    ap.add_argument("--deals", type=int, default=40, help="Cuarenta deals (default 40)")
    ap.add_argument("--players", type=int, action="append", choices=(2, 4))
    ap.add_argument("--seed", default="bench-review")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--daily", type=int, default=0, metavar="N",
                    help="time the daily deal in the app, N fresh profiles")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    games = args.game or list(GAMES)
    players = args.players or [4, 2]
    if args.inner:
        print(json.dumps(measure(games, args.hands, args.deals, players, args.seed)))
        return
    print(f"load average before: {load()}")
    if not args.no_cpython:
        show(f"CPython {sys.version.split()[0]}",
             measure(games, args.hands, args.deals, players, args.seed))
        print(f"load average: {load()}")
    if not args.no_pyodide:
        from tools.build.pyodide import PyodideUnavailable, run_in_pyodide
        inner = ["--inner", "--hands", str(args.hands), "--deals", str(args.deals),
                 "--seed", args.seed]
        for g in games:
            inner += ["--game", g]
        for n in players:
            inner += ["--players", str(n)]
        try:
            r = run_in_pyodide(str(Path(__file__).resolve()), *inner, timeout=7200)
        except PyodideUnavailable as e:
            print(f"Pyodide: not run ({e})")
            return
        if r.returncode != 0:
            print("Pyodide run failed:\n" + r.stderr[-3000:])
            sys.exit(1)
        show("Pyodide (Node)", json.loads(r.stdout.strip().splitlines()[-1]))
        print(f"load average after: {load()}")
    if args.daily:
        bench_daily(args.daily)
        print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
