"""The figures behind the Cuarenta expert's cartón expectation (``LEFTOVER``, ``CHUNK`` in
engine/bots/cuarenta/expert.py), measured in club players' hands.

    python3 -m tools.strength.carton_stats --matches 500

The first hand of ``--matches`` matches of four (and of two) heuristic players (seeds
``carton-stats/<players>/<i>``). Printed per table size: the mean number of cards left on the
table when a finished hand is counted (``LEFTOVER``), and how much more the split of the cards
still to come varies than card by card: at the start of each deal with at least
``MIN_TO_COME`` cards still to come, side 0's further captures minus half of all further
captures, squared, summed, over the sum of the binomial variance (to come / 4). A ratio of
about 2 is what captures of two cards at a time give (``CHUNK``).
"""

from __future__ import annotations

import argparse
import statistics

from engine.bots import choose
from engine.cuarenta import new_match

DECK_CARDS = 40
MIN_TO_COME = 8


def first_hand(players: int, seed: str):
    """(cards left on the table, [(further captures of side 0, of both, to come)]) of the
    first hand of a club players' match, or None if the match ended within it."""
    s = new_match(seed=seed, options={"players": players})
    snaps, deal = [], None
    while not s.is_terminal() and s.hand_no == 0:
        if s.deal_no != deal:
            deal = s.deal_no
            to_come = (sum(h.bit_count() for h in s.hands) + s.table.bit_count()
                       + sum(h.bit_count() for d in s.deals[deal + 1:] for h in d))
            snaps.append((s.captured[0].bit_count(), s.captured[1].bit_count(), to_come))
        s = s.apply(s.parse_action(choose(s.view(s.current_player), "heuristic", None)))
    if not s.history or not s.history[0].finished:
        return None
    f0, f1 = s.history[0].captured
    return DECK_CARDS - f0 - f1, [(f0 - c0, f0 + f1 - c0 - c1, n) for c0, c1, n in snaps]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.strength.carton_stats",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=500)
    args = ap.parse_args(argv)
    for players in (4, 2):
        left, num, den = [], 0.0, 0.0
        for i in range(args.matches):
            r = first_hand(players, f"carton-stats/{players}/{i}")
            if r is None:
                continue
            left.append(r[0])
            for got, both, to_come in r[1]:
                if to_come >= MIN_TO_COME:
                    num += (got - both / 2) ** 2
                    den += to_come / 4
        print(f"{players} players: {len(left)} hands; cards left on the table at the end "
              f"{statistics.mean(left):.2f}; spread of the cards to come / card by card "
              f"{num / den:.2f}")


if __name__ == "__main__":
    main()
