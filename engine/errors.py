"""Named errors of the engine; every message is meant for a person to read.

A refusal of an action carries a stable ``code`` and its ``params`` next to the English
``reason``, so an app can say it in the player's language (docs/api.md, "Refusal codes").
Params are plain JSON: suits as the deck's suit letter, cards as card text, bids by name,
ranks as rank text, seats and numbers as ints.

>>> r = Refusal("not_your_turn", {"seat": 2}, "it is not your turn: seat 2 is to act")
>>> e = r.error("1O")
>>> e.code, e.params, e.reason, e.action
('not_your_turn', {'seat': 2}, 'it is not your turn: seat 2 is to act', '1O')
"""

from __future__ import annotations

from typing import NamedTuple

#: Longest piece of a caller's input an error message or answer repeats.
ECHO_LIMIT = 60


def brief(value) -> str:
    """``repr(value)`` cut to :data:`ECHO_LIMIT` characters, for messages that echo input.

    >>> len(brief("x" * 100)), brief("x" * 100)[-3:], brief([1, 2]), brief(99)
    (60, "x…'", 'a list', '99')
    """
    if isinstance(value, int) and value.bit_length() > ECHO_LIMIT * 3:
        text = "a very large number"
    elif isinstance(value, (str, int, float)) or value is None:
        text = repr(value)
    elif isinstance(value, list):
        text = "a list"
    elif isinstance(value, dict):
        text = "an object"
    else:
        text = type(value).__name__
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT - 2] + "…" + text[0]


class Refusal(NamedTuple):
    """Why an action is refused: a stable code, its params and the English sentence."""

    code: str
    params: dict
    reason: str

    def error(self, action: str | None = None) -> "IllegalActionError":
        """The exception that carries this refusal."""
        return IllegalActionError(self.reason, action, code=self.code, params=self.params)


#: Refusal codes every game may give, with their params (each game adds its own:
#: ``Game.refusals``).
COMMON_REFUSALS: dict[str, tuple[str, ...]] = {
    "match_over": (),                 # the match is over
    "not_your_turn": ("seat",),       # another seat is to act
    "not_text": (),                   # an action must be text
    "bad_action": ("text",),          # text that names no action of the game
}


class TapeteError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(TapeteError):
    """Card text that names no card of the deck."""


class RulesError(TapeteError):
    """An unknown rule option, a bad option value or an unknown preset."""


class IllegalActionError(TapeteError):
    """An action that is not legal in the current state.

    ``reason`` is a sentence a player can read, e.g.
    ``"you must follow oros with a higher card"``.
    """

    def __init__(self, reason: str, action: str | None = None, *, code: str,
                 params: dict | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.code = code
        self.params = params if params is not None else {}

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.code, self.params, self.reason)


class MatchFileError(TapeteError):
    """A malformed, truncated or tampered match file."""


class BadRequest(TapeteError):
    """A request to the JSON facade (``engine.api``) that is not what its op expects
    (``code``: its refusal code, with ``params``; ``bad_request`` unless another of the
    facade's request refusals says it better)."""

    def __init__(self, message: str, code: str = "bad_request", params: dict | None = None):
        super().__init__(message)
        self.code = code
        self.params = params or {}
