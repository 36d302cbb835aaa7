"""A table for every eye and every hand (issue 32): the look chosen in Settings (theme,
four-colour deck, large indices, card size, left-handed), remembered and applied to every
table, the review and the replay; the four suits apart under simulated colour blindness; a
damaged settings record."""

from __future__ import annotations

import base64
import itertools
import json
import math

from engine.games import GAMES

from .helpers import goto, my_turn, new_match, press, put_raw, set_settings, wait_ready
from .review_helpers import played, record

# ---------------------------------------------------------------- colour arithmetic (sRGB, CIELAB)
# Simulated dichromacy: Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB (what
# an SVG feColorMatrix works on by default: color-interpolation-filters = linearRGB).
CVD = {
    "protanopia": [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
    "deuteranopia": [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881],
    "tritanopia": [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900],
}
APART = 20          # CIELAB ΔE between any two suits: far beyond a just-noticeable difference (about 2)


def _linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb):
    r, g, b = (_linear(x) for x in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a, b):
    return math.dist(lab(a), lab(b))


# ---------------------------------------------------------------- drawn cards through a filter
# The kings of each deck drawn by the app's own cardSVG at 180 px, in a box of the page,
# seen through an SVG colour-matrix filter; each suit's colour is read from the screenshot's
# pixels on the king's robe (drawn in the suit's colour: card-faces.js, fig-king).
KINGS = {"spanish": ["12O", "12C", "12E", "12B"], "french": ["KH", "KD", "KC", "KS"]}
CARD_PX = 180
ROBE = (60, 112)    # a point of the robe, in the card's 120 x 180 units
DRAW = """async ([cards, deck, matrix, width]) => {
  const { cardSVG } = await import('./card-faces.js');
  for (const id of ['cvd-host', 'cvd-defs']) { const old = document.getElementById(id); if (old) old.remove(); }
  const NS = 'http://www.w3.org/2000/svg';
  const defs = document.createElementNS(NS, 'svg');
  defs.id = 'cvd-defs';
  defs.setAttribute('width', '0'); defs.setAttribute('height', '0');
  if (matrix) {
    const filter = document.createElementNS(NS, 'filter');
    filter.id = 'cvd-filter';
    const m = document.createElementNS(NS, 'feColorMatrix');
    m.setAttribute('type', 'matrix');
    m.setAttribute('values', [0, 1, 2].map((i) => matrix.slice(3 * i, 3 * i + 3).join(' ') + ' 0 0').join(' ') + ' 0 0 0 1 0');
    filter.append(m);
    defs.append(filter);
  }
  document.body.append(defs);
  const host = document.createElement('div');
  host.id = 'cvd-host';
  Object.assign(host.style, { position: 'fixed', left: '0', top: '0', zIndex: '99', display: 'flex', gap: '8px',
    padding: '8px', background: '#fff', filter: matrix ? 'url(#cvd-filter)' : 'none' });
  for (const c of cards) {
    const el = document.createElement('div');
    el.className = 'card face';
    el.style.width = width + 'px';
    el.innerHTML = cardSVG(c, deck);
    host.append(el);
  }
  document.body.append(host);
  const h = host.getBoundingClientRect();
  return [...host.children].map((e) => { const r = e.getBoundingClientRect(); return [r.left - h.left, r.top - h.top]; });
}"""
PIXELS = """async ([b64, points, r]) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + b64;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  return points.map(([x, y]) => {
    const d = g.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += d[i + k];
    return sum.map((v) => v / (d.length / 4));
  });
}"""


def suit_colours(page, deck, matrix=None):
    """The four suits' colours as drawn (sRGB), seen through `matrix` (None: as they are)."""
    offsets = page.evaluate(DRAW, [KINGS[deck], deck, matrix, CARD_PX])
    scale = CARD_PX / 120
    png = page.locator("#cvd-host").screenshot(scale="css", animations="disabled")
    points = [[x + ROBE[0] * scale, y + ROBE[1] * scale] for x, y in offsets]
    colours = page.evaluate(PIXELS, [base64.b64encode(png).decode(), points, 3])
    page.evaluate("() => { document.getElementById('cvd-host').remove(); document.getElementById('cvd-defs').remove(); }")
    return colours


