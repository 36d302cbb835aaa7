"""Persistent storage (docs/app.md, "Storage"; issue 31): the app asks the browser to keep its
storage once, quietly, after a player's first finished match or when the app is installed,
never at the start of a match; Settings says whether it is kept (granted / not granted / not
available in this browser). A browser without ``navigator.storage.persist`` is not asked and
shows no error."""

from __future__ import annotations

from .conftest import read_catalog
from .helpers import goto, match_file, near_match_end, new_match, open_stored, play_cuatrola, set_settings, wait_ready

# Counts the page's calls of navigator.storage.persist (the real one answers them).
SPY = """
(() => {
  const real = StorageManager.prototype.persist;
  if (!real) return;
  StorageManager.prototype.persist = function () {
    const n = Number(localStorage.getItem('test.persistCalls') || 0) + 1;
    localStorage.setItem('test.persistCalls', String(n));
    return real.call(this);
  };
})();
"""
# A browser that cannot be asked (WebKit here): no persist at all.
NO_PERSIST = "delete StorageManager.prototype.persist;"

CALLS = "() => Number(localStorage.getItem('test.persistCalls') || 0)"
ASKED = "() => JSON.parse(localStorage.getItem('tapete.persist'))"


def settings_line(page, app_url):
    goto(page, app_url, "#/settings")
    page.wait_for_function("() => { const e = document.getElementById('persistence');"
                           " return e && e.dataset.persistence; }", timeout=30_000)
    return page.evaluate("() => { const e = document.getElementById('persistence');"
                         " return {state: e.dataset.persistence, text: e.textContent}; }")


def test_asked_once_after_the_first_finished_match_and_said_in_settings(new_browser, app_url):
    b = new_browser(installed=True)
    b.context.add_init_script(SPY)
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    set_settings(page, speed="instant", lang="en")
    rules = {"end": "target", "target": 1}
    new_match(page, app_url, "cuatrola", rules, seed="persist-1")
    # not at the start of a match (the app asked there before)
    assert page.evaluate(CALLS) == 0 and page.evaluate(ASKED) is None
    # the player's first match finished: played in CPython up to the person's last card
    mid = open_stored(page, app_url, near_match_end(match_file("cuatrola", rules, seed="persist-1")))
    text = play_cuatrola(page, mid)
    assert "won the match" in text
    page.wait_for_function("() => { const a = JSON.parse(localStorage.getItem('tapete.persist'));"
                           " return a && 'granted' in a; }", timeout=10_000)
    asked = page.evaluate(ASKED)
    kept = page.evaluate("() => navigator.storage.persisted()")
    assert asked["moment"] == "match" and asked["granted"] is kept
    assert page.evaluate(CALLS) == (0 if kept else 1)   # (already kept: persisted() says so, no ask)
    # once: not again at another moment (another finished match, the app installed)
    assert page.evaluate("async () => (await import('./persist.js')).askOnce('match')") is None
    # (the app's handler imports persist.js and asks at once: done before this import is)
    page.evaluate("async () => { window.dispatchEvent(new Event('appinstalled')); await import('./persist.js'); }")
    assert page.evaluate(CALLS) == (0 if kept else 1) and page.evaluate(ASKED)["moment"] == "match"
    # Settings reads it, in words of the catalog
    line = settings_line(page, app_url)
    state = "granted" if kept else "not_granted"
    key = "settings.persisted" if kept else "settings.not_persisted"
    assert line == {"state": state, "text": read_catalog("en")[key]}
    assert page.locator("#persist").count() == 1


def test_asked_when_the_app_is_installed(new_browser, app_url):
    b = new_browser(installed=True)
    b.context.add_init_script(SPY)
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    assert page.evaluate(ASKED) is None
    page.evaluate("() => window.dispatchEvent(new Event('appinstalled'))")
    page.wait_for_function("() => { const a = JSON.parse(localStorage.getItem('tapete.persist'));"
                           " return a && 'granted' in a; }", timeout=10_000)
    assert page.evaluate(ASKED)["moment"] == "install"
    kept = page.evaluate("() => navigator.storage.persisted()")
    assert page.evaluate(CALLS) == (0 if kept else 1)


def test_a_browser_that_cannot_be_asked_says_so_in_four_languages(new_browser, app_url):
    b = new_browser(installed=True)
    b.context.add_init_script(NO_PERSIST)
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    page.evaluate("() => window.dispatchEvent(new Event('appinstalled'))")
    assert page.evaluate("async () => (await import('./persist.js')).askOnce('match')") is None
    assert page.evaluate(ASKED) is None
    for lang in ("es", "en", "de", "fr"):
        set_settings(page, lang=lang)
        goto(page, app_url, "#/", reload=True)
        line = settings_line(page, app_url)
        assert line == {"state": "unavailable", "text": read_catalog(lang)["settings.persist_unavailable"]}
        assert page.locator("#persist").count() == 0   # nothing to ask for
    assert page.evaluate("() => window.__tapete.error") is None
