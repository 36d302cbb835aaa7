"""The game record and the state protocol every game implements, in the spirit of OpenSpiel.

A :class:`Game` is what the shared parts (match files, the JSON facade, the command line,
the tools) need of a game: its name, rule options and presets, seats under given rules,
``new_match``, deal parsing and printing, the replay summary, the terminal rendering, its
refusal codes, and where its computer players and its review live (modules named as text,
imported on first use by :func:`load`: a page imports only the levels it plays). Each game
package exports one ``GAME``; :mod:`engine.games` registers them: the one registry.

A state (:class:`GameState`) is an immutable value. ``apply`` returns a new state and never
changes the old one; an illegal action raises :class:`~engine.errors.IllegalActionError`
(with a refusal code) and leaves nothing half-changed. Actions are small ints; each game
gives them a text notation (``action_text`` / ``parse_action``).

The app and the match files use only this protocol plus ``view(seat)``. The computer players
receive only a seat's view, but for speed they read it with their game's own modules
(bitmask tables, rule primitives) rather than through the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Callable, Mapping, Protocol, Self

from .options import OptionSpec, Rules

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

    def public_view(self) -> dict:
        """JSON-ready: what every seat may know (a watcher's view), no hand; ``seat`` None."""

    def action_text(self, action: int) -> str:
        """Notation of an action."""

    def parse_action(self, text: str) -> int:
        """Action int of a notation; raises IllegalActionError on bad text."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game, as the shared parts of the engine see it."""

    name: str
    options: OptionSpec
    #: seats of a match under the given rules
    seats: Callable[[Rules], int]
    #: ``new_match(seed, preset, options, deals, first_dealer)``: the opening state
    new_match: Callable[..., GameState]
    #: explicit deals of a match file (JSON) -> the game's validated deals; MatchFileError
    parse_deals: Callable[[object], tuple]
    #: the inverse of ``parse_deals``
    deals_to_json: Callable[[tuple], list]
    #: a state's replay summary: every finished hand, the score, the winner
    match_summary: Callable[[GameState], dict]
    #: a seat's view as a few lines for the terminal
    render_text: Callable[[dict], str]
    #: the refusal codes this game's states give, each with its param names
    refusals: Mapping[str, tuple[str, ...]]
    #: the computer players offered, weakest first: level -> ``"module:function"`` under
    #: ``engine`` (``function(view, rng) -> action text``), for :func:`load`
    levels: Mapping[str, str]
    #: earlier players kept to measure new ones against (tools/strength/arena.py), never
    #: offered: level -> ``"module:function"``
    measurement_levels: Mapping[str, str]
    #: the all-seeing player (measurement only): ``"module:function"``,
    #: ``function(state, seat, rng) -> action text``
    oracle: str
    #: the module of the review's values (``engine.review``): ``describe``, ``unit``,
    #: ``double_dummy``, ``expert``
    review: str


def load(ref: str):
    """The object ``ref`` names: ``"module:name"`` (or a module alone) under ``engine``,
    imported now if it was not yet.

    >>> load("cards:DECK_SIZE"), load("cards").__name__
    (40, 'engine.cards')
    """
    module, _, name = ref.partition(":")
    mod = import_module("." + module, __package__)
    return getattr(mod, name) if name else mod
