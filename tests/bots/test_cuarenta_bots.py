"""Cuarenta players: the simulator agrees with the engine; each tip of seed 004 is a
named rule of the heuristic; the ronda claim is exact; players are fair."""

import random

import pytest

from engine.bots import choose, levels
from engine.bots.cuarenta.info import Info, Sim, claim_rank, parse_play
from engine.bots.cuarenta.heuristic import decide
from engine.cuarenta import new_match
from engine.cuarenta import rules as R
from engine.cuarenta.state import PLAY
from engine.deal import SeededStream

from .cuarenta_scenario import claim_positions, scenario
from .helpers import cuarenta_alternatives

P = R.DECK.parse


RULES = [{}, {"players": 2}, {"todo_dos": True}, {"thirty_eight": "no_limpia"},
         {"sequences": "manual"}]


@pytest.mark.parametrize("rules", RULES)
def test_simulator_scores_like_the_engine(rules):
    r = random.Random(3)
    checked = 0
    for m in range(6):
        s = new_match(seed=f"sim{m}", options=rules)
        while not s.is_terminal() and checked < 400:
            if s.phase != PLAY:
                s = s.apply(r.choice(s.legal_actions()))
                continue
            if r.random() < 0.15:  # visit the 38 rule
                s = s._replace(score=(R.THIRTY_EIGHT, r.choice((0, 20, R.THIRTY_EIGHT))))
            seat = s.current_player
            info = Info.from_view(s.view(seat))
            sim = Sim(s.hands, s.table, s.last, s.score, [x.bit_count() for x in s.captured],
                      seat, s.rules, s.dealer)
            plays = sorted(sim.moves(full=True))
            engine_plays = sorted(parse_play(t) for t in info.legal if not t.startswith("take"))
            assert plays == engine_plays
            a = r.choice(s.legal_actions())
            t = s.action_text(a)
            if t.startswith("take"):
                s = s.apply(a)
                continue
            c, taken = parse_play(t)
            before = s.score
            pts = sim.play(c, taken)
            s2 = s.apply(a)
            if s2.hand_no == s.hand_no and not s2.is_terminal() and s2.deal_no == s.deal_no:
                assert s2.table == sim.table
                assert s2.last == sim.last
                assert [x.bit_count() for x in s2.captured] == sim.caps
                assert s2.score[seat % 2] - before[seat % 2] == pts
            s = s2
            checked += 1
    assert checked >= 100


def check(s, text, rule):
    got = decide(Info.from_view(s.view(s.current_player)))
    assert got == (text, rule)


BASE = {0: ["5H", "2H", "7H", "QH", "KH"], 1: ["5S", "3D", "JD", "QC", "4H"],
        2: ["5C", "JS", "QD", "AC", "6C"], 3: ["4S", "2C", "6D", "AD", "KD"]}


def test_caida():
    """Caída: fall on the card just laid (here also a limpia: 4 points)."""
    s = scenario(BASE, ["5H"])
    check(s, "5S:5H", "caida")


def test_limpia():
    """Limpia: 2 + 3 add up to the 5 and clear the table."""
    s = scenario(BASE, ["2H", "3D"])
    check(s, "5C:2H+3D", "limpia")


def test_capture_most():
    s = scenario(BASE, ["2H", "3D", "JS"])
    # seat 3: 2C pairs 2H and takes 3D as a sequence; 6D... the most cards, no caída
    text, rule = decide(Info.from_view(s.view(3)))
    assert rule == "capture_most"
    assert text.startswith("2C:2H")


def test_count_the_ranks_that_are_gone():
    """'Zähl mit': both other queens are gone, so a queen cannot be fallen on."""
    first = {0: ["7H", "QH", "QS", "2C", "4S"], 1: ["JD", "3C", "5D", "6H", "AS"],
             2: ["QD", "2D", "3S", "5C", "6S"], 3: ["QC", "AH", "4D", "7D", "KC"]}
    s = scenario(first, ["7H", "JD", "QD", "QC:QD"])
    check(s, "QH", "count_ranks")


