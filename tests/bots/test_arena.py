"""tools/arena.py: the measurement-only hybrid levels, expert variants and paired differences."""

import sys
from pathlib import Path

import pytest

from engine.bots import choose
from engine.bots.oracle import oracle
from engine.cuatrola import new_match
from engine.deal import SeededStream

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import arena  # noqa: E402


def _stream():
    return SeededStream("cuatrola", "test-arena", "hybrid")


def _oracle_and_expert(state, seat):
    return oracle(state, seat, _stream()), choose(state.view(seat), "expert", _stream())


def test_hybrid_levels_split_bidding_from_card_play():
    # a deal where the oracle and the expert bid differently, then a play position where they
    # choose different cards, so each assertion can fail if a hybrid used the wrong level
    found_bid = found_play = False
    for i in range(40):
        s = new_match(seed=f"arena-hybrid/{i}")
        while s.hand_no == 0 and not s.is_terminal():
            seat = s.current_player
            o, e = _oracle_and_expert(s, seat)
            if o != e:
                bidding = s.phase_name == "bidding"
                assert arena.act(s, seat, "oracle-bids", _stream()) == (o if bidding else e)
                assert arena.act(s, seat, "oracle-play", _stream()) == (e if bidding else o)
                found_bid |= bidding
                found_play |= not bidding
            s = s.apply(s.parse_action(e))
        if found_bid and found_play:
            break
    assert found_bid and found_play


def test_expert_constants_are_parsed_with_their_types_and_unknown_names_refused():
    from engine.bots import cuatrola_expert as E
    spec = arena.parse_expert("NODE_BUDGET=1000,INFERENCE=False,SOLO_SLACK=15")
    assert spec == {"NODE_BUDGET": 1000, "INFERENCE": False, "SOLO_SLACK": 15}
    old = {k: getattr(E, k) for k in spec}
    try:
        arena.set_expert(spec)
        assert (E.NODE_BUDGET, E.INFERENCE, E.SOLO_SLACK) == (1000, False, 15)
    finally:
        arena.set_expert(old)
    with pytest.raises(SystemExit, match="no constant 'NOPE'"):
        arena.parse_expert("NOPE=1")
    with pytest.raises(SystemExit):
        arena.parse_expert("hand_value=1")   # a function, not a constant


def test_paired_difference_is_per_hand_and_per_match_pair():
    # match pair 1: 11 hands, A +44 points and +3 match points, the other run +22 and +1;
    # match pair 2 (a desempate: 12 hands in this run, 11 in the other): per-hand means
    mine = [[11, 44, 3], [12, 24, 0]]
    other = [[11, 22, 1], [11, 22, 0]]
    d = arena.paired_difference(mine, other)
    assert d["match_pairs"] == 2
    diffs = [44 / 11 - 22 / 11, 24 / 12 - 22 / 11]
    assert d["points_per_hand"][0] == pytest.approx(sum(diffs) / 2)
    assert d["points_per_hand"][1] == pytest.approx(1.96 * abs(diffs[0] - diffs[1]) / 2)
    assert d["match_points_per_hand"][0] == pytest.approx((3 / 11 - 1 / 11) / 2)
    # a match pair with no hands in either run is left out
    assert arena.paired_difference(mine + [[0, 0, 0]], other + [[11, 5, 1]])["match_pairs"] == 2
