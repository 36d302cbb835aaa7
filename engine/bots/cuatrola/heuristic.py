"""The heuristic Cuatrola player ("club player"): the strategy tips and
beginner mistakes of seed 000/002, each a named rule.

``decide(info) -> (action, rule)``: the action int and the name of the rule
that chose it (tests check that each rule fires where the seed says it
should). The rules, in the order they are tried:

Bidding
  ``dont_outbid_partner``      never bid over the partner.
  ``cuatrola_almost_never``    Cuatrola/Quintola only with total trump control
                               and no unguarded suit, or as the end-of-match
                               gamble when a normal win cannot save the match.
  ``solo_on_trumps``           Solo on three good trumps (not on side aces);
                               ``pass`` otherwise.
Leading
  ``keep_small_trump_for_last`` with two cards, one the master trump, lead the
                               other: the trump takes the last trick and its 10.
  ``count_trumps``             trumps are counted: once no trump is out, cash the
                               masters of the side suits.
  ``lead_trumps_when_strong``  lead the master trump (as or tres) with support.
  ``break_shown_forty``        the dealer (an opponent) showed the rey or caballo
                               of trumps and may hold the other: lead a trump,
                               even the sota, to break the forty.
  ``lead_trumps_to_partner_ace`` the trump as is the partner's shown card: lead
                               trumps to clear the way for it.
  ``force_the_fallo``          without the trump as, lead a suit already played
                               in which an opponent is void: he must trump.
  ``read_partner_signals``     lead back the suit the partner led (his points are
                               there), never a suit he signalled empty.
  ``cash_master``              cash a bare side ace of a fresh suit before it
                               can be trumped (not the ace of the rivals' suit).
  ``lead_low``                 else the cheapest card, under two filters:
                               ``never_lead_under_ace`` (no small card of a suit
                               whose ace you hold, unless the suit was played or
                               you hold three of it) and
                               ``lead_trumps_only_if_winning`` (no trump lead
                               without the master trump).
Following
  ``dont_overtake_partner``    the partner is winning: do not overtake him where
                               the rules allow; give him points if safe.
  ``keep_rivals_ace``          an opponent leads this suit (again, or small, with
                               the tres out): win with another card and hold the
                               ace back for his tres; never discard that ace.
  ``follow_with_ace``          able to win with the ace of the led suit: play it
                               (``duck_before_fallo``: unless you hold three of the
                               suit and the next opponent is void and may trump).
  ``win_cheaply``              win with the cheapest card that wins.
  ``dont_waste_trump``         a trump you cannot beat is on the table: discard,
                               keeping trumps and the aces of unplayed suits.
  ``signal_discards``          when discarding, throw the sota (lowest card) of a
                               suit where you have nothing: it tells the partner so.
  ``play_low``                 else the cheapest legal card.
"""

from __future__ import annotations

from ...cards import card, cards_of
from ...cuatrola import rules as R
from ...cuatrola.play import (POINTS, REY_CABALLO, STRENGTH, SUIT_MASK, beats, next_seat,
                             winning)
from ...cuatrola.state import BID_ACTION_BASE, CuatrolaState
from .info import Info

AS, TRES, REY, CABALLO, SOTA = R.AS, R.TRES, R.REY, R.CABALLO, R.SOTA


