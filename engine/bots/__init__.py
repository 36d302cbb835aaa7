"""Computer players. A player gets a seat's view (a JSON-ready dict) and a
random generator, nothing else: it cannot read other seats' cards.

``choose(view, level, rng, work=None) -> action text``; ``work`` (``common.Work``)
counts a search's effort and may cap it (the table's budget on a slow phone,
docs/bots.md "In time on a slow phone"; every offered level takes it, only the
expert searches). Each game's ``Game`` record
(``engine.games``) names its levels and the module of each: ``novice`` (a
beginner: the seeds' beginner mistakes as named rules), ``heuristic`` (the
seed's strategy tips as named rules) and ``expert`` (search over deals
consistent with the view). See docs/bots.md. The players are laid out per
game (``bots/cuatrola/``, ``bots/cuarenta/``), the helpers they share
beside them (``common``). A level's module is imported on first use, so a
page loads only the levels it plays. The all-seeing ``oracle`` used to
measure the others (``engine.bots.oracle``) is not a level.
``MEASUREMENT_LEVELS`` keeps earlier experts (``expert@v1``) to measure new
ones against (tools/strength/arena.py): they are never offered (not in
``LEVELS``; ``choose`` refuses them unless asked with ``measurement=True``,
which the api never does).

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

from ..errors import RulesError, brief
from ..games import GAMES
from ..protocol import load


def _player(ref: str):
    """The player ``ref`` names (``"module:function"``, ``Game.levels``), imported on its
    first move."""
    def play(view: dict, rng, work=None) -> str:
        return load(ref)(view, rng) if work is None else load(ref)(view, rng, work)
    play.__qualname__ = ref.replace(":", ".")
    return play


LEVELS: dict[str, dict] = {name: {level: _player(ref) for level, ref in g.levels.items()}
                           for name, g in GAMES.items()}

#: Earlier experts, kept to measure new ones against (docs/bots.md). Measurement only:
#: never in ``LEVELS``, never offered by the api.
MEASUREMENT_LEVELS: dict[str, dict] = {
    name: {level: _player(ref) for level, ref in g.measurement_levels.items()}
    for name, g in GAMES.items()}


def levels(game: str) -> list[str]:
    return list(LEVELS.get(game, {}))


def level_module(game: str, level: str):
    """The module of ``game``'s player ``level`` (an offered or a measurement level), e.g.
    the expert's, whose constants tools/strength/arena.py changes with ``--expert``."""
    g = GAMES[game]
    ref = g.levels.get(level) or g.measurement_levels[level]
    return load(ref.partition(":")[0])


def choose(view: dict, level: str, rng, measurement: bool = False, work=None) -> str:
    """The action text the computer player of ``level`` picks in ``view``; with
    ``measurement`` also the levels of ``MEASUREMENT_LEVELS`` (tools/strength/arena.py);
    ``work``: a ``common.Work`` that counts the search and may cap it."""
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
    return player(view, rng, work)
