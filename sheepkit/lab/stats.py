"""Small, dependency-free statistics: confidence intervals for proportions and means.

Everything here takes plain lists of numbers, so a student can check it by hand:
``wilson(5, 10)`` is the 95% interval for "5 wins out of 10 games".
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import TypeVar

Interval = tuple[float, float]
T = TypeVar("T")

# Exact 95% two-sided t quantiles for the smallest samples, where the expansion below is poor.
_T95 = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764}


def z_value(confidence: float = 0.95) -> float:
    """The normal quantile for a two-sided interval: 1.96 for 95%."""
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def t_value(df: int, confidence: float = 0.95) -> float:
    """Student's t quantile for a two-sided interval with ``df`` degrees of freedom.

    Uses the Cornish-Fisher expansion around the normal quantile (accurate to about 0.01 from
    5 degrees of freedom on), and exact table values for 95% with 1 to 4 degrees of freedom.
    """
    if df < 1:
        return math.inf
    if abs(confidence - 0.95) < 1e-12 and df in _T95:
        return _T95[df]
    z = z_value(confidence)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def wilson(successes: float, trials: float, confidence: float = 0.95) -> Interval:
    """Wilson score interval for a proportion (better than ±1.96·SE near 0 and 1, small n).

    ``successes`` may be fractional (a shared win counts as half a win).
    """
    if trials <= 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(max(p * (1 - p) / trials + z2n / (4 * trials), 0.0)) / (1 + z2n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """The t interval for the mean of independent values (games are independent)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = statistics.fmean(values)
    if n == 1:
        return (-math.inf, math.inf)  # one game says nothing about the spread
    half = t_value(n - 1, confidence) * statistics.stdev(values) / math.sqrt(n)
    return (mean - half, mean + half)


def bootstrap(
    data: Sequence[T],
    statistic: Callable[[Sequence[T]], float],
    *,
    seed: int = 0,
    reps: int = 500,
    confidence: float = 0.95,
) -> Interval:
    """Percentile bootstrap: recompute ``statistic`` on ``reps`` resamples of ``data``.

    Seeded, so the same data always gives the same interval.
    """
    if not data:
        return (math.nan, math.nan)
    rng = random.Random(f"sheepkit-bootstrap-{seed}")
    n = len(data)
    estimates = sorted(statistic(rng.choices(data, k=n)) for _ in range(reps))
    tail = (1 - confidence) / 2
    low = estimates[min(reps - 1, int(tail * reps))]
    high = estimates[min(reps - 1, max(0, math.ceil((1 - tail) * reps) - 1))]
    return (low, high)
