"""Cuatrola scenario tests. Each cites the rule text it follows:
seed 000 (German), 002 (French, same text), 003 (Spanish, Ludoteka), or the
named option documented in docs/rules-cuatrola.md."""

import pytest

from engine.cards import SPANISH, cards_of
from engine.cuatrola import OPTIONS, new_match
from engine.cuatrola import rules as R
from engine.cuatrola.state import deal_hand, first_dealer
from engine.errors import IllegalActionError

from .cuatrola_helpers import act, legal, start

# Deal C: trump oros; seat 0 holds every espada; 1, 2 and 3 are void in espadas.
DEAL_C = ["1E 3E 12E 11E 10E", "3O 1C 3C 12C 11C", "1O 12O 10C 1B 3B", "10O 11O 12B 11B 10B"]
# Deal D: trump oros; seat 0 leads 12C, seat 2 (partner) holds 1C and 11C.
DEAL_D = ["12C 1E 3E 12E 11E", "10C 10E 1B 3B 12B", "1C 11C 11B 10B 1O", "3C 3O 12O 11O 10O"]
# Deal E: trump oros; seat 0 leads 1C, seat 2 is void in copas with trumps.
DEAL_E = ["1C 1E 3E 12E 11E", "3C 10E 1B 3B 12B", "11B 10B 1O 12O 11O", "12C 11C 10C 3O 10O"]
# Deal F: trump oros; seat 0 leads 12E, seat 1 trumps, seat 2 holds 1E and 10E.
DEAL_F = ["12E 1C 3C 12C 11C", "3O 1B 3B 12B 11B", "1E 10E 10B 10C 1O", "3E 11E 12O 11O 10O"]
# Deal G: trump bastos; seat 0 holds 20 in copas and oros, seat 2 the 40.
DEAL_G = ["1E 12C 11C 12O 11O", "3E 10E 3C 3O 10O", "12B 11B 1C 1O 1B", "12E 11E 10C 3B 10B"]
ALL_PASS = ("pass",) * 4


# ---- the deck -------------------------------------------------------------------

def test_twenty_counting_cards_and_their_points():
    """000: 'nur mit den zwanzig Karten, die Punkte zählen: as, tres, rey, caballo und sota'
    and 'as elf Punkte, tres zehn, rey vier, caballo drei, sota zwei. Alle zwanzig Karten
    zusammen ergeben einhundertzwanzig Punkte.'"""
    assert len(R.CARDS) == 20 and len(set(R.CARDS)) == 20
    assert {SPANISH.text(c)[:-1] for c in R.CARDS} == {"1", "3", "12", "11", "10"}
    assert [R.RANK_POINTS[r] for r in R.COUNTING_RANKS] == [11, 10, 4, 3, 2]
    assert sum(R.RANK_POINTS[c % 10] for c in R.CARDS) == R.DECK_POINTS == 120
    assert R.HAND_TOTAL == 130


def test_rank_order_as_tres_rey_caballo_sota():
    """000: 'die Rangfolge von der stärksten zur schwächsten Karte: as, tres, rey, caballo, sota'.
    Seat 0 leads the sota; each later card of the suit beats it in that order."""
    s = act(start(DEAL_C, "10O"), *ALL_PASS)
    assert legal(s) == {"1E", "3E", "12E", "11E", "10E"}  # leader plays anything
    from engine.cuatrola.state import beats
    order = [SPANISH.parse(t) for t in ("1E", "3E", "12E", "11E", "10E")]
    for stronger, weaker in zip(order, order[1:]):
        assert beats(stronger, weaker, trump=0) and not beats(weaker, stronger, trump=0)


