"""The novice level: a beginner. Each behaviour is a named rule citing the seed
sentence it follows (seed 000/002 for Cuatrola: "Typische Fehler von Anfängern"
and the opposite of the strategy tips; seed 004 for Cuarenta). A mistake is made
when the player's random stream says so: ``Draws`` stands in for that stream, so
each test shows the mistake made and not made."""

from engine.bots import choose
from engine.bots.cuarenta import heuristic as cuarenta_heuristic
from engine.bots.cuarenta import novice as CN
from engine.bots.cuatrola import novice as N
from engine.bots.cuarenta.info import Info as CuarentaInfo
from engine.cuarenta import new_match as new_cuarenta
from engine.cuarenta import rules as CR
from engine.deal import SeededStream

from .cuarenta_scenario import claim_positions, scenario as cuarenta_scenario
from .scenario import PASS4, info_of, scenario

MAKE, AVOID = 0.0, 0.999  # a draw that makes the mistake, one that does not


class Draws:
    """A random stream with fixed draws: ``random()`` returns ``values`` in turn
    (the last one repeated), ``below(n)`` returns ``pick`` (mod n)."""

    def __init__(self, *values, pick=0):
        self.values = list(values) or [AVOID]
        self.pick = pick

    def random(self):
        return self.values.pop(0) if len(self.values) > 1 else self.values[0]

    def below(self, n):
        return self.pick % n


def novice(state, draws, seat=None):
    action, rule = N.decide(info_of(state, seat), draws)
    return state.action_text(action), rule


# ----- Cuatrola: bidding ---------------------------------------------------------------
# Trump oros (10O shown, dealer 3); seat 0 (the mano) holds as and tres of copas, no trump.
POINTS_HAND = {0: ["1C", "3C", "12E", "11B", "10B"]}


def test_solo_on_the_as_and_tres_of_any_suit():
    """000 'Viele Spieler sagen Solo nur deshalb an, weil sie das as und tres irgendeiner
    Farbe halten': the novice does, now and then (the heuristic never does)."""
    s = scenario(POINTS_HAND, "10O", 3)
    assert novice(s, Draws(MAKE)) == ("solo", "solo_on_points")
    assert novice(s, Draws(AVOID)) == ("pass", "pass")
    assert choose(s.view(0), "heuristic", None) == "pass"


def test_no_solo_without_the_as_and_tres_of_a_suit():
    """The beginner's Solo needs its reason: as and tres of one suit."""
    s = scenario({0: ["1C", "3E", "12E", "11B", "10B"]}, "10O", 3)
    assert novice(s, Draws(MAKE)) == ("pass", "pass")


def test_pass_once_someone_has_bid():
    """It does not fight for the contract ('Cuatrola wird fast nie angesagt'): once
    someone has bid, it passes, even with as and tres."""
    s = scenario({1: ["1C", "3C", "12E", "11B", "10B"]}, "10O", 3, ["solo"])
    assert novice(s, Draws(MAKE)) == ("pass", "pass_after_a_bid")


def test_cuatrola_only_on_all_five_trumps():
    """000 'Alle fünf Stiche zu gewinnen, erfordert die totale Kontrolle über die Trümpfe':
    the novice bids Cuatrola only holding every trump, never on less."""
    s = scenario({0: ["1O", "3O", "12O", "11O", "10B"]}, "10O", 3)
    assert novice(s, Draws(MAKE))[0] != "cuatrola"
    s = scenario({3: ["1O", "3O", "12O", "11O", "10O"]}, "10O", 3, ["pass"] * 3)
    assert novice(s, Draws(AVOID)) == ("cuatrola", "cuatrola_on_five_trumps")


