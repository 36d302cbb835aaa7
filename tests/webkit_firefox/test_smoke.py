"""The app in WebKit and in Firefox (issue 31), one test per browser, as short as it can be: a
Python start is the slow part there, so the browser's one fresh profile of the run
(conftest.py ``visited``: a share link on a first visit) does everything with two starts
more (a reload, an offline reload), and no error may show in any page or in Python's worker
(conftest.py checks the profile when each test ends). test_webkit_snapshot.py goes on in
WebKit's profile after this test."""

from __future__ import annotations

import pytest

from engine.api import handle

from .conftest import LINK_RULES, LINK_SEED
from .play import (TABLE, Laps, new_match, play, play_to_hand_end, resumed, stored, table_when_stored)

# both browsers on one xdist worker, one after the other (and WebKit's snapshot test after
# them, in the same profile), so that their Python starts do not run at once beside the
# Chromium workers: in a parallel run on a loaded machine (load average 17-32) WebKit waited
# past its 180 s for Python
pytestmark = pytest.mark.xdist_group("webkit-firefox")

SETTINGS = "localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))"


def test_link_first_visit_a_hand_of_each_game_reload_offline_reload(visited, app_url, server):
    d, view = visited.d, visited.view
    lap = Laps(d, visited.started)

    # a share link on a first visit, in a fresh profile: the deal CPython's engine deals,
    # Python ready, the service worker in control (the app installed)
    if d.eval("location.hash") != visited.route:   # (a test before this one went elsewhere)
        d.goto(app_url + visited.route)
    assert visited.sw_first is True, "not a fresh profile"
    d.wait_for(f"document.querySelectorAll('.hand button.card').length === {len(view['hand'])}",
               what="the linked deal's table")
    assert d.eval(TABLE)["hand"] == view["hand"]
    assert d.eval("document.querySelector('.trump-box .card').dataset.card") == view["trump_card"]
    mid = visited.route.split("#/play/")[1]
    rec = stored(d, mid)
    assert rec["origin"] == "link" and rec["match"]["seed"] == LINK_SEED
    assert rec["match"]["rules"] == handle({"op": "new", "game": "cuatrola", "seed": LINK_SEED, "rules": LINK_RULES,
                                            "seat": 0})["match"]["rules"]
    d.eval(SETTINGS)   # the computer players move at once
    lap("first visit by a share link", boot=True)

    # that Cuatrola hand by taps: a bid and two cards, a reload that resumes exactly, then
    # on to the hand's end
    assert play(d, 3) == 3
    before = table_when_stored(d, mid)
    lap("Cuatrola: 3 taps")
    d.reload()
    after = resumed(d, before)
    assert after == before, f"{d.name}: the reload did not resume the position"
    lap("reload", boot=True)
    hand = play_to_hand_end(d, mid)
    assert sum(hand["points"]) > 0, hand
    lap("to the hand's end")

    # Cuarenta for 4 from the home screen by taps; an offline reload (the server refuses to
    # answer: the service worker serves the app, Python starts from its cache) resumes
    # exactly; the hand is played to its end offline
    d.goto(app_url + "#/")
    mid = new_match(d, "#new-cuarenta-4", "webkit-firefox-2")
    assert stored(d, mid)["match"]["rules"]["players"] == 4
    assert play(d, 3) == 3
    before = table_when_stored(d, mid)
    lap("Cuarenta: 3 taps")
    server.offline = True
    d.reload()
    after = resumed(d, before)
    assert after == before, f"{d.name}: the offline reload did not resume the position"
    lap("offline reload", boot=True)
    play_to_hand_end(d, mid)
    lap("to the hand's end")

    # the errors this suite fails on reach it in this browser: one thrown, one rejection
    # unhandled, and the Python worker's error events (dispatched: the worker itself is fine)
    assert not d.errors(), d.errors()
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
    lap.report()
