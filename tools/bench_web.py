#!/usr/bin/env python3
"""Figures of the web app, in one run (docs/app.md, "Figures").

    python3 tools/bench_web.py [--runs 3]

Prints:
- the bytes of a first visit, as they crossed the network (raw), and what they would be
  with gzip (each served file gzipped at level 9);
- time from navigation to "engine ready" (the worker has Python and has imported every
  engine module): cold (first visit, fresh profile: the service worker downloads the app
  once, then Python starts from its cache) and warm (a reload offline: the server refuses
  to answer and the browser is offline; everything comes from the service worker);
- the same for a bare page that only loads Pyodide in a module worker (no service worker:
  cold = first visit, warm = reload from the HTTP cache), and the ratios app / bare.

Medians of --runs runs; compare figures only within one run (the machine is noisy).
Needs Debian's Chromium (/usr/bin/chromium) and the playwright package
(.ci/browser-setup.sh).
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script><p>bare Pyodide page</p>
"""
BARE_JS = """const w = new Worker(new URL('./bare-worker.js', import.meta.url), {type: 'module'});
w.onmessage = (e) => { window.__bare = {readyAt: performance.now(), worker: e.data}; };
"""
BARE_WORKER = """import { loadPyodide } from './pyodide/pyodide.mjs';
const t0 = performance.now();
const py = await loadPyodide({ indexURL: new URL('./pyodide/', import.meta.url).href });
py.runPython('1 + 1');
postMessage({ ms: performance.now() - t0 });
"""


