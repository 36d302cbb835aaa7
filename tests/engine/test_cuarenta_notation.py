"""Cuarenta action notation, its precise errors, and explicit deals in match files
(docs/rules-cuarenta.md, "Action notation" and "Explicit deals")."""

import pytest

from engine import match as M
from engine.cuarenta import deals_to_json, new_match, parse_deals
from engine.cuarenta import rules as R
from engine.cuarenta.state import CARD_BITS, CLAIM_BASE, NOCLAIM, TAKE, CuarentaState
from engine.errors import IllegalActionError, MatchFileError

from .cuarenta_helpers import M_, P, act, hand_json, legal, match_file, setup, start

PLAIN = "AH 2H 3H 4H 5H|6H 7H JH QH KH"
TABLE = "2C 3C 4C 5C 7C JC"  # seed 004's example table


def test_action_ints_and_texts():
    """Docs: a play is ``card | taken << 6``; texts ``6H``, ``6H:2S+4C>7D+JC``."""
    six = P("6S")
    a = six | (M_("2C 4C 7C JC") << CARD_BITS)
    assert CuarentaState.action_text(six) == "6S"
    assert CuarentaState.action_text(a) == "6S:2C+4C>7C+JC"
    assert CuarentaState.action_text(TAKE | (M_("7D JC") << CARD_BITS)) == "take:7D+JC"
    assert CuarentaState.action_text(CLAIM_BASE + R.KING) == "claim:K"
    assert CuarentaState.action_text(NOCLAIM) == "noclaim"
    s = setup(start(PLAIN), TABLE, "6S 2S QS KS AD")
    for act_ in s.legal_actions():
        assert s.parse_action(s.action_text(act_)) == act_


def test_parse_is_lenient_in_case_space_and_order_but_prints_canonically():
    s = setup(start(PLAIN), TABLE, "6S 2S QS KS AD")
    a = s.parse_action(" 6s : 4c + 2c > jc + 7c ")
    assert s.action_text(a) == "6S:2C+4C>7C+JC"
    assert s.parse_action("NOCLAIM") == NOCLAIM and s.parse_action("Claim:j") == \
        CLAIM_BASE + R.JACK


@pytest.mark.parametrize("text, message", [
    ("6S:", "names no captured cards"),
    ("6S:2C+", "not a well-formed capture"),
    ("6S:2C++4C", "not a well-formed capture"),
    ("6S:2C+4C>", "'>' must be followed by the sequence cards"),
    ("6S:>7C", "a sequence never stands alone"),
    ("6S>7C", "a sequence never stands alone"),
    ("6S:2X", "'2X' is not a card"),
    ("6S:2C+2C", "names 2C twice"),
    ("6S:6S", "cannot take itself"),
    ("6S:7C", "7C ranks above 6S: it can only be taken in a sequence"),
    ("6S:2C+4C>3C", "3C cannot be part of a sequence"),
    ("9S", "is not an action"),
    ("", "is not an action"),
    ("claim:8", "'8' is not a rank: name one of A 2 3 4 5 6 7 J Q K"),
    ("claim:", "is not a claim"),
    ("claims:7", "is not a claim"),
    ("take:", "names no cards to take"),
    ("take 7C", "is not a take"),
])
def test_malformed_texts_get_precise_errors(text, message):
    """Each malformed action text is refused with a sentence naming the problem."""
    s = setup(start(PLAIN), TABLE, "6S 2S QS KS AD")
    with pytest.raises(IllegalActionError, match=message):
        s.parse_action(text)


def test_non_text_action():
    with pytest.raises(IllegalActionError, match="must be text"):
        start(PLAIN).parse_action(6)


@pytest.mark.parametrize("text, message", [
    ("6S:2C+3C", "2C\\+3C add up to 5, not 6"),
    ("6S:2C+3C+4C", "add up to 9, not 6"),
    ("6S:4C", "4C alone is worth 4, not 6"),
    ("2S:2C+AH", "is not on the table"),
    ("6S:2C+4C>JC", "without a gap upward from 6S: the next card must be a 7"),
    ("6S:2C+4C>7C", "taken in full .* JC continues it"),
    ("QS:2C+3C", "QS has no number value"),
    ("5H:5C", "you do not hold 5H"),
])
def test_illegal_captures_get_precise_errors(text, message):
    """A sum that does not add up, a gap, a face card adding up ... each named."""
    s = setup(start(PLAIN), TABLE, "6S 2S QS KS AD")
    with pytest.raises(IllegalActionError, match=message) as e:
        act(s, text)
    assert e.value.reason and e.value.action


