"""Cuatrola: named constants, rule options (with their sources) and presets.

Sources: seed 000 (German, full rules), 002 (French, same text), 003 (Spanish,
Ludoteka). See docs/rules-cuatrola.md for the full discussion of each option.
"""

from __future__ import annotations

from ..cards import SPANISH, card, SUITS
from ..options import Option, OptionSpec

SEATS = 4
HAND_SIZE = 5
TRICKS_PER_HAND = 5
PARTNERSHIPS = 2

# Rank indices of the Spanish deck (engine.cards.SPANISH.ranks).
AS, TRES, SOTA, CABALLO, REY = 0, 2, 7, 8, 9
COUNTING_RANKS = (AS, TRES, REY, CABALLO, SOTA)  # strongest first
RANK_POINTS = {AS: 11, TRES: 10, REY: 4, CABALLO: 3, SOTA: 2}
RANK_STRENGTH = {AS: 5, TRES: 4, REY: 3, CABALLO: 2, SOTA: 1}
DECK_POINTS = 120
ULTIMAS_POINTS = 10
HAND_TOTAL = DECK_POINTS + ULTIMAS_POINTS  # 130 before cantes
CANTE_POINTS = 20
CANTE_TRUMP_POINTS = 40

# Bids, in increasing order.
PASS, SOLO, CUATROLA, QUINTOLA = 0, 1, 2, 3
BID_NAMES = ("pass", "solo", "cuatrola", "quintola")
NORMAL_HAND_VALUE = 1
BID_VALUE = {SOLO: 2, CUATROLA: 4, QUINTOLA: 5}
TRICKS_FOR_CUATROLA_WITH_QUINTOLA = 4



def tricks_needed(contract: int, rules) -> int:
    """Tricks a Cuatrola or Quintola declarer must win: 'Ohne Quintola erfordert Cuatrola
    den Gewinn aller fünf Stiche ... Mit Quintola erfordert Cuatrola vier der fünf Stiche
    ... während Quintola alle fünf Stiche erfordert' (seed 000)."""
    if contract == CUATROLA and rules.quintola:
        return TRICKS_FOR_CUATROLA_WITH_QUINTOLA
    return TRICKS_PER_HAND


# Ludoteka bid limits (seed 003): a side may not bid ... once its score is ...
SOLO_BARRED_AT = 20        # "ya ha alcanzado los 20 puntos"
CUATROLA_BARRED_ABOVE = 17  # "más de 17 puntos"
QUINTOLA_BARRED_ABOVE = 16  # "más de 16 puntos"

DECK = SPANISH
CARDS = tuple(card(r, s) for s in range(SUITS) for r in COUNTING_RANKS)

OPTIONS = OptionSpec(
    (
        Option("quintola", False,
               "Offer Quintola (all 5 tricks, 5 points); Cuatrola then needs only 4 tricks",
               "seed 000: 'Es gibt zwei Arten, das große Gebot zu spielen'"),
        Option("cantes", "every_trick",
               "When a side sings: one cante after every trick it wins, or all its cantes "
               "when it wins its first trick",
               "every_trick: seed 000/002 'Pro gewonnenem Stich kann nur ein cante angesagt "
               "werden'; first_trick: seed 003 'cuando la pareja logra su primera baza'",
               choices=("every_trick", "first_trick")),
        Option("beat_led_after_trump", False,
               "Once a trick is trumped, a player following suit must still play above "
               "the highest card of the led suit",
               "some implementations; seed 000 'die höchste Karte schlagen' cannot be met "
               "with the led suit, so off by default"),
        Option("discard_if_cannot_overtrump", True,
               "A void player who cannot over-trump may discard instead of under-trumping",
               "seed 000 tip 'Wenn bereits jemand getrumpft hat, verschwende nicht deinen "
               "eigenen'"),
        Option("beat_partner", True,
               "Players must beat or trump even a trick their partner is winning",
               "seed 000 rules 'die höchste Karte schlagen, wenn du kannst' and seed 003 "
               "'montar, asistir o fallar'; off: seed 000 tip 'Gegen den eigenen Partner "
               "spielen'"),
        Option("bid_limits", False,
               "Ludoteka limits: no Solo at 20 points or more, no Cuatrola above 17, "
               "no Quintola above 16",
               "seed 003"),
        Option("end", "hands",
               "How the match ends: after a fixed number of hands, or at a target score",
               "seed 000 'elf Hände, oder zwanzig im langen Format' / 'normalerweise drei "
               "oder fünf'; seed 003 '21 puntos'",
               choices=("hands", "target")),
        Option("hands", 11, "Number of hands when end = hands (a tie adds hands until it is "
               "broken)", "seed 000", min=1, max=99),
        Option("target", 21, "Points to win when end = target", "seed 000 (3 or 5), seed 003 (21)",
               min=1, max=99),
    ),
    presets={
        "quick": {"end": "hands", "hands": 11},
        "long": {"end": "hands", "hands": 20},
        "target3": {"end": "target", "target": 3},
        "target5": {"end": "target", "target": 5},
        "ludoteka": {"end": "target", "target": 21, "quintola": True, "bid_limits": True,
                     "cantes": "first_trick"},
    },
    default_preset="quick",
)
