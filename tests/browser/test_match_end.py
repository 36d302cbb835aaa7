"""The end of a hand and of a match at the table: the hand's summary and the score sheet again
(after a reload too), no thinking dots during the match-over dialog, a finished match opened
from the history, "Play again"."""

from __future__ import annotations

from engine.api import handle

from .helpers import (close_dialog, goto, match_file, moves, near_hand_end, near_match_end, open_stored,
                      play_cuatrola, played_until, press, seat0_view, set_settings, store_match, stored, wait_moved,
                      wait_ready)
from .waits import engine_calls, engine_round_trip


# ---------------------------------------------------------------- 5. the hand's summary, again
def test_the_hand_summary_and_score_sheet_can_be_reopened(phone, app_url):
    """The first hand (seed sheet-2, 3 hands) played in CPython up to the person's last card,
    then by taps to its end. The second hand starts with a computer player's bid (seed
    sheet-1's started with the person's: that the computer players wait was not seen)."""
    set_settings(phone, speed="instant", lang="en")
    late = near_hand_end(match_file("cuatrola", {"end": "hands", "hands": 3}, seed="sheet-2"))
    assert seat0_view(played_until(late, lambda v: v["hands_played"] >= 1))["turn"] != 0
    mid = open_stored(phone, app_url, late)
    for _ in range(200):
        phone.wait_for_selector("dialog[open], .controls button.bid, .hand button.card:not(.illegal)", timeout=60_000)
        if phone.locator("dialog.hand-over[open]").count():
            break
        before = moves(phone)
        bids = phone.locator(".controls button.bid")
        (bids.first if bids.count() else phone.locator(".hand button.card:not(.illegal)").first).tap()
        wait_moved(phone, before)
    summary = phone.inner_text("dialog.hand-over[open]")
    assert stored(phone, mid)["resultDue"] == 1
    # the tab is reloaded (the phone killed it) while the result is on screen: it comes back,
    # and the computer players wait for it to be closed
    n = len(stored(phone, mid)["match"]["actions"])
    phone.reload()
    wait_ready(phone)
    again = phone.locator("dialog.hand-over[open]")
    again.wait_for(timeout=30_000)
    assert again.inner_text() == summary
    # (every request the page had sent by then answered: none was a computer player's move)
    engine_round_trip(phone)
    assert engine_calls(phone, op="bot") == [], "the computer players moved under the hand's result"
    assert len(stored(phone, mid)["match"]["actions"]) == n
    press(phone, again.locator("button.primary"))
    phone.wait_for_selector("dialog.hand-over[open]", state="detached")
    phone.wait_for_function("(id) => new Promise((ok) => { const r = indexedDB.open('tapete'); r.onsuccess = () => {"
                            " const g = r.result.transaction('matches').objectStore('matches').get(id);"
                            " g.onsuccess = () => { ok(g.result.resultDue === null); r.result.close(); }; }; })", arg=mid)
    # once closed it is not shown again ...
    phone.reload()
    wait_ready(phone)
    # the second hand goes on to the person's turn (a result shown again would hold it)
    phone.wait_for_selector(".controls button.bid, .hand button.card:not(.illegal)", timeout=30_000)
    engine_round_trip(phone)
    assert phone.locator("dialog[open]").count() == 0
    press(phone, phone.locator("#scores"))     # ... and can be opened again from the table
    dlg = phone.locator("dialog.scores[open]")
    dlg.wait_for(timeout=10_000)
    text = dlg.inner_text()
    lh = handle({"op": "view", "match": stored(phone, mid)["match"], "seat": 0})["view"]["last_hand"]
    assert "Hand 1" in text
    for row in ("Card points", "Total", "Match points"):
        assert row in text and row in summary
    assert f"{lh['totals'][0]}" in text and f"{lh['totals'][1]}" in text
    sheet = dlg.locator("table.sheet tbody tr")
    assert sheet.count() == 1
    cells = sheet.first.locator("td").all_inner_texts()     # us, them, the score after the hand
    view = handle({"op": "view", "match": stored(phone, mid)["match"], "seat": 0})["view"]
    assert cells == [str(lh["points"][0]), str(lh["points"][1]), f"{view['score'][0]}–{view['score'][1]}"], cells
    press(phone, dlg.locator("button.primary"))

# ---------------------------------------------------------------- 7. dots, dealing, finished, import
def test_no_thinking_dots_during_the_match_over_dialog(phone, app_url):
    """seed dots-1, 1 point, the person passes and plays the first legal card: the match,
    played on in CPython up to the person's last card, is opened there; the last card of the
    match is a computer player's (checked here with CPython)."""
    set_settings(phone, speed="instant", lang="en")
    late = near_hand_end(match_file("cuatrola", {"end": "target", "target": 1}, seed="dots-1"))
    mid = open_stored(phone, app_url, late)
    play_cuatrola(phone, mid, max_steps=100, keep_over=True)
    assert phone.locator("dialog.match-over[open]").count() == 1
    assert phone.locator(".table .dots").count() == 0
    match = stored(phone, mid)["match"]
    v = handle({"op": "view", "match": {**match, "actions": match["actions"][:-1]}, "seat": 0})["view"]
    assert v["turn"] != 0, "the last card is a computer player's"
    close_dialog(phone)

def test_a_finished_match_opened_from_history_shows_its_end(phone, app_url):
    """A whole match played in CPython (seed browser-1, 1 point), stored as the table stores
    a finished one, opened from the history."""
    set_settings(phone, speed="instant", lang="en")
    done = played_until(match_file("cuatrola", {"end": "target", "target": 1}, seed="browser-1"),
                        lambda view: False)
    mid = store_match(phone, done)
    rec = stored(phone, mid)
    assert rec["status"] == "finished"
    view = handle({"op": "view", "match": rec["match"], "seat": 0})["view"]
    goto(phone, app_url, "#/history")
    press(phone, phone.locator(f".history-item[data-id={mid}] a.hi-main"))
    phone.wait_for_selector(".table .final", timeout=30_000)
    final = phone.inner_text(".table .final")
    assert ("We won" in final) == (view["winner"] == 0)
    assert f"{view['score'][0]}" in final and f"{view['score'][1]}" in final
    # the last hand's breakdown and the score sheet are there
    press(phone, phone.locator(".final button[data-show=hand]"))
    dlg = phone.locator("dialog.scores[open]")
    dlg.wait_for()
    assert "Card points" in dlg.inner_text() and dlg.locator("table.sheet tbody tr").count() == view["hands_played"]
    press(phone, dlg.locator("button.primary"))

def test_play_again_starts_the_same_rules_at_once(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    goto(phone, app_url, "#/")
    rules = {"end": "target", "target": 1}
    # the match played in CPython up to the person's last card, then to its end by taps
    mid = open_stored(phone, app_url, near_match_end(match_file("cuatrola", rules, seed="browser-1",
                                                                 level="heuristic")))
    old = stored(phone, mid)["match"]
    play_cuatrola(phone, mid, max_steps=200, keep_over=True)
    press(phone, phone.locator("dialog.match-over[open] button[data-value=again]"))
    phone.wait_for_function("(id) => location.hash.startsWith('#/play/') && !location.hash.endsWith(id)", arg=mid,
                            timeout=30_000)
    phone.wait_for_selector(".table .hand button.card", timeout=30_000)
    new = stored(phone, phone.url.split("#/play/")[1])["match"]
    assert new["rules"] == old["rules"] and new["meta"]["level"] == "heuristic"
    assert new["seed"] != old["seed"]
    phone.go_back()      # the finished match was replaced: back goes home
    phone.wait_for_selector("#new-cuatrola", timeout=10_000)
