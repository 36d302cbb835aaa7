"""95% confidence intervals of measured means, as the measuring tools print them.

>>> mean_ci([1, 2, 3])  # doctest: +ELLIPSIS
(2.0, 1.1316...)
>>> mean_ci([5])
(5.0, nan)
>>> ratio_ci([2, 4, 6], [1, 2, 3])
(2.0, 0.0)
"""

from __future__ import annotations

import math

#: Standard errors either side of a mean that a 95% interval spans (normal approximation).
Z95 = 1.96


def mean_ci(xs):
    """(mean, half-width of its 95% CI); nan where there are too few values to tell."""
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


def ratio_ci(num, den):
    """Ratio of means with a delta-method 95% CI (paired samples)."""
    n = len(num)
    mn, md = sum(num) / n, sum(den) / n
    r = mn / md
    vn = sum((x - mn) ** 2 for x in num) / (n - 1)
    vd = sum((y - md) ** 2 for y in den) / (n - 1)
    cov = sum((x - mn) * (y - md) for x, y in zip(num, den)) / (n - 1)
    var = (vn - 2 * r * cov + r * r * vd) / (md * md) / n
    return r, Z95 * math.sqrt(max(var, 0.0))
