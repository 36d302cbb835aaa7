"""The state protocol every game implements, in the spirit of OpenSpiel.

A state is an immutable value. ``apply`` returns a new state and never changes
the old one; an illegal action raises :class:`~engine.errors.IllegalActionError`
and leaves nothing half-changed. Actions are small ints; each game gives them a
text notation (``action_text`` / ``parse_action``).

Bots and the UI use only this protocol plus ``view(seat)``, so they are written
once for both games.
"""

from __future__ import annotations

from typing import Protocol, Self

TERMINAL = -1  #: ``current_player`` of a finished match


class GameState(Protocol):
    """What every game's state offers."""

    @property
    def current_player(self) -> int:
        """Seat to act, or :data:`TERMINAL`."""

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the current player may take, ascending."""

    def apply(self, action: int) -> Self:
        """The state after ``action``; raises IllegalActionError."""

    def is_terminal(self) -> bool:
        """True once the match is over."""

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1 for the match winners, -1 for the losers, 0 while undecided."""

    def view(self, seat: int) -> dict:
        """JSON-ready: exactly what ``seat`` may know, legal actions included."""

    def action_text(self, action: int) -> str:
        """Notation of an action."""

    def parse_action(self, text: str) -> int:
        """Action int of a notation; raises IllegalActionError on bad text."""
