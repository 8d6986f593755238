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


def test_an_asymmetric_game_is_said_so_and_rated_by_side() -> None:
    """Between good bots the wolves always win Wolf and Sheep: rotated seats then rate every
    bot 1500, so the tournament names the favoured seat and rates the bots by side."""
    bots = {"Perfect": "Perfect", "Sensible": "Sensible"}
    t = tournament("wolf_and_sheep", bots, 4, seed=1, executor="serial", progress=False)
    assert [round(s.rating) for s in t.leaderboard] == [1500, 1500]  # the rotation hides it
    assert t.favoured == "Wolves"
    assert "Wolves won 100% of the games" in t.note and "rated by side" in str(t)
    assert list(t.sides) == ["Sheep", "Wolves"]
    assert {s.name: (s.games, s.win_rate) for s in t.sides["Wolves"]} == {
        "Perfect": (4, 1.0),
        "Sensible": (4, 1.0),
    }
    assert all(s.win_rate == 0 for s in t.sides["Sheep"])
    # With a weak bot too, each side's table ranks it last on that side.
    bots["Random"] = "Random"
    t = tournament("wolf_and_sheep", bots, 10, seed=1, executor="serial", progress=False)
    assert t.favoured == "Wolves"
    for side in ("Sheep", "Wolves"):
        board = t.sides[side]
        assert board[-1].name == "Random" and board[-1].rating < board[0].rating
        assert sum(s.games for s in board) == len(t.results)


def test_a_game_no_seat_clearly_wins_has_no_side_tables() -> None:
    t = tournament("shave_a_sheep", {"S": "Sensible", "R": "Random"}, 5, executor="serial")
    assert t.favoured is None and t.sides == {} and t.note == ""
