"""Helpers for the tests of the review and learning ops (engine.api): answers that must be
accepted or refused, and match files played by club players."""

from __future__ import annotations

from engine import api
from engine import match as M
from engine.bots import choose


def ok(req):
    out = api.handle(req)
    assert out["ok"], out
    return out


def refused(req, code):
    out = api.handle(req)
    assert out["ok"] is False and out["code"] == code, out
    assert set(out["params"]) == set(api.refusal_codes()[code])
    return out


def played_match(game: str, seed: str, rules=None, hands: int = 1) -> dict:
    """A match file whose first ``hands`` hands were played by club players."""
    m = M.new_match_file(game, seed=seed, options=rules)
    s = M.replay(m)
    while s.hand_no < hands and not s.is_terminal():
        a = choose(s.view(s.current_player), "heuristic", None)
        m["actions"].append(a)
        s = s.apply(s.parse_action(a))
    return m
