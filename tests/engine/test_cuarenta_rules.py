"""Cuarenta scenario tests, one or more per rule. Each cites the sentence of seed 004
(German, "Cuarenta – Ausführliche Regeln") it follows, or the rule option documented in
docs/rules-cuarenta.md."""

import pytest

from engine.cards import DECK_SIZE, FRENCH, suit_of
from engine.cuarenta import GAME as CUARENTA, OPTIONS, new_match
from engine.cuarenta import rules as R
from engine.cuarenta.state import (CAIDA, CARTON, CLAIM, CLAIM_BASE, FOUR, GAME, LIMPIA, MATCH,
                                   NOCLAIM, PLAY, RONDA, deal_hand, first_dealer,
                                   first_dealer_draw)
from engine.deal import shuffled
from engine.errors import IllegalActionError, RulesError
from engine.protocol import TERMINAL

from .cuarenta_helpers import (M_, act, before_last_card, kinds, lay_out, legal, setup,
                                    start, texts)

# Two players, seat 1 deals, seat 0 plays first. Used where the cards do not matter.
PLAIN = "AH 2H 3H 4H 5H|6H 7H JH QH KH"


def points_of(state, kind):
    return [(e.side, e.points, e.note) for e in state.recent if e.kind == kind]


# ---- the cards -----------------------------------------------------------------------

def test_forty_cards_with_exact_notation():
    """'Nimm alle 8er, 9er und 10er sowie die Joker heraus; es bleiben 40 Karten.'"""
    assert DECK_SIZE == 40 and R.DECK is FRENCH
    names = [FRENCH.text(c) for c in range(DECK_SIZE)]
    assert len(set(names)) == 40
    assert all(FRENCH.parse(n) == c for c, n in enumerate(names))
    assert not any(n[0] in "89" or n.startswith("10") for n in names)


def test_rank_order_and_sum_values():
    """'Die Rangfolge von niedrig nach hoch: A 2 3 4 5 6 7 B D K' and 'Beim Zusammenzählen
    zählt das Ass 1, die 2 bis 7 ihre Augenzahl. Bube, Dame und König haben keinen
    Zahlenwert'."""
    assert FRENCH.ranks == ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
    assert [R.rank_value(r) for r in range(R.RANKS)] == [1, 2, 3, 4, 5, 6, 7, 0, 0, 0]


def test_face_cards_cannot_sum():
    """'Bube, Dame und König ... lassen sich nur paaren oder in einer Folge mitnehmen.'"""
    s = setup(start(PLAIN), "3C 4C QD KD", "QS 2S 5S 6S 7S")
    assert {a for a in legal(s) if a.startswith("QS")} == {"QS", "QS:QD>KD"}
    with pytest.raises(IllegalActionError, match="no number value"):
        act(s, "QS:3C+4C")


def test_suits_play_no_part():
    """'Die Farben spielen keine Rolle.' — a pair and a sum across suits."""
    s = setup(start(PLAIN), "5D 3C 4S", "5H 7H AS 2S JS")
    assert "5H:5D" in legal(s) and "7H:3C+4S" in legal(s)


# ---- players, seats, dealer ------------------------------------------------------------

def test_two_or_four_players():
    """'Spieler: 2 oder 4 – zu viert in zwei Parteien zu zweit (Partner sitzen sich
    gegenüber), zu zweit gegeneinander.'"""
    for n in (2, 4):
        s = new_match(seed="p", options={"players": n})
        assert CUARENTA.seats(s.rules) == n and len(s.hands) == n
    with pytest.raises(RulesError, match="must be one of 2, 4"):
        new_match(seed="p", options={"players": 3})
    assert OPTIONS.resolve().players == 4


def test_partners_sit_opposite_and_share_one_pile():
    """'in Parteien sammelt ein Partner für beide' — seats 0 and 2 are one side."""
    s = start("5H AC AD 2C 2D|KS 3C 3D 4C 4D|5D 6C 6D 7C 7D|JS JC JD QC QD", players=4)
    s = act(s, "5H", "KS", "5D:5H")
    assert s.captured[0] == M_("5H 5D") and s.captured[1] == 0
    # The 5H was laid by the partner (seat 0), not the previous player: no caída.
    assert CAIDA not in kinds(s)


def test_first_dealer_is_the_first_to_receive_a_diamond():
    """'Misch und verteil offen reihum Karten; wer zuerst ein Karo bekommt, gibt als
    Erster.'"""
    for seed in ("tapete", "x", "año"):
        for n in (2, 4):
            s = new_match(seed=seed, options={"players": n})
            order = shuffled(range(40), "cuarenta", seed, "first-dealer")
            k = next(i for i, c in enumerate(order) if suit_of(c) == R.DIAMONDS)
            assert s.dealer == k % n
            draw = first_dealer_draw(s.cfg, n)
            assert [c for _, c in draw] == list(order[:k + 1])
            assert s.dealer == first_dealer(s.cfg, n)


