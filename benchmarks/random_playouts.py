"""Random playouts through the public API: complete games per second, one core.

    python benchmarks/random_playouts.py [seconds-per-round] [rounds] [--kit]

``--kit`` times only the board kit: the lesson's class-based Hounds and Hare against its kit
version (``sheepkit/examples/kit/hounds_and_hare.py``, the same game move for move) side by
side, then the other kit examples.

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


def kit_side_by_side(seconds: float, rounds: int) -> None:
    """The class-based Hounds and Hare against its kit version, then the kit's examples."""
    from sheepkit.examples import kit
    from sheepkit.examples.hounds_and_hare import HoundsAndHare

    hand = HoundsAndHare()
    made = kit.games()[2]()
    assert made.title == hand.title
    print(f"{'Hounds and Hare':<24}{'games/s':>10}{'plies/game':>12}")
    rates = {}
    for label, game in (("class (hand-written)", hand), ("kit", made)):
        rate, length = max(playouts_per_second(game, seconds) for _ in range(rounds))
        rates[label] = rate
        print(f"{label:<24}{rate:>10.0f}{length:>12.1f}")
    print(f"the kit is {rates['class (hand-written)'] / rates['kit']:.2f}x slower\n")
    print(f"{'kit example':<24}{'games/s':>10}{'plies/game':>12}")
    for kind in kit.games():
        rate, length = max(playouts_per_second(kind(), seconds) for _ in range(rounds))
        print(f"{kind.name:<24}{rate:>10.0f}{length:>12.1f}")


def main() -> None:
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(numbers[0]) if numbers else 1.0
    rounds = int(numbers[1]) if len(numbers) > 1 else 3
    if "--kit" in sys.argv:
        kit_side_by_side(seconds, rounds)
        return
    print(f"{'game':<16}{'rules':<16}{'games/s':>10}{'plies/game':>12}")
    for name, rules in CASES:
        game = sheepkit.load(name, **rules)
        rate, length = max(playouts_per_second(game, seconds) for _ in range(rounds))
        shown = ",".join(f"{k}={v}" for k, v in rules.items()) or "default"
        print(f"{name:<16}{shown:<16}{rate:>10.0f}{length:>12.1f}")
    print()
    kit_side_by_side(seconds, rounds)


if __name__ == "__main__":
    main()