def test_the_state_tables_restate_the_play_rules_exactly():
    """The state plays with tables built from ``engine.cuatrola.play`` (speed): which card
    beats which (000 'Die höchste Trumpfkarte gewinnt den Stich, sonst die höchste Karte der
    ausgespielten Farbe') and who leads first and plays next when a partner sits out."""
    from engine.cuatrola.play import BEATEN_BY, beats, first_leader, next_seat, sitting_out
    from engine.cuatrola.state import HAND_VALUE, NEXT
    for trump in range(4):
        for best in R.CARDS:
            for c in R.CARDS:
                assert bool(BEATEN_BY[trump][best] >> c & 1) == beats(c, best, trump)
    for declarer in range(-1, 4):
        for seat in range(4):
            assert NEXT[declarer + 1][seat] == next_seat(seat, sitting_out(declarer))
            assert NEXT[declarer + 1][seat] == first_leader(seat, declarer)
    for contract in range(len(R.BID_NAMES)):
        assert HAND_VALUE[contract] == R.BID_VALUE.get(contract, R.NORMAL_HAND_VALUE)



@pytest.mark.parametrize("beat_partner", [True, False])
@pytest.mark.parametrize("beat_led_after_trump", [False, True])
@pytest.mark.parametrize("discard_if_cannot_overtrump", [True, False])
def test_the_state_obligations_restate_play_legal_mask_exactly(
        beat_partner, beat_led_after_trump, discard_if_cannot_overtrump):
    """The state computes the next seat's legal cards inline (speed); over random play with
    every contract, they are ``play.legal_mask`` of the same trick, and the shared (seat,
    card) pairs of the trick and the bids are the plain pairs."""
    import random

    from engine.cuatrola.play import legal_mask, winning
    from engine.cuatrola.state import PLAY
    options = {"beat_partner": beat_partner, "beat_led_after_trump": beat_led_after_trump,
               "discard_if_cannot_overtrump": discard_if_cannot_overtrump, "quintola": True,
               "end": "hands", "hands": 99}
    rng = random.Random(f"{beat_partner}{beat_led_after_trump}{discard_if_cannot_overtrump}")
    checked = 0
    for k in range(40):
        s = new_match(seed=f"legal-{k}", options=options)
        while not s.is_terminal() and len(s.history) < 12:
            if s.phase == PLAY and s.trick:
                trump = s.trump // 10
                ws, wc = winning(s.trick, trump)
                assert (s.win_seat, s.win_card) == (ws, wc)
                assert s.legal == legal_mask(s.rules, s.hands[s.turn], s.trick, trump, ws, wc,
                                             s.turn)
                checked += 1
            s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 3000
    rec = s.history[-1]
    assert all(type(p) is tuple and len(p) == 2 for t in rec.tricks for p in t.plays)
    assert all(type(p) is tuple and len(p) == 2 for p in rec.bids)

# ---- deal, seats, trump -----------------------------------------------------------

def test_deal_one_at_a_time_from_the_mano_dealer_last_card_is_trump():
    """Issue: '5 each, dealt one at a time starting with the mano'; 000: 'Die letzte Karte
    ist für den Geber, der sie dem Tisch zeigt: Das ist der Trumpf'."""
    from engine.deal import shuffled
    s = new_match(seed="deal-order")
    order = shuffled(R.CARDS, "cuatrola", "deal-order", "hand/0")
    mano = (s.dealer + 1) % 4
    for k, c in enumerate(order):
        assert s.hands[(mano + k) % 4] >> c & 1
    assert s.trump == order[-1] and s.hands[s.dealer] >> s.trump & 1
    assert all(len(cards_of(h)) == R.HAND_SIZE for h in s.hands)


def test_everyone_sees_the_dealers_trump_card_until_it_is_played():
    """000: 'jeder weiß von Anfang an, dass der Geber genau diese Karte hält'."""
    s = act(start(DEAL_C, "10O"), *ALL_PASS)
    for seat in range(4):
        v = s.view(seat)
        assert v["trump_card"] == "10O" and v["trump_card_held_by_dealer"] is True
        assert v["trump_suit"] == "O"
    # seat 0 leads 10E; 1 trumps 3O; 2 over-trumps 1O; dealer (3) discards 10O, the trump card
    s = act(s, "10E", "3O", "1O", "10O")
    assert all(s.view(seat)["trump_card_held_by_dealer"] is False for seat in range(4))


