"""The registry of games: every shared part (match files, API, CLI, tools) looks games up here.

Each game package exports one :class:`~engine.protocol.Game` as ``GAME``.

>>> sorted(GAMES)
['cuarenta', 'cuatrola']
>>> get_game("cuatrola").seats(get_game("cuatrola").options.resolve())
4
>>> "not_your_turn" in refusal_codes() and "follow_higher" in refusal_codes()
True
"""

from __future__ import annotations

from .cuarenta import GAME as CUARENTA
from .cuatrola import GAME as CUATROLA
from .errors import COMMON_REFUSALS, RulesError, brief
from .protocol import Game

GAMES: dict[str, Game] = {g.name: g for g in (CUATROLA, CUARENTA)}


def get_game(name) -> Game:
    """The game called ``name``; RulesError for an unknown game."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RulesError(f"unknown game {brief(name)} (known: {', '.join(GAMES)})")
    return game


def refusal_codes() -> dict[str, tuple[str, ...]]:
    """Every refusal code the engine can give, with its param names (docs/api.md)."""
    out = dict(COMMON_REFUSALS)
    for g in GAMES.values():
        out.update(g.refusals)
    return out