def test_first_dealer_override():
    """Match files may fix the first dealer (docs: 'Explicit deals')."""
    assert new_match(seed="x", options={"players": 4}, first_dealer=2).dealer == 2


def test_player_after_the_dealer_starts_and_the_deal_passes_on():
    """'Der Spieler rechts vom Geber beginnt, dann geht es reihum nach rechts.' and
    'Nach jeder Hand geht das Geben nach rechts weiter.' (seats in playing order)."""
    for n in (2, 4):
        s = new_match(seed="rot", options={"players": n}, first_dealer=0)
        assert s.current_player == 1
        s = act(s, FRENCH.text((s.hands[1] & -s.hands[1]).bit_length() - 1))
        assert s.current_player == 2 % n
        s = lay_out(s)
        while s.phase == CLAIM:
            s = s.apply(NOCLAIM)
        assert s.hand_no == 1 and s.dealer == 1 and s.current_player == 2 % n


def test_clockwise_changes_only_the_presentation():
    """Variant 'Im Uhrzeigersinn: Nach den Regeln auf pagat.com beginnt der linke Nachbar
    des Gebers, und es wird im Uhrzeigersinn gespielt.' Seats are numbered in playing
    order, so the same seat starts and the cards are the same; the view says where the
    next seat sits."""
    a = new_match(seed="cw", options={"players": 4})
    b = new_match(seed="cw", options={"players": 4, "clockwise": True})
    assert (a.hands, a.dealer, a.legal_actions()) == (b.hands, b.dealer, b.legal_actions())
    assert a.view(0)["direction"] == "counterclockwise" and a.view(0)["next_seat_sits"] == "right"
    assert b.view(0)["direction"] == "clockwise" and b.view(0)["next_seat_sits"] == "left"


# ---- dealing -------------------------------------------------------------------------

def test_five_cards_each_and_the_whole_deck_per_hand():
    """'Zu viert wird 2-mal, zu zweit 4-mal zu je 5 Karten gegeben. Auf den Tisch kommt
    nichts.'"""
    for n, deals in ((4, 2), (2, 4)):
        s = new_match(seed="deal", options={"players": n})
        assert len(s.deals) == deals == R.deals_per_hand(n)
        assert all(h.bit_count() == 5 for d in s.deals for h in d)
        assert sum(sum(d) for d in s.deals) == (1 << 40) - 1
        assert s.table == 0


def test_seeded_deal_order():
    """Deal procedure (docs): shuffled(range(40), 'cuarenta', seed, 'hand/k'), 5 cards at a
    time to each player, beginning with the player after the dealer ('beginnend rechts von
    sich')."""
    order = shuffled(range(40), "cuarenta", "golden", "hand/3")
    s = new_match(seed="golden", options={"players": 4})
    deals = deal_hand(s.cfg, 3, 2, 4)
    assert deals[0][3] == sum(1 << c for c in order[0:5])
    assert deals[0][0] == sum(1 << c for c in order[5:10])
    assert deals[1][2] == sum(1 << c for c in order[35:40])


def test_golden_first_deal():
    """Pinned vector (docs/deals.md, shuffle v1): seed 'tapete', the first dealer draw and
    the first deal, for 4 and 2 players. A change here breaks every saved match."""
    s = new_match(seed="tapete", options={"players": 4})
    assert s.dealer == 2 and [c["card"] for c in s.view(0)["first_dealer_draw"]] == [
        "JS", "QS", "3S", "6H", "AC", "2S", "2H", "7C", "3C", "QC", "AD"]
    assert [" ".join(texts(h)) for h in s.hands] == [
        "QH 2D 5D KD QC", "JH JD 2C 2S 5S", "4H 3D QD AS 4S", "2H 6D 7D AC JS"]
    s = new_match(seed="tapete", options={"players": 2})
    assert s.dealer == 0
    assert [" ".join(texts(h)) for h in s.hands] == ["QH 2D 5D KD QC", "2H 6D 7D AC JS"]


def test_table_carries_over_to_the_next_deal():
    """'Haben alle ihre 5 Karten gespielt, gibt der Geber jedem 5 neue. Was noch auf dem
    Tisch liegt, bleibt dort und kann gestochen werden.'"""
    s = start(PLAIN)
    s = lay_out(s, until=lambda st: st.deal_no == 1)
    assert s.deal_no == 1 and s.table == M_(PLAIN.replace("|", " "))
    assert all(h.bit_count() == 5 for h in s.hands) and s.current_player == 0


# ---- rondas ---------------------------------------------------------------------------

