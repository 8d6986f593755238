"""Lamb Mimes: the Strong bot head to head against Memory bots, with a 95% interval.

    python benchmarks/lamb_mimes_strong.py [games] [players] [strong-iterations] [seed]

Single rounds; one Strong bot and ``players - 1`` Memory bots move round the seats from game
to game (so the Strong bot sits in every seat equally often). A shared win counts as a share.
Equal bots would each win ``1 / players`` of the rounds. The Strong bot runs without its time
limit so the figures are the same on any machine. Serial: pin it to one core with taskset.
"""

from __future__ import annotations

import sys

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import lab
from sheepkit.games.lamb_mimes import MemoryBot, StrongBot


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    game = sheepkit.load("lamb_mimes", players=players, match=False)
    strong = StrongBot(iterations=iterations, time_limit=None)
    bots = [strong] + [MemoryBot] * (players - 1)
    runs = lab.simulate(game, bots, games, seed, rotate=True, executor="serial", progress=None)
    wins = sum(row.credit(row.lineup.index(0)) for row in runs)
    low, high = lab.wilson(wins, len(runs))
    print(
        f"Strong ({iterations} iterations) vs {players - 1} Memory, {players}-player single "
        f"rounds, seed {seed}: Strong wins {wins:g} of {len(runs)} = {wins / len(runs):.1%} "
        f"[{low:.1%}, {high:.1%}] (fair share {1 / players:.1%}); {runs.seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
