"""tournament: round robin in every seat order, ratings with intervals, a leaderboard."""

from __future__ import annotations

import math

import pytest

from sheepkit.lab import bradley_terry, tournament
from sheepkit.lab.tournament import seatings


def test_seatings_cover_every_seat_order() -> None:
    assert seatings(2, 3) == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert len(seatings(3, 4)) == 4 * 3  # four groups of three, three rotations each
    assert seatings(4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0)]


def test_bradley_terry_by_hand() -> None:
    # A beats B 3 times out of 4: A's odds are 3 to 1, 400*log10(3) = 190.8 Elo points.
    pairs = [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)]
    a, b = bradley_terry(pairs, 2, prior=0)
    assert a - b == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (a + b) / 2 == pytest.approx(1500)
    never_lost = bradley_terry([(0, 1, 1.0)] * 10, 2)  # the prior keeps it finite
    assert math.isfinite(never_lost[0])


def test_sensible_beats_random_at_wolf_and_sheep() -> None:
    bots = {"Random": "Random", "Sensible": "Sensible", "Random 2": "Random"}
    t = tournament("wolf_and_sheep", bots, 6, seed=3, executor="serial")
    board = t.leaderboard
    assert board[0].name == "Sensible"
    assert board[0].games == 24 and len(t.results) == 36
    assert board[0].rating_interval[0] > board[1].rating_interval[1]  # clearly separated
    assert board[0].win_interval[0] > 0.5
    assert t.table()[0]["rank"] == 1 and "Sensible" in str(t)
    again = tournament("wolf_and_sheep", bots, 6, seed=3, executor="processes", chunk=5)
    assert again.leaderboard == board


def test_more_seats_than_bots() -> None:
    t = tournament("shave_a_sheep", {"S": "Sensible", "R": "Random"}, 5, executor="serial")
    assert len(t.results) == 10
    assert {s.name: s.games for s in t.leaderboard} == {"S": 10, "R": 10}