def test_ronda_scores_four_at_once_without_showing_the_rank():
    """'Ronda: drei Karten gleichen Rangs. Sag „Ronda“ – deine Partei bekommt sofort 4
    Punkte. Welcher Rang es ist, musst du nicht zeigen.'"""
    s = start("7H 7D 7C AS 2S|6H 6D JH QH KH")
    assert s.score == (4, 0) and s.rondas == ((0, 0, R.SEVEN),)
    assert [e.kind for e in s.recent] == ["deal", RONDA]
    assert s.view(0)["rondas"] == [{"seat": 0, "side": 0, "deal": 1, "rank": "7"}]
    assert s.view(1)["rondas"] == [{"seat": 0, "side": 0, "deal": 1}]
    assert all("rank" not in e for e in s.view(1)["events"])


def test_ronda_is_announced_before_every_deal():
    """'Bevor die erste Karte gespielt wird, schau dir deine Hand an' — every deal."""
    s = start(PLAIN, "AD 2D 3D 4D 5D|QD QC QS 6D 7D")
    s = lay_out(s, until=lambda st: st.deal_no == 1)
    assert s.rondas == ((1, 1, R.QUEEN),) and s.score == (0, 4)


def test_four_of_a_kind_wins_at_once():
    """'Vier gleiche Karten: Zeig sie – deine Partei gewinnt die Partie sofort.'"""
    s = start("7H 7D 7C 7S 2S|6H 6D JH QH KH")
    assert s.is_terminal() and s.winner == 0 and s.current_player == TERMINAL
    assert s.returns() == (1.0, -1.0)
    four = [e for e in s.recent if e.kind == FOUR][0]
    assert four.rank == R.SEVEN and four.cards == M_("7H 7D 7C 7S")
    assert s.view(1)["events"][1]["rank"] == "7"  # shown: 'Zeig sie'


# ---- captures ---------------------------------------------------------------------------

def test_pairing():
    """'Paaren: Deine Karte nimmt eine Tischkarte gleichen Rangs. Eine Dame nimmt eine
    Dame, eine 5 eine 5.'"""
    s = setup(start(PLAIN), "QD 5C KS", "QS 5H 2S 3S 4S")
    assert {"QS:QD>KS", "5H:5C"} <= legal(s)
    s = act(s, "5H:5C")
    assert s.table == M_("QD KS") and s.captured[0] == M_("5H 5C")


def test_summing():
    """'Zusammenzählen: Eine Zahlenkarte nimmt Tischkarten, die zusammen ihren Wert ergeben.
    Eine 7 nimmt 3 und 4 oder A + 2 + 4.'"""
    s = setup(start(PLAIN), "AC 2C 3C 4C", "7S QS KS JS 6D")
    assert {a for a in legal(s) if a.startswith("7S")} == {"7S", "7S:3C+4C", "7S:AC+2C+4C"}
    s = act(s, "7S:AC+2C+4C")
    assert s.table == M_("3C") and s.captured[0] == M_("7S AC 2C 4C")


def test_pair_or_sum_never_both_and_never_two_sums():
    """'Mit einer Karte paarst du einmal oder zählst einmal zusammen – nie beides
    zugleich.'"""
    s = setup(start(PLAIN), "6H 2C 4D 3H 3S", "6S QS KS JS 7D")
    six = {a for a in legal(s) if a.startswith("6S")}
    assert six == {"6S", "6S:6H", "6S:2C+4D", "6S:3H+3S"}
    with pytest.raises(IllegalActionError, match="never both"):
        act(s, "6S:2C+4D+6H")
    with pytest.raises(IllegalActionError, match="add up to 12, not 6"):
        act(s, "6S:2C+3H+3S+4D")
    with pytest.raises(IllegalActionError, match="pairs one table card"):
        act(setup(s, "6H 6C", "6S QS KS JS 7D"), "6S:6H+6C")


def test_seed_example_a_two_pairs_and_takes_three_four_five():
    """'Beispiel: Auf dem Tisch liegen 2 · 3 · 4 · 5 · 7 · B. Du spielst eine 2: Sie paart
    die 2 und nimmt als Folge 3, 4, 5 mit – die 6 fehlt, also bleiben 7 und B liegen.'"""
    s = setup(start(PLAIN), "2C 3C 4C 5C 7C JC", "2S QS KS AD 6D")
    assert {a for a in legal(s) if a.startswith("2S")} == {"2S", "2S:2C>3C+4C+5C"}
    s = act(s, "2S:2C>3C+4C+5C")
    assert texts(s.table) == ["7C", "JC"]


def test_seed_example_b_six_adds_two_and_four_and_takes_seven_jack():
    """'Spielst du stattdessen eine 6, zählst du 2 + 4 zusammen und nimmst als Folge 7 und B
    mit; 3 und 5 bleiben liegen.'"""
    s = setup(start(PLAIN), "2C 3C 4C 5C 7C JC", "6S QS KS AD 2S")
    assert {a for a in legal(s) if a.startswith("6S")} == {"6S", "6S:2C+4C>7C+JC"}
    s = act(s, "6S:2C+4C>7C+JC")
    assert texts(s.table) == ["3C", "5C"]


