"""The Sheep Race lesson: exact lane odds from the dice, and a balanced card set."""

from __future__ import annotations

from fractions import Fraction

import sheepkit
from sheepkit.games.sheep_race import CARDS, SensibleBot, lesson


def test_lane_odds_are_computed_from_the_dice():
    semi = lesson.lane_odds(((1, 2, 3, 4, 5, 6), (1, 2, 3, 0, 0, 0)))
    assert semi["lane 6"] == Fraction(9, 36)  # a 6 or a 7
    assert semi["lane 5"] == Fraction(8, 36)  # a 5 or an 8
    assert semi["Lazy Sheep"] == Fraction(1, 36) and sum(semi.values()) == 1
    final = lesson.lane_odds(((1, 2, 3, 4, 5, 6), (2, 0, 0, 0, 0, 0)))
    assert final["Lazy Sheep"] == 0 and final["lane 1"] == Fraction(5, 36)
    rows = lesson.odds_table(sheepkit.load("sheep_race"))
    assert rows[0]["1st"] == 12 and rows[5]["final pays"] == 13


def test_no_card_is_better_in_every_number_and_every_card_can_win():
    assert lesson.dominated(CARDS) == []
    assert lesson.dominated((("A", 1, 1, 1, 1, 2, 6), ("B", 1, 1, 0, 1, 2, 6))) == [("A", "B")]
    game = sheepkit.load("sheep_race")
    rates = lesson.card_balance(game, 80, seed=3)
    assert set(rates) == {c[0] for c in CARDS}
    assert min(rates.values()) > 0 and max(rates.values()) < 0.45  # fair share: 1/6
    # Careful play changes the order (Cheddar needs reckless gallops) but nobody runs away.
    careful = lesson.card_balance(game, 40, seed=3, chooser=SensibleBot().choose)
    assert max(careful.values()) < 0.45


def test_simulated_places_add_up_and_bet_values_use_the_tables():
    game = sheepkit.load("sheep_race", players=3)
    places = lesson.places(game, 20, seed=1)
    assert places.races == 40 and places.finals == 20
    for place in range(3):
        assert sum(row[place] for row in places.lanes) == 40
    assert sum(places.final_lanes) == 20
    values = places.bet_values()
    lane1 = values[0]["semifinal bet"]
    expected = sum(places.lanes[0][k] / 40 * (12, 9, 7)[k] for k in range(3))
    assert abs(lane1 - expected) < 1e-12


def test_the_bot_round_robin_seats_every_bot_in_every_order():
    result = lesson.bot_round_robin(games_per_pairing=2, seed=1, strong_iterations=5)
    runs = result.results
    assert result.entrants == ("Random", "Sensible", "Strong") and len(runs) == 12
    lineups = {row.lineup for row in runs}
    assert lineups == {(a, b) for a in range(3) for b in range(3) if a != b}
