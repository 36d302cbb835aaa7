"""Deals consistent with what a Cuatrola seat knows (determinizations).

``Sampler(info).sample(rng)`` returns the four current hands: the seat's own
hand, the cards known to be elsewhere (the shown trump card with the dealer
until played, the cards of a cante), and the other unseen cards spread over
the other seats uniformly among the deals that respect every seat's hand size
and ``forbidden`` cards (voids and the other deductions of ``Info``). The
uniform draw is exact: the number of completions is counted for each choice
(dynamic programming over cards and remaining capacities). Deals that
contradict the cantes not sung are rejected and drawn again.

If the deductions contradict each other (possible only when the view's rule
options are unknown and differ from the assumed ones) the sampler drops
them and keeps only hand sizes and known cards.
"""

from __future__ import annotations

from ...cards import cards_of
from ..common import below
from .info import Info

MAX_REJECTS = 30


class Sampler:
    def __init__(self, info: Info, strict: bool = True):
        self.info = info
        me = info.seat
        self.seats = [s for s in range(4) if s != me]
        known_all = 0
        for s in range(4):
            known_all |= info.known[s]
        self.pool = cards_of(info.unseen & ~known_all)
        self.base = [info.known[s] for s in range(4)]
        self.base[me] = info.hand
        caps = []
        for s in self.seats:
            caps.append(info.hand_sizes[s] - info.known[s].bit_count())
        self.caps0 = tuple(caps)
        forb = info.forbidden if strict else [0, 0, 0, 0]
        self.allowed = [tuple(i for i, s in enumerate(self.seats) if not forb[s] >> c & 1)
                        for c in self.pool]
        self.memo: dict = {}
        self.draws = 0      # deals drawn (the work counted at the table: expert.DRAW_WORK)
        self.ok = min(self.caps0, default=0) >= 0 and sum(self.caps0) == len(self.pool) and \
            self.count(0, self.caps0) > 0
        if not self.ok and strict:
            self.__dict__.update(Sampler(info, strict=False).__dict__)

    def count(self, i: int, caps: tuple) -> int:
        """Ways to place pool cards i.. into the remaining capacities."""
        if i == len(self.pool):
            return 1 if not any(caps) else 0
        key = (i, caps)
        v = self.memo.get(key)
        if v is None:
            v = 0
            for j in self.allowed[i]:
                if caps[j]:
                    c2 = caps[:j] + (caps[j] - 1,) + caps[j + 1:]
                    v += self.count(i + 1, c2)
            self.memo[key] = v
        return v

    def draw(self, rng) -> list[int]:
        self.draws += 1
        hands = list(self.base)
        caps = self.caps0
        for i, c in enumerate(self.pool):
            total = self.count(i, caps)
            r = below(rng, total)
            for j in self.allowed[i]:
                if not caps[j]:
                    continue
                c2 = caps[:j] + (caps[j] - 1,) + caps[j + 1:]
                w = self.count(i + 1, c2)
                if r < w:
                    hands[self.seats[j]] |= 1 << c
                    caps = c2
                    break
                r -= w
        return hands

    def sample(self, rng) -> list[int]:
        """Four hand masks consistent with the seat's knowledge."""
        hands = self.draw(rng)
        for _ in range(MAX_REJECTS):
            if self.info.consistent(hands):
                return hands
            hands = self.draw(rng)
        return hands
