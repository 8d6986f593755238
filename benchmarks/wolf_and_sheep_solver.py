"""Wolf and Sheep solver: time and peak memory to solve, cache load, Perfect bot per move.

    python benchmarks/wolf_and_sheep_solver.py [--ten]

--ten also solves 10x10 from scratch (about 2 minutes, about 1 GB); without it the shipped
10x10 strategy is only loaded. Uses a temporary cache folder, so the numbers are cold.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import tracemalloc

import sheepkit
from sheepkit.games.wolf_and_sheep import solver
from sheepkit.games.wolf_and_sheep.perfect import PerfectBot
from sheepkit.games.wolf_and_sheep.strategy import shipped, unpack


def timed(label: str, fn, memory: bool = True):
    if memory:
        tracemalloc.start()
    start = time.perf_counter()
    value = fn()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20 if memory else 0.0
    if memory:
        tracemalloc.stop()
    print(f"{label:<44}{seconds:8.3f} s" + (f"{peak:9.1f} MB peak" if memory else ""))
    return value


def main() -> None:
    os.environ["SHEEPKIT_CACHE"] = tempfile.mkdtemp(prefix="sheepkit-bench-")
    for size in (6, 8):
        # Time without tracemalloc (it slows allocation-heavy code), then memory separately.
        timed(
            f"solve {size}x{size} from scratch",
            lambda s=size: solver.Solution(s, True).solve_all(),
            memory=False,
        )
        timed(
            f"solve {size}x{size} (memory traced)",
            lambda s=size: solver.Solution(s, True).solve_all(),
        )
        solver.solve(size, True)
        solver.forget()
        timed(
            f"load {size}x{size} from the disk cache",
            lambda s=size: solver.solve(s, True),
            memory=False,
        )
    game = sheepkit.load("wolf_and_sheep")
    bot, rng, times = PerfectBot(), random.Random(1), []
    for seed in range(20):
        state = game.new_game()
        while not state.is_over:
            start = time.perf_counter()
            move = bot.choose(state, state.legal_moves(), rng)
            times.append(time.perf_counter() - start)
            if state.turn == 0 and seed % 2:
                move = rng.choice(state.legal_moves())
            state = state.play(move)
    print(
        f"{'Perfect bot per move, 8x8 (mean / max)':<44}"
        f"{1000 * sum(times) / len(times):8.3f} ms / {1000 * max(times):.3f} ms"
    )
    timed("load the shipped 10x10 strategy", lambda: unpack(shipped(10)), memory=False)
    if "--ten" in sys.argv:
        sol = timed(
            "solve 10x10 from scratch", lambda: solver.Solution(10, True).solve_all(), memory=False
        )
        start = sheepkit.load("wolf_and_sheep", board=10).new_game()
        print("10x10 start:", sol.outcome(start.sheep, start.wolves, 0))


if __name__ == "__main__":
    main()