# ----- Cuatrola: leading -----------------------------------------------------------------
def test_lead_under_the_ace():
    """000 'Spiele niemals unter deinem as aus': the novice leads the sota of copas
    under its as (the heuristic's never_lead_under_ace does not)."""
    s = scenario({0: ["1C", "10C", "11E", "12B", "3B"]}, "10O", 3, PASS4)
    assert novice(s, Draws(MAKE)) == ("10C", "lead_under_ace")
    assert novice(s, Draws(AVOID)) == ("1C", "lead_high")


def test_lead_trumps_without_as_or_tres():
    """000 'Trümpfe auszuspielen, ohne das as oder das tres zu halten, gibt nur die
    Kontrolle ab': the novice leads its small trump anyway."""
    s = scenario({0: ["10O", "11O", "12B", "3C", "12C"]}, "12O", 3, PASS4)
    assert novice(s, Draws(MAKE)) == ("10O", "lead_trumps_without_top")
    assert novice(s, Draws(AVOID)) == ("3C", "lead_high")


def test_spend_the_small_trump_early():
    """000 'Einen kleinen Trumpf für den fünften Stich zurückzuhalten, ist meist mehr wert,
    als ihn früher einzusetzen, um eine sota zu fangen': the novice spends it at once."""
    s = scenario({0: ["10O", "1C", "3E", "12B", "12C"]}, "12O", 3, PASS4)
    assert novice(s, Draws(MAKE)) == ("10O", "spend_small_trump")
    assert novice(s, Draws(AVOID)) == ("1C", "lead_high")


# ----- Cuatrola: following ----------------------------------------------------------------
# Trump oros; seat 0 leads 12C, seat 1 follows 10C; seat 2 (partner) holds 1C and 11C.
DEAL_D = {0: ["12C", "1E", "3E", "12E", "11E"], 1: ["10C", "10E", "1B", "3B", "12B"],
          2: ["1C", "11C", "11B", "10B", "1O"]}


def test_overtake_the_partner():
    """000 'Gegen den eigenen Partner spielen: Wenn dein Partner den Stich bereits gewinnt,
    musst du ihn nicht mit deinem as überbieten': the novice does."""
    s = scenario(DEAL_D, "10O", 3, PASS4 + ["12C", "10C"], rules={"beat_partner": False})
    assert novice(s, Draws(MAKE)) == ("1C", "overtake_partner")
    assert novice(s, Draws(AVOID)) == ("11C", "play_low")


def test_win_with_the_highest_card_else_play_low():
    """It wants the trick: the strongest card that wins it; else its cheapest card."""
    s = scenario(DEAL_D, "10O", 3, PASS4 + ["12C"])
    assert novice(s, Draws(AVOID)) == ("10C", "forced")
    s = scenario({0: ["12C", "1E", "3E", "12E", "11E"], 1: ["10C", "11C", "1B", "3B", "12B"]},
                 "10O", 3, PASS4 + ["1E"])
    assert novice(s, Draws(AVOID)) == ("10C", "play_low")


def test_the_novice_bids_rarely_and_plays_legally():
    """Over seeded matches the novice declares few contracts (Solo in a small share of
    hands, no Cuatrola) and every action it picks is legal."""
    from engine.cuatrola import new_match
    hands = solos = big = 0
    for i in range(40):
        s = new_match(seed=f"novice-{i}")
        k = 0
        while s.hand_no < 2 and not s.is_terminal():
            seat = s.current_player
            s = s.apply(s.parse_action(choose(s.view(seat), "novice",
                                              SeededStream("nov", str(i), str(k)))))
            k += 1
        for rec in s.history:
            hands += 1
            solos += rec.contract == 1
            big += rec.contract >= 2
    assert hands == 80 and solos <= hands * 0.25 and big <= 1


# ----- Cuarenta ---------------------------------------------------------------------------
BASE = {0: ["5H", "2H", "7H", "QH", "KH"], 1: ["5S", "3D", "JD", "QC", "4H"],
        2: ["5C", "JS", "QD", "AC", "6C"], 3: ["4S", "2C", "6D", "AD", "KD"]}


