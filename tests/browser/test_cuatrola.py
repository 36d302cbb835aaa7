"""A whole Cuatrola match played by taps on a phone, checked against CPython's engine."""

from __future__ import annotations

from engine.api import handle

from .helpers import (new_match, play_cuatrola, stored, hand_cards, playable, set_settings,
                      moves, wait_moved, goto, toast_after, open_rules)


def test_whole_cuatrola_match_by_taps(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {"end": "target", "target": 1}, seed="browser-1")
    seen = {"turns": 0, "explained": 0}

    def on_turn(page, view):
        # the dimmed cards are exactly the engine's illegal ones
        seen["turns"] += 1
        assert hand_cards(page) == view["hand"]
        assert sorted(playable(page)) == sorted(view["legal"])
        illegal = [c for c in view["hand"] if c not in view["legal"]]
        if illegal and not seen["explained"]:
            rec = stored(page, mid)
            reason = handle({"op": "explain", "match": rec["match"], "seat": 0,
                             "action": illegal[0]})["reason"]
            n = moves(page)
            shown = toast_after(page, page.locator(f".hand button.card[data-card='{illegal[0]}']"))
            assert shown.lower() == reason.lower()
            assert moves(page) == n, "tapping a dimmed card must not play it"
            assert reason in page.inner_text("#live") or reason.capitalize() in page.inner_text("#live")
            seen["explained"] += 1

    text = play_cuatrola(phone, mid, on_turn=on_turn)
    assert "won the match" in text
    rec = stored(phone, mid)
    assert rec["status"] == "finished"
    ans = handle({"op": "validate", "match": rec["match"]})
    assert ans["ok"] and ans["finished"]
    view = handle({"op": "view", "match": rec["match"], "seat": 0})["view"]
    assert rec["result"]["winner"] == view["winner"]
    assert rec["result"]["score"] == view["score"]
    assert seen["turns"] >= 1
    # the last trick can be reviewed after the end
    phone.locator("button:has-text('Last trick')").tap()
    phone.wait_for_selector("dialog.last-trick[open] .card", timeout=5_000)
    shown = phone.eval_on_selector_all("dialog.last-trick .card", "els => els.map(e => e.dataset.card)")
    last = view["last_hand"]["tricks"][-1]["cards"]
    assert sorted(shown) == sorted(p["card"] for p in last)
    phone.locator("dialog.last-trick button.primary").tap()


def test_illegal_card_is_explained(phone, app_url):
    """A seed where the person must follow suit: the engine's words appear on a tap."""
    set_settings(phone, speed="instant", lang="en")
    # find, in CPython, a deal where the person (passing) faces dimmed cards
    for k in range(60):
        seed = f"dim-{k}"
        m = handle({"op": "new", "game": "cuatrola", "seed": seed, "seat": 0,
                    "rules": {"end": "target", "target": 1}, "meta": {"app": "tapete-web", "level": "novice"}})["match"]
        for _ in range(40):
            v = handle({"op": "view", "match": m, "seat": 0})["view"]
            if v["turn"] == 0 and v["phase"] == "play":
                break
            seat = v["turn"]
            a = "pass" if seat == 0 else handle({"op": "bot", "match": m, "seat": seat, "level": "novice"})["action"]
            m = handle({"op": "act", "match": m, "seat": seat, "action": a})["match"]
        if v["turn"] == 0 and set(v["hand"]) - set(v["legal"]):
            break
    else:
        raise AssertionError("no seed with a dimmed card")
    mid = new_match(phone, app_url, "cuatrola", {"end": "target", "target": 1}, seed=seed)
    phone.wait_for_selector(".controls button.bid", timeout=30_000)
    before = moves(phone)
    phone.locator(".controls button.bid[data-action=pass]").tap()
    wait_moved(phone, before)
    phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=30_000)
    illegal = sorted(set(v["hand"]) - set(v["legal"]))
    assert sorted(phone.eval_on_selector_all(".hand button.card.illegal", "els => els.map(e => e.dataset.card)")) == illegal
    reason = handle({"op": "explain", "match": m, "seat": 0, "action": illegal[0]})["reason"]
    btn = phone.locator(f".hand button.card[data-card='{illegal[0]}']")
    assert btn.get_attribute("aria-disabled") == "true"
    assert "not playable" in btn.get_attribute("aria-label")
    assert toast_after(phone, btn).lower() == reason.lower()
    # Spanish: the same refusal in the UI language
    set_settings(phone, lang="es")
    goto(phone, app_url, f"#/play/{mid}", reload=True)
    phone.wait_for_selector(".hand button.card.illegal", timeout=30_000)
    es = toast_after(phone, phone.locator(f".hand button.card[data-card='{illegal[0]}']"))
    assert es and es.lower() != reason.lower() and ("debes" in es.lower() or "no tienes" in es.lower()), es
    set_settings(phone, lang="en")
    phone.reload()


def test_keyboard_play_on_desktop(new_browser, app_url):
    b = new_browser(phone=False, installed=True, viewport={"width": 1280, "height": 800})
    page = b.page()
    goto(page, app_url)
    set_settings(page, speed="instant", lang="en")
    page.goto(f"{app_url}#/new/cuatrola")
    page.wait_for_selector("#start", timeout=60_000)
    open_rules(page)   # the deal code is with the folded rules
    page.fill("#seed", "keyboard")
    page.focus("#start")
    page.keyboard.press("Enter")
    page.wait_for_selector(".table .hand button.card", timeout=30_000)
    page.wait_for_selector(".controls button.bid, .hand button.card:not(.illegal)", timeout=30_000)
    before = moves(page)
    for _ in range(60):
        page.keyboard.press("Tab")
        ok = page.evaluate("document.activeElement.matches('.controls button.bid, .hand button.card:not(.illegal)')")
        if ok:
            break
    else:
        raise AssertionError("no control reachable with Tab")
    page.keyboard.press("Enter")
    wait_moved(page, before)
    assert page.inner_text("#live").strip(), "plays are announced in the live region"
