"""Browser tests of the installable offline app (tests/browser), with Playwright driving
Debian's Chromium (never `playwright install`). .ci/browser-setup.sh installs both.

The browser is Debian's ``chromium-headless-shell`` (``CHROMIUM``): the same Chromium build
without the desktop browser around it, what Playwright itself runs for headless tests. It
costs about a fifth less CPU than the full browser in headless mode (docs/testing.md). A
test whose subject is a part of the browser the shell lacks (a permission prompt: the
camera refused) asks ``new_browser(full=True)`` for Debian's full ``chromium``
(``CHROMIUM_FULL``), as does the PWA's first-visit test (installability).

The app is built once per run (build.py; with xdist, by the first worker that needs it)
and served by each worker from an in-process ThreadingHTTPServer on 127.0.0.1, on a free
port, which the worker's browsers reach as http://tapete.localhost/ (``host_rule``);
``server.offline = True`` makes it refuse to answer (proof of offline use). Every
browser comes from the one factory ``new_browser`` (or the session's ``installed`` phone)
and records requests that leave the app's origin, CSP violations and uncaught page errors;
a test fails on any. A first visit is made once per run (``prepared``) and its profile
copied wherever a first visit is not what a test is about (``new_browser(installed=True)``).
"""

from __future__ import annotations

import collections
import functools
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = os.environ.get("TAPETE_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_FULL = os.environ.get("TAPETE_CHROMIUM_FULL", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"] + os.environ.get("TAPETE_CHROMIUM_FLAGS", "").split()

# Without Chromium or Playwright the browser tests are skipped, unless
# TAPETE_REQUIRE_BROWSER=1 (tools/test.sh, CI): then they fail.
REQUIRED = os.environ.get("TAPETE_REQUIRE_BROWSER") == "1"
try:
    from playwright import sync_api
except ImportError:
    if REQUIRED:
        raise
    pytest.skip("pip install playwright (.ci/browser-setup.sh)", allow_module_level=True)
for _exe in (CHROMIUM, CHROMIUM_FULL):
    if not Path(_exe).exists():
        if REQUIRED:
            raise RuntimeError(f"{_exe} is missing: run .ci/browser-setup.sh")
        pytest.skip(f"{_exe} is missing (.ci/browser-setup.sh installs Debian's chromium and "
                    "chromium-headless-shell)", allow_module_level=True)

import build  # noqa: E402  (the repository's build.py)
from tests.once import locked, run_dir  # noqa: E402

# Watches every page for CSP violations (Playwright's init scripts are not subject to CSP), and
# lets the tests tap a control as soon as it is drawn (web/ui.js, the tap guard: a person cannot
# choose a control in less than 350 ms; a test does).
WATCH = """
window.__csp = [];
window.__tapeteTapFreshMs = 0;   // tests tap faster than a person: the tap guard's 350 ms is off
                                 // (its own tests in test_tap_guard.py switch it back on)
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
});
// every request the page sends to the engine's worker, in order ("act 7S", "bot", "view"):
// what a test reads to know that something did not happen (tests/browser/waits.py)
window.__engineLog = [];
if (typeof Worker === 'function') {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (msg && msg.type === 'call' && typeof msg.json === 'string' && window.__engineLog.length < 5000) {
      const op = /"op":"(\\w+)"/.exec(msg.json), action = /"action":"([^"]*)"/.exec(msg.json);
      window.__engineLog.push((op ? op[1] : '?') + (action ? ' ' + action[1] : ''));
    }
    return post.call(this, msg, ...rest);
  };
}
"""


# ---------------------------------------------------------------------------- the app
# (dist/ is built once per run: tests/conftest.py's ``dist``, tests/once.py)


class AppHandler(build.DistHandler):
    """``build.py serve``'s handler; ``server.extra`` ({path: (type, text)}) serves files
    that are not in dist/, for one test at a time (this worker's server only), and
    ``server.in_flight`` counts the requests being answered (``answered``)."""

    def parse_request(self):
        ok = super().parse_request()
        if ok:
            with self.server.quiet:
                self.server.in_flight += 1
            self._counted = True
        return ok

    def handle_one_request(self):
        self._counted = False
        try:
            super().handle_one_request()
        finally:
            if self._counted:
                with self.server.quiet:
                    self.server.in_flight -= 1
                    self.server.quiet.notify_all()

    def send_head(self):
        extra = getattr(self.server, "extra", None) or {}
        path = self.path.split("?")[0].split("#")[0]
        if path in extra:
            kind, text = extra[path]
            body = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


