"""The expert at the table, paced to the phone (issue 42; docs/bots.md "In time on a slow
phone"): the page calibrates a game once (the `calibrate` op, timed), stores the rate, and
sends every expert move of a table its budget; the daily deal's and a challenge's tables
send none (the full deterministic budget: everyone meets the same opponents). The budget
arithmetic is tests/js/pace.test.mjs, the engine's cap tests/bots/test_paced.py; here is
only what the page does with them."""

from __future__ import annotations

import json

from .helpers import goto, match_file, my_turn, open_stored, played_until, set_settings

#: Records the page's `bot` and `calibrate` requests (the app's own engine module instance).
WATCH = """async () => {
  const { engine } = await import('./engine.js');
  if (!engine.__seen) {
    const call = engine.call.bind(engine);
    engine.__seen = [];
    engine.call = (req) => {
      if (req && (req.op === 'bot' || req.op === 'calibrate'))
        engine.__seen.push({ op: req.op, level: req.level ?? null, budget: req.budget ?? null });
      return call(req);
    };
  }
  engine.__seen.length = 0;
}"""
SEEN = "async () => (await import('./engine.js')).engine.__seen"


def a_computer_to_move(meta=None):
    """A Cuatrola match against experts where a computer player moves next."""
    m = match_file("cuatrola", seed="paced-table", level="expert", meta=meta)
    return played_until(m, lambda view: view["turn"] not in (0, -1))


def test_the_tables_expert_is_paced_and_the_daily_deals_is_not(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    # a phone that never calibrated: no stored rates, and a page started afresh (an earlier
    # test's expert table on this shared page calibrated already and keeps the rates in memory)
    phone.evaluate("() => localStorage.removeItem('tapete.pace')")
    goto(phone, app_url, reload=True)
    phone.evaluate(WATCH)
    open_stored(phone, app_url, a_computer_to_move())
    my_turn(phone)
    seen = phone.evaluate(SEEN)
    calibrations = [r for r in seen if r["op"] == "calibrate"]
    bots = [r for r in seen if r["op"] == "bot"]
    assert [r["budget"] for r in calibrations] == [1, 20_000], "a warm-up, then the timed run"
    assert bots and all(r["level"] == "expert" for r in bots)
    assert all(isinstance(r["budget"], int) and r["budget"] >= 2_000 for r in bots), bots
    stored = json.loads(phone.evaluate("() => localStorage.getItem('tapete.pace')"))
    assert stored["v"] == 1 and stored["rates"]["cuatrola"] > 0
    # calibrated once: the next table of the same game calibrates no more
    phone.evaluate(WATCH)
    open_stored(phone, app_url, a_computer_to_move(), mid="paced-again")
    my_turn(phone)
    assert not [r for r in phone.evaluate(SEEN) if r["op"] == "calibrate"]
    # the daily deal's table: every phone plays against the same opponents
    phone.evaluate(WATCH)
    open_stored(phone, app_url, a_computer_to_move({"daily": "2026-12-07"}), mid="paced-daily",
                origin="daily")
    my_turn(phone)
    bots = [r for r in phone.evaluate(SEEN) if r["op"] == "bot"]
    assert bots and all(r["budget"] is None for r in bots), bots
