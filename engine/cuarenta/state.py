"""Cuarenta state: an immutable tuple, hands and table as bitmasks, pure ``apply``.

Seats are numbered in playing order: seat ``s + 1`` plays after seat ``s`` (to its
right by default, to its left with the ``clockwise`` option). Sides are ``s % 2``:
with four players the partners ``s`` and ``s + 2`` sit opposite. The player after
the dealer starts every deal, so the dealer plays the last card of each deal.

Actions are ints (see docs/rules-cuarenta.md, "Action notation"):

* a play: ``card | taken << CARD_BITS`` (``taken`` = bitmask of the table cards it
  captures; 0 lays the card down). Text ``6H``, ``6H:6S``, ``6H:2S+4C>7D+JC``.
* taking a forgotten sequence (``sequences = manual``): ``TAKE | cards << CARD_BITS``,
  text ``take:7D+JC``.
* at the end of the hand: ``CLAIM_BASE + rank`` (``claim:7``) or ``NOCLAIM``
  (``noclaim``).

>>> from engine.cuarenta import new_match
>>> s = new_match(seed="doc", options={"players": 2})
>>> s.phase_name, s.current_player == (s.dealer + 1) % 2, s.hands[0].bit_count()
('play', True, 5)
>>> a = s.legal_actions()[0]
>>> s.apply(a).table == 1 << a
True
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import DECK_SIZE
from ..config import MatchConfig
from ..errors import (ECHO_LIMIT, CardError, IllegalActionError, MatchFileError, Refusal,
                      RulesError, brief)
from ..protocol import TERMINAL
from . import rules as R
from .captures import (ABOVE, CARD_BITS, CARD_FIELD, RANK_MASK, _names, capture_problem,
                       card_texts, next_sequence_rank, plays, sequences)
from .dealing import deal_hand, first_dealer, first_dealer_draw  # noqa: F401 (tests, views)
from .records import (CAIDA, CAPTURE, CARTON, CLAIM, CLAIM_ACTIONS, CLAIM_BASE, CLAIMED, DEAL,
                      DECLINED, FOUR, GAME, LAY, LIMPIA, MATCH, NOCLAIM, NOTE_TODO_DOS,
                      NOTE_ZAPATERO, OVER, PHASE_NAMES, PLAY, RONDA, TAKE, TAKE_SEQ, Event,
                      HandRecord, Params, params_of, worth)
from .views import public_view, seat_view

TEXT = R.DECK.text
RANK_TEXT = R.DECK.ranks

#: The refusal codes of Cuarenta's states, with their params (docs/api.md).
REFUSALS: dict[str, tuple[str, ...]] = {
    # the play
    "not_held": ("card",),                 # a card not in the hand
    "claim_now": ("seat", "against"),      # the hand is over: only a ronda claim now
    "claim_later": (),                     # a ronda claim before the end of the hand
    "no_forgotten": (),                    # take: no forgotten sequence to take
    "take_in_full": ("rank", "options"),   # take: the forgotten sequence, in full
    # captures (engine.cuarenta.captures.capture_problem)
    "outside_deck": (),                    # names cards outside the 40-card deck
    "not_on_table": ("card",),             # takes a card that is not on the table
    "pair_one": ("card", "cards"),         # pairs more than one table card
    "pair_or_sum": ("card", "pair", "cards"),  # pairs and adds up at once
    "face_no_sum": ("card", "cards"),      # J, Q, K cannot add up
    "sum_single": ("cards", "total", "card"),  # a sum of one card
    "sum_wrong": ("cards", "total", "card"),   # cards that do not add up to the card
    "sequence_alone": ("card", "cards"),   # a sequence without a pair or sum
    "sequence_gap": ("card", "rank", "next"),  # a sequence with a gap
    "sequence_one_each": ("cards",),       # two cards of one rank in a sequence
    "sequence_in_full": ("next",),         # sequences = auto: the sequence continues
    # notation
    "bad_claim": ("text",),                # not 'claim:<rank>'
    "bad_rank": ("rank",),                 # no such rank
    "bad_take": ("text",),                 # not 'take:<cards>'
    "bad_capture": ("text",),              # a malformed capture
    "self_capture": ("card",),             # a card taking itself
    "above_rank": ("card", "played"),      # a higher card outside the sequence part
    "below_sequence": ("card", "played"),  # a lower card in the sequence part
}

def _push(log: tuple, events) -> tuple:
    for e in events:
        log = (e, log)
    return log


def unroll(log: tuple) -> tuple:
    """The events of a hand's log (a chain of (event, older) pairs), oldest first."""
    out = []
    while log:
        e, log = log
        out.append(e)
    out.reverse()
    return tuple(out)


