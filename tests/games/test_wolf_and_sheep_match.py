"""The two-round match, the what-if options (who moves first, where the sheep starts), 10x10."""

from __future__ import annotations

import random

import pytest

import sheepkit
from sheepkit import InvalidRules
from sheepkit.bots import for_game
from sheepkit.games.wolf_and_sheep import SHEEP, WOLVES, square_name
from sheepkit.games.wolf_and_sheep.bots import SensibleBot
from sheepkit.games.wolf_and_sheep.engine import WolfAndSheepState
from sheepkit.games.wolf_and_sheep.perfect import PerfectBot
from sheepkit.games.wolf_and_sheep.strategy import shipped, unpack


def test_one_round_by_default_unchanged() -> None:
    game = sheepkit.load("wolf_and_sheep")
    assert game.rules.rounds == 1 and game.max_length == 57
    assert game.player_name(0) == "Sheep"


def test_two_rounds_swap_sides_and_keep_score() -> None:
    game = sheepkit.load("wolf_and_sheep", board=6, rounds=2)
    assert game.max_length == 2 * (2 * 3 * 5 + 1)
    assert (game.player_name(0), game.player_name(1)) == ("Player 1", "Player 2")
    state = game.new_game()
    assert state.round == 1 and state.to_move == 0 and state.turn == SHEEP
    # Round 1: play until the round ends, by the Sensible bot for both sides.
    rng = random.Random(0)
    while state.round == 1:
        state = state.play(SensibleBot().choose(state, state.legal_moves(), rng))
    first = state.finished[0]
    assert state.round == 2 and not state.is_over
    assert state.turn == SHEEP and state.to_move == 1  # player 2 is now the sheep
    assert square_name(state.sheep) == "C1" and len(state.wolves) == 3
    assert "Round 1:" in str(state) and "Round 2 of 2: Player 2 (Sheep) to move." in str(state)
    # In round 1 player 0 is the sheep, so the winning side is also the winning player.
    assert state.scores() == ((1.0, 0.0) if first[0] == SHEEP else (0.0, 1.0))
    while not state.is_over:
        state = state.play(SensibleBot().choose(state, state.legal_moves(), rng))
    outcome = state.outcome()
    assert outcome is not None and "Round 2:" in outcome.reason
    assert sum(state.scores()) == 2
    assert sheepkit.replay(state.record()) == state


@pytest.mark.parametrize(
    ("r1", "r2", "winners", "words"),
    [
        ((SHEEP, 11), (WOLVES, 20), (0,), "won both rounds"),
        ((SHEEP, 11), (SHEEP, 15), (0,), "fewer moves (11 against 15)"),
        ((WOLVES, 20), (WOLVES, 12), (0,), "fewer moves (12 against 20)"),
        ((SHEEP, 13), (SHEEP, 13), (0, 1), "drawn"),
    ],
)
def test_match_ranking_wins_then_fewer_moves(r1, r2, winners, words) -> None:
    game = sheepkit.load("wolf_and_sheep", board=6, rounds=2)
    # A finished round 2 built by hand: the sheep on the far row, or boxed in on A1. Only
    # the results matter, so the history is a placeholder of the right length.
    where = ("D6", ["B6", "F6", "A1"]) if r2[0] == SHEEP else ("A1", ["B2", "D6", "F6"])
    over = game.position(*where)
    assert over.winners() == (r2[0],)
    history = (None,) * (r1[1] + r2[1])
    final = WolfAndSheepState(
        game, over.sheep, over.wolves, over.turn, 2, ((r1[0], r1[1], "r1"),), history=history
    )
    assert final.is_over
    outcome = final.outcome()
    assert outcome.winners == winners and words in outcome.reason


