"""Helpers every computer player uses: the rule options of a view, random draws."""

from __future__ import annotations


def rules_of(view: dict, options):
    """The rule options a view carries (every engine view has ``rules``);
    the defaults of ``options`` for a view without them."""
    return options.resolve(view.get("rules") or {})


def below(rng, n: int) -> int:
    """An integer in range(n) from a SeededStream or a random.Random."""
    f = getattr(rng, "below", None)
    return f(n) if f is not None else rng.randrange(n)


class OutOfWork(Exception):
    """A search reached the cap of its decision's ``Work``."""


class Work:
    """The work of one decision, counted without a clock: searched positions, and each
    deal drawn and each decision of the play model replayed at its cost in positions (the
    experts' ``DRAW_WORK``, ``DECIDE_WORK``). ``cap`` (the ``bot`` op's ``budget``, which
    the app sets from the phone's measured speed: docs/bots.md, "In time on a slow
    phone") ends the decision's search once reached; ``None``: no cap, the full
    deterministic budget of the expert's own constants.

    >>> w = Work(100)
    >>> w.used += 60
    >>> w.left()
    40
    >>> Work().left() is None
    True
    """

    __slots__ = ("cap", "used")

    def __init__(self, cap: int | None = None):
        self.cap = cap
        self.used = 0

    def left(self) -> int | None:
        """The work still allowed (``None``: no cap)."""
        return None if self.cap is None else self.cap - self.used
