"""The Lamb Mimes lesson's demonstrations and analyses (small, seeded versions of its cells)."""

from __future__ import annotations

from sheepkit.games.lamb_mimes import lesson
from sheepkit.games.lamb_mimes.engine import DRAW, PLAY
from sheepkit.games.lamb_mimes.rules import parse_card


def test_the_reshuffle_turns_over_the_discard_pile_but_its_top_card():
    before, reshuffled, after = lesson.reshuffle_demo()
    for state in (before, reshuffled, after):
        state.check_cards()
    assert before.pile_head == 0 and not before.pile_tail
    buried = len(before.discard) - 1
    assert buried > 30
    # The flip showed a red Mime: it is set aside, and the discard pile became the draw pile.
    assert reshuffled.phase == DRAW and reshuffled.aside == (parse_card("mime-red"),)
    assert reshuffled.discard == (before.top,) and reshuffled.pile_head == buried
    # Four cards drawn into the hand, one more face down in the empty spot.
    assert after.phase == PLAY and len(after.hands[0]) == len(before.hands[0]) + 4
    assert after.pile_head == buried - 5 and after.spots[0] is not None
    assert lesson.piles(before).startswith("draw pile  0 cards, discard pile")
    assert "Player 1 holds 6" in lesson.piles(after)


def test_round_stats_and_match_lengths_are_seeded_and_consistent():
    stats = lesson.round_stats(2, hand_size=7, n=40, seed=3)
    assert stats == lesson.round_stats(2, hand_size=7, n=40, seed=3)
    low, high = stats.first.interval
    assert low <= stats.first.value <= high and stats.turns_ci[0] <= stats.turns
    assert str(stats).startswith("2 players, 7 cards:")
    (length,) = lesson.match_lengths([3], n=3, seed=2)
    assert length.players == 3 and length.rounds >= 2 and length.turns > 3 * length.rounds


def test_the_round_robin_seats_every_bot_against_every_other():
    result = lesson.bot_round_robin(games_per_pairing=1, seed=2, iterations=10)
    assert sorted(result.entrants) == ["Memory", "Random", "Sensible", "Strong"]
    assert [s.games for s in result.leaderboard] == [6, 6, 6, 6]  # 3 opponents, 2 seat orders
    assert sum(s.wins for s in result.leaderboard) == 12


def test_the_lessons_pictures_are_apart():
    # (that the lesson loads no widget library: tests/games/test_lessons_headless.py)
    assert not hasattr(lesson, "reshuffle_pictures")
    from sheepkit.games.lamb_mimes.pictures import reshuffle_pictures

    row = reshuffle_pictures(scale=0.3)
    assert len(row.items) == 3  # before, turned over, after
