#!/usr/bin/env python3
"""Figures of the web app, in one run (docs/performance.md, "Web start").

    python3 -m tools.bench.web        # the default: 3.5-4 min on 2 cores at load 5-23 (2026-12-06)
    python3 -m tools.bench.web [--runs 3] [--throttle none,cdp:4,cdp:6,cpu:4,cpu:6]
                               [--network 10mbit:40ms,1.6mbit:150ms] [--network-cpu cpu:1]
                               [--phone cpu:4]

For each CPU setting (``--throttle``, default ``none``), interleaved runs of the app and of a
bare page that only loads Pyodide in a module worker, each in a fresh browser profile:

- the bytes of a first visit, as they crossed the network (raw), and what they would be
  with gzip (each served file gzipped at level 9). A first visit ends when the page asks the
  service worker for the later stage (web/sw-update.js: the engine up, the service worker in
  control, V8's code cache warmed): every response to a request made before that moment is
  counted, and the later stage's own files apart;
- first paint and "engine ready" (the worker has Python and every engine module) after
  navigation: first visit (fresh profile: Python downloads and starts while the service
  worker installs), a reload offline (the server refuses to answer and the browser is
  offline: everything from the service worker and the stored snapshot) and a resumed match
  (reload on #/play/<id>); the bare page's cold start and its reload from the HTTP cache;
  the ratios app / bare of the same setting;
- where the time of a first visit and of a reload goes (the worker's stages);
- the Cuatrola and the Cuarenta expert's moves: the `bot` op at level "expert" from the
  page, for every move of one hand (the engine's default rules, every seat expert, seed
  "bench expert");
- tap to card: a tap on a playable card of the person's hand until that card is in the
  trick on screen (speed "instant", the first three plays of a hand).

CPU settings: ``none``; ``cdp:R``: Chromium's own throttling (DevTools protocol
``Emulation.setCPUThrottlingRate`` on the page); it slows the page's main thread only, not
Python's worker, the service worker or WebAssembly compilation (the bench measures what it
reaches and prints it); ``cpu:R``: the whole browser held to 1/R of one CPU (``SlowCPU``:
a cgroup quota, or ``cpulimit``), the approximation of a phone used for the figures.

For each network shape (``--network``, default ``10mbit:40ms,1.6mbit:150ms``; ``none``:
none), a first visit of the app and of the bare page under Chromium's network emulation
(DevTools ``Network.emulateNetworkConditions``: the download rate, the upload rate half of
it, the round trip as the latency of each request), set on the page (which covers its
dedicated workers: Python's) and on the service worker as soon as its script has loaded;
the servers then gzip what a web host gzips (``Content-Encoding: gzip``, level 9: not the
``.zip`` and ``.png`` files). These runs hold the whole browser to one CPU with a high
weight (``--network-cpu``, default ``cpu:1``: SlowCPU below), so that other work on a shared
machine does not decide their times (a CPU-bound start would hide the network). Reported: first paint, engine ready, the service worker in
control, the first visit's end, the later stage's end, and engine ready as a ratio to the
bare page's Pyodide under the same shape.

``--phone`` (default ``cpu:4``; ``none``: none): the experts' moves again, in the profile of
the first run of the app (installed, its snapshot stored), started again with the whole
browser held to that CPU setting: a phone-class figure. One hand with the full budget (as
the review, a hint and the daily deal ask), then ``PHONE_HANDS`` hands as the table plays
them (``web/bot-pace.js``: each expert move capped to what the phone does in time, the phone
calibrated anew): their median, p95 and slowest move, the work per move and the
calibration's time (docs/bots.md, "In time on a slow phone").

Medians of --runs runs (default 1); compare figures only within one run and one setting
(the machine is noisy). Needs Debian's Chromium (/usr/bin/chromium) and the playwright
package (.ci/browser-setup.sh).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import build
from engine.games import GAMES
from tools.bench.browser import ARGS, CHROMIUM

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
postMessage({ ms: performance.now() - t0, started: performance.timeOrigin + t0 });
"""
# What a throttle reaches: the same loop on the page's main thread and in a worker.
REACH_HTML = """<!doctype html><meta charset="utf-8"><title>reach</title><script src="reach.js"></script>"""
REACH_JS = """const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) | 0; return x; };
window.mainSpin = (n) => { const t = performance.now(); spin(n); return performance.now() - t; };
const w = new Worker('reach-worker.js');
window.workerSpin = (n) => new Promise((res) => { w.onmessage = (e) => res(e.data); w.postMessage(n); });
"""
REACH_WORKER = """const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) | 0; return x; };
onmessage = (e) => { const t = performance.now(); spin(e.data); postMessage(performance.now() - t); };
"""


CGROUP_V1 = Path("/sys/fs/cgroup/cpu")
CGROUP_V2 = Path("/sys/fs/cgroup")


def cpu_cgroups() -> Path | None:
    """The root of a writable cgroup hierarchy with the cpu controller (v2 or v1), or None."""
    v2 = CGROUP_V2 / "cgroup.controllers"
    if v2.is_file() and "cpu" in v2.read_text().split() and os.access(CGROUP_V2, os.W_OK):
        return CGROUP_V2
    if (CGROUP_V1 / "cpu.cfs_quota_us").is_file() and os.access(CGROUP_V1, os.W_OK):
        return CGROUP_V1
    return None


