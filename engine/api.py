"""The JSON facade the browser's worker calls (documented in docs/api.md).

``handle(request)`` takes a plain dict and returns a plain dict; it never
raises. Every answer has ``ok``; a refusal has ``error`` (a sentence for a
person), ``kind`` (the error class name), and a stable ``code`` with its
``params`` (for a translation). Matches travel as match files (see
engine.match), so the caller owns all storage; replays are cached.

One call per move: ``act`` applies a seat's action and ``bot`` chooses and
applies a computer player's; both answer the new match file and the views of
the seats named in ``viewers``.

>>> r = handle({"op": "new", "game": "cuatrola", "seed": "doc", "seat": 0})
>>> r["ok"], r["view"]["phase"]
(True, 'bidding')
>>> bad = handle({"op": "act", "match": r["match"], "seat": 0, "action": "solo"})
>>> bad["ok"], bad["code"], bad["params"]
(False, 'not_your_turn', {'seat': 3})
>>> b = handle({"op": "bot", "match": r["match"], "seat": 3, "level": "heuristic",
...             "viewers": [0]})
>>> b["action"], len(b["match"]["actions"]), b["views"][0]["seat"], b["turn"]
('pass', 1, 0, 0)
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict

from . import match as M
from . import strictjson
from .bots import choose, levels
from .bots.common import Work
from .deal import SHUFFLE_VERSION, SeededStream
from .errors import ECHO_LIMIT, BadRequest, IllegalActionError, Refusal, TapeteError, brief
from .games import GAMES, get_game, refusal_codes as action_refusal_codes
from .selfplay import play_hand
from . import review

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 32
#: The largest request text ``handle_json`` reads (a full match file is far smaller).
MAX_REQUEST_CHARS = 4_000_000
#: The longest message an answer carries (longer ones are cut).
MAX_MESSAGE_CHARS = 600
MAX_BUDGET = 10 ** 9  #: the largest ``budget`` the ``bot`` op takes (work units)
CALIBRATION_WORK = 20_000  #: the ``calibrate`` op's cap unless it is given one
BOT_STREAM = "bot"  #: the random stream of computer players: (seed, actions so far / seat)
#: The logger of engine defects (``handle``): the standard ``logging`` module, imported only
#: then (it is not part of the app's start-up); with no handler configured Python prints
#: the record to stderr, which the app's worker shows in the browser console.
LOGGER = "tapete.engine"


#: Codes of the answers that refuse a request rather than an action (docs/api.md).
REQUEST_REFUSALS: dict[str, tuple[str, ...]] = {
    "bad_request": (),       # a request missing a field, or with a field of the wrong kind
    "unknown_op": (),        # no such op
    "bad_match": (),         # a match file that is malformed, truncated or tampered with
    "bad_rules": (),         # an unknown game, rule option, preset or level, or a bad seed
    "bad_card": (),          # card text that names no card
    "bad_json": (),          # request text that is not strict JSON, or too long
    "no_such_action": ("count",),  # analyse: no action of that index (the log holds count)
    "no_such_hand": ("count",),    # analyse: no hand of that number (count hands started)
    "not_seat_action": ("seat",),  # analyse: that action was taken by another seat (seat)
    "hand_not_over": ("hand",),    # analyse: that hand is still being played
    "no_such_prefix": ("count",),  # replay: no position after that many actions (count)
    "nothing_to_take_back": (),    # takeback: the seat has taken no action yet
    "internal": (),                # an engine defect, not the request's fault (logged)
}


def refusal_codes() -> dict[str, tuple[str, ...]]:
    """Every code an answer of this facade can carry, with its param names."""
    return {**action_refusal_codes(), **REQUEST_REFUSALS}


_KIND_CODES = {"MatchFileError": "bad_match", "RulesError": "bad_rules", "CardError": "bad_card",
               "JSONTextError": "bad_json", "BadRequest": "bad_request"}
INTERNAL = "InternalError"   #: the ``kind`` of an ``internal`` answer


def _key(m: dict) -> tuple:
    head = json.dumps({k: v for k, v in m.items() if k not in ("actions", "meta")},
                      sort_keys=True)
    return head, tuple(m["actions"])


def state_of(m: dict):
    """The state of a match file, validated once and replayed (using the cache where
    possible)."""
    cfg = M.config_of(m)
    key = _key(m)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    head, actions = key
    prev = (head, actions[:-1])
    if actions and prev in _CACHE:
        state = M.apply_texts(_CACHE[prev], actions[-1:], offset=len(actions) - 1)
    else:
        state = M.apply_texts(M.opening(cfg), actions)
    _remember(key, state)
    return state


def _remember(key, state) -> None:
    _CACHE[key] = state
    _CACHE.move_to_end(key)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


# ----- request fields --------------------------------------------------------
def _match(req) -> tuple[dict, object]:
    m = req.get("match")
    return m, state_of(m)


def _seats(state) -> int:
    return get_game(state.cfg.game).seats(state.cfg.rules)


def _seat_value(seat, n: int, field: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise BadRequest(f"'{field}' must be a seat number 0..{n - 1}")
    return seat


def _seat(state, req) -> int:
    return _seat_value(req.get("seat", 0), _seats(state), "seat")


def _viewers(state, req, seat: int) -> list[int | None]:
    """The seats whose views an answer carries: ``viewers`` (default: the acting seat);
    null in it stands for the public view (what every seat sees: a watcher's)."""
    viewers = req.get("viewers")
    if viewers is None:
        return [seat]
    n = _seats(state)
    if not isinstance(viewers, list) or not viewers or len(viewers) > n + 1:
        raise BadRequest(f"'viewers' must be a list of 1 to {n} seat numbers and null")
    out = [None if v is None else _seat_value(v, n, "viewers") for v in viewers]
    if len(set(out)) != len(out):
        raise BadRequest("'viewers' names a seat twice")
    return out


def _view_of(state, seat: int | None) -> dict:
    """``seat``'s view, or the public view for None."""
    return state.public_view() if seat is None else state.view(seat)


def _text_field(req, field: str, default: str | None = None) -> str | None:
    value = req.get(field, default)
    if value is not None and not isinstance(value, str):
        raise BadRequest(f"'{field}' must be text, not {brief(value)}")
    return value


def _turn_check(state, seat: int) -> None:
    if state.is_terminal():
        raise Refusal("match_over", {}, "the match is over").error()
    if state.current_player != seat:
        turn = state.current_player
        raise Refusal("not_your_turn", {"seat": turn},
                      f"it is not your turn: seat {turn} is to act").error()


def _moved(m: dict, state, action: int, viewers: list[int | None]) -> dict:
    """Apply ``action`` (already parsed) to the match; the answer of act and bot."""
    new = state.apply(action)
    text = state.action_text(action)
    m2 = dict(m)
    m2["actions"] = list(m["actions"]) + [text]
    _remember(_key(m2), new)
    views = [_view_of(new, s) for s in viewers]
    return {"match": m2, "action": text, "turn": new.current_player, "views": views,
            "view": views[0]}


# ----- ops ---------------------------------------------------------------------
def op_games(req) -> dict:
    out = {name: {"options": g.options.to_json(), "levels": levels(name)}
           for name, g in GAMES.items()}
    return {"games": out, "shuffle_version": SHUFFLE_VERSION}


def op_new(req) -> dict:
    seed = _text_field(req, "seed")
    meta = req.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise BadRequest("'meta' must be an object")
    m = M.new_match_file(req.get("game"), seed=M.DEFAULT_SEED if seed is None else seed,
                         preset=_text_field(req, "preset"), options=req.get("rules"),
                         meta=meta)
    if "deals" in req:
        m["deals"] = req["deals"]
    state = state_of(m)
    return {"match": m, "view": state.view(_seat(state, req))}


def op_view(req) -> dict:
    """``seat``'s view; with ``"seat": null``, the public view (a watcher's)."""
    m, state = _match(req)
    if "seat" in req and req["seat"] is None:
        return {"view": state.public_view()}
    return {"view": state.view(_seat(state, req))}


def op_act(req) -> dict:
    """Apply one action for ``seat``: the new match file and the views of ``viewers``."""
    m, state = _match(req)
    seat = _seat(state, req)
    viewers = _viewers(state, req, seat)
    text = req.get("action")
    _turn_check(state, seat)
    return _moved(m, state, state.parse_action(text), viewers)


def op_explain(req) -> dict:
    """Whether ``action`` is legal for ``seat`` now, and if not, why (nothing is applied)."""
    m, state = _match(req)
    seat = _seat(state, req)
    try:
        _turn_check(state, seat)
        refusal = state.refusal(state.parse_action(req.get("action")))
    except IllegalActionError as e:
        refusal = e.refusal
    if refusal is None:
        return {"legal": True, "reason": "", "code": None, "params": {}}
    return {"legal": False, "reason": refusal.reason, "code": refusal.code,
            "params": refusal.params}


def op_summary(req) -> dict:
    m, state = _match(req)
    return {"summary": get_game(state.cfg.game).match_summary(state)}


def op_validate(req) -> dict:
    """Check a match file (e.g. an import or a stored record) without keeping it."""
    m = req.get("match")
    if isinstance(m, str):
        m = M.loads(m)
    state = state_of(m)
    return {"match": m, "finished": state.is_terminal(), "turn": state.current_player}


def _budget_field(req) -> int | None:
    """The ``bot`` op's optional ``budget``: a whole number of work units, at least 1."""
    value = req.get("budget")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_BUDGET:
        raise BadRequest(f"'budget' must be a whole number from 1 to {MAX_BUDGET}, "
                         f"not {brief(value)}")
    return value


def op_bot(req) -> dict:
    """The computer player of ``level`` moves for ``seat``: its action, applied.

    Its random generator is seeded from the match seed, the number of actions
    so far and the seat, so the same position gives the same move. ``budget``
    (optional): the most work the search may do (``bots.common.Work``: the table
    on a slow phone, docs/bots.md); without it the expert's full deterministic
    budget. The answer's ``work`` is the work done (0 for the levels that do not
    search).
    """
    m, state = _match(req)
    seat = _seat(state, req)
    viewers = _viewers(state, req, seat)
    level = _text_field(req, "level", "novice")
    work = Work(_budget_field(req))
    _turn_check(state, seat)
    rng = SeededStream(BOT_STREAM, state.cfg.seed, f"{len(m['actions'])}/{seat}")
    text = choose(state.view(seat), level, rng, work=work)
    return {**_moved(m, state, state.parse_action(text), viewers), "work": work.used}


#: The position the ``calibrate`` op searches: a game's first card play of this seed, the
#: bids made by the heuristic (docs/bots.md, "In time on a slow phone").
CALIBRATION_SEED = "tapete calibration"
CALIBRATION_LEVEL = "heuristic"


@functools.lru_cache(maxsize=None)
def _calibration_view(game: str) -> dict:
    state = get_game(game).new_match(seed=CALIBRATION_SEED)
    n = 0
    while state.view(state.current_player)["phase"] not in ("play",):
        seat = state.current_player
        rng = SeededStream(BOT_STREAM, CALIBRATION_SEED, f"{n}/{seat}")
        state = state.apply(state.parse_action(choose(state.view(seat), CALIBRATION_LEVEL, rng)))
        n += 1
    return state.view(state.current_player)


def op_calibrate(req) -> dict:
    """The expert of ``game`` searches a fixed position (``CALIBRATION_SEED``) with a cap of
    ``budget`` work units; the answer's ``work`` is what it did. The app times the call
    to learn the phone's work per millisecond (web/pace.js): the engine itself has no
    clock, and nothing of a match changes."""
    game = get_game(_text_field(req, "game")).name
    budget = _budget_field(req)
    work = Work(budget if budget is not None else CALIBRATION_WORK)
    view = _calibration_view(game)
    choose(view, "expert", SeededStream(BOT_STREAM, CALIBRATION_SEED, "calibrate"), work=work)
    return {"game": game, "work": work.used}


# ----- review (analyse, hint) ----------------------------------------------------------
_REPLAYS: OrderedDict = OrderedDict()
_REPLAYS_SIZE = 4


def _replay(m: dict, state) -> review.Replay:
    """The match replayed action by action (kept for the next call on the same file)."""
    key = _key(m)
    rp = _REPLAYS.get(key)
    if rp is None:
        rp = review.Replay(M.opening(state.cfg), m["actions"])
        _REPLAYS[key] = rp
        while len(_REPLAYS) > _REPLAYS_SIZE:
            _REPLAYS.popitem(last=False)
    _REPLAYS.move_to_end(key)
    return rp


def _index_field(req, field: str) -> int:
    value = req.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'{field}' must be a whole number, not {brief(value)}")
    return value


def op_analyse(req) -> dict:
    """A seat's decisions in a hand that is over (``hand``), or one decision valued with
    every card visible and from the seat's view (``action``: its index in the log)."""
    m, state = _match(req)
    seat = _seat(state, req)
    if ("action" in req) == ("hand" in req):
        raise BadRequest("'analyse' takes either 'action' (the index of an action in the "
                         "match's log) or 'hand' (a hand number, from 1)")
    rp = _replay(m, state)
    if "hand" in req:
        hand = _index_field(req, "hand")
        if not 1 <= hand <= rp.hands():
            raise BadRequest(f"there is no hand {hand}: the match has {rp.hands()} hands so far",
                             "no_such_hand", {"count": rp.hands()})
        _hand_over(rp, hand - 1)
        return {"game": rp.game, "seat": seat, "hand": hand,
                "decisions": review.decisions(rp, seat, hand - 1)}
    index = _index_field(req, "action")
    count = len(rp.texts)
    if not 0 <= index < count:
        raise BadRequest(f"there is no action {index}: the log holds {count} actions, "
                         f"numbered from 0", "no_such_action", {"count": count})
    who = rp.seats[index]
    if who != seat:
        raise BadRequest(f"action {index} was taken by seat {who}, not seat {seat}",
                         "not_seat_action", {"seat": who})
    _hand_over(rp, rp.hand_nos[index])
    rng = SeededStream(review.REVIEW_STREAM, state.cfg.seed, f"{index}/{seat}")
    return review.analyse(rp, seat, index, rng)


def _hand_over(rp: review.Replay, hand_no: int) -> None:
    if not rp.hand_over(hand_no):
        raise BadRequest(f"hand {hand_no + 1} is still being played: it can be analysed once "
                         f"it is over", "hand_not_over", {"hand": hand_no + 1})


def op_hint(req) -> dict:
    """The expert's choice for ``seat`` (to act) and why, from that seat's view alone."""
    m, state = _match(req)
    seat = _seat(state, req)
    _turn_check(state, seat)
    rng = SeededStream(review.REVIEW_STREAM, state.cfg.seed, f"{len(m['actions'])}/{seat}")
    return review.hint(state.view(seat), rng)


# ----- replay, take-back, duplicate (issue 16: the player's side of the review) ----------
def op_replay(req) -> dict:
    """The position after the first ``upto`` actions, as ``seat`` saw it; once the hand of
    that position is over in the whole match, every seat's cards at that moment too."""
    m, state = _match(req)
    seat = _seat(state, req)
    rp = _replay(m, state)
    count = len(rp.texts)
    upto = _index_field(req, "upto")
    if not 0 <= upto <= count:
        raise BadRequest(f"there is no position after {upto} actions: the log holds {count}",
                         "no_such_prefix", {"count": count})
    at = review.prefix_state(rp, upto)
    shown = rp.hand_over(at.hand_no)
    n = _seats(state)
    last = None
    if upto:
        last = {"index": upto - 1, "seat": rp.seats[upto - 1], "action": rp.texts[upto - 1]}
    return {"upto": upto, "count": count, "view": at.view(seat),
            "hands": [at.view(s)["hand"] for s in range(n)] if shown else None,
            "hand_starts": [rp.starts[h][0] for h in sorted(rp.starts)], "last": last}


def op_takeback(req) -> dict:
    """The match cut back to just before ``seat``'s latest action (its previous decision),
    with ``seat``'s view there."""
    m, state = _match(req)
    seat = _seat(state, req)
    rp = _replay(m, state)
    mine = [i for i, s in enumerate(rp.seats) if s == seat]
    if not mine:
        raise BadRequest(f"seat {seat} has taken no action to take back", "nothing_to_take_back")
    index = mine[-1]
    m2 = dict(m)
    m2["actions"] = list(m["actions"][:index])
    new = state_of(m2)
    return {"match": m2, "removed": len(m["actions"]) - index, "index": index,
            "view": new.view(seat), "turn": new.current_player}


def _hand_result(state, hand_no: int, side: int) -> dict:
    """A finished hand's result for ``side``: points per side and the margin (its side
    minus the other), from the game's summary."""
    hand = get_game(state.cfg.game).match_summary(state)["hands"][hand_no]
    detail = hand.get("totals") or hand.get("captured")
    pts = hand["points"]
    return {"points": pts, "detail": detail, "margin": pts[side] - pts[1 - side],
            "detail_margin": detail[side] - detail[1 - side]}


def op_duplicate(req) -> dict:
    """Duplicate scoring of a match's first hand: the computer players of ``level`` play
    that hand from the same deal in every seat (``seat``'s too), each from its own view
    with the ``bot`` op's random stream; their result beside ``seat``'s own (if its first
    hand is over)."""
    m, state = _match(req)
    seat = _seat(state, req)
    level = _text_field(req, "level", "expert")
    if level not in levels(state.cfg.game):
        raise BadRequest(f"unknown level {brief(level)}", "bad_rules")
    side = state.view(seat).get("side", seat % 2)
    seed = state.cfg.seed

    def bot(s, who: int, done: int) -> str:
        return choose(s.view(who), level, SeededStream(BOT_STREAM, seed, f"{done}/{who}"))

    s, texts = play_hand(M.opening(state.cfg), bot)
    bots = dict(m)
    bots["actions"] = texts
    mine = _hand_result(state, 0, side) if state.hand_no > 0 or state.is_terminal() else None
    return {"seat": seat, "side": side, "level": level, "match": bots,
            "machine": _hand_result(s, 0, side), "mine": mine}


OPS = {"games": op_games, "bot": op_bot, "explain": op_explain, "new": op_new, "view": op_view,
       "act": op_act, "summary": op_summary, "validate": op_validate, "analyse": op_analyse,
       "hint": op_hint, "replay": op_replay, "takeback": op_takeback,
       "duplicate": op_duplicate, "calibrate": op_calibrate}


# ----- answers -----------------------------------------------------------------
def _refused(kind: str, code: str, message: str, params: dict | None = None, **extra) -> dict:
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS - 1] + "…"
    return {"ok": False, "kind": kind, "code": code, "params": params or {}, "error": message,
            **extra}


