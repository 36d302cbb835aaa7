"""A friend's first visit (issue 15): Python starts at once while the service worker installs,
a deal link shows its table before Python is up, and a download cut short says so, offers a
retry and leaves nothing half-done behind (docs/app.md, "Start-up")."""

from __future__ import annotations

import functools
import socket
import threading

import pytest

import build
from engine.api import handle

from .helpers import hand_cards, make_link, stored, wait_ready

WASM = "/pyodide/pyodide.asm.wasm"


class FaultyHandler(build.DistHandler):
    """``build.py serve``'s handler, with faults per path for these tests only:
    ``server.hold[path]`` (an Event) holds that file's answer until it is set;
    ``server.cut[path] = n`` sends n bytes of the body and drops the connection; with
    ``server.lose_network`` the network is gone from then on (the server answers nothing
    more: ``offline``)."""

    def copyfile(self, source, outputfile):
        path = self.path.split("?")[0].split("#")[0]
        hold = self.server.hold.get(path)
        if hold is not None:
            hold.wait(120)
        cut = self.server.cut.get(path)
        if cut is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        if self.server.lose_network:
            self.server.offline = True
        outputfile.write(data[:cut])
        outputfile.flush()
        self._record("cut", cut)
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


@pytest.fixture
def faulty(dist):
    handler = functools.partial(FaultyHandler, directory=str(build.DIST))
    srv = build.DistServer(("127.0.0.1", 0), handler)
    srv.log, srv.hold, srv.cut, srv.lose_network = [], {}, {}, True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv
    for ev in srv.hold.values():
        ev.set()
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def visitor(faulty, new_browser):
    """A fresh phone profile on the faulty server's origin (a first visit)."""
    url = f"http://127.0.0.1:{faulty.server_address[1]}/"
    return new_browser(url=url), url


# what Cache Storage holds: each tapete cache, whether it is complete (its meta file is
# written last) and how many files it has
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith('tapete-')) continue;
    const c = await caches.open(name);
    out[name] = { complete: !!(await c.match(new URL('__tapete_meta__.json', location.href).href)),
                  files: (await c.keys()).length };
  }
  return out;
}"""

LATER_DONE = "() => window.__tapete.later && window.__tapete.later.state === 'done'"
def later_files() -> list[str]:
    """Every "later" file of the built dist/ (read once the ``dist`` fixture has built it: at
    import time a fresh clone has no dist/, and the list came out empty, the checks on it
    vacuous)."""
    files = sorted(p.relative_to(build.DIST).as_posix() for p in build.DIST.rglob("*")
                   if p.is_file() and build.later(p.relative_to(build.DIST).as_posix()))
    assert files, "no later file in dist/"
    return files

# every "later" file, fetched from the page: {path: HTTP status or the error}
FETCH_ALL = """async (paths) => {
  const out = {};
  for (const p of paths) {
    try { out[p] = (await fetch(p)).status; } catch (err) { out[p] = String(err); }
  }
  return out;
}"""

SNAPSHOT_FILE = """async () => {
  try { await (await navigator.storage.getDirectory()).getFileHandle('tapete-snapshot.bin'); return true; }
  catch { return false; }
}"""


def test_a_deal_link_shows_its_table_before_python_then_the_dealt_cards(visitor, faulty):
    """docs/share-links.md: a friend opens a shared deal on a first visit. The link's table
    and its description (game, seed, rules) are on screen before Python is ready (its wasm
    is held back by the server here), the engine's very deal after."""
    b, url = visitor
    rules = {"end": "target", "target": 5, "quintola": True, "cantes": "first_trick"}
    ans = handle({"op": "new", "game": "cuatrola", "seed": "amiga 1", "rules": rules, "seat": 0})
    assert ans["ok"], ans
    faulty.hold[WASM] = threading.Event()
    page = b.page()
    page.goto(make_link(url, "cuatrola", "amiga 1", ans["match"]["rules"]))
    page.wait_for_selector("#screen[data-preview=link] .table.cuatrola .felt .deal-desc", timeout=15_000)
    assert page.evaluate("() => window.__tapete.ready") is False
    assert "amiga 1" in page.inner_text(".table .tsub")
    desc = page.inner_text(".deal-desc")
    assert "Target score: 5" in desc and "Quintola: yes" in desc, desc
    assert "All at the first trick won" in desc, desc
    assert page.locator(".table .seat.pos-left, .table .seat.pos-top, .table .seat.pos-right").count() == 3
    assert page.locator(".hand button.card").count() == 0      # no card before Python deals
    faulty.hold[WASM].set()
    wait_ready(page)
    page.wait_for_url("**#/play/*", timeout=60_000)
    page.wait_for_selector(".table .hand button.card", timeout=30_000)
    assert hand_cards(page) == ans["view"]["hand"]
    mid = page.url.split("#/play/")[1]
    rec = stored(page, mid)
    assert rec["origin"] == "link" and rec["match"]["seed"] == "amiga 1"
    assert rec["match"]["rules"] == ans["match"]["rules"]


