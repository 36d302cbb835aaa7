"""The service worker's update flow (runs last: it rebuilds dist/ with a new version)."""

from __future__ import annotations

import build

from .helpers import wait_ready, new_match, set_settings, stored, hand_cards, moves, press, step, my_turn


def test_new_version_waits_and_a_match_in_progress_survives(new_browser, app_url, server):
    b = new_browser()
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    set_settings(page, speed="instant", lang="en")
    old = page.evaluate("() => window.__tapete.version")
    mid = new_match(page, app_url, "cuatrola", {}, seed="update-1")
    step(page)
    my_turn(page)
    hand = hand_cards(page)
    n_moves = moves(page)
    try:
        info = build.build(stamp="update-test", quiet=True)
        assert info["version"] != old
        server.log.clear()
        page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update:not([hidden]) #update-reload", timeout=60_000)
        # only what changed was downloaded again (build.json, the service worker itself)
        again = {p for p, status, _ in server.log if status == 200}
        assert "/pyodide/pyodide.asm.wasm" not in again, again
        # the old version keeps running until the player chooses to reload
        assert page.evaluate("() => window.__tapete.version") == old
        with page.expect_navigation(timeout=60_000):
            press(page, page.locator("#update-reload"))
        wait_ready(page)
        assert page.evaluate("() => window.__tapete.version") == info["version"]
        page.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) === n",
                               arg=n_moves, timeout=30_000)
        assert hand_cards(page) == hand
        assert len(stored(page, mid)["match"]["actions"]) == n_moves
    finally:
        build.build(quiet=True)
