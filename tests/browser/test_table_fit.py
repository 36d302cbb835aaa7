"""The table fits its window (issue 13, issue 32): a desktop window scales it up; the header and
the seats' names on a small phone in every language; a phone held sideways; every window with
every row of controls a table can show."""

from __future__ import annotations

import functools

from engine.api import handle

from .conftest import read_catalog
from .helpers import (cover_seed, cuatrola_seed, goto, match_file, my_turn, new_match, open_stored,
                      played_until, press, put_raw, rival_solo, seat0_view, set_settings, start_form,
                      use_language)
from .waits import resize


SIZES = """() => ({ prompt: parseFloat(getComputedStyle(document.querySelector('.prompt')).fontSize),
  say: parseFloat(getComputedStyle(document.querySelector('.say-line')).fontSize),
  card: document.querySelector('.hand button.card').getBoundingClientRect().width,
  trick: parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--trick-w')) || 0 })"""


def test_the_table_scales_up_on_a_desktop_window(phone, app_url, new_browser):
    set_settings(phone, speed="instant", lang="en")
    new_match(phone, app_url, "cuatrola", {}, seed=cover_seed())
    my_turn(phone)
    small = phone.evaluate(SIZES)
    b = new_browser(phone=False, installed=True, viewport={"width": 1440, "height": 900})
    page = b.page()
    goto(page, app_url)
    set_settings(page, speed="instant", lang="en")
    new_match(page, app_url, "cuatrola", {}, seed=cover_seed())
    my_turn(page)
    big = page.evaluate(SIZES)
    assert big["prompt"] >= small["prompt"] * 1.25, (small, big)
    assert big["say"] >= small["say"] * 1.25, (small, big)
    assert big["card"] >= small["card"] * 1.5, (small, big)

# The table's header on a small phone: every element of the bar inside the screen and the
# title ("Hand 1", the phase under it) readable in full, in every language.
HEADER_FITS = """() => {
  const vw = document.documentElement.clientWidth;
  const bar = document.querySelector('.tbar');
  const out = [];
  for (const el of bar.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > vw + 0.5)) out.push(`${el.className} outside: ${r.left}-${r.right}`);
  }
  for (const el of bar.querySelectorAll('.ttitle, .tsub')) {
    if (el.textContent && el.scrollWidth > el.clientWidth) out.push(`${el.className} cut: "${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}`);
    if (el.textContent && el.scrollHeight > el.clientHeight + 1) out.push(`${el.className} cut: "${el.textContent}" ${el.scrollHeight} > ${el.clientHeight} high`);
  }
  return out;
}"""


@functools.cache
def positions():
    """The table states these tests look at, reached in CPython (``played_until``), no taps:
    {name: match}. Cuatrola (seed ``cover_seed``): the person's first bid, a trick being
    played (cards in the middle, the person to play); Cuatrola with a rival playing Solo (the
    contract in the header's subtitle); Cuarenta for four at the person's first turn; the
    same Cuatrola states with the hint and take-back buttons switched on."""
    cover = match_file("cuatrola", seed=cover_seed())
    solo = played_until(match_file("cuatrola", seed=cuatrola_seed("hdr", rival_solo)),
                        lambda v: v["turn"] == 0 and v["phase"] == "play")
    assert rival_solo(seat0_view(solo)), seat0_view(solo)
    out = {
        "cuatrola bids": played_until(cover, lambda v: v["turn"] == 0),
        "cuatrola trick": played_until(cover, lambda v: v["turn"] == 0 and v["phase"] == "play" and v["trick"]),
        "cuatrola solo": solo,
        "cuarenta": played_until(match_file("cuarenta", seed=cover_seed()), lambda v: v["turn"] == 0),
    }
    for name in ("cuatrola bids", "cuatrola trick"):
        m = out[name]
        out[f"{name}, assists"] = dict(m, meta={**m["meta"], **ASSISTS})
    return out


