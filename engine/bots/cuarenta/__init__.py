"""Cuarenta's computer players (docs/bots.md): ``novice``, ``heuristic`` and ``expert``
(levels named in ``engine.cuarenta.GAME``; ``expert_v1`` kept for measurement), and what
they share: ``info`` (what a seat knows, and a simulator of the play), ``search`` (the rank
search of a deal, which the review's double-dummy values use too)."""
