"""The table's motion: dealing (the person's hand never empty while the others hold new cards),
haptics and animations following the settings and the system's reduced motion."""

from __future__ import annotations

from .helpers import (cuarenta_move, cut_before_my_move, first_card_first_capture, goto, match_file, moves, my_turn,
                      new_match, open_stored, person_moves, played_until, press, set_settings, tap_action, wait_moved)
from .waits import still


def test_your_hand_is_never_empty_while_the_others_hold_new_cards(phone, app_url):
    """Cuarenta, 2 players, seed deal-1: the person's capture with the last card of deal 1
    (action 10; played in CPython up to the person's card before it, then by taps). While it
    is shown, the new deal is not on the table yet for anyone."""
    set_settings(phone, speed="normal", lang="en")
    done = played_until(match_file("cuarenta", {"players": 2}, seed="deal-1"),
                        lambda v: v["deal_no"] > 1, person=first_card_first_capture)
    start = cut_before_my_move(cut_before_my_move(done))
    open_stored(phone, app_url, start)
    phone.evaluate("""() => { window.__gaps = [];
      const look = () => { const table = document.querySelector('.table.cuarenta');
        if (table) { const mine = document.querySelectorAll('.hand button.card').length;
          const theirs = document.querySelectorAll('.seat:not(.me) .backs .card').length;
          if (!mine && theirs) window.__gaps.push(theirs); }
        window.__look = requestAnimationFrame(look); };
      look(); }""")
    for action in person_moves(start, done):    # the last of them: the capture that ends the deal
        tap_action(phone, action)
    # the new deal in the person's hand, and nothing moving any more: the moment is over
    phone.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) >= n"
                            " && document.querySelectorAll('.hand button.card').length === 5", arg=len(done["actions"]),
                            timeout=30_000)
    still(phone)
    gaps = phone.evaluate("() => { cancelAnimationFrame(window.__look); return window.__gaps.length; }")
    set_settings(phone, speed="instant")
    assert gaps == 0, gaps


VIBRATIONS = """() => { window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; }; }"""
WATCH_MOTION = """() => { window.__moving = [];
  window.__motionObserver && window.__motionObserver.disconnect();
  window.__motionObserver = new MutationObserver((list) => { for (const m of list) {
    const e = m.target; if (e.classList && (e.classList.contains('dealt') || e.classList.contains('gather')))
      window.__moving.push(e.className); } });
  window.__motionObserver.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] }); }"""


def _play_a_while(page, n=8):
    for _ in range(n):
        my_turn(page)
        before = moves(page)
        cuarenta_move(page)
        wait_moved(page, before)


def test_haptics_and_animations_follow_the_settings_and_reduced_motion(phone, app_url):
    """Cuarenta 2 players, seed deal-1: the person captures with the last card of deal 1
    (action 10): a won capture, a new deal dealt into the hand, the person's turns."""
    set_settings(phone, speed="instant", lang="en")
    goto(phone, app_url, "#/settings")
    for box in ("#haptics", "#motion"):
        assert phone.locator(box).is_checked()        # on by default
    # on: vibrations on the person's turn and on a won capture; cards dealt and gathered
    new_match(phone, app_url, "cuarenta", {}, seed="deal-1", query="?players=2")
    phone.evaluate(VIBRATIONS)
    phone.evaluate(WATCH_MOTION)
    assert phone.evaluate("document.documentElement.dataset.motion") == "on"
    _play_a_while(phone, 6)
    buzz = phone.evaluate("window.__buzz")
    assert 35 in buzz and [20, 70, 30] in buzz, buzz
    moving = phone.evaluate("window.__moving")
    assert any("dealt" in c for c in moving) and any("gather" in c for c in moving), moving
    # off in Settings (by taps): nothing vibrates, nothing moves
    goto(phone, app_url, "#/settings")
    press(phone, phone.locator("label[for=haptics]"))
    press(phone, phone.locator("label[for=motion]"))
    assert not phone.locator("#haptics").is_checked() and not phone.locator("#motion").is_checked()
    assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings'))")["haptics"] is False
    assert phone.evaluate("document.documentElement.dataset.motion") == "off"
    new_match(phone, app_url, "cuarenta", {}, seed="deal-1", query="?players=2")
    phone.evaluate(VIBRATIONS)
    phone.evaluate(WATCH_MOTION)
    _play_a_while(phone, 6)
    assert phone.evaluate("window.__buzz") == []
    assert phone.evaluate("window.__moving") == []
    anim = phone.evaluate("() => [...document.querySelectorAll('.card')].map(e => getComputedStyle(e).animationName)"
                          ".filter(n => n !== 'none')")
    assert anim == []
    # on again, but the system asks for reduced motion: neither
    set_settings(phone, haptics=True, motion=True)
    phone.emulate_media(reduced_motion="reduce")
    try:
        goto(phone, app_url, "#/", reload=True)
        new_match(phone, app_url, "cuarenta", {}, seed="deal-1", query="?players=2")
        phone.evaluate(VIBRATIONS)
        phone.evaluate(WATCH_MOTION)
        assert phone.evaluate("document.documentElement.dataset.motion") == "off"
        _play_a_while(phone, 6)
        assert phone.evaluate("window.__buzz") == [] and phone.evaluate("window.__moving") == []
        # the system's reduced motion switched off again: the animations come back at once
        phone.emulate_media(reduced_motion="no-preference")
        phone.wait_for_function("() => document.documentElement.dataset.motion === 'on'", timeout=2_000)
    finally:
        phone.emulate_media(reduced_motion="no-preference")
