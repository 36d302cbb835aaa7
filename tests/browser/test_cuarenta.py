"""A whole Cuarenta game played by taps on a phone; capture choices and their highlights."""

from __future__ import annotations

import time

from engine.api import handle

from .helpers import (new_match, play_cuarenta, stored, hand_cards, set_settings, moves, wait_moved,
                      capture_position, claim_position, open_stored)
from .waits import inputs_handled


def test_whole_cuarenta_game_by_taps(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuarenta", {}, seed="c40-browser", query="?players=2")
    assert phone.locator(".table.cuarenta.two").count() == 1
    rec = stored(phone, mid)
    assert rec["match"]["rules"]["players"] == 2
    stats = {}
    t0 = time.time()
    text = play_cuarenta(phone, stats=stats)
    assert "won the match" in text or "won the match." in text
    rec = stored(phone, mid)
    assert rec["status"] == "finished"
    ans = handle({"op": "validate", "match": rec["match"]})
    assert ans["ok"] and ans["finished"]
    view = handle({"op": "view", "match": rec["match"], "seat": 0})["view"]
    assert max(view["score"]) >= 40
    assert rec["result"]["score"] == view["score"]
    assert stats.get("captures", 0) > 0
    print(f"cuarenta game: {len(rec['match']['actions'])} actions, {stats}, {time.time() - t0:.1f}s")


def test_capture_choice_highlights_what_it_takes(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    seed, view, card, options = capture_position()
    mid = new_match(phone, app_url, "cuarenta", {}, seed=seed, query="?players=4")
    phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=30_000)
    assert hand_cards(phone) == view["hand"]
    table = phone.eval_on_selector_all(".table-cards .card", "els => els.map(e => e.dataset.card)")
    assert table == view["table"]
    phone.locator(f".hand button.card[data-card='{card}']").tap()
    buttons = phone.locator(".controls button.capture-btn")
    assert buttons.count() == len(options)
    for i, o in enumerate(options):
        buttons.nth(i).focus()
        lit = phone.eval_on_selector_all(".table-cards .card.take", "els => els.map(e => e.dataset.card)")
        assert sorted(lit) == sorted(o["takes"]), (i, o)
    before = moves(phone)
    buttons.nth(len(options) - 1).tap()
    wait_moved(phone, before)
    rec = stored(phone, mid)
    assert options[-1]["action"] in rec["match"]["actions"]


def test_the_capture_prompt_counts_its_ways_in_singular_and_plural(phone, app_url):
    """Tapping a card that captures shows how many ways there are: "1 way ... choose it",
    not "1 ways ... choose one" (seen in a play-through)."""
    set_settings(phone, speed="instant", lang="en")
    for ways, text in ((1, "1 way to capture with the "), (2, "2 ways to capture with the ")):
        seed, view, card, options = capture_position(ways=ways)
        assert len(options) == ways
        new_match(phone, app_url, "cuarenta", {}, seed=seed, query="?players=4")
        phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=30_000)
        phone.locator(f".hand button.card[data-card='{card}']").tap()
        phone.wait_for_function("t => document.getElementById('toast').textContent.includes(t)", arg=text,
                                timeout=10_000)
        said = phone.inner_text("#toast")
        assert said.endswith("choose it" if ways == 1 else "choose one"), said
        assert phone.locator(".controls button.capture-btn").count() == ways


def test_a_double_tap_on_a_card_keeps_its_captures_offered(phone, app_url):
    """A quick double tap on a card that captures selected it and at once put it back: the
    line still said "choose it", with nothing to choose (seen playing together). The double
    tap keeps the choice open; a later tap, or Cancel, puts the card back and says so."""
    set_settings(phone, speed="instant", lang="en")
    seed, view, card, options = capture_position(ways=1)
    new_match(phone, app_url, "cuarenta", {}, seed=seed, query="?players=4")
    phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=30_000)
    el = phone.locator(f".hand button.card[data-card='{card}']")
    buttons = phone.locator(".controls button.capture-btn")
    el.dblclick()                   # (its clicks say "2" for the second: one gesture)
    inputs_handled(phone)
    assert buttons.count() == 1
    assert phone.inner_text("#toast").endswith("choose it")
    # a second, separate tap: the card goes back (a click of its own says "1", as a tap
    # after the browser's double-click interval does; no waiting for that interval)
    el.click()
    phone.wait_for_function("() => document.getElementById('toast').textContent.includes('stays in your hand')",
                            timeout=10_000)
    assert buttons.count() == 0 and "choose" not in phone.inner_text("#toast")
    el.click()                                  # selected again, then Cancel
    inputs_handled(phone)
    assert buttons.count() == 1
    phone.locator(".controls button:has-text('Cancel')").tap()
    assert buttons.count() == 0
    assert "stays in your hand" in phone.inner_text("#toast")


def test_ronda_claim_at_the_end_of_a_hand(phone, app_url):
    """A 2-player hand played in CPython up to the person's claim of the rival's ronda (after
    the 40th action), opened at its table."""
    set_settings(phone, speed="instant", lang="en")
    mid = open_stored(phone, app_url, claim_position())
    phone.wait_for_selector(".controls button.rank-btn")
    rec = stored(phone, mid)
    view = handle({"op": "view", "match": rec["match"], "seat": 0})["view"]
    assert view["phase"] == "claim" and view["claim"]["seat"] == 0
    assert "Rival" in phone.inner_text(".prompt")
    hint = phone.inner_text(".claim-hint")
    for c in view["claim"]["caida_cards"]:
        assert c[:-1] and any(w in hint.lower() for w in ("king", "queen", "jack", "ace", "two", "three",
                                                            "four", "five", "six", "seven"))
    ranks = phone.eval_on_selector_all(".controls button.rank-btn", "els => els.map(e => e.dataset.action)")
    assert sorted(ranks) == sorted(a for a in view["legal"] if a.startswith("claim:"))
    assert phone.locator(".controls button[data-action=noclaim]").count() == 1
    before = moves(phone)
    phone.locator(".controls button.rank-btn[data-action='claim:K']").tap()
    wait_moved(phone, before)
    rec = stored(phone, mid)
    assert "claim:K" in rec["match"]["actions"]
    # the person's claim is said in the second person (it read "You names the ronda", issue 13)
    assert "You name the ronda" in phone.inner_text("#live")
