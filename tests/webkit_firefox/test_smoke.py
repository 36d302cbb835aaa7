"""The app in WebKit and in Firefox (issue 31): a first visit and Python ready, a hand of each
game by taps, a reload that resumes exactly, an offline reload, a share link in a fresh
profile, and no error in any page or in Python's worker (conftest.py checks every profile)."""

from __future__ import annotations

from engine.api import handle

from tests.browser.helpers import make_link

from .play import TABLE, new_match, play, play_to_hand_end, resumed, stored, table_when_stored, wait_ready

SETTINGS = "localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))"
LINK_RULES = {"end": "target", "target": 5, "quintola": True, "cantes": "first_trick"}


def test_first_visit_a_hand_of_each_game_reload_and_offline_reload(new_profile, app_url, server):
    d = new_profile()
    # first visit: the home screen, Python ready, the service worker in control (installed)
    d.goto(app_url)
    d.wait_for("!!document.querySelector('#new-cuatrola')", what="the home screen")
    wait_ready(d)
    d.wait_for("navigator.serviceWorker.controller !== null", what="the service worker in control")
    assert d.eval("window.__tapete.swFirstVisit") is True
    d.eval(SETTINGS)   # the computer players move at once

    # Cuatrola by taps: a bid and two cards, a reload that resumes exactly, the hand to its end
    mid = new_match(d, "#new-cuatrola", "webkit-firefox-1")
    assert play(d, 3) == 3
    before = table_when_stored(d, mid)
    d.reload()
    after = resumed(d, before)
    assert after == before, f"{d.name}: the reload did not resume the position"
    hand = play_to_hand_end(d, mid)
    assert sum(hand["points"]) > 0, hand

    # Cuarenta for 4 by taps; an offline reload (the server refuses to answer: the service
    # worker serves the app, Python starts from its cache) resumes exactly; the hand ends offline
    d.goto(app_url + "#/")
    mid = new_match(d, "#new-cuarenta-4", "webkit-firefox-2")
    assert stored(d, mid)["match"]["rules"]["players"] == 4
    assert play(d, 3) == 3
    before = table_when_stored(d, mid)
    server.offline = True
    d.reload()
    after = resumed(d, before)
    assert after == before, f"{d.name}: the offline reload did not resume the position"
    play_to_hand_end(d, mid)
    assert d.eval("window.__tapete.ready") is True


def test_share_link_in_a_fresh_profile_and_errors_are_reported(new_profile, app_url):
    ans = handle({"op": "new", "game": "cuatrola", "seed": "enlace 31", "rules": LINK_RULES, "seat": 0})
    assert ans["ok"], ans
    view = ans["view"]
    d = new_profile()
    d.goto(make_link(app_url, "cuatrola", "enlace 31", ans["match"]["rules"]))
    wait_ready(d)
    route = d.wait_for(f"location.hash.startsWith('#/play/') && document.querySelectorAll("
                       f"'.hand button.card').length === {len(view['hand'])} && location.hash",
                       what="the linked deal's table")
    assert d.eval("window.__tapete.swFirstVisit") is True, "not a fresh profile"
    assert d.eval(TABLE)["hand"] == view["hand"]
    assert d.eval("document.querySelector('.trump-box .card').dataset.card") == view["trump_card"]
    rec = stored(d, route.split("#/play/")[1])
    assert rec["origin"] == "link" and rec["match"]["seed"] == "enlace 31"
    assert rec["match"]["rules"] == ans["match"]["rules"]

    # the errors this suite fails on reach it in this browser: one thrown, one rejection
    # unhandled, and the Python worker's error events (dispatched: the worker itself is fine)
    d.eval("""(async () => {
      setTimeout(() => { throw new Error('probe thrown'); }, 0);
      Promise.reject(new Error('probe rejected'));
      const { engine } = await import('./engine.js');
      engine.worker.dispatchEvent(new MessageEvent('messageerror'));
      engine.worker.dispatchEvent(new ErrorEvent('error', { message: 'probe worker' }));
      return true;
    })()""")
    d.wait_for("(window.__tapeteErrors || []).length >= 4", what="the probes reported")
    errors = d.take_errors()
    for probe in ("error: probe thrown", "unhandledrejection: probe rejected",
                  "worker messageerror: ", "worker: probe worker"):
        assert any(e.startswith(probe) for e in errors), (probe, errors)
