"""The JSON facade and the command line under bad input (issue 13, "hardened"): every bad
request is a clear, bounded, strict-JSON refusal with a code; one call per move (issue 14).
"""

from __future__ import annotations

import io
import json
import math
import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from engine import match as M
from engine.__main__ import cmd_replay, main
from engine.games import GAMES
from engine.deal import SeededStream
from engine.bots import choose

#: Refusals are short: a message of at most api.MAX_MESSAGE_CHARS plus a few fields.
REFUSAL_LIMIT = 2_000


def strict(text: str):
    """Parse text as strict JSON (no NaN/Infinity); AssertionError otherwise."""
    def bad(name):
        raise AssertionError(f"non-strict JSON constant {name}")
    return json.loads(text, parse_constant=bad)


def answer(req):
    """``handle_json`` on a request value, checked: strict JSON, bounded when refused."""
    text = api.handle_json(json.dumps(req, allow_nan=True))
    out = strict(text)
    if not out["ok"]:
        assert len(text) <= REFUSAL_LIMIT, len(text)
        assert isinstance(out["code"], str) and isinstance(out["params"], dict)
        assert out["code"] in api.refusal_codes(), out["code"]
        assert out["code"] != "internal", out   # bad input is the caller's, never a defect
        assert "while reading it" not in out["error"], out  # a specific reason, never generic
        assert "Error(" not in out["error"] and "Traceback" not in out["error"], out
    return out


def new(game="cuatrola", **kw):
    r = api.handle({"op": "new", "game": game, "seed": "hard", **kw})
    assert r["ok"], r
    return r["match"]


def played(game="cuatrola", n=12, **kw):
    m = new(game, **kw)
    s = api.state_of(m)
    rng = random.Random(n)
    for _ in range(n):
        t = s.action_text(rng.choice(s.legal_actions()))
        m["actions"].append(t)
        s = s.apply(s.parse_action(t))
    return m, s


# ----- the cases seen (issue 13) -------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  "[" * 70 + "]" * 70])
def test_deeply_nested_json_is_refused_not_raised(text):
    out = strict(api.handle_json(text))
    assert out["ok"] is False and out["code"] == "bad_json" and "nested" in out["error"]


def test_deeply_nested_request_object_is_refused():
    deep = []
    for _ in range(10_000):
        deep = [deep]
    out = api.handle({"op": "view", "match": deep})
    assert out["ok"] is False and out["code"] == "bad_request" and "nest" in out["error"]


@pytest.mark.parametrize("text", ['{"op": "games", "x": NaN}', '{"op": "games", "x": Infinity}',
                                  '{"op": "games", "x": -Infinity}', '{"op": "games", "x": 1e400}'])
def test_nan_and_infinity_are_not_json(text):
    out = strict(api.handle_json(text))
    assert out["ok"] is False and out["code"] == "bad_json"


def test_answers_are_strict_json_even_for_strange_echoes():
    m = new()
    for action in [float("nan"), float("inf"), "\ud800", "x" * 5_000_000]:
        out = api.handle({"op": "act", "match": m, "seat": 1, "action": action})
        text = api.handle_json(json.dumps({"op": "act", "match": m, "seat": 3,
                                           "action": action}, allow_nan=True))
        strict(text)
        assert len(text) <= REFUSAL_LIMIT and out["ok"] is False


def test_a_5mb_action_is_not_echoed():
    m = new()
    out = api.handle({"op": "act", "match": m, "seat": 3, "action": "x" * 5_000_000})
    assert out["code"] == "bad_action" and len(out["params"]["text"]) <= 60
    assert len(json.dumps(out)) <= REFUSAL_LIMIT
    out = answer({"op": "act", "match": m, "seat": 3, "action": "x" * 3_000_000})
    assert out["code"] == "bad_action" and len(out["params"]["text"]) <= 60


@pytest.mark.parametrize("action,needle", [([1, 2], "a list"), ({"a": 1}, "an object"),
                                           (7, "7"), (None, "None")])
