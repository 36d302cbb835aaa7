"""What the tables say, and where (issue 13): announcements cover no control and no card, each
event is shown in one place, the words about "you" and "us" read right in every form and
language, the prompt never names the person as another player, the trump is named in the
header and the last trick names every seat."""

from __future__ import annotations

import re

from engine.api import handle

from .conftest import ROOT, read_catalog
from .helpers import (box_overlaps, capture_position, claim_position, collect_said, cover_seed, cuarenta_move,
                      cut_before_my_move, goto, moves, my_turn, new_match, open_stored, person_moves, press,
                      set_settings, stored, tap_action, wait_moved)


# ---------------------------------------------------------------- 2. announcements cover nothing
CONTROLS_AND_CARDS = """() => [...document.querySelectorAll('button, a[href], select, input, .card')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest('dialog')
                 && !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden'; })
  .map(e => { const r = e.getBoundingClientRect();
              return {what: e.className + ' ' + (e.dataset.card || e.textContent.trim().slice(0, 20)),
                      x: r.x, y: r.y, w: r.width, h: r.height}; })"""

LONG = "Announcement test: a message long enough to need two lines on a phone screen, or even three"


def _announce_and_check(page, text=LONG):
    page.evaluate("async (t) => (await import('./ui.js')).toast(t)", text)
    page.wait_for_function("(t) => [...document.querySelectorAll('body *')].some(e => e.childElementCount === 0"
                           " && e.textContent === t && e.getBoundingClientRect().height > 0)", arg=text)
    # (the live region, for screen readers, is not on screen)
    shown = page.evaluate("""(t) => [...document.querySelectorAll('body *')]
      .filter(e => e.childElementCount === 0 && e.textContent === t && !e.closest('#live'))
      .map(e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                  return {x: r.x, y: r.y, w: r.width, h: r.height, visible: r.height > 0 && s.visibility !== 'hidden'}; })
      .filter(b => b.visible)""", text)
    assert len(shown) == 1, shown           # one place
    for b in page.evaluate(CONTROLS_AND_CARDS):
        assert not box_overlaps(shown[0], b), (shown[0], b)


def test_announcements_cover_no_control_and_no_card(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    # Cuarenta, 4 players: the capture choices are on screen
    seed, view, card, options = capture_position()
    new_match(phone, app_url, "cuarenta", {}, seed=seed, query="?players=4")
    phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=30_000)
    phone.locator(f".hand button.card[data-card='{card}']").tap()
    assert phone.locator(".controls button.capture-btn").count() == len(options)
    _announce_and_check(phone)
    # Cuarenta, 2 players: the ronda claim buttons (the claim reached in CPython)
    open_stored(phone, app_url, claim_position())
    phone.wait_for_selector(".controls button.rank-btn")
    _announce_and_check(phone)
    # Cuatrola: a trick on the table, the bid buttons
    new_match(phone, app_url, "cuatrola", {}, seed=cover_seed())
    my_turn(phone)
    _announce_and_check(phone)
    before = moves(phone)
    press(phone, phone.locator(".controls button.bid[data-action=pass]"))
    wait_moved(phone, before)
    my_turn(phone)
    assert phone.locator(".trick .card").count() > 0 or phone.locator(".hand button.card:not(.illegal)").count()
    _announce_and_check(phone)


def test_one_announcement_per_event(phone, app_url):
    """Every play, bid, trick and cante is shown in exactly one place on screen when it is
    said (not in a banner over the trick and a toast as well)."""
    set_settings(phone, speed="fast", lang="en")
    new_match(phone, app_url, "cuatrola", {}, seed=cover_seed())
    collect_said(phone)
    for _ in range(8):       # the bids, then tricks (each trick's plays and its winner said)
        my_turn(phone)
        before = moves(phone)
        bids = phone.locator(".controls button.bid[data-action=pass]")
        (bids.first if bids.count() else phone.locator(".hand button.card:not(.illegal)").first).tap()
        wait_moved(phone, before)
    shown = phone.evaluate("window.__shown")
    set_settings(phone, speed="instant")
    assert len(shown) > 10
    wrong = [(text, places) for text, places in shown if len(places) != 1]
    assert not wrong, wrong
    assert phone.locator(".banner").count() == 0

# ---------------------------------------------------------------- 4. messages about you and us
THIRD_PERSON_YOU = {
    "en": re.compile(r"\bYou (lays|takes|names|holds|makes|plays|wins|scores|reaches|sings)\b|\bUs reach|\bThem reach"
                     r"|\bfor Us\b|\bfor Them\b|\bby You\b"),
    "es": re.compile(r"\bTú (juega|deja|se lleva|canta|gana|tiene|no reclama|suma)\b|\bNosotros llegan\b"
                     r"|\bpara Nosotros\b|\bde Tú\b"),
}


def test_messages_about_you_read_right(phone, app_url):
    """A 2-player game (played in CPython up to the person's last card laid down before a
    ronda claim) played on by taps to the claim, and the claim made: every line said about
    the person or the person's side is in the second person (en), and in Spanish too."""
    claim = claim_position()
    start = cut_before_my_move(claim, lambda action: ":" not in action)   # a card laid down
    mine_to_play = person_moves(start, claim)
    for n, lang in enumerate(("en", "es")):
        # (motion off: the words are the subject; the animations have their own tests)
        set_settings(phone, speed="instant", lang=lang, motion=False)
        goto(phone, app_url, "#/", reload=True)
        collect_said(phone)
        open_stored(phone, app_url, start, mid=f"you-{lang}")
        for action in mine_to_play:     # (the computer players choose as in CPython)
            tap_action(phone, action)
        my_turn(phone)
        before = moves(phone)
        claim_btn = phone.locator(".controls button.rank-btn").first
        claim_btn.tap()
        wait_moved(phone, before)
        said = phone.evaluate("window.__said")
        bad = [s for s in said if THIRD_PERSON_YOU[lang].search(s)]
        assert not bad, (lang, bad)
        cat = read_catalog(lang)
        mine = [s for s in said if s.startswith(cat["c40.ev.lay.you"].split("{")[0])]
        assert mine, (lang, said[:20])
        claim = [s for s in said if cat["c40.ev.claim_wrong.you"].split("{")[0] in s
                 or cat["c40.ev.claim_right.you"].split("{")[0] in s]
        assert claim, (lang, said[-10:])
    set_settings(phone, lang="en")
    goto(phone, app_url, "#/", reload=True)