class CuarentaState(NamedTuple):
    """One position of a Cuarenta match. Immutable; ``apply`` returns a new one."""

    cfg: MatchConfig
    params: Params
    hand_no: int          # hands started in the match (0-based, across chicas)
    chica: int            # chicas started (0-based; always 0 without ``mesa``)
    dealer: int
    deal_no: int          # deal of this hand (0-based)
    deals: tuple          # this hand's deals (the stock: hidden from every view)
    hands: tuple          # per-seat masks
    table: int            # mask of the cards lying face up
    captured: tuple       # per-side masks of captured cards
    phase: int
    turn: int
    last: int             # card the previous player just laid down (caída target), or -1
    forgot: int           # manual sequences: rank a forgotten sequence continues with, or -1
    rondas: tuple         # ((deal, seat, rank), ...) this hand; the rank is secret
    pending: tuple        # claim phase: ((claimer, ronda holder, deal), ...)
    log: tuple            # this hand's Events, newest first, as (event, older) pairs
    recent: tuple         # the Events of the last action (what the UI announces)
    score: tuple          # per side
    chicas: tuple         # chicas won per side
    history: tuple        # HandRecords
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
    def players(self) -> int:
        return self.params.players

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        n = self.params.players
        if self.winner < 0:
            return (0.0,) * n
        return tuple(1.0 if s % 2 == self.winner else -1.0 for s in range(n))

    def events(self) -> tuple:
        """This hand's events so far, oldest first."""
        return unroll(self.log)

    def legal_actions(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            table = self.table
            manual = self.params.manual
            out = []
            if self.forgot >= 0:
                out.extend(TAKE | s << CARD_BITS for s in sequences(self.forgot - 1, table, True))
            out.extend(plays(self.hands[self.turn], table, manual))
            out.sort()
            return tuple(out)
        if self.phase == CLAIM:
            return CLAIM_ACTIONS
        return ()

    def apply(self, action: int) -> "CuarentaState":
        if type(action) is int and action >= 0:
            if self.phase == PLAY:
                code = action & CARD_FIELD
                taken = action >> CARD_BITS
                if code < DECK_SIZE:
                    if self.hands[self.turn] >> code & 1:
                        if not taken:
                            return self._lay(code)
                        if capture_problem(code, taken, self.table, self.params.manual) is None:
                            return self._capture(code, taken)
                elif code == TAKE and self.forgot >= 0 and \
                        taken in sequences(self.forgot - 1, self.table, True):
                    return self._take(taken)
            elif self.phase == CLAIM and action in CLAIM_ACTIONS:
                return self._claim(action)
        raise self.refusal(action).error(self.action_text(action))

    # ----- notation -------------------------------------------------------
    @staticmethod
    def action_text(action: int) -> str:
        """Text of an action: ``6H``, ``6H:2S+4C>7D+JC``, ``take:7D``, ``claim:7``, ``noclaim``.

        >>> CuarentaState.action_text(R.DECK.parse("6H"))
        '6H'
        >>> CuarentaState.action_text(CLAIM_BASE + R.SEVEN), CuarentaState.action_text(NOCLAIM)
        ('claim:7', 'noclaim')
        """
        if type(action) is not int or action < 0:
            return repr(action)
        code = action & CARD_FIELD
        taken = action >> CARD_BITS
        if taken >> DECK_SIZE:
            return f"#{action}"
        if code < DECK_SIZE:
            if not taken:
                return TEXT(code)
            above = ABOVE[code % R.RANKS]
            text = f"{TEXT(code)}:{_names(taken & ~above)}"
            if taken & above:
                text += ">" + _names(taken & above)
            return text
        if code == TAKE and taken:
            return "take:" + _names(taken)
        if action == NOCLAIM:
            return "noclaim"
        if CLAIM_BASE <= action < CLAIM_BASE + R.RANKS:
            return f"claim:{RANK_TEXT[action - CLAIM_BASE]}"
        return f"#{action}"

    def parse_action(self, text: str) -> int:
        """Action int of a text; IllegalActionError naming what is malformed.

        With ``sequences = auto`` a capture written without ``>`` gets its sequence
        completed (lowest card of each rank), so ``2S:2H`` may stand for ``2S:2H>3H+4H``.
        """
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be text, not {brief(text)}",
                                     code="not_text")
        quoted = brief(text)
        t = text.strip()
        low = t.lower()
        if low == "noclaim":
            return NOCLAIM
        if low.startswith("claim"):
            head, colon, rank = t.partition(":")
            rank = rank.strip().upper()
            if head.strip().lower() != "claim" or not colon or not rank:
                raise _bad("bad_claim", text, f"{quoted} is not a claim: write 'claim:' and the "
                           f"ronda's rank, e.g. 'claim:7', or 'noclaim'")
            if rank not in RANK_TEXT:
                raise _bad("bad_rank", text, f"{brief(rank)} is not a rank: name one of "
                           f"{' '.join(RANK_TEXT)}, e.g. 'claim:7'", rank=rank[:ECHO_LIMIT])
            return CLAIM_BASE + RANK_TEXT.index(rank)
        if low.startswith("take"):
            head, colon, rest = t.partition(":")
            if head.strip().lower() != "take" or not colon:
                raise _bad("bad_take", text, f"{quoted} is not a take: write 'take:' and the "
                           f"forgotten sequence, e.g. 'take:7D+JC'")
            cards = _parse_cards(rest, text, "take")
            if not cards:
                raise _bad("bad_take", text, f"{quoted} names no cards to take")
            return TAKE | _mask(cards, text, "take") << CARD_BITS
        head, colon, rest = t.partition(":")
        if not colon and ">" in head:
            raise _bad("bad_capture", text, f"{quoted}: a sequence never stands alone: write "
                       f"the pair or sum first, e.g. '6H:6S>7D'")
        try:
            c = R.DECK.parse(head)
        except CardError:
            raise _bad("bad_action", text, f"{quoted} is not an action: play a card such as "
                       f"'7H', capture such as '6H:2S+4C' or '6H:2S+4C>7D+JC', or at the end of "
                       f"a hand 'claim:7' or 'noclaim'") from None
        if not colon:
            return c
        main_text, gt, seq_text = rest.partition(">")
        main = _parse_cards(main_text, text, "capture")
        seq = _parse_cards(seq_text, text, "capture") if gt else []
        if gt and not seq:
            raise _bad("bad_capture", text, f"{quoted}: '>' must be followed by the sequence "
                       f"cards, e.g. '6H:2S+4C>7D+JC'")
        if not main:
            if seq:
                raise _bad("bad_capture", text, f"{quoted}: a sequence never stands alone: it "
                           f"follows a pair or a sum, e.g. '6H:6S>7D'")
            raise _bad("bad_capture", text, f"{quoted} names no captured cards: write e.g. "
                       f"'6H:6S' or '6H:2S+4C', or just '{TEXT(c)}' to lay the card down")
        rank = c % R.RANKS
        for x in main + seq:
            if x == c:
                raise _bad("self_capture", text, f"{TEXT(c)} cannot take itself", card=TEXT(c))
        for x in main:
            if x % R.RANKS > rank:
                raise _bad("above_rank", text, f"{TEXT(x)} ranks above {TEXT(c)}: it can only "
                           f"be taken in a sequence, written after '>' (e.g. "
                           f"'{TEXT(c)}:...>{TEXT(x)}')", card=TEXT(x), played=TEXT(c))
        for x in seq:
            if x % R.RANKS <= rank:
                raise _bad("below_sequence", text, f"{TEXT(x)} cannot be part of a sequence: a "
                           f"sequence runs upward from {TEXT(c)}; pairs and sums are written "
                           f"before '>'", card=TEXT(x), played=TEXT(c))
        taken = _mask(main + seq, text)
        if not gt and self.phase == PLAY and not self.params.manual:
            k = rank + 1
            while k < R.RANKS:
                here = self.table & ~taken & RANK_MASK[k]
                if not here:
                    break
                taken |= here & -here
                k += 1
        return c | taken << CARD_BITS

    # ----- explaining -----------------------------------------------------
    def explain(self, action) -> str:
        """Why ``action`` is illegal here, in words for a player ('' if legal)."""
        r = self.refusal(action)
        return r.reason if r else ""

    def refusal(self, action) -> Refusal | None:
        """Why ``action`` is illegal here (code, params, reason), or None if legal."""
        if type(action) is not int or action < 0:
            return Refusal("bad_action", {"text": brief(action)}, f"{brief(action)} is not an action")
        if self.phase == OVER:
            return Refusal("match_over", {}, "the match is over")
        code = action & CARD_FIELD
        taken = action >> CARD_BITS
        if self.phase == CLAIM:
            if action in CLAIM_ACTIONS:
                return None
            claimer, holder, _ = self.pending[0]
            return Refusal("claim_now", {"seat": claimer, "against": holder},
                           f"the hand is over: seat {claimer} may name the rank of seat "
                           f"{holder}'s ronda (e.g. 'claim:7') or decline ('noclaim'); no card "
                           f"can be played now")
        if code < DECK_SIZE:
            if not self.hands[self.turn] >> code & 1:
                return Refusal("not_held", {"card": TEXT(code)}, f"you do not hold {TEXT(code)}")
            if not taken:
                return None
            return capture_problem(code, taken, self.table, self.params.manual)
        if code == TAKE:
            if self.forgot < 0:
                return Refusal("no_forgotten", {},
                               "there is no forgotten sequence to take: that is possible only "
                               "right after the previous player stopped a sequence short (rule "
                               "option sequences = manual)")
            options = sequences(self.forgot - 1, self.table, True)
            if taken in options:
                return None
            return Refusal("take_in_full",
                           {"rank": RANK_TEXT[self.forgot], "options": [card_texts(s) for s in options]},
                           f"the forgotten sequence is taken in full, one card of each rank "
                           f"from {RANK_TEXT[self.forgot]} upward: "
                           + " or ".join("take:" + _names(s) for s in options))
        if action in CLAIM_ACTIONS:
            return Refusal("claim_later", {}, "a ronda can be claimed only at the end of the hand")
        text = self.action_text(action)
        return Refusal("bad_action", {"text": text}, f"{text} is not an action")

    # ----- play -----------------------------------------------------------
    def _lay(self, c: int) -> "CuarentaState":
        seat = self.turn
        ev = Event(LAY, seat, seat & 1, c, deal=self.deal_no)
        hands = list(self.hands)
        hands[seat] ^= 1 << c
        if seat != self.dealer or hands[seat]:  # the common case, in one step
            return self._replace(hands=tuple(hands), table=self.table | 1 << c, last=c,
                                 forgot=-1, log=(ev, self.log), recent=(ev,),
                                 turn=(seat + 1) % self.params.players)
        st = self._replace(hands=tuple(hands), table=self.table | 1 << c, last=c, forgot=-1,
                           log=(ev, self.log))
        return st._advance(seat, [ev])

    def _capture(self, c: int, taken: int) -> "CuarentaState":
        p = self.params
        seat = self.turn
        side = seat & 1
        rank = c % R.RANKS
        table = self.table & ~taken
        recent = [Event(CAPTURE, seat, side, c, taken, deal=self.deal_no)]
        score = self.score
        caida = self.last >= 0 and (taken & RANK_MASK[rank]) >> self.last & 1
        if caida or not table:
            before = score[side]
            gained = 0
            if caida:
                pts, note = worth(self.params, CAIDA, R.CAIDA_POINTS, before)
                recent.append(Event(CAIDA, seat, side, self.last, points=pts, note=note,
                                    deal=self.deal_no, against=(seat - 1) % p.players))
                gained += pts
            if not table:
                if caida and p.todo_dos:
                    pts, note = R.TODO_DOS_POINTS - R.CAIDA_POINTS, NOTE_TODO_DOS
                else:
                    pts, note = worth(self.params, LIMPIA, R.LIMPIA_POINTS, before)
                recent.append(Event(LIMPIA, seat, side, points=pts, note=note,
                                    deal=self.deal_no))
                gained += pts
            if gained:
                score = (score[0] + gained, score[1]) if side == 0 else \
                    (score[0], score[1] + gained)
        hands = list(self.hands)
        hands[seat] ^= 1 << c
        captured = (self.captured[0] | taken | 1 << c, self.captured[1]) if side == 0 else \
            (self.captured[0], self.captured[1] | taken | 1 << c)
        forgot = next_sequence_rank(rank, taken, table) if p.manual else -1
        st = self._replace(hands=tuple(hands), table=table, captured=captured, last=-1,
                           forgot=forgot, score=score, log=_push(self.log, recent))
        if score[side] >= R.TARGET_POINTS:
            return st._game_won(side, recent, finished=False)
        return st._advance(seat, recent)

    def _take(self, taken: int) -> "CuarentaState":
        seat = self.turn
        side = seat & 1
        ev = Event(TAKE_SEQ, seat, side, cards=taken, deal=self.deal_no,
                   against=(seat - 1) % self.params.players)
        captured = list(self.captured)
        captured[side] |= taken
        return self._replace(table=self.table & ~taken, captured=tuple(captured), forgot=-1,
                             log=(ev, self.log), recent=(ev,))

    def _advance(self, seat: int, recent: list) -> "CuarentaState":
        """Pass the turn; deal again or end the hand after the dealer's last card."""
        if seat != self.dealer or self.hands[seat]:
            return self._replace(turn=(seat + 1) % self.params.players, recent=tuple(recent))
        if self.deal_no + 1 < len(self.deals):
            nxt = self.deal_no + 1
            st = self._replace(deal_no=nxt, hands=self.deals[nxt], last=-1,
                               turn=(self.dealer + 1) % self.params.players)
            return st._open_deal(recent)
        return self._replace(forgot=-1, last=-1)._claim_phase(recent)

    def _open_deal(self, recent: list) -> "CuarentaState":
        """Announce rondas (and a four of a kind) before the first card of a deal."""
        n = self.params.players
        d = self.deal_no
        ev = Event(DEAL, self.dealer, self.dealer & 1, deal=d)
        recent.append(ev)
        log = (ev, self.log)
        score = self.score
        rondas = self.rondas
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            side = seat & 1
            h = self.hands[seat]
            for k in range(R.RANKS):
                same = h & RANK_MASK[k]
                if not same or not same & (same - 1):
                    continue
                count = same.bit_count()
                if count == R.FOUR_OF_A_KIND:
                    ev = Event(FOUR, seat, side, cards=same, rank=k, deal=d)
                    recent.append(ev)
                    st = self._replace(log=(ev, log), score=score, rondas=rondas)
                    return st._game_won(side, recent, finished=False)
                if count == R.RONDA_SIZE:
                    pts, note = worth(self.params, RONDA, R.RONDA_POINTS, score[side])
                    ev = Event(RONDA, seat, side, points=pts, note=note, rank=k, deal=d)
                    recent.append(ev)
                    log = (ev, log)
                    rondas += ((d, seat, k),)
                    if pts:
                        score = (score[0] + pts, score[1]) if side == 0 else \
                            (score[0], score[1] + pts)
                        if score[side] >= R.TARGET_POINTS:
                            st = self._replace(log=log, score=score, rondas=rondas)
                            return st._game_won(side, recent, finished=False)
                    break
        return self._replace(log=log, score=score, rondas=rondas, recent=tuple(recent))

    # ----- end of the hand ------------------------------------------------
    def _claim_phase(self, recent: list) -> "CuarentaState":
        """After the last card: the ronda claims owed, then the cartón."""
        pending = []
        if self.rondas:
            n = self.params.players
            caidas = {(e.deal, e.seat) for e in unroll(self.log) if e.kind == CAIDA}
            for d, holder, _ in self.rondas:
                claimer = (holder + 1) % n  # only the next player can fall on holder's card
                if (d, claimer) in caidas:
                    pending.append((claimer, holder, d))
        return self._replace(pending=tuple(pending))._next_claim(recent)

    def _can_claim(self, claimer: int) -> bool:
        side = claimer & 1
        return worth(self.params, CLAIMED, R.RONDA_CLAIM_POINTS, self.score[side])[0] > 0

    def _next_claim(self, recent: list) -> "CuarentaState":
        pending = self.pending
        while pending and not self._can_claim(pending[0][0]):
            pending = pending[1:]
        if pending:
            return self._replace(phase=CLAIM, pending=pending, turn=pending[0][0],
                                 recent=tuple(recent))
        return self._replace(pending=())._finish_hand(recent)

    def caida_cards(self, claimer: int, holder: int, deal: int) -> int:
        """Mask of ``holder``'s cards that ``claimer`` fell on by caída in ``deal``."""
        m = 0
        for e in unroll(self.log):
            if e.kind == CAIDA and e.seat == claimer and e.deal == deal and e.against == holder:
                m |= 1 << e.card
        return m

    def _claim(self, action: int) -> "CuarentaState":
        claimer, holder, d = self.pending[0]
        side = claimer & 1
        recent = []
        score = self.score
        if action == NOCLAIM:
            ev = Event(DECLINED, claimer, side, deal=d, against=holder)
        else:
            named = action - CLAIM_BASE
            ronda_rank = next(k for dd, s, k in self.rondas if dd == d and s == holder)
            fell = self.caida_cards(claimer, holder, d)
            right = named == ronda_rank and bool(fell & RANK_MASK[ronda_rank])
            if right:
                pts, note = worth(self.params, CLAIMED, R.RONDA_CLAIM_POINTS, score[side])
                note = note or "right"
            else:
                pts, note = 0, "wrong"
            ev = Event(CLAIMED, claimer, side, points=pts, note=note, rank=named, deal=d,
                       against=holder)
            if pts:
                score = (score[0] + pts, score[1]) if side == 0 else (score[0], score[1] + pts)
        recent.append(ev)
        st = self._replace(score=score, pending=self.pending[1:], log=(ev, self.log))
        if score[side] >= R.TARGET_POINTS:
            return st._game_won(side, recent, finished=False)
        return st._next_claim(recent)

    def _finish_hand(self, recent: list) -> "CuarentaState":
        counts = (self.captured[0].bit_count(), self.captured[1].bit_count())
        side, base = R.carton(counts, self.dealer & 1)
        pts, note = worth(self.params, CARTON, base, self.score[side])
        ev = Event(CARTON, side=side, points=pts, note=note, count=counts[side])
        recent.append(ev)
        score = self.score
        if pts:
            score = (score[0] + pts, score[1]) if side == 0 else (score[0], score[1] + pts)
        st = self._replace(score=score, log=(ev, self.log))
        if score[side] >= R.TARGET_POINTS:
            return st._game_won(side, recent, finished=True)
        history = self.history + (st._record(st.log, True),)
        return _start_hand(self.cfg, self.params, self.hand_no + 1, self.chica,
                           (self.dealer + 1) % self.params.players, score, self.chicas,
                           history, recent)

    def _record(self, log: tuple, finished: bool) -> HandRecord:
        events = unroll(log)
        points = [0, 0]
        for e in events:
            if e.points:
                points[e.side] += e.points
        return HandRecord(self.hand_no, self.chica, self.dealer, self.deals[:self.deal_no + 1],
                          events, (self.captured[0].bit_count(), self.captured[1].bit_count()),
                          tuple(points), self.score, finished)

    def _game_won(self, side: int, recent: list, finished: bool) -> "CuarentaState":
        """``side`` won the game to 40 (a chica): the match ends, or the next chica starts."""
        p = self.params
        zapatero = p.mesa and self.score[1 - side] < R.ZAPATERO_BELOW
        ev = Event(GAME, side=side, note=NOTE_ZAPATERO if zapatero else "")
        recent.append(ev)
        log = (ev, self.log)
        history = self.history + (self._record(log, finished),)
        chicas = list(self.chicas)
        chicas[side] += 1
        chicas = tuple(chicas)
        if not p.mesa or zapatero or chicas[side] >= R.CHICAS_FOR_MESA:
            end = Event(MATCH, side=side, note=NOTE_ZAPATERO if zapatero else "")
            recent.append(end)
            return self._replace(phase=OVER, turn=TERMINAL, winner=side, chicas=chicas,
                                 history=history, pending=(), forgot=-1,
                                 log=(end, log), recent=tuple(recent))
        return _start_hand(self.cfg, p, self.hand_no + 1, self.chica + 1,
                           (self.dealer + 1) % p.players, (0, 0), chicas, history, recent)

    # ----- views ----------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand, never another's, nor another's ronda rank."""
        return seat_view(self, seat)

    def public_view(self) -> dict:
        """What every seat may know (a watcher's view): no hand, no legal actions."""
        return public_view(self)