def test_an_action_that_is_not_text_says_so(action, needle):
    m = new()
    out = answer({"op": "act", "match": m, "seat": 3, "action": action})
    assert out["code"] == "not_text"
    assert out["error"] == f"an action must be text, not {needle}"


@pytest.mark.parametrize("op", [["act"], {"x": 1}, 5, None])
def test_an_op_that_is_not_text_says_so(op):
    out = answer({"op": op})
    assert out["code"] == "unknown_op" and out["error"].startswith("unknown op ")
    assert "known: games" in out["error"]


def test_version_true_is_not_version_1():
    m, _ = played()
    m["version"] = True
    out = answer({"op": "validate", "match": m})
    assert out["code"] == "bad_match" and "unsupported version True" in out["error"]


def test_an_empty_seed_is_refused():
    out = answer({"op": "new", "game": "cuatrola", "seed": ""})
    assert out["code"] == "bad_rules" and "seed" in out["error"]


def test_deals_null_is_refused():
    m, _ = played()
    m["deals"] = None
    out = answer({"op": "validate", "match": m})
    assert out["code"] == "bad_match" and "'deals' must be a list" in out["error"]
    out = answer({"op": "new", "game": "cuatrola", "seed": "s", "deals": None})
    assert out["code"] == "bad_match" and "'deals' must be a list" in out["error"]


def test_too_many_actions_names_the_limit():
    m = new()
    m["actions"] = ["pass"] * (M.MAX_ACTIONS + 1)
    out = answer({"op": "view", "match": m})
    assert out["code"] == "bad_match"
    assert f"{M.MAX_ACTIONS + 1} actions: the limit is {M.MAX_ACTIONS}" in out["error"]


def test_bot_on_a_finished_match_says_the_match_is_over():
    m = new(rules={"end": "hands", "hands": 1})
    while True:
        r = api.handle({"op": "view", "match": m, "seat": 0})
        if r["view"]["turn"] < 0:
            break
        b = api.handle({"op": "bot", "match": m, "seat": r["view"]["turn"], "level": "novice"})
        m = b["match"]
    out = answer({"op": "bot", "match": m, "seat": 0, "level": "novice"})
    assert out["code"] == "match_over" and out["error"] == "the match is over"


def test_a_request_over_the_size_limit_is_refused_briefly():
    out = strict(api.handle_json(" " * (api.MAX_REQUEST_CHARS + 1)))
    assert out["code"] == "bad_json" and str(api.MAX_REQUEST_CHARS) in out["error"]


@pytest.mark.parametrize("viewers", [[], [0, 0], [5], "0", [True], list(range(5))])
def test_bad_viewers_are_refused(viewers):
    m = new()
    out = answer({"op": "act", "match": m, "seat": 3, "action": "pass", "viewers": viewers})
    assert out["code"] == "bad_request" and "viewers" in out["error"]


# ----- an engine defect (issue 29) -----------------------------------------------------
SECRET = "secret-detail-of-the-defect"


@pytest.mark.parametrize("error", [KeyError, TypeError, AttributeError, IndexError, ValueError,
                                   ZeroDivisionError])
@pytest.mark.parametrize("op,where", [("bot", "choose"), ("hint", "review.hint"),
                                      ("view", "state_of")])
def test_an_engine_defect_is_answered_internal_naming_the_op_and_logged(monkeypatch, caplog,
                                                                         error, op, where):
    """An exception the engine did not mean to raise is a defect of the engine, not the
    caller's bad request (the facade answered bad_request before issue 29): code
    `internal`, kind InternalError, a plain sentence naming the op, never a traceback or a
    Python repr on the page; the whole traceback goes to the log (logger tapete.engine)."""
    m = new()
    req = {"op": op, "match": m, "seat": 3, "level": "novice"}
    assert api.handle(req)["ok"]                  # the request itself is fine

    def defect(*args, **kwargs):
        raise error(SECRET)

    target, _, attr = where.rpartition(".")
    monkeypatch.setattr(getattr(api, target) if target else api, attr, defect)
    with caplog.at_level("ERROR", logger="tapete.engine"):
        out = strict(api.handle_json(json.dumps(req)))
    assert out == {"ok": False, "kind": "InternalError", "code": "internal", "params": {},
                   "error": f"the engine failed while answering '{op}': an internal error, "
                            f"not a problem with the request"}
    assert "internal" in api.refusal_codes() and api.refusal_codes()["internal"] == ()
    logged = [r for r in caplog.records if r.name == "tapete.engine"]
    assert len(logged) == 1 and logged[0].levelname == "ERROR" and op in logged[0].getMessage()
    assert SECRET in caplog.text and error.__name__ in caplog.text   # the traceback, logged