def test_sequence_runs_seven_jack_queen_king():
    """'Auf die 7 folgt der Bube, dann die Dame, dann der König.'"""
    s = setup(start(PLAIN), "7C JC QC KC", "7S 2S 3S 4S 5S")
    assert "7S:7C" not in legal(s) and "7S:7C>JC+QC+KC" in legal(s)


def test_sequence_never_stands_alone():
    """'Eine Folge gibt es nur zusammen mit einem Paar oder einer Summe, nie allein.'"""
    s = setup(start(PLAIN), "7C JC", "6S 2S 3S 4S 5S")
    assert {a for a in legal(s) if a.startswith("6S")} == {"6S"}
    with pytest.raises(IllegalActionError, match="never stands alone"):
        act(s, "6S:>7C")
    a = R.DECK.parse("6S") | (M_("7C JC") << 6)
    with pytest.raises(IllegalActionError, match="never stands alone"):
        s.apply(a)


def test_sequence_without_a_gap():
    """'solange die Folge lückenlos ist'"""
    s = setup(start(PLAIN), "6C 7C JC QC", "6S 2S 3S 4S 5S")
    with pytest.raises(IllegalActionError, match="without a gap.*must be a 7"):
        act(s, "6S:6C>JC+QC")
    s = setup(start(PLAIN), "6C JC", "6S 2S 3S 4S 5S")
    assert {a for a in legal(s) if a.startswith("6S")} == {"6S", "6S:6C"}
    with pytest.raises(IllegalActionError, match="without a gap"):
        act(s, "6S:6C>JC")


def test_player_chooses_and_may_capture_nothing():
    """'Sticht sie nichts, bleibt sie offen liegen' and 'Übersiehst du einen Stich ganz,
    passiert nichts – die Karten bleiben einfach liegen.'"""
    s = setup(start(PLAIN), "6H 2C 4D", "6S QS KS JS 7D")
    s2 = act(s, "6S")
    assert s2.table == M_("6H 2C 4D 6S") and s2.score == s.score and s2.captured == (0, 0)


def test_auto_sequences_are_taken_in_full():
    """Option sequences = auto (default): the sequence is taken automatically; the text
    may leave it out, and a shortened sequence is refused."""
    s = setup(start(PLAIN), "6C 7C JC", "6S 2S 3S 4S 5S")
    assert s.action_text(s.parse_action("6S:6C")) == "6S:6C>7C+JC"
    with pytest.raises(IllegalActionError, match="taken in full.*JC continues it"):
        act(s, "6S:6C>7C")


def test_manual_sequence_forgotten_cards_go_to_the_next_opponent():
    """'Stichst du, vergisst aber eine mögliche Folge, dürfen die Gegner sich diese Karten
    nehmen.' (option sequences = manual: the next opponent may take them before playing)."""
    s = setup(start(PLAIN, sequences="manual"), "6C 7C JC KD", "6S 2S 3S 4S 5S")
    assert {a for a in legal(s) if a.startswith("6S:")} == {"6S:6C", "6S:6C>7C",
                                                          "6S:6C>7C+JC"}
    s = act(s, "6S:6C>7C")
    assert s.current_player == 1 and "take:JC" in legal(s)
    t = act(s, "take:JC")
    assert t.current_player == 1 and t.captured[1] == M_("JC") and t.table == M_("KD")
    assert t.score == s.score and "take:JC" not in legal(t)  # taking scores nothing
    # Declining by playing a card: the chance is gone.
    u = act(s, FRENCH.text((s.hands[1] & -s.hands[1]).bit_length() - 1))
    assert not any(a.startswith("take") for a in legal(u))


def test_manual_forgotten_sequence_is_taken_in_full():
    """Option sequences = manual: the forgotten cards are taken as a whole sequence."""
    s = setup(start(PLAIN, sequences="manual"), "6C 7C JC", "6S 2S 3S 4S 5S")
    s = act(s, "6S:6C")
    assert {a for a in legal(s) if a.startswith("take")} == {"take:7C+JC"}
    with pytest.raises(IllegalActionError, match="taken in full.*take:7C\\+JC"):
        act(s, "take:7C")


def test_take_needs_a_forgotten_sequence():
    """There is nothing to take with automatic sequences (option sequences = auto)."""
    s = setup(start(PLAIN), "7C JC", "6S 2S 3S 4S 5S")
    with pytest.raises(IllegalActionError, match="no forgotten sequence"):
        act(s, "take:7C+JC")


# ---- caída and limpia ---------------------------------------------------------------

def test_caida_scores_two():
    """'Caída („Fall“): Du stichst die Karte, die dein Vordermann gerade gespielt hat,
    durch Paaren. Deine Partei bekommt 2 Punkte.'"""
    s = start("KH 2H 5C 6C 3D|JS 2S QC QD AC")
    s = act(s, "KH", "JS", "2H", "2S:2H")
    assert points_of(s, CAIDA) == [(1, 2, "")] and s.score == (0, 2)
    assert LIMPIA not in kinds(s)


