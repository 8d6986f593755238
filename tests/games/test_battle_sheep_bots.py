"""Battle Sheep bots: legal and repeatable, sensible in small positions, Strong beats Greedy."""

from __future__ import annotations

import random

import pytest

import sheepkit
from sheepkit import play_game
from sheepkit.bots import for_game
from sheepkit.games.battle_sheep import geometry as geo
from sheepkit.games.battle_sheep.bots import GreedyBot, StrongBot, first_reached, territory

GAME = sheepkit.load("battle_sheep")


def test_the_game_offers_random_greedy_and_strong():
    assert list(for_game(GAME))[:3] == ["Random", "Greedy", "Strong"]


def test_territory_counts_first_reached_pastures_capped_by_spare_sheep():
    # A reaches b1 first; B reaches e1 first; d1-c1 are one step from both: c1 is A's
    # (one step) and d1 B's (one step) ... the middle hex between them is contested.
    state = GAME.from_text("A2  .   .   .   B9")
    claim, mobile, blocked = territory(state)
    # A: b1 (1 step), c1 (2 steps, B needs 2 too: contested) -> at most 1 spare sheep: 1.
    assert claim == [1, 1] and mobile == [1, 1] and blocked == [0, 0]
    assert {geo.name(c): p for c, p in first_reached(state).items()} == {
        "b1": 0,
        "c1": -2,
        "d1": 1,
    }
    walled = GAME.from_text("A5  B1  .   B3")
    assert territory(walled) == ([0, 1], [0, 1], [4, 0])


@pytest.mark.parametrize("bot", [GreedyBot(), StrongBot(nodes=300, time_limit=None)])
@pytest.mark.parametrize("players", [2, 3])
def test_bots_play_whole_games_legally_and_repeatably(bot, players):
    game = sheepkit.load("battle_sheep", players=players)
    seats = [bot] + [sheepkit.bots.RandomBot()] * (players - 1)
    one = play_game(game, seats, seed=3)
    assert one.is_over and one == play_game(game, seats, seed=3)


def test_greedy_grabs_the_open_side():
    # Moving right leaves the big stack four pastures to claim; left, a dead end of one.
    state = GAME.from_text("@a1\n.   A8  .   .   .   .\n  -   -   -   -   -   -\nB2  .")
    move = GreedyBot().choose(state, state.legal_moves(), random.Random(0))
    assert str(move).startswith("b1-f1")


def test_greedy_ends_the_game_when_that_wins_it():
    # Moving 7 sheep into the dead end blocks both A stacks, but B is already stuck: A wins.
    state = GAME.from_text("@a1\n.   A8  .   .   .   .\n  -   -   -   -   -   -\nB2")
    move = GreedyBot().choose(state, state.legal_moves(), random.Random(0))
    assert state.play(move).winners() == (0,)


def test_strong_finds_the_move_that_blocks_a_rival():
    # B's big stack can only leave its cell through c1; A fills c1 and B is stuck.
    state = GAME.from_text("@a1\nA2  .   .   -\n  -   B9  -\n-   -   -")
    bot = StrongBot(nodes=2000, time_limit=None)
    assert str(bot.choose(state, state.legal_moves(), random.Random(0))) == "a1-c1 x1"


@pytest.mark.slow  # about 12 s: twelve whole games with a searching bot
def test_strong_beats_greedy_in_a_clear_majority_of_seeded_games():
    wins = 0.0
    games = 12
    for seed in range(games):
        game = sheepkit.load("battle_sheep", field="random", seed=seed)
        strong = StrongBot(nodes=2000, time_limit=None)
        seats = [strong, GreedyBot()] if seed % 2 == 0 else [GreedyBot(), strong]
        winners = play_game(game, seats, seed=seed).winners()
        if seed % 2 in winners:
            wins += 1 / len(winners)
    assert wins >= 8  # two thirds
