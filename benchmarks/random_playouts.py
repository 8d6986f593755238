"""Random playouts through the public API: complete games per second, one core.

    python benchmarks/random_playouts.py [seconds-per-round] [rounds]

Each game is timed in ``rounds`` rounds of CPU time (``time.process_time``, so other work on
a shared machine counts less) and the best round is reported. To compare two versions side by
side, run this script against each in turn (``PYTHONPATH=/path/to/other/checkout``).

The loop is ``Game.random_playout``, what a student would write: sample the dice at chance
nodes, pick a random legal move otherwise, and build a new immutable state every step.
"""

from __future__ import annotations

import random
import sys
import time

import sheepkit

#: (game, rules) pairs timed; engine_speed.py times the same.
CASES: list[tuple[str, dict[str, object]]] = [
    ("wolf_and_sheep", {}),
    ("wolf_and_sheep", {"board": 10}),
    ("shave_a_sheep", {"players": 2}),
    ("shave_a_sheep", {"players": 4}),
    ("battle_sheep", {"field": "random"}),
    ("sheep_race", {"players": 4}),
    ("lamb_mimes", {"players": 4}),
]


def playouts_per_second(game: sheepkit.core.Game, seconds: float) -> tuple[float, float]:
    rng = random.Random(1)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        plies += game.random_playout(rng).ply
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, plies / games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"{'game':<16}{'rules':<16}{'games/s':>10}{'plies/game':>12}")
    for name, rules in CASES:
        game = sheepkit.load(name, **rules)
        rate, length = max(playouts_per_second(game, seconds) for _ in range(rounds))
        shown = ",".join(f"{k}={v}" for k, v in rules.items()) or "default"
        print(f"{name:<16}{shown:<16}{rate:>10.0f}{length:>12.1f}")


if __name__ == "__main__":
    main()
