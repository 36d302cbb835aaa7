"""Each strategy tip and beginner mistake of seed 000/002 is a named rule of the
heuristic player; each test builds a position where the seed's advice applies and
checks that the rule fires and picks the card the seed recommends."""

import ast
import random
import subprocess
import sys
from pathlib import Path

from engine.bots import choose
from engine.bots.cuatrola.heuristic import decide
from engine.cuatrola import new_match
from engine.deal import SeededStream

from .helpers import positions
from .scenario import PASS4, info_of, scenario

ROOT = Path(__file__).resolve().parents[2]


def check(state, card, rule, seat=None):
    action, why = decide(info_of(state, seat))
    got = state.action_text(action)
    assert (got, why) == (card, rule)


# Seat 0 leads (dealer 3, trump sota de oros shown); seat 0 holds as, tres, rey of trumps.
STRONG = {0: ["1O", "3O", "12O", "1C", "10E"], 1: ["1E", "3E", "12E", "11E", "1B"],
          2: ["3B", "12B", "11B", "10B", "10C"], 3: ["10O", "11O", "3C", "12C", "11C"]}


def test_lead_trumps_when_strong():
    """'Spiele Trümpfe aus, wenn du stark bist': as of trumps with support."""
    check(scenario(STRONG, "10O", 3, PASS4), "1O", "lead_trumps_when_strong")
    s = scenario(STRONG, "10O", 3, PASS4 + ["1O", "11E", "10C", "10O"])
    check(s, "3O", "lead_trumps_when_strong")


def test_count_trumps():
    """'Zähle die Trümpfe': once no trump is out, cash the masters of side suits."""
    s = scenario(STRONG, "10O", 3, PASS4 + ["1O", "11E", "10C", "10O", "3O", "12E", "10B", "11O"])
    check(s, "1C", "count_trumps")


def test_keep_small_trump_for_last_when_leading():
    """'Den letzten Stich verschenken': with two cards, the master trump waits for trick 5."""
    s = scenario(STRONG, "10O", 3, PASS4 + ["1O", "11E", "10C", "10O", "3O", "12E", "10B", "11O",
                                            "1C", "3E", "11B", "3C"])
    check(s, "10E", "keep_small_trump_for_last")


def test_never_lead_under_your_ace():
    """'Spiele niemals unter deinem As aus': not the sota of copas under the as."""
    s = scenario({0: ["1C", "10C", "11E", "12B", "11O"]}, "10O", 3, PASS4)
    check(s, "11E", "never_lead_under_ace")


def test_lead_trumps_only_if_you_can_win():
    """'Spiele Trümpfe nur aus, wenn du damit gewinnen kannst': no small trump lead."""
    s = scenario({0: ["10O", "11E", "12B", "3C", "12C"]}, "1O", 3, PASS4)
    check(s, "11E", "lead_trumps_only_if_winning")


def test_lead_trumps_to_partner_ace():
    """The exception: the trump as is the partner's shown card."""
    hands = {0: ["1C", "10O", "3E", "12B", "10E"], 1: ["11C", "12O", "11O", "12E", "11E"],
             2: ["1O", "12C", "3C", "11B", "10B"], 3: ["10C", "3O", "1E", "1B", "3B"]}
    s = scenario(hands, "1O", 2, PASS4 + ["10C", "1C", "11C", "12C"])
    check(s, "10O", "lead_trumps_to_partner_ace")


def test_force_the_fallo():
    """'Erzwinge das fallo': lead the played suit in which an opponent trumped."""
    hands = {0: ["3E", "10E", "1B", "1C", "10C"], 1: ["11O", "12O", "3B", "12B", "3C"],
             2: ["1O", "10B", "12C", "11C", "3O"], 3: ["10O", "1E", "12E", "11E", "11B"]}
    s = scenario(hands, "10O", 3, PASS4 + ["3E", "11O", "1O", "11E", "10B", "11B", "1B", "12B"])
    check(s, "10E", "force_the_fallo")


def test_break_a_shown_forty():
    """'Brich einen gezeigten Vierzig-Punkte-Cante auf': the dealer shows the rey of
    trumps and may hold the caballo: lead a trump, even the sota."""
    s = scenario({0: ["10O", "1C", "12C", "3E", "11B"]}, "12O", 3, PASS4)
    check(s, "10O", "break_shown_forty")
    # not when I hold the caballo myself: no forty is possible
    s = scenario({0: ["11O", "1C", "12C", "3E", "10B"]}, "12O", 3, PASS4)
    assert decide(info_of(s))[1] != "break_shown_forty"


def test_follow_with_the_ace():
    """'Wenn du mit dem As folgen kannst, spiele das As' (not the tres)."""
    s = scenario({1: ["12C", "1E", "3E", "12E", "11E"], 2: ["1C", "3C", "10E", "1B", "3B"]},
                 "10O", 0, PASS4 + ["12C"])
    check(s, "1C", "follow_with_ace")


def test_keep_the_ace_of_the_rivals_suit():
    """'Behalte das As der Farbe deines Gegners': a small lead, the tres out: win with
    the rey, keep the as for the tres."""
    s = scenario({1: ["10C", "1E", "3E", "12E", "11E"], 2: ["1C", "12C", "10E", "1B", "3B"]},
                 "10O", 0, PASS4 + ["10C"])
    check(s, "12C", "keep_rivals_ace")