def test_a_two_player_cuarenta_link_draws_two_seats_before_python(visitor, faulty):
    b, url = visitor
    ans = handle({"op": "new", "game": "cuarenta", "seed": "c40 amiga", "rules": {"players": 2}, "seat": 0})
    faulty.hold[WASM] = threading.Event()
    page = b.page()
    page.goto(make_link(url, "cuarenta", "c40 amiga", ans["match"]["rules"]))
    page.wait_for_selector("#screen[data-preview=link] .table.cuarenta.two .deal-desc", timeout=15_000)
    assert page.evaluate("() => window.__tapete.ready") is False
    assert "Players: 2 players" in page.inner_text(".deal-desc")
    assert page.locator(".table .felt .seat").count() == 1
    faulty.hold[WASM].set()
    wait_ready(page)
    page.wait_for_url("**#/play/*", timeout=60_000)
    page.wait_for_function("(n) => document.querySelectorAll('.hand button.card').length === n",
                           arg=len(ans["view"]["hand"]), timeout=30_000)
    assert sorted(hand_cards(page)) == sorted(ans["view"]["hand"])


def test_python_starts_before_the_service_worker_has_finished(visitor, faulty):
    """Python's worker does not wait for the service worker: it has started before the
    service worker takes control (which, on a first visit, is after it has filled its
    cache), and every file still crosses the network once."""
    b, url = visitor
    b.context.add_init_script("""
      window.__controlledAt = null;
      navigator.serviceWorker.addEventListener('controllerchange',
        () => { window.__controlledAt = performance.timeOrigin + performance.now(); });""")
    page = b.page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => window.__controlledAt !== null", timeout=60_000)
    started = page.evaluate("() => window.__tapete.boot.started")
    controlled = page.evaluate("() => window.__controlledAt")
    assert started < controlled, (started, controlled)
    sent = [p for p, status, _n in faulty.log if status == 200]
    assert len(sent) == len(set(sent)), sorted(p for p in set(sent) if sent.count(p) > 1)
    assert WASM in sent
    caches = page.evaluate(CACHES)
    assert len(caches) == 1 and all(c["complete"] for c in caches.values()), caches


def test_a_download_cut_short_says_so_offers_a_retry_and_leaves_nothing_half_done(visitor, faulty):
    """The connection is lost 3 MB into the wasm on a first visit: a clear message with a
    retry, no cache taken as complete and no snapshot; the retry with the network back
    completes normally (Python ready, the app saved for offline use, an offline reload
    works)."""
    b, url = visitor
    faulty.cut[WASM] = 3_000_000
    page = b.page()
    page.goto(url)
    page.wait_for_selector("#boot.failed[role=alert] .boot-retry", timeout=60_000)
    text = page.inner_text("#boot")
    assert "connection was lost" in text, text
    assert page.evaluate("() => window.__tapete.ready") is False
    assert page.evaluate("() => document.documentElement.dataset.engine") == "failed"
    assert (WASM, "cut", 3_000_000) in faulty.log
    # the home screen stays usable meanwhile (home is drawn once its stored matches are read,
    # at most RESUME_WAIT_MS: under a CI run's load the cut download failed sooner than that)
    page.wait_for_selector("#new-cuatrola", timeout=10_000)
    assert page.locator("#new-cuatrola").count() == 1
    # nothing half-filled is kept as complete: once the service worker's install is over (it
    # failed: no worker installing, none waiting or active)
    # (web/app.js keeps how the first install went: window.__tapete.sw)
    page.wait_for_function("() => window.__tapete.sw !== undefined", timeout=60_000)
    assert page.evaluate("() => window.__tapete.sw") == "failed"
    caches = page.evaluate(CACHES)
    assert not any(c["complete"] for c in caches.values()), caches
    assert page.evaluate(SNAPSHOT_FILE) is False
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    # the network comes back; "Try again"
    faulty.cut.clear()
    faulty.offline = False
    with page.expect_navigation(timeout=30_000):
        page.locator("#boot .boot-retry").tap()
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function(LATER_DONE, timeout=60_000)   # (the later stage: docs/app.md)
    caches = page.evaluate(CACHES)
    shipped = sum(1 for p in build.DIST.rglob("*") if p.is_file())
    assert len(caches) == 1, caches
    (only,) = caches.values()
    # every shipped file but the service worker, index.html also as ./, and the meta file
    assert only["complete"] and only["files"] == shipped + 1, (only, shipped)
    ok = page.evaluate("""async () => (await (await import('./engine.js')).engine.call({op: 'games'})).ok""")
    assert ok is True
    page.wait_for_function("() => window.__tapete.snapshot && window.__tapete.snapshot.stored", timeout=60_000)
    # complete: it starts offline
    faulty.offline = True
    b.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.__tapete.boot.snapshot.used") is True
    b.context.set_offline(False)