# ----- one call per move (issue 14) ----------------------------------------------------
def test_bot_chooses_applies_and_answers_the_views_asked_for():
    m = new()
    r = api.handle({"op": "bot", "match": m, "seat": 3, "level": "heuristic", "viewers": [0, 2]})
    assert r["ok"] and r["match"]["actions"] == [r["action"]] and m["actions"] == []
    assert [v["seat"] for v in r["views"]] == [0, 2] and r["view"] == r["views"][0]
    assert r["turn"] == api.state_of(r["match"]).current_player
    # the same move as choosing from seat 3's view with the documented stream
    s = api.state_of(m)
    rng = SeededStream(api.BOT_STREAM, "hard", "0/3")
    assert r["action"] == choose(s.view(3), "heuristic", rng)
    # and the same match as an act of that action
    a = api.handle({"op": "act", "match": m, "seat": 3, "action": r["action"], "viewers": [0]})
    assert a["match"] == r["match"] and a["views"] == r["views"][:1]


def test_act_answers_only_the_views_asked_for():
    m = new()
    r = api.handle({"op": "act", "match": m, "seat": 3, "action": "pass", "viewers": [0]})
    assert [v["seat"] for v in r["views"]] == [0] and r["view"]["hand"] == \
        api.state_of(r["match"]).view(0)["hand"]
    r2 = api.handle({"op": "act", "match": m, "seat": 3, "action": "PASS"})
    assert r2["views"][0]["seat"] == 3 and r2["action"] == "pass"
    assert r2["match"]["actions"] == ["pass"]


def test_the_terminal_and_the_app_choose_the_same_moves(monkeypatch):
    """`python3 -m engine play` gets computer moves through the facade's bot op."""
    calls = []
    real = api.handle

    def spy(req):
        calls.append(req.get("op"))
        return real(req)

    monkeypatch.setattr(api, "handle", spy)
    out = io.StringIO()
    from engine.__main__ import cmd_play
    args = SimpleNamespace(game="cuatrola", seed="same", preset=None, players=None,
                           level="heuristic", save=None)
    cmd_play(args, stdin=io.StringIO("quit\n"), out=out)
    moves = [line.split(": ", 1)[1] for line in out.getvalue().splitlines()
             if line.startswith("seat ")]
    assert moves and calls.count("bot") == len(moves)
    m = new(seed="same")
    for mv in moves:
        r = real({"op": "bot", "match": m, "seat": api.state_of(m).current_player,
                  "level": "heuristic"})
        assert r["action"] == mv
        m = r["match"]


# ----- refusal codes -------------------------------------------------------------------
def _codes_seen(game, opts, seed, rng):
    """Refusals of random bad actions along a random match: (code, params) pairs."""
    from engine.games import get_game
    s = get_game(game).new_match(seed=seed, options=opts)
    seen = []
    texts = ["pass", "solo", "quintola", "cuatrola", "1O", "12B", "2O", "7H", "7H:7S", "take:7D",
             "claim:7", "claim:X", "noclaim", "6H:2S+4C>7D", "6H>7D", "KH:QH", "xx", "", "take",
             "claim", "6H:", "6H:+", "6H:2S+2S", "6H:6H", "6H:>7D", "6H:7D", "6H:2S>5D"]
    steps = 0
    while not s.is_terminal() and steps < 60:
        legal = s.legal_actions()
        pool = list(range(120)) + [(c | rng.getrandbits(40) << 6) for c in range(40)]
        for a in rng.sample(pool, 12):
            r = s.refusal(a)
            if r is None:
                assert a in legal
            else:
                assert a not in legal
                seen.append((r.code, r.params, r.reason))
        for t in rng.sample(texts, 6):
            try:
                a = s.parse_action(t)
            except Exception as e:  # noqa: BLE001 - checking the kind
                assert type(e).__name__ == "IllegalActionError"
                seen.append((e.code, e.params, e.reason))
                continue
            r = s.refusal(a)
            if r:
                seen.append((r.code, r.params, r.reason))
        s = s.apply(rng.choice(legal))
        steps += 1
    return seen