def test_pair_and_sum_together_error():
    """'nie beides zugleich'"""
    s = setup(start(PLAIN), "6C 2C 4C", "6S 2S QS KS AD")
    with pytest.raises(IllegalActionError, match="pairs once or adds up once, never both"):
        act(s, "6S:2C+4C+6C")


def test_invalid_ints_are_refused_not_crashing():
    s = start(PLAIN)
    for a in (-1, 45, 62, TAKE, True, "6S", 1 << 200):
        with pytest.raises(IllegalActionError):
            s.apply(a)


# ---- explicit deals ---------------------------------------------------------------------

def test_parse_deals_round_trip():
    """Docs 'Explicit deals': per hand a list of deals, each every seat's 5 cards."""
    for players in (2, 4):
        data = [hand_json([], players), hand_json([], players)]
        deals = parse_deals(data)
        assert len(deals) == 2 and deals_to_json(deals) == data


def _bad(data, message):
    with pytest.raises(MatchFileError, match=message):
        parse_deals(data)


def test_parse_deals_errors():
    good = hand_json([], 2)
    _bad({"x": 1}, "must be a list of hands")
    _bad([[]], "must be a list of deals")
    _bad([[[["AH"]] * 3]], "must list the cards of 2 or 4 players")
    _bad([good[:3]], "must hold 4 deals for 2 players")
    _bad([[good[0], good[1], good[2], [good[3][0], good[3][1], good[3][0], good[3][1]]]],
         "lists 4 players, the first deal 2")
    dup = [list(d) for d in good]
    dup[3] = [dup[3][0], dup[0][0]]
    _bad([dup], "is dealt twice")
    short = [list(d) for d in good]
    short[0] = [short[0][0][:4], short[0][1]]
    _bad([short], "must hold 5 cards")
    bad_card = [list(d) for d in good]
    bad_card[0] = [["AH", "2H", "3H", "4H", "8H"], bad_card[0][1]]
    _bad([bad_card], "deals\\[0\\]\\[0\\]\\[0\\]: '8H' is not a card")


def test_deals_for_the_wrong_player_count():
    deals = parse_deals([hand_json([], 2)])
    with pytest.raises(MatchFileError, match="for 2 players, but the rules say 4"):
        new_match(seed="x", deals=deals)
    m = M.new_match_file("cuarenta", seed="x")
    m["deals"] = [hand_json([], 2)]
    with pytest.raises(MatchFileError, match="for 2 players"):
        M.replay(m)


def test_explicit_deals_then_seeded_hands():
    """Explicit deals serve the first hands; later hands are shuffled from the seed."""
    s = start(PLAIN)
    assert s.deals == parse_deals([hand_json([PLAIN], 2)])[0]
    from .cuarenta_helpers import lay_out
    s = lay_out(s)
    assert s.hand_no == 1 and s.deals != parse_deals([hand_json([], 2)])[0]


def test_match_file_replay_and_error_index():
    m = match_file([PLAIN], ["AH", "6H", "2H", "7H"])
    s = M.replay(m)
    assert s.table == M_("AH 6H 2H 7H")
    m["actions"].append("3H:AH+2H+9C")
    with pytest.raises(MatchFileError, match="action 5 .*'9C' is not a card"):
        M.replay(m)
    m["actions"][-1] = "3H:2H"
    with pytest.raises(MatchFileError, match="action 5 .*2H alone is worth 2, not 3"):
        M.replay(m)


def test_legal_texts_are_unique():
    s = setup(start(PLAIN), "2C 2D 3C 4C 7C 7D JC", "6S 2S 5S KS AD")
    texts = [s.action_text(a) for a in s.legal_actions()]
    assert len(texts) == len(set(texts)) == len(s.legal_actions())
    assert list(s.legal_actions()) == sorted(s.legal_actions())
    assert "6S:2C+4C>7C+JC" in texts and "6S:2D+4C>7D+JC" in texts
    assert {a for a in legal(s) if a.startswith("5S")} == {"5S", "5S:2C+3C", "5S:2D+3C"}