def cuarenta_novice(state, draws):
    return CN.decide(CuarentaInfo.from_view(state.view(state.current_player)), draws)


def test_caida_seen_or_overlooked():
    """004 'Übersiehst du einen Stich ganz, passiert nichts - die Karten bleiben einfach
    liegen': the novice falls on the card just laid, unless it overlooks it."""
    s = cuarenta_scenario(BASE, ["5H"])
    assert cuarenta_novice(s, Draws(AVOID)) == ("5S:5H", "caida")
    text, rule = cuarenta_novice(s, Draws(MAKE))
    assert rule == "overlook_capture" and ":" not in text


def test_first_capture_seen_not_the_best():
    """It takes the first capture it sees, going through its hand: the 4 pairs the 4,
    although the 6 would add 2 + 4 and clear the table, a limpia (004 'Limpia: Dein Stich
    räumt alle Karten vom Tisch. Deine Partei bekommt 2 Punkte')."""
    s = new_cuarenta(seed="fc25")
    for t in ("QS", "QH:QS", "KH", "2D", "4C", "KS:KH"):
        s = s.apply(s.parse_action(t))
    assert CuarentaInfo.from_view(s.view(2)).hand == sum(
        1 << CR.DECK.parse(t) for t in ("3D", "4H", "6H", "JC"))
    assert cuarenta_heuristic.decide(CuarentaInfo.from_view(s.view(2))) == ("6H:2D+4C",
                                                                             "limpia")
    assert cuarenta_novice(s, Draws(AVOID)) == ("4H:4C", "first_capture_seen")


def test_forget_the_sequence():
    """004 'Stichst du, vergisst aber eine mögliche Folge, dürfen die Gegner sich diese
    Karten nehmen' (sequences = manual): the novice stops at the pair."""
    s = cuarenta_scenario(BASE, ["2H", "3D", "JS"], rules={"sequences": "manual"})
    assert cuarenta_novice(s, Draws(AVOID, MAKE)) == ("2C:2H", "forget_sequence")
    assert cuarenta_novice(s, Draws(AVOID)) == ("2C:2H>3D", "first_capture_seen")


def test_a_forgotten_sequence_is_seldom_noticed():
    """The rivals may take a forgotten sequence (004); the novice notices it only now and
    then."""
    s = cuarenta_scenario(BASE, ["2H", "3D", "JS", "2C:2H"], rules={"sequences": "manual"})
    assert cuarenta_novice(s, Draws(MAKE)) == ("take:3D", "notice_forgotten")
    assert not cuarenta_novice(s, Draws(AVOID))[0].startswith("take:")


def test_lay_without_counting():
    """004 'Tipps für Einsteiger' ('Vorsicht beim leeren Tisch', 'Asse sind gefährlich',
    'Zähl mit'...) are not followed: any card of the hand may be laid on the empty table,
    where the heuristic lays only its safest."""
    s = cuarenta_scenario(BASE)
    laid = {cuarenta_novice(s, Draws(AVOID, pick=k)) for k in range(5)}
    assert laid == {(t, "lay_without_counting") for t in BASE[0]}
    assert choose(s.view(0), "heuristic", None) in ("QH", "KH")


def test_guess_the_ronda_rank():
    """004 'Nennst du am Ende der Hand den Rang der Ronda, bekommt deine Partei 10 Punkte':
    the novice did not count the holder's plays ('Zähl mit'); it names the rank of a card
    it fell on, drawn at random."""
    found = 0
    for _, s, _ in claim_positions():
        claimer, holder, d = s.pending[0]
        fell = {CR.DECK.ranks[c % CR.RANKS] for c in range(40)
                if s.caida_cards(claimer, holder, d) >> c & 1}
        info = CuarentaInfo.from_view(s.view(claimer))
        named = {CN.decide(info, Draws(pick=k)) for k in range(len(fell))}
        assert named == {(f"claim:{x}", "guess_ronda") for x in fell}
        found += 1
    assert found >= 1
