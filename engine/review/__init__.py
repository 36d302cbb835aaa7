"""Learning from a hand: each decision of a seat valued with every card visible and with
only what the seat could know (docs/api.md, ops ``analyse`` and ``hint``).

``Replay(opening, texts)`` replays a match file (who took each action, in which hand).
``decisions(replay, seat, hand_no)`` lists a seat's decisions in a hand (no search);
``analyse(replay, seat, index, rng)`` values one of them both ways; ``hint(view, rng)``
values the decision of the seat to act from its view alone. The games' modules
(``cuatrola``, ``cuarenta``: each game's ``Game.review``) hold the values, units and
budgets; this one shapes the answers: every legal choice with both values, the best
choices, what the choice made cost, and whether that is a mistake (a cost at least the
game's threshold).

Only a hand that is over is analysed (the api refuses the others): values with every
card visible depend on hidden cards. ``hint`` and the expert's values read nothing but
the seat's view, so hidden cards never change them (tests/engine/test_review.py).
"""

from __future__ import annotations

from ..games import get_game
from ..protocol import load

#: The random stream of the review's expert values: (seed, "<actions before>/<seat>"), as
#: the ``bot`` op's, so the same position always gets the same values (hint and analyse).
REVIEW_STREAM = "review"
DIGITS = 2  #: values are answered with at most this many decimals


def game_module(game: str):
    """The module of ``game``'s review values (its ``Game.review``)."""
    return load(get_game(game).review)


class Replay:
    """A match replayed action by action. Per action it keeps the hand it was taken in
    and the seat that took it; states are kept only at the start of each hand (a long
    match file costs little memory) and rebuilt within a hand on demand."""

    def __init__(self, opening, texts):
        self.game = opening.cfg.game
        self.texts = list(texts)
        self.hand_nos: list[int] = []   # per action: its hand (0-based)
        self.seats: list[int] = []      # per action: the seat that took it
        self.starts: dict = {}          # hand (0-based) -> (its first action, the state then)
        s = opening
        for i, t in enumerate(self.texts):
            if s.hand_no not in self.starts:
                self.starts[s.hand_no] = (i, s)
            self.hand_nos.append(s.hand_no)
            self.seats.append(s.current_player)
            s = s.apply(s.parse_action(t))
        self.final = s

    def hands(self) -> int:
        """Hands started in the match (1-based numbers 1 .. hands())."""
        return self.final.hand_no + 1

    def hand_over(self, hand_no: int) -> bool:
        """Is hand ``hand_no`` (0-based) over (so that every card of it may be shown)?"""
        return hand_no < self.final.hand_no or self.final.is_terminal()

    def hand_states(self, hand_no: int):
        """(index, state before the action, action) for every action of hand ``hand_no``."""
        if hand_no not in self.starts:
            return
        i, s = self.starts[hand_no]
        while i < len(self.texts) and self.hand_nos[i] == hand_no:
            a = s.parse_action(self.texts[i])
            yield i, s, a
            s = s.apply(a)
            i += 1

    def before(self, index: int):
        """(the state before action ``index``, that action)."""
        for i, s, a in self.hand_states(self.hand_nos[index]):
            if i == index:
                return s, a
        raise IndexError(index)


def prefix_state(rp: Replay, upto: int):
    """The state after the first ``upto`` actions (0 .. len(rp.texts))."""
    if upto >= len(rp.texts):
        return rp.final
    i, s = rp.starts[rp.hand_nos[upto]]
    while i < upto:
        s = s.apply(s.parse_action(rp.texts[i]))
        i += 1
    return s


def decisions(rp: Replay, seat: int, hand_no: int) -> list[dict]:
    """Every action ``seat`` took in hand ``hand_no`` (0-based), in order, without values."""
    g = game_module(rp.game)
    out = []
    for i, s, a in rp.hand_states(hand_no):
        if s.current_player == seat:
            n = len(s.legal_actions())
            out.append({"action": i, "played": s.action_text(a), "choices": n,
                        "forced": n == 1, **g.describe(s, a)})
    return out


def analyse(rp: Replay, seat: int, index: int, rng) -> dict:
    """Action ``index`` of the match (a decision of ``seat`` in a hand that is over),
    valued with every card visible and from the seat's view."""
    g = game_module(rp.game)
    state, action = rp.before(index)
    view = state.view(seat)
    unit, threshold = g.unit(view)
    dd, dd_search = g.double_dummy(state, seat)
    ex = g.expert(view, rng)
    played = state.action_text(action)
    dd = _rounded(dd)
    ev = _rounded(ex["values"]) if ex is not None else None
    choices = []
    for t, v in dd.items():
        row = {"action": t, "double_dummy": v, "expert": None if ev is None else ev[t]}
        if ex is not None and "win" in ex:
            row["win"] = round(ex["win"][t], DIGITS + 1)
        choices.append(row)
    cost = {"double_dummy": _cost(dd, played), "expert": 0 if ev is None else _cost(ev, played)}
    best = {"double_dummy": _best(dd), "expert": [played] if ev is None else _best(ev)}
    return {"game": rp.game, "seat": seat, "hand": state.hand_no + 1, "action": index,
            "played": played, **g.describe(state, action), "forced": len(dd) == 1,
            "unit": unit, "threshold": threshold, "choices": choices, "best": best,
            "cost": cost, "mistake": {k: v >= threshold for k, v in cost.items()},
            "search": {"double_dummy": dd_search,
                       "expert": ex["search"] if ex is not None else None}}


def hint(view: dict, rng) -> dict:
    """The expert's choice for the seat to act and why, from its ``view`` alone: the value
    of every legal action, the best ones, and how far the choice is ahead of the next."""
    g = game_module(view["game"])
    unit, _ = g.unit(view)
    ex = g.expert(view, rng)
    legal = view["legal"]
    out = {"game": view["game"], "seat": view["seat"], "unit": unit}
    if ex is None:
        return {**out, "choice": legal[0], "forced": True,
                "choices": [{"action": legal[0], "expert": None}], "best": [legal[0]],
                "gap": None, "search": None}
    values = _rounded(ex["values"])
    best = _best(values)
    choice = ex["tie"] if ex["tie"] in best else best[0]
    rows = []
    for t in legal:
        row = {"action": t, "expert": values[t]}
        if "win" in ex:
            row["win"] = round(ex["win"][t], DIGITS + 1)
        rows.append(row)
    gap = values[choice] - max(v for t, v in values.items() if t != choice)
    return {**out, "choice": choice, "forced": False, "choices": rows, "best": best,
            "gap": round(gap, DIGITS), "search": ex["search"]}


def _rounded(values: dict) -> dict:
    """Values as answered (``DIGITS`` decimals; whole numbers stay ints): best choices and
    costs are computed from these, so an app's arithmetic on the answer agrees."""
    return {t: v if isinstance(v, int) else round(v, DIGITS) for t, v in values.items()}


def _best(values: dict) -> list[str]:
    top = max(values.values())
    return [t for t, v in values.items() if v == top]


def _cost(values: dict, played: str):
    return round(max(values.values()) - values[played], DIGITS)