def new_cgroup(root: Path, name: str, weight: int, quota_us: int | None = None, period_us: int = 10_000) -> Path:
    """A child cgroup with a CPU weight (1024 = an ordinary process on v1, 100 on v2) and
    optionally a quota of ``quota_us`` per ``period_us``."""
    group = root / name
    group.mkdir()
    if root == CGROUP_V2:
        (group / "cpu.weight").write_text(str(max(1, min(10_000, weight * 100 // 1024))))
        if quota_us:
            (group / "cpu.max").write_text(f"{quota_us} {period_us}")
    else:
        (group / "cpu.shares").write_text(str(weight))
        if quota_us:
            (group / "cpu.cfs_period_us").write_text(str(period_us))
            (group / "cpu.cfs_quota_us").write_text(str(quota_us))
    return group


def remove_cgroup(group: Path):
    for _ in range(50):   # the browser's processes take a moment to be gone
        try:
            group.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.1)


def chromium_in(group: Path, path: Path) -> str:
    """A wrapper script that starts Chromium in cgroup ``group``."""
    path.write_text(f'#!/bin/sh\necho $$ > {group}/cgroup.procs || exit 1\nexec {CHROMIUM} "$@"\n')
    path.chmod(0o755)
    return str(path)


class ServerFirst:
    """The test servers (threads of this process, standing for the network) are never the
    bottleneck: this process runs in a cgroup with 8 times an ordinary process's CPU weight
    (it uses little CPU; no quota), so other work on the machine does not delay its answers.
    The browsers are put back where they would be (``executable``: the root cgroup), or in
    their own limit (SlowCPU). Nothing happens without writable cgroups."""

    def __init__(self, tmp: Path):
        self.root = cpu_cgroups()
        self.group = None
        self.executable = CHROMIUM
        if self.root is None:
            return
        try:
            self.group = new_cgroup(self.root, f"tapete-bench-{os.getpid()}-server", 8 * 1024)
            (self.group / "cgroup.procs").write_text(str(os.getpid()))
            self.executable = chromium_in(self.root, tmp / "chromium-root.sh")
        except OSError:
            self.close()
            self.root = None

    def close(self):
        if self.group is not None:
            try:
                (self.root / "cgroup.procs").write_text(str(os.getpid()))
            except OSError:
                pass
            remove_cgroup(self.group)
            self.group = None
        self.executable = CHROMIUM


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
    made = 0   # (each its own cgroup: two settings of one rate may be asked for)

    def __init__(self, rate: float, tmp: Path):
        self.rate = rate
        self.group = None
        quota = int(self.PERIOD_US / rate)
        SlowCPU.made += 1
        name = f"{int(rate * 10)}-{SlowCPU.made}"
        wrapper = tmp / f"chromium-{name}.sh"
        root = cpu_cgroups()
        try:
            if root is None:
                raise OSError("no writable cgroup with the cpu controller")
            self.group = new_cgroup(root, f"tapete-bench-{os.getpid()}-{name}", 256 * 1024,
                                    quota, self.PERIOD_US)
            self.method = (f"cgroup ({'v2 cpu.max' if root == CGROUP_V2 else 'v1 cpu.cfs_quota_us'}) "
                           f"{quota} us per {self.PERIOD_US} us")
            self.executable = chromium_in(self.group, wrapper)
        except OSError as err:
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
            wrapper.write_text(f'#!/bin/sh\nexec {tool} -l {pct} -i -- {CHROMIUM} "$@"\n')
            wrapper.chmod(0o755)
            self.executable = str(wrapper)

    def close(self):
        if self.group is not None:
            remove_cgroup(self.group)
            self.group = None


def bare_site(tmp: Path) -> Path:
    site = tmp / "bare"
    (site / "pyodide").mkdir(parents=True)
    # Pyodide's own files as its npm package has them (the app ships a trimmed standard
    # library in their place), with the app's lock file (no packages)
    for name in build.PYODIDE_FILES:
        shutil.copyfile(build.PYODIDE_DIR / name, site / "pyodide" / name)
    shutil.copyfile(build.DIST / "pyodide" / "pyodide-lock.json", site / "pyodide" / "pyodide-lock.json")
    for name, text in (("index.html", BARE_HTML), ("bare.js", BARE_JS), ("bare-worker.js", BARE_WORKER),
                       ("reach.html", REACH_HTML), ("reach.js", REACH_JS), ("reach-worker.js", REACH_WORKER)):
        (site / name).write_text(text)
    return site


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


#: what a web host sends as it is (already compressed)
NOT_GZIPPED = (".zip", ".png")


@functools.lru_cache(maxsize=None)
def gzipped(path: str, mtime_ns: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), 9, mtime=0)


class BenchHandler(build.DistHandler):
    """``build.py serve``'s handler, with two things for the bench: each entry of
    ``server.log`` also has the time its request arrived, ``(path, status, bytes, time)``
    (``time.time()``: a first visit is told from the later stage by it); with ``server.gzip``
    a file is sent gzipped (``Content-Encoding: gzip``, level 9, its own ETag) to a browser
    that accepts it, as a web host does, but for ``NOT_GZIPPED``."""

    def parse_request(self):
        self._arrived = time.time()
        return super().parse_request()

    def _record(self, status, nbytes):
        log = getattr(self.server, "log", None)
        if log is not None:
            log.append((self.path.split("?")[0].split("#")[0], status, nbytes, self._arrived))

    def send_head(self):
        if not getattr(self.server, "gzip", False) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or path.endswith(NOT_GZIPPED):
            return super().send_head()
        st = os.stat(path)
        etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}-gz"'
        if self.not_modified(etag):
            return None
        data = gzipped(path, st.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.end_headers()
        return io.BytesIO(data)


def bench_server(directory: Path, **attrs) -> build.DistServer:
    """A test server in a thread of this process (standing for the network): BenchHandler."""
    server = build.DistServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(directory)))
    server.log = []
    for k, v in attrs.items():
        setattr(server, k, v)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Network:
    """A network shape, ``<rate>mbit:<rtt>ms`` (e.g. ``1.6mbit:150ms``): Chromium's network
    emulation with that download rate, half of it up, and the round trip as each request's
    latency. Set on the page (DevTools ``Network.emulateNetworkConditions``: it covers the
    page's dedicated workers, Python's, which share the page's rate) and, as soon as its
    script has loaded, on each service worker (a target of its own, attached through the
    page's session; Chromium throttles it apart: while both download at once the link is
    twice as wide. On a first visit the service worker fetches from the network only after
    the engine is up). Responses from the HTTP cache are not slowed. ``reached`` counts the
    service workers throttled."""

    def __init__(self, spec: str):
        self.spec = spec
        rate, _, rtt = spec.partition(":")
        try:
            if not (rate.endswith("mbit") and rtt.endswith("ms")):
                raise ValueError
            self.mbit, self.rtt = float(rate[:-4]), float(rtt[:-2])
            if self.mbit <= 0 or self.rtt < 0:
                raise ValueError
        except ValueError:
            raise SystemExit(f"bench_web: unknown --network {spec!r} (<rate>mbit:<rtt>ms, "
                             "e.g. 1.6mbit:150ms)") from None
        self.conditions = {"offline": False, "latency": self.rtt,
                           "downloadThroughput": self.mbit * 1e6 / 8,
                           "uploadThroughput": self.mbit * 1e6 / 16}
        self.reached = 0

    def apply(self, ctx, page):
        """Before the first navigation of ``page``."""
        self.reached = 0
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.emulateNetworkConditions", self.conditions)
        command = json.dumps({"id": 1, "method": "Network.emulateNetworkConditions", "params": self.conditions})

        def created(event):
            info = event["targetInfo"]
            if info["type"] == "service_worker":
                cdp.send("Target.attachToTarget", {"targetId": info["targetId"], "flatten": False})

        def message(event):
            # (sent before the worker's script has loaded, the command is answered and lost)
            if "Inspector.workerScriptLoaded" in event["message"]:
                cdp.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": command})
                self.reached += 1

        cdp.on("Target.targetCreated", created)
        cdp.on("Target.receivedMessageFromTarget", message)
        cdp.send("Target.setDiscoverTargets", {"discover": True})
        page._bench_net = cdp   # keep the session (and its setting) alive