def closest_pair(colours):
    return min(delta_e(a, b) for a, b in itertools.combinations(colours, 2))


def test_the_four_suits_stay_apart_under_simulated_colour_blindness(phone, app_url):
    set_settings(phone, lang="en", speed="instant", suits="four")
    goto(phone, app_url, "#/", reload=True)
    assert phone.evaluate("document.documentElement.dataset.suits") == "four"
    found = {}
    seen = {}
    for deck in KINGS:
        for name, matrix in [("normal vision", None), *CVD.items()]:
            seen[deck, name] = suit_colours(phone, deck, matrix)
            found[deck, name] = round(closest_pair(seen[deck, name]), 1)
    print("closest suits (CIELAB ΔE):", found)
    assert all(d >= APART for d in found.values()), found
    # the filter was at work: the red of hearts is not red to a protanope's or deuteranope's eye
    for name in ("protanopia", "deuteranopia"):
        assert delta_e(seen["french", "normal vision"][0], seen["french", name][0]) > 10, name
    # the check tells suits apart only when they are: the classic French deck's hearts and
    # diamonds are one red, its clubs and spades one black; the classic Spanish colours of
    # espadas and bastos fall together under tritanopia (what the four colours are for)
    set_settings(phone, suits="classic")
    goto(phone, app_url, "#/", reload=True)
    h, d, c, s = suit_colours(phone, "french")
    assert delta_e(h, d) < 3 and delta_e(c, s) < 3, (h, d, c, s)
    assert closest_pair(suit_colours(phone, "spanish", CVD["tritanopia"])) < APART
    set_settings(phone, suits="classic")


# ---------------------------------------------------------------- the look, chosen like a player
LOOK = "() => ({...document.documentElement.dataset})"
BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"
# a drawn card's suit colour, the corner shown, the width of the first card of the hand
CARDS = """(sel) => { const svg = document.querySelector(sel + ' .card-svg');
  const small = svg.querySelector('.ix-small'), large = svg.querySelector('.ix-large');
  return { colour: getComputedStyle(svg).color, small: getComputedStyle(small).display !== 'none',
           large: getComputedStyle(large).display !== 'none' }; }"""
DARK_PAPER = "rgb(19, 24, 21)"      # app.css, --paper of the dark theme
LIGHT_PAPER = "rgb(251, 247, 238)"
FOUR_COPAS = "rgb(194, 39, 116)"     # app.css, html[data-suits=four]
FOUR_FRENCH = {"s-fr-H": "rgb(210, 20, 30)", "s-fr-D": "rgb(10, 31, 180)", "s-fr-C": "rgb(13, 127, 108)",
               "s-fr-S": "rgb(27, 27, 27)"}


def _tap_setting(page, sel):
    press(page, page.locator(f"label[for={sel}]"))


