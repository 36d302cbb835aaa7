"""The experts shipped until issue 17, kept as the measurement levels ``expert@v1``: they play
exactly as they did (choices recorded by tools/strength/v1_golden.py when they were frozen), they are
never offered (not in ``LEVELS``, refused by the api), and every level refuses a malformed
view with an error the api answers as a refusal, the new experts exactly like the old."""

import json
from pathlib import Path

import pytest

from engine import api
from engine.bots import LEVELS, MEASUREMENT_LEVELS, choose, levels
from engine.deal import SeededStream
from engine.errors import RulesError, TapeteError
from engine.games import GAMES, get_game

GOLDEN = json.loads((Path(__file__).parent / "v1_choices.json").read_text())
#: what ``engine.api.handle`` answers rather than raises (a TapeteError as a refusal, the
#: others since issue 29 as an ``internal`` answer: a malformed view inside the engine is a
#: defect), never an exception out of the api
ANSWERED = (TapeteError, TypeError, KeyError, AttributeError, IndexError, ValueError)


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_v1_levels_choose_as_when_they_were_frozen(game):
    g = get_game(game)
    for row in GOLDEN[game]:
        s = g.new_match(seed=row["seed"], options=row["rules"])
        for t in row["actions"]:
            s = s.apply(s.parse_action(t))
        got = choose(s.view(s.current_player), "expert@v1",
                     SeededStream("v1-golden", row["seed"], str(len(row["actions"]))),
                     measurement=True)
        assert got == row["choice"], (row["seed"], len(row["actions"]))


def test_measurement_levels_are_never_offered():
    for game in GAMES:
        assert "expert@v1" in MEASUREMENT_LEVELS[game]
        assert not set(MEASUREMENT_LEVELS[game]) & set(LEVELS[game])
        assert "expert@v1" not in levels(game)
        s = get_game(game).new_match(seed="v1-offered")
        with pytest.raises(RulesError, match="unknown computer level"):
            choose(s.view(s.current_player), "expert@v1", SeededStream("a", "b", "c"))
    games = api.handle({"op": "games"})
    assert all("expert@v1" not in g["levels"] for g in games["games"].values())
    new = api.handle({"op": "new", "game": "cuatrola", "seed": "v1-offered"})
    r = api.handle({"op": "bot", "match": new["match"], "seat": new["view"]["turn"],
                    "level": "expert@v1"})
    assert r["ok"] is False and r["code"] == "bad_rules"


def _view(game):
    """A view of a card decision with a choice (no bidding)."""
    g = get_game(game)
    s = g.new_match(seed="v1-malformed")
    while len(s.legal_actions()) < 2 or getattr(s, "phase_name", "") == "bidding":
        s = s.apply(s.parse_action(choose(s.view(s.current_player), "heuristic", None)))
    return s.view(s.current_player)


MALFORMED = {
    "no hand": lambda v: v.pop("hand"),
    "hand not a list": lambda v: v.__setitem__("hand", "1O"),
    "legal not actions": lambda v: v.__setitem__("legal", ["ZZ", "??"]),
    "no legal": lambda v: v.__setitem__("legal", None),
    "bad rules": lambda v: v.__setitem__("rules", {"players": 7, "beat_partner": 3}),
    "seat not a number": lambda v: v.__setitem__("seat", "x"),
    "score missing": lambda v: v.__setitem__("score", None),
    "record missing": lambda v: v.pop("hand_events", None) or v.pop("tricks", None),
    "not a view": lambda v: v.clear(),
}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("bad", sorted(MALFORMED))
def test_malformed_views_are_refused_like_today(game, bad):
    view = _view(game)
    errors = {}
    for level in levels(game) + list(MEASUREMENT_LEVELS[game]):
        v = json.loads(json.dumps(view))
        MALFORMED[bad](v)
        with pytest.raises(ANSWERED) as e:
            choose(v, level, SeededStream("malformed", game, bad), measurement=True)
        errors[level] = type(e.value)
    assert errors["expert"] == errors["expert@v1"], errors