def test_pairing_an_older_card_is_no_caida():
    """A caída pairs the card the previous player *just* played."""
    s = start("2H KH 5C 6C 3D|JS 2S QC QD AC")
    s = act(s, "2H", "JS", "KH", "2S:2H")
    assert CAIDA not in kinds(s) and s.score == (0, 0)


def test_no_caida_by_sum_or_in_a_sequence():
    """'Durch Zusammenzählen oder als Teil einer Folge ist es keine Caída.'"""
    s = start("KH 2H 3C 6C 6D|JS AS QC 7S 4D")
    by_sum = act(s, "KH", "JS", "2H", "AS", "3C:AS+2H")
    assert CAIDA not in kinds(by_sum) and by_sum.score == (0, 0)
    in_seq = act(s, "KH", "QC", "6D", "7S", "6C:6D>7S")
    assert CAIDA not in kinds(in_seq) and in_seq.score == (0, 0)


def test_no_caida_on_the_dealers_last_card_after_a_new_deal():
    """'Paart der erste Spieler nach dem neuen Geben die letzte Karte des Gebers, ist das
    keine Caída.'"""
    s = start("AH 2H 3H 4H 5H|6H 7H JH QH KS", "QD 2D 3D 4D 5D|AD 6D 7D JD KD")
    s = lay_out(s, until=lambda st: st.deal_no == 1)
    assert s.current_player == 0 and s.table >> R.DECK.parse("KS") & 1
    s = act(s, "QD:QH>KS")
    assert CAIDA not in kinds(s) and s.score == (0, 0)


def test_limpia_scores_two():
    """'Limpia („sauber“): Dein Stich räumt alle Karten vom Tisch. Deine Partei bekommt 2
    Punkte.'"""
    s = start("3H 7H 5C 6C 3D|4S JS QC QD AC")
    s = act(s, "3H", "4S", "7H:3H+4S")
    assert points_of(s, LIMPIA) == [(0, 2, "")] and s.score == (2, 0) and s.table == 0


def test_caida_y_limpia_scores_four():
    """'Beispiel: Anna legt eine 6 auf den leeren Tisch. Ben hat eine 6 und legt sie drauf:
    eine Caída, und der Tisch ist leer – Caída y limpia, 4 Punkte für Bens Partei.'"""
    s = act(start("6H 7H 5C 6C 3D|6S JS QC QD AC"), "6H", "6S:6H")
    assert s.score == (0, 4)
    assert points_of(s, CAIDA) == [(1, 2, "")] and points_of(s, LIMPIA) == [(1, 2, "")]


def test_todo_dos():
    """Variant 'Todo dos (Quito): Caída y limpia zählt nur 2 statt 4 Punkte.'"""
    s = act(start("6H 7H 5C 6C 3D|6S JS QC QD AC", todo_dos=True), "6H", "6S:6H")
    assert s.score == (0, 2) and points_of(s, LIMPIA) == [(1, 0, "todo dos")]
    assert new_match(preset="quito").rules.todo_dos


# ---- caída on a ronda -----------------------------------------------------------------

RONDA_DEAL = "7H 7D 7C 5H 2S|7S 5S JS QC QD"  # seat 0 holds a ronda of sevens
FIRST = "AD 2D 3D 4D 5D|6D JD QD KD AC"        # a first deal that leaves the sevens free
SECOND = "7H 7D 7C 5H 2S|7S 5S JS QC QH"       # seat 0 gets a ronda of sevens in deal 2


def test_claiming_the_ronda_rank_scores_ten():
    """'Caída auf eine Ronda: Machst du eine Caída auf eine Karte aus der Ronda deines
    Gegners, merk sie dir. Nennst du am Ende der Hand den Rang der Ronda, bekommt deine
    Partei 10 Punkte.'"""
    s = act(start(RONDA_DEAL), "7H", "7S:7H")
    assert s.score == (4, 4)  # ronda; caída y limpia
    s = lay_out(s)
    assert s.phase == CLAIM and s.current_player == 1
    assert set(legal(s)) == {"noclaim"} | {f"claim:{r}" for r in FRENCH.ranks}
    assert s.view(1)["claim"] == {"seat": 1, "against": 0, "deal": 1, "caida_cards": ["7H"]}
    t = act(s, "claim:7")
    claim = [e for e in t.recent if e.kind == "claim"][0]
    assert (claim.side, claim.points, claim.note) == (1, 10, "right")
    rec = t.history[-1]
    carton = next(e for e in rec.events if e.kind == CARTON)
    assert rec.points[1] == 4 + 10 + (carton.points if carton.side == 1 else 0)


