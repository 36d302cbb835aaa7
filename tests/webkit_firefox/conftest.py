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

import fcntl
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build.py)

from .drivers import Firefox, WebKit, WebKitService, missing  # noqa: E402

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
def dist_dir(run_dir):
    """dist/ for this suite alone (the Chromium suite rebuilds ``dist/`` itself): built once
    per run."""
    out = run_dir / "webkit-firefox-dist"
    with open(run_dir / "webkit-firefox-dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "build.json").is_file():
            build.build(out, quiet=True)
    return out


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


@pytest.fixture
def new_profile(browser_kind, request, logdir, server):
    """A factory of browsers in fresh profiles; each is checked for errors and closed."""
    made = []

    def make():
        d = WebKit(request.getfixturevalue("webkit_service")) if browser_kind == "webkit" else Firefox(logdir)
        made.append(d)
        return d

    yield make
    server.offline = False
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:   # what each browser showed when the test failed
        for i, d in enumerate(made):
            path = logdir / f"{request.node.name}-{i}.png".replace("/", "_")
            try:
                d.screenshot(path)
                print(f"{d.name}: the page when the test failed: {path}")
            except Exception as err:  # noqa: BLE001  (a browser already gone: nothing to show)
                print(f"{d.name}: no screenshot ({err})")
    try:
        for d in made:
            errors = d.errors()
            assert not errors, f"{d.name} {d.version}: errors in the page or its worker: {errors}"
    finally:
        for d in made:
            d.close()