def open_position(page, app_url, name, lang):
    """The table of ``positions()[name]`` opened (stored as a new record for ``lang``)."""
    open_stored(page, app_url, positions()[name], mid=f"fit-{lang}-{name.replace(' ', '-').replace(',', '')}")
    my_turn(page)


def test_the_table_header_fits_a_small_phone(phone, app_url):
    # seen at 320 px: the trump chip and the score left the title 3 px ("Hand 1" gone); seen
    # at 412 px in Spanish: "Solo de Izquierda" cut to "Solo de Izq…" (the header was only
    # looked at while bidding, whose subtitle is short)
    try:
        for lang in ("en", "es", "de", "fr"):
            resize(phone, 412, 839)
            use_language(phone, app_url, lang, speed="instant")
            for name in ("cuatrola bids", "cuatrola solo", "cuarenta"):
                open_position(phone, app_url, name, lang)
                if name == "cuatrola solo":    # the contract in the subtitle
                    assert phone.inner_text(".tbar .tsub") != read_catalog(lang)["table.bidding"]
                for width in (320, 360, 412):
                    resize(phone, width, 640)
                    assert phone.evaluate(HEADER_FITS) == [], (lang, name, width)
                    if name.startswith("cuatrola"):   # the trump stays named (its chip's accessible name)
                        assert phone.locator(".tbar .trump-chip").get_attribute("aria-label")
                resize(phone, 412, 839)
    finally:
        resize(phone, 412, 839)
        use_language(phone, app_url, "en", speed="instant")


# The seats' names on the table broken inside a word: each word of a name laid out on more
# than one line (a Range over the word has client rects on several lines).
NAMES_BROKEN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.felt .seat-label .name')) {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    let at = 0;
    for (const word of text.data.split(/(\\s+)/)) {
      if (word.trim()) {
        const r = document.createRange();
        r.setStart(text, at); r.setEnd(text, at + word.length);
        const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
        if (tops.size > 1) out.push(word);
      }
      at += word.length;
    }
  }
  return out;
}"""


def test_no_seat_name_is_broken_inside_a_word_on_a_small_phone(phone, app_url):
    # seen at 360 px in Spanish: "Izquier|da" and "Derech|a" on two lines beside the felt
    try:
        for lang in ("es", "fr", "de", "en"):
            resize(phone, 412, 839)
            use_language(phone, app_url, lang, speed="instant")
            # the side columns are narrowest with cards in the middle: a trick being played
            for name in ("cuatrola trick", "cuarenta"):
                open_position(phone, app_url, name, lang)
                assert phone.locator(".felt .seat-label .name").count() >= 3, (lang, name)
                for width in (320, 360, 412):
                    resize(phone, width, 640)
                    assert phone.evaluate(NAMES_BROKEN) == [], (lang, name, width)
                resize(phone, 412, 839)
    finally:
        resize(phone, 412, 839)
        use_language(phone, app_url, "en", speed="instant")


# A phone held sideways: the table's two columns (the felt; your row, the controls and your
# hand) within the screen, nothing of the controls cut and nothing to scroll to.
SIDEWAYS_FITS = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1) out.push(`page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  const bottom = document.querySelector('.table .bottom');
  if (bottom.scrollHeight > bottom.clientHeight + 1) out.push(`bottom scrolls: ${bottom.scrollHeight} > ${bottom.clientHeight}`);
  for (const el of document.querySelectorAll('.table .bottom > *, .table .me-row > *, .table .controls .btn, .table .hand button.card, .table .tbar .score')) {
    if (!el.getClientRects().length) continue;  // not shown
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      out.push(`${el.className} outside: ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    if (el.matches('.btn') && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
      out.push(`${el.className} cut: "${el.textContent}" ${el.scrollWidth}x${el.scrollHeight} > ${el.clientWidth}x${el.clientHeight}`);
  }
  return out;
}"""