def test_a_wrong_claim_scores_nothing_and_does_not_reveal_the_rank():
    """'Nennst du ... den Rang der Ronda' — only the right rank scores. While the claim is
    open the rank stays hidden from the claimer; once the hand is over its summary shows
    every ronda's rank (issue 13: 'After a Cuarenta hand, show the ronda ranks that were
    hidden'; every card of the hand has been played openly by then)."""
    s = lay_out(act(start(RONDA_DEAL), "7H", "7S:7H"))
    assert "7" not in [e.get("rank") for e in s.view(1)["hand_events"] + s.view(1)["rondas"]]
    t = act(s, "claim:5")
    claim = [e for e in t.recent if e.kind == "claim"][0]
    assert (claim.points, claim.note) == (0, "wrong")
    assert [e.get("rank") for e in t.view(1)["last_hand"]["rondas"]] == ["7"]


def test_a_claim_needs_the_caida_on_a_card_of_the_ronda():
    """'eine Caída auf eine Karte aus der Ronda': a caída on another of the holder's cards
    opens the claim (so the phase reveals nothing) but naming the rank scores nothing."""
    s = act(start(RONDA_DEAL), "5H", "5S:5H")
    s = lay_out(s)
    assert s.phase == CLAIM
    t = act(s, "claim:7")
    assert [e.note for e in t.recent if e.kind == "claim"] == ["wrong"]


def test_no_claim_without_a_caida_on_the_ronda_holder():
    """Only a side that fell on the ronda holder's card may claim."""
    s = lay_out(start(RONDA_DEAL))
    assert s.phase == PLAY and s.hand_no == 1  # straight to the next hand


def test_declining_and_too_late_after_the_next_deal():
    """'Hat das nächste Geben schon begonnen, ist es zu spät.'"""
    s = lay_out(act(start(RONDA_DEAL), "7H", "7S:7H"))
    t = act(s, "noclaim")
    assert t.hand_no == 1 and t.phase == PLAY
    with pytest.raises(IllegalActionError, match="only at the end of the hand"):
        t.apply(CLAIM_BASE + R.SEVEN)
    with pytest.raises(IllegalActionError, match="no card can be played now"):
        s.apply(R.DECK.parse("AH"))


def test_malformed_claim():
    """A claim names a rank: A 2 3 4 5 6 7 J Q K (docs: action notation)."""
    s = lay_out(act(start(RONDA_DEAL), "7H", "7S:7H"))
    with pytest.raises(IllegalActionError, match="'8' is not a rank"):
        s.parse_action("claim:8")
    with pytest.raises(IllegalActionError, match="is not a claim"):
        s.parse_action("claim 7")
    assert s.parse_action("claim:q") == CLAIM_BASE + R.QUEEN


def test_rondas_from_30():
    """Variant 'Rondas ab 30: Eine Partei mit 30 oder mehr Punkten bekommt nichts mehr für
    Rondas oder für eine Caída auf eine Ronda.'"""
    s = start(FIRST, SECOND, rondas_from_30=True)
    s = lay_out(s, until=lambda st: st.deal_no == 0 and st.hands[1].bit_count() == 1)
    s = s._replace(score=(30, 30))
    s = lay_out(s, until=lambda st: st.deal_no == 1)
    assert points_of(s, RONDA) == [(0, 0, "rondas from 30")] and s.score == (30, 30)
    s = act(s, "7H", "7S:7H")
    s = lay_out(s)
    assert s.phase == PLAY and s.hand_no == 1  # no claim offered at 30


# ---- cartón -------------------------------------------------------------------------------

def _carton_after(counts, dealer_side=1, **options):
    """Play the last card of a hand with the sides holding ``counts`` captured cards."""
    s = before_last_card(start(PLAIN, **options))
    assert s.current_player == s.dealer == dealer_side
    free = [c for c in range(40) if not (s.hands[s.dealer] >> c & 1)]
    captured = (sum(1 << c for c in free[:counts[0]]),
                sum(1 << c for c in free[counts[0]:counts[0] + counts[1]]))
    s = s._replace(captured=captured, table=0)
    return s.apply((s.hands[s.dealer] & -s.hands[s.dealer]).bit_length() - 1)


def test_carton_twenty_three_against_seventeen():
    """'Beispiel: Anna und Carla haben 23 Karten: 10 Punkte. Ben und Dan haben 17: Für ihren
    Cartón gibt es nichts.'"""
    s = _carton_after((23, 16))
    assert points_of(s, CARTON) == [(0, 10, "")]
    assert R.carton((23, 17), 0) == (0, 10) and R.carton((17, 23), 0) == (1, 10)


def test_carton_rounds_up_to_even():
    """'6 Punkte für 20 Karten, dazu 1 für jede Karte über 20, aufgerundet auf eine gerade
    Zahl.'"""
    assert [R.carton_points(n) for n in range(19, 27)] == [0, 6, 8, 8, 10, 10, 12, 12]


