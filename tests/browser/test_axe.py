"""axe-core (the npm package, a devDependency: node_modules/axe-core, installed by
.ci/pyodide-setup.sh's `npm ci`; never shipped in dist/) finds no accessibility violation on
the screens and on both tables mid-hand.

axe is injected with page.evaluate (the page's CSP does not apply to evaluate) and run with
its default rules (WCAG 2.x A and AA, best practices). Each screen is checked in both themes
(issue 32): the system's colour scheme light and dark (the app follows it by default)."""

from __future__ import annotations

import pytest

from .conftest import REQUIRED, ROOT
from .waits import inputs_handled
from .helpers import (act_once, cuatrola_seed, hide_boot_bar, moves, my_turn, new_match, open_rules, press,
                      rival_solo, set_settings, show_boot_bar, wait_moved)

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    if REQUIRED:
        raise RuntimeError(f"{AXE} is missing: run .ci/pyodide-setup.sh (npm ci)")
    pytest.skip("axe-core is not installed (npm ci)", allow_module_level=True)
SOURCE = AXE.read_text()


RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\\s+/g, ' '))}));
}"""


def violations(page):
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(SOURCE)
    return page.evaluate(RUN)


@pytest.fixture(params=["light", "dark"])
def scheme(request, phone):
    """The system's colour scheme for the test (the app's theme follows it: web/look.js)."""
    phone.emulate_media(color_scheme=request.param)
    yield request.param
    phone.emulate_media(color_scheme="light")


def assert_clean(page, where):
    if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches"):
        where += " (dark theme)"
    found = violations(page)
    assert not found, f"{where}: " + "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: {v['nodes'][:4]}" for v in found)


def test_axe_not_shipped(dist):
    from build import DIST
    assert not any("axe" in p.name.lower() for p in DIST.rglob("*")), "axe-core must not be in dist/"


def test_axe_finds_nothing_on_the_screens(phone, app_url, scheme):
    set_settings(phone, lang="en", speed="instant")
    for route, ready in (("#/", "#home-stats"), ("#/new/cuatrola", "#start"), ("#/new/cuarenta?players=2", "#start"),
                         ("#/new/cuarenta?players=4", "#start"), ("#/history", ".history-list, #screen h1"),
                         ("#/settings", "#lang"), ("#/help", ".options-help dt"), ("#/stats", ".stats.ready"),
                         ("#/together", "#join-table"), ("#/new/cuatrola?together=1", "#seat-1-person"),
                         ("#/join", "#offer-code")):
        phone.goto(app_url + route)
        phone.wait_for_selector(ready, timeout=60_000)
        assert_clean(phone, route)
        if route.startswith("#/new/"):
            open_rules(phone)
            assert_clean(phone, route + " (rules unfolded)")
    # the boot bar as it shows while Python starts (a page made ready fast enough hides it
    # before axe runs, but a slow start shows it over any screen): inside a landmark (the
    # CI run of e1681ab found it outside one, caught on its way out)
    phone.goto(app_url + "#/")
    phone.wait_for_selector("#home-stats", timeout=60_000)
    show_boot_bar(phone)
    assert phone.locator("#boot[role=progressbar]").is_visible()
    assert_clean(phone, "#/ (the boot bar shown)")
    hide_boot_bar(phone)
    # history and statistics with matches stored
    new_match(phone, app_url, "cuatrola", {}, seed="axe-history")
    for route, ready in (("#/history", ".history-item"), ("#/stats", ".stats-group")):
        phone.goto(app_url + route)
        phone.wait_for_selector(ready, timeout=60_000)
        assert_clean(phone, route + " (with matches)")


def test_axe_finds_nothing_on_the_tables_mid_hand(phone, app_url, scheme):
    set_settings(phone, lang="en", speed="instant")
    # Cuatrola while bidding
    # a seed where, with the person passing, a rival bids Solo in the first hand, so its
    # partner sits out: the table shows the "sits out" chip
    new_match(phone, app_url, "cuatrola", {}, seed=cuatrola_seed("axe", rival_solo))
    my_turn(phone)
    assert phone.locator(".controls button.bid").count(), "bidding"
    assert_clean(phone, "cuatrola, bidding")
    # ... and in play, with a Solo: the declarer's partner sits out
    before = moves(phone)
    press(phone, phone.locator(".controls button.bid[data-action=pass]"))
    wait_moved(phone, before)
    my_turn(phone)
    phone.wait_for_selector(".hand button.card:not(.illegal)")
    assert phone.locator(".chip.out").count() == 1, "a seat sits out this hand"
    assert_clean(phone, "cuatrola, in play (Solo)")
    act_once(phone)
    my_turn(phone)
    assert_clean(phone, "cuatrola, later in the hand")
    # Cuarenta, 2 and 4 players, on the person's turn
    for players in (2, 4):
        new_match(phone, app_url, "cuarenta", {}, seed=f"axe-c{players}", query=f"?players={players}")
        my_turn(phone)
        assert_clean(phone, f"cuarenta, {players} players")
        act_once_cuarenta(phone)
        my_turn(phone)
        assert_clean(phone, f"cuarenta, {players} players, later")


def act_once_cuarenta(page):
    """Tap a card (and the first capture offered, if any)."""
    before = moves(page)
    press(page, page.locator(".hand button.card:not(.illegal)").first)
    choice = page.locator(".controls button.capture-btn")
    inputs_handled(page)    # (a card that captures offers its captures at once)
    if choice.count() and moves(page) == before:
        press(page, choice.first)
    wait_moved(page, before)


def test_axe_finds_nothing_on_the_seats_panel_and_a_join(phone, app_url, scheme):
    """Playing together: the host's seats panel with a code shown, the guest's answer step."""
    set_settings(phone, lang="en", speed="instant")
    phone.goto(app_url + "#/new/cuarenta?together=1&players=2")
    phone.wait_for_selector("#start", timeout=60_000)
    press(phone, phone.locator("#start"))
    phone.wait_for_selector("#seats-panel[open]", timeout=30_000)
    assert_clean(phone, "seats panel")
    press(phone, phone.locator("#seats-panel [data-show='1']"))
    phone.wait_for_selector("#seats-panel .code-text", timeout=30_000)
    code = phone.get_attribute("#seats-panel .code-text", "data-code")
    assert_clean(phone, "seats panel, a code shown")
    # the same phone joins its own table as a guest would (the answer step)
    phone.goto(app_url + "#/join")
    phone.wait_for_selector("#offer-code", timeout=30_000)
    phone.fill("#offer-code", code)
    press(phone, phone.locator("#offer-use"))
    phone.wait_for_selector(".join .code-box .code-text", timeout=30_000)
    assert_clean(phone, "join, the answer shown")


def test_axe_finds_nothing_on_the_learning_screens(phone, app_url, scheme):
    """Issue 16: the review (values filled in), the replay (every seat's cards shown), the
    daily deal screen, a challenge link's message, the hint dialog, a result screen."""
    from .review_helpers import played, record
    from .helpers import put_raw
    set_settings(phone, lang="en", speed="instant")
    m = played("cuatrola", "axe-review")
    put_raw(phone, record("axe-review", m, {"hints": [{"action": 0}], "takebacks": [{"from": 4, "to": 2}]}))
    for route, ready in (("#/review/axe-review?hand=1", ".page.review[data-done=true]"),
                         ("#/replay/axe-review?at=3", ".replay-seat"),
                         ("#/daily", "#daily-cuatrola"),
                         ("#/challenge?v=1&g=cuatrola", ".link-error"),
                         ("#/history", ".history-item[data-id='axe-review']")):
        phone.goto(app_url + route)
        phone.wait_for_selector(ready, timeout=120_000)
        assert_clean(phone, route)
    # a challenge's result screen (a finished first deal with a friend's result)
    rec = record("axe-result", m, {"challenge": {"points": [1, 0], "detail": [70, 60], "level": "novice"}})
    put_raw(phone, rec)
    phone.goto(app_url + "#/result/axe-result")
    phone.wait_for_selector(".page.result[data-done=true]", timeout=60_000)
    assert_clean(phone, "challenge result")
    # the new-match form's learning aids and the hint dialog at the table
    phone.goto(app_url + "#/new/cuatrola")
    phone.wait_for_selector("#assist-hint")
    phone.set_checked("#assist-hint", True)
    press(phone, phone.locator("#start"))
    phone.wait_for_url("**#/play/*")
    my_turn(phone)
    press(phone, phone.locator(".tbar button[aria-label='Menu']"))
    press(phone, phone.locator("dialog.menu button[data-value=hint]"))
    phone.wait_for_selector("dialog.hint[open]", timeout=60_000)
    assert_clean(phone, "hint dialog")
