"""Seeded deal links (docs/share-links.md): the very deal of the engine, first visit and
offline; malformed or tampered links are refused with a clear message."""

from __future__ import annotations

import base64
import hashlib
import json
from urllib.parse import parse_qs, urlsplit

from engine.api import handle

from .helpers import make_link, wait_ready, hand_cards, stored, press, set_settings, new_match, goto

RULES = {"end": "target", "target": 5, "quintola": True, "cantes": "first_trick"}


def expected(game, seed, rules):
    ans = handle({"op": "new", "game": game, "seed": seed, "rules": rules, "seat": 0})
    assert ans["ok"], ans
    return ans["match"], ans["view"]


def open_link(page, url):
    page.goto(url)
    wait_ready(page)
    page.wait_for_url("**#/play/*", timeout=60_000)
    page.wait_for_selector(".table .hand button.card", timeout=30_000)
    return page.url.split("#/play/")[1]


def test_link_deals_the_engines_hand_on_a_very_first_visit(new_browser, app_url):
    match, view = expected("cuatrola", "compartida 1", RULES)
    b = new_browser()
    page = b.page()
    mid = open_link(page, make_link(app_url, "cuatrola", "compartida 1", match["rules"]))
    assert hand_cards(page) == view["hand"]
    assert page.get_attribute(".trump-box .card", "data-card") == view["trump_card"]
    rec = stored(page, mid)
    assert rec["origin"] == "link"
    assert rec["match"]["seed"] == "compartida 1" and rec["match"]["rules"] == match["rules"]
    # a 2-player Cuarenta link too
    m40, v40 = expected("cuarenta", "c40 link", {"players": 2})
    open_link(page, make_link(app_url, "cuarenta", "c40 link", m40["rules"]))
    page.wait_for_function("(n) => document.querySelectorAll('.hand button.card').length === n",
                           arg=len(v40["hand"]))
    assert sorted(hand_cards(page)) == sorted(v40["hand"])


def test_link_works_offline_once_installed(phone, app_url, server, installed):
    match, view = expected("cuatrola", "offline link", {})
    server.offline = True
    installed.context.set_offline(True)
    mid = open_link(phone, make_link(app_url, "cuatrola", "offline link", match["rules"]))
    assert hand_cards(phone) == view["hand"]
    assert stored(phone, mid)["match"]["seed"] == "offline link"


def test_share_dialog_gives_a_link_that_round_trips(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {"quintola": True}, seed="to share")
    press(phone, phone.locator(".tbar button[aria-label=Menu]"))
    press(phone, phone.locator("dialog[open] button[data-value=share]"))
    phone.wait_for_selector("dialog.share[open] .link-field")
    link = phone.input_value("dialog.share .link-field")
    press(phone, phone.locator("dialog.share button[data-value=close]"))
    assert link.startswith(app_url + "#/deal?")
    q = {k: v[0] for k, v in parse_qs(urlsplit(link).fragment.split("?", 1)[1]).items()}
    assert q["v"] == "1" and q["g"] == "cuatrola" and q["dv"] == "1" and q["s"] == "to share"
    r = q["r"] + "=" * (-len(q["r"]) % 4)
    rules = json.loads(base64.urlsafe_b64decode(r))
    assert rules == stored(phone, mid)["match"]["rules"]
    c = hashlib.sha256(f"tapete-link|1|cuatrola|1|to share|{q['r']}".encode()).hexdigest()[:12]
    assert q["c"] == c
    assert link == make_link(app_url, "cuatrola", "to share", rules)


# One link of each way a link is refused (every one of the codec's refusals, with its message,
# is tests/js/links.test.mjs's): by the link's check, and by the engine (a deal version other
# than its own, a rule value it refuses); the message on screen, and the app goes on.
def test_bad_links_give_a_clear_message_and_the_app_goes_on(phone, app_url):
    set_settings(phone, lang="en")
    good = make_link(app_url, "cuatrola", "ok", expected("cuatrola", "ok", {})[0]["rules"])
    cases = {"tampered seed": make_link(app_url, "cuatrola", "ok", {"end": "hands"}, tamper={"s": "another seed"}),
             "other deal version, valid check": make_link(app_url, "cuatrola", "ok", {"end": "hands"}, dv=7)}
    cases["cut short"] = good[: len(good) - 30]
    cases["invalid rule value, valid check"] = make_link(app_url, "cuatrola", "ok", {"target": 1000})
    for name, url in cases.items():
        phone.goto(url)
        wait_ready(phone)
        phone.wait_for_selector(".link-error[role=alert]", timeout=30_000)
        text = phone.inner_text(".link-error")
        assert "cannot be used" in text, (name, text)
        assert len(text) > 40, (name, text)
        assert "#/play/" not in phone.url, name
    # the app keeps working
    press(phone, phone.locator(".link-error a.btn"))
    phone.wait_for_selector("#new-cuatrola")
    assert open_link(phone, good)
