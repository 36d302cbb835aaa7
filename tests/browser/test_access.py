"""Languages, accessible names, tap targets, the live region, reduced motion."""

from __future__ import annotations

from .conftest import read_catalog
from .waits import still
from .helpers import wait_ready, new_match, set_settings, my_turn, step, press

TAP_TARGETS = """() => [...document.querySelectorAll('button, a[href], select, input:not([type=hidden]):not(.sr-only)')]
  .filter(e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                 return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); })
  .map(e => { let r = e.getBoundingClientRect();
              // a checkbox or radio is tapped through its label too: measure the label
              if ((e.type === 'checkbox' || e.type === 'radio') && e.labels && e.labels.length) {
                const l = (e.closest('label') || e.labels[0]).getBoundingClientRect();
                r = {width: Math.max(r.width, l.width), height: Math.max(r.height, l.height)};
              }
              return {what: (e.id || e.className || e.tagName) + ' ' + (e.textContent || '').trim().slice(0, 20),
                      w: r.width, h: r.height, name: e.getAttribute('aria-label') || e.textContent.trim() ||
                      (e.labels && e.labels[0] && e.labels[0].textContent.trim()) || ''}; })"""


def small_or_unnamed(page):
    items = page.evaluate(TAP_TARGETS)
    small = [i for i in items if i["w"] < 44 or i["h"] < 44]
    unnamed = [i for i in items if not i["name"]]
    return small, unnamed


DIMMED = "els => els.map((e) => [getComputedStyle(e).filter, getComputedStyle(e.querySelector('.card-svg')).filter])"


def test_tap_targets_and_accessible_names(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    phone.goto(app_url + "#/")
    wait_ready(phone)
    phone.wait_for_selector("#new-cuatrola")
    # each screen drawn whole (its parts that wait for the engine or storage included)
    for route, drawn in (("#/", "#new-cuatrola"), ("#/new/cuatrola", "#start"), ("#/history", ".history-list > li"),
                         ("#/settings", "#persistence[data-persistence]")):
        phone.goto(app_url + route)
        phone.wait_for_selector(f"#screen {drawn}")
        still(phone)
        small, unnamed = small_or_unnamed(phone)
        assert not small, (route, small)
        assert not unnamed, (route, unnamed)
    new_match(phone, app_url, "cuatrola", {}, seed="a11y")
    my_turn(phone)
    # the bidding: every card dimmed, its focus ring not (the colour filter is the drawing's,
    # the button's only its shadow; app.css, "cards")
    dims = phone.eval_on_selector_all(".hand button.card.illegal", DIMMED)
    assert dims and all("brightness" not in b and "grayscale" not in b and "brightness" in svg for b, svg in dims), dims
    small, unnamed = small_or_unnamed(phone)
    assert not small, small
    assert not unnamed, unnamed
    names = phone.eval_on_selector_all(".hand button.card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(" of " in n for n in names), names
    step(phone)
    assert phone.inner_text("#live").strip()
    new_match(phone, app_url, "cuarenta", {}, seed="a11y", query="?players=2")
    my_turn(phone)
    small, unnamed = small_or_unnamed(phone)
    assert not small, small
    assert not unnamed, unnamed


def test_language_follows_the_browser_and_can_be_switched(new_browser, app_url):
    b = new_browser(installed=True, locale="de-DE")
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    de, fr = read_catalog("de"), read_catalog("fr")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#new-cuatrola .btn-title") == de["home.new_cuatrola"]
    page.goto(app_url + "#/settings")
    page.wait_for_selector("#lang")
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.goto(app_url + "#/")
    page.wait_for_selector("#new-cuatrola")
    assert page.inner_text("#new-cuatrola .btn-title") == fr["home.new_cuatrola"]
    page.reload()
    wait_ready(page)
    assert page.inner_text("#new-cuatrola .btn-title") == fr["home.new_cuatrola"], "the choice is kept"
    # game terms stay Spanish, explained in the help
    page.goto(app_url + "#/help")
    page.wait_for_selector("#help-terms")
    terms = page.eval_on_selector_all("#help-terms dt", "els => els.map(e => e.textContent)")
    assert {"cante", "últimas", "caída", "limpia"} <= set(terms)


def test_reduced_motion_turns_animations_off(new_browser, app_url):
    b = new_browser(installed=True, reduced_motion="reduce")
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    set_settings(page, speed="instant", lang="en")
    new_match(page, app_url, "cuatrola", {}, seed="motion")
    my_turn(page)
    anim = page.evaluate("""() => [...document.querySelectorAll('.card, .banner, .boot-fill')]
      .map(e => getComputedStyle(e).animationName).filter(n => n && n !== 'none')""")
    assert anim == []
    assert page.evaluate("() => getComputedStyle(document.querySelector('.hand .card')).transitionDuration") in ("0s", "0s, 0s")
