"""Counts in words (issue 32): every count takes its plural form from Intl.PluralRules of the
UI language ("1 punto", "2 puntos", "−1 punto"; in French "1,5 point"): the forms in four
languages are tests/js/i18n.test.mjs's; here, the review's words on screen. The catalogs'
lint is tests/browser/test_static.py (test_every_count_has_plural_forms)."""

from __future__ import annotations

import re

from .helpers import put_raw, set_settings, use_language, wait_ready
from .review_helpers import played, record

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
