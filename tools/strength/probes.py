"""Measurement-only Cuatrola probes for tools/strength/arena.py: the expert with one thing changed.

They locate the expert->oracle gap and are never players (not in ``engine.bots.LEVELS``,
not offered by the api): each reads the whole state, which no seat may.

* ``oracle@normal``, ``oracle@declarer``, ``oracle@defender``: the oracle plays the
  cards of normal hands / of hands A's side declared / of hands B's side declared; the
  expert bids and plays everything else.
* ``expert+partner[/trumps|/top][@bids|@trick1|@later]``: the expert is told its
  partner's hand (all of it, its trumps only, or its as and tres only) while bidding, in
  the first trick, or from the second trick on (default: always).
* ``expert+leads=FILE``: the expert with the lead correction of a model file that
  ``tools/train/leads.py --out FILE`` wrote added to its leads' values
  (``tools/train/lead_model.py``; the shipped expert has none). It reads only its view.

A probe draws the expert's random stream (``RNG_LEVEL``), so ``--paired-with`` an
expert run on the same seeds compares the very same decisions wherever the probe does
not change them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.bots import choose
from engine.bots.oracle import oracle
from tools.train.lead_model import corrected_card

RNG_LEVEL = "expert"
PARTS = ("all", "trumps", "top")
WHEN = ("always", "bids", "trick1", "later")
HANDS = ("normal", "declarer", "defender")


LEADS = "expert+leads="


def parse(level: str):
    """``("oracle", hands, None)``, ``("partner", part, when)`` or ``("leads", file,
    None)``; None if not a probe.

    >>> parse("oracle@normal"), parse("expert+partner/top@later"), parse("expert")
    (('oracle', 'normal', None), ('partner', 'top', 'later'), None)
    >>> parse("expert+leads=runs/leads.json")
    ('leads', 'runs/leads.json', None)
    """
    if level.startswith(LEADS) and len(level) > len(LEADS):
        return "leads", level[len(LEADS):], None
    if level.startswith("oracle@"):
        hands = level.split("@", 1)[1]
        return ("oracle", hands, None) if hands in HANDS else None
    if not level.startswith("expert+partner"):
        return None
    rest = level[len("expert+partner"):]
    rest, _, when = rest.partition("@")
    part = rest[1:] if rest.startswith("/") else ("all" if not rest else None)
    when = when or "always"
    if part not in PARTS or when not in WHEN:
        return None
    return "partner", part, when


def _phase(state, when: str) -> bool:
    if when == "always":
        return True
    if state.phase_name == "bidding":
        return when == "bids"
    return when == ("trick1" if not state.tricks else "later")


def told(info, state, part: str):
    """``info`` with the partner's cards (``part`` of them) known; for a part, the other
    cards of that part are forbidden to him."""
    from engine.bots.cuatrola.info import ALL_CARDS
    from engine.cards import card
    from engine.cuatrola import rules as R
    from engine.cuatrola.play import SUIT_MASK
    p = info.partner
    mask = ALL_CARDS
    if part == "trumps":
        mask = SUIT_MASK[info.trump]
    elif part == "top":
        mask = sum(1 << card(r, s) for s in range(4) for r in (R.AS, R.TRES))
    hand = state.hands[p]
    known = list(info.known)
    known[p] |= hand & mask
    info.known = known
    if part != "all":
        forbidden = list(info.forbidden)
        forbidden[p] |= info.unseen & mask & ~hand
        info.forbidden = forbidden
    return info


@lru_cache(maxsize=None)
def lead_weights(path: str) -> tuple[float, ...]:
    """The weights of a lead model file (checked: ``lead_model.load``), read once."""
    from tools.train.lead_model import load
    return load(Path(path))


def act(state, seat: int, level: str, rng):
    """The probe's action text (``level`` must parse)."""
    from engine.bots.cuatrola import expert as E
    from engine.bots.cuatrola.info import Info
    from engine.cuatrola import rules as R
    kind, what, when = parse(level)
    if kind == "leads":
        info = Info.from_view(state.view(seat))
        if info.phase == "bidding" or len(info.legal) == 1:
            return choose(state.view(seat), "expert", rng)
        return state.action_text(corrected_card(info, rng, lead_weights(what)))
    if kind == "oracle":
        if state.phase_name != "bidding":
            if state.contract == R.PASS:
                hands = "normal"
            else:
                hands = "declarer" if state.declarer % 2 == seat % 2 else "defender"
            if hands == what:
                return oracle(state, seat, rng)
        return choose(state.view(seat), "expert", rng)
    if not _phase(state, when):
        return choose(state.view(seat), "expert", rng)
    info = told(Info.from_view(state.view(seat)), state, what)
    return state.action_text(E.decide(info, rng))
