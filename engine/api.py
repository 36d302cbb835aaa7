"""The JSON facade the browser's worker calls (documented in docs/api.md).

``handle(request)`` takes a plain dict and returns a plain dict; it never
raises. Every answer has ``ok``; a failure has ``error`` (a sentence for a
person) and ``kind`` (the error class name). Matches travel as match files
(see engine.match), so the caller owns all storage; replays are cached.

>>> r = handle({"op": "new", "game": "cuatrola", "seed": "doc", "seat": 0})
>>> r["ok"], r["view"]["phase"]
(True, 'bidding')
>>> handle({"op": "act", "match": r["match"], "seat": 0, "action": "solo"})["ok"]
False
"""

from __future__ import annotations

import json
from collections import OrderedDict

from . import match as M
from .errors import IllegalActionError, MatchFileError, TapeteError
from .bots import levels
from .games import GAMES, get_game, seats_of

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 32


def _key(m: dict) -> tuple:
    head = json.dumps({k: v for k, v in m.items() if k not in ("actions", "meta")},
                      sort_keys=True)
    return head, tuple(m["actions"])


def state_of(m: dict):
    """The state of a match file, replayed (using the cache where possible)."""
    M.config_of(m)
    head, actions = _key(m)
    key = (head, actions)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    prev = (head, actions[:-1])
    if actions and prev in _CACHE:
        state = M.apply_texts(_CACHE[prev], actions[-1:], offset=len(actions) - 1)
    else:
        state = M.replay(m)
    _remember(key, state)
    return state


def _remember(key, state) -> None:
    _CACHE[key] = state
    _CACHE.move_to_end(key)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


def _seat(m, state, req) -> int:
    seat = req.get("seat", 0)
    n = seats_of(get_game(m["game"]), state.cfg.rules)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise MatchFileError(f"'seat' must be a seat number 0..{n - 1}")
    return seat


def op_games(req) -> dict:
    out = {}
    for name in GAMES:
        g = get_game(name)
        out[name] = {"options": g.OPTIONS.to_json(), "levels": levels(name)}
    from .deal import SHUFFLE_VERSION
    return {"games": out, "shuffle_version": SHUFFLE_VERSION}


def op_new(req) -> dict:
    m = M.new_match_file(req.get("game"), seed=req.get("seed") or M.DEFAULT_SEED,
                         preset=req.get("preset"), options=req.get("rules"),
                         meta=req.get("meta"))
    if req.get("deals") is not None:
        m["deals"] = req["deals"]
    state = state_of(m)
    return {"match": m, "view": state.view(_seat(m, state, req))}


def op_view(req) -> dict:
    m = req.get("match")
    state = state_of(m)
    return {"view": state.view(_seat(m, state, req))}


def op_act(req) -> dict:
    """Apply one action for ``seat``; the new match file and the seat's view."""
    m = req.get("match")
    state = state_of(m)
    seat = _seat(m, state, req)
    text = req.get("action")
    if state.is_terminal():
        raise IllegalActionError("the match is over", text)
    if state.current_player != seat:
        raise IllegalActionError(f"it is not your turn: seat {state.current_player} is to act",
                                 text)
    new = state.apply(state.parse_action(text))
    m2 = dict(m)
    m2["actions"] = list(m["actions"]) + [state.action_text(state.parse_action(text))]
    _remember(_key(m2), new)
    return {"match": m2, "view": new.view(seat), "turn": new.current_player}


def op_explain(req) -> dict:
    """Whether ``action`` is legal for ``seat`` now, and if not, why (nothing is applied)."""
    m = req.get("match")
    state = state_of(m)
    seat = _seat(m, state, req)
    text = req.get("action")
    if state.is_terminal():
        return {"legal": False, "reason": "the match is over"}
    if state.current_player != seat:
        return {"legal": False,
                "reason": f"it is not your turn: seat {state.current_player} is to act"}
    try:
        state.apply(state.parse_action(text))
    except IllegalActionError as e:
        return {"legal": False, "reason": e.reason}
    return {"legal": True, "reason": ""}


def op_summary(req) -> dict:
    m = req.get("match")
    state = state_of(m)
    return {"summary": get_game(m["game"]).match_summary(state)}


def op_validate(req) -> dict:
    """Check a match file (e.g. an import or a stored record) without keeping it."""
    m = req.get("match")
    if isinstance(m, str):
        m = M.loads(m)
    state = state_of(m)
    return {"match": m, "finished": state.is_terminal(), "turn": state.current_player}


def op_bot(req) -> dict:
    """The computer player's action for ``seat`` (not applied).

    Its random generator is seeded from the match seed, the number of actions
    so far and the seat, so the same position gives the same move.
    """
    from .bots import choose
    from .deal import SeededStream
    m = req.get("match")
    state = state_of(m)
    seat = _seat(m, state, req)
    if state.current_player != seat:
        raise IllegalActionError(f"it is not seat {seat}'s turn")
    rng = SeededStream("bot", state.cfg.seed, f"{len(m['actions'])}/{seat}")
    return {"action": choose(state.view(seat), req.get("level", "novice"), rng)}


OPS = {"games": op_games, "bot": op_bot, "explain": op_explain, "new": op_new, "view": op_view, "act": op_act,
       "summary": op_summary, "validate": op_validate}


def register(name: str, fn) -> None:
    """Add an op (used by engine.bots to offer computer moves)."""
    OPS[name] = fn


def handle(request) -> dict:
    """Answer one request; never raises."""
    try:
        if not isinstance(request, dict):
            raise MatchFileError("a request must be an object with an 'op'")
        op = OPS.get(request.get("op"))
        if op is None:
            raise MatchFileError(f"unknown op {request.get('op')!r} (known: {', '.join(OPS)})")
        out = op(request)
        out["ok"] = True
        return out
    except IllegalActionError as e:
        return {"ok": False, "kind": "IllegalActionError", "error": e.reason,
                "action": e.action}
    except TapeteError as e:
        return {"ok": False, "kind": type(e).__name__, "error": str(e)}
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError) as e:
        return {"ok": False, "kind": "BadRequest", "error": f"malformed request: {e!r}"}


def handle_json(text: str) -> str:
    """``handle`` on JSON text, for the worker."""
    try:
        req = json.loads(text)
    except ValueError as e:
        return json.dumps({"ok": False, "kind": "BadRequest", "error": f"not JSON: {e}"})
    return json.dumps(handle(req), ensure_ascii=False)