def test_table_cards_count_for_no_one():
    """'Karten, die noch auf dem Tisch liegen, zählen für niemanden.' Nobody captured: a
    0 : 0 tie, which only the side that did not deal scores (2)."""
    s = lay_out(start(PLAIN))
    carton = [e for e in s.history[-1].events if e.kind == CARTON][0]
    assert (carton.side, carton.points, carton.count) == (0, 2, 0)
    assert s.history[-1].captured == (0, 0)


def test_no_side_with_twenty_more_cards_score_two():
    """'Hat keine Partei 20 Karten, bekommt die mit den meisten Karten 2 Punkte.'"""
    s = _carton_after((12, 18))
    assert points_of(s, CARTON) == [(1, 2, "")]


def test_tie_only_the_non_dealers_score():
    """'Bei Gleichstand (z. B. 20 : 20 oder 18 : 18) punktet nur die Partei, die nicht
    gegeben hat: 6 Punkte bei 20 Karten, sonst 2.'"""
    assert R.carton((20, 20), dealer_side=1) == (0, 6)
    assert R.carton((18, 18), dealer_side=0) == (1, 2)
    s = _carton_after((19, 19))  # the dealer's last card is laid: 19 : 19
    assert points_of(s, CARTON) == [(0, 2, "")]


# ---- the end of the game ---------------------------------------------------------------

def test_forty_wins_and_a_caida_can_end_the_game_mid_hand():
    """'Wer zuerst 40 Punkte hat, gewinnt. Punkte werden sofort angeschrieben – eine Caída
    kann die Partie also mitten in der Hand beenden.'"""
    s = start("KH 2H 5C 6C 3D|JS 2S QC QD AC")
    s = act(s, "KH", "JS", "2H")._replace(score=(10, 38))
    s = act(s, "2S:2H")
    assert s.is_terminal() and s.winner == 1 and s.score == (10, 40)
    assert [e.kind for e in s.recent][-2:] == [GAME, MATCH]
    assert len(s.history) == 1 and not s.history[0].finished
    assert s.legal_actions() == () and s.returns() == (-1.0, 1.0)
    with pytest.raises(IllegalActionError, match="match is over"):
        s.apply(0)


def test_thirty_eight_scores_only_by_caida():
    """'Achtunddreißig spielt nicht (38 que no juega): ... kann eine Partei mit genau 38
    Punkten nur noch mit einer Caída punkten – Cartón, Limpia und Ronda zählen für sie
    nicht mehr.'"""
    # limpia at 38: nothing
    s = act(start("3H 7H 5C 6C 3D|4S JS QC QD AC"), "3H", "4S")._replace(score=(38, 0))
    s = act(s, "7H:3H+4S")
    assert points_of(s, LIMPIA) == [(0, 0, "38 no juega")] and s.score == (38, 0)
    # cartón at 38: nothing
    s = _carton_after((23, 16))
    assert s.score == (10, 0)
    s = before_last_card(start(PLAIN))._replace(score=(38, 0), captured=(M_(
        "AH 2H 3H 4H 5H 6H 7H JH QH KH AD 2D 3D 4D 5D 6D 7D JD QD KD AC 2C"), 0), table=0)
    s = s.apply((s.hands[1] & -s.hands[1]).bit_length() - 1)
    assert points_of(s, CARTON) == [(0, 0, "38 no juega")]
    # ronda at 38: nothing
    s = start(FIRST, SECOND)
    s = lay_out(s, until=lambda st: st.hands[1].bit_count() == 1)._replace(score=(38, 0))
    s = lay_out(s, until=lambda st: st.deal_no == 1)
    assert points_of(s, RONDA) == [(0, 0, "38 no juega")] and s.score == (38, 0)
    # caída y limpia at 38: the caída counts and wins
    s = act(start("6H 7H 5C 6C 3D|6S JS QC QD AC"), "6H")._replace(score=(0, 38))
    s = act(s, "6S:6H")
    assert s.winner == 1 and s.score == (0, 40)


def test_thirty_eight_no_ronda_claim():
    """'Cartón, Limpia und Ronda zählen für sie nicht mehr' — the 10 for a caída on a ronda
    counts as a ronda score (docs), so a side at 38 is not offered the claim."""
    s = act(start(RONDA_DEAL), "7H", "7S:7H")
    s = lay_out(s._replace(score=(4, 38)))
    assert s.phase == PLAY and s.hand_no == 1


def test_from_36_a_caida_y_limpia_wins():
    """'Mit 36 Punkten kann man noch mit Caída y limpia (4 Punkte) gewinnen.'"""
    s = act(start("6H 7H 5C 6C 3D|6S JS QC QD AC"), "6H")._replace(score=(0, 36))
    s = act(s, "6S:6H")
    assert s.winner == 1 and s.score == (0, 40)


