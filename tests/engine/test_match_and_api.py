"""Match files, replay, the JSON facade and the command line: bad input never crashes."""

import copy
import json
import random
import subprocess
import sys

import pytest

from engine import api
from engine import match as M
from engine.cuatrola import new_match
from engine.errors import IllegalActionError, MatchFileError
from engine.selfplay import play_random

from .cuatrola_helpers import match_file


def _played(seed="mf", hands=2):
    m = M.new_match_file("cuatrola", seed=seed)
    s = api.state_of(m)
    rng = random.Random(seed)
    while len(s.history) < hands:
        t = s.action_text(rng.choice(s.legal_actions()))
        m["actions"].append(t)
        s = s.apply(s.parse_action(t))
    return m, s


def test_match_file_round_trip_and_replay():
    """docs/match-format.md: a match is its rules, its seed and its action log."""
    m, s = _played()
    again = M.loads(M.dumps(m))
    assert again == m and M.replay(again) == s


def test_replay_summary_has_per_hand_details():
    m, s = _played(hands=3)
    summary = M.summary(m)
    assert len(summary["hands"]) == 3
    h = summary["hands"][0]
    assert {"contract", "tricks", "card_points", "cantes", "ultimas", "points"} <= set(h)
    assert all({"leader", "cards", "winner"} <= set(t) for t in h["tricks"])
    assert summary["score"] == list(s.score)


def test_explicit_deals_in_a_match_file():
    hands = ["1E 3E 12E 11E 10E", "3O 1C 3C 12C 11C", "1O 12O 10C 1B 3B", "10O 11O 12B 11B 10B"]
    m = match_file(hands, "10O", ["pass"] * 4 + ["10E", "3O", "1O", "12B"])
    s = M.replay(m)
    assert s.tricks[0].winner == 2
    assert M.loads(M.dumps(m))["deals"][0]["trump"] == "10O"


@pytest.mark.parametrize("mutate,message", [
    (lambda m: m.pop("rules"), "missing field 'rules'"),
    (lambda m: m.update(format="chess"), "field 'format'"),
    (lambda m: m.update(version=99), "unsupported version 99"),
    (lambda m: m.update(game="poker"), "unknown game 'poker'"),
    (lambda m: m["rules"].update(quintol=True), "unknown rule option 'quintol'"),
    (lambda m: m["rules"].update(hands="eleven"), "option 'hands' must be a whole number"),
    (lambda m: m["rules"].update(cantes="sometimes"), "option 'cantes' must be one of"),
    (lambda m: m.update(seed=""), "seed"),
    (lambda m: m.update(first_dealer=7), "first_dealer"),
    (lambda m: m.update(extra=1), "unknown field 'extra'"),
    (lambda m: m.update(actions="pass"), "field 'actions'"),
    (lambda m: m.update(deals=[{"hands": [["1O"]], "trump": "1O"}]), "deals[0].hands"),
    (lambda m: m.update(deals=[{"hands": [["1O"] * 5] * 4, "trump": "1O"}]), "appears twice"),
    (lambda m: m.update(deals=[{"hands": [["7O", "1C", "3C", "12C", "11C"]] * 4,
                                "trump": "7O"}]), "not one of Cuatrola's 20 cards"),
])
def test_malformed_files_name_the_field(mutate, message):
    m, _ = _played()
    mutate(m)
    with pytest.raises(MatchFileError) as e:
        M.replay(m)
    assert message in str(e.value)


def test_an_illegal_action_in_a_file_names_its_index_and_reason():
    hands = ["1E 3E 12E 11E 10E", "3O 1C 3C 12C 11C", "1O 12O 10C 1B 3B", "10O 11O 12B 11B 10B"]
    m = match_file(hands, "10O", ["pass"] * 4 + ["10E", "1C"])
    with pytest.raises(MatchFileError, match=r"action 6 \('1C'\): you have no espadas"):
        M.replay(m)
    m["actions"][5] = "banana"
    with pytest.raises(MatchFileError, match=r"action 6 \('banana'\)"):
        M.replay(m)