def _bad(code: str, text: str, reason: str, **params) -> IllegalActionError:
    """A notation error: refusal ``code`` with ``params`` (default: the text, cut short)."""
    short = text[:ECHO_LIMIT]
    return IllegalActionError(reason, short, code=code, params=params or {"text": short})


def _parse_cards(text: str, whole: str, what: str) -> list[int]:
    if not text.strip():
        return []
    out = []
    for piece in text.split("+"):
        if not piece.strip():
            raise _bad(f"bad_{what}", whole, f"{brief(whole)} is not a well-formed {what}: "
                       f"join the cards with '+', e.g. '6H:2S+4C>7D+JC'")
        try:
            out.append(R.DECK.parse(piece))
        except CardError as e:
            raise _bad(f"bad_{what}", whole, f"{brief(whole)}: {e}") from None
    return out


def _mask(cards: list[int], whole: str, what: str = "capture") -> int:
    m = 0
    for c in cards:
        if m >> c & 1:
            raise _bad(f"bad_{what}", whole, f"{brief(whole)} names {TEXT(c)} twice")
        m |= 1 << c
    return m


def _start_hand(cfg: MatchConfig, params: Params, hand_no: int, chica: int, dealer: int,
                score: tuple, chicas: tuple, history: tuple, recent: list) -> CuarentaState:
    deals = deal_hand(cfg, hand_no, dealer, params.players)
    state = CuarentaState(cfg, params, hand_no, chica, dealer, 0, deals, deals[0], 0, (0, 0),
                          PLAY, (dealer + 1) % params.players, -1, -1, (), (), (), (), score,
                          chicas, history, -1)
    return state._open_deal(recent)


def initial_state(cfg: MatchConfig) -> CuarentaState:
    """The first position of a match: hand 0, deal 0 dealt, rondas announced."""
    params = params_of(cfg.rules)
    n = params.players
    if cfg.first_dealer is not None and (
            type(cfg.first_dealer) is not int or not 0 <= cfg.first_dealer < n):
        raise RulesError(f"first_dealer must be a seat 0..{n - 1}")
    for i, hand in enumerate(cfg.deals):
        if len(hand[0]) != n:
            raise MatchFileError(f"explicit deals for hand {i + 1} are for {len(hand[0])} "
                                 f"players, but the rules say {n}")
    return _start_hand(cfg, params, 0, 0, first_dealer(cfg, n), (0, 0), (0, 0), (), [])
