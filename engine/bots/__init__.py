"""Computer players. A player gets a seat's view (a JSON-ready dict) and a
random generator, nothing else: it cannot read other seats' cards.

``choose(view, level, rng) -> action text``. Levels are registered per game
in ``LEVELS``: ``novice`` (a beginner: the seeds' beginner mistakes as named
rules), ``heuristic`` (the seed's strategy tips as named rules) and ``expert``
(search over deals consistent with the view). See docs/bots.md. The
all-seeing ``oracle`` used to measure the others lives in
``engine.bots.oracle`` and is not a level.

>>> from engine.cuatrola import new_match
>>> from engine.deal import SeededStream
>>> s = new_match(seed="doc")
>>> choose(s.view(s.current_player), "novice", SeededStream("b", "s", "l")) in ("pass", "solo")
True
>>> levels("cuatrola"), levels("cuarenta")
(['novice', 'heuristic', 'expert'], ['novice', 'heuristic', 'expert'])
"""

from __future__ import annotations

from importlib import import_module

from ..errors import RulesError


GAMES = ("cuatrola", "cuarenta")
LEVEL_NAMES = ("novice", "heuristic", "expert")


def _player(game: str, level: str):
    """Level ``level`` of ``game``: the function ``level`` of module ``{game}_{level}``,
    imported on first use (a page loads only the levels it plays)."""
    def play(view: dict, rng) -> str:
        return getattr(import_module(f"{__name__}.{game}_{level}"), level)(view, rng)
    play.__qualname__ = f"{game}_{level}.{level}"
    return play


LEVELS: dict[str, dict] = {game: {level: _player(game, level) for level in LEVEL_NAMES}
                           for game in GAMES}


def levels(game: str) -> list[str]:
    return list(LEVELS.get(game, {}))


def choose(view: dict, level: str, rng) -> str:
    """The action text the computer player of ``level`` picks in ``view``."""
    if not view.get("legal"):
        raise RulesError("this seat has nothing to do now")
    player = LEVELS.get(view.get("game"), {}).get(level)
    if player is None:
        raise RulesError(f"unknown computer level {level!r} "
                         f"(known: {', '.join(levels(view.get('game')))})")
    return player(view, rng)
