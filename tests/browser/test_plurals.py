"""Counts in words (issue 32): every count takes its plural form from Intl.PluralRules of the
UI language ("1 punto", "2 puntos", "−1 punto"; in French "1,5 point"). The catalogs' lint is
tests/browser/test_static.py (test_every_count_has_plural_forms)."""

from __future__ import annotations

import re

from .helpers import put_raw, set_settings, use_language, wait_ready
from .review_helpers import played, record

WORDS = """async ([lang, cases]) => {
  const i18n = await import('./i18n.js');
  const { valueText } = await import('./learn/labels.js');
  await i18n.setLang(lang);
  return cases.map(([kind, key, n]) => kind === 'value' ? valueText(n, key) : kind === 'cost' ? valueText(n, key, false)
    : i18n.t(key, { n }));
}"""

# (what, key or unit, count) -> the words a speaker of the language writes
EXPECTED = {
    "es": [(("value", "match_points", -1), "−1 punto de partida"), (("value", "match_points", 2), "+2 puntos de partida"),
           (("value", "game_points", 1.5), "+1,5 puntos"), (("cost", "card_points", 1), "1 tanto"),
           (("value", "game_points", 0), "0 puntos"), (("t", "home.players", 1), "1 jugador"),
           (("t", "home.players", 4), "4 jugadores")],
    "en": [(("value", "match_points", -1), "−1 match point"), (("value", "match_points", -2), "−2 match points"),
           (("value", "game_points", 1.5), "+1.5 points"), (("t", "home.players", 2), "2 players")],
    "de": [(("value", "card_points", -1), "−1 Auge"), (("value", "card_points", 12), "+12 Augen"),
           (("value", "game_points", 1), "+1 Punkt"), (("t", "home.players", 1), "1 Spieler")],
    "fr": [(("value", "game_points", 1.5), "+1,5 point"), (("value", "game_points", 2), "+2 points"),
           (("value", "match_points", -1), "−1 point de partie"), (("value", "game_points", 0), "0 point"),
           (("t", "home.players", 2), "2 joueurs")],
}


def test_counts_take_their_plural_form_in_four_languages(phone, app_url):
    try:
        for lang, cases in EXPECTED.items():
            got = phone.evaluate(WORDS, [lang, [list(c) for c, _ in cases]])
            assert got == [want for _, want in cases], lang
    finally:
        phone.evaluate("async () => (await import('./i18n.js')).setLang('en')")


def test_the_review_says_one_match_point_in_the_singular(phone, app_url):
    """The review's bid decision (seed plural-0: passing is worth −1 match point with every card
    visible) said "−1 puntos de partida"."""
    try:
        use_language(phone, app_url, "es", speed="instant")
        m = played("cuatrola", "plural-0")
        put_raw(phone, record("plural-review", m))
        phone.goto(app_url + "#/review/plural-review?hand=1")
        wait_ready(phone)
        first = phone.locator(".review-list > li.decision").first
        first.locator("table.choices").wait_for(timeout=120_000)
        cells = first.locator("table.choices td").all_inner_texts()
        values = [c.replace(" ★", "") for c in cells]
        assert "−1 punto de partida" in values, values
        assert "−2 puntos de partida" in values, values
        assert not [v for v in values if re.fullmatch(r"[−+]?1 puntos.*", v)], values
    finally:
        phone.goto(app_url + "#/")
        set_settings(phone, lang="en")
        use_language(phone, app_url, "en", speed="instant")
