"""Speed benchmarks: ``engine`` (random play, searches), ``bots`` (time per computer move),
``review`` (the ``analyse`` op, the daily deal), ``web`` (the app's start-up in Chromium),
``together`` (play together in Chromium); ``browser`` holds what the Chromium ones share.
Figures only: they assert nothing (docs/performance.md)."""
