"""Named errors of the engine; every message is meant for a person to read."""


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

    def __init__(self, reason: str, action: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class MatchFileError(TapeteError):
    """A malformed, truncated or tampered match file."""
