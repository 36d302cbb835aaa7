"""Cuarenta views, replay summaries and the JSON API (docs/rules-cuarenta.md, "What a seat
sees"): a seat sees its own hand and everything public, never another seat's hand, the
stock, or the rank of another seat's ronda."""

import json

from engine import api
from engine import match as M
from engine.cuarenta import match_summary, render_text

from .cuarenta_helpers import act, lay_out, match_file, setup, start, texts

PLAIN = "AH 2H 3H 4H 5H|6H 7H JH QH KH"


def test_view_basics():
    s = start("7H 7D 7C 5H 2S|6S 5S JS QC QD")
    v = s.view(0)
    json.dumps(v)
    assert v["game"] == "cuarenta" and v["players"] == 2 and v["partner"] is None
    assert v["hand"] == ["2S", "5H", "7H", "7D", "7C"]  # by rank, then suit H D C S
    assert v["hand_sizes"] == [5, 5] and v["table"] == [] and v["captured"] == [0, 0]
    assert v["score"] == [4, 0] and v["target"] == 40
    assert v["deal_no"] == 1 and v["deals_per_hand"] == 4 and v["cards_to_deal"] == 30
    assert v["turn"] == 0 and v["dealer"] == 1 and v["first_player"] == 0
    assert "7H" in v["legal"] and s.view(1)["legal"] == []
    assert [e["kind"] for e in v["events"]] == ["deal", "ronda"]
    assert v["events"][1]["rank"] == "7" and "rank" not in s.view(1)["events"][1]


def test_view_lists_captures_with_the_cards_they_take():
    """The UI highlights the table cards of each capture, and marks caída and limpia."""
    s = act(start("KH 2H 5C 6C 3D|JS 2S QC QD AC"), "KH", "JS", "2H")
    caps = s.view(1)["captures"]
    two = [c for c in caps if c["card"] == "2S"]
    assert two == [{"action": "2S:2H", "card": "2S", "takes": ["2H"], "pair": "2H", "sum": [],
                    "sequence": [], "caida": True, "limpia": False}]
    assert s.view(1)["last_played"] == "2H"
    s = setup(start(PLAIN), "2C 3C 4C 5C 7C JC", "6S 2S QS KS AD")
    six = [c for c in s.view(0)["captures"] if c["card"] == "6S"][0]
    assert six["sum"] == ["2C", "4C"] and six["sequence"] == ["7C", "JC"]
    assert six["takes"] == ["2C", "4C", "7C", "JC"] and not six["limpia"]


def test_view_of_events_caida_limpia_and_carton():
    s = act(start("6H 7H 5C 6C 3D|6S JS QC QD AC"), "6H", "6S:6H")
    ev = s.view(0)["events"]
    assert [e["kind"] for e in ev] == ["capture", "caida", "limpia"]
    assert ev[1] == {"kind": "caida", "seat": 1, "side": 1, "card": "6H", "against": 0,
                     "points": 2}
    s = lay_out(start(PLAIN))
    kinds = [e["kind"] for e in s.view(0)["events"]]
    assert kinds[-3:] == ["lay", "carton", "deal"]  # the hand ends, the next is dealt
    assert s.view(0)["last_hand"]["carton"] == {"kind": "carton", "side": 0, "cards": 0,
                                                "points": 2}


def test_view_claim_option_is_public_and_the_rank_stays_hidden():
    s = lay_out(act(start("7H 7D 7C 5H 2S|7S 5S JS QC QD"), "7H", "7S:7H"))
    for seat in (0, 1):
        assert s.view(seat)["claim"] == {"seat": 1, "against": 0, "deal": 1,
                                         "caida_cards": ["7H"]}
    assert "claim:7" in s.view(1)["legal"] and s.view(0)["legal"] == []
    assert "rank" not in json.dumps(s.view(1)["rondas"])


def _public_texts(view) -> str:
    v = dict(view)
    v.pop("first_dealer_draw")  # a separate shuffle, shown face up
    v.pop("last_hand")          # a finished hand
    return json.dumps(v)


def test_view_never_shows_another_hand_or_the_stock():
    for n in (2, 4):
        s = start(*(["AH 2H 3H 4H 5H|6H 7H JH QH KH"] if n == 2 else
                    ["AH 2H 3H 4H 5H|6H 7H JH QH KH|AD 2D 3D 4D 5D|6D 7D JD QD KD"]),
                  players=n)
        for seat in range(n):
            blob = _public_texts(s.view(seat))
            for other in range(n):
                for c in texts(s.hands[other]):
                    assert (f'"{c}"' in blob) == (other == seat)
            for deal in s.deals[1:]:
                for h in deal:
                    assert not any(f'"{c}"' in blob for c in texts(h))


