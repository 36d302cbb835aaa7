"""The ops behind the player's review screens (docs/api.md, "Replay, take-back and
duplicate scoring"; issue 16): ``replay`` (the view of a prefix of the log), ``takeback``
(back to the seat's previous decision) and ``duplicate`` (the computer players play a
match's first hand from the same deal in every seat)."""

from __future__ import annotations

import pytest

from engine import api
from engine import match as M
from engine.bots import choose
from engine.deal import SeededStream

from .review_helpers import ok, played_match, refused


@pytest.mark.parametrize("game,rules", [("cuatrola", None), ("cuarenta", {"players": 2}),
                                        ("cuarenta", {"players": 4})])
def test_replay_gives_the_view_of_every_prefix_and_hides_cards_of_a_hand_not_over(game, rules):
    m = played_match(game, "replay-1", rules, hands=1)
    # one action into the second hand: hand 2 is not over
    s = M.replay(m)
    m["actions"].append(choose(s.view(s.current_player), "heuristic", None))
    n = len(m["actions"])
    first_hand_len = n - 1
    for k in range(n + 1):
        r = ok({"op": "replay", "match": m, "seat": 0, "upto": k})
        assert r["view"] == M.replay(m, k).view(0)          # the seat's view of that prefix
        assert r["count"] == n and r["upto"] == k
        assert r["hand_starts"] == [0, first_hand_len]
        at = M.replay(m, k)
        if at.hand_no == 0:
            # hand 1 is over in the whole match: every seat's cards at that moment
            assert r["hands"] == [at.view(s)["hand"] for s in range(len(r["hands"]))]
            assert r["hands"][0] == r["view"]["hand"]
        else:
            assert r["hands"] is None                        # hand 2 is still being played
        if k:
            assert r["last"] == {"index": k - 1, "seat": M.replay(m, k - 1).current_player,
                                 "action": m["actions"][k - 1]}
        else:
            assert r["last"] is None
    refused({"op": "replay", "match": m, "seat": 0, "upto": n + 1}, "no_such_prefix")
    refused({"op": "replay", "match": m, "seat": 0, "upto": -1}, "no_such_prefix")
    assert api.handle({"op": "replay", "match": m, "seat": 0, "upto": "3"})["code"] == "bad_request"


def test_takeback_cuts_the_log_back_to_before_the_seats_last_action():
    m = played_match("cuatrola", "takeback-1", None, hands=1)
    seats = [M.replay(m, i).current_player for i in range(len(m["actions"]))]
    last0 = max(i for i, s in enumerate(seats) if s == 0)
    r = ok({"op": "takeback", "match": m, "seat": 0})
    assert r["index"] == last0 and r["match"]["actions"] == m["actions"][:last0]
    assert r["removed"] == len(m["actions"]) - last0
    assert r["turn"] == 0 and r["view"] == M.replay(r["match"]).view(0)
    assert r["match"]["seed"] == m["seed"] and r["match"]["rules"] == m["rules"]
    refused({"op": "takeback", "match": dict(m, actions=[]), "seat": 0}, "nothing_to_take_back")


def test_meta_rides_along_with_takeback():
    m = played_match("cuarenta", "takeback-2", {"players": 2}, hands=1)
    m["meta"] = {"takebacks": [{"from": 3, "to": 1}], "assist": {"takeback": True}}
    r = ok({"op": "takeback", "match": m, "seat": 1})
    assert r["match"]["meta"] == m["meta"]


@pytest.mark.parametrize("game,rules", [("cuatrola", None), ("cuarenta", {"players": 2})])
def test_duplicate_plays_the_first_hand_with_the_bot_ops_players_in_every_seat(game, rules):
    m = M.new_match_file(game, seed="dup-1", options=rules)
    r = ok({"op": "duplicate", "match": m, "seat": 0, "level": "heuristic"})
    assert r["mine"] is None                      # the person's first hand is not over yet
    # the same moves as the bot op would make for each seat in turn, from its own view
    b = dict(m, actions=[])
    while M.replay(b).hand_no == 0:
        s = M.replay(b)
        step = ok({"op": "bot", "match": b, "seat": s.current_player, "level": "heuristic"})
        b = step["match"]
    assert r["match"]["actions"] == b["actions"]
    summ = ok({"op": "summary", "match": b})["summary"]["hands"][0]
    assert r["machine"]["points"] == summ["points"]
    assert r["machine"]["margin"] == summ["points"][0] - summ["points"][1]
    # a person who plays exactly as the machine gets exactly its result
    again = ok({"op": "duplicate", "match": b, "seat": 0, "level": "heuristic"})
    assert again["mine"] == again["machine"] == r["machine"]


def test_duplicate_margin_is_from_the_seats_side():
    m = played_match("cuatrola", "dup-2", None, hands=1)
    r0 = ok({"op": "duplicate", "match": m, "seat": 0, "level": "novice"})
    r1 = ok({"op": "duplicate", "match": m, "seat": 1, "level": "novice"})
    assert r0["mine"]["margin"] == -r1["mine"]["margin"]
    assert r0["machine"]["margin"] == -r1["machine"]["margin"]
    refused({"op": "duplicate", "match": m, "seat": 0, "level": "grandmaster"}, "bad_rules")


def test_the_new_refusals_are_registered_and_documented():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text("utf-8")
    for code in ("no_such_prefix", "nothing_to_take_back"):
        params = api.refusal_codes()[code]
        cell = ", ".join(f"`{p}`" for p in params) if params else "—"
        assert f"| `{code}` | {cell} |" in doc, code