def test_the_look_is_chosen_in_settings_remembered_and_applied_everywhere(phone, app_url):
    set_settings(phone, lang="en", speed="instant")
    goto(phone, app_url, "#/", reload=True)
    try:
        phone.goto(app_url + "#/settings")
        phone.wait_for_selector("#look")
        assert phone.evaluate(LOOK).get("suits") is None
        for sel in ("set-suits", "set-indices", "set-hand", "set-cardSize-large", "set-theme-dark"):
            phone.locator(f"label[for={sel}]").scroll_into_view_if_needed()
            _tap_setting(phone, sel)
        look = phone.evaluate(LOOK)
        assert {k: look.get(k) for k in ("theme", "suits", "indices", "hand", "cardSize")} == {
            "theme": "dark", "suits": "four", "indices": "large", "hand": "left", "cardSize": "large"}
        assert phone.evaluate(BACKGROUND) == DARK_PAPER
        # remembered: a new start has them before anything is drawn
        goto(phone, app_url, "#/", reload=True)
        assert phone.evaluate(LOOK)["suits"] == "four" and phone.evaluate(BACKGROUND) == DARK_PAPER
        stored = json.loads(phone.evaluate("localStorage.getItem('tapete.settings')"))
        assert stored["theme"] == "dark" and stored["cardSize"] == "large" and stored["hand"] == "left"

        # a table: four colours, the large corner, larger cards, the controls on the left
        new_match(phone, app_url, "cuatrola", {}, seed="look-1")
        my_turn(phone)
        cards = phone.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")
        copas = next((c for c in cards if c.endswith("C")), None)
        first = phone.evaluate(CARDS, ".hand button.card")
        assert first["large"] and not first["small"], first
        if copas:
            assert phone.evaluate(CARDS, f".hand button.card[data-card='{copas}']")["colour"] == FOUR_COPAS
        width = phone.evaluate("document.querySelector('.hand button.card').getBoundingClientRect().width")
        phone.evaluate("delete document.documentElement.dataset.cardSize")
        normal = phone.evaluate("document.querySelector('.hand button.card').getBoundingClientRect().width")
        phone.evaluate("document.documentElement.dataset.cardSize = 'large'")
        assert abs(width / normal - 1.2) < 0.03, (width, normal)
        seat, tools = (phone.locator(sel).bounding_box() for sel in (".me-row .seat", ".me-row .tools"))
        assert tools["x"] + tools["width"] <= seat["x"], (tools, seat)   # the buttons left of your seat

        # the replay and the review: the same cards, the same theme
        m = played("cuarenta", "look-replay", {"players": 2})
        put_raw(phone, record("look-replay", m))
        phone.goto(app_url + "#/replay/look-replay")
        phone.wait_for_selector("#screen[data-replay=ready]", timeout=60_000)
        shown = phone.eval_on_selector_all(".replay-host .card-svg", """els => els.map(e => [
          [...e.classList].find(c => c.startsWith('s-fr-')), getComputedStyle(e).color,
          getComputedStyle(e.querySelector('.ix-large')).display])""")
        assert shown
        for cls, colour, large in shown:
            assert colour == FOUR_FRENCH[cls] and large != "none", (cls, colour, large)
        phone.goto(app_url + "#/review/look-replay?hand=1")
        phone.wait_for_selector(".review-list > li.decision")
        assert phone.evaluate(BACKGROUND) == DARK_PAPER
    finally:
        set_settings(phone, lang="en", speed="instant", theme="auto", suits="classic", indices="normal",
                     hand="right", cardSize="normal")
        goto(phone, app_url, "#/", reload=True)


def test_the_dark_theme_follows_the_system_unless_chosen(phone, app_url):
    try:
        for theme, system, paper in (("auto", "dark", DARK_PAPER), ("auto", "light", LIGHT_PAPER),
                                     ("light", "dark", LIGHT_PAPER), ("dark", "light", DARK_PAPER)):
            phone.emulate_media(color_scheme=system)
            set_settings(phone, lang="en", speed="instant", theme=theme)
            goto(phone, app_url, "#/", reload=True)
            assert phone.evaluate(BACKGROUND) == paper, (theme, system)
            # the form's fields and the page's text follow it too
            assert phone.evaluate("getComputedStyle(document.documentElement).colorScheme") == (
                "dark" if paper == DARK_PAPER else "light"), (theme, system)
    finally:
        phone.emulate_media(color_scheme="light")
        set_settings(phone, theme="auto")
        goto(phone, app_url, "#/", reload=True)


def test_settings_changed_in_another_tab_reach_this_one_at_once(phone, app_url):
    """Two tabs of the app (a phone keeps the installed app and a browser tab): the look and
    the motion chosen in one apply in the other without a restart (the storage event)."""
    other = phone.context.new_page()
    try:
        assert phone.evaluate(LOOK).get("theme") is None and phone.evaluate(LOOK)["motion"] == "on"
        other.goto(app_url + "#/settings")
        other.wait_for_selector("#look")
        _tap_setting(other, "set-theme-dark")
        press(other, other.locator("label[for=motion]"))
        phone.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        assert phone.evaluate(BACKGROUND) == DARK_PAPER
        assert phone.evaluate(LOOK)["motion"] == "off"
    finally:
        other.close()
        set_settings(phone, theme="auto", motion=True)
        goto(phone, app_url, "#/", reload=True)