@pytest.mark.parametrize("game,opts", [
    ("cuatrola", {}), ("cuatrola", {"quintola": True, "bid_limits": True}),
    ("cuarenta", {"players": 2}), ("cuarenta", {"players": 4, "sequences": "manual"})])
def test_every_refusal_carries_a_registered_code_and_its_params(game, opts):
    codes = api.refusal_codes()
    rng = random.Random(f"{game}{opts}")
    seen = []
    for k in range(6):
        seen += _codes_seen(game, opts, f"codes-{k}", rng)
    assert len({c for c, _, _ in seen}) >= 6
    for code, params, reason in seen:
        assert code in codes, code
        assert set(params) == set(codes[code]), (code, params)
        assert reason and json.dumps(params)


def test_a_code_shared_by_games_has_the_same_params():
    from engine.games import GAMES
    from engine.errors import COMMON_REFUSALS
    for a in GAMES.values():
        for b in GAMES.values():
            for code in set(a.refusals) & set(b.refusals):
                assert a.refusals[code] == b.refusals[code], code
        assert not set(a.refusals) & set(COMMON_REFUSALS) - {"not_held"} or all(
            a.refusals[c] == COMMON_REFUSALS[c] for c in set(a.refusals) & set(COMMON_REFUSALS))


# ----- fuzzing the facade and the replay command ---------------------------------------
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                                 max_size=4),
    max_leaves=20)
_FIELDS = ["op", "match", "seat", "action", "level", "viewers", "game", "seed", "rules",
           "preset", "deals", "meta", "hand"]
_OPS = st.sampled_from(list(api.OPS) + ["fly", ""]) | _json


def _base_matches():
    out = [new(), played()[0], new("cuarenta", rules={"players": 2}),
           played("cuarenta", 9, rules={"players": 4})[0],
           played("cuatrola", 30)[0]]  # its first hand is over: analyse reviews it
    return out


BASES = _base_matches()


def _mutated(draw):
    m = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(0, 3)) * draw(st.integers(0, 1))):
        key = draw(st.sampled_from(sorted(set(m) | {"deals", "first_dealer", "zz"})))
        how = draw(st.integers(0, 3))
        if how == 0:
            m.pop(key, None)
        elif how == 1:
            m[key] = draw(_json)
        elif how == 2 and isinstance(m.get("actions"), list) and m["actions"]:
            i = draw(st.integers(0, len(m["actions"]) - 1))
            m["actions"][i] = draw(_json | st.sampled_from(["1O", "pass", "7H:7S", "noclaim"]))
        elif how == 3 and isinstance(m.get("rules"), dict):
            name = draw(st.sampled_from(sorted(m["rules"]) + ["zz"]))
            m["rules"][name] = draw(_json)
    return m