def test_mano_at_dealers_right_speaks_and_leads_first_dealer_acts_last():
    """000: 'Die mano (der Spieler, der beginnt) sitzt rechts vom Geber. Er spricht zuerst
    und spielt die erste Karte aus.' Seats are numbered in playing order, so the mano is
    dealer + 1 and the dealer speaks and plays last (docs/rules-cuatrola.md, seating)."""
    s = start(DEAL_C, "10O")
    assert s.current_player == 0
    seen = []
    for _ in range(4):
        seen.append(s.current_player)
        s = act(s, "pass")
    assert seen == [0, 1, 2, 3] and s.current_player == 0
    plays = []
    for t in ("10E", "3O", "1O", "10O"):
        plays.append(s.current_player)
        s = act(s, t)
    assert plays == [0, 1, 2, 3]


def test_the_deal_rotates_each_hand():
    """000: 'die Position des Gebers rotiert auf die gleiche Weise' (as the turn)."""
    from engine.selfplay import play_random
    import random
    s = new_match(seed="rotate")
    d0 = s.dealer
    assert d0 == first_dealer(s.cfg)
    s = play_random(s, random.Random(3), max_hands=3)
    assert [r.dealer for r in s.history] == [d0, (d0 + 1) % 4, (d0 + 2) % 4]
    assert s.dealer == (d0 + 3) % 4


def test_seed_fixes_every_deal_and_the_first_dealer():
    """Issue: 'A match seed (any short text) fixes every deal of the match and the first
    dealer.'"""
    a, b = new_match(seed="same"), new_match(seed="same")
    assert a == b
    assert deal_hand(a.cfg, 5, 2) == deal_hand(b.cfg, 5, 2)
    assert deal_hand(a.cfg, 0, 0) != deal_hand(a.cfg, 1, 0)
    assert new_match(seed="other").hands != a.hands


# ---- bidding ------------------------------------------------------------------------

def test_bidding_only_upward_pass_solo_cuatrola():
    """000: 'Du darfst das Gebot nur erhöhen, niemals senken: Passen, Solo, Cuatrola und in
    der Quintola-Variante Quintola.'"""
    s = start(DEAL_C, "10O")
    assert legal(s) == {"pass", "solo", "cuatrola"}
    s = act(s, "solo")
    assert legal(s) == {"pass", "cuatrola"}
    with pytest.raises(IllegalActionError, match="higher than solo"):
        act(s, "solo")
    with pytest.raises(IllegalActionError, match="not played"):
        act(s, "quintola")
    s = act(s, "cuatrola")
    assert legal(s) == {"pass"}


def test_quintola_variant_offers_quintola():
    """000: 'in der Quintola-Variante Quintola' (option quintola)."""
    s = start(DEAL_C, "10O", quintola=True)
    assert legal(s) == {"pass", "solo", "cuatrola", "quintola"}


def test_one_round_of_bidding_then_play():
    """Issue: 'one round from the mano'; 000: 'Bevor die erste Karte gespielt wird, kann jeder
    Spieler passen, Solo ansagen ... oder Cuatrola.'"""
    s = act(start(DEAL_C, "10O"), "solo", "pass", "pass", "pass")
    assert s.phase_name == "play" and s.contract == R.SOLO and s.declarer == 0


def test_all_pass_is_a_normal_hand():
    """000: 'Wenn niemand etwas ansagt, wird die Runde normal gespielt.'"""
    s = act(start(DEAL_C, "10O"), *ALL_PASS)
    assert s.contract == R.PASS and s.declarer == -1 and s.out == -1
    assert s.view(0)["contract"] == "normal"