def test_thirty_eight():
    """The rival side at 38 (caída only) can score only by a caída: lay a dead rank."""
    first = {0: ["7H", "QH", "QS", "2C", "4S"], 1: ["JD", "3C", "5D", "6H", "AS"],
             2: ["QD", "2D", "3S", "5C", "6S"], 3: ["QC", "AH", "4D", "7D", "KC"]}
    s = scenario(first, ["7H", "JD", "QD", "QC:QD"], score=(0, R.THIRTY_EIGHT))
    check(s, "QH", "thirty_eight")


def test_beware_the_empty_table():
    """On the empty table, lay the face card, not a number that sums."""
    first = {0: ["5H", "6D", "JS", "2C", "3C"], 1: ["5S", "3D", "JD", "QC", "4H"],
             2: ["5C", "2S", "QD", "AC", "6C"], 3: ["4S", "2D", "6H", "AD", "KD"]}
    s = scenario(first)
    check(s, "JS", "beware_empty_table")


def test_play_from_pairs():
    first = {0: ["KH", "6D", "JS", "2H", "3C"], 1: ["5S", "5D", "2C", "4H", "7C"],
             2: ["5C", "2S", "QD", "AC", "6C"], 3: ["4S", "2D", "6H", "AD", "KD"]}
    s = scenario(first, ["KH"])
    text, rule = decide(Info.from_view(s.view(1)))
    assert rule == "play_from_pairs" and text in ("5S", "5D")


def test_do_not_offer_sequences():
    """A 4 next to the 5 on the table would turn a caída into a sweep."""
    first = {0: ["5H", "6D", "JS", "2H", "3C"], 1: ["4D", "2C", "7S", "QH", "KD"],
             2: ["5C", "2S", "QD", "AC", "6C"], 3: ["4S", "2D", "6H", "AD", "KC"]}
    s = scenario(first, ["5H"])
    text, rule = decide(Info.from_view(s.view(1)))
    assert rule == "no_sequences" and text != "4D"


def test_aces_are_dangerous():
    first = {0: ["7H", "6D", "JS", "2H", "3H"], 1: ["AD", "3C", "5S", "QH", "KD"],
             2: ["5C", "2S", "QD", "AC", "6C"], 3: ["4S", "2D", "6H", "AH", "KC"]}
    s = scenario(first, ["7H"])
    text, rule = decide(Info.from_view(s.view(1)))
    assert rule == "aces_are_dangerous" and text != "AD"


def test_ronda_claim_is_exact():
    """Whenever a claim is offered, the players name the holder's ronda rank."""
    found = 0
    for m, s, want in claim_positions():
        v = s.view(s.pending[0][0])
        assert claim_rank(Info.from_view(v)) == want
        for level in ("heuristic", "expert"):
            assert choose(v, level, SeededStream("c", str(m), level)) == want
        found += 1
    assert found >= 1


@pytest.mark.parametrize("level", [pytest.param(lv, marks=pytest.mark.slow) if lv == "expert" else lv
                                   for lv in levels("cuarenta")])
def test_hidden_cards_never_change_the_choice(level):
    """Swap hidden cards between other hands (and the stock) keeping the view: same choice."""
    r = random.Random(5)
    tested = 0
    for m in range(4):
        s = new_match(seed=f"fair{m}")
        k = 0
        while not s.is_terminal() and s.hand_no == 0 and k < 40:
            seat = s.current_player
            if s.phase == PLAY and k % 3 == 0:
                v = s.view(seat)
                base = choose(v, level, SeededStream("f", str(m), str(k)))
                for alt in cuarenta_alternatives(s, seat, r):
                    assert alt.view(seat) == v
                    assert choose(alt.view(seat), level, SeededStream("f", str(m), str(k))) == base
                    tested += 1
            s = s.apply(s.parse_action(choose(s.view(seat), "heuristic", None)))
            k += 1
    assert tested >= 10