#: where a first visit's bytes go: (group, test on the served path), the first that matches
BYTE_GROUPS = (
    ("Pyodide's wasm", lambda p: p.endswith(".wasm")),
    ("the standard library", lambda p: p.endswith("/" + build.STDLIB_NAME)),
    ("Pyodide's JS and lock file", lambda p: p.startswith("pyodide/")),
    ("engine.zip", lambda p: p == "engine.zip"),
    ("vendor/ (QR libraries)", lambda p: p.startswith("vendor/")),
    ("i18n catalogs", lambda p: p.startswith("i18n/")),
    ("icons", lambda p: p.startswith("icons/")),
    ("the shell's JS, CSS, HTML, manifest", lambda p: True),
)


def byte_groups(log, site: Path) -> dict[str, tuple[int, int]]:
    """{group: (files, gzip bytes)} of the responses of ``log``, by BYTE_GROUPS."""
    out = {name: [0, 0] for name, _t in BYTE_GROUPS}
    for path, status, *_ in log:
        if status != 200:
            continue
        rel = path.lstrip("/") or "index.html"
        name = next(name for name, test in BYTE_GROUPS if test(rel))
        out[name][0] += 1
        out[name][1] += served_sizes([(path, status, 0)], site)[1]
    return {name: (n, b) for name, (n, b) in out.items() if n}


def served_sizes(log, site: Path):
    """(bytes as they crossed the network, the same files gzipped -9) of the 200s of ``log``."""
    raw = sum(n for _p, status, n, *_ in log if status == 200)
    gzipped = 0
    for path, status, *_ in log:
        if status != 200:
            continue
        rel = path.lstrip("/") or "index.html"
        f = site / rel
        if f.is_dir():
            f = f / "index.html"
        gzipped += gz(f.read_bytes())
    return raw, gzipped


class Throttle:
    """One CPU setting: "none", "cdp:R" (Chromium's throttling of the page) or "cpu:R"
    (the whole browser at 1/R of one CPU: SlowCPU)."""

    def __init__(self, spec: str, tmp: Path, browser: str = CHROMIUM):
        self.spec = spec
        kind, _, rate = spec.partition(":")
        if kind not in ("none", "cdp", "cpu") or (kind != "none") != bool(rate):
            raise SystemExit(f"bench_web: unknown --throttle {spec!r} (none, cdp:R, cpu:R)")
        self.kind, self.rate = kind, float(rate or 1)
        self.slow = SlowCPU(self.rate, tmp) if kind == "cpu" else None
        self.executable = self.slow.executable if self.slow else browser
        self.method = {"none": "no throttling",
                       "cdp": f"DevTools Emulation.setCPUThrottlingRate {self.rate:g} on the page",
                       "cpu": self.slow.method if self.slow else ""}[kind]

    def apply(self, ctx, page):
        """Before the first navigation of ``page``."""
        if self.kind == "cdp":
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
            page._bench_cdp = cdp   # keep the session (and its setting) alive

    def close(self):
        if self.slow:
            self.slow.close()


def launch(pw, profile, throttle=None):
    ctx = pw.chromium.launch_persistent_context(
        str(profile), executable_path=throttle.executable if throttle else CHROMIUM,
        args=ARGS, headless=True, viewport={"width": 412, "height": 839})
    ctx.add_init_script("window.__tapeteTapFreshMs = 0")   # taps faster than a person (web/ui.js, the tap guard)
    return ctx


