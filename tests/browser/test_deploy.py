"""dist/ published as it is under a sub-path of a plain static host (issue 38, docs/deploy.md):
Python's own http.server (plain_host.py: no header of ours, no CSP header, no cache rules) at
/tapete/, as GitHub Pages serves a project site. In Debian's full Chromium (its install prompt):
a first visit, the service worker in control with the sub-path's scope, the manifest's id the
sub-path's, Chromium's installability check empty, the install button shown, used and gone;
a deal link and an invitation link made there carry the sub-path and open in a fresh profile;
the lessons and a reload offline; a new version published there reaching the open app; no
request outside the sub-path (the profile's guard: every request must start with its URL,
and the host's log). The same in Firefox: tests/webkit_firefox/test_deploy.py."""

from __future__ import annotations

import pytest

import build
from engine.api import handle

from .helpers import hand_cards, new_match, press, set_settings, wait_ready
from .invite_helpers import SHARE, invitation_link
from .plain_host import outside, plain_host
from .table_together import host_table

#: Chromium offers to install a site only after the player has used it a while; this flag
#: drops that wait (the other checks stay: manifest, service worker, secure context).
NO_ENGAGEMENT = "--bypass-app-banner-engagement-checks"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
#: The answer to Chromium's install dialog, which a headless browser cannot give: with the
#: manifest's screenshots Chromium shows its richer install dialog and the event's prompt()
#: waits for the person (without them it answered "dismissed" at once). The event itself is
#: Chromium's own; only its prompt() and userChoice are answered here: "dismissed", and the
#: calls are counted (window.__prompted).
DECLINED = """(() => {
  if (typeof BeforeInstallPromptEvent !== 'function') return;
  window.__prompted = 0;
  const choice = Promise.resolve({ outcome: 'dismissed', platform: '' });
  Object.defineProperty(BeforeInstallPromptEvent.prototype, 'prompt', { configurable: true,
    value: function () { window.__prompted += 1; return choice; } });
  Object.defineProperty(BeforeInstallPromptEvent.prototype, 'userChoice', { configurable: true, get: () => choice });
})();"""


@pytest.fixture
def host(dist, tmp_path):
    h = plain_host(build.DIST, tmp_path / "site")
    yield h
    h.stop()


def test_published_under_a_sub_path_of_a_plain_host(new_browser, host):
    url = host.url
    b = new_browser(url=url, full=True, args=[NO_ENGAGEMENT])
    b.context.add_init_script(SHARE)
    b.context.add_init_script(DECLINED)
    page = b.page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)") == url
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "service-worker.js"
    cdp = b.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # the app's identity is the sub-path's (a manifest id "./" was the origin's: every app
    # of a GitHub Pages user site would have been one app)
    assert cdp.send("Page.getAppId")["appId"] == url
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == url + "manifest.json" and not manifest.get("errors")

    # Chromium's install prompt came: once the first visit is over, home's button shows it;
    # declined, the offer is put away for good
    page.wait_for_selector("#install-now", timeout=60_000)
    assert page.evaluate("() => window.__tapete.later.state") == "done"
    press(page, page.locator("#install-now"))
    page.wait_for_selector("#install-offer", state="detached", timeout=10_000)
    assert page.evaluate("window.__prompted") == 1
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('home-offer').dataset.offer === 'none'")

    # a deal link and an invitation link made here: under the sub-path
    set_settings(page, speed="instant", lang="en")
    new_match(page, url, "cuatrola", {}, seed="sub-path")
    press(page, page.locator(".tbar button[aria-label=Menu]"))
    press(page, page.locator("dialog[open] button[data-value=share]"))
    page.wait_for_selector("dialog.share[open] .link-field")
    deal = page.input_value("dialog.share .link-field")
    press(page, page.locator("dialog.share button[data-value=close]"))
    assert deal.startswith(url + "#/deal?"), deal
    host_table(page, url, "cuarenta", {1: "person"}, players=2, seed="sub-path-invite")
    invite = invitation_link(page, 1)
    assert invite.startswith(url + "#/join?"), invite
    # ... and they open in a fresh profile: the very deal, the join screen with the invitation
    friend = new_browser(url=url)
    fp = friend.page()
    fp.goto(deal)
    wait_ready(fp)
    fp.wait_for_url("**#/play/*", timeout=60_000)
    fp.wait_for_selector(".hand button.card", timeout=30_000)
    want = handle({"op": "new", "game": "cuatrola", "seed": "sub-path", "rules": {}, "seat": 0})["view"]["hand"]
    assert hand_cards(fp) == want
    fp.goto(invite)
    fp.wait_for_function("() => ((document.getElementById('offer-code') || {}).value || '').startsWith('TPT:')",
                         timeout=60_000)

    # offline (the host answers nothing, the browser has no network): the lessons, a reload
    page.goto(url + "#/")
    page.wait_for_function("() => window.__tapete.later && window.__tapete.later.state === 'done'", timeout=90_000)
    host.server.offline = True
    b.context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.goto(url + "#/learn/cuatrola")
    page.wait_for_selector(".lesson-list", timeout=30_000)
    asked = len(host.server.log)

    # a new version published under the sub-path reaches the open app
    info = build.build(host.app, stamp="published-again", quiet=True)
    host.server.offline = False
    b.context.set_offline(False)
    old = page.evaluate("() => window.__tapete.version")
    assert info["version"] != old
    page.goto(url + "#/")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update:not([hidden]) #update-reload", timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        press(page, page.locator("#update-reload"))
    wait_ready(page)
    assert page.evaluate("() => window.__tapete.version") == info["version"]
    assert len(host.server.log) > asked
    assert outside(host) == [], outside(host)
    # (the profiles' guards, at the end: no request left the sub-path, no CSP violation)
