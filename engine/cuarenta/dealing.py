"""Who deals first and what each deal of a hand holds (docs/rules-cuarenta.md, "First
dealer and the deal"; docs/deals.md): pure functions of the match's seed or its explicit
deals."""

from __future__ import annotations

from ..cards import DECK_SIZE, suit_of
from ..config import MatchConfig
from ..deal import shuffled
from . import rules as R


def first_dealer_draw(cfg: MatchConfig, players: int) -> tuple[tuple[int, int], ...]:
    """The face-up cards dealt round from seat 0 until one is a diamond: ((seat, card), ...).

    "Misch und verteil offen reihum Karten; wer zuerst ein Karo bekommt, gibt als Erster."
    """
    out = []
    for k, c in enumerate(shuffled(range(DECK_SIZE), "cuarenta", cfg.seed, "first-dealer")):
        out.append((k % players, c))
        if suit_of(c) == R.DIAMONDS:
            break
    return tuple(out)


def first_dealer(cfg: MatchConfig, players: int) -> int:
    """The first dealer: explicit, else the receiver of the first diamond."""
    if cfg.first_dealer is not None:
        return cfg.first_dealer
    return first_dealer_draw(cfg, players)[-1][0]


def deal_hand(cfg: MatchConfig, hand_no: int, dealer: int, players: int) -> tuple:
    """The deals of hand ``hand_no``: per deal, a tuple of per-seat 5-card masks.

    Seeded: ``shuffled(range(40), "cuarenta", seed, f"hand/{hand_no}")``; deal ``j``
    uses the next ``5 * players`` cards, 5 at a time to each player starting with the
    player after the dealer.
    """
    if hand_no < len(cfg.deals):
        return cfg.deals[hand_no]
    order = shuffled(range(DECK_SIZE), "cuarenta", cfg.seed, f"hand/{hand_no}")
    out = []
    pos = 0
    for _ in range(R.deals_per_hand(players)):
        masks = [0] * players
        for i in range(players):
            seat = (dealer + 1 + i) % players
            for c in order[pos:pos + R.HAND_SIZE]:
                masks[seat] |= 1 << c
            pos += R.HAND_SIZE
        out.append(tuple(masks))
    return tuple(out)