def test_highest_bidder_plays_alone_partner_sits_out():
    """000: 'Solo ansagen (die Runde ohne die Hilfe seines Partners spielen, der dann
    aussetzt)'; 003: 'El compañero tira sus cartas y no participa en la mano.'"""
    s = act(start(DEAL_C, "10O"), "pass", "solo", "pass", "pass")
    assert s.declarer == 1 and s.out == 3
    # tricks of three: seats 0, 1, 2 play; seat 3's cards stay out of play
    s = act(s, "10E", "3O", "1O")
    assert len(s.tricks) == 1 and len(s.tricks[0].plays) == 3
    assert s.hands[3] == start(DEAL_C, "10O").hands[3]


def test_if_the_partner_sitting_out_is_the_mano_the_next_player_leads():
    """Issue: 'if the partner sitting out is the mano, the next player in turn leads'."""
    s = act(start(DEAL_C, "10O"), "pass", "pass", "solo", "pass")
    assert s.declarer == 2 and s.out == 0 and s.current_player == 1


def test_the_highest_bid_wins_the_contract():
    """003: 'Siempre que un jugador anterior ha lanzado una apuesta, solo es posible pasar o
    lanzar una apuesta superior.'"""
    s = act(start(DEAL_C, "10O", quintola=True), "solo", "cuatrola", "pass", "quintola")
    assert s.contract == R.QUINTOLA and s.declarer == 3 and s.out == 1


@pytest.mark.parametrize("score,barred", [
    ((20, 0), {"solo", "cuatrola", "quintola"}), ((19, 0), {"cuatrola", "quintola"}),
    ((18, 0), {"cuatrola", "quintola"}), ((17, 0), {"quintola"}), ((16, 0), set()),
])
def test_ludoteka_bid_limits(score, barred):
    """003: 'La pareja que ya ha alcanzado los 20 puntos no puede apostar Solo.' / 'más de 17
    puntos no puede apostar Cuatrola' / 'más de 16 puntos no puede apostar Quintola'."""
    s = start(DEAL_C, "10O", quintola=True, bid_limits=True)._replace(score=score)
    assert {"pass", "solo", "cuatrola", "quintola"} - legal(s) == barred
    for bid in barred:
        with pytest.raises(IllegalActionError, match="no longer allows"):
            act(s, bid)
    # the rival side (seat 1) is not limited by side 0's score
    assert legal(act(s, "pass")) == {"pass", "solo", "cuatrola", "quintola"}


# ---- play obligations -------------------------------------------------------------

def test_must_follow_suit():
    """000: 'Du musst die angespielte Farbe bedienen'."""
    s = act(start(DEAL_D, "10O"), *ALL_PASS, "12C")
    assert legal(s) == {"10C"}
    with pytest.raises(IllegalActionError, match="you must follow copas"):
        act(s, "10E")


def test_must_beat_the_winning_card_when_following():
    """000: 'die höchste Karte schlagen, wenn du kannst' (step 4)."""
    s = act(start(DEAL_D, "10O"), *ALL_PASS, "12C", "10C")
    assert legal(s) == {"1C"}
    with pytest.raises(IllegalActionError, match="you must follow copas with a higher card"):
        act(s, "11C")


def test_void_in_led_suit_must_trump():
    """000: 'mit Trumpf stechen, wenn du keine Karte der Farbe hast'."""
    s = act(start(DEAL_C, "10O"), *ALL_PASS, "10E")
    assert legal(s) == {"3O"}
    with pytest.raises(IllegalActionError, match="you have no espadas: you must trump with oros"):
        act(s, "1C")


def test_must_over_trump_if_able():
    """Issue: 'a trump already in the trick: over-trump if you can'."""
    s = act(start(DEAL_C, "10O"), *ALL_PASS, "10E", "3O")
    assert legal(s) == {"1O"}
    with pytest.raises(IllegalActionError, match="over-trump"):
        act(s, "12O")