def test_truncated_and_tampered_text():
    m, _ = _played()
    text = M.dumps(m)
    with pytest.raises(MatchFileError, match="not valid JSON"):
        M.loads(text[: len(text) // 2])
    with pytest.raises(MatchFileError):
        M.loads("[]")
    tampered = json.loads(text)
    tampered["actions"][4] = "1O" if tampered["actions"][4] != "1O" else "3O"
    with pytest.raises(MatchFileError, match="action 5"):
        M.replay(tampered)


def test_illegal_action_leaves_the_state_unchanged():
    s = new_match(seed="same")
    before = copy.deepcopy(s)
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("1O"))
    assert s == before


# ---- the JSON facade -----------------------------------------------------------------

def test_api_round_trip_is_plain_json():
    r = api.handle({"op": "new", "game": "cuatrola", "seed": "api", "preset": "ludoteka"})
    assert r["ok"] and json.loads(json.dumps(r)) == r
    m = r["match"]
    seat = r["view"]["turn"]
    r2 = api.handle({"op": "act", "match": m, "seat": seat, "action": "pass"})
    assert r2["ok"] and r2["match"]["actions"] == ["pass"] and m["actions"] == []
    assert json.loads(api.handle_json(json.dumps({"op": "view", "match": r2["match"],
                                                  "seat": 1})))["ok"]


@pytest.mark.parametrize("request_,kind", [
    ("nonsense", "MatchFileError"),
    ({"op": "fly"}, "MatchFileError"),
    ({"op": "new", "game": "chess"}, "RulesError"),
    ({"op": "new", "game": "cuatrola", "preset": "nope"}, "RulesError"),
    ({"op": "new", "game": "cuatrola", "rules": {"x": 1}}, "RulesError"),
    ({"op": "view", "match": {"format": "tapete-match"}}, "MatchFileError"),
    ({"op": "view"}, "MatchFileError"),
])
def test_api_errors_are_answers_not_exceptions(request_, kind):
    r = api.handle(request_)
    assert r["ok"] is False and r["kind"] == kind and r["error"]


def test_api_refuses_out_of_turn_and_illegal_actions_with_reasons():
    r = api.handle({"op": "new", "game": "cuatrola", "seed": "api2"})
    m, turn = r["match"], r["view"]["turn"]
    other = (turn + 1) % 4
    bad = api.handle({"op": "act", "match": m, "seat": other, "action": "pass"})
    assert not bad["ok"] and bad["error"] == f"it is not your turn: seat {turn} is to act"
    bad = api.handle({"op": "act", "match": m, "seat": turn, "action": "1O"})
    assert bad["error"] == "bidding comes first: pass or bid before playing a card"
    assert api.handle({"op": "act", "match": m, "seat": 9, "action": "pass"})["ok"] is False
    assert m["actions"] == []


def test_api_validate_and_summary_and_games():
    m, _ = _played()
    assert api.handle({"op": "validate", "match": M.dumps(m)})["ok"]
    assert api.handle({"op": "validate", "match": "{broken"})["kind"] == "MatchFileError"
    assert api.handle({"op": "summary", "match": m})["summary"]["hands"]
    g = api.handle({"op": "games"})
    assert "novice" in g["games"]["cuatrola"]["levels"]
    assert g["games"]["cuatrola"]["options"]["default_preset"] == "quick"


def test_api_bot_is_deterministic_and_legal():
    r = api.handle({"op": "new", "game": "cuatrola", "seed": "bot"})
    m, turn = r["match"], r["view"]["turn"]
    a = api.handle({"op": "bot", "match": m, "seat": turn})
    assert a == api.handle({"op": "bot", "match": m, "seat": turn})
    assert a["action"] in r["view"]["legal"] or a["action"] in api.handle(
        {"op": "view", "match": m, "seat": turn})["view"]["legal"]


# ---- the command line --------------------------------------------------------------

def _cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_replay_prints_a_summary(tmp_path):
    m, s = _played(hands=2)
    f = tmp_path / "m.json"
    f.write_text(M.dumps(m), encoding="utf-8")
    r = _cli("replay", str(f))
    assert r.returncode == 0
    assert json.loads(r.stdout)["score"] == list(s.score)


@pytest.mark.parametrize("content,needle", [
    ("{", "not valid JSON"),
    ('{"format": "tapete-match"}', "missing field"),
])
def test_cli_replay_rejects_bad_files(tmp_path, content, needle):
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    r = _cli("replay", str(f))
    assert r.returncode == 2 and needle in r.stderr and "Traceback" not in r.stderr


def test_cli_replay_missing_file():
    r = _cli("replay", "/nonexistent/x.json")
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_cli_play_a_few_moves_and_save(tmp_path):
    out = tmp_path / "saved.json"
    r = _cli("play", "cuatrola", "--seed", "cli", "--save", str(out),
             stdin="0\nbanana\n0\n0\n0\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "not allowed" in r.stdout
    m = M.loads(out.read_text("utf-8"))
    assert len(m["actions"]) >= 4
    M.replay(m)


def test_cli_play_unknown_preset():
    r = _cli("play", "cuatrola", "--preset", "nope")
    assert r.returncode == 2 and "unknown preset" in r.stderr


def test_docs_examples_and_option_lists_are_current():
    """The rules document names every option; docs/api.md's example runs as written."""
    import doctest
    import pathlib
    docs = pathlib.Path(__file__).parents[2] / "docs"
    rules_doc = (docs / "rules-cuatrola.md").read_text("utf-8")
    from engine.cuatrola import OPTIONS
    for o in OPTIONS.options:
        assert f"`{o.name}`" in rules_doc, o.name
    for p in OPTIONS.presets:
        assert f"`{p}`" in rules_doc, p
    result = doctest.testfile(str(docs / "api.md"), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0


def test_api_explain_says_why_without_applying():
    """Issue 4: 'tapping one says why, in words from the engine'."""
    hands = ["1E 3E 12E 11E 10E", "3O 1C 3C 12C 11C", "1O 12O 10C 1B 3B", "10O 11O 12B 11B 10B"]
    m = match_file(hands, "10O", ["pass"] * 4 + ["10E"])
    r = api.handle({"op": "explain", "match": m, "seat": 1, "action": "1C"})
    assert r == {"ok": True, "legal": False, "reason": "you have no espadas: you must trump with oros",
                 "code": "void_trump", "params": {"led": "E", "trump": "O"}}
    assert api.handle({"op": "explain", "match": m, "seat": 1, "action": "3O"})["legal"] is True
    assert api.handle({"op": "explain", "match": m, "seat": 2, "action": "1O"})["reason"].startswith(
        "it is not your turn")
    assert len(m["actions"]) == 5
