"""The statistics helpers against values computed by hand or from tables."""

from __future__ import annotations

import math

import pytest

from sheepkit.lab.stats import bootstrap, mean_interval, t_value, wilson


def test_wilson_interval_of_5_out_of_10() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_stays_inside_0_and_1_and_is_not_a_point_at_the_edges() -> None:
    low, high = wilson(10, 10)
    assert high == 1.0
    assert 0.65 < low < 0.75  # 0.7225 for 10/10
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("df", "table"), [(1, 12.706), (4, 2.776), (10, 2.228), (30, 2.042)])
def test_t_values_match_the_table(df: int, table: float) -> None:
    assert t_value(df) == pytest.approx(table, abs=0.005)


def test_mean_interval_by_hand() -> None:
    low, high = mean_interval([1, 2, 3, 4, 5])  # sd 1.5811, t(4) = 2.7764
    assert (low, high) == pytest.approx((3 - 1.9632, 3 + 1.9632), abs=1e-3)
    assert mean_interval([7.0]) == (-math.inf, math.inf)


def test_bootstrap_is_seeded() -> None:
    data = list(range(50))
    first = bootstrap(data, lambda s: sum(s) / len(s), seed=3)
    assert first == bootstrap(data, lambda s: sum(s) / len(s), seed=3)
    assert first[0] < 24.5 < first[1]
