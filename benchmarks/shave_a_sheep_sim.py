"""Shave a Sheep figures: simulation speed, the perfect-play solve, and a table per variant.

    python benchmarks/shave_a_sheep_sim.py [games-per-cell]

1. 10,000 four-player games between random bots through ``sheepkit.play_game`` (one core).
2. The exact two-player solution of the default rules: seconds and positions.
3. Per variant: mean game length in turns and the first player's share of the wins (a shared
   win counts half) for random bots, 2 and 4 players, plus the first player's exact share
   under perfect two-player play.
"""

from __future__ import annotations

import sys
import time

import sheepkit
from sheepkit.games.shave_a_sheep import VARIANTS
from sheepkit.games.shave_a_sheep.solver import Solution


def simulate(game: sheepkit.core.Game, games: int) -> tuple[float, float, float]:
    """Seconds, mean length in turns and the first player's share of the wins."""
    bots = [sheepkit.RandomBot()] * game.num_players
    turns = first = 0.0
    start = time.perf_counter()
    for seed in range(games):
        final = sheepkit.play_game(game, bots, seed=seed)
        turns += final.turn_number
        winners = final.winners()
        if 0 in winners:
            first += 1 / len(winners)
    return time.perf_counter() - start, turns / games, first / games


def main() -> None:
    per_cell = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seconds, _, _ = simulate(sheepkit.load("shave_a_sheep", players=4), 10_000)
    print(f"10,000 random 4-player games (play_game): {seconds:.2f} s")

    solution = Solution(sheepkit.load("shave_a_sheep").rules)  # fresh: not the cached one
    print(
        f"exact 2-player solution, default rules: {solution.seconds:.2f} s, "
        f"{solution.states} positions, {solution.sweeps} layer sweeps"
    )

    print(f"\nrandom bots, {per_cell} games per cell; 'perfect' is exact (two perfect players)")
    print(f"{'variant':<15}{'2p turns':>9}{'2p first':>9}{'4p turns':>9}{'4p first':>9}", end="")
    print(f"{'perfect first':>14}{'solve s':>8}")
    for name, changes in VARIANTS.items():
        row = [name.ljust(15)]
        for players in (2, 4):
            game = sheepkit.load("shave_a_sheep", players=players, **changes)
            _, turns, first = simulate(game, per_cell)
            row += [f"{turns:>9.1f}", f"{first:>9.3f}"]
        two = sheepkit.load("shave_a_sheep", **changes)
        solved = Solution(two.rules)
        row += [f"{solved.win_chances(two.new_game())[0]:>14.4f}", f"{solved.seconds:>8.2f}"]
        print("".join(row))


if __name__ == "__main__":
    main()