def test_the_table_fits_a_phone_held_sideways(phone, app_url):
    # seen at 740x360 in German while bidding: the page scrolled 80 px (the header out of
    # sight) and the bid buttons wrapped the hand onto a second row under them; with the
    # hint and take-back buttons the announcement line went up out of reach
    try:
        for lang in ("de", "fr", "es"):
            resize(phone, 412, 839)
            use_language(phone, app_url, lang, speed="instant")
            if lang == "de":   # hint and take-back switched on by taps on the form, in mid-screen
                start_form(phone, app_url, "cuatrola", seed=cover_seed())   # (its sticky "Start" bar
                for box in ("#assist-hint", "#assist-takeback"):            # covers its bottom edge)
                    phone.locator(box).evaluate("e => e.scrollIntoView({block: 'center'})")
                    press(phone, phone.locator(f"label[for={box[1:]}]"))
                    assert phone.is_checked(box), (lang, box)
            # the first turn (Cuatrola: the bids) and the felt with cards in the middle, your
            # cards to play; with the hint and take-back on, both stay in the table's menu
            for name in ("cuatrola bids", "cuatrola trick", "cuarenta", "cuatrola bids, assists",
                         "cuatrola trick, assists"):
                open_position(phone, app_url, name, lang)
                if name == "cuatrola bids":
                    assert phone.locator(".controls button.bid").count() >= 3, lang
                for width, height in ((667, 375), (740, 360), (839, 412)):
                    resize(phone, width, height)
                    assert phone.evaluate(SIDEWAYS_FITS) == [], (lang, name, width, height)
                    assert phone.evaluate(HEADER_FITS) == [], (lang, name, width, height)
                resize(phone, 412, 839)
                if name.endswith("assists"):   # upright again, the buttons are back beside your seat
                    assert phone.locator("#hint-btn").is_visible()
    finally:
        resize(phone, 412, 839)
        use_language(phone, app_url, "en", speed="instant")


# ---------------------------------------------------------------- every window, every row of controls
# Issue 32: on a short landscape window (1024x730, 1366x682) the table overflowed while the
# capture choice was shown (the header or the bottom of the hand cut off, the page scrolled).
# Every size either way up, with every row of controls a table can show: the bids, a capture
# choice (four ways), a ronda claim, the hint and take-back buttons; the felt's cards, seats
# and cartons inside the felt (none under your part of the table).
WINDOWS = [(1024, 730), (1366, 682), (412, 839), (360, 640)]
FELT_FITS = """() => {
  const out = [];
  const f = document.querySelector('.table .felt').getBoundingClientRect();
  for (const el of document.querySelectorAll('.table .felt .card, .table .felt .seat-label, .table .felt .carton, .table .felt .trump-box')) {
    if (!el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (r.top < f.top - 0.5 || r.bottom > f.bottom + 0.5 || r.left < f.left - 0.5 || r.right > f.right + 0.5)
      out.push(`${el.className} ${el.dataset.card || ''} out of the felt: ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} in ${Math.round(f.top)}-${Math.round(f.bottom)}`);
  }
  return out;
}"""
ASSISTS = {"assist": {"hint": True, "takeback": True}}


def _bot_until(match, want, mine=None, limit=300):
    """Play on with the novice in every seat (``mine(view)`` for the person's seat, when given)
    until ``want(view of seat 0)``; None if the match ends first."""
    for _ in range(limit):
        view = handle({"op": "view", "match": match, "seat": 0})["view"]
        if want(view):
            return match
        if view.get("winner") is not None:
            return None
        seat = view["turn"]
        action = (mine(view) if seat == 0 and mine else None) or handle(
            {"op": "bot", "match": match, "seat": seat, "level": "novice"})["action"]
        match = handle({"op": "act", "match": match, "seat": seat, "action": action})["match"]
    return None


def _new(game, seed, players=None):
    return handle({"op": "new", "game": game, "seed": seed, "seat": 0, "rules": {"players": players} if players else {},
                   "meta": {"app": "tapete-web", "level": "novice", **ASSISTS}})["match"]


