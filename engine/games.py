"""The registry of games: every shared part (match files, API, CLI, bots) looks games up here.

A game module provides ``NAME``, ``OPTIONS`` (an OptionSpec), ``SEATS`` (an int, or a
function of the rules), ``new_match(seed, preset, options, deals, first_dealer)``,
``parse_deals(json)``, ``deals_to_json(deals)`` and ``match_summary(state)``.

>>> sorted(GAMES)
['cuarenta', 'cuatrola']
"""

from __future__ import annotations

import importlib

from .errors import RulesError

GAMES = {"cuatrola": "engine.cuatrola", "cuarenta": "engine.cuarenta"}


def get_game(name):
    """The game module called ``name``; RulesError for an unknown game."""
    mod = GAMES.get(name) if isinstance(name, str) else None
    if mod is None:
        raise RulesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return importlib.import_module(mod)


def seats_of(game, rules) -> int:
    """Number of seats of ``game`` under ``rules``."""
    seats = game.SEATS
    return seats(rules) if callable(seats) else seats