def test_every_message_about_a_seat_or_a_side_has_its_forms():
    """Each message the tables say about a seat (personal) or a side (sided) has a form for
    the person and one for the others, in every language; the person's form names nobody."""
    code = "".join(p.read_text() for p in (ROOT / "web" / "table").glob("*.js"))
    about_seat = set(re.findall(r"""\bpersonal\(\s*["']([a-z0-9_.]+)["']""", code))
    about_side = set(re.findall(r"""\bsided\(\s*["']([a-z0-9_.]+)["']""", code))
    assert {"announce.play", "c40.ev.lay", "c40.ev.claim_right", "contract.by"} <= about_seat
    assert {"c40.ev.carton", "c40.ev.game"} <= about_side
    for lang in ("en", "es", "de", "fr"):
        cat = read_catalog(lang)
        for key in about_seat | about_side:
            assert "{name}" not in cat[f"{key}.you"], (lang, key)
        for key in about_seat:
            assert "{name}" in cat[f"{key}.other"], (lang, key)
        for key in about_side:
            for form in ("us", "them", "you", "other"):
                assert f"{key}.{form}" in cat, (lang, key, form)
        for key in ("announce.ultimas.us", "announce.ultimas.them", "result.you_won", "result.rival_won"):
            assert key in cat, (lang, key)

# Every text the table's prompt line shows, recorded as it changes (the person's own turn while
# the table is still showing the last play: the prompt named "You" as if another player).
PROMPTS = """() => {
  window.__prompts = [];
  const seen = () => { const el = document.querySelector('.table .prompt');
    if (el && el.textContent !== window.__prompts[window.__prompts.length - 1]) window.__prompts.push(el.textContent); };
  new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_the_prompt_never_names_the_person_as_another_player(phone, app_url):
    # seen in a play-through: "Juega Tú" ("You to play") while the last play was shown
    en = read_catalog("en")
    wrong = en["table.waiting_for"].format(name=en["seat.you"])
    for game, query in (("cuarenta", "?players=2"), ("cuatrola", "")):
        set_settings(phone, speed="normal", lang="en")
        new_match(phone, app_url, game, {}, seed=cover_seed(), query=query)
        phone.evaluate(PROMPTS)
        for _ in range(3):   # three times the computer players' plays shown, then the person's turn
            my_turn(phone)
            before = moves(phone)
            if game == "cuarenta":
                cuarenta_move(phone)
            else:
                bids = phone.locator(".controls button.bid[data-action=pass]")
                (bids.first if bids.count() else phone.locator(".hand button.card:not(.illegal)").first).tap()
            wait_moved(phone, before)
        prompts = phone.evaluate("window.__prompts")
        assert en["table.your_turn"] in prompts or en["table.your_bid"] in prompts or en["c40.your_turn"] in prompts, prompts
        assert wrong not in prompts, prompts
    set_settings(phone, speed="instant", lang="en")

# ---------------------------------------------------------------- the game explained at the table
def test_the_trump_is_named_in_the_header_and_the_last_trick_names_every_seat(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {}, seed=cover_seed())
    view = handle({"op": "view", "match": stored(phone, mid)["match"], "seat": 0})["view"]
    suit = read_catalog("en")[f"card.sp.suit.{view['trump_suit']}"]
    chip = phone.locator(".tbar .trump-chip")
    assert chip.get_attribute("aria-label") == f"Trump: {suit}"
    assert suit.lower() in chip.inner_text().lower() and "trump" in chip.inner_text().lower()
    assert chip.locator("svg").count() == 1         # the suit's symbol too, not only a colour
    for _ in range(20):
        my_turn(phone)
        if phone.locator(".controls button.bid").count() == 0 and len(stored(phone, mid)["match"]["actions"]) > 8:
            break
        before = moves(phone)
        bids = phone.locator(".controls button.bid[data-action=pass]")
        (bids.first if bids.count() else phone.locator(".hand button.card:not(.illegal)").first).tap()
        wait_moved(phone, before)
    view = handle({"op": "view", "match": stored(phone, mid)["match"], "seat": 0})["view"]
    trick = view["tricks"][-1]
    press(phone, phone.locator("button:has-text('Last trick')"))
    dlg = phone.locator("dialog.last-trick[open]")
    dlg.wait_for()
    names = {0: "You", 1: "Right", 2: "Partner", 3: "Left"}
    for p in trick["cards"]:
        fig = dlg.locator(f"figure.review-card[data-seat='{p['seat']}']")
        assert fig.locator(".card").get_attribute("data-card") == p["card"]
        assert names[p["seat"]] in fig.inner_text()
    led = dlg.locator("figure.review-card.led")
    assert led.count() == 1 and led.get_attribute("data-seat") == str(trick["leader"])
    assert "led" in led.inner_text()
    story = dlg.locator(".trick-story").inner_text()
    assert names[trick["leader"]] in story and names[trick["winner"]] in story
    press(phone, dlg.locator("button.primary"))
