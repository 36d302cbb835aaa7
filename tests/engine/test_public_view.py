"""The public view (a watcher's, issue 30: "a fifth phone may join as a watcher and sees only
what every seat sees (played cards, scores), never a hand").

docs/api.md, "Views": "A seat's view is exactly what that seat may know: its own hand and
everything public; never another seat's hand." The public view is what every seat may know:
each of its fields is part of every seat's view (the same value, or less of it), it holds no
hand, no legal action, and no card any seat holds, over whole random matches of both games.
Cuarenta's ronda: "Welcher Rang es ist, musst du nicht zeigen" (seed 004): no rank in it.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import api
from engine.cards import FRENCH, SPANISH, cards_of
from engine.cuarenta import new_match as cuarenta_match
from engine.cuatrola import new_match as cuatrola_match

#: Fields whose value is the seat's own (its number, side and partner): None in the public view.
WHOSE = ("seat", "side", "partner")
#: Fields that are the seat's own cards and choices: empty in the public view.
OWN = ("hand", "legal", "captures")
#: Parts of a view that name cards no hand holds now, or that every seat saw face up: a past
#: hand's breakdown, the events (cards played), the face-up draw for the first dealer, and
#: Cuatrola's trump card ("jeder weiß von Anfang an, dass der Geber genau diese Karte hält",
#: seed 000).
SHOWN = ("last_hand", "events", "hand_events", "first_dealer_draw", "trump_card")


def part_of(public, seen) -> bool:
    """Whether ``public`` says nothing that ``seen`` does not: a dict's keys are a subset
    (each value part of the other's), a list has the same length (each item part of the
    other's), anything else is equal."""
    if isinstance(public, dict):
        return isinstance(seen, dict) and all(k in seen and part_of(v, seen[k]) for k, v in public.items())
    if isinstance(public, list):
        return isinstance(seen, list) and len(public) == len(seen) and all(map(part_of, public, seen))
    return public == seen


def states(new_state, matches: int, seed: int):
    """Every state of ``matches`` random matches."""
    rng = random.Random(seed)
    for k in range(matches):
        state = new_state(f"public-{seed}-{k}")
        yield state
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            yield state


GAMES = [
    ("cuatrola", lambda s: cuatrola_match(seed=s, options={"end": "target", "target": 5}), 4, SPANISH),
    ("cuarenta-2", lambda s: cuarenta_match(seed=s, options={"players": 2}), 2, FRENCH),
    ("cuarenta-4", lambda s: cuarenta_match(seed=s, options={"players": 4}), 4, FRENCH),
]


@pytest.mark.parametrize("name,new_state,seats,deck", GAMES, ids=[g[0] for g in GAMES])
def test_the_public_view_is_what_every_seat_sees_and_holds_no_hand(name, new_state, seats, deck):
    checked = 0
    for state in states(new_state, 4, seats):
        pub = state.public_view()
        json.dumps(pub)
        assert all(pub[k] is None for k in WHOSE if k in pub)
        assert all(pub[k] == [] for k in OWN if k in pub)
        assert pub["hand_sizes"] == [h.bit_count() for h in state.hands]
        rest = {k: v for k, v in pub.items() if k not in WHOSE + OWN}
        for seat in range(seats):
            view = state.view(seat)
            assert set(pub) == set(view)
            assert part_of(rest, view), (name, seat, [k for k in rest if not part_of(rest[k], view[k])])
        held = {deck.text(c) for h in state.hands for c in cards_of(h)}
        text = json.dumps({k: v for k, v in pub.items() if k not in SHOWN})
        assert not [c for c in held if f'"{c}"' in text]
        checked += 1
    assert checked > 100


def test_no_ronda_rank_in_the_public_view():
    """Seed 004: "Sag „Ronda“ – deine Partei bekommt sofort 4 Punkte. Welcher Rang es ist,
    musst du nicht zeigen." The holder's view has the rank; the public view, like the
    other seats', only that a ronda was announced."""
    found = 0
    for state in states(lambda s: cuarenta_match(seed=s, options={"players": 2}), 40, 7):
        if not state.rondas:
            continue
        pub = state.public_view()
        assert [r for r in pub["rondas"] if "rank" in r] == []
        assert not [e for e in pub["events"] + pub["hand_events"] if e["kind"] == "ronda" and "rank" in e]
        holder = state.rondas[0][1]
        assert "rank" in state.view(holder)["rondas"][0]
        found += 1
    assert found


def test_the_api_answers_the_public_view_for_a_null_seat_and_a_null_viewer():
    """docs/api.md: `view` with `"seat": null`, and `null` among `act`'s `viewers`."""
    r = api.handle({"op": "new", "game": "cuatrola", "seed": "watch", "seat": 0})
    m = r["match"]
    v = api.handle({"op": "view", "match": m, "seat": None})
    assert v["ok"] and v["view"] == cuatrola_match(seed="watch").public_view()
    assert v["view"]["hand"] == [] and v["view"]["seat"] is None
    turn = r["view"]["turn"]
    a = api.handle({"op": "act", "match": m, "seat": turn, "action": "pass", "viewers": [0, None]})
    assert a["ok"] and a["views"][0]["seat"] == 0 and a["views"][1]["seat"] is None
    assert a["views"][1]["hand"] == [] and a["views"][1]["bids"] == a["views"][0]["bids"]
    b = api.handle({"op": "bot", "match": m, "seat": turn, "level": "novice", "viewers": [None]})
    assert b["ok"] and b["view"]["seat"] is None and b["view"]["legal"] == []
    # a seat's view as before; the public view named twice is refused like a seat twice
    assert api.handle({"op": "view", "match": m})["view"]["seat"] == 0
    twice = api.handle({"op": "act", "match": m, "seat": turn, "action": "pass", "viewers": [None, None]})
    assert twice["code"] == "bad_request" and "twice" in twice["error"]