def serve(directory: Path) -> build.DistServer:
    """``directory`` served on 127.0.0.1 on a free port (each xdist worker has its own)."""
    handler = functools.partial(AppHandler, directory=str(directory))
    srv = build.DistServer(("127.0.0.1", 0), handler)
    srv.log, srv.extra = [], {}
    srv.in_flight, srv.quiet = 0, threading.Condition()
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def answered(srv: build.DistServer, timeout: float = 30) -> None:
    """Until ``srv`` is answering no request: with ``srv.offline`` set it takes no new one, so
    every answer already on its way has gone (its log is then final)."""
    with srv.quiet:
        assert srv.quiet.wait_for(lambda: srv.in_flight == 0, timeout), f"{srv.in_flight} requests still answered"


def stop(srv: build.DistServer) -> None:
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def server(dist):
    srv = serve(build.DIST)
    yield srv
    stop(srv)


#: The app's origin in every worker's browsers: Chromium maps this name to the worker's own
#: server (``host_rule``), so one installed profile serves every worker (a profile belongs
#: to its origin). A ``*.localhost`` name is a secure context, as 127.0.0.1 is.
APP_HOST = "tapete.localhost"


@pytest.fixture(scope="session")
def app_url(server):
    return f"http://{APP_HOST}/"


def host_rule(server: build.DistServer) -> str:
    """The Chromium flag that sends ``APP_HOST`` (any port) to ``server``."""
    return f"--host-resolver-rules=MAP {APP_HOST} 127.0.0.1:{server.server_address[1]}"


class OwnDist(NamedTuple):
    dir: Path
    server: build.DistServer
    url: str


@pytest.fixture
def own_dist(dist, tmp_path):
    """A private copy of dist/ served by a server of its own, for a test that builds a new
    version into it (``build.build(own_dist.dir, stamp=...)``) while other tests go on
    with dist/: (directory, server, url)."""
    d = tmp_path / "dist"
    shutil.copytree(build.DIST, d)
    srv = serve(d)
    yield OwnDist(d, srv, f"http://127.0.0.1:{srv.server_address[1]}/")
    stop(srv)


@pytest.fixture(scope="session")
def pw():
    p = sync_api.sync_playwright().start()
    yield p
    p.stop()


def phone_options(pw, **extra):
    dev = dict(pw.devices["Pixel 7"])
    dev.pop("default_browser_type", None)
    dev.setdefault("locale", "en-US")
    dev.update(extra)
    return dev


# ---------------------------------------------------------------------------- browsers
#: The browsers open now (the session's phone and each test's), for a failed test's report.
LIVE: "weakref.WeakSet[Browser]" = weakref.WeakSet()
#: Console lines kept per browser for that report.
CONSOLE_TAIL = 40
#: What a failed test's report shows of each page: its address, screen and open dialogs.
PAGE_STATE = """() => ({
  screen: document.body && document.body.dataset.screen,
  engine: document.documentElement.dataset.engine,
  dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id || d.className),
  toast: [...document.querySelectorAll('.toast')].map((e) => e.textContent.slice(0, 80)),
  // playing together: what each code box and the guest's wait say (a connection that never
  // opened tells why here)
  status: [...document.querySelectorAll('.code-status, .seat-state, .error-text')]
    .map((e) => e.textContent.slice(0, 80)).filter(Boolean),
})"""


# web/i18n.js `t` warns so when a text's key is missing: the page then shows the key itself
MISSING_KEY = "i18n: missing key"