# When the first screen (the home screen, or the hand of a resumed table) is on screen:
# the frame after it is in the DOM. The same init script tells the harness, with a console
# message, when the page is done (engine ready and first screen, or the bare page's
# Pyodide loaded): the harness never evaluates anything in the page while it is measured
# (Playwright's own polling would run its script on the page's main thread, about 30 ms
# on a fresh document, and then every frame). It also notes when a service worker takes
# control of the page, and times taps on the hand's cards (TAPS).
FIRST_SCREEN = """
window.__firstScreen = null;
window.__controlledAt = null;
if (navigator.serviceWorker) navigator.serviceWorker.addEventListener('controllerchange',
  () => { if (window.__controlledAt === null) window.__controlledAt = performance.now(); });
(() => {
const POLL_MS = 10;
// the first screen: seen by a MutationObserver, on screen at the frame after it
const FIRST = '#new-cuatrola, #screen .table .hand button.card';
const seen = () => {
  if (window.__firstSeen || !document.querySelector(FIRST)) return false;
  window.__firstSeen = true;
  requestAnimationFrame(() => setTimeout(() => { window.__firstScreen = performance.now(); }, 0));
  return true;
};
const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
watch.observe(document, { childList: true, subtree: true });
// done: a timer every POLL_MS, not a requestAnimationFrame loop (which would make the
// browser produce a frame every 16 ms while Python loads: CPU of its own, in the page's
// main thread, the compositor and the GPU process, taken from Python's start)
(function poll() {
  if ((window.__tapete && window.__tapete.ready && window.__firstScreen !== null) || window.__bare) {
    console.debug('bench:done');
    return;
  }
  setTimeout(poll, POLL_MS);
})();
})();
// tap to card: from the pointerdown on a card of the hand (its time stamp: when the input
// arrived) to that card in the trick, and to the frame after that
window.__taps = [];
document.addEventListener('pointerdown', (e) => {
  const b = e.target.closest && e.target.closest('.hand button.card');
  if (!b) return;
  const card = b.dataset.card, t0 = e.timeStamp;
  const obs = new MutationObserver(() => {
    if (!document.querySelector(`.trick .card[data-card="${card}"]`)) return;
    obs.disconnect();
    const dom = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => window.__taps.push({ card, dom, shown: performance.now() - t0 }), 0));
  });
  obs.observe(document.getElementById('screen'), { childList: true, subtree: true });
}, true);
"""


def measured(page, go):
    """Runs go() (a navigation) and waits for the page's 'bench:done' message."""
    with page.expect_console_message(lambda m: m.text == "bench:done", timeout=300_000):
        go()


def first_visit(pw, url, server, profile: Path, throttle, network=None):
    """A fresh browser profile's first, measured visit of ``url``: (context, page)."""
    ctx = launch(pw, profile, throttle)
    ctx.add_init_script(FIRST_SCREEN)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    throttle.apply(ctx, page)
    if network:
        network.apply(ctx, page)
    server.log.clear()
    measured(page, lambda: page.goto(url, wait_until="commit"))
    return ctx, page