def cheapest(cards, trump: int) -> int:
    """The card a player gives away most easily: fewest points, not a trump, weakest."""
    return min(cards, key=lambda c: (c // 10 == trump, POINTS[c], STRENGTH[c], c))


def richest(cards, trump: int) -> int:
    return max(cards, key=lambda c: (c // 10 != trump, POINTS[c], -STRENGTH[c], -c))


def lowest_winner(cards, trump: int) -> int:
    return min(cards, key=lambda c: (c // 10 == trump, STRENGTH[c], c))


# ----- match context ------------------------------------------------------
def match_utility(info: Info, mine: int, theirs: int) -> float:
    """Value of a hand that gives ``mine``/``theirs`` match points to the sides.

    In the last hand of a match played to a number of hands, or when a side
    reaches the target, only winning the match counts (+1 / -1, 0 for a tie);
    otherwise the point difference.
    """
    r = info.rules
    me = info.seat % 2
    a, b = info.score[me] + mine, info.score[1 - me] + theirs
    if r.end == "hands":
        if info.hands_played + 1 >= r.hands:
            return 10.0 * ((a > b) - (a < b))
        return float(mine - theirs)
    if a >= r.target or b >= r.target:
        return 10.0 * ((a >= r.target) - (b >= r.target))
    return float(mine - theirs)


# ----- bidding ------------------------------------------------------------
def trump_strength(info: Info) -> tuple[int, int, int]:
    """(trumps held, of which as/tres, side aces)."""
    t = info.trump
    trumps = info.hand & SUIT_MASK[t]
    top = (trumps & ((1 << card(AS, t)) | (1 << card(TRES, t)))).bit_count()
    side_aces = sum(1 for s in range(4) if s != t and info.hand >> card(AS, s) & 1)
    return trumps.bit_count(), top, side_aces


def total_control(info: Info) -> bool:
    """Five sure tricks: all five trumps, or four with as and tres plus a side ace."""
    n, top, aces = trump_strength(info)
    return n == 5 or (n == 4 and top == 2 and aces == 1)


def bid(info: Info) -> tuple[int, str]:
    legal = [a - BID_ACTION_BASE for a in info.legal]
    highest = max((b for _, b in info.bids), default=R.PASS)
    if any(s == info.partner and b > R.PASS for s, b in info.bids):
        return BID_ACTION_BASE + R.PASS, "dont_outbid_partner"
    n, top, aces = trump_strength(info)
    big = [b for b in (R.CUATROLA, R.QUINTOLA) if b in legal]
    # The end-of-match gamble: a normal win (1 point) cannot win the match.
    if big and info.rules.end == "hands" and info.hands_played + 1 >= info.rules.hands:
        me = info.seat % 2
        deficit = info.score[1 - me] - info.score[me]
        if deficit >= 1 and n >= 2:
            gain = {b: R.BID_VALUE[b] for b in big}
            enough = [b for b in big if gain[b] > deficit] or big
            return BID_ACTION_BASE + min(enough), "cuatrola_almost_never"
    if big and total_control(info):
        if R.QUINTOLA in legal and (n == 5 or (n == 4 and top == 2 and aces == 1)):
            return BID_ACTION_BASE + R.QUINTOLA, "cuatrola_almost_never"
        return BID_ACTION_BASE + min(big), "cuatrola_almost_never"
    if R.SOLO in legal and highest < R.SOLO:
        if n >= 3 and top >= 1 and (n >= 4 or top == 2 or aces >= 1):
            return BID_ACTION_BASE + R.SOLO, "solo_on_trumps"
    return BID_ACTION_BASE + R.PASS, "solo_on_trumps" if _side_points(info) else "pass"


def _side_points(info: Info) -> bool:
    """Holding as and tres of a side suit: the beginner's Solo the seed warns about."""
    t = info.trump
    return any(s != t and info.hand >> card(AS, s) & 1 and info.hand >> card(TRES, s) & 1
               for s in range(4))


# ----- card play ------------------------------------------------------------
def trick_seats_after(info: Info) -> list[int]:
    """Seats still to play in this trick after me."""
    active = R.SEATS - 1 if info.declarer >= 0 else R.SEATS
    left = active - len(info.trick) - 1
    out, s = [], info.seat
    while len(out) < left:
        s = next_seat(s, info.out)
        out.append(s)
    return out


def may_trump(info: Info, seat: int) -> bool:
    """Might ``seat`` hold a trump (per the public record)?"""
    t = SUIT_MASK[info.trump]
    return bool((info.unseen & t & ~info.forbidden[seat]) or info.known[seat] & t)


def rivals_suits(info: Info) -> set[int]:
    """Suits an opponent has led this hand (where his points are)."""
    out = set()
    for _, plays, _ in info.tricks:
        if info.is_opponent(plays[0][0]):
            out.add(plays[0][1] // 10)
    return out


def partner_signals(info: Info) -> tuple[set[int], set[int]]:
    """(suits the partner showed strength in, suits he signalled empty).

    Strength: the suits he led. Empty: a sota (or other cheapest card) he
    discarded on a trick he could not win, not following the led suit.
    """
    strong, empty = set(), set()
    p = info.partner
    if p == info.out:
        return strong, empty
    for _, plays, _ in info.tricks:
        led = plays[0][1] // 10
        if plays[0][0] == p and led != info.trump:
            strong.add(led)
        for i, (s, c) in enumerate(plays):
            if s == p and i > 0 and c // 10 != led and c // 10 != info.trump:
                empty.add(c // 10)
    for i, (s, c) in enumerate(info.trick):
        led = info.trick[0][1] // 10
        if s == p and i > 0 and c // 10 != led and c // 10 != info.trump:
            empty.add(c // 10)
    return strong - empty, empty


def lead(info: Info) -> tuple[int, str]:
    hand = info.hand
    t = info.trump
    cards = cards_of(hand)
    trumps = [c for c in cards if c // 10 == t]
    side = [c for c in cards if c // 10 != t]
    trumps_out = info.trumps_out() & ~info.known[info.seat]
    # in Solo the out seat's cards never play; we cannot tell which they are
    master_trump = [c for c in trumps if info.master(c)]

    if len(cards) == 2 and len(trumps) == 1 and side and master_trump:
        return side[0], "keep_small_trump_for_last"

    if not trumps_out:
        masters = [c for c in side if info.master(c)]
        if masters:
            return max(masters, key=lambda c: (POINTS[c], c)), "count_trumps"
        if trumps:
            return max(trumps, key=lambda c: STRENGTH[c]), "count_trumps"

    top = [c for c in master_trump if c % 10 in (AS, TRES)]
    if top and len(trumps) >= 2 and trumps_out:
        return max(top, key=lambda c: STRENGTH[c]), "lead_trumps_when_strong"

    if trumps and _shown_forty_threat(info):
        return min(trumps, key=lambda c: STRENGTH[c]), "break_shown_forty"

    if trumps and info.partner == info.dealer and info.trump_card % 10 == AS and \
            not info.played >> info.trump_card & 1 and info.partner != info.out and \
            not master_trump:
        return min(trumps, key=lambda c: STRENGTH[c]), "lead_trumps_to_partner_ace"

    # candidates, with the filters of the seed
    no_trump = list(side) if side else list(trumps)  # lead_trumps_only_if_winning
    if master_trump and not trumps_out:
        no_trump = list(cards)
    no_under = _not_under_ace(info, no_trump) or no_trump  # never_lead_under_ace
    cand = _keep_cante_pair(info, no_under) or no_under

    played_suits = [s for s in range(4) if s != t and info.suit_played(s)]
    for s in played_suits:
        mine = [c for c in cand if c // 10 == s]
        opp_void = [o for o in info.active_seats() if info.is_opponent(o) and info.void(o, s)
                    and may_trump(info, o)]
        if mine and opp_void and not master_trump:
            return cheapest(mine, t), "force_the_fallo"

    strong, empty = partner_signals(info)
    for s in sorted(strong):
        mine = [c for c in cand if c // 10 == s]
        if mine:
            masters = [c for c in mine if info.master(c)]
            return (masters[0] if masters else cheapest(mine, t)), "read_partner_signals"

    rivals = rivals_suits(info)
    aces = [c for c in cand if c // 10 != t and c % 10 == AS and not info.suit_played(c // 10)
            and (hand & SUIT_MASK[c // 10]).bit_count() == 1 and c // 10 not in rivals]
    if aces:
        return max(aces, key=lambda c: c), "cash_master"

    pool = [c for c in cand if c // 10 not in empty] or cand
    choice = cheapest(pool, t)
    naive = min(cards, key=lambda c: (POINTS[c], STRENGTH[c], c))
    if choice != naive:
        if naive not in no_trump:
            return choice, "lead_trumps_only_if_winning"
        if naive not in no_under:
            return choice, "never_lead_under_ace"
        if naive not in cand:
            return choice, "keep_cante_pair"
        if naive // 10 in empty:
            return choice, "read_partner_signals"
    return choice, "lead_low"


def _shown_forty_threat(info: Info) -> bool:
    """The dealer, an opponent, shows the rey or caballo of trumps and may sing forty."""
    t = info.trump
    if info.contract >= R.CUATROLA or info.sung >> t & 1:
        return False
    if not info.is_opponent(info.dealer) or info.dealer == info.out:
        return False
    shown = info.trump_card
    if shown % 10 not in (REY, CABALLO) or info.played >> shown & 1:
        return False
    other = REY_CABALLO[t] & ~(1 << shown)
    return not (info.hand & other) and not (info.played & other)


def _not_under_ace(info: Info, cand: list[int]) -> list[int]:
    """Drop small cards of suits whose ace I hold (unless played or long)."""
    out = []
    for c in cand:
        s = c // 10
        ace = card(AS, s)
        if c != ace and info.hand >> ace & 1 and not info.suit_played(s) and \
                (info.hand & SUIT_MASK[s]).bit_count() < 3:
            continue
        out.append(c)
    return out


def _keep_cante_pair(info: Info, cand: list[int]) -> list[int]:
    """Do not break a rey-caballo pair that can still be sung."""
    if info.contract >= R.CUATROLA:
        return cand
    out = []
    for c in cand:
        s = c // 10
        pair = REY_CABALLO[s]
        if pair >> c & 1 and info.hand & pair == pair and not info.sung >> s & 1:
            continue
        out.append(c)
    return out


def follow(info: Info) -> tuple[int, str]:
    t = info.trump
    legal = [a for a in info.legal if a < 40]
    led = info.trick[0][1] // 10
    ws, wc = winning(info.trick, t)
    after = trick_seats_after(info)
    opp_after = [s for s in after if info.is_opponent(s)]
    trick_pts = sum(POINTS[c] for _, c in info.trick)
    winners = [c for c in legal if beats(c, wc, t)]
    losers = [c for c in legal if not beats(c, wc, t)]
    partner_winning = ws == info.partner

    if partner_winning:
        if losers:
            safe = not opp_after or (wc // 10 == led and info.master(wc) and not any(
                info.void(o, led) and may_trump(info, o) for o in opp_after)) or (
                wc // 10 == t and info.master(wc))
            pool = [c for c in losers if c // 10 != t] or losers
            pool = [c for c in pool if not _is_guard(info, c)] or pool
            if safe:
                return richest(pool, t), "dont_overtake_partner"
            return cheapest(pool, t), "dont_overtake_partner"
        return cheapest(legal, t), "play_low"

    if winners:
        rival_suit = info.is_opponent(info.trick[0][0]) and (
            led in rivals_suits(info) or STRENGTH[info.trick[0][1]] <= STRENGTH[card(REY, led)])
        ace = card(AS, led)
        tres = card(TRES, led)
        others = [c for c in winners if c != ace]
        if rival_suit and ace in winners and others and wc // 10 == led and \
                info.unseen >> tres & 1 and trick_pts < 10 and led != t:
            return lowest_winner(others, t), "keep_rivals_ace"
        if ace in winners and wc // 10 == led and led != t:
            long_suit = (info.hand & SUIT_MASK[led]).bit_count() >= 3
            fallo = any(info.void(o, led) and may_trump(info, o) for o in opp_after)
            if long_suit and fallo and losers:
                return cheapest(losers, t), "duck_before_fallo"
            return ace, "follow_with_ace"
        if opp_after:
            # win with a card the later opponents cannot beat, if there is one
            safe = [c for c in winners if _holds(info, c, opp_after)]
            if safe and (trick_pts >= 3 or len(safe) == len(winners)):
                return lowest_winner(safe, t), "win_cheaply"
            if trick_pts < 3 and losers:
                return cheapest(losers, t), "play_low"
        return lowest_winner(winners, t), "win_cheaply"

    # cannot win
    trumped = wc // 10 == t and led != t
    my_trumps = [c for c in legal if c // 10 == t]
    non_trumps = [c for c in legal if c // 10 != t]
    if trumped and my_trumps and non_trumps:
        pool = [c for c in non_trumps if not _is_guard(info, c)] or non_trumps
        return _signal(info, pool), "dont_waste_trump"
    if non_trumps and all(c // 10 != led for c in non_trumps):
        pool = [c for c in non_trumps if not _is_guard(info, c)] or non_trumps
        return _signal(info, pool), "signal_discards"
    return cheapest(legal, t), "play_low"


def _is_guard(info: Info, c: int) -> bool:
    """An ace of a suit not yet played (half a trick already won), or half a cante."""
    s = c // 10
    if c % 10 == AS and (not info.suit_played(s) or (
            s in rivals_suits(info) and info.unseen >> card(TRES, s) & 1)):
        return True  # keep_rivals_ace: it waits for their tres
    pair = REY_CABALLO[s]
    return info.contract < R.CUATROLA and pair >> c & 1 and info.hand & pair == pair and \
        not info.sung >> s & 1


def _signal(info: Info, pool: list[int]) -> int:
    """The discard that tells the partner where nothing is: the cheapest card of a
    suit without as or tres in my hand; never from my strong suit."""
    t = info.trump

    def weak(c):
        s = c // 10
        return not info.hand & ((1 << card(AS, s)) | (1 << card(TRES, s)))

    weak_cards = [c for c in pool if weak(c)]
    return cheapest(weak_cards or pool, t)


def _holds(info: Info, c: int, opp_after: list[int]) -> bool:
    """Will ``c`` stay the winner against the opponents still to play?"""
    t = info.trump
    s = c // 10
    if s == t:
        return info.master(c)
    if not info.master(c):
        return False
    return not any(info.void(o, s) and may_trump(info, o) for o in opp_after)


def decide(info: Info) -> tuple[int, str]:
    """The heuristic's action and the name of the rule that chose it."""
    if len(info.legal) == 1:
        return info.legal[0], "forced"
    if info.phase == "bidding":
        return bid(info)
    if info.leading:
        return lead(info)
    return follow(info)


def heuristic(view: dict, rng, work=None) -> str:
    """Computer level "heuristic" for Cuatrola (deterministic; ``rng`` unused; no search:
    ``work`` is not counted)."""
    return CuatrolaState.action_text(decide(Info.from_view(view))[0])
