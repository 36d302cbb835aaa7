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

from ..errors import RulesError


def _cuatrola_novice(view: dict, rng) -> str:
    from .cuatrola_novice import novice
    return novice(view, rng)


def _cuarenta_novice(view: dict, rng) -> str:
    from .cuarenta_novice import novice
    return novice(view, rng)


def _cuatrola_heuristic(view: dict, rng) -> str:
    from .cuatrola_heuristic import heuristic
    return heuristic(view, rng)


def _cuatrola_expert(view: dict, rng) -> str:
    from .cuatrola_expert import expert
    return expert(view, rng)


def _cuarenta_heuristic(view: dict, rng) -> str:
    from .cuarenta_heuristic import heuristic
    return heuristic(view, rng)


def _cuarenta_expert(view: dict, rng) -> str:
    from .cuarenta_expert import expert
    return expert(view, rng)


LEVELS: dict[str, dict] = {
    "cuatrola": {"novice": _cuatrola_novice, "heuristic": _cuatrola_heuristic,
                 "expert": _cuatrola_expert},
    "cuarenta": {"novice": _cuarenta_novice, "heuristic": _cuarenta_heuristic,
                 "expert": _cuarenta_expert},
}


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