class SlowCPU:
    """The whole browser (every process and thread: page, workers, service worker, wasm
    compilation) held to ``1/rate`` of one CPU: an approximation of a phone whose cores are
    ``rate`` times slower (one core's worth at most, so parallel work such as WebAssembly
    compilation is slowed more than on a phone with several cores).

    A cgroup of its own with a CPU quota (cgroup v2 ``cpu.max`` or v1 ``cpu.cfs_quota_us``,
    10 ms periods) and a high weight, so other work on the machine does not take that share
    away; else Debian's ``cpulimit`` (installed with apt-get when missing). ``executable``
    is a wrapper script that starts Chromium inside the limit. ``rate`` 1 = one whole CPU."""

    PERIOD_US = 10_000
    V1 = Path("/sys/fs/cgroup/cpu")
    V2 = Path("/sys/fs/cgroup")

    def __init__(self, rate: float, tmp: Path):
        self.rate = rate
        self.group = None
        quota = int(self.PERIOD_US / rate)
        name = f"tapete-bench-{os.getpid()}-{int(rate * 10)}"
        wrapper = tmp / f"chromium-{int(rate * 10)}.sh"
        try:
            if (self.V2 / "cgroup.controllers").is_file() and "cpu" in (self.V2 / "cgroup.controllers").read_text().split():
                self.group = self.V2 / name
                self.group.mkdir()
                (self.group / "cpu.max").write_text(f"{quota} {self.PERIOD_US}")
                (self.group / "cpu.weight").write_text("10000")
            elif (self.V1 / "cpu.cfs_quota_us").is_file():
                self.group = self.V1 / name
                self.group.mkdir()
                (self.group / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
                (self.group / "cpu.cfs_quota_us").write_text(str(quota))
                (self.group / "cpu.shares").write_text("262144")
            else:
                raise OSError("no cgroup cpu controller")
            self.method = f"cgroup ({'v2 cpu.max' if self.group.parent == self.V2 else 'v1 cpu.cfs_quota_us'}) {quota} us per {self.PERIOD_US} us"
            wrapper.write_text(f'#!/bin/sh\necho $$ > {self.group}/cgroup.procs || exit 1\nexec {CHROMIUM} "$@"\n')
        except OSError as err:
            if self.group is not None:
                self.close()
            tool = shutil.which("cpulimit")
            if tool is None:
                subprocess.run(["apt-get", "install", "-y", "-q", "cpulimit"], check=False,
                               stdout=subprocess.DEVNULL)
                tool = shutil.which("cpulimit")
            if tool is None:
                raise SystemExit(f"bench_web: cannot limit the CPU ({err}; no cpulimit)") from err
            pct = max(1, round(100 / rate))
            self.method = f"cpulimit -l {pct} -i (SIGSTOP/SIGCONT; no cgroup: {err})"
            wrapper.write_text(f'#!/bin/sh\nexec {tool} -q -l {pct} -i -- {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        self.executable = str(wrapper)

    def close(self):
        if self.group is None:
            return
        for _ in range(50):   # the browser's processes take a moment to be gone
            try:
                self.group.rmdir()
                break
            except OSError:
                time.sleep(0.1)
        self.group = None


def bare_site(tmp: Path) -> Path:
    site = tmp / "bare"
    (site / "pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES + ("pyodide-lock.json",):
        shutil.copyfile(build.DIST / "pyodide" / name, site / "pyodide" / name)
    (site / "index.html").write_text(BARE_HTML)
    (site / "bare.js").write_text(BARE_JS)
    (site / "bare-worker.js").write_text(BARE_WORKER)
    return site


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def served_sizes(log, site: Path):
    raw = sum(n for _p, status, n in log if status == 200)
    gzipped = 0
    for path, status, _n in log:
        if status != 200:
            continue
        rel = path.lstrip("/") or "index.html"
        f = site / rel
        if f.is_dir():
            f = f / "index.html"
        gzipped += gz(f.read_bytes())
    return raw, gzipped


def launch(pw, profile, executable=CHROMIUM):
    return pw.chromium.launch_persistent_context(str(profile), executable_path=executable,
                                                 args=ARGS, headless=True,
                                                 viewport={"width": 412, "height": 839})


# When the first screen (the home screen, or the hand of a resumed table) is on screen:
# the frame after it is in the DOM. The same init script tells the harness, with a console
# message, when the page is done (engine ready and first screen, or the bare page's
# Pyodide loaded): the harness never evaluates anything in the page while it is measured
# (Playwright's own polling would run its script on the page's main thread, about 30 ms
# on a fresh document, and then every frame).
FIRST_SCREEN = """
window.__firstScreen = null;
(function poll() {
  if (!window.__firstSeen && document.querySelector('#new-cuatrola, #screen .table .hand button.card')) {
    window.__firstSeen = true;
    requestAnimationFrame(() => setTimeout(() => { window.__firstScreen = performance.now(); }, 0));
  }
  if ((window.__tapete && window.__tapete.ready && window.__firstScreen !== null) || window.__bare) {
    console.debug('bench:done');
    return;
  }
  requestAnimationFrame(poll);
})();
"""


def measured(page, go):
    """Runs go() (a navigation) and waits for the page's 'bench:done' message."""
    with page.expect_console_message(lambda m: m.text == "bench:done", timeout=180_000):
        go()


def first_visit(pw, url, server, profile: Path):
    """A fresh browser profile's first, measured visit of ``url``: (context, page)."""
    ctx = launch(pw, profile)
    ctx.add_init_script(FIRST_SCREEN)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    server.log.clear()
    measured(page, lambda: page.goto(url, wait_until="commit"))
    return ctx, page


def app_run(pw, url, server, tmp: Path, i: int) -> dict:
    ctx, page = first_visit(pw, url, server, tmp / f"app-{i}")
    cold = page.evaluate("() => window.__tapete.readyAt")
    cold_paint = page.evaluate("() => window.__firstScreen")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("() => window.__tapete.snapshot !== null", timeout=60_000)
    stored = page.evaluate("() => window.__tapete.snapshot")
    time.sleep(0.5)
    log = list(server.log)
    server.offline = True
    ctx.set_offline(True)
    measured(page, lambda: page.reload(wait_until="commit"))
    warm = page.evaluate("() => window.__tapete.readyAt")
    warm_paint = page.evaluate("() => window.__firstScreen")
    boot = page.evaluate(BOOT)
    # a match being resumed: its table is drawn from the stored view
    mid = page.evaluate("""async () => {
      const { startMatch } = await import('./screens/newmatch.js');
      return (await startMatch({ game: 'cuatrola', rules: {}, seed: 'bench' })).id;
    }""")
    page.goto(url + "#/play/" + mid)
    page.wait_for_selector(".table .hand button.card")
    time.sleep(0.5)
    measured(page, lambda: page.reload(wait_until="commit"))
    resume_paint = page.evaluate("() => window.__firstScreen")
    resume_ready = page.evaluate("() => window.__tapete.readyAt")
    resume_preview = page.evaluate("() => !!document.querySelector('.table')")
    resume_boot = page.evaluate(BOOT)
    server.offline = False
    ctx.close()
    return {"cold": cold, "warm": warm, "log": log, "stages": boot["stages"], "started": boot["started"],
            "restored": boot["snapshot"]["used"] and resume_boot["snapshot"]["used"],
            "cold_paint": cold_paint, "warm_paint": warm_paint,
            "resume_paint": resume_paint, "resume_ready": resume_ready, "resumed": resume_preview,
            "resume_stages": resume_boot["stages"], "resume_started": resume_boot["started"],
            "stored": stored}


# the worker's boot report, with its start in the page's clock (ms after navigation)
BOOT = """() => ({ ...window.__tapete.boot,
  started: window.__tapete.boot.started - performance.timeOrigin })"""


def bare_run(pw, url, server, tmp: Path, i: int) -> dict:
    ctx, page = first_visit(pw, url, server, tmp / f"bare-{i}")
    cold = page.evaluate("() => window.__bare.readyAt")
    log = list(server.log)
    time.sleep(0.5)
    measured(page, lambda: page.reload(wait_until="commit"))
    warm = page.evaluate("() => window.__bare.readyAt")
    worker_ms = page.evaluate("() => window.__bare.worker.ms")
    ctx.close()
    return {"cold": cold, "warm": warm, "log": log, "worker": worker_ms}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Figures of the web app (docs/app.md)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_web: pip install playwright (see .ci/browser-setup.sh)", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"bench_web: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    info = build.build(quiet=True)
    tmp = Path(tempfile.mkdtemp(prefix="tapete-bench-"))
    site = bare_site(tmp)
    app_srv = build.serve_in_thread(build.DIST, log=[])
    bare_srv = build.serve_in_thread(site, log=[], cache_control="max-age=3600")
    app_url = f"http://127.0.0.1:{app_srv.server_address[1]}/"
    bare_url = f"http://127.0.0.1:{bare_srv.server_address[1]}/"
    apps, bares = [], []
    try:
        with sync_playwright() as pw:
            for i in range(args.runs):  # interleaved, so both see the same machine load
                apps.append(app_run(pw, app_url, app_srv, tmp, i))
                bares.append(bare_run(pw, bare_url, bare_srv, tmp, i))
        raw, gzipped = served_sizes(apps[0]["log"], build.DIST)
        braw, bgz = served_sizes(bares[0]["log"], site)
    finally:
        app_srv.shutdown()
        bare_srv.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)

    requests = sum(1 for _p, s, _n in apps[0]["log"] if s == 200)
    revalidated = sum(1 for _p, s, _n in apps[0]["log"] if s == 304)
    own_log = [e for e in apps[0]["log"] if not e[0].startswith("/pyodide/")]
    own_raw, own_gz = served_sizes(own_log, build.DIST)
    core = sum((build.DIST / "pyodide" / n).stat().st_size for n in build.PYODIDE_FILES)

    def med(rows, key):
        return statistics.median(r[key] for r in rows)

    b_cold, b_warm = med(bares, "cold"), med(bares, "warm")
    print(f"Tapete web app {info['version']}, {args.runs} runs (medians), "
          f"{time.strftime('%Y-%m-%d')}")
    print()
    print("| first visit | bytes raw | bytes gzip | responses |")
    print("| --- | --- | --- | --- |")
    print(f"| app (page + service worker) | {raw:,} | {gzipped:,} | {requests} (+{revalidated} "
          f"revalidated, 304) |")
    print(f"| of which the app's own code and assets (not pyodide/) | {own_raw:,} | {own_gz:,} | "
          f"{sum(1 for _p, s, _n in own_log if s == 200)} |")
    print(f"| bare Pyodide page | {braw:,} | {bgz:,} | "
          f"{sum(1 for _p, s, _n in bares[0]['log'] if s == 200)} |")
    print(f"| Pyodide core alone ({', '.join(build.PYODIDE_FILES)}) | {core:,} | | |")
    print(f"| dist/ on disk | {info['bytes']:,} | | {len(info['files'])} files |")
    print()
    print(f"first visit / Pyodide core: {raw / core:.3f} (target <= 1.05); the app's own code and "
          f"assets gzipped: {own_gz / 1000:.0f} KB (target <= 300 KB)")
    print()
    rows = [
        ("first paint, first visit (home screen)", med(apps, "cold_paint"), "bare, cold", b_cold, "<= 0.1"),
        ("first paint, reload (home screen)", med(apps, "warm_paint"), "bare, reload", b_warm, "<= 0.1"),
        ("first paint, resumed match (table from the stored view)", med(apps, "resume_paint"),
         "bare, reload", b_warm, "<= 0.1"),
        ("engine ready, reload (restored from the snapshot)", med(apps, "warm"), "bare, reload", b_warm,
         "<= 0.3"),
        ("engine ready, resumed match (restored from the snapshot)", med(apps, "resume_ready"),
         "bare, reload", b_warm, "<= 0.3"),
        ("engine ready, first visit (normal boot, snapshot made)", med(apps, "cold"), "bare, cold", b_cold,
         ""),
    ]
    print("| start (navigation to ...) | app | bare Pyodide page (Pyodide loaded) | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    for name, a, bname, b, target in rows:
        print(f"| {name} | {a:.0f} ms | {bname} {b:.0f} ms | {a / b:.2f} | {target} |")
    print()
    restored = sum(1 for r in apps if r["restored"])
    snap = [r["stored"] for r in apps if r["stored"] and r["stored"].get("stored")]
    print(f"reloads restored from the snapshot: {restored} of {len(apps)}; resumed tables drawn: "
          f"{sum(1 for r in apps if r['resumed'])} of {len(apps)}")
    if snap:
        print(f"snapshot: {snap[0]['bytes']:,} bytes, of which {snap[0].get('stored', snap[0]['bytes']):,} stored "
              f"(the rest is zero pages); checking and storing it after ready: "
              f"{statistics.median(x['ms'] for x in snap):.0f} ms (median)")
    bare_worker = statistics.median(r["worker"] for r in bares)
    print(f"inside the worker (reload, medians): engine ready "
          f"{statistics.median(r['stages']['engine'] for r in apps):.0f} ms after the worker's module "
          f"started, {med(apps, 'started'):.0f} ms after navigation (bare page, Pyodide only: "
          f"{bare_worker:.0f} ms after its worker's module started)")
    stage_names = [k for k in apps[0]["stages"] if all(k in r["stages"] for r in apps)]
    print("  worker stages, reload (ms after its module started, medians): "
          + ", ".join(f"{k} {statistics.median(r['stages'][k] for r in apps):.0f}" for k in stage_names))
    print(f"  resumed match: worker started {med(apps, 'resume_started'):.0f} ms after navigation; "
          + ", ".join(f"{k} {statistics.median(r['resume_stages'].get(k, 0) for r in apps):.0f}" for k in stage_names))
    print()
    print("runs (ms): app cold " + ", ".join(f"{r['cold']:.0f}" for r in apps)
          + "; app reload " + ", ".join(f"{r['warm']:.0f}" for r in apps)
          + "; first paint reload " + ", ".join(f"{r['warm_paint']:.0f}" for r in apps)
          + "; resumed table paint " + ", ".join(f"{r['resume_paint']:.0f}" for r in apps)
          + "; bare cold " + ", ".join(f"{r['cold']:.0f}" for r in bares)
          + "; bare reload " + ", ".join(f"{r['warm']:.0f}" for r in bares))
    return 0


if __name__ == "__main__":
    sys.exit(main())
