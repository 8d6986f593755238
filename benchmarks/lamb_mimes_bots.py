"""Lamb Mimes bot strength: a seeded round robin of Random, Sensible, Memory and Strong.

    python benchmarks/lamb_mimes_bots.py [games-per-pairing] [players] [strong-iterations]

Single rounds (the unit a bot's skill acts on; a match only adds up rounds). Every pair of
bots meets ``games-per-pairing`` times in each seat order. The Strong bot runs without its
time limit so the table is the same on any machine (at its default of 3000 imagined rounds
a two-player decision takes about 0.8 s here: benchmarks/lamb_mimes_sim.py).
``sheepkit.lab.tournament`` spreads the games over all cores; the lesson plays a small
version of the same table. The Strong bot against Memory bots alone, with a 95% interval,
is benchmarks/lamb_mimes_strong.py.
"""

from __future__ import annotations

import sys

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import lab
from sheepkit.games.lamb_mimes import MemoryBot, SensibleBot, StrongBot


def main() -> None:
    per_pairing = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    game = sheepkit.load("lamb_mimes", players=players, match=False)
    bots = {
        "Random": "Random",
        "Sensible": SensibleBot,
        "Memory": MemoryBot,
        "Strong": StrongBot(iterations=iterations, time_limit=None),
    }
    result = lab.tournament(game, bots, per_pairing, seed=1, progress=None)
    runs = result.results
    print(
        f"Round robin, {players}-player single rounds, {per_pairing} games per seating, "
        f"Strong at {iterations} iterations: {len(runs)} games in {runs.seconds:.0f} s "
        f"({runs.how})"
    )
    print(result)


if __name__ == "__main__":
    main()
