"""The table's sound cues as only a browser shows them (issue 41; the cues of each action,
their lengths and loudness are tests/js/sound.test.mjs's): no AudioContext and no byte of the
player (web/sound/player.js) before the person's first tap at the table; the cues heard at a
real table, in order (the hook ``window.__tapeteCues``: no audio device needed); mute from
the table's menu stops them and survives a reload; a hidden page hears nothing.

One match reached through the store (Cuatrola, a hand where everyone passes, at the person's
last card of the first trick): each stretch is from the person's card to the person's turn
again."""

from __future__ import annotations

from .helpers import (cover_seed, goto, match_file, moves, my_turn, played_until, press, set_settings,
                      store_match, open_table, wait_moved)

#: Counts the AudioContexts the page makes (from the page's start: an init script).
COUNT_CONTEXTS = """(() => {
  if (window.__audioMade !== undefined || !window.AudioContext) return;
  window.__audioMade = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audioMade++; }
  };
})();"""
#: Whether the page has fetched the player (its resource entry).
PLAYER_FETCHED = "() => performance.getEntriesByType('resource').some((e) => e.name.includes('/sound/'))"
#: The person's card has been shown, and the others' after it, up to the person's turn again
#: (its hand live: not while an action is shown), or the hand's result.
TURN_AGAIN = """(n) => Number(document.getElementById('screen').dataset.moves) > n
  && document.querySelector('.hand button.card:not(.illegal), dialog[open], .controls button.bid')"""
CUES = "() => window.__tapeteCues ? [...window.__tapeteCues] : null"
#: The page hidden, as a tab in the background is (what the player reads: document.hidden
#: and the visibilitychange event), or shown again.
HIDE = """(hidden) => {
  if (hidden) Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  else delete document.hidden;
  document.dispatchEvent(new Event('visibilitychange'));
}"""


#: Two stretches as heard (the engine's: CPython gives the same tricks): the person's card
#: ends the first trick, the person's side takes it (the person leads the next: no turn cue);
#: the second, led by the person, is taken by the other side, whose seat leads the third:
#: three cards, and the turn comes back after them.
FIRST_STRETCH = ["play", "take_us", "play", "play", "play", "play", "take_them", "play", "play", "play", "turn"]


def _trick(page):
    """The person plays its first playable card; the others play; the person's turn again."""
    my_turn(page)
    before = moves(page)
    press(page, page.locator(".hand button.card:not(.illegal)").first)
    wait_moved(page, before)
    page.wait_for_function(TURN_AGAIN, arg=before, timeout=30_000)
    my_turn(page)


def _menu_sound(page, label):
    """The table's menu, then its sound entry (which says `label`)."""
    press(page, page.locator(".tbar button[aria-label=Menu]"))
    entry = page.locator("dialog.menu[open] button", has_text=label)
    press(page, entry)
    page.wait_for_selector("dialog.menu[open]", state="detached")


def test_sound_cues_after_the_first_tap_in_order_muted_across_a_reload_and_silent_when_hidden(phone, app_url):
    phone.add_init_script(COUNT_CONTEXTS)
    set_settings(phone, speed="instant", lang="en")
    match = played_until(match_file("cuatrola", seed=cover_seed()), lambda v: v["phase"] == "play" and v["turn"] == 0)
    mid = store_match(phone, match)
    open_table(phone, app_url, mid)
    phone.reload()                           # a fresh page: nothing of the sound loaded yet
    open_table(phone, app_url, mid)
    my_turn(phone)
    assert phone.evaluate("window.__audioMade") == 0, "an AudioContext before the first tap"
    assert not phone.evaluate(PLAYER_FETCHED), "the sound player fetched before the first tap"
    assert phone.evaluate(CUES) is None

    # the first tap (on the felt: nothing played) loads the player and makes the context
    phone.locator(".felt").tap(position={"x": 5, "y": 5})
    phone.wait_for_function("() => window.__audioMade === 1", timeout=10_000)
    assert phone.evaluate(PLAYER_FETCHED)
    _trick(phone)          # the person's card ends the first trick: the person's side takes it
    _trick(phone)          # the person leads the second, the other side takes it and leads
    heard = phone.evaluate(CUES)
    assert heard == FIRST_STRETCH, heard

    # mute from the table's menu: the next trick is silent, and so is the table after a reload
    _menu_sound(phone, "Mute sound")
    assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).sound") is False
    _trick(phone)
    assert phone.evaluate(CUES) == heard, "a cue while muted"
    phone.reload()
    open_table(phone, app_url, mid)
    my_turn(phone)
    # the menu's tap is a tap at the table: muted, it loads nothing; the menu offers sound on
    _menu_sound(phone, "Sound on")
    assert phone.evaluate(CUES) is None and phone.evaluate("window.__audioMade") == 0
    assert not phone.evaluate(PLAYER_FETCHED), "muted: the player is not even fetched"
    assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).sound") is True

    # the page hidden: nothing; shown again: cues
    phone.locator(".felt").tap(position={"x": 5, "y": 5})
    phone.wait_for_function("() => window.__audioMade === 1", timeout=10_000)
    phone.evaluate(HIDE, True)
    try:
        _trick(phone)
        assert phone.evaluate(CUES) is None, "a cue in a hidden page"
    finally:
        phone.evaluate(HIDE, False)
    _trick(phone)
    assert (phone.evaluate(CUES) or [])[:1] == ["play"], "shown again, the cues sound"
    goto(phone, app_url, "#/")
