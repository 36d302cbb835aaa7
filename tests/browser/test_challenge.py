"""Duplicate challenges (issue 16; docs/share-links.md, "Challenge links"): "Challenge a
friend" after any hand gives a link (after hand 2 or later it carries the hands before it); a second profile opening it plays the same cards
from the same seat against the same computer players and then sees both results side by side
and the review. Malformed or altered links get a clear message."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from engine.api import handle

from .helpers import (match_file, near_hand_end, open_stored, play_on, press, set_settings, stored,
                      wait_ready)
from .learn_helpers import HAND_OVER, challenge_link, play_first_hand


def first_hand(match, seat=0):
    hand = handle({"op": "summary", "match": match})["summary"]["hands"][0]
    side = seat % 2
    detail = hand.get("totals") or hand.get("captured")
    return [hand["points"][side], hand["points"][1 - side]], [detail[side], detail[1 - side]]


def test_a_challenge_played_in_a_second_profile_shows_both_results(phone, app_url, new_browser):
    set_settings(phone, lang="en", speed="instant")
    # each hand is played in CPython up to the person's last card, then by taps to its end
    mid = open_stored(phone, app_url, near_hand_end(
        match_file("cuatrola", seed="challenge-1", level="novice")))
    play_first_hand(phone)
    press(phone, phone.locator(f"{HAND_OVER} button[data-value=challenge]"))
    phone.wait_for_selector("#challenge-link")
    url = phone.input_value("#challenge-link")
    a = stored(phone, mid)["match"]
    points_a, detail_a = first_hand(a)
    q = parse_qs(urlparse(url).fragment.split("?", 1)[1])
    assert q["s"] == ["challenge-1"] and q["lv"] == ["novice"] and q["v"] == ["1"]
    assert q["p"] == [f"{points_a[0]},{points_a[1]}"] and q["d"] == [f"{detail_a[0]},{detail_a[1]}"]
    phone.locator("dialog.challenge button[data-value=close]").click()

    friend = new_browser(installed=True)
    page = friend.page()
    page.goto(url)
    wait_ready(page)
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    page.wait_for_url("**#/play/*", timeout=60_000)
    bid = page.url.split("#/play/")[1]
    b = stored(page, bid)
    # the same deal, rules and computer players; no hint or take-back in a challenge
    assert b["match"]["seed"] == a["seed"] and b["match"]["rules"] == a["rules"]
    assert b["match"]["meta"]["level"] == "novice"
    assert b["match"]["meta"]["challenge"] == {"points": points_a, "detail": detail_a, "level": "novice"}
    assert b["origin"] == "challenge"
    page.wait_for_selector(".hand button.card", timeout=60_000)
    assert sorted(page.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")) == \
        sorted(handle({"op": "view", "match": dict(a, actions=[]), "seat": 0})["view"]["hand"])
    play_on(page, app_url, bid)
    play_first_hand(page)
    page.locator(f"{HAND_OVER} button.primary").click()      # "See the result"
    page.wait_for_url("**#/result/*")
    page.wait_for_selector(".page.result[data-done=true]", timeout=60_000)
    points_b, detail_b = first_hand(stored(page, bid)["match"])
    mine = page.inner_text(".result-col.mine")
    other = page.inner_text(".result-col.other")
    assert f"us {points_b[0]}, them {points_b[1]}" in mine
    assert f"us {points_a[0]}, them {points_a[1]}" in other and "Your friend" in other
    assert f"{detail_a[0]}–{detail_a[1]}" in other
    line = page.inner_text("#result-line")
    diff = (points_b[0] - points_b[1]) - (points_a[0] - points_a[1])
    if diff:
        assert f"{abs(diff)} points {'more' if diff > 0 else 'less'}" in line
    # and the review of that deal
    page.locator("#result-review").click()
    page.wait_for_url(f"**#/review/{bid}?hand=1")
    page.wait_for_selector(".review-list > li.decision", timeout=60_000)


def test_bad_challenge_links_get_a_clear_message(phone, app_url):
    set_settings(phone, lang="en", speed="instant")
    rules = handle({"op": "new", "game": "cuatrola", "seed": "x"})["match"]["rules"]
    good = dict(game="cuatrola", seed="dare", rules=rules, level="expert", points=[1, 0], detail=[80, 50])
    # refused by the link's check, by the engine (a level it does not have), and not a link at
    # all; every refusal of the codec, with its message, is tests/js/links.test.mjs's
    cases = [
        (challenge_link(app_url, **good, tamper={"p": "5,0"}), "changed or damaged"),     # a better result typed in
        (challenge_link(app_url, **dict(good, level="grandmaster")), "changed or damaged"),
        (app_url + "#/challenge?garbage%%%", "incomplete"),
    ]
    refused_links(phone, app_url, cases)


CATALOG = json.loads((Path(__file__).resolve().parents[2] / "web/i18n/en.json").read_text())


def refused_links(page, app_url, cases):
    """Each (link, words) of ``cases`` opens to the bad-link message with those words; then
    the app goes on."""
    for url, words in cases:
        page.goto(app_url + "#/")
        page.goto(url)
        wait_ready(page)
        page.wait_for_selector(".link-error", timeout=30_000)
        text = page.inner_text(".link-error")
        assert CATALOG["challenge.bad_title"] in text, url
        assert words.lower() in text.lower(), (url, text)
    page.goto(app_url + "#/")
    page.wait_for_selector("#new-cuatrola")


def catalog_text(key, **params):
    text = CATALOG[key]
    for k, v in params.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def hand_result(match, hand, seat=0):
    """Hand ``hand`` (1-based) of a match: its points and count from ``seat``'s side first."""
    row = handle({"op": "summary", "match": match})["summary"]["hands"][hand - 1]
    side = seat % 2
    detail = row.get("totals") or row.get("captured")
    return [row["points"][side], row["points"][1 - side]], [detail[side], detail[1 - side]]