def handle(request) -> dict:
    """Answer one request; never raises. A refusal names what was wrong with the request
    (its code); an exception the engine did not mean to raise is a defect of the engine,
    answered ``internal`` with the op named (never a traceback or a Python repr) and logged
    in full (logger ``LOGGER``)."""
    name = None
    try:
        if not isinstance(request, dict):  # (kind MatchFileError, as ever)
            return _refused("MatchFileError", "bad_request",
                            "a request must be an object with an 'op'")
        try:
            strictjson.check(request)
        except strictjson.JSONTextError as e:
            raise BadRequest(f"a request must be a JSON value: {e}") from None
        name = request.get("op")
        op = OPS.get(name) if isinstance(name, str) else None
        if op is None:
            return _refused("MatchFileError", "unknown_op",
                            f"unknown op {brief(name)} (known: {', '.join(OPS)})")
        out = op(request)
        out["ok"] = True
        return out
    except IllegalActionError as e:
        action = e.action if isinstance(e.action, str) else None
        return _refused("IllegalActionError", e.code, e.reason, e.params,
                        action=action[:ECHO_LIMIT] if action else None)
    except BadRequest as e:
        return _refused("BadRequest", e.code, str(e), e.params)
    except TapeteError as e:
        kind = type(e).__name__
        return _refused(kind, _KIND_CODES.get(kind, "bad_request"), str(e))
    except RecursionError:
        return _refused("BadRequest", "bad_request", "malformed request: nested too deeply")
    except Exception:  # noqa: BLE001 - a defect of the engine, not of the request
        op = name if isinstance(name, str) and name in OPS else "?"
        import logging
        logging.getLogger(LOGGER).exception("internal error in the engine answering op %r", op)
        return _refused(INTERNAL, "internal",
                        f"the engine failed while answering '{op}': an internal error, not a "
                        f"problem with the request")


def handle_json(text) -> str:
    """``handle`` on JSON text, for the worker: the answer is strict JSON text."""
    try:
        if not isinstance(text, str):
            raise BadRequest("a request must be JSON text")
        if len(text) > MAX_REQUEST_CHARS:
            raise strictjson.JSONTextError(
                f"a request may be at most {MAX_REQUEST_CHARS} characters long")
        req = strictjson.loads(text)
    except strictjson.JSONTextError as e:
        return strictjson.dumps(_refused("BadRequest", "bad_json", f"not JSON: {e}"))
    except TapeteError as e:
        return strictjson.dumps(_refused(type(e).__name__, _KIND_CODES[type(e).__name__],
                                         str(e)))
    return strictjson.dumps(handle(req))
