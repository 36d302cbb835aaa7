"""The smoke suite in WebKit (WebKitGTK's MiniBrowser) and Firefox ESR: see drivers.py for the
drivers and docs/app.md ("Tests in WebKit and Firefox") for how to run it.

Each test runs once per browser (``browser_kind``: "webkit", "firefox"; test ids "webkitgtk",
"firefox-esr"). The app is built once per run into a directory of its own (xdist workers
share it: the first builds, under a file lock) and served by each test process from an
in-process server on a free port; ``server.offline = True`` makes it refuse to answer. ``new_profile()`` opens the browser in a new, empty profile;
when the test ends, every error its pages reported fails it (drivers.py: the app's
``window.__tapeteErrors`` and, in Firefox, ``pageerror`` events), then the browser is closed.

Without a browser (.ci/webkit-firefox-setup.sh installs both) its tests are skipped, unless
TAPETE_REQUIRE_BROWSER=1 (tools/test.sh, CI): then they fail.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build.py)

from engine.api import handle  # noqa: E402

from tests.browser.helpers import make_link  # noqa: E402

from .drivers import Firefox, WebKit, WebKitService, missing  # noqa: E402
from .play import BOOT_TIMEOUT, wait_ready  # noqa: E402

REQUIRED = os.environ.get("TAPETE_REQUIRE_BROWSER") == "1"
# test ids "webkitgtk" and "firefox-esr": ``-k webkitgtk`` picks one (``-k firefox`` would also
# match this folder's name)
BROWSERS = (pytest.param("webkit", id="webkitgtk"), pytest.param("firefox", id="firefox-esr"))


@pytest.fixture(scope="session")
def run_dir(tmp_path_factory):
    """A directory of this run that xdist's workers share (their base is one level down)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def dist_dir(dist):
    """dist/, built once per run (tests/conftest.py ``dist``: the Chromium tests' build)."""
    return build.DIST


@pytest.fixture(scope="session")
def server(dist_dir):
    srv = build.serve_in_thread(dist_dir, log=[])
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def app_url(server):
    return f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def logdir(tmp_path_factory):
    return tmp_path_factory.mktemp("browser-logs")


@pytest.fixture(scope="session")
def webkit_service(logdir):
    service = WebKitService(logdir)
    yield service
    service.stop()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """The call's report kept on the test (``new_profile`` takes a screenshot when it failed)."""
    report = yield
    if report.when == "call":
        item.rep_call = report
    return report


@pytest.fixture(params=BROWSERS)
def browser_kind(request):
    name = request.param
    lacking = missing(name)
    if lacking:
        message = f"{name}: missing {', '.join(lacking)} (run .ci/webkit-firefox-setup.sh)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    return name


def _open(kind, request, logdir):
    return WebKit(request.getfixturevalue("webkit_service")) if kind == "webkit" else Firefox(logdir)


def _after_test(request, logdir, server, browsers) -> None:
    """When a test ends: the server online again; what each browser showed if the test failed
    (a screenshot); every error its pages reported fails it (and is not reported again)."""
    server.offline = False
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:   # what each browser showed when the test failed
        for i, d in enumerate(browsers):
            path = logdir / f"{request.node.name}-{i}.png".replace("/", "_")
            try:
                d.screenshot(path)
                print(f"{d.name}: the page when the test failed: {path}")
            except Exception as err:  # noqa: BLE001  (a browser already gone: nothing to show)
                print(f"{d.name}: no screenshot ({err})")
    errors = [(d, d.take_errors()) for d in browsers]
    for d, seen in errors:
        assert not seen, f"{d.name} {d.version}: errors in the page or its worker: {seen}"


@pytest.fixture
def new_profile(browser_kind, request, logdir, server):
    """A factory of browsers in fresh profiles; each is checked for errors and closed."""
    made = []

    def make():
        d = _open(browser_kind, request, logdir)
        made.append(d)
        return d

    yield make
    try:
        _after_test(request, logdir, server, made)
    finally:
        for d in made:
            d.close()


#: The share link of the first visit every test of this folder starts from (``visited``).
LINK_SEED = "enlace 31"
LINK_RULES = {"end": "target", "target": 5, "quintola": True, "cantes": "first_trick"}


class Visit(NamedTuple):
    """A browser after its first visit (``visited``): the driver, the engine's deal of the link
    (CPython: ``view`` of seat 0), and what the first visit left: ``route`` (the linked deal's
    table), ``sw_first`` (the service worker's first visit), ``snapshot`` (how that first
    Python start went: ``boot.snapshot``) and ``stored`` (the snapshot it then stored)."""
    d: object
    view: dict
    route: str
    sw_first: object
    snapshot: dict
    stored: dict
    started: float


@pytest.fixture(scope="session")
def first_visits():
    """The browsers of this run that made ``visited``'s first visit, by kind: one each,
    closed at the session's end."""
    made: dict[str, Visit] = {}
    yield made
    for v in made.values():
        v.d.close()


@pytest.fixture
def visited(browser_kind, first_visits, request, logdir, server, app_url):
    """One fresh profile per browser and run, shared by this folder's tests (a first visit
    in WebKit is a full Python start, about a minute on a loaded machine: it was paid by each
    test): the first test that asks opens the app there by a share link (the deal CPython's
    engine deals, Python ready, the service worker in control, the engine's snapshot stored),
    and every test gets it as that visit left it, or as the tests before left it."""
    if browser_kind not in first_visits:
        ans = handle({"op": "new", "game": "cuatrola", "seed": LINK_SEED, "rules": LINK_RULES, "seat": 0})
        assert ans["ok"], ans
        started = time.monotonic()
        d = _open(browser_kind, request, logdir)
        d.goto(make_link(app_url, "cuatrola", LINK_SEED, ans["match"]["rules"]))
        wait_ready(d)
        route = d.wait_for(f"location.hash.startsWith('#/play/') && document.querySelectorAll("
                           f"'.hand button.card').length === {len(ans['view']['hand'])} && location.hash",
                           what="the linked deal's table")
        sw_first = d.eval("window.__tapete.swFirstVisit")
        snapshot = d.eval("window.__tapete.boot.snapshot")
        d.wait_for("navigator.serviceWorker.controller !== null", what="the service worker in control")
        stored_snap = d.wait_for("window.__tapete.snapshot", BOOT_TIMEOUT, what="the snapshot stored")
        first_visits[browser_kind] = Visit(d, ans["view"], route, sw_first, snapshot, stored_snap, started)
    visit = first_visits[browser_kind]
    yield visit
    _after_test(request, logdir, server, [visit.d])
