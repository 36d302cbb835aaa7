#!/usr/bin/env python3
"""The engine's start in WebKit (WebKitGTK's MiniBrowser), in one run (docs/performance.md,
"The snapshot in WebKit").

    python3 -m tools.bench.webkit [--runs 3] [--reloads 3] [--stores default,none]

Interleaved, each in a fresh browser profile (a WebDriver session of MiniBrowser, which
keeps its storage in memory): the bare Pyodide page of ``tools.bench.web`` (Pyodide loaded
in a module worker; its cold start, then a reload from the HTTP cache) and the app (a first
visit, the snapshot stored, the service worker in control, then ``--reloads`` reloads with
the server refusing to answer, each restored from the snapshot). "Engine ready" is read from
the page's own clock (ms after navigation): the harness polls only after it. Each entry of
``--stores`` is a run of the app with that snapshot backend (``default``: the first one this
browser offers; any other name through the worker's test hook ``store=<name>``, set after the
first visit: the next start stores the snapshot there).
Prints the medians and reload ratios app / bare. Needs Debian's WebKitGTK driver and Xvfb
(.ci/webkit-firefox-setup.sh); drivers from tests/webkit_firefox/drivers.py.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import build
from tests.webkit_firefox.drivers import WebKit, WebKitService, missing
from tools.bench.web import BARE_HTML, BARE_JS, BARE_WORKER

WAIT = 300.0   # s for one start (a cold WebKit boot under load)
POLL = 0.25    # s between two polls, after the measured moment


def bare_site(dist: Path, tmp: Path) -> Path:
    """tools.bench.web's bare Pyodide page, with the Pyodide files of ``dist``."""
    site = tmp / "bare"
    (site / "pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES + ("pyodide-lock.json",):
        shutil.copyfile(dist / "pyodide" / name, site / "pyodide" / name)
    for name, text in (("index.html", BARE_HTML), ("bare.js", BARE_JS), ("bare-worker.js", BARE_WORKER)):
        (site / name).write_text(text)
    return site


def wait(d, js, what):
    end = time.monotonic() + WAIT
    while True:
        value = d.eval(js)
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(f"waited {WAIT:.0f} s for {what}")
        time.sleep(POLL)


def bare_run(service, url) -> dict:
    d = WebKit(service)
    try:
        d.goto(url)
        cold = wait(d, "window.__bare && window.__bare.readyAt", "the bare page's Pyodide")
        time.sleep(0.5)
        d.reload()
        warm = wait(d, "window.__bare && window.__bare.readyAt", "the bare page's Pyodide, reload")
        return {"cold": cold, "warm": warm, "version": d.version}
    finally:
        d.close()


READY = "window.__tapete && window.__tapete.ready && window.__tapete.readyAt"


def app_run(service, url, server, store: str, reloads: int) -> dict:
    d = WebKit(service)
    try:
        d.goto(url)
        cold = wait(d, READY, "the engine, first visit")
        wait(d, "navigator.serviceWorker.controller !== null", "the service worker in control")
        stored = wait(d, "window.__tapete.snapshot", "the snapshot stored")
        if store not in ("default", d.eval("window.__tapete.boot.snapshot.store")):
            # a normal boot that stores the snapshot in that store
            d.eval(f"localStorage.setItem('tapete.debug.snapshot', 'store={store}')")
            d.reload()
            wait(d, READY, "the engine, its store's first start")
            stored = {} if store == "none" else wait(d, "window.__tapete.snapshot", "the snapshot stored")
        warm, used, stages = [], [], []
        server.offline = True
        try:
            for _ in range(reloads):
                time.sleep(0.5)
                d.reload()
                warm.append(wait(d, READY, "the engine, reload"))
                boot = d.eval("window.__tapete.boot")
                used.append(boot["snapshot"]["used"] or boot["snapshot"]["reason"])
                stages.append(boot["stages"])
        finally:
            server.offline = False
        return {"cold": cold, "warm": warm, "used": used, "stored": stored, "stages": stages,
                "backend": d.eval("window.__tapete.boot.snapshot.store || ''")}
    except Exception as err:   # (a run that failed is reported, and the others go on)
        return {"error": f"{type(err).__name__}: {err}"}
    finally:
        d.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--reloads", type=int, default=3)
    ap.add_argument("--stores", default="default", help="comma-separated: default, idb, opfs, none")
    args = ap.parse_args(argv)
    lacking = missing("webkit")
    if lacking:
        print("missing:", ", ".join(lacking), "(run .ci/webkit-firefox-setup.sh)")
        return 2
    stores = args.stores.split(",")
    with tempfile.TemporaryDirectory(prefix="tapete-bench-webkit-") as tmp:
        tmp = Path(tmp)
        dist = tmp / "dist"   # (not dist/: the Chromium tests rebuild that)
        build.build(dist, quiet=True)
        site = bare_site(dist, tmp)
        app_srv = build.serve_in_thread(dist, log=[])
        bare_srv = build.serve_in_thread(site, log=[], cache_control="max-age=3600")
        app_url = f"http://127.0.0.1:{app_srv.server_address[1]}/"
        bare_url = f"http://127.0.0.1:{bare_srv.server_address[1]}/"
        service = WebKitService(tmp)
        bares, apps = [], {s: [] for s in stores}
        t0 = time.monotonic()
        try:
            for i in range(args.runs):
                bares.append(bare_run(service, bare_url))
                print(f"run {i + 1}: bare cold {bares[-1]['cold']:.0f}, reload {bares[-1]['warm']:.0f} ms", flush=True)
                for s in stores:
                    apps[s].append(app_run(service, app_url, app_srv, s, args.reloads))
                    r = apps[s][-1]
                    if "error" in r:
                        print(f"run {i + 1}: app ({s}): {r['error']}", flush=True)
                        apps[s].pop()
                        continue
                    print(f"run {i + 1}: app ({s}, {r['backend'] or 'no backend'}) first visit {r['cold']:.0f}, "
                          f"reloads {', '.join(f'{w:.0f}' for w in r['warm'])} ms, restored {r['used']}, "
                          f"stored {r['stored'].get('stored')} ({r['stored'].get('ms')} ms)", flush=True)
        finally:
            service.stop()
            app_srv.shutdown()
            bare_srv.shutdown()
    b_warm = statistics.median(r["warm"] for r in bares)
    b_cold = statistics.median(r["cold"] for r in bares)
    print(f"\nWebKitGTK {bares[0]['version']}, {args.runs} runs, {time.monotonic() - t0:.0f} s")
    print("| start | app | bare Pyodide page | ratio |")
    print("| --- | --- | --- | --- |")
    for s in [s for s in stores if apps[s]]:
        warm = statistics.median(w for r in apps[s] for w in r["warm"])
        cold = statistics.median(r["cold"] for r in apps[s])
        restored = sum(sum(u is True for u in r["used"]) for r in apps[s])
        n = sum(len(r["used"]) for r in apps[s])
        print(f"| engine ready, reload ({s}; restored {restored} of {n}) | {warm:.0f} ms | "
              f"reload {b_warm:.0f} ms | **{warm / b_warm:.2f}** |")
        print(f"| engine ready, first visit ({s}) | {cold:.0f} ms | cold {b_cold:.0f} ms | {cold / b_cold:.2f} |")
    for s in [s for s in stores if apps[s]]:
        st = [r["stages"][-1] for r in apps[s]]
        keys = sorted({k for x in st for k in x}, key=lambda k: statistics.median(x.get(k, 0) for x in st))
        print(f"stages of the last reload ({s}, medians, ms after the worker started): "
              + ", ".join(f"{k} {statistics.median(x[k] for x in st if k in x):.0f}" for k in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