@functools.cache
def every_controls_row():
    """[(name, match, card to tap or None)]: Cuatrola's bids and a trick; Cuarenta (2 and 4
    players) choosing among four captures, and claiming a ronda (found with CPython)."""
    out = []
    out.append(("bids", _bot_until(_new("cuatrola", "rows-bid"), lambda v: v["turn"] == 0), None))
    out.append(("trick", _bot_until(_new("cuatrola", "rows-trick"), lambda v: v["turn"] == 0 and v["phase"] == "play"
                                    and len(v.get("trick") or []) >= 2, mine=lambda v: "pass" if "pass" in v["legal"] else None), None))

    def ways(v):
        by = {}
        for o in v["captures"]:
            by.setdefault(o["card"], []).append(o)
        return max(by.items(), key=lambda kv: len(kv[1]), default=(None, []))

    for players in (2, 4):
        for k in range(400):
            m = _bot_until(_new("cuarenta", f"rows-cap-{k}", players), lambda v: v["turn"] == 0 and v["phase"] == "play"
                           and len(ways(v)[1]) >= 4 and len(v["table"]) >= 4, limit=60)
            if m:
                view = handle({"op": "view", "match": m, "seat": 0})["view"]
                out.append((f"capture choice, {players} players", m, ways(view)[0]))
                break
        for k in range(300):
            m = _bot_until(_new("cuarenta", f"rows-claim-{k}", players), lambda v: v["phase"] == "claim" and v["turn"] == 0, limit=200)
            if m:
                out.append((f"ronda claim, {players} players", m, None))
                break
    assert len(out) == 6, [n for n, _, _ in out]
    return out


def test_the_table_fits_every_window_with_every_row_of_controls(phone, app_url):
    from .review_helpers import record
    looks = (("de", {}), ("es", {}), ("es", {"cardSize": "large", "indices": "large", "hand": "left"}))
    try:
        for lang, look in looks:
            resize(phone, 412, 839)
            use_language(phone, app_url, lang, speed="instant", **{"cardSize": "normal", "indices": "normal", "hand": "right", **look})
            for n, (name, match, card) in enumerate(every_controls_row()):
                rid = f"rows-{lang}-{len(look)}-{n}"
                put_raw(phone, record(rid, match))
                resize(phone, 412, 839)
                phone.goto(f"{app_url}#/play/{rid}")
                phone.wait_for_selector(".table .controls button, .table .hand button.card:not(.illegal)", timeout=60_000)
                if card:
                    press(phone, phone.locator(f".hand button.card[data-card='{card}']"))
                    phone.wait_for_selector(".controls .capture-btn")
                    assert phone.locator(".controls .capture-btn").count() >= 4, name
                assert phone.locator("#hint-btn").count() == 1, name
                for w, h in WINDOWS + [(h, w) for w, h in WINDOWS]:
                    resize(phone, w, h)
                    where = (lang, look, name, w, h)
                    assert phone.evaluate(SIDEWAYS_FITS) == [], where
                    assert phone.evaluate(HEADER_FITS) == [], where
                    assert phone.evaluate(FELT_FITS) == [], where
                    if name == "capture choice, 2 players" and (w, h) == (1366, 682) and not look:
                        # a wide, short window: the table's cards in one row, as large as its
                        # height allows (in two rows of four they were 40 px wide, the hand's 100)
                        widths = phone.eval_on_selector_all(".table-cards > .card", "els => els.map(e => e.getBoundingClientRect().width)")
                        assert len(widths) >= 7 and min(widths) >= 70, (where, widths)
                    if look and (w, h) == (1366, 682):
                        # large cards overlap in the hand only where its width needs it
                        lefts = phone.eval_on_selector_all(".hand button.card", """els => els.map(e => {
                          const r = e.getBoundingClientRect(); return [r.left, r.right]; })""")
                        assert all(a[1] <= b[0] + 0.5 for a, b in zip(lefts, lefts[1:])), (where, lefts)
    finally:
        resize(phone, 412, 839)
        use_language(phone, app_url, "en", speed="instant", cardSize="normal", indices="normal", hand="right")
