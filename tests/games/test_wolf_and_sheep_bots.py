"""The Sensible bot: clearly better than random from both sides, and never misses a win.

Measured over seeds 0..99 (8x8): sensible wolves beat random sheep 98 times (auto-victory on;
random wolves beat random sheep only 3 times); sensible sheep beat random wolves 100 times
with auto-victory off, where a random sheep wins 88, and in about a third of the moves.
"""

from __future__ import annotations

import random
from statistics import mean

import pytest

import sheepkit
from sheepkit.bots import for_game
from sheepkit.games.wolf_and_sheep import SHEEP, WOLVES
from sheepkit.games.wolf_and_sheep.bots import SensibleBot, pen

GAMES = 100


def sheep_wins(game, seats, games: int = GAMES) -> tuple[int, float]:
    finals = [sheepkit.play_game(game, seats, seed=seed) for seed in range(games)]
    return sum(f.winners() == (SHEEP,) for f in finals), mean(f.ply for f in finals)


def test_the_app_offers_it_with_a_description() -> None:
    bots = for_game(sheepkit.load("wolf_and_sheep"))
    assert list(bots) == ["Random", "Sensible", "Perfect", "MCTS"]
    bot = bots["Sensible"]()
    assert bot.name == "Sensible"
    assert 40 < len(bot.description) < 300


def test_sensible_wolves_beat_random_sheep() -> None:
    game = sheepkit.load("wolf_and_sheep")
    wins, _ = sheep_wins(game, [sheepkit.RandomBot(), SensibleBot()])
    assert GAMES - wins >= 90


def test_sensible_sheep_beats_random_wolves() -> None:
    # Auto-victory off: it makes a random sheep win almost always, which would hide a bad bot.
    game = sheepkit.load("wolf_and_sheep", auto_victory=False)
    random_wins, random_length = sheep_wins(game, [sheepkit.RandomBot(), sheepkit.RandomBot()])
    wins, length = sheep_wins(game, [SensibleBot(), sheepkit.RandomBot()])
    assert random_wins < 95  # the baseline really leaves room to be better
    assert wins >= 98
    assert length < random_length / 2  # it heads for the gap instead of wandering


@pytest.mark.parametrize("rules", [{"board": 10}, {"board": 6}])
def test_other_board_sizes(rules: dict) -> None:
    game = sheepkit.load("wolf_and_sheep", **rules)
    assert sheep_wins(game, [sheepkit.RandomBot(), SensibleBot()], 20)[0] <= 2
    game = sheepkit.load("wolf_and_sheep", **rules, auto_victory=False)
    assert sheep_wins(game, [SensibleBot(), sheepkit.RandomBot()], 20)[0] >= 19


def positions(count: int, seed: int):
    """Positions met in random games, at every ply."""
    rng = random.Random(seed)
    for rules in ({}, {"auto_victory": False}):
        game = sheepkit.load("wolf_and_sheep", **rules)
        for _ in range(count):
            state = game.new_game()
            while not state.is_over:
                yield state
                state = state.play(rng.choice(state.legal_moves()))


def loses_at_once(after, me: int) -> bool:
    """The move that led to ``after`` lets the opponent win at once (or has already lost)."""
    if after.is_over:
        return after.winners() == (1 - me,)
    return any(after.play(reply).winners() == (1 - me,) for reply in after.legal_moves())


def test_it_takes_a_win_in_one_and_avoids_a_loss_in_one() -> None:
    bot, rng = SensibleBot(), random.Random(0)
    wins = dodges = 0
    for state in positions(40, seed=1):
        me = state.to_move
        moves = state.legal_moves()
        results = {m: state.play(m) for m in moves}
        choice = results[bot.choose(state, moves, rng)]
        if any(after.winners() == (me,) for after in results.values()):
            assert choice.winners() == (me,), f"missed a win in one:\n{state}"
            wins += 1
            continue
        safe = [m for m, after in results.items() if not loses_at_once(after, me)]
        if safe and len(safe) < len(moves):
            assert not loses_at_once(choice, me), f"walked into a loss:\n{state}"
            dodges += 1
    assert wins > 50 and dodges > 20  # both situations really came up


def test_pen_sees_gaps_in_the_line() -> None:
    game = sheepkit.load("wolf_and_sheep")
    lay = game.layout  # type: ignore[attr-defined]
    closed = game.position("E1", ["B8", "D8", "F8", "H8"])  # type: ignore[attr-defined]
    assert pen(lay, closed.sheep, closed.wolves) == (None, 28)
    gap = game.position("E1", ["A7", "D8", "F8", "H8"], WOLVES)  # type: ignore[attr-defined]
    way_out, _ = pen(lay, gap.sheep, gap.wolves)
    assert way_out == 7  # E1 up to B8, the hole the wolf on A7 left: one row per step
