"""First visit, installability, CSP, offline start, the service worker's update flow."""

from __future__ import annotations

from collections import Counter

import build

from .conftest import answered
from .helpers import wait_ready, new_match, set_settings, stored, hand_cards, moves, press, step, my_turn


# Holds the page's request for the later stage (web/sw-update.js) until the test lets it go
# (window.__releaseLater()), so that what a first visit fetches can be told from what the
# later stage fetches.
HOLD_LATER = """
(() => {
  const post = ServiceWorker.prototype.postMessage;
  let held = null;
  ServiceWorker.prototype.postMessage = function (msg, ...rest) {
    if (msg && msg.type === "cache-later" && !window.__laterReleased) { held = [this, msg, rest]; return; }
    return post.call(this, msg, ...rest);
  };
  window.__laterHeld = () => held !== null;
  window.__releaseLater = () => { window.__laterReleased = true; if (held) post.call(held[0], held[1], ...held[2]); };
})();
"""


def test_first_visit_each_file_once_installable_and_strict(new_browser, app_url, server):
    server.log.clear()
    # Debian's full Chromium, not the headless shell of the other tests: installability is
    # the desktop browser's (the install prompt), and this first visit is the suite's one whole
    # start in it
    b = new_browser(full=True)
    b.context.add_init_script(HOLD_LATER)
    page = b.page()
    page.goto(app_url)
    # the home screen is on screen at once, before Python is ready, with a progress bar
    page.wait_for_selector("#new-cuatrola", timeout=10_000)
    assert page.evaluate("() => window.__tapete.ready") is False
    assert page.locator("#boot[role=progressbar]").count() == 1
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    shipped = {p.relative_to(build.DIST).as_posix() for p in build.DIST.rglob("*") if p.is_file()}
    # the first visit is done (V8's code cache warmed): it asks for the later stage. Until
    # then it fetched every file but the "later" ones (build.LATER), and of those only the
    # catalog of its language
    page.wait_for_function("() => window.__laterHeld()", timeout=60_000)
    first = {p.lstrip("/") or "index.html" for p, status, _n in server.log if status == 200}
    assert first == {p for p in shipped if not build.later(p)} | {"i18n/en.json"}, \
        (first ^ ({p for p in shipped if not build.later(p)} | {"i18n/en.json"}))
    page.evaluate("() => window.__releaseLater()")
    page.wait_for_function("() => window.__tapete.later && window.__tapete.later.state === 'done'",
                           timeout=60_000)
    later = page.evaluate("() => window.__tapete.later")
    assert later["fetched"] == sum(1 for p in shipped if build.later(p)) - 1, later
    # every shipped file crossed the network exactly once (page + service worker together)
    sent = Counter(path for path, status, _n in server.log if status == 200)
    twice = {p: n for p, n in sent.items() if n > 1}
    assert not twice, f"downloaded more than once on a first visit: {twice}"
    fetched = {p.lstrip("/") or "index.html" for p in sent}
    assert shipped <= fetched, shipped - fetched
    assert sum(n for _p, status, n in server.log if status == 200) == sum(
        (build.DIST / p).stat().st_size for p in shipped)
    # installable (a persistent profile: incognito contexts always report "in-incognito")
    cdp = b.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")
    # the CSP, as a meta tag and as the header of the page and of the worker script (asked of
    # the server by its address: Playwright's own requests do not go through the browser's
    # mapping of the app's name to this worker's server)
    served = f"http://127.0.0.1:{server.server_address[1]}/"
    for path in ("", "worker.js", "service-worker.js"):
        res = page.request.get(served + path)
        csp = res.headers["content-security-policy"]
        assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in csp
        assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    meta = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    assert "'unsafe-eval'" not in meta and "default-src 'self'" in meta
    types = {p: page.request.get(served + p).headers["content-type"] for p in
             ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.mjs", "manifest.json")}
    assert types["pyodide/pyodide.asm.wasm"] == "application/wasm"
    assert types["pyodide/pyodide.mjs"].startswith("text/javascript")
    # b.check() (off-origin requests, CSP violations) runs when the fixture closes


def test_python_error_comes_back_readable_and_the_app_goes_on(phone, app_url):
    phone.goto(app_url + "#/")
    wait_ready(phone)
    out = phone.evaluate("""async () => {
      const { engine } = await import('./engine.js');
      let error = null, raw = null;
      try { raw = await engine.callRaw(42); } catch (e) { error = e.kind + ': ' + e.message; }
      const games = await engine.call({ op: 'games' });
      const bad = await engine.call({ op: 'act', match: {}, seat: 0, action: 'x' });
      return { error, raw, ok: games.ok, bad };
    }""")
    # a request that is not JSON text: the facade never raises (issue 13), it answers a
    # readable refusal with a code (before, Python's TypeError came back as the error)
    assert out["error"] is None and out["raw"]["ok"] is False, out
    assert out["raw"]["code"] == "bad_request" and "JSON text" in out["raw"]["error"]
    assert out["ok"] is True
    assert out["bad"]["ok"] is False and out["bad"]["error"]
    # the main thread stays responsive while computer players think (they run in the worker)
    assert phone.evaluate("() => typeof Worker") == "function"


def test_offline_reload_in_the_middle_of_a_hand_resumes_the_position(phone, app_url, server, installed):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="offline-1")
    # a few actions: bid, then a card or two
    for _ in range(3):
        step(phone)
    my_turn(phone)
    snap = {"hand": hand_cards(phone),
            "trick": phone.eval_on_selector_all(".trick .card", "els => els.map(e => e.dataset.card)"),
            "moves": moves(phone), "score": phone.inner_text(".score")}
    rec = stored(phone, mid)
    assert len(rec["match"]["actions"]) == snap["moves"]
    # offline: the server refuses to answer and the browser has no network
    server.offline = True
    installed.context.set_offline(True)
    answered(server)   # answers already on their way are done
    n = len(server.log)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".table .hand button.card", timeout=30_000)
    phone.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) === n",
                            arg=snap["moves"], timeout=30_000)
    assert hand_cards(phone) == snap["hand"]
    assert phone.eval_on_selector_all(".trick .card", "els => els.map(e => e.dataset.card)") == snap["trick"]
    assert phone.inner_text(".score") == snap["score"]
    assert len(server.log) == n, f"served while offline: {server.log[n:]}"
    # and play goes on offline
    step(phone)
    assert len(stored(phone, mid)["match"]["actions"]) > snap["moves"]