def test_thirty_eight_after_pagat_only_the_limpia_does_not_count():
    """Variant 'Karten zählen bei 38: Laut pagat.com zählt bei 38 nur die Limpia nicht – mit
    Cartón oder Caída kann die Partei noch gewinnen.'"""
    s = act(start("3H 7H 5C 6C 3D|4S JS QC QD AC", thirty_eight="no_limpia"), "3H",
            "4S")._replace(score=(38, 0))
    assert points_of(act(s, "7H:3H+4S"), LIMPIA) == [(0, 0, "38 no juega")]
    s = before_last_card(start(PLAIN, thirty_eight="no_limpia"))._replace(
        score=(38, 0), captured=(M_("AH 2H 3H 4H 5H 6H 7H JH QH KH AD 2D 3D 4D 5D 6D 7D JD "
                                    "QD KD AC 2C"), 0), table=0)
    s = s.apply((s.hands[1] & -s.hands[1]).bit_length() - 1)
    assert s.winner == 0 and s.score == (46, 0)
    assert new_match(preset="pagat").rules.thirty_eight == "no_limpia"


# ---- chicas y mesa ---------------------------------------------------------------------

def _caida_win(score, **options):
    s = act(start("KH 2H 5C 6C 3D|JS 2S QC QD AC", mesa=True, **options), "KH", "JS", "2H")
    return act(s._replace(score=score), "2S:2H")


def test_chica_won_starts_the_next_chica():
    """Variant 'Chicas und Mesa: Eine Partie bis 40 ist eine Chica; das Match (Mesa) gewinnt,
    wer zwei Chicas holt.'"""
    s = _caida_win((12, 38))
    assert not s.is_terminal() and s.chicas == (0, 1) and s.score == (0, 0)
    assert s.chica == 1 and s.hand_no == 1 and s.dealer == 0 and s.phase == PLAY
    assert s.history[-1].score == (12, 40) and not s.history[-1].finished
    assert s.current_player == 1
    s = setup(s, "2C", "2D 3D 4D 5D 6D", chicas=(1, 1), score=(20, 38),
              last=R.DECK.parse("2C"))
    s = act(s, "2D:2C")
    assert s.is_terminal() and s.winner == 1 and s.chicas == (1, 2)


def test_zapatero_loses_the_mesa_at_once():
    """'Wer eine Chica verliert, ohne 10 Punkte zu haben, ist Zapatero („Schuster“) und
    verliert sofort das ganze Match.'"""
    s = _caida_win((8, 38))
    assert s.is_terminal() and s.winner == 1 and s.chicas == (0, 1)
    assert [(e.kind, e.note) for e in s.recent][-2:] == [(GAME, "zapatero"),
                                                        (MATCH, "zapatero")]


def test_without_mesa_one_game_is_the_match():
    """Option mesa off (default): the game to 40 ends the match; no zapatero."""
    s = act(start("KH 2H 5C 6C 3D|JS 2S QC QD AC"), "KH", "JS", "2H")
    s = act(s._replace(score=(0, 38)), "2S:2H")
    assert s.is_terminal() and s.winner == 1
    assert all(e.note == "" for e in s.recent if e.kind in (GAME, MATCH))


# ---- options and presets --------------------------------------------------------------------

def test_presets_keep_every_option_visible():
    """Presets (docs): ecuador (default), pagat, quito, mesa; every option is written out."""
    spec = OPTIONS.to_json()
    names = [o["name"] for o in spec["options"]]
    assert names == ["players", "clockwise", "sequences", "todo_dos", "rondas_from_30",
                     "thirty_eight", "mesa"]
    assert spec["default_preset"] == "ecuador"
    for preset in spec["presets"].values():
        assert sorted(preset) == sorted(names)
    assert spec["presets"]["ecuador"] == {o["name"]: o["default"] for o in spec["options"]}
    assert OPTIONS.resolve({"players": 2}, "pagat").players == 2


def test_a_sequence_forgotten_by_the_dealer_can_be_taken_after_the_new_deal():
    """Option sequences = manual (docs): the next player may take the forgotten cards as
    the first thing of the turn, even when a new deal came in between."""
    s = start(PLAIN, sequences="manual")
    s = lay_out(s, until=lambda st: st.hands[0] == 0)  # the dealer (seat 1) plays last
    s = s._replace(table=M_("6C 7C JC"), hands=(0, M_("6S")))
    s = act(s, "6S:6C")
    assert s.deal_no == 1 and s.current_player == 0 and "take:7C+JC" in legal(s)
    s = act(s, "take:7C+JC")
    assert s.captured[0] == M_("7C JC") and s.current_player == 0


def test_a_sequence_forgotten_with_the_last_card_of_the_hand_is_lost():
    """Option sequences = manual (docs): the table then counts for no one."""
    s = before_last_card(start(PLAIN, sequences="manual"))
    s = s._replace(table=M_("6C 7C JC"), hands=(0, M_("6S")))
    s = act(s, "6S:6C")
    assert s.hand_no == 1 and s.forgot == -1
    assert s.history[-1].captured == (0, 2)
