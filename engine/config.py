"""MatchConfig: what fixes every deal of a match (rules, seed, explicit deals)."""

from __future__ import annotations

from dataclasses import dataclass

from .options import Rules

DEFAULT_SEED = "tapete"  #: seed used for deals beyond a file's explicit ones


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """Immutable and shared by every state of one match.

    ``deals`` holds explicit deals (game-specific, already validated) used for
    the first ``len(deals)`` hands; later hands are shuffled from ``seed``.
    ``first_dealer`` overrides the seeded first dealer when not None.
    """

    game: str
    rules: Rules
    seed: str = DEFAULT_SEED
    deals: tuple = ()
    first_dealer: int | None = None
