"""Refusals with codes (issue 14): every code the engine gives has its words in every catalog,
no message puts a fixed article before a card, and a computer move costs one worker round
trip. How a refusal is worded from its code and params, a card with the article of its rank,
a count of one in the singular: tests/js/card-faces.test.mjs; a refused card at the table:
tests/browser/test_cuatrola.py."""

from __future__ import annotations

import re

import pytest

from engine.api import refusal_codes

from .conftest import read_catalog
from .helpers import moves, new_match, set_settings, wait_moved

LANGS = ("en", "es", "de", "fr")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_the_engine_gives_has_a_message_in_every_catalog(lang):
    """docs/api.md 'Refusal codes': engine.api.refusal_codes() lists every code the engine
    can answer (tests/engine/test_api_hardening.py checks the engine keeps to the list)."""
    catalog = read_catalog(lang)
    for code, params in refusal_codes().items():
        key = f"err.{code}"
        assert key in catalog, (lang, key)
        used = set(PLACEHOLDER.findall(catalog[key]))
        # {the_card}, {the_next}, {the_rank}: the param with its article (web/engine-text.js)
        derived = {f"the_{p}" for p in params if p in ("card", "next", "rank")}
        assert used <= set(params) | derived | {"detail"}, (lang, key, used, params)


def test_one_worker_round_trip_per_computer_move(phone, app_url):
    """Issue 14: a computer move is one request (before: bot, act and view)."""
    set_settings(phone, speed="instant", lang="en")
    new_match(phone, app_url, "cuatrola", {"end": "hands", "hands": 1}, seed="trips")
    phone.wait_for_selector(".controls button.bid", timeout=30_000)
    phone.evaluate("""async () => {
      const { engine } = await import('./engine.js');
      window.__ops = [];
      const call = engine.callRaw.bind(engine);
      engine.callRaw = (json) => { try { window.__ops.push(JSON.parse(json).op); } catch {} return call(json); };
    }""")
    before = moves(phone)
    phone.locator(".controls button.bid[data-action=pass]").tap()
    wait_moved(phone, before)
    # the others move until it is our turn again (the computer players are then idle)
    phone.wait_for_selector(".hand button.card:not(.illegal)", timeout=60_000)
    ops, now = phone.evaluate("[window.__ops, Number(document.getElementById('screen').dataset.moves)]")
    n_moves = now - before - 1   # the computer players' moves since our pass
    assert n_moves >= 3
    assert ops.count("bot") == n_moves, ops
    assert ops.count("act") == 1 and "view" not in ops, ops   # our pass, and nothing else


# A card or rank after an article is "{the_card}" (web/card-faces.js theCard): the article agrees with
# the card ("la sota", "la dame", "l'as"); "el {card}" said "el sota de oros", "le dame de pique".
FIXED_ARTICLE = re.compile(r"(?i)\b(?:el|la|le|les|un|une|une?|du|del|al|au|the|a|an|der|die|das|eine?)\s+\{(?:card|next|rank)\}|l'\{(?:card|next|rank)\}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_puts_a_fixed_article_before_a_card(lang):
    catalog = read_catalog(lang)
    fixed = {k: v for k, v in catalog.items() if FIXED_ARTICLE.search(v)}
    if lang == "en":   # "the" fits every card; "a {rank}" is never an ace (a sequence's next rank)
        fixed = {k: v for k, v in fixed.items() if not re.search(r"(?i)\b(?:the|a) \{", v) or
                 re.search(r"(?i)\ban? \{(?:card|next)\}", v)}
    assert not fixed, fixed
    for deck, ranks in (("fr", "A 2 3 4 5 6 7 J Q K"), ("sp", "1 2 3 4 5 6 7 10 11 12")):
        for r in ranks.split():
            assert "{name}" in catalog[f"card.{deck}.the.{r}"], (lang, deck, r)
