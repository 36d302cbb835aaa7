"""Computer players. A player gets a seat's view (a JSON-ready dict) and a
random generator, nothing else: it cannot read other seats' cards.

``choose(view, level, rng) -> action text``. Levels are registered per game
in ``LEVELS``; ``novice`` (uniformly random legal action) exists for every game.

>>> from engine.deal import SeededStream
>>> choose({"game": "cuatrola", "legal": ["pass", "solo"]}, "novice", SeededStream("b", "s", "l"))
'solo'
"""

from __future__ import annotations

from ..errors import RulesError


def novice(view: dict, rng) -> str:
    """Legal and simple: a uniformly random legal action."""
    return rng.choice(view["legal"])


LEVELS: dict[str, dict] = {"cuatrola": {"novice": novice}, "cuarenta": {"novice": novice}}


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
