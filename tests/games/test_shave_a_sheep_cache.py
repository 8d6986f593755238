"""The optimal bot's solved table is kept on disk, and a damaged file is never trusted."""

from __future__ import annotations

import sheepkit
from sheepkit.games.shave_a_sheep import solver


def test_solution_round_trips_through_the_disk_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    rules = sheepkit.load("shave_a_sheep", wool=8).rules
    fresh = solver.solve(rules)
    files = list(tmp_path.glob("shave_a_sheep-*.marshal"))
    assert len(files) == 1
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    loaded = solver.solve(rules)
    assert loaded is not fresh and loaded.values == fresh.values
    start = sheepkit.load("shave_a_sheep", wool=8).new_game()
    assert loaded.win_chances(start) == fresh.win_chances(start)


def test_a_damaged_cache_file_is_solved_again(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    rules = sheepkit.load("shave_a_sheep", wool=6).rules
    fresh = solver.solve(rules)
    path = next(tmp_path.glob("shave_a_sheep-*.marshal"))
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF  # one flipped byte: the checksum no longer matches
    path.write_bytes(bytes(data))
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    again = solver.solve(rules)
    assert again.values == fresh.values and again.sweeps > 0  # solved, not loaded
