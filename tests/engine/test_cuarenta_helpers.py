"""The Cuarenta test helpers' own checks (tests/engine/cuarenta_helpers.py)."""

from engine.cuarenta import deals_to_json, parse_deals
from engine.cuarenta import rules as R

from .cuarenta_helpers import hand_json, start, texts


def test_hand_json_fills_every_deal_with_all_40_cards():
    for players in R.PLAYER_COUNTS:
        first = "|".join(["AH 2H 3H 4H 5H", "6H 7H JH QH KH", "AD 2D 3D 4D 5D",
                          "6D 7D JD QD KD"][:players])
        hand = hand_json([first], players)
        parsed = parse_deals([hand])
        assert len(parsed[0]) == R.deals_per_hand(players)
        assert deals_to_json(parsed) == [hand]


def test_start_deals_the_given_cards_to_seat_0_first():
    s = start("AH 2H 3H 4H 5H|6H 7H JH QH KH")
    assert s.current_player == 0 and s.dealer == 1
    assert texts(s.hands[0]) == ["AH", "2H", "3H", "4H", "5H"]
