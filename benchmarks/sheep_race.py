"""The Sheep Race: 1,000 random 4-player tournaments on one core, and the Strong bot's time.

python benchmarks/sheep_race.py [tournaments] [strong-decisions] [sensible-tournaments]

Targets: the tournaments in under 5 s; the Strong bot under 2 s per decision.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import sheepkit
from sheepkit import CHANCE
from sheepkit.bots import RandomBot
from sheepkit.games.sheep_race import SensibleBot, StrongBot
from sheepkit.games.sheep_race.lesson import play_races


def random_tournaments(count: int) -> None:
    """Random bots through the bot protocol: each move is chosen from the mover's view."""
    game = sheepkit.load("sheep_race", players=4)
    start = time.perf_counter()
    finals = play_races(game, count, seed=1, chooser=RandomBot().choose)
    plies = [state.ply for state in finals]
    elapsed = time.perf_counter() - start
    print(
        f"{count} random 4-player tournaments (three races each): {elapsed:.2f} s; "
        f"plies mean {statistics.mean(plies):.0f} (max {max(plies)}, bound {game.max_length})"
    )


def strong_decisions(count: int) -> None:
    """Time the Strong bot at the decisions of one seeded tournament (betting and paces)."""
    game = sheepkit.load("sheep_race", players=4)
    rng = random.Random(2)
    bot = StrongBot()
    times: list[float] = []
    state = game.new_game()
    while not state.is_over and len(times) < count:
        mover = state.to_move
        if mover == CHANCE:
            state = state.play(state.sample_chance(rng))
            continue
        legal = state.legal_moves()
        start = time.perf_counter()
        move = bot.choose(state.view(mover), legal, rng)
        if len(legal) > 1:
            times.append(time.perf_counter() - start)
        state = state.play(move)
    print(
        f"Strong bot, {len(times)} decisions: mean {statistics.mean(times):.2f} s, "
        f"max {max(times):.2f} s"
    )


def sensible_against_random(count: int) -> None:
    """One Sensible bot against three Random bots, taking each seat in turn."""
    game = sheepkit.load("sheep_race", players=4)
    wins = 0
    for seed in range(count):
        seat = seed % 4
        bots = [SensibleBot() if s == seat else RandomBot() for s in range(4)]
        wins += sheepkit.play_game(game, bots, seed=seed).winners() == (seat,)
    print(f"Sensible against 3 Random: won {wins} of {count} tournaments (an even share is 25%)")


if __name__ == "__main__":
    random_tournaments(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
    strong_decisions(int(sys.argv[2]) if len(sys.argv) > 2 else 12)
    sensible_against_random(int(sys.argv[3]) if len(sys.argv) > 3 else 400)