def test_cannot_over_trump_may_discard_by_default():
    """Option discard_if_cannot_overtrump (default on), seed 000's tip: 'Wenn bereits ein
    Trumpf auf dem Tisch liegt, den du nicht schlagen kannst, musst du deinen eigenen nicht
    einsetzen'."""
    s = act(start(DEAL_C, "10O"), *ALL_PASS, "10E", "3O", "1O")
    assert legal(s) == {"10O", "11O", "12B", "11B", "10B"}


def test_cannot_over_trump_must_under_trump_when_option_off():
    """Option discard_if_cannot_overtrump = false: the void player must still trump."""
    s = act(start(DEAL_C, "10O", discard_if_cannot_overtrump=False), *ALL_PASS, "10E", "3O", "1O")
    assert legal(s) == {"10O", "11O"}
    with pytest.raises(IllegalActionError, match="must trump with oros"):
        act(s, "12B")


def test_following_a_trumped_trick_any_card_of_the_suit_by_default():
    """Option beat_led_after_trump (default off): 'die höchste Karte schlagen' cannot be met
    with the led suit once the trick is trumped."""
    s = act(start(DEAL_F, "10O"), *ALL_PASS, "12E", "3O")
    assert legal(s) == {"1E", "10E"}


def test_following_a_trumped_trick_must_beat_the_led_suit_when_option_on():
    """Option beat_led_after_trump = true (some implementations)."""
    s = act(start(DEAL_F, "10O", beat_led_after_trump=True), *ALL_PASS, "12E", "3O")
    assert legal(s) == {"1E"}
    with pytest.raises(IllegalActionError, match="higher card"):
        act(s, "10E")


def test_must_beat_even_the_partners_winning_card_by_default():
    """Option beat_partner (default on): 000 'die höchste Karte schlagen, wenn du kannst';
    003 'montar, asistir o fallar'."""
    s = act(start(DEAL_D, "10O"), *ALL_PASS, "12C", "10C")
    assert legal(s) == {"1C"}
    s = act(start(DEAL_E, "10O"), *ALL_PASS, "1C", "3C")
    assert legal(s) == {"1O", "12O", "11O"}


def test_need_not_beat_or_trump_the_partner_when_option_off():
    """Option beat_partner = false, seed 000's tip 'Wenn dein Partner den Stich bereits
    gewinnt, musst du ihn nicht mit deinem as überbieten'."""
    s = act(start(DEAL_D, "10O", beat_partner=False), *ALL_PASS, "12C", "10C")
    assert legal(s) == {"1C", "11C"}
    s = act(start(DEAL_E, "10O", beat_partner=False), *ALL_PASS, "1C", "3C")
    assert legal(s) == {"11B", "10B", "1O", "12O", "11O"}
    # a rival's winning card must still be beaten: seat 1 after seat 0's 12C
    s = act(start(DEAL_D, "10O", beat_partner=False), *ALL_PASS, "12C")
    assert legal(s) == {"10C"}


def test_obligations_from_the_first_trick():
    """000: 'Dies gilt ab dem allerersten Stich.'"""
    s = act(start(DEAL_C, "10O"), *ALL_PASS, "10E")
    assert len(s.tricks) == 0 and legal(s) == {"3O"}


def test_cards_not_held_and_out_of_phase_actions_are_refused():
    s = start(DEAL_C, "10O")
    with pytest.raises(IllegalActionError, match="bidding comes first"):
        act(s, "1E")
    s = act(s, *ALL_PASS)
    with pytest.raises(IllegalActionError, match="you do not hold 1O"):
        act(s, "1O")
    with pytest.raises(IllegalActionError, match="play a card"):
        act(s, "solo")
    with pytest.raises(IllegalActionError, match="neither a bid"):
        s.parse_action("7O7")
    with pytest.raises(IllegalActionError, match="not among Cuatrola's 20 cards"):
        s.parse_action("7O")


# ---- trick winner -----------------------------------------------------------------

