"""Lamb Mimes: 10,000 random 4-player rounds on one core, memory's worth, and the Strong bot's
time per decision as the app uses it (its default settings, 3 and 6 players, whole matches).

python benchmarks/lamb_mimes_sim.py [rounds]

The bots' strength table is benchmarks/lamb_mimes_bots.py.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import CHANCE
from sheepkit.games.lamb_mimes import MemoryBot, SensibleBot, StrongBot


def random_rounds(rounds: int) -> None:
    game = sheepkit.load("lamb_mimes", players=4, match=False)
    rng = random.Random(1)
    plies: list[int] = []
    turns: list[int] = []
    limit = 0
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.random_playout(rng)
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


def strong_move_time(players: int, games: int = 2) -> None:
    """The Strong bot as the app runs it, in the first two rounds of ``games`` matches (the
    others are Memory bots); only decisions with a real choice are timed."""
    game = sheepkit.load("lamb_mimes", players=players)
    bot = StrongBot()
    rng = random.Random(5)
    times: list[float] = []
    for seed in range(games):
        state = game.new_game()
        dice = random.Random(seed)
        while not state.is_over and state.round_no <= 2:
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
        f"Strong bot ({bot.iterations} iterations, limit {bot.time_limit} s), {players} players: "
        f"{len(times)} decisions, mean {statistics.mean(times):.2f} s, "
        f"max {max(times):.2f} s per decision"
    )


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    random_rounds(rounds)
    memory_matters(200)
    for players in (2, 3, 6):
        strong_move_time(players)