def actions_before(match, hand):
    """The match's actions before hand ``hand`` (1-based): the hands already over."""
    starts = handle({"op": "replay", "match": match, "seat": 0, "upto": 0})["hand_starts"]
    return match["actions"][:starts[hand - 1]]


def test_a_challenge_after_the_second_hand_plays_that_hand(phone, app_url, new_browser):
    """After hand 2, "Challenge a friend" carries the hand number and the hands before it
    (docs/share-links.md, version 2): the friend plays hand 2 with the same cards, from the
    same score, against the same computer players, then sees both results of that hand."""
    set_settings(phone, lang="en", speed="instant")
    # each hand is played in CPython up to the person's last card, then by taps to its end
    mid = open_stored(phone, app_url, near_hand_end(
        match_file("cuatrola", seed="challenge-2", level="novice")))
    play_first_hand(phone)
    assert phone.locator(f"{HAND_OVER} button[data-value=challenge]").count() == 1
    phone.locator(f"{HAND_OVER} button.primary").click()     # "Next hand"
    phone.wait_for_selector(HAND_OVER, state="detached")
    play_on(phone, app_url, mid)
    play_first_hand(phone)                                    # hand 2, up to its dialog
    assert catalog_text("hand.title", n=2) in phone.inner_text(HAND_OVER)
    press(phone, phone.locator(f"{HAND_OVER} button[data-value=challenge]"))
    phone.wait_for_selector("#challenge-link")
    url = phone.input_value("#challenge-link")
    a = stored(phone, mid)["match"]
    assert handle({"op": "view", "match": a, "seat": 0})["view"]["hands_played"] == 2
    prefix = actions_before(a, 2)
    assert 0 < len(prefix) < len(a["actions"])
    points_a, detail_a = hand_result(a, 2)
    q = parse_qs(urlparse(url).fragment.split("?", 1)[1])
    assert q["v"] == ["2"] and q["h"] == ["2"] and q["s"] == ["challenge-2"] and q["lv"] == ["novice"]
    assert q["p"] == [f"{points_a[0]},{points_a[1]}"] and q["d"] == [f"{detail_a[0]},{detail_a[1]}"]
    # the prefix travels as documented: the app's link is the Python function's link
    assert url.split("#", 1)[1] == challenge_link(
        "", "cuatrola", "challenge-2", a["rules"], "novice", points_a, detail_a, hand=2, prefix=prefix).split("#", 1)[1]
    phone.locator("dialog.challenge button[data-value=close]").click()

    friend = new_browser(installed=True)
    page = friend.page()
    page.goto(url)
    wait_ready(page)
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    page.wait_for_url("**#/play/*", timeout=60_000)
    bid = page.url.split("#/play/")[1]
    b = stored(page, bid)
    assert b["origin"] == "challenge"
    assert b["match"]["seed"] == a["seed"] and b["match"]["rules"] == a["rules"]
    assert b["match"]["actions"][:len(prefix)] == prefix
    assert b["match"]["meta"]["challenge"] == {"points": points_a, "detail": detail_a, "level": "novice", "hand": 2}
    # the same cards in the person's hand as the challenger had when hand 2 began
    start_a = handle({"op": "view", "match": dict(a, actions=prefix), "seat": 0})["view"]
    assert start_a["hands_played"] == 1
    page.wait_for_selector(".hand button.card", timeout=60_000)
    shown = sorted(page.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)"))
    if len(b["match"]["actions"]) == len(prefix):   # nothing played yet in hand 2
        assert shown == sorted(start_a["hand"])
    assert sorted(handle({"op": "view", "match": dict(b["match"], actions=prefix), "seat": 0})["view"]["hand"]) == \
        sorted(start_a["hand"])
    play_on(page, app_url, bid)
    play_first_hand(page)
    page.locator(f"{HAND_OVER} button.primary").click()      # "See the result"
    page.wait_for_url("**#/result/*")
    page.wait_for_selector(".page.result[data-done=true]", timeout=60_000)
    bm = stored(page, bid)["match"]
    assert handle({"op": "view", "match": bm, "seat": 0})["view"]["hands_played"] == 2   # it stopped after hand 2
    points_b, detail_b = hand_result(bm, 2)
    assert f"us {points_b[0]}, them {points_b[1]}" in page.inner_text(".result-col.mine")
    other = page.inner_text(".result-col.other")
    assert f"us {points_a[0]}, them {points_a[1]}" in other and "Your friend" in other
    assert f"{detail_a[0]}–{detail_a[1]}" in other
    page.locator("#result-review").click()
    page.wait_for_url(f"**#/review/{bid}?hand=2")
    page.wait_for_selector(".review-list > li.decision", timeout=60_000)
    # altered prefixes and hand numbers get the clear message
    rules = a["rules"]
    good = dict(game="cuatrola", seed="challenge-2", rules=rules, level="novice", points=points_a, detail=detail_a)
    illegal = list(prefix)
    illegal[5] = "pass" if illegal[5] != "pass" else "1O"
    # what the engine checks, and an altered hand number (the link's own checks of h and a:
    # tests/js/links.test.mjs)
    cases = [
        (challenge_link(app_url, **good, hand=3, prefix=prefix), "changed or damaged"),          # not where hand 3 begins
        (challenge_link(app_url, **good, hand=2, prefix=prefix[:-1]), "changed or damaged"),    # hand 1 not over
        (challenge_link(app_url, **good, hand=2, prefix=prefix + prefix[:1]), "changed or damaged"),  # hand 2 begun
        (challenge_link(app_url, **good, hand=2, prefix=illegal), "changed or damaged"),       # an illegal action
        (challenge_link(app_url, **good, hand=2, prefix=prefix, tamper={"h": "3"}), "changed or damaged"),
    ]
    refused_links(page, app_url, cases)