@st.composite
def requests(draw, ops=tuple(api.OPS)):
    """Mostly well-formed requests of the ops ``ops`` (every op unless told) with one or two
    fields gone wrong."""
    req = {"op": draw(st.sampled_from(list(ops))) if draw(st.integers(0, 9)) else
           draw(_OPS)}
    if draw(st.integers(0, 5)):
        req["match"] = _mutated(draw)
    for f in draw(st.lists(st.sampled_from(_FIELDS[2:]), max_size=5, unique=True)):
        if f == "seat":
            req[f] = draw(st.integers(-1, 4) | _json)
        elif f == "viewers":
            req[f] = draw(st.lists(st.integers(-1, 4), max_size=5) | _json)
        elif f == "action":
            req[f] = draw(st.sampled_from(["pass", "solo", "cuatrola", "1O", "3C", "7H", "7H:7S",
                                           "claim:7", "noclaim", "take:7D", "2S:2H>3H"]) | _json
                          | st.integers(-2, 32))  # analyse: an index in the action log
        elif f == "hand":
            req[f] = draw(st.integers(-1, 3) | _json)
        elif f == "game":
            req[f] = draw(st.sampled_from(list(GAMES)) | _json)
        elif f == "level":
            req[f] = draw(st.sampled_from(["novice", "heuristic", "expert"]) | _json)
        elif f == "seed":
            req[f] = draw(st.text(max_size=5) | _json)
        else:
            req[f] = draw(_json)
    if req["op"] == "duplicate" and "level" not in req:
        # the default level (the expert) plays a whole hand in every seat: 2.7 s an example
        # against milliseconds for the other ops; the fuzz is about malformed requests, and
        # the expert's duplicate is played whole by tests/browser/test_daily.py
        req["level"] = draw(st.sampled_from(["novice", "heuristic"]))
    return req


# 400 examples over every op, in four shards of 100 (each a quarter of the ops, dealt in
# turn) so that parallel workers share them: one run of 400 took 171 s on a loaded machine
# and ended the suite's run alone
FUZZ_SHARDS = 4
FUZZ_EXAMPLES = 400


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(FUZZ_SHARDS))
@settings(max_examples=FUZZ_EXAMPLES // FUZZ_SHARDS, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_the_facade_never_raises_and_answers_strict_bounded_json(shard, data):
    req = data.draw(requests(tuple(api.OPS)[shard::FUZZ_SHARDS]))
    text = json.dumps(req, allow_nan=True)
    out = answer(req)  # handle_json: strict JSON, bounded refusals, registered codes
    direct = api.handle(req)
    assert direct["ok"] == out["ok"]
    if out["ok"]:
        assert len(strict(api.handle_json(text))) and len(json.dumps(out)) <= \
            len(text) + 200_000


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.one_of(
    st.binary(max_size=300),
    st.builds(lambda v: json.dumps(v, allow_nan=True).encode(), _json),
    st.builds(lambda m: json.dumps(m, allow_nan=True, ensure_ascii=False).encode(
        "utf-8", "surrogatepass"), st.builds(lambda: None).flatmap(
            lambda _: st.composite(lambda draw: _mutated(draw))()))))
def test_fuzz_the_replay_command_never_raises(tmp_path_factory, data):
    f = tmp_path_factory.mktemp("fuzz") / "m.json"
    f.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    code = cmd_replay(SimpleNamespace(file=str(f)), out=out, err=err)
    assert code in (0, 2)
    if code == 0:
        assert strict(out.getvalue())["game"] in GAMES
    else:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) <= 900
        assert "Traceback" not in lines[0]


def test_replay_of_a_file_that_is_not_utf8(tmp_path, capsys):
    f = tmp_path / "latin1.json"
    f.write_bytes('{"format": "tapete-match", "seed": "año"}'.encode("latin-1"))
    assert main(["replay", str(f)]) == 2
    assert capsys.readouterr().err.strip().endswith("it is not UTF-8 text: not a match file")


def test_a_seed_with_a_lone_surrogate_is_refused():
    out = answer({"op": "new", "game": "cuarenta", "seed": "a\ud800b"})
    assert out["code"] == "bad_rules" and "seed" in out["error"]


def test_replay_of_a_seed_with_a_lone_surrogate(tmp_path, capsys):
    m, _ = played()
    text = M.dumps(m).replace('"seed": "hard"', '"seed": "\\ud800"')
    f = tmp_path / "surrogate.json"
    f.write_text(text, encoding="utf-8")
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert "field 'seed'" in err and "Traceback" not in err


def test_replay_of_a_huge_file_stops_early(tmp_path, capsys):
    f = tmp_path / "huge.json"
    with open(f, "wb") as out:
        out.truncate(17 * 1024 * 1024)
    assert main(["replay", str(f)]) == 2
    assert "larger than 16 MB" in capsys.readouterr().err