def test_highest_trump_wins_else_highest_of_led_suit():
    """000: 'Jeder Stich geht an die höchste Karte der ausgespielten Farbe, es sei denn, jemand
    hat getrumpft: Dann gewinnt der höchste Trumpf.'"""
    s = act(start(DEAL_C, "10O"), *ALL_PASS, "10E", "3O", "1O", "12B")
    assert s.tricks[0].winner == 2 and s.current_player == 2
    s = act(start(DEAL_D, "10O"), *ALL_PASS, "12C", "10C", "1C", "3C")
    assert s.tricks[0].winner == 2
    s = act(start(DEAL_D, "10O"), *ALL_PASS, "1E", "10E", "1O", "3O")
    assert s.tricks[0].winner == 2


# ---- cantes -------------------------------------------------------------------------

def _cantes_g(**options):
    s = act(start(DEAL_G, "10B", **options), *ALL_PASS)
    s1 = act(s, "1E", "10E", "1B", "11E")       # seat 2 trumps and wins
    s2 = act(s1, "1C", "10C", "11C", "3C")      # seat 2 wins; seat 0 broke its copas pair
    s3 = act(s2, "1O", "3B", "12O", "3O")       # seat 3 trumps and wins for side 1
    return s1, s2, s3


def test_cante_forty_in_trumps_sung_first_by_the_side_that_won_the_trick():
    """000: 'plus zwanzig für jeden cante aus rey und caballo derselben Farbe, vierzig, wenn
    diese Farbe Trumpf ist' and 'Wenn es mehr als einen gibt, wird die Vierzig vor der
    Zwanzig angesagt.'"""
    s1, _, _ = _cantes_g()
    assert [(k.seat, SPANISH.suits[k.suit], k.points) for k in s1.cantes] == [(2, "B", 40)]


def test_one_cante_per_trick_won_and_it_belongs_to_the_partnership():
    """000: 'Pro gewonnenem Stich kann nur ein cante angesagt werden, und der cante gehört der
    Partnerschaft: Wenn beide Partner einen cante halten, wird nur einer angesagt und der andere
    wartet, bis die Partnerschaft einen weiteren Stich gewinnt.' Seat 0's cante is sung after
    partner seat 2 wins the second trick."""
    _, s2, _ = _cantes_g()
    assert [(k.seat, SPANISH.suits[k.suit], k.points) for k in s2.cantes] == [
        (2, "B", 40), (0, "O", 20)]


def test_cante_needs_both_cards_still_in_hand():
    """Issue: 'both cards still in hand': seat 0 played 11C, so its copas pair is gone."""
    _, s2, s3 = _cantes_g()
    assert all(SPANISH.suits[k.suit] != "C" for k in s3.cantes)
    assert len(s3.cantes) == 2  # side 1 holds no pair


def test_cantes_when_the_side_wins_its_first_trick_option():
    """Option cantes = first_trick, 003: 'Los jugadores pueden cantar las 40 o cantar las 20
    cuando la pareja logra su primera baza.' and 'Si es posible cantar las 40 y las 20, se
    cantan antes las 40.'"""
    s1, s2, _ = _cantes_g(cantes="first_trick")
    assert [(k.seat, SPANISH.suits[k.suit], k.points) for k in s1.cantes] == [
        (2, "B", 40), (0, "O", 20), (0, "C", 20)]
    assert s2.cantes == s1.cantes  # nothing more after later tricks


def test_cantes_are_visible_in_every_seats_view():
    """Issue: 'Cantes are sung automatically and are visible in every seat's view.'"""
    s1, _, _ = _cantes_g()
    for seat in range(4):
        assert s1.view(seat)["cantes"] == [{"seat": 2, "suit": "B", "points": 40,
                                            "after_trick": 1}]


def test_no_cantes_in_cuatrola_or_quintola():
    """003: 'Cuando hay en juego una apuesta de Cuatrola o Quintola no hay cantes, porque para
    ganar la mano solo se cuenta el número de bazas.'"""
    s = act(start(DEAL_G, "10B"), "cuatrola", "pass", "pass", "pass")
    # seat 2 sits out; seat 0 leads 1E, seat 1 follows, seat 3 follows: seat 0 wins
    s = act(s, "1E", "10E", "12E")
    assert s.tricks[0].winner == 0 and s.cantes == ()


