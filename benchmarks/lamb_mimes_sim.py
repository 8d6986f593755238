"""Lamb Mimes: 10,000 random 4-player rounds on one core, bot strength, and the MCTS move time.

python benchmarks/lamb_mimes_sim.py [rounds] [mcts-iterations]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import CHANCE
from sheepkit.games.lamb_mimes import MemoryBot, SensibleBot


def random_rounds(rounds: int) -> None:
    game = sheepkit.load("lamb_mimes", players=4, match=False)
    rng = random.Random(1)
    plies: list[int] = []
    turns: list[int] = []
    limit = 0
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.new_game()
        while not state.is_over:
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        plies.append(state.ply)
        turns.append(state.turns + 1)
        limit += "turn limit" in state.last
    elapsed = time.perf_counter() - start
    print(
        f"{rounds} random 4-player rounds: {elapsed:.1f} s; plies mean "
        f"{statistics.mean(plies):.1f} (max {max(plies)}), turns mean "
        f"{statistics.mean(turns):.1f} (max {max(turns)}); turn limit hit {limit} times"
    )


def memory_matters(matches: int) -> None:
    game = sheepkit.load("lamb_mimes", players=2)
    wins = 0.0
    for seed in range(matches):
        bots = [MemoryBot(), SensibleBot()] if seed % 2 == 0 else [SensibleBot(), MemoryBot()]
        final = sheepkit.play_game(game, bots, seed=seed)
        memory_seat = seed % 2
        winners = final.winners()
        wins += (memory_seat in winners) / len(winners)
    print(f"Memory vs Sensible, {matches} 2-player matches: Memory wins {wins / matches:.0%}")


def mcts_move_time(iterations: int) -> None:
    game = sheepkit.load("lamb_mimes", players=4, match=False)
    bot = sheepkit.MCTSBot(iterations=iterations)
    rng = random.Random(5)
    times: list[float] = []
    for seed in range(3):
        state = game.new_game()
        dice = random.Random(seed)
        while not state.is_over:
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(dice))
                continue
            moves = state.legal_moves()
            if state.to_move == 0 and len(moves) > 1:
                start = time.perf_counter()
                move = bot.choose(state.view(0), moves, rng)
                times.append(time.perf_counter() - start)
            else:
                move = MemoryBot().choose(state.view(state.to_move), moves, rng)
            state = state.play(move)
    print(
        f"MCTS ({iterations} iterations), 4-player rounds: {len(times)} decisions, mean "
        f"{statistics.mean(times):.2f} s, max {max(times):.2f} s per move"
    )


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    random_rounds(rounds)
    memory_matters(200)
    mcts_move_time(iterations)
