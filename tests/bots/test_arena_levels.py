"""tools/arena.py's measurement-only hybrid levels bid and play as documented."""

import sys
from pathlib import Path

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
