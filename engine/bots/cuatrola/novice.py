"""The novice Cuatrola player: someone new to the game, making the beginner
mistakes of seed 000/002, each a named rule.

It knows the obligations (the engine's legal actions) and wants to win tricks;
what it lacks is the seed's strategy. Each mistake below is the opposite of a
tip of "Strategie" or one of the "Typische Fehler von Anfängern"; it is made
with the probability named next to it, drawn from the player's random stream
(so the novice is not the same every time, and never reads hidden cards).

``decide(info, rng) -> (action, rule)``. In order:

Bidding
  ``pass_after_a_bid``        someone has bid: pass (it never fights for a contract).
  ``cuatrola_on_five_trumps`` Cuatrola only holding all five trumps.
  ``solo_on_points``          Solo because it holds the as and tres of some suit,
                              any suit ("Viele Spieler sagen Solo nur deshalb an,
                              weil sie das as und tres irgendeiner Farbe halten"),
                              now and then (``SOLO_ON_POINTS_P``); else ``pass``.
Leading
  ``spend_small_trump``       its only trump is a small one: lead it before the
                              last tricks, to catch a sota, instead of keeping it
                              for the last trick ("Den letzten Stich verschenken").
  ``lead_trumps_without_top`` lead a small trump without the as or tres of trumps
                              ("Trümpfe auszuspielen, ohne das as oder das tres
                              zu halten, gibt nur die Kontrolle ab").
  ``lead_under_ace``          lead a small card of a suit whose as it holds ("Spiele
                              niemals unter deinem as aus", not followed).
  ``lead_high``               else its strongest card outside trumps (trumps if
                              it holds nothing else).
Following
  ``overtake_partner``        the partner is winning: beat him anyway with the
                              strongest card that does ("Gegen den eigenen Partner
                              spielen").
  ``win_with_highest``        it can win: with its strongest winning card (a trump
                              as on a sota, if that is what wins).
  ``play_low``                else the card with the fewest points.
"""

from __future__ import annotations

from ...cards import SUITS, card, cards_of
from ...cuatrola import rules as R
from ...cuatrola.play import POINTS, STRENGTH, SUIT_MASK, beats, winning
from ...cuatrola.state import BID_ACTION_BASE, CuatrolaState
from .info import Info

SOLO_ON_POINTS_P = 0.15       # a beginner holding as and tres of a suit bids Solo
LEAD_TRUMPS_WITHOUT_TOP_P = 0.5
LEAD_UNDER_ACE_P = 0.5
OVERTAKE_PARTNER_P = 0.6
SPEND_SMALL_TRUMP_P = 0.7
ALL_TRUMPS = R.HAND_SIZE      # Cuatrola on nothing less than every trump
KEEP_FOR_LAST = R.TRICKS_PER_HAND - 2  # a careful player keeps a lone small trump from here on


def _top(hand: int, suit: int) -> int:
    """The as and tres of ``suit`` in ``hand`` (mask)."""
    return hand & ((1 << card(R.AS, suit)) | (1 << card(R.TRES, suit)))


def bid(info: Info, rng) -> tuple[int, str]:
    legal = [a - BID_ACTION_BASE for a in info.legal]
    if any(b > R.PASS for _, b in info.bids):
        return BID_ACTION_BASE + R.PASS, "pass_after_a_bid"
    trumps = info.hand & SUIT_MASK[info.trump]
    if R.CUATROLA in legal and trumps.bit_count() == ALL_TRUMPS:
        return BID_ACTION_BASE + R.CUATROLA, "cuatrola_on_five_trumps"
    points_suit = any(_top(info.hand, s).bit_count() == 2 for s in range(SUITS))
    if R.SOLO in legal and points_suit and rng.random() < SOLO_ON_POINTS_P:
        return BID_ACTION_BASE + R.SOLO, "solo_on_points"
    return BID_ACTION_BASE + R.PASS, "pass"


def lead(info: Info, rng) -> tuple[int, str]:
    t = info.trump
    cards = cards_of(info.hand)
    trumps = [c for c in cards if c // 10 == t]
    side = [c for c in cards if c // 10 != t]
    if trumps and side and not _top(info.hand, t):
        if len(trumps) == 1:
            if len(info.tricks) < KEEP_FOR_LAST and rng.random() < SPEND_SMALL_TRUMP_P:
                return trumps[0], "spend_small_trump"
        elif rng.random() < LEAD_TRUMPS_WITHOUT_TOP_P:
            return min(trumps, key=STRENGTH.__getitem__), "lead_trumps_without_top"
    under = [c for c in side if c % 10 != R.AS and info.hand >> card(R.AS, c // 10) & 1]
    if under and rng.random() < LEAD_UNDER_ACE_P:
        return min(under, key=lambda c: (STRENGTH[c], c)), "lead_under_ace"
    return max(side or trumps, key=lambda c: (STRENGTH[c], POINTS[c], c)), "lead_high"


def follow(info: Info, rng) -> tuple[int, str]:
    t = info.trump
    legal = [a for a in info.legal if a < BID_ACTION_BASE]
    ws, wc = winning(info.trick, t)
    winners = [c for c in legal if beats(c, wc, t)]
    strongest = max(winners, key=lambda c: (c // 10 == t, STRENGTH[c], c)) if winners else -1
    if ws == info.partner:
        if winners and rng.random() < OVERTAKE_PARTNER_P:
            return strongest, "overtake_partner"
        return min(legal, key=lambda c: (POINTS[c], STRENGTH[c], c)), "play_low"
    if winners:
        return strongest, "win_with_highest"
    return min(legal, key=lambda c: (POINTS[c], STRENGTH[c], c)), "play_low"


def decide(info: Info, rng) -> tuple[int, str]:
    """The novice's action and the name of the rule that chose it."""
    if len(info.legal) == 1:
        return info.legal[0], "forced"
    if info.phase == "bidding":
        return bid(info, rng)
    if info.leading:
        return lead(info, rng)
    return follow(info, rng)


def novice(view: dict, rng, work=None) -> str:
    """Computer level "novice" for Cuatrola (no search: ``work`` is not counted)."""
    return CuatrolaState.action_text(decide(Info.from_view(view), rng)[0])