class Browser:
    """A persistent Chromium profile (installability needs one) with request and CSP guards.
    ``profile`` (a closed profile's directory) is copied to start from; ``args`` are Chromium
    flags beyond ``ARGS``."""

    def __init__(self, pw, app_url, options, args=(), profile: Path | None = None, executable: str = CHROMIUM):
        self.dir = tempfile.mkdtemp(prefix="tapete-profile-")
        if profile is not None:
            shutil.copytree(profile, self.dir, symlinks=True, dirs_exist_ok=True)
        self.app_url = app_url
        self.off_origin: list[str] = []
        self.console_errors: list[str] = []
        self.missing_keys: list[str] = []
        self.page_errors: list[str] = []
        self.console: collections.deque[str] = collections.deque(maxlen=CONSOLE_TAIL)
        self.context = pw.chromium.launch_persistent_context(
            self.dir, executable_path=executable, args=ARGS + list(args), headless=True,
            service_workers="allow", **options)
        self.context.add_init_script(WATCH)
        self.context.on("request", self._request)
        self.context.on("page", self._watch_page)
        for p in self.context.pages:
            self._watch_page(p)
        LIVE.add(self)

    def _request(self, req):
        url = req.url
        if not (url.startswith(self.app_url) or url.startswith("data:") or url.startswith("blob:")
                or url.startswith("about:")):
            self.off_origin.append(url)

    def _watch_page(self, page):
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("console", self._console)

    def _console(self, m):
        self.console.append(f"{time.strftime('%H:%M:%S')} {m.type}: {m.text[:300]}")
        if m.type == "error" or "Content Security Policy" in m.text:
            self.console_errors.append(m.text)
        if m.text.startswith(MISSING_KEY):
            self.missing_keys.append(m.text[len(MISSING_KEY):].strip())

    def report(self) -> str:
        """What a failed test's report shows of this browser: each page's address and state,
        then the console's last lines."""
        lines = [f"profile {self.dir}"]
        for p in self.context.pages:
            try:
                state = p.evaluate(PAGE_STATE)
            except Exception as e:  # a page gone or busy: say so, the report goes on
                state = f"(not read: {type(e).__name__})"
            lines.append(f"  page {p.url} {state}")
        lines += [f"  {line}" for line in self.console]
        return "\n".join(lines)

    def page(self):
        pages = self.context.pages
        return pages[0] if pages else self.context.new_page()

    def check(self):
        assert not self.off_origin, f"requests left the app's origin: {self.off_origin}"
        assert not self.page_errors, f"uncaught errors in the page: {self.page_errors}"
        missing, self.missing_keys = self.missing_keys, []   # said once, by the test that made them
        assert not missing, f"texts looked up under keys no catalog has (web/i18n.js t): {missing}"
        csp = [m for m in self.console_errors if "Content Security Policy" in m]
        assert not csp, f"CSP violations: {csp}"
        for p in self.context.pages:
            try:
                v = p.evaluate("window.__csp || []")
            except Exception:
                continue
            assert not v, f"CSP violations: {v}"

    def close(self):
        LIVE.discard(self)
        try:
            self.context.close()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def processes_of(browser: Browser) -> list[int]:
    """Pids of the Chromium processes of this browser's profile (its own user-data-dir)."""
    mark = f"--user-data-dir={browser.dir}".encode()
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if mark in args:
            pids.append(int(proc.name))
    return pids


def first_visit(b: Browser, url: str):
    """A first visit that completes the install: the engine ready, the service worker in
    control and the engine's memory snapshot stored. Returns the page."""
    page = b.page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("() => window.__tapete.snapshot && window.__tapete.snapshot.stored",
                           timeout=60_000)
    return page


def _prepare(pw, app_url, server) -> Path:
    b = Browser(pw, app_url, phone_options(pw), args=[host_rule(server)])
    first_visit(b, app_url)
    b.check()
    b.context.close()
    return Path(b.dir)


@pytest.fixture(scope="session")
def prepared(pw, app_url, server, tmp_path_factory):
    """A closed phone profile after one first visit: the app installed (service worker
    active, every file cached, the engine's memory snapshot stored), no setting changed.
    ``new_browser(installed=True)`` starts from a copy of it. Made once per run: by the
    first xdist worker that needs it (the others wait on a lock, then copy it too)."""
    shared = run_dir(tmp_path_factory)
    if shared is None:
        made = _prepare(pw, app_url, server)
        yield made
        shutil.rmtree(made, ignore_errors=True)
        return
    with locked(shared / "prepared.lock"):
        profile = shared / "prepared-profile"
        if not (shared / "prepared.done").is_file():
            made = _prepare(pw, app_url, server)
            shutil.rmtree(profile, ignore_errors=True)
            shutil.copytree(made, profile, symlinks=True)
            shutil.rmtree(made, ignore_errors=True)
            (shared / "prepared.done").write_text(str(profile))
    yield profile


