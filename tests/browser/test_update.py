"""The service worker's update flow, and the engine snapshot of a new version. Each test
builds its new version into a copy of dist/ with a server of its own (``own_dist``), so the
other tests, in this worker or another, go on with dist/ as it was."""

from __future__ import annotations

import build

from .helpers import wait_ready, new_match, set_settings, stored, hand_cards, moves, press, step, my_turn


def test_new_version_waits_and_a_match_in_progress_survives(new_browser, own_dist):
    app_url, server = own_dist.url, own_dist.server
    b = new_browser(url=app_url)
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
    info = build.build(own_dist.dir, stamp="update-test", quiet=True)
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


SNAPSHOT = """async () => {
  const root = await navigator.storage.getDirectory();
  const file = await (await root.getFileHandle('tapete-snapshot.bin')).getFile();
  const head = JSON.parse(new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer()));
  return { key: head.key, size: head.size, stored: head.stored, body: file.size - 4096 };
}"""


def test_a_new_version_boots_normally_and_makes_its_own_snapshot(new_browser, own_dist):
    """The engine's memory snapshot belongs to one app version: after an update the new
    version does not restore the old one, boots normally, stores its own, and restores from
    that on the next start (docs/app.md, "Fast start")."""
    app_url = own_dist.url
    b = new_browser(url=app_url)
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("() => window.__tapete.snapshot && window.__tapete.snapshot.stored", timeout=60_000)
    old = page.evaluate("() => window.__tapete.version")
    first = page.evaluate(SNAPSHOT)
    assert first["key"].endswith("|" + old) and first["stored"] == first["body"] <= first["size"]
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.__tapete.boot.snapshot.used") is True
    info = build.build(own_dist.dir, stamp="snapshot-test", quiet=True)
    assert info["version"] != old
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update:not([hidden]) #update-reload", timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        press(page, page.locator("#update-reload"))
    wait_ready(page)
    assert page.evaluate("() => window.__tapete.version") == info["version"]
    # the old version's snapshot is not used; the normal boot stores one for this version
    snap = page.evaluate("() => window.__tapete.boot.snapshot")
    assert snap["used"] is False and snap["reason"] == "key", snap
    assert page.evaluate("() => window.__tapete.error") is None
    page.wait_for_function("() => window.__tapete.snapshot && window.__tapete.snapshot.stored",
                           timeout=60_000)
    second = page.evaluate(SNAPSHOT)
    assert second["key"].endswith("|" + info["version"]) and second["key"] != first["key"]
    assert second["stored"] == second["body"] <= second["size"]
    # ... and the next start restores from it
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.__tapete.boot.snapshot.used") is True
    assert page.evaluate("() => window.__tapete.version") == info["version"]
    page.wait_for_selector("#new-cuatrola")