def first_visit_done(page, server) -> dict:
    """After an app's first visit has been measured: waits for the service worker in
    control, the snapshot, V8's code cache and the later stage, then splits the server's log
    at the moment the page asked for the later stage (the first visit's end). Times in ms
    after navigation."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=600_000)
    page.wait_for_function("() => window.__tapete.snapshot !== null", timeout=600_000)
    # (after a first visit the app loads Pyodide's JS once more for V8's code cache: app.js)
    page.wait_for_function("() => !('codeCache' in window.__tapete) || window.__tapete.codeCache !== null",
                           timeout=600_000)
    page.wait_for_function("() => window.__tapete.later && window.__tapete.later.state !== 'running'",
                           timeout=600_000)
    later = page.evaluate("""() => ({ ...window.__tapete.later, origin: performance.timeOrigin })""")
    cut = later["started"] / 1000
    time.sleep(0.5)   # (a response still on its way)
    log = list(server.log)
    return {"controlled": page.evaluate("() => window.__controlledAt"),
            "stored": page.evaluate("() => window.__tapete.snapshot"),
            "log": [e for e in log if e[3] < cut], "later_log": [e for e in log if e[3] >= cut],
            "done": later["started"] - later["origin"], "later_ended": later.get("ended", later["started"]) - later["origin"],
            "later": later}


# the worker's boot report, with its start in the page's clock (ms after navigation)
BOOT = """() => ({ ...window.__tapete.boot,
  started: window.__tapete.boot.started - performance.timeOrigin })"""

# every move of `hands` hands of `game` (the engine's default rules) by expert players in
# every seat, each `bot` call timed (ms): as the table asks for it (`paced`: web/bot-pace.js,
# the expert capped to what this phone does in time, its calibration timed apart), or with
# the full deterministic budget (as the review, a hint, the daily deal and challenges ask)
EXPERT_GAMES = tuple(GAMES)
EXPERT = """async ([game, paced, hands]) => {
  const { engine } = await import('./engine.js');
  const { botCall, paceReady } = await import('./bot-pace.js');
  let calibration = null;
  if (paced) { const t = performance.now(); await paceReady(game); calibration = performance.now() - t; }
  const times = [];
  const work = [];
  for (let h = 0; h < hands; h++) {
    const first = await engine.call({ op: 'new', game, seed: `bench expert${h ? ' ' + h : ''}`, rules: {}, seat: 0 });
    let match = first.match, turn = first.view.turn, hand = first.view.hand_no;
    for (let n = 0; turn >= 0 && n < 80; n++) {
      const req = { op: 'bot', match, seat: turn, level: 'expert', viewers: [0] };
      const t = performance.now();
      const a = paced ? await botCall(req, game) : await engine.call(req);
      times.push(performance.now() - t);
      work.push(a.work);
      if (!a.ok || a.view.hand_no !== hand) break;
      match = a.match; turn = a.turn;
    }
  }
  return { times, work, calibration };
}"""
PHONE_HANDS = 3   # hands per game and run of the paced experts on the phone-class CPU

# the person's turn to play a card (not to bid), no dialog open
MY_CARD = ("() => !document.querySelector('dialog[open]') && !document.querySelector('.controls button.bid')"
           " && !!document.querySelector('.hand button.card:not(.illegal):not(.resting)')")


def tap_to_card(page, url, taps=3):
    """Tap-to-card times (ms) of the first ``taps`` card plays of a fresh match."""
    mid = page.evaluate("""async () => {
      const store = await import('./store.js');
      store.setSettings({ speed: 'instant' });
      const { startMatch } = await import('./services/start.js');
      return (await startMatch({ game: 'cuatrola', rules: {}, seed: 'bench tap', level: 'novice' })).id;
    }""")
    page.goto(url + "#/play/" + mid)
    out = []
    while len(out) < taps:
        page.wait_for_selector(".table .hand button.card", timeout=120_000)
        page.wait_for_function("() => !!document.querySelector('dialog[open], .controls button.bid') "
                               f"|| ({MY_CARD[6:]})", timeout=120_000)
        if page.locator("dialog[open]").count():   # a hand over (all passed, say): go on
            page.locator("dialog[open] button.primary").first.click()
            page.wait_for_timeout(100)
            continue
        if page.locator(".controls button.bid").count():
            page.locator(".controls button.bid").first.click()   # pass
            page.wait_for_timeout(100)
            continue
        n = page.evaluate("() => window.__taps.length")
        page.locator(".hand button.card:not(.illegal):not(.resting)").first.click()
        page.wait_for_function("(n) => window.__taps.length > n", arg=n, timeout=120_000)
        out.append(page.evaluate("() => window.__taps[window.__taps.length - 1]"))
    return out


def app_run(pw, url, server, tmp: Path, i: int, throttle) -> dict:
    profile = tmp / f"app-{throttle.kind}{throttle.rate:g}-{i}"
    ctx, page = first_visit(pw, url, server, profile, throttle)
    cold = page.evaluate("() => window.__tapete.readyAt")
    cold_paint = page.evaluate("() => window.__firstScreen")
    cold_boot = page.evaluate(BOOT)
    done = first_visit_done(page, server)
    server.offline = True
    ctx.set_offline(True)
    measured(page, lambda: page.reload(wait_until="commit"))
    warm = page.evaluate("() => window.__tapete.readyAt")
    warm_paint = page.evaluate("() => window.__firstScreen")
    boot = page.evaluate(BOOT)
    # a match being resumed: its table is drawn from the stored view
    mid = page.evaluate("""async () => {
      const { startMatch } = await import('./services/start.js');
      return (await startMatch({ game: 'cuatrola', rules: {}, seed: 'bench' })).id;
    }""")
    page.goto(url + "#/play/" + mid)
    page.wait_for_selector(".table .hand button.card", timeout=120_000)
    time.sleep(0.5)
    measured(page, lambda: page.reload(wait_until="commit"))
    resume_paint = page.evaluate("() => window.__firstScreen")
    resume_ready = page.evaluate("() => window.__tapete.readyAt")
    resume_preview = page.evaluate("() => !!document.querySelector('.table')")
    resume_boot = page.evaluate(BOOT)
    expert = {game: page.evaluate(EXPERT, [game, False, 1])["times"] for game in EXPERT_GAMES}
    taps = tap_to_card(page, url)
    server.offline = False
    ctx.close()
    return {**done, "cold": cold, "warm": warm, "stages": boot["stages"], "started": boot["started"],
            "cold_stages": cold_boot["stages"], "cold_started": cold_boot["started"],
            "restored": boot["snapshot"]["used"] and resume_boot["snapshot"]["used"],
            "cold_paint": cold_paint, "warm_paint": warm_paint,
            "resume_paint": resume_paint, "resume_ready": resume_ready, "resumed": resume_preview,
            "resume_stages": resume_boot["stages"], "resume_started": resume_boot["started"],
            "expert": expert, "taps": taps, "profile": profile}


def app_shaped(pw, url, server, tmp: Path, i: int, network, throttle) -> dict:
    """A first visit of the app under a network shape (``throttle``: --network-cpu)."""
    ctx, page = first_visit(pw, url, server, tmp / f"app-net-{network.mbit:g}-{i}", throttle, network)
    out = {"cold": page.evaluate("() => window.__tapete.readyAt"),
           "cold_paint": page.evaluate("() => window.__firstScreen"), **first_visit_done(page, server),
           "reached": network.reached}
    ctx.close()
    return out


def bare_shaped(pw, url, server, tmp: Path, i: int, network, throttle) -> dict:
    ctx, page = first_visit(pw, url, server, tmp / f"bare-net-{network.mbit:g}-{i}", throttle, network)
    out = {"cold": page.evaluate("() => window.__bare.readyAt"), "log": list(server.log)}
    ctx.close()
    return out


def phone_experts(pw, url, profile: Path, throttle) -> dict:
    """The experts' moves in an installed profile started again under ``throttle``
    (a restore from its snapshot first): {"ready": ms, "restored": bool, game: {"full":
    {times, work}, "paced": {times, work, calibration}}}: one hand with the full budget,
    then ``PHONE_HANDS`` as the table plays them, the phone calibrated anew (its stored
    rates, made at full speed, dropped: as a phone that never played an expert)."""
    ctx = launch(pw, profile, throttle)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    throttle.apply(ctx, page)
    page.goto(url + "#/")
    page.wait_for_selector("html[data-engine=ready]", timeout=600_000)
    out = {"ready": page.evaluate("() => window.__tapete.readyAt"),
           "restored": page.evaluate("() => window.__tapete.boot.snapshot.used")}
    page.evaluate("() => localStorage.removeItem('tapete.pace')")
    for game in EXPERT_GAMES:
        out[game] = {"full": page.evaluate(EXPERT, [game, False, 1]),
                     "paced": page.evaluate(EXPERT, [game, True, PHONE_HANDS])}
    ctx.close()
    return out


def bare_run(pw, url, server, tmp: Path, i: int, throttle) -> dict:
    ctx, page = first_visit(pw, url, server, tmp / f"bare-{throttle.kind}{throttle.rate:g}-{i}", throttle)
    cold = page.evaluate("() => window.__bare.readyAt")
    cold_started = page.evaluate("() => window.__bare.worker.started - performance.timeOrigin")
    log = list(server.log)
    time.sleep(0.5)
    measured(page, lambda: page.reload(wait_until="commit"))
    warm = page.evaluate("() => window.__bare.readyAt")
    worker_ms = page.evaluate("() => window.__bare.worker.ms")
    ctx.close()
    return {"cold": cold, "warm": warm, "log": log, "worker": worker_ms, "cold_started": cold_started}


def reach(pw, url, throttle, tmp: Path):
    """How much slower the same loop runs under ``throttle`` than without, on the page's
    main thread and in a worker: {"main": x, "worker": y} (1.0 = not reached)."""
    spin = 30_000_000
    out = {}
    for label, thr in (("base", None), ("throttled", throttle)):
        ctx = launch(pw, tmp / f"reach-{label}-{throttle.kind}{throttle.rate:g}", thr)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        if thr:
            thr.apply(ctx, page)
        page.goto(url + "reach.html")
        page.evaluate(f"mainSpin({spin})")   # warm-up (compiled code)
        page.evaluate(f"workerSpin({spin})")
        out[label] = {k: statistics.median(page.evaluate(f"{k}Spin({spin})") for _ in range(3))
                      for k in ("main", "worker")}
        ctx.close()
    return {k: out["throttled"][k] / out["base"][k] for k in ("main", "worker")}


def med(rows, key):
    return statistics.median(r[key] for r in rows)


def stage_line(rows, key):
    names = []
    for r in rows:
        for k in r[key]:
            if k not in names and all(k in x[key] for x in rows):
                names.append(k)
    names.sort(key=lambda k: statistics.median(r[key][k] for r in rows))
    return ", ".join(f"{k} {statistics.median(r[key][k] for r in rows):.0f}" for k in names)


def report_setting(throttle, apps, bares, reached):
    b_cold, b_warm = med(bares, "cold"), med(bares, "warm")
    print(f"### CPU: {throttle.spec} ({throttle.method})")
    print()
    if reached:
        print(f"what it reaches: the same loop runs {reached['main']:.1f}x as long on the page's main thread "
              f"and {reached['worker']:.1f}x in a worker (1.0 = not slowed)")
        print()
    rows = [
        ("first paint, first visit (home screen)", med(apps, "cold_paint"), "bare, cold", b_cold, "<= 0.1"),
        ("first paint, reload (home screen)", med(apps, "warm_paint"), "bare, reload", b_warm, "<= 0.1"),
        ("first paint, resumed match (table from the stored view)", med(apps, "resume_paint"),
         "bare, reload", b_warm, "<= 0.1"),
        ("engine ready, reload (restored from the snapshot)", med(apps, "warm"), "bare, reload", b_warm,
         "<= 0.3 (a guard)"),
        ("engine ready, resumed match (restored from the snapshot)", med(apps, "resume_ready"),
         "bare, reload", b_warm, "<= 0.3"),
        ("engine ready, first visit (normal boot, snapshot made)", med(apps, "cold"), "bare, cold", b_cold,
         "<= 1.1 (a guard)"),
    ]
    print("| start (navigation to ...) | app | bare Pyodide page (Pyodide loaded) | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    for name, a, bname, b, target in rows:
        print(f"| {name} | {a:.0f} ms | {bname} {b:.0f} ms | {a / b:.2f} | {target} |")
    print()
    for game in EXPERT_GAMES:
        print(expert_line(game, [r["expert"][game] for r in apps]))
    dom = [statistics.median(t["dom"] for t in r["taps"]) for r in apps]
    shown = [statistics.median(t["shown"] for t in r["taps"]) for r in apps]
    print(f"tap to card (first three plays): in the trick {statistics.median(dom):.0f} ms, "
          f"on screen {statistics.median(shown):.0f} ms after the tap (medians)")
    print()
    restored = sum(1 for r in apps if r["restored"])
    print(f"reloads restored from the snapshot: {restored} of {len(apps)}; resumed tables drawn: "
          f"{sum(1 for r in apps if r['resumed'])} of {len(apps)}")
    snap = [r["stored"] for r in apps if r["stored"] and r["stored"].get("stored")]
    if snap:
        print(f"snapshot: {snap[0]['bytes']:,} bytes, of which {snap[0].get('stored', snap[0]['bytes']):,} stored "
              f"(the rest is zero pages); checking and storing it after ready: "
              f"{statistics.median(x['ms'] for x in snap):.0f} ms (median)")
    print(f"first visit (ms after navigation, medians): Python's worker started {med(apps, 'cold_started'):.0f}, "
          f"its stages (ms after it started): {stage_line(apps, 'cold_stages')}; engine ready "
          f"{med(apps, 'cold'):.0f}; the service worker took control at "
          f"{statistics.median(r['controlled'] or 0 for r in apps):.0f}; the first visit done (the later "
          f"stage asked for) at {med(apps, 'done'):.0f}, the later stage done at {med(apps, 'later_ended'):.0f}. "
          f"Bare page: worker started {med(bares, 'cold_started'):.0f}, Pyodide loaded {b_cold:.0f}")
    print(f"reload: worker started {med(apps, 'started'):.0f} ms after navigation; its stages: "
          f"{stage_line(apps, 'stages')} (bare page: Pyodide loaded {med(bares, 'worker'):.0f} ms after its "
          f"worker started)")
    print(f"resumed match: worker started {med(apps, 'resume_started'):.0f}; its stages: "
          f"{stage_line(apps, 'resume_stages')}")
    print()
    print("runs (ms): app cold " + ", ".join(f"{r['cold']:.0f}" for r in apps)
          + "; app reload " + ", ".join(f"{r['warm']:.0f}" for r in apps)
          + "; first paint reload " + ", ".join(f"{r['warm_paint']:.0f}" for r in apps)
          + "; resumed table paint " + ", ".join(f"{r['resume_paint']:.0f}" for r in apps)
          + "; bare cold " + ", ".join(f"{r['cold']:.0f}" for r in bares)
          + "; bare reload " + ", ".join(f"{r['warm']:.0f}" for r in bares))
    print()


def expert_line(game: str, runs: list[list[float]]) -> str:
    """One line on an expert's moves: ``runs``, the move times (ms) of each run."""
    return (f"{game.capitalize()} expert move (one hand, {len(runs[0])} moves, `bot` from the page): "
            f"median {statistics.median(statistics.median(r) for r in runs):.1f} ms, slowest "
            f"{statistics.median(max(r) for r in runs):.0f} ms, the hand "
            f"{statistics.median(sum(r) for r in runs):.0f} ms (medians of the runs)")


