"""Battle Sheep figures: random playouts per second, Strong vs Greedy, a seeded round robin.

    python benchmarks/battle_sheep.py [--games N] [--seconds S] [--round-robin G]
                                      [--first-player N]

1. Complete random 2-player games per second on a 32-hex field (field='random', 4 tiles
   each), through the public API on one core, as a student would write the loop.
2. The Strong bot at its app setting (1.5 s per move) against Greedy: win rate over N
   seeded 2-player games on random fields (seats alternate), and Strong's time per move.
3. A seeded round robin of Random, Greedy and Strong (Strong on a node budget so that the
   table repeats exactly; the bots lay the tiles) with sheepkit.lab.tournament.
4. With --first-player N: Player 1's share of wins between Greedy bots with 2, 3 and 4
   players, N games each on random fields (the lesson quotes it).
A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

# The loop of random_playouts.py (this folder is on sys.path when a script here runs).
from random_playouts import playouts_per_second

import sheepkit
from sheepkit import play_game
from sheepkit.bots import RandomBot
from sheepkit.games.battle_sheep.bots import GreedyBot, StrongBot
from sheepkit.lab import tournament


def playouts(seconds: float) -> tuple[float, float]:
    return playouts_per_second(sheepkit.load("battle_sheep", field="random"), seconds)


class TimedStrong(StrongBot):
    """The app's Strong bot, recording how long each move takes."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []
        self.depths: list[int] = []

    def choose(self, view, legal_moves, rng):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        move = super().choose(view, legal_moves, rng)
        self.times.append(time.perf_counter() - start)
        self.depths.append(self.depth_reached)
        return move


def strong_vs_greedy(games: int) -> None:
    wins = 0.0
    strong = TimedStrong()
    for seed in range(games):
        game = sheepkit.load("battle_sheep", field="random", seed=1000 + seed)
        seat = seed % 2
        seats = [strong, GreedyBot()] if seat == 0 else [GreedyBot(), strong]
        final = play_game(game, seats, seed=seed)
        winners = final.winners()
        wins += 1 / len(winners) if seat in winners else 0
        print(f"  game {seed + 1}: Strong seat {seat + 1}, pastures {final.scores()}", flush=True)
    times = strong.times
    print(f"Strong (1.5 s/move) vs Greedy: {wins:g}/{games} = {wins / games:.0%} won")
    print(
        f"Strong time per move: median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s over {len(times)} moves; "
        f"median depth {statistics.median(strong.depths):g}"
    )


def round_robin(games_per_pairing: int) -> None:
    bots = {
        "Random": RandomBot(),
        "Greedy": GreedyBot(),
        "Strong": StrongBot(nodes=2000, time_limit=None),
    }
    game = sheepkit.load("battle_sheep")  # the placement phase: every game its own field
    result = tournament(
        game, bots, games_per_pairing=games_per_pairing, seed=1, progress=None, executor="serial"
    )
    print(f"Round robin, 2 players, tiles laid by the bots, {games_per_pairing} games per order:")
    print(result)


def first_player(games: int) -> None:
    from sheepkit.games.battle_sheep.lesson import measure

    print(f"Player 1's share of wins between Greedy bots, {games} random fields each:")
    for players in (2, 3, 4):
        row = measure(f"{players} players, Greedy", games, players=players, bot="Greedy")
        print(" ", row.line())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="Strong vs Greedy games")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the playouts")
    parser.add_argument("--round-robin", type=int, default=10, help="games per seat order")
    parser.add_argument("--first-player", type=int, default=0, help="Greedy games per count")
    args = parser.parse_args()
    rate, length = playouts(args.seconds)
    print(f"Random playouts, 2 players, 32-hex field: {rate:.0f} games/s ({length:.1f} plies)")
    if args.round_robin:
        round_robin(args.round_robin)
    if args.games:
        strong_vs_greedy(args.games)
    if args.first_player:
        first_player(args.first_player)


if __name__ == "__main__":
    main()
