"""Match files and stored records for the browser tests of the review screens (issue 16)."""

from __future__ import annotations

import time

from engine import match as M
from engine.api import handle
from engine.bots import choose as bot_choose


def played(game, seed, rules=None, extra=0):
    """A match file whose first hand is over (club players), then ``extra`` more actions."""
    m = M.new_match_file(game, seed=seed, options=rules)
    s = M.replay(m)
    while s.hand_no < 1:
        a = bot_choose(s.view(s.current_player), "heuristic", None)
        m["actions"].append(a)
        s = s.apply(s.parse_action(a))
    for _ in range(extra):
        a = bot_choose(s.view(s.current_player), "heuristic", None)
        m["actions"].append(a)
        s = s.apply(s.parse_action(a))
    return m


def record(mid, m, meta=None):
    if meta:
        m = dict(m, meta={**m.get("meta", {}), **meta})
    view = handle({"op": "view", "match": m, "seat": 0})["view"]
    now = int(time.time() * 1000)
    return {"id": mid, "rev": 1, "game": m["game"], "created": now, "updated": now, "status": "playing",
            "origin": "new", "match": m, "result": {"score": view["score"], "winner": None}, "view": view}
