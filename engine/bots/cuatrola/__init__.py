"""Cuatrola's computer players (docs/bots.md): ``novice``, ``heuristic`` and ``expert``
(levels named in ``engine.cuatrola.GAME``), and what they share: ``info`` (what a seat
knows), ``sample`` (deals consistent with it), ``model`` (inference from the others'
play), ``solver`` (the exact double-dummy search)."""