def wire(log) -> int:
    """The bytes of the 200 responses of ``log`` as they crossed the network."""
    return sum(e[2] for e in log if e[1] == 200)


def report_networks(shaped, throttle):
    """The first visits under each network shape, against the bare page's."""
    print(f"### A first visit over a phone's network (CPU: {throttle.spec}, {throttle.method})")
    print()
    print("Chromium's network emulation (page, Python's worker, service worker); the servers gzip "
          "like a web host (level 9, not .zip or .png). ms after navigation, medians; ratio: the "
          "app's engine ready / the bare page's Pyodide loaded, same shape.")
    print()
    print("| shape | app: first paint | engine ready | service worker in control | first visit done | "
          "later stage done | bare page: Pyodide loaded | ratio (target <= 0.8) | over the wire: app's "
          "first visit, later stage, bare page (its bytes alone at that rate) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for net, apps, bares in shaped:
        first = statistics.median(wire(r["log"]) for r in apps)
        later = statistics.median(wire(r["later_log"]) for r in apps)
        bare = statistics.median(wire(r["log"]) for r in bares)
        print(f"| {net.mbit:g} Mbit/s, {net.rtt:g} ms | {med(apps, 'cold_paint'):.0f} | {med(apps, 'cold'):.0f} | "
              f"{statistics.median(r['controlled'] or 0 for r in apps):.0f} | {med(apps, 'done'):.0f} | "
              f"{med(apps, 'later_ended'):.0f} | {med(bares, 'cold'):.0f} | "
              f"**{med(apps, 'cold') / med(bares, 'cold'):.2f}** | {first:,.0f} B, {later:,.0f} B, "
              f"{bare:,.0f} B ({bare * 8 / (net.mbit * 1e3):,.0f} ms) |")
    print()
    ms = lambda rows: ", ".join(f"{r['cold']:.0f}" for r in rows)   # noqa: E731
    print("runs (ms, engine ready): " + "; ".join(f"{net.spec} app {ms(apps)}, bare {ms(bares)}"
                                                  for net, apps, bares in shaped)
        + "; service workers throttled per app run: "
        + ", ".join(str(r["reached"]) for _n, apps, _b in shaped for r in apps))
    print()


def report_phone(throttle, runs):
    print(f"### The experts on a phone-class CPU: {throttle.spec} ({throttle.method})")
    print()
    print(f"the installed app started again under {throttle.spec}: engine ready "
          f"{statistics.median(r['ready'] for r in runs):.0f} ms after navigation (restored from the "
          f"snapshot: {sum(1 for r in runs if r['restored'])} of {len(runs)})")
    for game in EXPERT_GAMES:
        print(expert_line(game, [r[game]["full"]["times"] for r in runs]) + ": the full budget")
        print(paced_line(game, [r[game]["paced"] for r in runs]))
    print()


def percentile(xs, q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def paced_line(game: str, runs: list[dict]) -> str:
    """One line on an expert's moves as the table asks for them (web/bot-pace.js): every
    move of every run pooled (the bound is on each move)."""
    times = [t for r in runs for t in r["times"]]
    work = [w for r in runs for w in r["work"]]
    return (f"{game.capitalize()} expert at the table (paced, {PHONE_HANDS} hands a run, "
            f"{len(times)} moves): median {statistics.median(times):.1f} ms, p95 "
            f"{percentile(times, 0.95):.0f} ms, slowest {max(times):.0f} ms (target: p95 <= 400, "
            f"slowest <= 1000); work per move median {statistics.median(work):.0f}, most "
            f"{max(work)}; calibration "
            + ", ".join(f"{r['calibration']:.0f}" for r in runs) + " ms")


def main(argv=None) -> int:
    began = time.monotonic()
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench.web",
                                 description="Figures of the web app (docs/performance.md)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--throttle", default="none",
                    help="CPU settings of the start-up runs, comma-separated: none, cdp:R (Chromium's "
                         "throttling of the page), cpu:R (the whole browser at 1/R of one CPU); "
                         "e.g. none,cdp:4,cdp:6,cpu:4,cpu:6")
    ap.add_argument("--network", default="10mbit:40ms,1.6mbit:150ms",
                    help="network shapes of first visits, comma-separated <rate>mbit:<rtt>ms, or none")
    ap.add_argument("--network-cpu", default="cpu:1",
                    help="the CPU setting of the network shapes' runs (default cpu:1: the whole browser "
                         "held to one CPU, with the weight that keeps other work from taking it)")
    ap.add_argument("--phone", default="cpu:4",
                    help="the CPU setting of the experts' phone-class figure (cpu:R or cdp:R), or none")
    args = ap.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_web: pip install playwright (see .ci/browser-setup.sh)", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"bench_web: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    specs = [spec.strip() for spec in args.throttle.split(",") if spec.strip()]
    if not specs:
        raise SystemExit("bench_web: --throttle needs at least one CPU setting (e.g. none)")
    networks = [Network(spec.strip()) for spec in args.network.split(",")
                if spec.strip() and spec.strip() != "none"]
    info = build.build(quiet=True)
    tmp = Path(tempfile.mkdtemp(prefix="tapete-bench-"))
    site = bare_site(tmp)
    app_srv = bench_server(build.DIST)
    bare_srv = bench_server(site, cache_control="max-age=3600")
    # the same, gzipping like a web host: for the network shapes
    app_gz = bench_server(build.DIST, gzip=True)
    bare_gz = bench_server(site, cache_control="max-age=3600", gzip=True)
    url = lambda srv: f"http://127.0.0.1:{srv.server_address[1]}/"   # noqa: E731
    load = [os.getloadavg()[0]]
    throttles = []
    results = []
    shaped = []
    phone = None
    servers = ServerFirst(tmp)
    try:
        throttles = [Throttle(spec, tmp, servers.executable) for spec in specs]
        startup = list(throttles)   # the start-up runs' settings; the others are closed too
        if networks:
            net_cpu = Throttle(args.network_cpu, tmp, servers.executable)
            throttles.append(net_cpu)
        with sync_playwright() as pw:
            for thr in startup:
                reached = reach(pw, url(bare_srv), thr, tmp) if thr.kind != "none" else None
                apps, bares = [], []
                for i in range(args.runs):  # interleaved, so both see the same machine load
                    apps.append(app_run(pw, url(app_srv), app_srv, tmp, i, thr))
                    bares.append(bare_run(pw, url(bare_srv), bare_srv, tmp, i, thr))
                    load.append(os.getloadavg()[0])
                results.append((thr, apps, bares, reached))
            for net in networks:
                apps, bares = [], []
                for i in range(args.runs):
                    apps.append(app_shaped(pw, url(app_gz), app_gz, tmp, i, net, net_cpu))
                    bares.append(bare_shaped(pw, url(bare_gz), bare_gz, tmp, i, net, net_cpu))
                    load.append(os.getloadavg()[0])
                shaped.append((net, apps, bares))
            if args.phone != "none":
                slow = Throttle(args.phone, tmp, servers.executable)
                throttles.append(slow)
                phone = (slow, [phone_experts(pw, url(app_srv), r["profile"], slow) for r in results[0][1]])
                load.append(os.getloadavg()[0])
    finally:
        for srv in (app_srv, bare_srv, app_gz, bare_gz):
            srv.shutdown()
        for thr in throttles:
            thr.close()
        servers.close()

    apps0, bares0 = results[0][1], results[0][2]
    first, later, bare = apps0[0]["log"], apps0[0]["later_log"], bares0[0]["log"]
    raw, gzipped = served_sizes(first, build.DIST)
    later_raw, later_gz = served_sizes(later, build.DIST)
    braw, bgz = served_sizes(bare, site)
    groups, later_groups = byte_groups(first, build.DIST), byte_groups(later, build.DIST)
    bare_groups = byte_groups(bare, site)
    shutil.rmtree(tmp, ignore_errors=True)
    ok = lambda log: sum(1 for e in log if e[1] == 200)   # noqa: E731
    own_log = [e for e in first if not e[0].startswith("/pyodide/")]
    own_raw, own_gz = served_sizes(own_log, build.DIST)
    core = sum((build.PYODIDE_DIR / n).stat().st_size for n in build.PYODIDE_FILES)
    print(f"Tapete web app {info['version']}, {args.runs} run(s) per setting (medians), "
          f"{time.strftime('%Y-%m-%d %H:%M')}; load average (1 min) {min(load):.1f}-{max(load):.1f} "
          f"during the runs, {os.cpu_count()} CPUs; test servers "
          f"{'first (cgroup weight)' if servers.root else 'at normal priority (no cgroup)'}")
    print()
    print("| first visit (until the page asks for the later stage) | bytes raw | bytes gzip | responses |")
    print("| --- | --- | --- | --- |")
    print(f"| app (page + Python's worker + service worker) | {raw:,} | {gzipped:,} | {ok(first)} "
          f"(+{sum(1 for e in first if e[1] == 304)} revalidated, 304) |")
    print(f"| of which the app's own code and assets (not pyodide/) | {own_raw:,} | {own_gz:,} | {ok(own_log)} |")
    print(f"| bare Pyodide page | {braw:,} | {bgz:,} | {ok(bare)} |")
    print(f"| Pyodide core alone ({', '.join(build.PYODIDE_FILES)}) | {core:,} | | |")
    print(f"| after it: the app's later stage | {later_raw:,} | {later_gz:,} | {ok(later)} |")
    print(f"| dist/ on disk | {info['bytes']:,} | | {len(info['files'])} files |")
    print()
    sent = [e[0] for e in first + later if e[1] == 200]
    twice = sorted({p for p in sent if sent.count(p) > 1})
    print(f"first visit / bare Pyodide page, gzip: {gzipped / bgz:.3f} (target <= 0.75); raw: "
          f"{raw / braw:.3f}; the app's own code and assets gzipped: {own_gz / 1000:.0f} KB "
          f"(target <= 400 KB); files downloaded twice (first visit and later stage): {', '.join(twice) or 'none'}")
    print()
    print("| where the bytes go (gzip) | first visit: files | bytes | later stage: files | bytes | bare page |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, _test in BYTE_GROUPS:
        f, lt, b = groups.get(name, (0, 0)), later_groups.get(name, (0, 0)), bare_groups.get(name, (0, 0))
        if f[0] or lt[0] or b[0]:
            print(f"| {name} | {f[0]} | {f[1]:,} | {lt[0]} | {lt[1]:,} | {b[1]:,} |")
    print()
    for thr, apps, bares, reached in results:
        report_setting(thr, apps, bares, reached)
    if shaped:
        report_networks(shaped, net_cpu)
    if phone:
        report_phone(*phone)
    print(f"(the bench took {time.monotonic() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