@pytest.fixture
def new_browser(pw, app_url, server, request):
    """The one browser factory: ``new_browser(phone=True, installed=False, args=(), url=None,
    full=False, **options)`` launches Chromium in a profile of its own, checked and closed
    after the test; ``full=True`` is Debian's full Chromium instead of the headless shell.

    A fresh profile is a first visit; ``installed=True`` copies the prepared profile (the app
    already installed: for tests whose subject is not a first visit). ``phone=False`` is a
    desktop window; ``args`` adds Chromium flags; ``url`` is the origin the guards allow (a
    test's own server). ``new_browser.kill(b)`` ends a browser's processes at once (SIGKILL,
    by pid): a phone that vanishes with no goodbye."""
    made = []

    def make(phone=True, installed=False, args=(), url=None, full=False, **options):
        opts = phone_options(pw, **options) if phone else {"locale": "en-US", **options}
        profile = request.getfixturevalue("prepared") if installed else None
        b = Browser(pw, url or app_url, opts, args=[host_rule(server), *args], profile=profile,
                    executable=CHROMIUM_FULL if full else CHROMIUM)
        made.append(b)
        return b

    def kill(b: Browser):
        made.remove(b)
        for _ in range(50):
            pids = processes_of(b)
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        assert not processes_of(b), "the browser's processes did not end"
        shutil.rmtree(b.dir, ignore_errors=True)

    make.kill = kill
    yield make
    try:
        for b in made:
            b.check()
    finally:
        for b in made:
            b.close()


@pytest.fixture(scope="session")
def installed(pw, app_url, server, prepared):
    """One phone profile that has installed the app (service worker active, speed instant),
    shared by this worker's ``phone`` tests: a copy of the prepared profile."""
    b = Browser(pw, app_url, phone_options(pw), args=[host_rule(server)], profile=prepared)
    page = b.page()
    page.goto(app_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    yield b
    b.check()
    b.close()


# <html> as the app leaves it at start with the settings {lang: en, speed: instant}
AT_DEFAULTS = """() => { const d = document.documentElement;
  return d.lang === 'en' && d.dataset.motion === 'on'
    && ['theme', 'suits', 'indices', 'hand', 'cardSize'].every((k) => !(k in d.dataset)); }"""


@pytest.fixture
def phone(installed, server):
    """The installed profile's page, at home, online, after a check for stray requests."""
    server.offline = False
    installed.context.set_offline(False)
    page = installed.page()
    for extra in installed.context.pages[1:]:
        extra.close()
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    # the app applies the language, the look and the motion when it starts: a page left with
    # another test's (a reload after new settings, or none) starts again with these
    if page.evaluate(AT_DEFAULTS) is not True or "#/" not in page.url:
        page.goto(installed.app_url + "#/")
        page.reload()
        page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    else:
        page.goto(installed.app_url + "#/")   # leaves the previous screen and its dialogs
        page.wait_for_selector("#new-cuatrola")
    yield page
    server.offline = False
    installed.context.set_offline(False)
    installed.check()


#: The words that a feature adds to the UI catalog when it loads: the lessons', and those of
#: keeping the app and its data (the install offer, the note on Safari's storage, the backup).
FEATURE_WORDS = (("lessons", "i18n"), ("keeping", "i18n"))


def read_catalog(lang: str) -> dict:
    """The UI catalog of ``lang`` with the words the features add to it when they load
    (``FEATURE_WORDS``), so that every catalog check covers them too."""
    cat = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
    for parts in FEATURE_WORDS:
        words = json.loads(ROOT.joinpath("web", *parts, f"{lang}.json").read_text())
        assert not set(cat) & set(words), f"a key of web/{'/'.join(parts)}/ in the UI catalog"
        cat = {**cat, **words}
    return cat


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report shows every open browser's pages and console tail (a
    flake under load is then read from the report, not guessed)."""
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call" and rep.failed:
        for i, b in enumerate(list(LIVE)):
            try:
                rep.sections.append((f"browser {i}", b.report()))
            except Exception as e:  # the report never hides the failure itself
                rep.sections.append((f"browser {i}", f"(no report: {e!r})"))