# ---------------------------------------------------------------- large indices on a small phone
# The rank's and the suit's height on a card of your hand (CSS px): the small corner, or the
# large one when it is on.
CORNER = """() => { const svg = document.querySelector('.hand button.card .card-svg');
  const large = getComputedStyle(svg.querySelector('.ix-large')).display !== 'none';
  const [rank, suit] = large ? svg.querySelectorAll('.ix-large > use') : svg.querySelectorAll('.ix-small > use');
  const box = (e) => e.getBoundingClientRect();
  return { large, rank: box(rank).height, suit: suit ? box(suit).height : 0 }; }"""


def test_large_indices_read_at_arm_length_on_a_360_px_phone(phone, app_url):
    """At 360 px the usual corner's rank is about 1.5 mm high; the large one's about twice
    that, with the suit's symbol as big beside it (Spanish cards show their suit only by the
    frame otherwise)."""
    set_settings(phone, lang="en", speed="instant")
    phone.set_viewport_size({"width": 360, "height": 640})
    try:
        for game in GAMES:
            sizes = {}
            for indices in ("normal", "large"):
                set_settings(phone, indices=indices)
                goto(phone, app_url, "#/", reload=True)
                new_match(phone, app_url, game, {}, seed="corner-1")
                my_turn(phone)
                sizes[indices] = phone.evaluate(CORNER)
            small, large = sizes["normal"], sizes["large"]
            print(game, "corner at 360 px (CSS px):", sizes)
            assert large["large"] and not small["large"], sizes
            assert large["rank"] >= 1.8 * small["rank"] and large["rank"] >= 20, sizes
            assert large["suit"] >= 20, sizes
    finally:
        phone.set_viewport_size({"width": 412, "height": 839})
        set_settings(phone, indices="normal")
        goto(phone, app_url, "#/", reload=True)


# ---------------------------------------------------------------- a damaged settings record
def test_a_damaged_settings_record_counts_as_its_defaults(phone, app_url):
    """Bad input: a settings record that is not JSON, not an object, or has fields of the wrong
    kind starts the app with the defaults for what is damaged (the rest kept), is not written
    over until the player changes a setting, and the settings screen opens."""
    damaged = {
        "not json": "{theme: dark",
        "a list": "[1, 2]",
        "a string": '"dark"',
        "wrong kinds": json.dumps({"lang": "en", "speed": "instant", "theme": 42, "suits": "four",
                                   "cardSize": "huge", "indices": None, "hand": "left", "haptics": "no"}),
    }
    try:
        for what, raw in damaged.items():
            phone.evaluate("(raw) => localStorage.setItem('tapete.settings', raw)", raw)
            goto(phone, app_url, "#/", reload=True)
            phone.wait_for_selector("#new-cuatrola")
            look = phone.evaluate(LOOK)
            if what == "wrong kinds":   # the good fields are kept, the others are defaults
                assert look.get("suits") == "four" and look.get("hand") == "left", look
                assert "theme" not in look and "cardSize" not in look and "indices" not in look, look
            else:
                assert not {"theme", "suits", "indices", "hand", "cardSize"} & set(look), (what, look)
            assert phone.evaluate("localStorage.getItem('tapete.settings')") == raw, what   # not written over
            phone.goto(app_url + "#/settings")
            phone.wait_for_selector("#look")
            assert phone.is_checked("#set-theme-auto") and phone.is_checked("#set-cardSize-normal"), what
        # a change writes a whole, valid record
        _tap_setting(phone, "set-indices")
        stored = json.loads(phone.evaluate("localStorage.getItem('tapete.settings')"))
        assert stored["indices"] == "large" and stored["theme"] == "auto" and stored["haptics"] is True, stored
    finally:
        set_settings(phone, lang="en", speed="instant", theme="auto", suits="classic", indices="normal",
                     hand="right", cardSize="normal", haptics=True)
        goto(phone, app_url, "#/", reload=True)


