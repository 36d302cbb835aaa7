"""The oracle: a player that sees every card. For measurement only.

It is not a level (not in ``LEVELS``, not offered by the api): it reads the
whole state, which no player may. tools/strength/arena.py uses it to measure how much
of the gap between the heuristic and perfect information the expert closes.
Each game's oracle lives next to its expert (``oracle_action`` in
``bots/cuatrola/expert.py`` and ``bots/cuarenta/expert.py``); the game's ``Game`` record
names it.

``oracle(state, seat, rng) -> action text``.
"""

from __future__ import annotations

from ..games import get_game
from ..protocol import load


def oracle(state, seat: int, rng) -> str:
    return load(get_game(state.cfg.game).oracle)(state, seat, rng)
