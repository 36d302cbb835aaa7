"""The expert at the table on a slow phone (issue 42, docs/bots.md "In time on a slow
phone"): its search capped by a number of work units (``bots.common.Work``), never by a
clock. Under a cap at least as large as the work a decision needs, the decision is the one
of the full budget; a smaller cap stops the search there (the overshoot is bounded by the
deals drawn after the last check); the same cap gives the same decision; a cap too small
for one deal gives the heuristic's choice. The api's ``bot`` op takes the cap as
``budget`` and answers the ``work`` done; ``calibrate`` searches its fixed position.
The shell's side (the budget from the phone's measured speed) is tests/js/pace.test.mjs.
"""

from __future__ import annotations

import pytest

from engine import api
from engine.bots import choose
from engine.bots.common import Work
from engine.deal import SeededStream
from engine.games import GAMES, get_game

#: Positions per game: the decisions of the first hand of these seeds (every seat expert).
SEEDS = ("paced-1", "paced-2")
MAX_DECISIONS = 30
#: Caps a phone-class budget spans (web/pace.js: what a phone does in 250 ms).
CAPS = (2_000, 12_000)
#: The most a decision may pass its cap by: deals drawn after the last check (and the
#: play model's decisions for them), never a search (measured: 936 and 77 units).
OVERSHOOT = {"cuatrola": 3_000, "cuarenta": 1_000}


def decisions(game: str):
    """(view, rng maker) of each decision with a choice of the first hand of SEEDS."""
    g = get_game(game)
    for seed in SEEDS:
        s = g.new_match(seed=seed)
        for n in range(MAX_DECISIONS):
            if s.is_terminal() or s.history:
                break
            seat = s.current_player
            view = s.view(seat)

            def rng(seed=seed, n=n, seat=seat):
                return SeededStream("paced", seed, f"{n}/{seat}")
            if len(view["legal"]) > 1:
                yield view, rng
            s = s.apply(s.parse_action(choose(view, "expert", rng())))


@pytest.fixture(scope="module", params=sorted(GAMES))
def full(request):
    """(game, [(view, rng, full-budget choice, its work)])."""
    game = request.param
    rows = []
    for view, rng in decisions(game):
        w = Work()
        rows.append((view, rng, choose(view, "expert", rng(), work=w), w.used))
    return game, rows


def test_counting_the_work_changes_no_decision(full):
    game, rows = full
    for view, rng, choice, _ in rows:
        assert choose(view, "expert", rng()) == choice


def test_a_cap_as_large_as_the_work_needed_is_the_full_budget(full):
    game, rows = full
    assert any(used > 0 for *_, used in rows), "these positions search"
    for view, rng, choice, used in rows:
        for cap in (used, used + 1, 10 * used + 1):
            w = Work(max(cap, 1))
            assert choose(view, "expert", rng(), work=w) == choice, (game, cap)
            assert w.used == used


def test_a_smaller_cap_stops_the_search_there_the_same_way_every_time(full):
    game, rows = full
    capped = 0
    for view, rng, _, used in rows:
        for cap in CAPS:
            w = Work(cap)
            choice = choose(view, "expert", rng(), work=w)
            assert choice in view["legal"]
            assert w.used <= cap + OVERSHOOT[game], (game, cap, w.used)
            again = Work(cap)
            assert choose(view, "expert", rng(), work=again) == choice and again.used == w.used
            capped += used > cap
    assert capped, "some decisions need more than a phone's cap"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_cap_too_small_for_one_deal_is_the_heuristics_choice(game):
    searched = 0
    for view, rng in decisions(game):
        full = Work()
        choose(view, "expert", rng(), work=full)
        if full.used == 0:     # a forced or rule-made choice: no search to cap
            continue
        searched += 1
        w = Work(1)
        assert choose(view, "expert", rng(), work=w) == choose(view, "heuristic", rng())
        assert w.used <= 1 + OVERSHOOT[game]
    assert searched


def test_the_bot_op_takes_a_budget_and_answers_the_work_done():
    first = api.handle({"op": "new", "game": "cuatrola", "seed": "paced-op", "seat": 0})
    m = first["match"]
    while True:   # to the first card play (the bids are often no search)
        turn = api.handle({"op": "view", "match": m, "seat": None})["view"]["turn"]
        a = api.handle({"op": "bot", "match": m, "seat": turn, "level": "heuristic"})
        assert a["ok"] and a["work"] == 0, "the heuristic does not search"
        if api.handle({"op": "view", "match": a["match"], "seat": 0})["view"]["phase"] == "play":
            m = a["match"]
            break
        m = a["match"]
    turn = api.handle({"op": "view", "match": m, "seat": None})["view"]["turn"]
    req = {"op": "bot", "match": m, "seat": turn, "level": "expert"}
    full = api.handle(req)
    capped = api.handle({**req, "budget": 3_000})
    assert full["ok"] and capped["ok"]
    assert full["work"] > 3_000 >= capped["work"] - OVERSHOOT["cuatrola"]
    assert api.handle({**req, "budget": full["work"]})["match"] == full["match"]
    for bad in (0, -5, 1.5, "100", True, [1], api.MAX_BUDGET + 1):
        r = api.handle({**req, "budget": bad})
        assert not r["ok"] and r["code"] == "bad_request" and "budget" in r["error"], bad


@pytest.mark.parametrize("game", sorted(GAMES))
def test_calibrate_searches_its_fixed_position_to_the_cap(game):
    a = api.handle({"op": "calibrate", "game": game, "budget": 5_000})
    assert a["ok"] and a["game"] == game
    assert 4_000 <= a["work"] <= 5_000 + OVERSHOOT[game]
    assert api.handle({"op": "calibrate", "game": game, "budget": 5_000}) == a, "the same work"
    assert api.handle({"op": "calibrate", "game": game})["work"] >= api.CALIBRATION_WORK * 0.5
    r = api.handle({"op": "calibrate", "game": "mus"})
    assert not r["ok"] and r["code"] == "bad_rules"
    r = api.handle({"op": "calibrate", "game": game, "budget": 0})
    assert not r["ok"] and r["code"] == "bad_request"