# ---- hand result ----------------------------------------------------------------------

def test_normal_hand_card_points_ultimas_and_cantes():
    """000: 'Die Partnerschaft zählt die Punkte der gefangenen Karten zusammen, plus zwanzig für
    jeden cante ... plus zehn Punkte für den Gewinn des letzten Stichs.' / 'Die
    Partnerschaft mit mehr Punkten erhält einen Punkt'."""
    _, _, s3 = _cantes_g()
    s = s3
    while s.history == ():
        s = s.apply(s.legal_actions()[0])
    rec = s.history[0]
    cante = [sum(k.points for k in rec.cantes if k.seat % 2 == i) for i in (0, 1)]
    assert sum(rec.card_points) == R.DECK_POINTS
    assert list(rec.totals) == [rec.card_points[i] + cante[i] + (10 if rec.ultimas == i else 0)
                                for i in (0, 1)]
    assert rec.winner == (0 if rec.totals[0] > rec.totals[1] else 1)
    assert rec.points[rec.winner] == R.NORMAL_HAND_VALUE and sum(rec.points) == 1
    assert s.score == rec.points


def _finish(s, pick=0):
    h = len(s.history)
    while len(s.history) == h and not s.is_terminal():
        acts = s.legal_actions()
        s = s.apply(acts[min(pick, len(acts) - 1)])
    return s


def test_solo_is_worth_two_points():
    """000: 'Wenn Solo angesagt wurde, ist die Runde zwei Punkte wert'."""
    s = _finish(act(start(DEAL_G, "10B"), "pass", "pass", "solo", "pass"))
    rec = s.history[0]
    assert rec.contract == R.SOLO and sum(rec.points) == 2


# Big-bid deal: trump bastos; seat 3 (dealer) bids and holds the four top trumps, seat 1
# sits out. Seat 3 takes tricks 1-4 and loses the last one to seat 2's 1O.
BIG = ["10B 1E 3E 12E 11E", "10E 1C 3C 12C 11C", "10C 1O 3O 12O 11O", "1B 3B 12B 11B 10O"]
BIG_PLAY = ("1E", "10C", "11B", "1B", "10B", "11O", "3B", "11E", "12O", "12B", "12E", "3O",
            "10O", "3E", "1O")


def _big(bid, **options):
    s = act(start(BIG, "11B", **options), "pass", "pass", "pass", bid, *BIG_PLAY)
    rec = s.history[0]
    assert [t.winner for t in rec.tricks] == [3, 3, 3, 3, 2]
    return rec


def test_cuatrola_without_quintola_needs_all_five_tricks():
    """000: 'Ohne Quintola erfordert Cuatrola den Gewinn aller fünf Stiche und ist vier Punkte
    wert.' 4 tricks: the bid fails and 'gehen diese Punkte stattdessen an die gegnerische
    Partnerschaft'."""
    rec = _big("cuatrola")
    assert rec.contract == R.CUATROLA and rec.points == (4, 0)


def test_cuatrola_with_quintola_needs_four_tricks_quintola_five():
    """000: 'Mit Quintola erfordert Cuatrola vier der fünf Stiche und ist weiterhin vier Punkte
    wert, während Quintola alle fünf Stiche erfordert und fünf Punkte wert ist.'"""
    assert _big("cuatrola", quintola=True).points == (0, 4)
    assert _big("quintola", quintola=True).points == (5, 0)


def test_cuatrola_decided_by_tricks_alone():
    """003: 'En caso de haber apostado Cuatrola o Quintola, la pareja apostante suma los 4 ó 5
    puntos correspondientes si consigue el objetivo; si no lo consigue, los puntos son para los
    rivales.' The Quintola side has far more card points and still loses."""
    rec = _big("quintola", quintola=True)
    assert rec.totals[1] > rec.totals[0] and rec.winner == 0 and rec.cantes == ()


