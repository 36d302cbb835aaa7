"""tools/train/bids.py: its offline bid rule is the expert's own rule (cuatrola.expert.bid)."""

import pytest

from engine.bots.cuatrola import expert as E
from engine.bots.cuatrola.info import Info
from engine.cuatrola import new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import BID_ACTION_BASE
from engine.deal import SeededStream
from tools.train import bids as train_bids

UNLIMITED = 10 ** 12  # nodes: the expert draws exactly BID_MAX_SAMPLES deals, as the tool does


def _decisions(wanted: int):
    """Bid decisions the expert simulates, from the openings of some matches."""
    found = []
    for i in range(200):
        s = new_match(seed=f"train-bids-test/{i}")
        while s.phase_name == "bidding" and len(found) < wanted:
            info = Info.from_view(s.view(s.current_player))
            if BID_ACTION_BASE + R.SOLO in info.legal and any(
                    E.plausible(info, b) for b in (R.SOLO, R.CUATROLA)):
                found.append(info)
            s = s.apply(s.parse_action("pass"))
        if len(found) >= wanted:
            return found
    return found


@pytest.mark.slow
def test_the_offline_rule_with_the_shipped_constants_bids_as_the_expert():
    decisions = _decisions(6)
    assert len(decisions) == 6
    recs = []
    for k, info in enumerate(decisions):
        got = train_bids.bid_samples(info, SeededStream("t", "bids", str(k)))
        assert got is not None
        cands, highest, samples = got
        rec = {"samples": samples, "highest": R.BID_NAMES[highest] if highest else "pass",
               "cands": [R.BID_NAMES[b] for b in cands],
               "mu": train_bids.match_utilities(info, cands, highest)}
        offline = train_bids.choice(rec, E.SOLO_SLACK, E.NORMAL_SLACK, E.OPPONENT_SOLO_P)
        action, _ = E.bid(info, SeededStream("t", "bids", str(k)), budget=UNLIMITED)
        assert offline == R.BID_NAMES[action - BID_ACTION_BASE], k
        recs.append(rec)
    # the rule reads the constants: a Solo counted as made far more or far less often
    # changes some of these choices
    assert any(train_bids.choice(r, 0, E.NORMAL_SLACK, E.OPPONENT_SOLO_P) !=
               train_bids.choice(r, 40, E.NORMAL_SLACK, E.OPPONENT_SOLO_P) for r in recs)
