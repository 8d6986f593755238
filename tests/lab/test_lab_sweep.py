"""sweep: one rule changed at a time, metrics side by side."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit.lab import sweep


def test_more_wool_makes_longer_games() -> None:
    s = sweep("shave_a_sheep", "wool", [8, 12, 20], ["Random", "Random"], 150, seed=1)
    assert s.labels == ["wool=8", "wool=12", "wool=20"]
    lengths = s.series("Length (turns)")
    assert lengths["values"] == sorted(lengths["values"])
    assert lengths["values"][0] + 10 < lengths["values"][2]
    assert all(lo < v < hi for v, lo, hi in zip(lengths["values"], lengths["low"], lengths["high"]))
    table = {row["metric"]: row for row in s.table()}
    assert table["Games"]["wool=8"] == 150
    assert "decisions" in table["Length (turns)"]["explanation"]
    assert "wool=12" in str(s)


def test_sweeps_are_reproducible_however_they_run() -> None:
    args = ("shave_a_sheep", "sheep_capacity", [3, 5], ["Sensible", "Random"], 40)
    serial = sweep(*args, seed=4, rotate=True, executor="serial")
    pooled = sweep(*args, seed=4, rotate=True, executor="processes", chunk=9)
    assert [r.rows for r in serial.results] == [r.rows for r in pooled.results]
    assert serial.table() == pooled.table()


def test_columns_share_seeds_so_only_the_rules_differ() -> None:
    s = sweep("wolf_and_sheep", "auto_victory", [True, False], ["Random", "Random"], 5)
    assert [r.seed for r in s.results[0].rows] == [r.seed for r in s.results[1].rows]


def test_variants_and_a_base_game() -> None:
    base = sheepkit.load("shave_a_sheep", players=3)
    s = sweep(base, None, [{}, {"wool": 20, "sheep_capacity": 8}], ["Random"] * 3, 10)
    assert s.labels == ["players=3", "players=3, wool=20, sheep_capacity=8"]
    assert all(r.players == 3 for r in s.results)
    with pytest.raises(sheepkit.InvalidRules, match="wool"):
        sweep("shave_a_sheep", "wool", [8, 500], ["Random", "Random"], 10)
