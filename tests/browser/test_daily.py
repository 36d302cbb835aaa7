"""The daily deal (issue 16; docs/app.md, "Daily deal and challenges"): the seed is
`daily-<game>-<YYYY-MM-DD>` in the player's local date, so two fresh profiles on the same
date get the same cards (the date is set with Playwright's page clock); after the deal the
result is compared with the expert playing the person's seat on the same cards (the engine's
`duplicate` op), and the streak and the history of results are kept."""

from __future__ import annotations

import datetime as dt

from engine.api import handle

from .helpers import play_on, stored, wait_ready
from .learn_helpers import HAND_OVER, play_first_hand

DAY = dt.datetime(2026, 12, 3, 10, 30)


def open_daily(browser, app_url, game="cuatrola"):
    page = browser.page()
    page.clock.set_fixed_time(DAY)
    page.goto(app_url + "#/")
    wait_ready(page)
    page.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    page.locator("#home-daily").click()
    page.wait_for_selector(f"#daily-{game}")
    page.locator(f"#daily-{game}").click()
    page.wait_for_url("**#/play/*", timeout=60_000)
    page.wait_for_selector(".hand button.card", timeout=60_000)
    return page, page.url.split("#/play/")[1]


def test_the_daily_deal_is_the_same_in_two_fresh_profiles(new_browser, app_url):
    seed = "daily-cuatrola-2026-12-03"
    expected = handle({"op": "new", "game": "cuatrola", "seed": seed, "seat": 0})["view"]["hand"]
    hands, files = [], []
    for _ in range(2):
        page, mid = open_daily(new_browser(installed=True), app_url)
        rec = stored(page, mid)
        files.append(rec["match"])
        hands.append(sorted(page.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")))
        assert rec["origin"] == "daily" and rec["match"]["meta"]["daily"] == "2026-12-03"
        assert rec["match"]["meta"]["level"] == "expert"
        assert "assist" not in rec["match"]["meta"]
    assert hands[0] == hands[1] == sorted(expected)
    assert files[0]["seed"] == files[1]["seed"] == seed
    assert files[0]["rules"] == files[1]["rules"]


def test_daily_result_against_the_machine_streak_and_history(new_browser, app_url):
    browser = new_browser(installed=True)
    page, mid = open_daily(browser, app_url, "cuarenta")
    assert stored(page, mid)["match"]["rules"]["players"] == 2
    # the deal played in CPython (the expert computer players as the app's) up to the
    # person's last card, then by taps to its end
    play_on(page, app_url, mid)
    play_first_hand(page)
    page.locator(f"{HAND_OVER} button.primary").click()       # "See the result"
    page.wait_for_url(f"**#/result/{mid}")
    page.wait_for_selector(".page.result[data-done=true]", timeout=120_000)
    m = stored(page, mid)["match"]
    dup = handle({"op": "duplicate", "match": m, "seat": 0, "level": "expert"})
    line = page.inner_text("#result-line")
    diff = dup["mine"]["margin"] - dup["machine"]["margin"]
    if diff:
        assert f"{abs(diff)} points {'more' if diff > 0 else 'less'} than the machine" in line
    else:
        assert "machine" in line
    other = page.inner_text(".result-col.other")
    pts = dup["machine"]["points"]
    assert f"us {pts[0]}, them {pts[1]}" in other
    assert "Streak: 1 day in a row" in page.inner_text(".page.result")
    # the daily screen: today's Cuarenta is done (its comparison), the history lists it
    page.goto(app_url + "#/daily")
    page.wait_for_selector("#daily-history")
    assert "2026-12-03" in page.inner_text("#daily-history")
    assert "Streak: 1 day in a row" in page.inner_text("#daily-streak")
    assert page.get_attribute("#daily-cuarenta", "href") == f"#/result/{mid}"
    # opening it again the same day opens the same match (no second deal)
    page.goto(app_url + "#/daily/cuarenta")
    page.wait_for_url(f"**#/result/{mid}", timeout=30_000)
