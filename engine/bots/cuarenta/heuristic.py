"""The heuristic Cuarenta player: the tips of seed 004 and the caída / limpia /
38 tactics, each a named rule.

``decide(info) -> (action text, rule)``. In order:

  ``claim_ronda``        at the end of the hand, name the rank the ronda holder
                         played three times in that deal (plays are public).
  ``take_forgotten``     (manual sequences) take a sequence the previous player left.
  ``caida``              fall on the card just laid (2 points; with the table
                         cleared, caída y limpia, 4).
  ``limpia``             a capture that clears the table (2 points).
  ``thirty_eight``       the rival at 38 ("38 que no juega") scores only with a
                         caída: never lay him a rank he can still pair.
  ``capture_most``       otherwise capture, taking the most cards and leaving the
                         least for the next player.
When laying a card down, the candidates are filtered by
  ``count_ranks``        "Zähl mit": a rank whose other cards are all gone cannot
                         be fallen on - lay it;
  ``beware_empty_table`` on an empty table lay a rank that has fallen two or three
                         times, or a face card;
  ``play_from_pairs``    lay one of two cards of a rank (only two remain for a
                         caída, and I can answer one);
  ``no_sequences``       do not lay a card next in rank to a table card;
  ``aces_are_dangerous`` an ace adds up with almost anything: keep it;
then the card with the fewest ways for the next player to take it is laid.
"""

from __future__ import annotations

from ...cuarenta import rules as R
from ...cuarenta.captures import RANK_MASK, main_captures
from .info import Info, Sim, claim_rank, rank, sim_of

ACE, JACK = R.ACE, R.JACK


def lay_danger(info: Info, c: int) -> float:
    """How easily the next players take a card laid now: caída chances (unseen cards of
    its rank), the sums it joins, sequences it offers."""
    r = rank(c)
    table = info.table | (1 << c)
    unseen = info.unseen_of(r)
    d = 3.0 * unseen  # a caída by the next player: 2 points (4 if it clears the table)
    if not info.table:
        d += 2.0 * unseen
    # sums: number cards of higher rank that can take it with table cards
    for k in range(r + 1, JACK):
        if info.unseen_of(k) and any(m >> c & 1 for m in main_captures(k, table)):
            d += 0.7 * info.unseen_of(k)
    # sequences: a table card one rank above or below
    if r + 1 < R.RANKS and info.table & RANK_MASK[r + 1]:
        d += 1.5
    if r > 0 and info.table & RANK_MASK[r - 1]:
        d += 1.5
    if r == ACE:
        d += 1.0
    # laying a card worth keeping: face cards and high numbers are harder to take
    return d


def _opponent_at_38(info: Info) -> bool:
    return info.score[1 - info.side] == R.THIRTY_EIGHT and \
        info.rules.thirty_eight == "caida_only"


def choose_lay(info: Info, lays: list[tuple[str, int, int]]) -> tuple[str, str]:
    cards = [c for _, c, _ in lays]
    text = {c: t for t, c, _ in lays}
    pool = list(cards)
    fired = []

    def narrow(name, keep):
        nonlocal pool
        kept = [c for c in pool if keep(c)]
        if kept and len(kept) < len(pool):
            pool = kept
            fired.append(name)

    if _opponent_at_38(info):
        narrow("thirty_eight", lambda c: info.unseen_of(rank(c)) == 0)
    narrow("count_ranks", lambda c: info.unseen_of(rank(c)) == 0)
    if not info.table:
        narrow("beware_empty_table", lambda c: info.gone(rank(c)) >= 3 or rank(c) >= JACK)
    mine = {}
    for c in cards:
        mine[rank(c)] = mine.get(rank(c), 0) + 1
    narrow("play_from_pairs", lambda c: mine[rank(c)] >= 2)
    narrow("no_sequences", lambda c: not (
        (rank(c) + 1 < R.RANKS and info.table & RANK_MASK[rank(c) + 1]) or
        (rank(c) > 0 and info.table & RANK_MASK[rank(c) - 1])))
    narrow("aces_are_dangerous", lambda c: rank(c) != ACE)
    best = min(pool, key=lambda c: (lay_danger(info, c), -rank(c), c))
    return text[best], (fired[0] if fired else "lay_safest")


def capture_value(info: Info, sim: Sim, c: int, taken: int) -> float:
    pts, caida, limpia = sim.gain(c, taken)
    cards = taken.bit_count() + 1
    left = info.table & ~taken
    # what the next player may take afterwards: cards left on the table
    exposure = 0.3 * left.bit_count()
    return 3.0 * pts + cards - exposure


def decide(info: Info) -> tuple[str, str]:
    if info.phase == "claim":
        return claim_rank(info), "claim_ronda"
    legal = info.legal
    if len(legal) == 1:
        return legal[0], "forced"
    takes = [t for t in legal if t.startswith("take:")]
    if takes:
        return takes[0], "take_forgotten"
    acts = info.actions()
    sim = sim_of(info)
    caps = [(t, c, tk) for t, c, tk in acts if tk]
    lays = [(t, c, tk) for t, c, tk in acts if not tk]
    if caps:
        scored = []
        for t, c, tk in caps:
            pts, caida, limpia = sim.gain(c, tk)
            scored.append((capture_value(info, sim, c, tk), caida, limpia, t))
        caidas = [x for x in scored if x[1]]
        if caidas:
            return max(caidas)[3], "caida"
        limpias = [x for x in scored if x[2]]
        if limpias:
            return max(limpias)[3], "limpia"
        return max(scored)[3], "capture_most"
    return choose_lay(info, lays)


def heuristic(view: dict, rng, work=None) -> str:
    """Computer level "heuristic" for Cuarenta (deterministic; no search: ``work`` is not
    counted)."""
    return decide(Info.from_view(view))[0]