# ---------------------------------------------------------------- statistics: results match by match
def test_statistics_chart_results_match_by_match_with_a_summary_in_words(new_browser, app_url):
    """Five finished Cuatrola matches (to 1 point, the computer players in every seat; stored
    one minute apart): the group's chart has a bar per match, oldest first, up for a win and
    down for a loss, as long as the margin; its caption says it in words; it is drawn in the
    theme's colours and axe finds nothing on the screen in either theme."""
    from engine.api import handle
    from .conftest import read_catalog
    from .test_axe import assert_clean
    from .test_screens import bot_match, record as stats_record
    phone = new_browser(installed=True).page()   # a profile of its own: these five are its only matches
    goto(phone, app_url)
    base = 1_700_000_000_000
    expected = []
    for i in range(5):
        m = bot_match("cuatrola", {"end": "target", "target": 1}, f"chart-{i}", "novice")
        s = handle({"op": "summary", "match": m})["summary"]
        assert s["finished"]
        expected.append((s["winner"] == 0, s["score"][0] - s["score"][1], s["score"]))
        put_raw(phone, {**stats_record(f"chart-{i}", m), "updated": base + 60_000 * (4 - i) if i % 2 else base + 60_000 * i})
    # the order by when each was last played
    order = sorted(range(5), key=lambda i: base + 60_000 * (4 - i) if i % 2 else base + 60_000 * i)
    expected = [expected[i] for i in order]
    set_settings(phone, lang="en", speed="instant")
    try:
        goto(phone, app_url, "#/", reload=True)
        phone.goto(app_url + "#/stats")
        phone.wait_for_selector(".stats.ready", timeout=120_000)
        fig = phone.locator(".stats-group[data-game=cuatrola] figure.stats-chart")
        assert fig.count() == 1
        assert fig.locator(".chart-box svg").get_attribute("aria-hidden") == "true"
        bars = fig.locator(".chart-box rect").evaluate_all("""els => els.map(e => ({cls: e.getAttribute('class'),
          y: +e.getAttribute('y'), h: +e.getAttribute('height')}))""")
        assert len(bars) == 5
        most = max(abs(m) for _, m, _ in expected)
        for bar, (won, margin, _) in zip(bars, expected):
            assert bar["cls"] == ("win" if won else "loss"), (bars, expected)
            assert (bar["y"] + bar["h"] <= 32.01) if won else (bar["y"] >= 31.99), bar
            assert abs(bar["h"] - max(2, abs(margin) / most * 29)) < 0.11, (bar, margin)
        en = read_catalog("en")
        wins = sum(w for w, _, _ in expected)

        def form(key, n):
            return en[f"{key}.one" if n == 1 else f"{key}.other"].replace("{n}", str(n))
        last = expected[-1]
        caption = (en["stats.chart_title"] + " " + en["stats.chart_summary"]
                   .replace("{matches}", form("stats.chart_matches", 5)).replace("{won}", form("stats.chart_won", wins))
                   .replace("{lost}", form("stats.chart_lost", 5 - wins)) + " "
                   + en["stats.chart_last_won" if last[0] else "stats.chart_last_lost"]
                   .replace("{us}", str(last[2][0])).replace("{them}", str(last[2][1])))
        assert fig.locator("figcaption").inner_text() == caption
        fills = {}
        for theme in ("light", "dark"):
            phone.emulate_media(color_scheme=theme)
            fills[theme] = fig.locator(".chart-box rect").first.evaluate("e => getComputedStyle(e).fill")
            assert_clean(phone, f"statistics with a chart ({theme})")
        assert fills["light"] != fills["dark"], fills
    finally:
        phone.emulate_media(color_scheme="light")
