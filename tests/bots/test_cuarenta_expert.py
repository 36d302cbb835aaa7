"""The Cuarenta expert (engine/bots/cuarenta/expert.py): inference from passed-up caídas and
limpias, the cartón's expectation, the oracle, and the values the review reads."""

import pytest

from engine.bots.cuarenta import expert as E
from engine.bots.cuarenta.info import Info
from engine.bots.oracle import oracle
from engine.cuarenta import new_match
from engine.cuarenta import rules as R
from engine.deal import SeededStream

from .cuarenta_scenario import scenario

P = R.DECK.parse
# seat 1 holds no 5: it lays 3D on seat 0's 5H instead of falling on it
HANDS = {0: ["5H", "2H", "7H", "QH", "KH"], 1: ["3D", "JD", "QC", "4H", "6S"],
         2: ["5C", "JS", "QD", "AC", "6C"], 3: ["4S", "2C", "6D", "AD", "KD"]}


def _share_with_a_five(info, inference, n=300):
    rng = SeededStream("t", "inference", "draws")
    fives = (1 << P("5D")) | (1 << P("5S"))
    got = 0
    for _ in range(n):
        hands = E.draw(info, inference, rng) if inference else E.sample_hands(info, rng)
        got += bool(hands[1] & fives)
    return got / n


def test_a_passed_up_caida_makes_the_rank_unlikely_in_that_hand():
    """Seat 1 laid 3D on the 5H just laid: a deal giving it a 5 explains that badly."""
    s = scenario(HANDS, ["5H", "3D"])
    info = Info.from_view(s.view(2))
    inference = E.Inference(info)
    assert [d[0] for d in inference.decisions] == [1, 0]   # the others' plays of this deal
    with_five = [0] * 4
    with_five[1] = 1 << P("5S")
    assert inference.misses(with_five) == 1
    assert inference.misses([0, 1 << P("7D"), 0, 0]) == 0
    plain = _share_with_a_five(info, None)
    inferred = _share_with_a_five(info, inference)
    # two unseen fives among the 30 cards the others and the stock hold: about a quarter
    assert plain > 0.15 and inferred < 0.4 * plain, (plain, inferred)


def test_a_passed_up_limpia_counts_too():
    """Seat 3 could clear the table (2H 3D: a 5) only with a 5; it laid 4S instead."""
    hands = {0: ["2H", "5H", "7H", "QH", "KH"], 1: ["3D", "JD", "QC", "4H", "6S"],
             2: ["AC", "JS", "QD", "7C", "6C"], 3: ["4S", "2C", "6D", "AD", "KD"]}
    s = scenario(hands, ["2H", "3D", "AC", "4S"])
    info = Info.from_view(s.view(0))
    inference = E.Inference(info)
    seat3 = [0] * 4
    seat3[3] = 1 << P("6H")   # 6 = 2 + 3 + A: a limpia with the table 2H 3D AC
    assert inference.misses(seat3) == 1


def test_the_cartons_expectation():
    # nothing to come: the cartón itself (the non-dealing side takes a tie)
    assert E.carton_expectation(23, 15, 0, False) == R.carton_points(23)
    assert E.carton_expectation(19, 19, 0, True) == -R.CARTON_MOST_POINTS
    # even chances from an even split; a card more is worth something
    assert E.carton_expectation(10, 10, 18, True) == pytest.approx(
        -E.carton_expectation(10, 10, 18, False))
    assert E.carton_expectation(12, 10, 16, True) > E.carton_expectation(11, 10, 17, True)


@pytest.mark.slow
def test_the_oracle_and_the_expert_choose_legal_plays_and_the_oracle_is_not_a_level():
    from engine.bots import LEVELS
    assert "oracle" not in LEVELS["cuarenta"]
    for rules in ({}, {"players": 2}):
        s = new_match(seed="q-oracle", options=rules)
        for k in range(12):
            seat = s.current_player
            legal = {s.action_text(a) for a in s.legal_actions()}
            o = oracle(s, seat, SeededStream("o", "q", str(k)))
            e = E.expert(s.view(seat), SeededStream("e", "q", str(k)))
            assert o in legal and e in legal
            s = s.apply(s.parse_action(o))


def test_the_values_are_counted_like_the_position_value():
    """``play``'s values and ``position_value`` use one count: a forced-like quiet position
    (laying a card nobody can take before the horizon) is worth about the position now."""
    s = scenario(HANDS, ["5H", "3D"])
    info = Info.from_view(s.view(2))
    best, values = E.play(info, SeededStream("v", "q", "v"), max_samples=8)
    assert best in values and set(values) == {t for t, _, _ in info.actions()}
    base = E.position_value(info)
    assert all(abs(v - base) < 20 for v in values.values())
