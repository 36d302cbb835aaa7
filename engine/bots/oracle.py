"""The oracle: a player that sees every card. For measurement only.

It is not a level (not in ``LEVELS``, not offered by the api): it reads the
whole state, which no player may. tools/strength/arena.py uses it to measure how much
of the gap between the heuristic and perfect information the expert closes.
Each game's oracle lives next to its expert (``oracle_action`` in
``cuatrola_expert`` and ``cuarenta_expert``); this module picks it.

``oracle(state, seat, rng) -> action text``.
"""

from __future__ import annotations


def oracle(state, seat: int, rng) -> str:
    game = state.cfg.game
    if game == "cuatrola":
        from .cuatrola_expert import oracle_action
    elif game == "cuarenta":
        from .cuarenta_expert import oracle_action
    else:
        raise ValueError(f"no oracle for {game!r}")
    return oracle_action(state, seat, rng)
