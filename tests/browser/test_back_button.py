"""The phone's back button at the table: it goes home, closes an open dialog (and stays), leaves
the table in one step after a reload with a dialog open, and closes a hand's result."""

from __future__ import annotations

from .helpers import (act_once, ACTION, cover_seed, goto, match_file, my_turn, near_hand_end, new_match,
                      open_stored, press, set_settings, stored, wait_ready)


# ---------------------------------------------------------------- 6. back goes home
def test_back_from_a_table_goes_home(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    goto(phone, app_url, "#/")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="back-1")
    my_turn(phone)
    phone.go_back()
    phone.wait_for_selector("#new-cuatrola", timeout=10_000)
    assert phone.locator("#start").count() == 0
    assert phone.evaluate("location.hash") in ("", "#/")
    # the table's own back arrow goes home as well
    goto(phone, app_url, f"#/play/{mid}")
    phone.wait_for_selector(".table .hand button.card")
    press(phone, phone.locator(".tbar a.icon-btn"))
    phone.wait_for_selector("#new-cuatrola", timeout=10_000)



def _back(page):
    """The phone's back button (the browser's history, as Android's back gesture uses it)."""
    page.evaluate("history.back()")


def test_back_closes_an_open_dialog_and_stays_on_the_screen(phone, app_url):
    # seen in play-throughs: back with the table's menu open left the table for home
    set_settings(phone, speed="instant", lang="en")
    goto(phone, app_url, "#/")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="back-2")
    my_turn(phone)
    table = phone.url
    for _ in range(2):   # twice: the first dialog's entry is gone, nothing stale is left
        press(phone, phone.locator(".tbar button[aria-label='Menu']"))
        phone.wait_for_selector("dialog.menu[open]")
        _back(phone)
        # (back to home without the dialog's own entry changes the address before the dialog
        # goes: home's screen replaces the table and closes its dialogs)
        phone.wait_for_selector("dialog.menu", state="detached", timeout=10_000)
        assert phone.url == table
        assert phone.locator(".table .hand button.card").count() == 5
    # a dialog closed by its own button leaves no entry behind: the next back goes home
    press(phone, phone.locator(".score"))
    phone.wait_for_selector("dialog.scores[open]")
    press(phone, phone.locator("dialog.scores button.primary"))
    phone.wait_for_selector("dialog.scores", state="detached")
    assert phone.url == table
    _back(phone)
    phone.wait_for_selector("#new-cuatrola", timeout=10_000)
    assert phone.evaluate("location.hash") in ("", "#/")
    # the menu's "Home" goes home at once (its dialog's entry taken back first), and back
    # from home returns to the table, not to a dialog
    goto(phone, app_url, f"#/play/{mid}")
    phone.wait_for_selector(".table .hand button.card")
    press(phone, phone.locator(".tbar button[aria-label='Menu']"))
    press(phone, phone.locator("dialog.menu button[data-value=home]"))
    phone.wait_for_selector("#new-cuatrola", timeout=10_000)
    _back(phone)
    phone.wait_for_selector(".table .hand button.card", timeout=10_000)
    assert phone.locator("dialog[open]").count() == 0
    assert mid in phone.url


def test_one_back_leaves_the_table_after_a_reload_with_a_dialog_open(phone, app_url):
    """A reload (or the phone dropping the tab) with the menu open: the dialog is gone, and
    one back (the system's, or the table's arrow) goes home, as without the reload; it used
    to land on the table's own entry under the dialog's: a back that did nothing."""
    set_settings(phone, speed="instant", lang="en")
    goto(phone, app_url, "#/")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="back-2")
    for leave in ("system", "arrow"):
        my_turn(phone)
        press(phone, phone.locator(".tbar button[aria-label='Menu']"))
        phone.wait_for_selector("dialog.menu[open]")
        phone.reload()
        wait_ready(phone)
        phone.wait_for_selector(".table .hand button.card")
        assert phone.locator("dialog[open]").count() == 0
        assert mid in phone.url
        if leave == "system":
            _back(phone)
        else:
            press(phone, phone.locator(".tbar a.icon-btn").first)
        phone.wait_for_selector("#new-cuatrola", timeout=10_000)
        assert phone.evaluate("location.hash") in ("", "#/"), leave
        # and forward from home returns to the table, with no dialog
        phone.evaluate("history.forward()")
        phone.wait_for_selector(".table .hand button.card", timeout=10_000)
        assert mid in phone.url and phone.locator("dialog[open]").count() == 0


def test_back_closes_the_hands_result_and_the_match_goes_on(phone, app_url):
    """The end-of-hand dialog dismissed with back is the same as "Next hand". The first hand
    is played in CPython up to the person's last card, then by taps to its end."""
    set_settings(phone, speed="instant", lang="en")
    mid = open_stored(phone, app_url, near_hand_end(match_file("cuatrola", seed=cover_seed())))
    table = phone.url
    while not phone.locator("dialog.hand-over[open]").count():
        phone.wait_for_selector(ACTION, timeout=60_000)
        if phone.locator("dialog.hand-over[open]").count():
            break
        act_once(phone)
    _back(phone)
    phone.wait_for_selector("dialog.hand-over", state="detached", timeout=10_000)
    assert phone.url == table
    my_turn(phone)   # the second hand: the person's turn comes
    assert stored(phone, mid)["match"]["actions"]
