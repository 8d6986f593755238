"""A run played in slices (what the lab's widgets do, to stay responsive) is the same run."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import sheepkit
from sheepkit import lab
from sheepkit.lab.slices import Part, SlicedRun, tournament_of, tournament_parts


def forward_sheep(view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
    """As the sheep, steps forward when it can; otherwise any move."""
    forward = [m for m in legal_moves if m.target > m.source]
    return rng.choice(forward if view.turn == 0 and forward else list(legal_moves))


def test_sliced_run_gives_the_same_table_however_small_the_slices() -> None:
    game = sheepkit.load("wolf_and_sheep")
    whole = lab.simulate(game, ["Sensible", "Random"], 12, 5, rotate=True, progress=None)
    run = SlicedRun([Part("x", game, ("Sensible", "Random"), 12, 5, rotate=True)])
    run.slice_seconds = 0.0  # one game a slice
    run.run()
    assert run.results("x").rows == whole.rows
    assert run.results("x").complete


def test_sliced_tournament_is_the_tournament() -> None:
    game = sheepkit.load("wolf_and_sheep")
    bots = {"R": "Random", "S": "Sensible", "F": forward_sheep}
    expected = lab.tournament(game, bots, 3, 7, executor="serial", progress=None)
    run = SlicedRun(tournament_parts(game, bots, 3, 7))
    run.run()
    got = tournament_of(run, list(bots), seed=7)
    assert got.results.rows == expected.results.rows
    assert got.leaderboard == expected.leaderboard
    assert (got.favoured, got.sides) == (expected.favoured, expected.sides)


def test_a_stopped_run_keeps_the_games_played() -> None:
    game = sheepkit.load("wolf_and_sheep")
    whole = lab.simulate(game, ["Random", "Random"], 8, 2, progress=None)
    run = SlicedRun([Part("x", game, ("Random", "Random"), 8, 2)], slice_seconds=0.0)
    seen: list[tuple[int, int]] = []
    run.on_progress = lambda done, total: seen.append((done, total))
    assert run.step() and run.step()
    run.stop()
    assert not run.step()
    got = run.results("x")
    assert got.stopped and not got.complete and got.rows == whole.rows[:2]
    assert seen == [(1, 8), (2, 8)]
