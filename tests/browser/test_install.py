"""Installing from the app (issue 38): home's how-to for Safari on iOS and Firefox for Android,
put away for good with one "Not now"; the note on Safari's storage once, before the first
backup; nothing of it in the app's own window (installed), nor at a table; axe on all of it
and on Settings' backup, in both themes. Chromium's own install button is tested under a
sub-path in test_deploy.py; which offer is chosen, in every case, in tests/js/install.test.mjs."""

from __future__ import annotations

import pytest

from .conftest import read_catalog
from .helpers import match_file, played_until, store_match, wait_ready
from .test_axe import assert_clean

IOS = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
       "Version/17.5 Mobile/15E148 Safari/604.1")
FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"
KEYS = ("tapete.install", "tapete.dataNotice", "tapete.backup")
OFFER = "() => (document.getElementById('home-offer') || {}).dataset?.offer"


def offer_on_home(page, app_url, *want):
    """Home drawn afresh, and once; waits until its offer's place says one of ``want`` ("none",
    "ios", ...). (The page is loaded afresh on Help, which offers nothing, then goes home: a
    home drawn before a reload would have said the once-only note already.)"""
    page.goto(app_url + "#/help")
    page.reload()
    wait_ready(page)
    page.evaluate("location.hash = '#/'")
    page.wait_for_function(f"(want) => want.includes(({OFFER})())", arg=list(want), timeout=30_000)


def steps(page):
    return page.eval_on_selector_all("#install-howto li", "els => els.map((e) => e.textContent)")


@pytest.fixture
def clean_phone(phone, installed, app_url):
    """The shared phone with none of the offers' marks, its own browser again afterwards."""
    cdp = installed.context.new_cdp_session(phone)
    ua = phone.evaluate("navigator.userAgent")
    clear = "(keys) => keys.forEach((k) => localStorage.removeItem(k))"
    phone.evaluate(clear, list(KEYS))
    yield phone, cdp
    phone.goto(app_url + "#/")   # (off the table whose match goes)
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": ua})
    phone.emulate_media(color_scheme="light")
    phone.evaluate(clear, list(KEYS))
    phone.evaluate("async () => { const s = await import('./store.js');"
                   " for (const id of ['install-done', 'install-playing']) await s.deleteMatch(id); }")


def test_how_to_install_on_ios_and_firefox_put_away_once_and_the_note_said_once(clean_phone, app_url):
    page, cdp = clean_phone
    en = read_catalog("en")
    # Safari on an iPhone: Share, then Add to Home Screen
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": IOS})
    # (the shared phone may hold other tests' finished matches: the note on Safari's storage,
    # which would come first, is said below, on its own)
    page.evaluate("localStorage.setItem('tapete.dataNotice', JSON.stringify({at: 0}))")
    offer_on_home(page, app_url, "ios")
    assert page.inner_text("#install-offer h2") == en["install.title"]
    # drawn with its own styles, loaded with its words (web/keeping/: none on a first visit)
    assert page.evaluate("getComputedStyle(document.getElementById('install-offer')).borderTopWidth") == "2px"
    assert steps(page) == [en["install.ios_share"], en["install.ios_add"]]
    assert page.locator("#install-howto .howto-icon svg").count() == 2
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_clean(page, "home with the install how-to")
    page.locator("#install-later").tap()
    assert page.locator("#install-offer").count() == 0
    offer_on_home(page, app_url, "none")           # put away for good
    # Firefox on Android: its menu, then Install
    page.evaluate("localStorage.removeItem('tapete.install')")
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": FIREFOX_ANDROID})
    offer_on_home(page, app_url, "firefox")
    assert steps(page) == [en["install.firefox_menu"], en["install.firefox_install"]]
    # a finished match and no backup yet: once, the note on Safari's storage comes first
    page.evaluate("localStorage.removeItem('tapete.dataNotice')")
    store_match(page, played_until(match_file("cuatrola", {"end": "target", "target": 1}, seed="install-1"),
                                   lambda v: False), mid="install-done")
    offer_on_home(page, app_url, "notice")
    notice = page.inner_text("#data-notice")
    for key in ("notice.title", "notice.safari", "notice.backup", "backup.save"):
        assert en[key] in notice, key
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_clean(page, "home with the note on Safari's storage")
    # its button leads to Settings' backup, which axe finds clean too, a refusal shown
    page.locator("#notice-backup").tap()
    page.wait_for_selector("#backup-save", timeout=30_000)
    page.wait_for_function("() => { const r = document.getElementById('backup').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }", timeout=10_000)
    page.set_input_files("#backup-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{}"}])
    page.wait_for_selector("#backup-status.error-text")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_clean(page, "Settings' backup with a refused file")
    offer_on_home(page, app_url, "firefox")        # the note was said once: the offer again
    # at a table, no offer: it is home's alone (a match being played, resumed from home)
    store_match(page, played_until(match_file("cuatrola", seed="install-3"), lambda v: len(v.get("trick") or []) == 1),
                mid="install-playing")
    page.goto(app_url + "#/play/install-playing")
    page.wait_for_selector(".hand button.card", timeout=60_000)
    assert page.locator("#home-offer, #install-offer, #data-notice").count() == 0


def test_installed_the_app_offers_nothing_but_a_browser_tab_does(new_browser, app_url):
    """The app in its own window (Chromium's --app: display-mode standalone) offers neither
    installing nor the note, where a tab of the same profile, on the same iPhone, shows both."""
    b = new_browser(phone=False, installed=True, full=True, args=[f"--app={app_url}"], user_agent=IOS)
    app = b.context.wait_for_event("page", timeout=30_000) if not any(
        p.url.startswith(app_url) for p in b.context.pages) else next(p for p in b.context.pages if p.url.startswith(app_url))
    wait_ready(app)
    assert app.evaluate("matchMedia('(display-mode: standalone)').matches") is True
    store_match(app, played_until(match_file("cuatrola", {"end": "target", "target": 1}, seed="install-2"),
                                  lambda v: False), mid="installed-done")
    offer_on_home(app, app_url, "none")
    assert app.locator("#home-offer > *").count() == 0
    tab = b.context.new_page()
    assert tab.evaluate("matchMedia('(display-mode: browser)').matches") is True
    offer_on_home(tab, app_url, "notice")
    # (this is Chromium under an iPhone's name: its own install prompt, when it has come,
    # goes before Safari's steps)
    offer_on_home(tab, app_url, "ios", "prompt")
    offer_on_home(app, app_url, "none")