def test_dont_waste_a_trump_on_a_lost_trick():
    """'Wenn bereits jemand getrumpft hat, verschwende nicht deinen eigenen': keep the
    trump and the ace of an unplayed suit, throw the sota."""
    hands = {0: ["3E", "12E", "11E", "10E", "3C"], 1: ["1O", "12C", "11C", "3B", "12B"],
             2: ["11O", "1B", "10C", "1C", "3O"], 3: ["10O", "1E", "12O", "11B", "10B"]}
    s = scenario(hands, "10O", 3, PASS4 + ["3E", "1O"])
    check(s, "10C", "dont_waste_trump")


def test_signal_with_discards():
    """'Signalisiere mit den Karten, die du abwirfst': void in copas and without
    trumps, seat 1 throws the sota of bastos, where it has nothing, and keeps
    espadas (its as and tres) - not the cheapest card, the sota of espadas."""
    hands = {0: ["1C", "12O", "3O", "1O", "1B"], 2: ["3C", "12C", "11C", "10C", "3B"],
             1: ["10E", "1E", "3E", "11B", "10B"], 3: ["10O", "11O", "12E", "11E", "12B"]}
    s = scenario(hands, "10O", 3, PASS4 + ["1C"])
    check(s, "10B", "signal_discards")


def test_read_the_partners_discard():
    """The partner threw the sota of bastos: nothing there for us, so no bastos lead
    (the cheapest card) - espadas instead."""
    hands = {0: ["1C", "11B", "12E", "3E", "3O"], 1: ["3C", "10C", "1E", "1B", "12O"],
             2: ["10B", "12B", "3B", "11E", "10E"], 3: ["10O", "12C", "11C", "1O", "11O"]}
    s = scenario(hands, "10O", 3, PASS4 + ["1C", "10C", "10B", "11C"])
    check(s, "12E", "read_partner_signals")


def test_dont_overtake_your_partner():
    """'Gegen den eigenen Partner spielen': with beat_partner off, give the partner's
    winning trick the rey instead of overtaking with the as."""
    hands = {1: ["10C", "11C", "1E", "3E", "12E"], 0: ["1C", "12C", "10B", "10O", "11E"],
             2: ["3C", "1O", "3O", "12O", "11O"], 3: ["10E", "1B", "3B", "12B", "11B"]}
    s = scenario(hands, "10O", 0, PASS4 + ["10C", "3C", "10E"], rules={"beat_partner": False})
    check(s, "12C", "dont_overtake_partner")
    # where the rules force beating the partner, the only legal card is played
    s = scenario(hands, "10O", 0, PASS4 + ["10C", "3C", "10E"])
    assert [s.action_text(a) for a in s.legal_actions()] == ["1C"]
    check(s, "1C", "forced")


def test_solo_on_trumps_not_on_points():
    """'Solo wird auf Trümpfe angesagt, nicht auf Punkte'."""
    s = scenario({0: ["1C", "3C", "1E", "3E", "11O"]}, "10O", 3)
    check(s, "pass", "solo_on_trumps")  # as and tres of side suits: no Solo
    s = scenario({0: ["1O", "3O", "12O", "1C", "10E"]}, "10O", 3)
    check(s, "solo", "solo_on_trumps")


def test_cuatrola_almost_never():
    """'Cuatrola wird fast nie angesagt': a strong Solo hand stays Solo; total control
    of trumps bids Cuatrola; behind at the end of the match, gamble."""
    s = scenario({0: ["1O", "3O", "12O", "1C", "10E"]}, "10O", 3)
    assert decide(info_of(s))[0] != s.parse_action("cuatrola")
    s = scenario({0: ["1O", "3O", "12O", "11O", "1C"]}, "10O", 3)
    check(s, "cuatrola", "cuatrola_almost_never")
    # last hand of an 11-hand match, behind 4-6: a normal win cannot save the match
    s = scenario({0: ["1O", "11O", "3C", "12E", "10B"]}, "10O", 3)
    filler = new_match(seed="x")
    from engine.selfplay import play_random
    rec = play_random(filler, random.Random(1), max_hands=1).history[0]
    last = s._replace(history=(rec,) * 10, hand_no=10, score=(4, 6))
    check(last, "cuatrola", "cuatrola_almost_never")
    check(s, "pass", "pass")


def test_never_outbid_the_partner():
    s = scenario({0: ["1O", "3O", "12O", "11O", "1C"]}, "1O", 0, ["pass", "solo", "pass"])
    assert s.current_player == 0
    check(s, "pass", "dont_outbid_partner")


def test_heuristic_decides_without_search():
    """The heuristic is a rule list, not a search: deciding in many positions loads none of the
    expert's search modules (sampling, solver, model). Its speed is a figure of
    ``python3 -m tools.bench.bots``, not a timed test (docs/bots.md)."""
    code = (
        "import sys\n"
        "from engine.bots import choose\n"
        "from engine.deal import SeededStream\n"
        "from tests.bots.helpers import positions\n"
        "for k, s in enumerate(positions({}, 12)):\n"
        "    choose(s.view(s.current_player), 'heuristic', SeededStream('t', 'h', str(k)))\n"
        "print(sorted(m for m in sys.modules if m.startswith('engine.bots.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    loaded = set(ast.literal_eval(out))
    assert "engine.bots.cuatrola.heuristic" in loaded
    assert not loaded & {"engine.bots.cuatrola.expert", "engine.bots.cuatrola.sample",
                         "engine.bots.cuatrola.solver", "engine.bots.cuatrola.model"}