def test_wolves_first_and_other_sheep_start() -> None:
    game = sheepkit.load("wolf_and_sheep", first="wolves", sheep_start="A1")
    state = game.new_game()
    assert state.turn == WOLVES and state.to_move == WOLVES
    assert square_name(state.sheep) == "A1"
    assert "B8-A7" in {str(m) for m in state.legal_moves()}
    with pytest.raises(InvalidRules) as error:
        sheepkit.load("wolf_and_sheep", board=6, sheep_start="G1")
    assert error.value.field == "sheep_start"
    with pytest.raises(InvalidRules):
        sheepkit.load("wolf_and_sheep", first="nobody")
    with pytest.raises(InvalidRules):
        sheepkit.load("wolf_and_sheep", rounds=3)


def test_check_game_every_size_and_option() -> None:
    variants = [
        {"board": 6},
        {"board": 6, "rounds": 2},
        {"board": 8, "rounds": 2, "first": "wolves"},
        {"board": 8, "sheep_start": "G1", "auto_victory": False},
        {"board": 10, "rounds": 2},
        {"board": 12, "first": "wolves", "sheep_start": "K1"},
    ]
    report = sheepkit.check_game("wolf_and_sheep", variants=variants, games=4)
    assert report.games == 24


@pytest.mark.parametrize("auto", [True, False])
def test_perfect_wolves_never_lose_on_10x10_with_either_auto_victory(auto: bool) -> None:
    # Before the fix only the auto-victory strategy shipped: with auto-victory off the Perfect
    # wolves played like the Sensible bot and lost (seed 2: stuck at ply 89).
    data = shipped(10, auto)
    assert data is not None and data["auto_victory"] == auto
    assert data["side"] == WOLVES and data["start"] == [WOLVES, 72]
    game = sheepkit.load("wolf_and_sheep", board=10, auto_victory=auto)
    for seed in range(4):
        for sheep in (SensibleBot(), sheepkit.RandomBot()):
            final = sheepkit.play_game(game, [sheep, PerfectBot()], seed=seed)
            assert final.winners() == (WOLVES,) and final.ply <= 72


@pytest.mark.parametrize("auto", [True, False])
def test_perfect_against_perfect_on_10x10_lasts_the_solved_length(auto: bool) -> None:
    # The sheep, losing from the start, delays as long as it can against the wolves'
    # strategy (before the fix: 66 plies with auto-victory off, as Sensible played the sheep).
    game = sheepkit.load("wolf_and_sheep", board=10, auto_victory=auto)
    for seed in range(2):
        final = sheepkit.play_game(game, [PerfectBot(), PerfectBot()], seed=seed)
        assert final.winners() == (WOLVES,) and final.ply == 72


def test_the_perfect_bot_is_offered_only_where_it_is_perfect() -> None:
    def offered(name: str = "Perfect", **rules) -> bool:
        return name in for_game(sheepkit.load("wolf_and_sheep", **rules))

    assert offered(board=6, first="wolves") and offered(board=8, sheep_start="A1")
    # 10x10: only the wolves' side is solved, so the bot is offered for what it is.
    assert not offered(board=10) and offered("Perfect wolves", board=10)
    assert offered("Perfect wolves", board=10, auto_victory=False, rounds=2)
    assert not offered(board=12) and not offered("Perfect wolves", board=12)  # unsolved
    assert not offered("Perfect wolves", board=10, first="wolves")
    assert not offered("Perfect wolves", board=10, sheep_start="C1")


def test_shipped_10x10_strategy_wins_for_the_wolves() -> None:
    data = shipped(10)
    assert data is not None and data["side"] == WOLVES and data["start"] == [WOLVES, 72]
    moves = unpack(data)
    assert len(moves) == data["positions"]
    game = sheepkit.load("wolf_and_sheep", board=10)
    start = game.new_game()
    assert (start.sheep, start.wolves) not in moves  # the sheep moves first
    for seed in range(3):
        for sheep in (sheepkit.RandomBot(), SensibleBot()):
            final = sheepkit.play_game(game, [sheep, PerfectBot()], seed=seed)
            assert final.winners() == (WOLVES,) and final.ply <= 72
