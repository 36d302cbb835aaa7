"""Cuatrola state: an immutable tuple, hands as bitmasks, pure ``apply``.

Seats 0..3 are numbered in playing order: seat ``s + 1`` sits at the right of
seat ``s`` and plays after it. Partners are ``s`` and ``s + 2``; side
``s % 2``. The mano is the dealer's right-hand neighbour, ``dealer + 1``.

>>> from engine.cuatrola import new_match
>>> s = new_match(seed="doc")
>>> s.phase_name, s.current_player == (s.dealer + 1) % 4
('bidding', True)
>>> s = s.apply(s.parse_action("pass"))
>>> len(s.bids)
1
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import DECK_SIZE, RANKS_PER_SUIT, cards_of
from ..config import MatchConfig
from ..deal import shuffled
from ..errors import ECHO_LIMIT, IllegalActionError, Refusal, brief
from ..protocol import TERMINAL
from . import rules as R
from .records import BID_ACTION_BASE, BIDDING, OVER, PHASE_NAMES, PLAY, Cante, HandRecord, Trick
from .views import public_view, seat_view
# STRENGTH and beats are re-exported for the code that imports them from here.
from .play import (ABOVE, BEATEN_BY, CABALLO_MASK, POINTS, STRENGTH, SUIT_MASK,  # noqa: F401
                   beats, legal_mask, next_seat, sing, sitting_out, winning)

#: The refusal codes of Cuatrola's states, with their params (docs/api.md).
REFUSALS: dict[str, tuple[str, ...]] = {
    "bid_first": (),                  # a card played while bidding
    "no_quintola": (),                # Quintola is not offered under these rules
    "bid_higher": ("bid",),           # a bid not above the highest bid so far
    "bid_barred": ("score", "bid"),   # bid_limits: the side's score bars this bid
    "bidding_over": (),               # a bid during the play
    "not_held": ("card",),            # a card not in the hand
    "follow": ("suit",),              # must follow the led suit
    "follow_higher": ("suit",),       # must follow with a card beating the trick
    "overtrump": ("suit",),           # trumps led: must play a higher trump
    "void_overtrump": ("led", "trump"),  # void in the led suit: must over-trump
    "void_trump": ("led", "trump"),   # void in the led suit: must trump
    "not_in_deck": ("card",),         # a card of the 40 that Cuatrola does not use
    "bad_deal": ("hand",),            # an explicit deal whose trump card the dealer lacks
}

SUIT_NAMES = R.DECK.suit_names


def deal_hand(cfg: MatchConfig, hand_no: int, dealer: int) -> tuple[tuple[int, ...], int]:
    """The 4 hand masks and the shown trump card of hand ``hand_no``.

    Cards go one at a time starting with the mano; the dealer's last card
    (the 20th dealt) is shown and fixes trump.
    """
    if hand_no < len(cfg.deals):
        hands, trump = cfg.deals[hand_no]
        if not hands[dealer] >> trump & 1:
            raise IllegalActionError(
                f"explicit deal {hand_no + 1}: the trump card must be in the dealer's "
                f"(seat {dealer}) hand", code="bad_deal", params={"hand": hand_no + 1})
        return hands, trump
    order = shuffled(R.CARDS, "cuatrola", cfg.seed, f"hand/{hand_no}")
    # card k goes to the (k % 4)-th seat from the mano: 5 rounds of one card to each seat
    (a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, a4, b4, c4, d4) = order
    b = _BIT
    by_turn = (b[a0] | b[a1] | b[a2] | b[a3] | b[a4], b[b0] | b[b1] | b[b2] | b[b3] | b[b4],
               b[c0] | b[c1] | b[c2] | b[c3] | b[c4], b[d0] | b[d1] | b[d2] | b[d3] | b[d4])
    i0, i1, i2, i3 = _FROM_MANO[(dealer + 1) % R.SEATS]
    return (by_turn[i0], by_turn[i1], by_turn[i2], by_turn[i3]), d4


def first_dealer(cfg: MatchConfig) -> int:
    """The first dealer: explicit, else drawn from the seed."""
    if cfg.first_dealer is not None:
        return cfg.first_dealer
    return shuffled(range(R.SEATS), "cuatrola", cfg.seed, "first-dealer")[0]


_new = tuple.__new__
_ACTIONS: dict[int, tuple[int, ...]] = {}  # memo: legal mask -> card tuple (at most ~22k masks)
_BIDS: dict[tuple, tuple[int, ...]] = {}  # memo: (highest bid, quintola, limited score) -> bids
#: memo: (bids so far, quintola, limited score) -> the legal bid actions (a few hundred keys);
#: the key is built inline in ``legal_actions`` and ``apply`` (speed), filled by ``_bid_actions``
_BID_ACTIONS: dict[tuple, tuple[int, ...]] = {}
#: NEXT[declarer + 1][seat]: ``next_seat(seat, sitting_out(declarer))``, looked up
NEXT = tuple(tuple(next_seat(seat, sitting_out(d)) for seat in range(R.SEATS))
             for d in range(-1, R.SEATS))
_BIT = tuple(1 << c for c in range(64))
#: TRICK_SIZE[declarer + 1]: cards in a trick (the declarer's partner sits a contract out)
TRICK_SIZE = tuple(R.SEATS - (d >= 0) for d in range(-1, R.SEATS))
#: HAND_VALUE[contract]: the match points of a hand played under ``contract``
HAND_VALUE = tuple(R.BID_VALUE.get(b, R.NORMAL_HAND_VALUE) for b in range(len(R.BID_NAMES)))
#: _PAIRS[seat][x]: the pair ``(seat, x)`` of a trick or the bids, made once and shared
_PAIRS = tuple(tuple((seat, x) for x in range(DECK_SIZE)) for seat in range(R.SEATS))
#: _FROM_MANO[mano][seat]: how many seats after the mano ``seat`` sits (its place in the deal)
_FROM_MANO = tuple(tuple((seat - mano) % R.SEATS for seat in range(R.SEATS))
                   for mano in range(R.SEATS))


class CuatrolaState(NamedTuple):
    """One position of a Cuatrola match. Immutable; ``apply`` returns a new one."""

    cfg: MatchConfig
    hand_no: int
    dealer: int
    hands: tuple          # 4 bitmasks
    trump: int            # the shown card (its suit is trump)
    phase: int
    turn: int
    bids: tuple           # ((seat, bid), ...) in speaking order
    contract: int         # PASS (normal hand), SOLO, CUATROLA, QUINTOLA
    declarer: int         # -1 in a normal hand
    trick: tuple          # ((seat, card), ...) of the trick being played
    win_seat: int         # seat winning the current trick (-1 if empty)
    win_card: int         # card winning the current trick (-1 if empty)
    legal: int            # mask of the cards the player to act may play (play phase)
    tricks: tuple         # completed Tricks of this hand
    card_points: tuple    # per side
    tricks_won: tuple     # per side
    cantes: tuple         # Cantes of this hand
    score: tuple          # match points per side
    history: tuple        # HandRecords of finished hands
    winner: int           # side that won the match, -1 while undecided

    # ----- protocol -------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.turn

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def rules(self):
        return self.cfg.rules

    @property
    def trump_suit(self) -> int:
        return self.trump // 10

    @property
    def out(self) -> int:
        """The seat sitting out (the declarer's partner), or -1."""
        return sitting_out(self.declarer)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.winner < 0:
            return (0.0,) * R.SEATS
        return tuple(1.0 if s % 2 == self.winner else -1.0 for s in range(R.SEATS))

    def legal_actions(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            try:
                return _ACTIONS[self.legal]
            except KeyError:
                acts = _ACTIONS[self.legal] = cards_of(self.legal)
                return acts
        if self.phase == BIDDING:
            rules = self.cfg.rules
            try:
                return _BID_ACTIONS[(self.bids, rules.quintola,
                                     self.score[self.turn % 2] if rules.bid_limits else -1)]
            except KeyError:
                return self._bid_actions()
        return ()

    def apply(self, action: int) -> "CuatrolaState":
        # one function for bids and card plays (speed): the state is unpacked once
        (cfg, hand_no, dealer, hands, trump_card, phase, seat, bids, contract, declarer, trick,
         win_seat, win_card, legal, tricks, card_points, tricks_won, cantes, score, history,
         winner) = self
        if phase != PLAY:
            if phase != BIDDING:
                raise self.refusal(action).error(self.action_text(action))
            rules = cfg.rules
            try:
                acts = _BID_ACTIONS[(bids, rules.quintola,
                                     score[seat % 2] if rules.bid_limits else -1)]
            except KeyError:
                acts = self._bid_actions()
            if action not in acts:
                raise self.refusal(action).error(self.action_text(action))
            bids = bids + (_PAIRS[seat][action - BID_ACTION_BASE],)
            if len(bids) < R.SEATS:
                return _new(CuatrolaState, (
                    cfg, hand_no, dealer, hands, trump_card, BIDDING, NEXT[0][seat], bids,
                    contract, declarer, trick, win_seat, win_card, legal, tricks, card_points,
                    tricks_won, cantes, score, history, winner))
            declarer, contract = -1, R.PASS
            for bidder, bid in bids:
                if bid > contract:
                    declarer, contract = bidder, bid
            leader = NEXT[declarer + 1][dealer]  # play.first_leader(dealer, declarer)
            return _new(CuatrolaState, (
                cfg, hand_no, dealer, hands, trump_card, PLAY, leader, bids, contract, declarer,
                trick, win_seat, win_card, hands[leader], tricks, card_points, tricks_won,
                cantes, score, history, winner))
        if not (0 <= action < DECK_SIZE and legal >> action & 1):
            raise self.refusal(action).error(self.action_text(action))
        left = hands[seat] & ~_BIT[action]
        if seat == 0:
            hands = (left, hands[1], hands[2], hands[3])
        elif seat == 1:
            hands = (hands[0], left, hands[2], hands[3])
        elif seat == 2:
            hands = (hands[0], hands[1], left, hands[3])
        else:
            hands = (hands[0], hands[1], hands[2], left)
        trump = trump_card // RANKS_PER_SUIT
        if not trick:
            win_seat, win_card = seat, action
            trick = (_PAIRS[seat][action],)
            led = action // RANKS_PER_SUIT
        else:
            if BEATEN_BY[trump][win_card] >> action & 1:
                win_seat, win_card = seat, action
            if len(trick) + 1 == TRICK_SIZE[declarer + 1]:  # the trick is complete
                if declarer < 0:
                    p0, p1, p2 = trick
                    trick = (p0, p1, p2, _PAIRS[seat][action])
                    won = POINTS[p0[1]] + POINTS[p1[1]] + POINTS[p2[1]] + POINTS[action]
                else:
                    p0, p1 = trick
                    trick = (p0, p1, _PAIRS[seat][action])
                    won = POINTS[p0[1]] + POINTS[p1[1]] + POINTS[action]
                side = win_seat % 2
                if side == 0:
                    card_points = (card_points[0] + won, card_points[1])
                    tricks_won = (tricks_won[0] + 1, tricks_won[1])
                else:
                    card_points = (card_points[0], card_points[1] + won)
                    tricks_won = (tricks_won[0], tricks_won[1] + 1)
                tricks = tricks + (_new(Trick, (p0[0], trick, win_seat)),)
                # a pair in a hand that may sing (``play.sing``: none in Cuatrola or Quintola)
                if contract < R.CUATROLA and (
                        hands[side] & (hands[side] >> 1) & CABALLO_MASK or
                        hands[side + 2] & (hands[side + 2] >> 1) & CABALLO_MASK):
                    cantes = cantes + self._sing(hands, side, tricks_won[side], len(tricks) - 1)
                if len(tricks) == R.TRICKS_PER_HAND:
                    return _finish_hand(cfg, hand_no, dealer, trump_card, bids, contract,
                                        declarer, tricks, card_points, tricks_won, cantes,
                                        score, history, win_seat, hands)
                return _new(CuatrolaState, (
                    cfg, hand_no, dealer, hands, trump_card, PLAY, win_seat, bids, contract,
                    declarer, (), -1, -1, hands[win_seat], tricks, card_points, tricks_won,
                    cantes, score, history, winner))
            trick = trick + (_PAIRS[seat][action],)
            led = trick[0][1] // RANKS_PER_SUIT
        # the next seat's obligations: ``play.legal_mask`` restated inline (speed)
        nxt = NEXT[declarer + 1][seat]
        hand = hands[nxt]
        follow = hand & SUIT_MASK[led]
        rules = cfg.rules
        if not rules.beat_partner and (win_seat - nxt) % 2 == 0:  # the partner is winning
            legal = follow or hand
        elif follow:
            if win_card // RANKS_PER_SUIT == led:
                legal = follow & ABOVE[win_card] or follow
            elif rules.beat_led_after_trump:
                legal = legal_mask(rules, hand, trick, trump, win_seat, win_card, nxt)
            else:
                legal = follow
        else:
            trumps = hand & SUIT_MASK[trump]
            if not trumps:
                legal = hand
            elif win_card // RANKS_PER_SUIT == trump:
                legal = trumps & ABOVE[win_card] or (
                    hand if rules.discard_if_cannot_overtrump else trumps)
            else:
                legal = trumps
        return _new(CuatrolaState, (
            cfg, hand_no, dealer, hands, trump_card, PLAY, nxt, bids, contract, declarer,
            trick, win_seat, win_card, legal, tricks, card_points, tricks_won, cantes, score,
            history, winner))

    # ----- notation -------------------------------------------------------
    @staticmethod
    def action_text(action: int) -> str:
        if 0 <= action < 40:
            return R.DECK.text(action)
        b = action - BID_ACTION_BASE
        if 0 <= b < len(R.BID_NAMES):
            return R.BID_NAMES[b]
        return f"#{action}"

    @staticmethod
    def parse_action(text: str) -> int:
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be text, not {brief(text)}",
                                     code="not_text")
        t = text.strip().lower()
        if t in R.BID_NAMES:
            return BID_ACTION_BASE + R.BID_NAMES.index(t)
        try:
            c = R.DECK.parse(t)
        except ValueError:
            raise IllegalActionError(
                f"{brief(text)} is neither a bid ({', '.join(R.BID_NAMES)}) nor a card "
                f"such as '1O' or '12B'", text[:ECHO_LIMIT], code="bad_action",
                params={"text": text[:ECHO_LIMIT]}) from None
        if c not in R.CARDS:
            card = R.DECK.text(c)
            raise IllegalActionError(f"{card} is not among Cuatrola's 20 cards", card,
                                     code="not_in_deck", params={"card": card})
        return c

    # ----- bidding --------------------------------------------------------
    def _bid_actions(self) -> tuple[int, ...]:
        """The legal bids as actions (memoised on what decides them)."""
        rules = self.cfg.rules
        key = (self.bids, rules.quintola, self.score[self.turn % 2] if rules.bid_limits else -1)
        acts = _BID_ACTIONS.get(key)
        if acts is None:
            acts = _BID_ACTIONS[key] = tuple(BID_ACTION_BASE + b for b in self._legal_bids())
        return acts

    def _legal_bids(self) -> tuple[int, ...]:
        highest = max((b for _, b in self.bids), default=R.PASS)
        rules = self.cfg.rules
        side_score = self.score[self.turn % 2] if rules.bid_limits else -1
        key = (highest, rules.quintola, side_score)
        bids = _BIDS.get(key)
        if bids is None:
            top = R.QUINTOLA if rules.quintola else R.CUATROLA
            bids = _BIDS[key] = (R.PASS,) + tuple(
                b for b in range(highest + 1, top + 1)
                if side_score < 0 or not self._barred(b, side_score))
        return bids

    @staticmethod
    def _barred(bid: int, side_score: int) -> bool:
        if bid == R.SOLO:
            return side_score >= R.SOLO_BARRED_AT
        if bid == R.CUATROLA:
            return side_score > R.CUATROLA_BARRED_ABOVE
        return side_score > R.QUINTOLA_BARRED_ABOVE

    # ----- play -----------------------------------------------------------
    def _winning(self, trick) -> tuple[int, int]:
        """(seat, card) currently winning ``trick`` (non-empty)."""
        return winning(trick, self.trump // 10)

    def _legal_mask(self) -> int:
        return legal_mask(self.cfg.rules, self.hands[self.turn], self.trick, self.trump // 10,
                          self.win_seat, self.win_card, self.turn)

    def explain(self, action: int) -> str:
        """Why ``action`` is illegal here, in words for a player ('' if legal)."""
        r = self.refusal(action)
        return r.reason if r else ""

    def refusal(self, action: int) -> Refusal | None:
        """Why ``action`` is illegal here (code, params, reason), or None if legal."""
        text = self.action_text(action)
        if self.phase == OVER:
            return Refusal("match_over", {}, "the match is over")
        if self.phase == BIDDING:
            if 0 <= action < 40:
                return Refusal("bid_first", {},
                               "bidding comes first: pass or bid before playing a card")
            b = action - BID_ACTION_BASE
            if b in self._legal_bids():
                return None
            if not 0 <= b < len(R.BID_NAMES):
                return Refusal("bad_action", {"text": text}, f"{text} is not an action")
            if b == R.QUINTOLA and not self.rules.quintola:
                return Refusal("no_quintola", {}, "Quintola is not played with these rules")
            highest = max((x for _, x in self.bids), default=R.PASS)
            if b <= highest:
                return Refusal("bid_higher", {"bid": R.BID_NAMES[highest]},
                               f"you must bid higher than {R.BID_NAMES[highest]} or pass")
            score = self.score[self.turn % 2]
            return Refusal("bid_barred", {"score": score, "bid": R.BID_NAMES[b]},
                           f"your side's score ({score}) no longer allows {R.BID_NAMES[b]}")
        if not 0 <= action < 40:
            return Refusal("bidding_over", {}, "the bidding is over: play a card")
        if not self.hands[self.turn] >> action & 1:
            return Refusal("not_held", {"card": text}, f"you do not hold {text}")
        legal = self._legal_mask()
        if legal >> action & 1:
            return None
        led = self.trick[0][1] // 10
        trump = self.trump // 10
        led_name, trump_name = SUIT_NAMES[led], SUIT_NAMES[trump]
        led_s, trump_s = R.DECK.suits[led], R.DECK.suits[trump]
        if legal & SUIT_MASK[led]:
            if action // 10 != led:
                return Refusal("follow", {"suit": led_s}, f"you must follow {led_name}")
            if led == trump:
                return Refusal("overtrump", {"suit": trump_s},
                               f"you must over-trump with a higher {trump_name}")
            return Refusal("follow_higher", {"suit": led_s},
                           f"you must follow {led_name} with a higher card")
        win_card = self._winning(self.trick)[1]
        if win_card // 10 == trump and legal & ABOVE[win_card] and led != trump:
            return Refusal("void_overtrump", {"led": led_s, "trump": trump_s},
                           f"you have no {led_name}: you must over-trump with a higher "
                           f"{trump_name}")
        return Refusal("void_trump", {"led": led_s, "trump": trump_s},
                       f"you have no {led_name}: you must trump with {trump_name}")

    def _sing(self, hands, side: int, side_tricks: int, trick_index: int) -> tuple:
        """Cantes sung by ``side`` after winning a trick (automatic): ``play.sing``."""
        sung = 0
        for k in self.cantes:
            sung |= 1 << k.suit
        return tuple(Cante(seat, suit, pts, trick_index) for seat, suit, pts in sing(
            hands, side, side_tricks, sung, self.trump // 10, self.out, self.contract,
            self.cfg.rules.cantes == "every_trick"))

    # ----- views ----------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand, never another's."""
        return seat_view(self, seat)

    def public_view(self) -> dict:
        """What every seat may know (a watcher's view): no hand, no legal actions."""
        return public_view(self)


def _finish_hand(cfg: MatchConfig, hand_no: int, dealer: int, trump: int, bids, contract: int,
                 declarer: int, tricks, card_points, tricks_won, cantes, score, history,
                 last_winner: int, hands) -> CuatrolaState:
    """The state after the hand's last trick (won by ``last_winner``): the hand scored and
    recorded, then the next hand dealt, or the match over."""
    ultimas = last_winner % 2
    total0, total1 = card_points
    for k in cantes:
        if k.seat % 2:
            total1 += k.points
        else:
            total0 += k.points
    if ultimas:
        total1 += R.ULTIMAS_POINTS
    else:
        total0 += R.ULTIMAS_POINTS
    rules = cfg.rules
    if contract >= R.CUATROLA:
        need = R.tricks_needed(contract, rules)
        dside = declarer % 2
        win_side = dside if tricks_won[dside] >= need else 1 - dside
    elif total0 != total1:
        win_side = 0 if total0 > total1 else 1
    else:
        win_side = ultimas  # seed 003: 'gana la mano la pareja que ha logrado las 10 de últimas'
    value = HAND_VALUE[contract]
    if win_side == 0:
        points, score = (value, 0), (score[0] + value, score[1])
    else:
        points, score = (0, value), (score[0], score[1] + value)
    history = history + (_new(HandRecord, (
        hand_no, dealer, trump, bids, contract, declarer, tricks, card_points, cantes,
        ultimas, (total0, total1), win_side, points)),)
    winner = -1
    if rules.end == "target":
        if score[win_side] >= rules.target:
            winner = win_side
    elif hand_no + 1 >= rules.hands and score[0] != score[1]:
        winner = 0 if score[0] > score[1] else 1
    if winner >= 0:
        return _new(CuatrolaState, (
            cfg, hand_no, dealer, (0, 0, 0, 0), trump, OVER, TERMINAL, bids, contract, declarer,
            (), -1, -1, hands[last_winner], tricks, card_points, tricks_won, cantes, score,
            history, winner))
    return _start_hand(cfg, hand_no + 1, (dealer + 1) % R.SEATS, score, history)


def _start_hand(cfg: MatchConfig, hand_no: int, dealer: int, score, history) -> CuatrolaState:
    hands, trump = deal_hand(cfg, hand_no, dealer)
    return _new(CuatrolaState, (cfg, hand_no, dealer, hands, trump, BIDDING,
                                (dealer + 1) % R.SEATS, (), R.PASS, -1, (), -1, -1, 0, (), (0, 0),
                                (0, 0), (), score, history, -1))


def initial_state(cfg: MatchConfig) -> CuatrolaState:
    """The first position of a match: hand 0 dealt, the mano to bid."""
    return _start_hand(cfg, 0, first_dealer(cfg), (0, 0), ())
