"""Cuarenta: named constants, scoring arithmetic, rule options (with their sources) and presets.

Source: seed 004 (German, "Cuarenta – Ausführliche Regeln"). docs/rules-cuarenta.md quotes
the sentence behind every constant and option.

>>> carton_points(23), carton_points(20), carton_points(21), carton_points(17)
(10, 6, 8, 0)
>>> carton((23, 17), dealer_side=0)
(0, 10)
>>> carton((18, 18), dealer_side=0)
(1, 2)
"""

from __future__ import annotations

from ..cards import DECK_SIZE, FRENCH, RANKS_PER_SUIT
from ..options import Option, OptionSpec

DECK = FRENCH
SIDES = 2
PLAYER_COUNTS = (2, 4)       # "Spieler: 2 oder 4"
HAND_SIZE = 5                # "gibt jedem 5 Karten auf einmal"
TARGET_POINTS = 40           # "Wer zuerst 40 Punkte hat, gewinnt."

# Rank indices of the French 40-card deck (engine.cards.FRENCH.ranks: A 2 3 4 5 6 7 J Q K).
ACE, SEVEN, JACK, QUEEN, KING = 0, 6, 7, 8, 9
RANKS = RANKS_PER_SUIT
DIAMONDS = DECK.suits.index("D")  # "wer zuerst ein Karo bekommt, gibt als Erster"


def rank_value(rank: int) -> int:
    """Sum value of a rank: A counts 1, 2..7 their pips, J Q K nothing.

    >>> [rank_value(r) for r in range(RANKS)]
    [1, 2, 3, 4, 5, 6, 7, 0, 0, 0]
    """
    return rank + 1 if rank <= SEVEN else 0


# Points.
CAIDA_POINTS = 2            # "Caída ... Deine Partei bekommt 2 Punkte."
LIMPIA_POINTS = 2           # "Limpia ... Deine Partei bekommt 2 Punkte."
TODO_DOS_POINTS = 2         # "Todo dos (Quito): Caída y limpia zählt nur 2 statt 4 Punkte."
RONDA_POINTS = 4            # "Ronda ... deine Partei bekommt sofort 4 Punkte."
RONDA_SIZE = 3              # "Ronda: drei Karten gleichen Rangs."
FOUR_OF_A_KIND = 4          # "Vier gleiche Karten: ... gewinnt die Partie sofort."
RONDA_CLAIM_POINTS = 10     # "Nennst du am Ende der Hand den Rang der Ronda, ... 10 Punkte."
CARTON_CARDS = 20           # "6 Punkte für 20 Karten"
CARTON_BASE_POINTS = 6
CARTON_MOST_POINTS = 2      # "Hat keine Partei 20 Karten, bekommt die mit den meisten Karten 2"
THIRTY_EIGHT = TARGET_POINTS - 2  # "38 que no juega"
RONDAS_LIMIT = 30           # variant "Rondas ab 30"
ZAPATERO_BELOW = 10         # "Wer eine Chica verliert, ohne 10 Punkte zu haben, ist Zapatero"
CHICAS_FOR_MESA = 2         # "das Match (Mesa) gewinnt, wer zwei Chicas holt"


def deals_per_hand(players: int) -> int:
    """5-card deals in one hand: "Zu viert wird 2-mal, zu zweit 4-mal ... gegeben".

    >>> deals_per_hand(4), deals_per_hand(2)
    (2, 4)
    """
    return DECK_SIZE // (HAND_SIZE * players)


def carton_points(cards: int) -> int:
    """Cartón of a side with ``cards`` captured cards, 0 below 20.

    "6 Punkte für 20 Karten, dazu 1 für jede Karte über 20, aufgerundet auf eine gerade Zahl."
    """
    if cards < CARTON_CARDS:
        return 0
    extra = cards - CARTON_CARDS
    return CARTON_BASE_POINTS + extra + (extra & 1)


def carton(counts: tuple, dealer_side: int) -> tuple[int, int]:
    """(side, points) of the cartón for the per-side captured-card counts.

    A side with 20 or more scores :func:`carton_points`; if neither reaches 20 the side
    with more cards scores 2; on a tie only the non-dealing side scores (6 at 20 cards,
    otherwise 2).
    """
    a, b = counts
    if a == b:
        return 1 - dealer_side, carton_points(a) or CARTON_MOST_POINTS
    side = 0 if a > b else 1
    return side, carton_points(counts[side]) or CARTON_MOST_POINTS


OPTIONS = OptionSpec(
    (
        Option("players", 4,
                     "Number of players: 2 head to head, or 4 in two partnerships sitting "
                     "opposite",
                     "seed 004: 'Spieler: 2 oder 4 – zu viert in zwei Parteien zu zweit "
                     "(Partner sitzen sich gegenüber), zu zweit gegeneinander.'",
                     choices=PLAYER_COUNTS, min=min(PLAYER_COUNTS), max=max(PLAYER_COUNTS)),
        Option("clockwise", False,
               "Play clockwise: the dealer's left neighbour starts (pagat.com). Off: to the "
               "right, counter-clockwise, as in Ecuador. Seats are numbered in playing order "
               "either way, so this only changes which side the next seat sits on",
               "seed 004: 'In Ecuador wird meist gegen den Uhrzeigersinn (nach rechts) gegeben "
               "und gespielt.' / variant 'Im Uhrzeigersinn: Nach den Regeln auf pagat.com "
               "beginnt der linke Nachbar des Gebers'"),
        Option("sequences", "auto",
               "auto: a sequence after a pair or sum is always taken in full; manual: the "
               "player may stop it short, and the next opponent may then take the "
               "forgotten cards before playing",
               "seed 004: 'Stichst du, vergisst aber eine mögliche Folge, dürfen die Gegner "
               "sich diese Karten nehmen.'",
               choices=("auto", "manual")),
        Option("todo_dos", False,
               "Todo dos: a caída y limpia scores 2 instead of 4",
               "seed 004 variant: 'Todo dos (Quito): Caída y limpia zählt nur 2 statt 4 "
               "Punkte.'"),
        Option("rondas_from_30", False,
               "A side with 30 or more points scores nothing for rondas or for a caída on "
               "a ronda",
               "seed 004 variant: 'Rondas ab 30: Eine Partei mit 30 oder mehr Punkten bekommt "
               "nichts mehr für Rondas oder für eine Caída auf eine Ronda.'"),
        Option("thirty_eight", "caida_only",
               "A side at exactly 38: caida_only (El Telégrafo: only a caída scores; cartón, "
               "limpia and rondas do not) or no_limpia (pagat.com: only the limpia does not "
               "count)",
               "seed 004: 'Achtunddreißig spielt nicht (38 que no juega)' / variant 'Karten "
               "zählen bei 38: Laut pagat.com zählt bei 38 nur die Limpia nicht'",
               choices=("caida_only", "no_limpia")),
        Option("mesa", False,
               "Chicas y mesa: a game to 40 is a chica; the first side to win two chicas "
               "wins the mesa; a side that loses a chica with fewer than 10 points is "
               "zapatero and loses the mesa at once",
               "seed 004 variant: 'Chicas und Mesa'"),
    ),
    presets={
        "ecuador": {},
        "pagat": {"clockwise": True, "thirty_eight": "no_limpia"},
        "quito": {"todo_dos": True},
        "mesa": {"mesa": True},
    },
    default_preset="ecuador",
)
