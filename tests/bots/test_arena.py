"""tools/strength/arena.py: the measurement-only hybrid levels, expert variants and paired differences."""

import pytest

from engine.bots import choose
from engine.bots.oracle import oracle
from engine.cuatrola import new_match
from engine.deal import SeededStream
from tools.strength import arena, probes


def _stream():
    return SeededStream("cuatrola", "test-arena", "hybrid")


def _oracle_and_expert(state, seat):
    return oracle(state, seat, _stream()), choose(state.view(seat), "expert", _stream())


@pytest.mark.slow
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
    from engine.bots.cuatrola import expert as E
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


def test_cuarenta_expert_constants_are_set_in_the_cuarenta_expert():
    from engine.bots.cuarenta import expert as C
    from engine.bots.cuatrola import expert as E
    spec = arena.parse_expert("MAX_SAMPLES=7,MISS=0.25", "cuarenta")
    assert spec == {"MAX_SAMPLES": 7, "MISS": 0.25}
    old = {k: getattr(C, k) for k in spec}
    budget = E.NODE_BUDGET
    try:
        arena.set_expert(spec, "cuarenta")
        assert (C.MAX_SAMPLES, C.MISS) == (7, 0.25)
        assert E.NODE_BUDGET == budget
    finally:
        arena.set_expert(old, "cuarenta")
    with pytest.raises(SystemExit, match="no constant 'SOLO_SLACK' in engine.bots.cuarenta.expert"):
        arena.parse_expert("SOLO_SLACK=10", "cuarenta")


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


# ----- probes (tools/strength/probes.py): the expert with one thing changed, measurement only


def test_probe_names_parse_and_no_probe_is_a_level():
    from engine.bots import LEVELS
    assert probes.parse("oracle@declarer") == ("oracle", "declarer", None)
    assert probes.parse("expert+partner") == ("partner", "all", "always")
    assert probes.parse("expert+partner/trumps@trick1") == ("partner", "trumps", "trick1")
    for bad in ("oracle@solo", "expert+partner/aces", "expert+partner@never", "expert+partnerx",
                "expert", "oracle", "oracle-bids"):
        assert probes.parse(bad) is None, bad
    assert not any(probes.parse(n) for levels in LEVELS.values() for n in levels)


def _play_positions(seed, n_hands=1):
    """States of the first hands of a match driven by the oracle (fast, and it bids Solo)."""
    s = new_match(seed=seed)
    while s.hand_no < n_hands and not s.is_terminal():
        yield s
        s = s.apply(s.parse_action(oracle(s, s.current_player, _stream())))


def test_partner_probe_deals_hold_the_partners_real_cards():
    from engine.bots.cuatrola.info import ALL_CARDS, Info
    from engine.cards import card
    from engine.bots.cuatrola.sample import Sampler
    from engine.cuatrola import rules as R
    from engine.cuatrola.play import SUIT_MASK
    checked = 0
    for s in _play_positions("arena-probe/1"):
        if s.phase_name != "play" or s.out >= 0:
            continue
        seat = s.current_player
        p = (seat + 2) % 4
        top = sum(1 << card(r, u) for u in range(4) for r in (R.AS, R.TRES))
        for part, mask in (("all", ALL_CARDS), ("trumps", SUIT_MASK[s.trump // 10]),
                           ("top", top)):
            info = probes.told(Info.from_view(s.view(seat)), s, part)
            rng = SeededStream("cuatrola", "test-arena", f"probe/{part}")
            for _ in range(5):
                hands = Sampler(info).sample(rng)
                assert hands[p] & mask == s.hands[p] & mask, part
                assert hands[seat] == s.hands[seat]
        # without the probe, the partner's cards are not always placed right
        plain = Sampler(Info.from_view(s.view(seat)))
        rng = SeededStream("cuatrola", "test-arena", "probe/plain")
        if len(s.tricks) < 3:
            assert any(plain.sample(rng)[p] != s.hands[p] for _ in range(20))
        checked += 1
    assert checked >= 15


@pytest.mark.slow
def test_probes_change_only_their_part_of_the_game():
    # oracle@<hands> plays the oracle's card exactly in its kind of hand; expert+partner@<when>
    # is the plain expert outside its phase. Positions where the oracle and the expert differ
    # (so a probe using the wrong player would fail), both a normal hand and a Solo.
    from engine.cuatrola import rules as R
    kinds = set()
    for i in range(30):
        for s in _play_positions(f"arena-probe/{i}", n_hands=2):
            if s.phase_name != "play" or len(s.legal_actions()) < 2:
                continue
            seat = s.current_player
            o, e = _oracle_and_expert(s, seat)
            if o == e:
                continue
            if s.contract == R.PASS:
                kind = "normal"
            else:
                kind = "declarer" if s.declarer % 2 == seat % 2 else "defender"
            if kind in kinds:
                continue
            kinds.add(kind)
            for hands in probes.HANDS:
                assert arena.act(s, seat, f"oracle@{hands}", _stream()) == (o if hands == kind else e)
            when = "trick1" if not s.tricks else "later"
            other = "later" if when == "trick1" else "trick1"
            assert arena.act(s, seat, f"expert+partner@{other}", _stream()) == e
            assert arena.act(s, seat, "expert+partner@bids", _stream()) == e
        if len(kinds) == 3:
            break
    assert kinds == {"normal", "declarer", "defender"}
