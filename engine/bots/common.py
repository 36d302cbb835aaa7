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
