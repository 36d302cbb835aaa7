"""The game explained at the table (issue 13): bid buttons say what each contract needs and
scores under the match's rules; the end of a hand says why the points went where they did;
after a Cuarenta hand the ronda ranks that were hidden are shown."""

from __future__ import annotations

from engine.api import handle

from .conftest import read_catalog
from .helpers import (close_dialog, cuarenta_move, match_file, moves, near_hand_end, new_match, open_stored,
                      play_on, set_settings, stored, wait_moved)

EN = read_catalog("en")


def pts(n):
    return EN["terms.pts.one"] if n == 1 else EN["terms.pts.other"].replace("{n}", str(n))


def fill(key, **params):
    s = EN[key]
    for k, v in params.items():
        s = s.replace("{" + k + "}", str(v))
    return s


def test_bid_buttons_say_what_each_contract_needs_and_scores(phone, app_url):
    """Seed 000: 'Ohne Quintola erfordert Cuatrola den Gewinn aller fünf Stiche ... Mit Quintola
    erfordert Cuatrola vier der fünf Stiche ... Quintola alle fünf Stiche ... fünf Punkte';
    Solo 'die Runde ist dann das Doppelte wert'."""
    set_settings(phone, speed="instant", lang="en")
    new_match(phone, app_url, "cuatrola", {"quintola": True}, seed="terms-1")
    phone.wait_for_selector(".controls button.bid", timeout=60_000)
    texts = dict(phone.eval_on_selector_all(
        ".controls button.bid", "els => els.map(e => [e.dataset.action, e.querySelector('.btn-sub') ? "
        "e.querySelector('.btn-sub').textContent : ''])"))
    assert texts["cuatrola"] == fill("terms.tricks", tricks=4, of=5, pts=pts(4))
    assert texts["quintola"] == fill("terms.tricks", tricks=5, of=5, pts=pts(5))
    assert texts["solo"] == fill("terms.solo", pts=pts(2))
    view = handle({"op": "view", "match": stored(phone, phone.url.split("#/play/")[1])["match"],
                   "seat": 0})["view"]
    if all(b["bid"] == "pass" for b in view["bids"]):
        assert texts["pass"] == fill("terms.pass", pts=pts(1))
    else:
        assert texts["pass"] == ""


def test_the_end_of_a_hand_says_why(phone, app_url):
    """The hand (seed why-1) played in CPython up to the person's last card, then by taps."""
    set_settings(phone, speed="instant", lang="en")
    mid = open_stored(phone, app_url, near_hand_end(
        match_file("cuatrola", {"end": "hands", "hands": 1}, seed="why-1")))
    for _ in range(200):
        phone.wait_for_selector(".controls button.bid, .hand button.card:not(.illegal), "
                                "dialog.hand-over[open]", timeout=60_000)
        if phone.locator("dialog.hand-over[open]").count():
            break
        before = moves(phone)
        if phone.locator(".controls button.bid").count():
            phone.locator(".controls button.bid[data-action=pass]").tap()
        else:
            phone.locator(".hand button.card:not(.illegal)").first.tap()
        wait_moved(phone, before)
    why = phone.inner_text("dialog.hand-over .hand-why")
    hand = handle({"op": "summary", "match": stored(phone, mid)["match"]})["summary"]["hands"][0]
    a, b = hand["totals"]
    totals = fill("hand.why.tie" if hand["decided_by"] == "ultimas_tie" else "hand.why.totals",
                  a=a, b=b)
    if hand["contract"] == "normal":
        want = f"{totals} · {pts(hand['value'])}"
    else:
        result = fill("hand.why.made" if hand["made"] else "hand.why.failed",
                      contract=EN[f"bid.{hand['contract']}"], pts=pts(hand["value"]))
        want = result if hand["decided_by"] == "tricks" else f"{result} · {totals}"
    assert why == want
    close_dialog(phone)


def _ronda_seed():
    """A 2-player seed whose first deal gives the rival (seat 1) a ronda."""
    for k in range(300):
        r = handle({"op": "new", "game": "cuarenta", "seed": f"ronda-{k}", "rules": {"players": 2},
                    "seat": 1})
        mine = [x for x in r["view"]["rondas"] if x["seat"] == 1 and x["deal"] == 1]
        if mine:
            return f"ronda-{k}", mine[0]["rank"]
    raise AssertionError("no seed with a rival ronda")


def test_after_a_cuarenta_hand_the_hidden_ronda_ranks_are_shown(phone, app_url):
    """Seed 004 'Ronda: drei Karten gleichen Rangs' — the rank is the holder's secret during the
    hand; the end-of-hand breakdown shows it."""
    seed, rank = _ronda_seed()
    set_settings(phone, speed="instant", lang="en")
    new_match(phone, app_url, "cuarenta", {"players": 2}, seed=seed)
    # during the hand the rival's ronda shows without its rank
    phone.wait_for_selector(".seat[data-seat='1'] .chip", timeout=60_000)
    assert rank not in phone.inner_text(".seat[data-seat='1'] .seat-label").split()
    # the rest of the hand played in CPython up to the person's last card, then by taps
    play_on(phone, app_url, phone.url.split("#/play/")[1])
    for _ in range(400):
        phone.wait_for_selector(".hand button.card:not(.illegal), .controls button.rank-btn, "
                                "dialog[open]", timeout=60_000)
        if phone.locator("dialog.hand-over[open], dialog.match-over[open]").count():
            break
        before = moves(phone)
        cuarenta_move(phone)
        wait_moved(phone, before)
    text = phone.inner_text("dialog[open] .rondas-shown")
    name = EN[f"card.fr.rank.{rank}"]
    assert fill("c40.ronda_of", name=EN["seat.rival"], rank=name) in text, text
