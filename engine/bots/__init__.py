"""Computer players. A player gets a seat's view (a JSON-ready dict) and a
random generator, nothing else: it cannot read other seats' cards.

``choose(view, level, rng) -> action text``. Levels are registered per game
in ``LEVELS``: ``novice`` (a beginner: the seeds' beginner mistakes as named
rules), ``heuristic`` (the seed's strategy tips as named rules) and ``expert``
(search over deals consistent with the view). See docs/bots.md. The
all-seeing ``oracle`` used to measure the others lives in
``engine.bots.oracle`` and is not a level. ``MEASUREMENT_LEVELS`` keeps earlier
experts (``expert@v1``) to measure new ones against (tools/strength/arena.py): they are
never offered (not in ``LEVELS``; ``choose`` refuses them unless asked with
``measurement=True``, which the api never does).

>>> from engine.cuatrola import new_match
>>> from engine.deal import SeededStream
>>> s = new_match(seed="doc")
>>> choose(s.view(s.current_player), "novice", SeededStream("b", "s", "l")) in ("pass", "solo")
True
>>> levels("cuatrola"), levels("cuarenta")
(['novice', 'heuristic', 'expert'], ['novice', 'heuristic', 'expert'])
>>> sorted(MEASUREMENT_LEVELS["cuatrola"])
['expert@v1']
"""

from __future__ import annotations

from importlib import import_module

from ..errors import RulesError, brief


GAMES = ("cuatrola", "cuarenta")
LEVEL_NAMES = ("novice", "heuristic", "expert")


def _player(game: str, level: str, module: str | None = None):
    """Level ``level`` of ``game``: the function ``level`` of module ``{game}_{module}``
    (``module`` defaults to ``level``), imported on first use (a page loads only the
    levels it plays)."""
    module = module or level

    def play(view: dict, rng) -> str:
        return getattr(import_module(f"{__name__}.{game}_{module}"), level)(view, rng)
    play.__qualname__ = f"{game}_{module}.{level}"
    return play


LEVELS: dict[str, dict] = {game: {level: _player(game, level) for level in LEVEL_NAMES}
                           for game in GAMES}


#: Earlier experts, kept unchanged to measure new ones against (docs/bots.md): level name ->
#: module suffix. Measurement only: never in ``LEVELS``, never offered by the api.
MEASUREMENT_MODULES = {"expert@v1": "expert_v1"}
MEASUREMENT_LEVELS: dict[str, dict] = {
    game: {name: _player(game, "expert", module) for name, module in MEASUREMENT_MODULES.items()}
    for game in GAMES}


def levels(game: str) -> list[str]:
    return list(LEVELS.get(game, {}))


def choose(view: dict, level: str, rng, measurement: bool = False) -> str:
    """The action text the computer player of ``level`` picks in ``view``; with
    ``measurement`` also the levels of ``MEASUREMENT_LEVELS`` (tools/strength/arena.py)."""
    if not isinstance(view, dict) or not view.get("legal"):
        raise RulesError("this seat has nothing to do now")
    game = view.get("game")
    if not isinstance(game, str):
        game = ""
    player = LEVELS.get(game, {}).get(level) if isinstance(level, str) else None
    if player is None and measurement and isinstance(level, str):
        player = MEASUREMENT_LEVELS.get(game, {}).get(level)
    if player is None:
        raise RulesError(f"unknown computer level {brief(level)} "
                         f"(known: {', '.join(levels(game))})")
    return player(view, rng)
