"""The Optimal bot's tables ship solved for the rules the app and the lesson open with (the
browser solves five times slower and keeps no disk cache), and equal a fresh solve."""

from __future__ import annotations

import gzip
import shutil

import pytest

import sheepkit
from sheepkit.games.shave_a_sheep import solver
from sheepkit.games.shave_a_sheep.rules import VARIANTS, ShaveASheepRules


@pytest.fixture
def nothing_cached(tmp_path, monkeypatch):
    """No table in memory and an empty disk cache: only shipped tables can be found."""
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    return tmp_path / "cache"


def test_the_app_and_every_lesson_variant_have_a_shipped_table() -> None:
    app_rules = sheepkit.load("shave_a_sheep").rules
    lesson_rules = [ShaveASheepRules(players=2).replace(**c) for c in VARIANTS.values()]
    for rules in [app_rules, *lesson_rules]:
        assert solver.shipped_path(rules).is_file(), rules
    shipped = sorted(solver.SHIPPED_DIR.glob("optimal-*.json.gz"))
    assert len(shipped) == len(solver.SHIPPED_RULES) == 4  # no stale tables left behind
    assert sum(p.stat().st_size for p in shipped) < 1_000_000  # small


def test_the_base_game_loads_without_solving_or_writing_a_cache(nothing_cached) -> None:
    solution = solver.solve(sheepkit.load("shave_a_sheep").rules)
    assert solution.sweeps == 0  # loaded, not solved
    assert not nothing_cached.exists()  # nothing written to the (non-lasting) disk cache
    start = sheepkit.load("shave_a_sheep").new_game()
    assert f"{solution.win_chances(start)[0]:.4f}" == "0.5068"  # the lesson's claim


@pytest.mark.slow  # solves the four rule sets again: 5-20 s
@pytest.mark.parametrize("rules", solver.SHIPPED_RULES, ids=list(VARIANTS))
def test_a_shipped_table_equals_a_fresh_solve(rules: ShaveASheepRules) -> None:
    shipped = solver.load_shipped(rules)
    assert shipped is not None
    fresh = solver.Solution(rules)
    assert shipped.values == fresh.values  # every position, every float exactly
    again = solver.decode_table(solver.encode_table(fresh), rules)
    assert again is not None and again.values == fresh.values


def test_a_damaged_or_foreign_table_is_never_trusted(tmp_path, monkeypatch) -> None:
    rules = sheepkit.load("shave_a_sheep").rules
    good = solver.shipped_path(rules).read_bytes()
    text = bytearray(gzip.decompress(good))
    text[-20] = ord("7") if text[-20] != ord("7") else ord("8")  # one digit of one value
    assert solver.decode_table(gzip.compress(bytes(text)), rules) is None  # checksum
    assert solver.decode_table(good[:-40], rules) is None  # cut short
    other = rules.replace(wool=8)
    assert solver.decode_table(good, other) is None  # a table of other rules
    # A damaged file in the package: solve() solves instead of trusting it.
    copy = tmp_path / "data"
    shutil.copytree(solver.SHIPPED_DIR, copy)
    target = copy / solver.shipped_path(rules).name
    target.write_bytes(gzip.compress(bytes(text)))
    monkeypatch.setattr(solver, "SHIPPED_DIR", copy)
    # The package's data is read through platform.read_data: from the damaged copy here.
    monkeypatch.setattr(solver, "read_data", lambda package, name: (copy / name).read_bytes())
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path / "cache"))
    again = solver.solve(rules)
    assert again.sweeps > 0  # solved afresh