def test_solo_failed_gives_two_points_to_the_rivals():
    """000: 'Wenn die Seite, die die Ansage gemacht hat, diese nicht erfüllt, gehen diese Punkte
    stattdessen an die gegnerische Partnerschaft.' Seat 2 bids Solo on the big deal."""
    s = act(start(BIG, "11B"), "pass", "pass", "solo", "pass")
    s = act(s, "1C", "10C", "11B")  # seat 0 (mano) sits out; 1 leads, 3 trumps
    s = _finish(s)
    rec = s.history[0]
    assert rec.declarer == 2 and rec.totals[1] > rec.totals[0] and rec.points == (0, 2)


def test_tie_goes_to_the_side_that_took_ultimas():
    """003: 'En caso de empate a tantos, gana la mano la pareja que ha logrado las 10 de
    últimas.' A fixed deal where both sides end on 65."""
    from .cuatrola_helpers import TIE_DEAL, TIE_ACTIONS
    s = act(start(TIE_DEAL["hands"], TIE_DEAL["trump"]), *TIE_ACTIONS)
    rec = s.history[0]
    assert rec.totals[0] == rec.totals[1]
    assert rec.winner == rec.ultimas


# ---- match formats ----------------------------------------------------------------

def test_presets_leave_every_option_visible():
    """Issue: 'Match formats, as presets with every option still visible'."""
    spec = OPTIONS.to_json()
    names = [o["name"] for o in spec["options"]]
    for preset, values in spec["presets"].items():
        assert list(values) == names
    assert spec["presets"]["quick"]["hands"] == 11 and spec["presets"]["long"]["hands"] == 20
    assert spec["presets"]["target3"]["target"] == 3 and spec["presets"]["target5"]["target"] == 5
    lud = spec["presets"]["ludoteka"]
    assert (lud["end"], lud["target"], lud["quintola"], lud["bid_limits"]) == (
        "target", 21, True, True)


def test_fixed_number_of_hands_then_tie_break_hands():
    """000: 'Die Partien gehen bis elf Hände, oder zwanzig im langen Format.' A tie after the
    last hand: hands go on until one side leads (docs/rules-cuatrola.md, 'desempate')."""
    import random
    from engine.selfplay import play_random
    ties = 0
    for k in range(60):
        s = play_random(new_match(seed=f"fixed{k}", options={"end": "hands", "hands": 2}),
                        random.Random(k))
        assert s.is_terminal() and s.score[0] != s.score[1]
        assert len(s.history) >= 2
        if len(s.history) > 2:
            ties += 1
            two = [sum(r.points[i] for r in s.history[:2]) for i in (0, 1)]
            assert two[0] == two[1]
        else:
            assert s.winner == (0 if s.score[0] > s.score[1] else 1)
    assert ties > 0


def test_first_to_a_target():
    """000: 'Das Match endet, wenn eine Partnerschaft die vereinbarte Punktzahl erreicht,
    normalerweise drei oder fünf.'"""
    import random
    from engine.selfplay import play_random
    for k in range(20):
        s = play_random(new_match(seed=f"t{k}", preset="target3"), random.Random(k))
        assert s.is_terminal() and max(s.score) >= 3 and s.score[s.winner] >= 3
        before = [sum(r.points[i] for r in s.history[:-1]) for i in (0, 1)]
        assert max(before) < 3


def test_ludoteka_first_to_21():
    """003: 'La partida finaliza cuando una de las dos parejas alcanza los 21 puntos.'"""
    import random
    from engine.selfplay import play_random
    s = play_random(new_match(seed="lud", preset="ludoteka"), random.Random(5))
    assert s.is_terminal() and s.score[s.winner] >= 21
    assert s.returns()[s.winner] == 1.0 and s.returns()[1 - s.winner] == -1.0