def test_four_players_view():
    s = start("AH 2H 3H 4H 5H|6H 7H JH QH KH|AD 2D 3D 4D 5D|6D 7D JD QD KD", players=4)
    v = s.view(2)
    assert v["partner"] == 0 and v["side"] == 0 and v["hand_sizes"] == [5, 5, 5, 5]
    assert v["deals_per_hand"] == 2 and v["cards_to_deal"] == 20


def test_match_summary_lists_every_event_in_order():
    s = lay_out(act(start("6H 7H 5C 6C 3D|6S JS QC QD AC"), "6H", "6S:6H"))
    summary = match_summary(s)
    json.dumps(summary)
    h = summary["hands"][0]
    assert h["hand"] == 1 and h["finished"] and h["dealer"] == 1
    assert [e["kind"] for e in h["events"]][:5] == ["deal", "lay", "capture", "caida", "limpia"]
    assert h["caidas"][0]["points"] == 2 and h["limpias"][0]["points"] == 2
    assert h["points"][1] == 4 + (h["carton"]["points"] if h["carton"]["side"] == 1 else 0)
    assert h["captured"] == [0, 2] and len(h["deals"]) == 4
    assert summary["score"] == list(s.score) and summary["in_progress"]["hand"] == 2
    assert summary["first_dealer"]["seat"] == 1 and summary["first_dealer"]["draw"] is None


def test_replay_summary_via_match_files():
    m = match_file([PLAIN], ["AH", "6H", "2H", "7H"])
    summary = M.summary(m)
    assert summary["game"] == "cuarenta" and summary["hands"] == []
    assert summary["in_progress"]["table"] == ["AH", "2H", "6H", "7H"]


def test_render_text():
    out = render_text(start("7H 7D 7C 5H 2S|6S 5S JS QC QD").view(0))
    assert "your hand:" in out and "ronda: seat 0 (7)" in out


# ---- the JSON API ------------------------------------------------------------------------

def test_api_new_act_view():
    r = api.handle({"op": "new", "game": "cuarenta", "seed": "api", "seat": 0,
                    "rules": {"players": 2}})
    assert r["ok"], r
    m, v = r["match"], r["view"]
    assert m["rules"]["players"] == 2 and v["game"] == "cuarenta"
    seat = v["turn"]
    view = api.handle({"op": "view", "match": m, "seat": seat})["view"]
    r2 = api.handle({"op": "act", "match": m, "seat": seat, "action": view["legal"][0]})
    assert r2["ok"] and r2["match"]["actions"] == [view["legal"][0]]
    assert api.handle({"op": "summary", "match": r2["match"]})["ok"]
    games = api.handle({"op": "games"})
    assert "cuarenta" in games["games"]


def test_api_illegal_capture_leaves_the_match_unchanged():
    m = match_file(["6H 2H 4H 5C 3D|6S JS QC QD AC"], ["2H", "JS", "4H"])
    before = api.handle({"op": "view", "match": m, "seat": 1})
    r = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H+5C"})
    assert r == {"ok": False, "kind": "IllegalActionError", "action": "6S:2H+5C",
                 "error": "5C is not on the table",
                 "code": "not_on_table", "params": {"card": "5C"}}
    r = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H+3H"})
    assert not r["ok"] and r["kind"] == "IllegalActionError"
    assert "3H is not on the table" in r["error"]
    r = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H+4H+6H"})
    assert not r["ok"] and "is not on the table" in r["error"]
    r = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H+JS"})
    assert not r["ok"] and "JS ranks above 6S" in r["error"]
    r = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H"})
    assert not r["ok"] and "2H alone is worth 2, not 6" in r["error"]
    r = api.handle({"op": "act", "match": m, "seat": 0, "action": "5C"})
    assert not r["ok"] and "not your turn" in r["error"]
    assert m["actions"] == ["2H", "JS", "4H"]
    assert api.handle({"op": "view", "match": m, "seat": 1}) == before
    ok = api.handle({"op": "act", "match": m, "seat": 1, "action": "6S:2H+4H"})
    assert ok["ok"] and ok["view"]["score"] == [0, 0]
    assert ok["view"]["captured"] == [0, 3]


def test_api_rejects_bad_deals_and_rules():
    r = api.handle({"op": "new", "game": "cuarenta", "rules": {"players": 3}})
    assert not r["ok"] and "must be one of 2, 4" in r["error"]
    r = api.handle({"op": "new", "game": "cuarenta", "rules": {"players": 2},
                    "deals": [[["AH"]]]})
    assert not r["ok"] and r["kind"] == "MatchFileError"