def test_losing_the_network_while_saving_for_offline_says_so_and_retries(visitor, faulty):
    """Python is up but the service worker cannot finish (a file only it fetches is cut):
    the app says it is not saved for offline play yet, with a retry that completes it."""
    b, url = visitor
    faulty.cut["/screens/help.js"] = 100      # only the service worker fetches it (on a first visit)
    faulty.lose_network = False
    page = b.page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("#boot.failed[role=alert] .boot-retry", timeout=60_000)
    assert "saving itself for offline play" in page.inner_text("#boot")
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    assert not any(c["complete"] for c in page.evaluate(CACHES).values())
    faulty.cut.clear()
    faulty.offline = False
    page.locator("#boot .boot-retry").tap()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    caches = page.evaluate(CACHES)
    assert len(caches) == 1 and all(c["complete"] for c in caches.values()), caches
    page.wait_for_selector("#boot", state="hidden", timeout=10_000)


def test_the_later_stage_fetches_what_a_first_visit_left_out_and_it_works_offline(visitor, faulty):
    """docs/app.md, "What a first visit fetches": once the first visit is done the service
    worker fetches the "later" files (other languages, play together and its QR libraries,
    the review, the replay); then they work with no network: every one of them is served
    from the cache, "Play together" opens and the app switches to another language."""
    b, url = visitor
    page = b.page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(LATER_DONE, timeout=90_000)
    sent = [p.lstrip("/") for p, status, _n in faulty.log if status == 200]
    assert len(sent) == len(set(sent)), sorted(p for p in set(sent) if sent.count(p) > 1)
    assert set(later_files()) <= set(sent)
    faulty.offline = True
    b.context.set_offline(True)
    n = len(faulty.log)
    page.reload()
    wait_ready(page)
    assert set(page.evaluate(FETCH_ALL, later_files()).values()) == {200}
    page.goto(url + "#/together")
    page.wait_for_selector("#screen .page.together", timeout=30_000)
    page.goto(url + "#/join")                       # a connection code made: play together's code
    page.wait_for_selector("#offer-code", timeout=60_000)
    assert page.locator("#screen .error-text").count() == 0
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'de'}))")
    page.goto(url + "#/")
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=30_000)
    assert len(faulty.log) == n, f"served while offline: {faulty.log[n:]}"
    b.context.set_offline(False)


def test_a_later_file_used_before_the_later_stage_is_kept_on_first_use(visitor, faulty):
    """A "later" file the player uses before the later stage has fetched it (here the later
    stage cannot finish: a file of it is cut short) is fetched once, kept, and works offline
    after; the failed stage says nothing on screen, and the next start completes it."""
    b, url = visitor
    faulty.cut["/vendor/jsqr.LICENSE.txt"] = 100
    faulty.lose_network = False
    page = b.page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => window.__tapete.later && window.__tapete.later.state === 'failed'",
                           timeout=90_000)
    assert page.locator("#boot").is_hidden()          # quiet: the app works, nothing to say
    page.goto(url + "#/together")
    page.wait_for_selector("#screen .page.together", timeout=30_000)
    assert page.locator("#screen .error-text").count() == 0
    kept = page.evaluate("""async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('tapete-'));
      return !!(await (await caches.open(name)).match(new URL('screens/together.js', location.href).href));
    }""")
    assert kept is True
    # offline: the screen comes from the cache
    faulty.offline = True
    b.context.set_offline(True)
    page.goto(url + "#/")
    page.reload()
    wait_ready(page)
    page.goto(url + "#/together")
    page.wait_for_selector("#screen .page.together", timeout=30_000)
    assert page.locator("#screen .error-text").count() == 0
    # the network back and the file whole: the later stage completes (the page still open
    # asks again when the network comes back, or the next start does: whichever comes
    # first fetches the file, the other finds nothing missing), each file fetched once
    faulty.cut.clear()
    faulty.offline = False
    b.context.set_offline(False)
    page.goto(url + "#/")
    page.reload()
    wait_ready(page)
    page.wait_for_function(LATER_DONE, timeout=60_000)
    sent = [p for p, status, _n in faulty.log if status == 200]
    assert "/vendor/jsqr.LICENSE.txt" in sent
    assert len(sent) == len(set(sent)), sorted(p for p in set(sent) if sent.count(p) > 1)
    faulty.offline = True
    b.context.set_offline(True)
    assert set(page.evaluate(FETCH_ALL, later_files()).values()) == {200}
    b.context.set_offline(False)
