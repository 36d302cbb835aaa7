"""Browser tests of the installable offline app (tests/browser), with Playwright driving
Debian's Chromium (/usr/bin/chromium; never `playwright install`). .ci/browser-setup.sh
installs both.

The app is built once (build.py) and served from an in-process ThreadingHTTPServer on
127.0.0.1; ``server.offline = True`` makes it refuse to answer (proof of offline use).
Every browser context records requests that leave the app's origin and CSP violations;
a test fails on any.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = os.environ.get("TAPETE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]

# Without Chromium or Playwright the browser tests are skipped, unless
# TAPETE_REQUIRE_BROWSER=1 (tools/test.sh, CI): then they fail.
REQUIRED = os.environ.get("TAPETE_REQUIRE_BROWSER") == "1"
try:
    from playwright import sync_api
except ImportError:
    if REQUIRED:
        raise
    pytest.skip("pip install playwright (.ci/browser-setup.sh)", allow_module_level=True)
if not Path(CHROMIUM).exists():
    if REQUIRED:
        raise RuntimeError(f"{CHROMIUM} is missing: run .ci/browser-setup.sh")
    pytest.skip(f"{CHROMIUM} is missing (.ci/browser-setup.sh installs Debian's chromium)",
                allow_module_level=True)

import build  # noqa: E402  (the repository's build.py)

# Watches every page for CSP violations (Playwright's init scripts are not subject to CSP), and
# lets the tests tap a control as soon as it is drawn (web/ui.js, the tap guard: a person cannot
# choose a control in less than 350 ms; a test does).
WATCH = """
window.__csp = [];
window.__tapeteTapFreshMs = 0;   // tests tap faster than a person: the tap guard's 350 ms is off
                                 // (its own tests in test_table_polish.py switch it back on)
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


@pytest.fixture(scope="session")
def dist():
    info = build.build(quiet=True)
    return info


@pytest.fixture(scope="session")
def server(dist):
    srv = build.serve_in_thread(build.DIST, log=[])
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def app_url(server):
    return f"http://127.0.0.1:{server.server_address[1]}/"


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


class Browser:
    """A persistent Chromium profile (installability needs one) with request and CSP guards."""

    def __init__(self, pw, app_url, options):
        self.dir = tempfile.mkdtemp(prefix="tapete-profile-")
        self.app_url = app_url
        self.off_origin: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.context = pw.chromium.launch_persistent_context(
            self.dir, executable_path=CHROMIUM, args=ARGS, headless=True,
            service_workers="allow", **options)
        self.context.add_init_script(WATCH)
        self.context.on("request", self._request)
        self.context.on("page", self._watch_page)
        for p in self.context.pages:
            self._watch_page(p)

    def _request(self, req):
        url = req.url
        if not (url.startswith(self.app_url) or url.startswith("data:") or url.startswith("blob:")
                or url.startswith("about:")):
            self.off_origin.append(url)

    def _watch_page(self, page):
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("console", lambda m: self.console_errors.append(m.text)
                if m.type == "error" or "Content Security Policy" in m.text else None)

    def page(self):
        pages = self.context.pages
        return pages[0] if pages else self.context.new_page()

    def check(self):
        assert not self.off_origin, f"requests left the app's origin: {self.off_origin}"
        assert not self.page_errors, f"uncaught errors in the page: {self.page_errors}"
        csp = [m for m in self.console_errors if "Content Security Policy" in m]
        assert not csp, f"CSP violations: {csp}"
        for p in self.context.pages:
            try:
                v = p.evaluate("window.__csp || []")
            except Exception:
                continue
            assert not v, f"CSP violations: {v}"

    def close(self):
        try:
            self.context.close()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def new_browser(pw, app_url):
    """A factory of fresh profiles (first visits); each is checked and closed after the test."""
    made = []

    def make(phone=True, **options):
        opts = phone_options(pw, **options) if phone else {"locale": "en-US", **options}
        b = Browser(pw, app_url, opts)
        made.append(b)
        return b

    yield make
    try:
        for b in made:
            b.check()
    finally:
        for b in made:
            b.close()


@pytest.fixture(scope="session")
def installed(pw, app_url):
    """One phone profile that has installed the app (service worker active, speed instant)."""
    b = Browser(pw, app_url, phone_options(pw))
    page = b.page()
    page.goto(app_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    yield b
    b.check()
    b.close()


@pytest.fixture
def phone(installed, server):
    """The installed profile's page, at home, online, after a check for stray requests."""
    server.offline = False
    installed.context.set_offline(False)
    page = installed.page()
    for extra in installed.context.pages[1:]:
        extra.close()
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    if page.evaluate("document.documentElement.lang") != "en" or "#/" not in page.url:
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


def read_catalog(lang: str) -> dict:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
